import { getAdminStats, getSystemFigures } from "~/lib/admin/index.server";
import { requireApiAdmin } from "~/lib/auth/index.server";
import { jsonOk, methodNotAllowed } from "~/lib/http.server";
import type { Route } from "./+types/api.admin.stats";

/**
 * The Overview tab's figures; "recent" is the last 7 days (recentDays). `system`: the knowledge base's size,
 * the database's, who answers and whether its model server is reachable, search p95 over the last hour and
 * the uploads waiting.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireApiAdmin(request);
  return jsonOk({ ...getAdminStats(), system: await getSystemFigures() });
}

export async function action() {
  return methodNotAllowed(["GET"]);
}
