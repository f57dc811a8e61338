import { deleteFeedback, feedbackPatchSchema, updateFeedback } from "~/lib/admin/index.server";
import { requireApiAdmin, writeAuthLog } from "~/lib/auth/index.server";
import { jsonError, jsonOk, methodNotAllowed, readJson, requestInfo } from "~/lib/http.server";
import type { Route } from "./+types/api.admin.feedback.$id";

const ALLOWED = ["PATCH", "DELETE"];

/** PATCH {status:'reviewed'} or {adminNotes}: the updated item. DELETE: removes it. 404 for an unknown id. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (!ALLOWED.includes(request.method)) return methodNotAllowed(ALLOWED);
  const admin = await requireApiAdmin(request);
  const info = requestInfo(request, context);
  if (request.method === "DELETE") {
    if (!deleteFeedback(params.id)) return jsonError(404, "Feedback not found");
    writeAuthLog(admin.id, "feedback_delete", info, { feedbackId: params.id });
    return jsonOk({ deleted: true });
  }
  const patch = await readJson(request, feedbackPatchSchema);
  const item = updateFeedback(params.id, patch);
  if (!item) return jsonError(404, "Feedback not found");
  writeAuthLog(admin.id, "feedback_update", info, {
    feedbackId: item.id,
    ...(patch.status !== undefined ? { status: patch.status } : {}),
    ...(patch.adminNotes !== undefined ? { notesChanged: true } : {}),
  });
  return jsonOk(item);
}

export async function loader() {
  return methodNotAllowed(ALLOWED);
}
