import { requireApiAdmin, writeAuthLog } from "~/lib/auth/index.server";
import { jsonError, jsonOk, methodNotAllowed, readJson, requestInfo } from "~/lib/http.server";
import { deleteSharedDocument, DETAILS_BODY_MAX, documentDetailsSchema, updateDocumentDetails } from "~/lib/ingest/index.server";
import type { Route } from "./+types/api.admin.documents.$id";

/**
 * A document of the shared knowledge base. DELETE: with its chunks, vectors and stored file.
 * PATCH {title, authors, year}: its details (422 with the reason for a bad field, nothing changed).
 * A private document is 404 here; 409 while processing.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "DELETE" && request.method !== "PATCH") return methodNotAllowed(["PATCH", "DELETE"]);
  const admin = await requireApiAdmin(request);
  if (request.method === "PATCH") {
    const details = await readJson(request, documentDetailsSchema, DETAILS_BODY_MAX);
    const result = updateDocumentDetails(params.id, { library: "shared" }, details);
    if (!result.ok) {
      return result.reason === "processing" ? jsonError(409, "The document is still processing: edit it once it is ready") : jsonError(404, "Document not found");
    }
    writeAuthLog(admin.id, "document_edit", requestInfo(request, context), { documentId: params.id, title: result.document.title });
    return jsonOk(result.document);
  }
  const result = deleteSharedDocument(params.id);
  if (!result.ok) {
    return result.reason === "not-found"
      ? jsonError(404, "Document not found")
      : jsonError(409, "The document is still processing: cancel its upload first");
  }
  writeAuthLog(admin.id, "document_delete", requestInfo(request, context), { documentId: params.id, title: result.title });
  return jsonOk({ deleted: true });
}

export async function loader() {
  return methodNotAllowed(["PATCH", "DELETE"]);
}
