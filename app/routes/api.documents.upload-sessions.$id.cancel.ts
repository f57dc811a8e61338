import { requireApiUser } from "~/lib/auth/index.server";
import { jsonError, jsonOk, methodNotAllowed } from "~/lib/http.server";
import { cancelLibrarySession, getLibrarySession } from "~/lib/ingest/index.server";
import type { Route } from "./+types/api.documents.upload-sessions.$id.cancel";

/**
 * POST: cancels one of the caller's own uploads; a 200 means it ended cancelled with nothing of it kept,
 * a 409 that it had already ended (its final state in the body). Anyone else's is 404.
 */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireApiUser(request);
  const result = cancelLibrarySession(user.id, params.id);
  if (result.result === "not-found") return jsonError(404, "Upload session not found");
  // Too late: the session had already ended; the answer says how.
  if (result.result === "too-late") return jsonError(409, `This upload is no longer processing (${result.status})`, { status: result.status, session: getLibrarySession(user.id, params.id) });
  return jsonOk({ cancelled: true, session: getLibrarySession(user.id, params.id) });
}

export async function loader() {
  return methodNotAllowed(["POST"]);
}
