import { requireApiAdmin, writeAuthLog } from "~/lib/auth/index.server";
import { jsonError, jsonOk, methodNotAllowed, requestInfo } from "~/lib/http.server";
import { deleteSharedDocument } from "~/lib/ingest/index.server";
import type { Route } from "./+types/api.admin.documents.$id";

/** DELETE: the document with its chunks, vectors and stored file. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed(["DELETE"]);
  const admin = await requireApiAdmin(request);
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
  return methodNotAllowed(["DELETE"]);
}
