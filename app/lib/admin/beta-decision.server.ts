import { requireApiAdmin, writeAuthLog } from "../auth/index.server";
import { jsonError, jsonOk, methodNotAllowed, requestInfo } from "../http.server";
import { decideBetaAccess, type BetaDecision } from "./users.server";

/**
 * POST (no body) to approve or deny a pending user, as the admin: the user's new state, 404 for an unknown
 * id, 409 when no longer pending; a decision made is written to the activity log.
 */
export async function betaDecisionAction(request: Request, userId: string, context: unknown, decision: BetaDecision): Promise<Response> {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const admin = await requireApiAdmin(request);
  const result = decideBetaAccess(admin.id, userId, decision);
  if (!result.ok) {
    return result.reason === "not-found"
      ? jsonError(404, "User not found")
      : jsonError(409, `User is not pending (${result.status})`, { betaAccess: result.status });
  }
  writeAuthLog(admin.id, decision === "approved" ? "user_approve" : "user_deny", requestInfo(request, context), { userId: result.user.id, email: result.user.email });
  return jsonOk(result.user);
}
