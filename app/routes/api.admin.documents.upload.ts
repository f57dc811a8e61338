import { requireApiAdmin, writeAuthLog } from "~/lib/auth/index.server";
import { jsonOk, methodNotAllowed, requestInfo } from "~/lib/http.server";
import { receiveUpload, refuseUnreadUpload } from "~/lib/ingest/index.server";
import type { Route } from "./+types/api.admin.documents.upload";

/** POST multipart (field 'document') → {sessionId} at once; processing continues in the worker. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  try {
    const admin = await requireApiAdmin(request);
    const { sessionId, documentId } = await receiveUpload(request, { uploadedBy: admin.id, ownerId: null });
    writeAuthLog(admin.id, "document_upload", requestInfo(request, context), { sessionId, documentId });
    return jsonOk({ sessionId });
  } catch (error) {
    // A refusal before the body was read (401/403): read and drop it, or the connection stalls.
    throw error instanceof Response ? await refuseUnreadUpload(request, error) : error;
  }
}

export async function loader() {
  return methodNotAllowed(["POST"]);
}
