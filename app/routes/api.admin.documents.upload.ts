import { requireApiAdmin, writeAuthLog } from "~/lib/auth/index.server";
import { jsonOk, methodNotAllowed, requestInfo } from "~/lib/http.server";
import { receiveUpload, refuseUnreadUpload, uploadAnswer } from "~/lib/ingest/index.server";
import type { Route } from "./+types/api.admin.documents.upload";

/**
 * POST multipart (field 'document') → at once {outcome: 'queued', sessionId} (processing continues in the
 * worker), or {outcome: 'skipped', sessionId: null, message, existing} when the same bytes are already in
 * the library (nothing stored).
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  try {
    const admin = await requireApiAdmin(request);
    const result = await receiveUpload(request, { uploadedBy: admin.id, ownerId: null });
    if (result.outcome === "queued") writeAuthLog(admin.id, "document_upload", requestInfo(request, context), { sessionId: result.sessionId, documentId: result.documentId });
    return jsonOk(uploadAnswer(result));
  } catch (error) {
    // A refusal before the body was read (401/403): read and drop it, or the connection stalls.
    throw error instanceof Response ? await refuseUnreadUpload(request, error) : error;
  }
}

export async function loader() {
  return methodNotAllowed(["POST"]);
}
