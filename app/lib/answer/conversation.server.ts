import { z } from "zod";
import { requireApiUser } from "../auth/index.server";
import { jsonError, readJson } from "../http.server";
import { getOwnConversation, getUserSettings, insertMessage, listMessages, questionsWithoutAnswer, type Message } from "../chat/index.server";
import { getDb, type Db } from "../db/index.server";
import { answerQuestion, defaultAnswerDeps, type AnswerDeps, type PubMedStatus } from "./pipeline.server";
import { contextualSuggestions } from "./suggestions.server";
import type { AnsweredBy } from "./answered-by";
import { AnswerError, type HistoryTurn } from "./types";

/**
 * A question asked in a conversation: the user's message is stored, the answer is produced from
 * the knowledge base, and the assistant's message is stored as complete — or, when the answer
 * fails or is stopped half-way, as failed with what was said and why, never as complete.
 */

export const MAX_QUESTION_CHARS = 20_000;

export const sendMessageSchema = z.object({
  content: z.string(),
  usePubmed: z.boolean().optional().default(false),
  useThinkHarder: z.boolean().optional().default(false),
});
export type SendMessage = z.infer<typeof sendMessageSchema>;

/** Why a question cannot be asked, as status and message for the route; null when it can. */
export function questionProblem(content: string): { status: 400 | 413; message: string } | null {
  if (!content.trim()) return { status: 400, message: "Message cannot be empty" };
  if (content.length > MAX_QUESTION_CHARS) {
    return { status: 413, message: `Message too long: at most ${MAX_QUESTION_CHARS.toLocaleString("en-US")} characters` };
  }
  return null;
}

export type Question = SendMessage & { userId: string; conversationId: string };

/**
 * A question posted to a conversation, checked in the order a caller should learn of problems:
 * signed in and approved (401/403), their conversation (404), then the body (415/400/422, 400 blank,
 * 413 too long). Throws the JSON error response.
 */
export async function readQuestion(request: Request, conversationId: string): Promise<Question> {
  const user = await requireApiUser(request);
  const conversation = getOwnConversation(user.id, conversationId);
  if (!conversation) throw jsonError(404, "Conversation not found");
  const body = await readJson(request, sendMessageSchema);
  const problem = questionProblem(body.content);
  if (problem) throw jsonError(problem.status, problem.message);
  return { ...body, userId: user.id, conversationId: conversation.id };
}

export type ReplyInput = SendMessage & {
  userId: string;
  conversationId: string;
  signal?: AbortSignal;
  onUserMessage?: (message: Message) => void;
  onToken?: (text: string) => void;
  onPubmed?: (outcome: PubMedStatus) => void;
  onReading?: (reading: string) => void;
  onQueue?: (ahead: number) => void;
};

export type ReplyOutcome = { ok: true; user: Message; assistant: Message } | { ok: false; user: Message; assistant: Message; error: AnswerError };

function historyOf(conversationId: string, db: Db): HistoryTurn[] {
  return listMessages(conversationId, db)
    .filter((m) => m.status === "complete")
    .map((m) => ({ role: m.role, content: m.content }));
}

export function failureText(partial: string, error: AnswerError): string {
  const note = error.code === "aborted" ? "_The answer was stopped before it was complete._" : `_The answer could not be completed: ${error.message}_`;
  return partial.trim() ? `${partial.trim()}\n\n${note}` : note;
}

/** Answers being written: a graceful stop waits until each is stored before it closes the database. */
const answering = new Set<Promise<unknown>>();

/**
 * Resolves once every answer being written has been stored: complete, or failed as stopped (by the time
 * the server shuts down its connections are closed, which stops them). Gives up after `timeoutMs`.
 */
export async function settleAnswers(timeoutMs = 10_000): Promise<void> {
  if (!answering.size) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const giveUp = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)));
  await Promise.race([Promise.allSettled([...answering]), giveUp]);
  clearTimeout(timer);
}

