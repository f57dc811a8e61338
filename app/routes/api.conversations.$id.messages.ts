import { readQuestion, replyInConversation } from "~/lib/answer/index.server";
import { requireApiUser } from "~/lib/auth/index.server";
import { EARLIER_CURSOR_HEADER } from "~/lib/chat";
import { claimQuestionKey, getOwnConversation, listMessagePage, messagePageQuerySchema, toMessageJson } from "~/lib/chat/index.server";
import { jsonError, jsonOk, methodNotAllowed, validationMessage } from "~/lib/http.server";
import type { Route } from "./+types/api.conversations.$id.messages";

/**
 * A page of the conversation's messages, oldest first: the newest MESSAGE_PAGE_DEFAULT, or `?limit=` of them
 * (at most MESSAGE_PAGE_MAX), older than the message `?before=` when given. When older messages remain, the
 * X-Earlier-Cursor header holds the `before` that reads them. Anyone else's conversation is 404.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireApiUser(request);
  const conversation = getOwnConversation(user.id, params.id);
  if (!conversation) return jsonError(404, "Conversation not found");
  const search = new URL(request.url).searchParams;
  const query = messagePageQuerySchema.safeParse({ before: search.get("before") ?? undefined, limit: search.get("limit") ?? undefined });
  if (!query.success) return jsonError(400, validationMessage(query.error));
  const page = listMessagePage(conversation.id, query.data);
  if (!page) return jsonError(400, "before: not a message of this conversation");
  const headers: HeadersInit = page.earlierCursor ? { [EARLIER_CURSOR_HEADER]: page.earlierCursor } : {};
  return jsonOk(page.messages.map(toMessageJson), { headers });
}

/**
 * POST {content, usePubmed, useThinkHarder}: asks the question and answers with the stored assistant
 * message once it is complete (the chat screen streams it through ./stream instead). A failed answer
 * is stored as failed and reported as 502 (504 for a model that stopped responding). An
 * `Idempotency-Key` header already used in the conversation is 409 and stores nothing.
 */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const question = await readQuestion(request, params.id);
  claimQuestionKey(request, question.conversationId);
  const outcome = await replyInConversation({ ...question, signal: request.signal });
  if (!outcome.ok) {
    return jsonError(outcome.error.code === "timeout" ? 504 : 502, outcome.error.message, { message_id: outcome.assistant.id });
  }
  return jsonOk(toMessageJson(outcome.assistant));
}
