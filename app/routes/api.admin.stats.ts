import { getAdminStats } from "~/lib/admin/index.server";
import { requireApiAdmin } from "~/lib/auth/index.server";
import { jsonOk, methodNotAllowed } from "~/lib/http.server";
import type { Route } from "./+types/api.admin.stats";

/** The Overview tab's figures; "recent" is the last 7 days (recentDays). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireApiAdmin(request);
  return jsonOk(getAdminStats());
}

export async function action() {
  return methodNotAllowed(["GET"]);
}
