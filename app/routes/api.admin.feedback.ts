import { listFeedback } from "~/lib/admin/index.server";
import { requireApiAdmin } from "~/lib/auth/index.server";
import { jsonOk, methodNotAllowed } from "~/lib/http.server";
import type { Route } from "./+types/api.admin.feedback";

/** All feedback, newest first, with the sender's name, e-mail and profession. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireApiAdmin(request);
  return jsonOk(listFeedback());
}

export async function action() {
  return methodNotAllowed(["GET"]);
}
