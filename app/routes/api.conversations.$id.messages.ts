import { requireApiUser } from "~/lib/auth/index.server";
import { getOwnConversation, listMessages, toMessageJson } from "~/lib/chat/index.server";
import { jsonError, jsonOk } from "~/lib/http.server";
import type { Route } from "./+types/api.conversations.$id.messages";

/** The conversation's messages, oldest first; anyone else's conversation is 404. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireApiUser(request);
  const conversation = getOwnConversation(user.id, params.id);
  if (!conversation) return jsonError(404, "Conversation not found");
  return jsonOk(listMessages(conversation.id).map(toMessageJson));
}