/**
 * At start, before any question is taken: the answers a process killed outright was writing (a graceful
 * stop stores them itself) are stored as stopped, so no question stays unanswered without a word and its
 * conversation can go on. Returns how many.
 */
export function storeInterruptedAnswers(db: Db = getDb()): number {
  const questions = questionsWithoutAnswer(db);
  const content = failureText("", new AnswerError("aborted", "The server stopped"));
  for (const q of questions) {
    insertMessage({ conversationId: q.conversationId, role: "assistant", content, status: "failed", usePubmed: q.usePubmed, useThinkHarder: q.useThinkHarder }, db);
  }
  return questions.length;
}

/** Answers a question in the user's conversation (the caller checked it is theirs). */
export function replyInConversation(input: ReplyInput, deps: AnswerDeps = defaultAnswerDeps()): Promise<ReplyOutcome> {
  const reply = answerInConversation(input, deps);
  answering.add(reply);
  void reply.finally(() => answering.delete(reply)).catch(() => undefined);
  return reply;
}

async function answerInConversation(input: ReplyInput, deps: AnswerDeps): Promise<ReplyOutcome> {
  const db = deps.db ?? getDb();
  const history = historyOf(input.conversationId, db);
  const flags = { usePubmed: input.usePubmed, useThinkHarder: input.useThinkHarder };
  const user = insertMessage({ conversationId: input.conversationId, role: "user", content: input.content.trim(), ...flags }, db);
  input.onUserMessage?.(user);
  const settings = getUserSettings(input.userId, db);
  let partial = "";
  // Kept for a stopped or failed answer too: the screen showed it while the answer streamed.
  let reading: string | null = null;
  // A stopped or failed answer records the model that was writing it.
  let answeredBy: AnsweredBy | null = null;
  try {
    const result = await answerQuestion(
      {
        question: user.content,
        history,
        viewerId: input.userId,
        ...flags,
        customSystemPrompt: settings.customSystemPrompt,
        pubmedPriorityJournals: settings.pubmedPriorityJournals,
        onPubmed: input.onPubmed,
        onQueue: input.onQueue,
        onAnsweredBy: (by) => {
          answeredBy = by;
        },
        onReading: (r) => {
          reading = r;
          input.onReading?.(r);
        },
        signal: input.signal,
        onToken: (t) => {
          partial += t;
          input.onToken?.(t);
        },
      },
      deps,
    );
    const assistant = insertMessage(
      { conversationId: input.conversationId, role: "assistant", content: result.content, citations: result.citations, status: "complete", reading: result.reading, answeredBy: result.answeredBy, ...flags },
      db,
    );
    return { ok: true, user, assistant };
  } catch (thrown) {
    const error =
      thrown instanceof AnswerError
        ? thrown
        : input.signal?.aborted
          ? new AnswerError("aborted", "The answer was stopped", { cause: thrown })
          : new AnswerError("model", "An unexpected error stopped the answer", { cause: thrown });
    if (!(thrown instanceof AnswerError)) console.error("answer: unexpected failure", thrown);
    const assistant = insertMessage(
      { conversationId: input.conversationId, role: "assistant", content: failureText(partial, error), citations: [], status: "failed", reading, answeredBy, ...flags },
      db,
    );
    return { ok: false, user, assistant, error };
  }
}

/** Follow-up suggestions for the user's conversation; null when it is not theirs. */
export async function suggestionsForConversation(userId: string, conversationId: string, deps: AnswerDeps = defaultAnswerDeps()): Promise<string[] | null> {
  const conversation = getOwnConversation(userId, conversationId, deps.db);
  if (!conversation) return null;
  const messages = listMessages(conversationId, deps.db).filter((m) => m.status === "complete");
  const lastAnswer = [...messages].reverse().find((m) => m.role === "assistant");
  return contextualSuggestions(
    { viewerId: userId, history: messages.map((m) => ({ role: m.role, content: m.content })), citations: lastAnswer?.citations ?? [] },
    deps,
  );
}
