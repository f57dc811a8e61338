import { data } from "react-router";
import { suggestionsForConversation } from "./answer/index.server";
import { requirePageUser, toPublicUser, type PageRequest } from "./auth/index.server";
import { CONVERSATION_PARAM } from "./chat";
import type { Message as MessageView } from "./chat-client";
import {
  getOwnConversation,
  getWelcomeMessage,
  listConversations,
  listMessagePage,
  popularSuggestions,
  toConversationJson,
  toMessageJson,
} from "./chat/index.server";

/**
 * What the signed-in chat screen renders from its first HTML: the user, the welcome message, the history
 * and, with `?conversation=<id>`, that conversation's messages. The same rule as GET
 * /api/conversations/:id/messages: only the owner's conversation; any other id is the 404 screen.
 * Suggestions are sent after the page (they may wait on a model): contextual for an open conversation,
 * else the popular ones; without them the screen still works, so a failure is no suggestions.
 */
export async function loadAppHome(page: PageRequest) {
  const user = await requirePageUser(page);
  const id = page.url.searchParams.get(CONVERSATION_PARAM);
  const conversation = id ? getOwnConversation(user.id, id) : null;
  if (id !== null && !conversation) throw data("Page Not Found", { status: 404 });
  const suggestions: Promise<string[]> = conversation
    ? suggestionsForConversation(user.id, conversation.id).then(
        (list) => list ?? [],
        (error: unknown) => {
          console.warn("Contextual suggestions failed:", error);
          return [];
        },
      )
    : Promise.resolve(popularSuggestions());
  return {
    user: toPublicUser(user),
    welcomeMessage: getWelcomeMessage(),
    conversations: listConversations(user.id).map(toConversationJson),
    // The newest page of the conversation, the JSON the messages route sends, as the browser types it; the
    // chat loads older pages on request.
    open: conversation ? openConversation(conversation.id) : null,
    suggestions,
  };
}

function openConversation(id: string) {
  const page = listMessagePage(id)!;
  return { id, messages: page.messages.map(toMessageJson) as MessageView[], earlierCursor: page.earlierCursor };
}

export type AppHomeData = Awaited<ReturnType<typeof loadAppHome>>;
