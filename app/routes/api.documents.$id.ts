import { requireApiUser } from "~/lib/auth/index.server";
import { jsonError, jsonOk, methodNotAllowed } from "~/lib/http.server";
import { deletePrivateDocument } from "~/lib/ingest/index.server";
import type { Route } from "./+types/api.documents.$id";

/**
 * DELETE: one of the caller's own private documents, with its chunks, vectors and stored file.
 * Another user's document or a shared one is 404 (existence is not revealed); 409 while processing.
 */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed(["DELETE"]);
  const user = await requireApiUser(request);
  const result = deletePrivateDocument(user.id, params.id);
  if (!result.ok) {
    return result.reason === "not-found"
      ? jsonError(404, "Document not found")
      : jsonError(409, "The document is still processing: cancel its upload first");
  }
  return jsonOk({ deleted: true });
}

export async function loader() {
  return methodNotAllowed(["DELETE"]);
}
