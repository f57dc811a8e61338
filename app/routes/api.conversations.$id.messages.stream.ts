import { answerEventStream, readQuestion } from "~/lib/answer/index.server";
import { claimQuestionKey } from "~/lib/chat/index.server";
import { methodNotAllowed } from "~/lib/http.server";
import type { Route } from "./+types/api.conversations.$id.messages.stream";

/**
 * POST {content, usePubmed, useThinkHarder} answered as server-sent events: `user` (the stored
 * question), `reading` ({reading}: how the question was read, e.g. "cats · itraconazole · dose",
 * before any token; not sent when nothing was recognised), in PubMed mode `pubmed` ({status:
 * ok|empty|failed, articles, message}), with the built-in model `queue` ({ahead}: how many answers it
 * must write before this one, sent when that changes; 0 once it starts), `token`s as the answer is
 * written, then `done` (the stored answer, which may differ from the tokens: citations are checked and
 * renumbered; its `answeredBy` says which model wrote it, or the extractive answerer) or `error`
 * ({message, messageId}: the answer was stored as failed). Input errors are plain JSON responses
 * before the stream starts; an `Idempotency-Key` header already used in the conversation is 409 and
 * stores nothing. Closing the connection stops the answer; it is then stored as failed (with what
 * was written and a note), never as complete.
 */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const question = await readQuestion(request, params.id);
  claimQuestionKey(request, question.conversationId);
  return answerEventStream(question, request.signal);
}

export async function loader() {
  return methodNotAllowed(["POST"]);
}
