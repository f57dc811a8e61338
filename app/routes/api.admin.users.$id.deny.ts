import { decideBetaAccess } from "~/lib/admin/index.server";
import { requireApiAdmin, writeAuthLog } from "~/lib/auth/index.server";
import { jsonError, jsonOk, methodNotAllowed, requestInfo } from "~/lib/http.server";
import type { Route } from "./+types/api.admin.users.$id.deny";

/** POST (no body): a pending user becomes denied; 404 unknown id, 409 not pending. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const admin = await requireApiAdmin(request);
  const result = decideBetaAccess(admin.id, params.id, "denied");
  if (!result.ok) {
    return result.reason === "not-found"
      ? jsonError(404, "User not found")
      : jsonError(409, `User is not pending (${result.status})`, { betaAccess: result.status });
  }
  writeAuthLog(admin.id, "user_deny", requestInfo(request, context), { userId: result.user.id, email: result.user.email });
  return jsonOk(result.user);
}

export async function loader() {
  return methodNotAllowed(["POST"]);
}
