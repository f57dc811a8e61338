import { requireApiUser } from "~/lib/auth/index.server";
import { deleteConversation, renameConversation, renameConversationSchema, TITLE_BODY_MAX, toConversationJson } from "~/lib/chat/index.server";
import { jsonError, jsonOk, methodNotAllowed, readJson } from "~/lib/http.server";
import type { Route } from "./+types/api.conversations.$id";

const NOT_FOUND = "Conversation not found";

/**
 * PATCH {title}: rename; DELETE: the conversation and its messages, restorable until `undoUntil`
 * (POST ./restore). Anyone else's id is 404.
 */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "PATCH" && request.method !== "DELETE") return methodNotAllowed(["PATCH", "DELETE"]);
  const user = await requireApiUser(request);
  if (request.method === "DELETE") {
    const deleted = deleteConversation(user.id, params.id);
    return deleted ? jsonOk({ deleted: true, undoUntil: deleted.undoUntil.toISOString() }) : jsonError(404, NOT_FOUND);
  }
  const { title } = await readJson(request, renameConversationSchema, TITLE_BODY_MAX);
  const renamed = renameConversation(user.id, params.id, title);
  return renamed ? jsonOk(toConversationJson(renamed)) : jsonError(404, NOT_FOUND);
}

export async function loader() {
  return methodNotAllowed(["PATCH", "DELETE"]);
}
