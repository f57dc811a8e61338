import { requireApiUser } from "~/lib/auth/index.server";
import { jsonOk, methodNotAllowed } from "~/lib/http.server";
import { receiveLibraryUpload, refuseUnreadLibraryUpload, uploadAnswer } from "~/lib/ingest/index.server";
import type { Route } from "./+types/api.documents.upload";

/**
 * POST multipart (field 'document') into the caller's private library → {outcome: 'queued', sessionId} at
 * once, the worker processing it as it does the admin's uploads; or {outcome: 'skipped', message} when the
 * caller can already see the same bytes (shared knowledge base or own library), nothing stored. PDF, DOC, DOCX only (read from the bytes,
 * else 415), at most 50 MB (413, before the body is read when it says its length), and 409 when
 * the library already holds USER_DOCUMENT_QUOTA documents. Nothing is stored on a refusal; a body
 * within 50 MB that was refused unread is read and dropped, so the connection stays usable.
 * Not written to the activity log: the admin would see the names of private documents there.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  try {
    const user = await requireApiUser(request);
    return jsonOk(uploadAnswer(await receiveLibraryUpload(request, user.id)));
  } catch (error) {
    throw error instanceof Response ? await refuseUnreadLibraryUpload(request, error) : error;
  }
}

export async function loader() {
  return methodNotAllowed(["POST"]);
}
