import { authLogsQuerySchema, listAuthLogs } from "~/lib/admin/index.server";
import { requireApiAdmin } from "~/lib/auth/index.server";
import { jsonError, jsonOk, methodNotAllowed, validationMessage } from "~/lib/http.server";
import type { Route } from "./+types/api.admin.auth-logs";

/** ?page=1&pageSize=50 (pageSize at most 200): the activity log, newest first, with the total. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireApiAdmin(request);
  const search = new URL(request.url).searchParams;
  const query = authLogsQuerySchema.safeParse({
    page: search.get("page") ?? undefined,
    pageSize: search.get("pageSize") ?? undefined,
  });
  if (!query.success) return jsonError(400, validationMessage(query.error));
  return jsonOk(listAuthLogs(query.data));
}

export async function action() {
  return methodNotAllowed(["GET"]);
}
