import { requireApiUser } from "~/lib/auth/index.server";
import { methodNotAllowed } from "~/lib/http.server";
import { retryDocument, retryResponse } from "~/lib/ingest/index.server";
import type { Route } from "./+types/api.documents.$id.retry";

/**
 * POST: processes one of the caller's own failed private documents again from its stored file →
 * {outcome: 'queued', sessionId}; 409 when it is not failed or its file is gone. Anyone else's
 * document, or a shared one, is 404.
 */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireApiUser(request);
  return retryResponse(retryDocument(params.id, user.id, user.id));
}

export async function loader() {
  return methodNotAllowed(["POST"]);
}
