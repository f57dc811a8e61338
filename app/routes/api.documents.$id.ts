import { requireApiUser } from "~/lib/auth/index.server";
import { jsonError, jsonOk, methodNotAllowed, readJson } from "~/lib/http.server";
import { deletePrivateDocument, DETAILS_BODY_MAX, documentDetailsSchema, updateDocumentDetails } from "~/lib/ingest/index.server";
import type { Route } from "./+types/api.documents.$id";

const NOT_FOUND = "Document not found";
const PROCESSING = "The document is still processing: cancel its upload first";

/**
 * One of the caller's own private documents. DELETE: with its chunks, vectors and stored file.
 * PATCH {title, authors, year}: its details (422 with the reason for a bad field, nothing changed).
 * Another user's document or a shared one is 404 (existence is not revealed); 409 while processing.
 */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "DELETE" && request.method !== "PATCH") return methodNotAllowed(["PATCH", "DELETE"]);
  const user = await requireApiUser(request);
  if (request.method === "PATCH") {
    const details = await readJson(request, documentDetailsSchema, DETAILS_BODY_MAX);
    const result = updateDocumentDetails(params.id, { library: "private", userId: user.id }, details);
    if (result.ok) return jsonOk(result.document);
    return result.reason === "processing" ? jsonError(409, "The document is still processing: edit it once it is ready") : jsonError(404, NOT_FOUND);
  }
  const result = deletePrivateDocument(user.id, params.id);
  if (!result.ok) return result.reason === "not-found" ? jsonError(404, NOT_FOUND) : jsonError(409, PROCESSING);
  return jsonOk({ deleted: true });
}

export async function loader() {
  return methodNotAllowed(["PATCH", "DELETE"]);
}
