import { requireApiUser } from "~/lib/auth/index.server";
import { restoreConversation, toConversationJson } from "~/lib/chat/index.server";
import { jsonError, jsonOk, methodNotAllowed } from "~/lib/http.server";
import type { Route } from "./+types/api.conversations.$id.restore";

/**
 * POST (no body): brings back the caller's conversation deleted moments ago (the Undo of a delete).
 * 404 when there is none to bring back: never deleted, anyone else's, restored already, or too late.
 */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireApiUser(request);
  const restored = restoreConversation(user.id, params.id);
  return restored ? jsonOk(toConversationJson(restored)) : jsonError(404, "There is no deleted conversation to restore (the time to undo has passed)");
}

export async function loader() {
  return methodNotAllowed(["POST"]);
}
