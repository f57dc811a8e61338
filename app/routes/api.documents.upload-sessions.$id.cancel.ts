import { requireApiUser } from "~/lib/auth/index.server";
import { jsonError, jsonOk, methodNotAllowed } from "~/lib/http.server";
import { cancelLibrarySession, getLibrarySession } from "~/lib/ingest/index.server";
import type { Route } from "./+types/api.documents.upload-sessions.$id.cancel";

/** POST: cancels one of the caller's own uploads (nothing of it is kept); anyone else's is 404. */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireApiUser(request);
  const result = cancelLibrarySession(user.id, params.id);
  if (result === "not-found") return jsonError(404, "Upload session not found");
  if (result === "not-processing") return jsonError(409, "This upload is no longer processing");
  return jsonOk({ cancelled: true, session: getLibrarySession(user.id, params.id) });
}

export async function loader() {
  return methodNotAllowed(["POST"]);
}
