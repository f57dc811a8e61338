import { listUsersWithStats } from "~/lib/admin/index.server";
import { requireApiAdmin } from "~/lib/auth/index.server";
import { jsonOk, methodNotAllowed } from "~/lib/http.server";
import type { Route } from "./+types/api.admin.users";

/** Every user, newest first, with conversations, private documents, questions and logins. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireApiAdmin(request);
  return jsonOk(listUsersWithStats());
}

export async function action() {
  return methodNotAllowed(["GET"]);
}
