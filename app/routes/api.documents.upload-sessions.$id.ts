import { requireApiUser } from "~/lib/auth/index.server";
import { jsonError, jsonOk } from "~/lib/http.server";
import { getLibrarySession } from "~/lib/ingest/index.server";
import type { Route } from "./+types/api.documents.upload-sessions.$id";

/** GET: the progress of one of the caller's own uploads; anyone else's is 404, as a missing one. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireApiUser(request);
  const session = getLibrarySession(user.id, params.id);
  return session ? jsonOk(session) : jsonError(404, "Upload session not found");
}
