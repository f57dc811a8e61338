import { defaultAnswerDeps, parseStringList, retrieveFor, runTask, type AnswerDeps } from "./pipeline.server";
import { followUpQuestions, isSuitableFollowUp } from "./follow-ups";
import { readConversation } from "./frame";
import { judgeRelevance } from "./relevance.server";
import type { Citation, HistoryTurn } from "./types";

/** Titles for new conversations and follow-up suggestions, from the model when there is one. */

export const TITLE_FALLBACK_CHARS = 50;
const TITLE_MAX_CHARS = 80;

/** The spec's fallback: the first 50 characters, plus "..." when the message is longer. */
export function fallbackTitle(message: string): string {
  const text = message.replace(/\s+/g, " ").trim();
  return text.length > TITLE_FALLBACK_CHARS ? `${text.slice(0, TITLE_FALLBACK_CHARS)}...` : text;
}

/** A model's title as plain text: one line, no quotes, markdown or "Title:" prefix. */
export function cleanTitle(text: string): string {
  const line = text.split("\n").find((l) => l.trim()) ?? "";
  return line
    .replace(/^\s*(title\s*:)\s*/i, "")
    .replace(/[*_`#>]/g, "")
    .replace(/^["'“‘\s]+|["'”’.\s]+$/g, "")
    .replace(/\s+/g, " ")
    .slice(0, TITLE_MAX_CHARS)
    .trim();
}

export async function generateTitle(message: string, deps: AnswerDeps = defaultAnswerDeps()): Promise<{ title: string; source: "model" | "fallback" }> {
  const model = await deps.chatModel();
  if (model) {
    const reply = await runTask(model, "Write a short title (at most 6 words) for a conversation that starts with this clinical question. Reply with the title only.", message.slice(0, 2000));
    const title = reply ? cleanTitle(reply) : "";
    if (title.length >= 3) return { title, source: "model" };
  }
  return { title: fallbackTitle(message), source: "fallback" };
}

export const MAX_SUGGESTIONS = 3;

export type SuggestionContext = {
  viewerId: string;
  history: HistoryTurn[];
  /** Citations of the conversation's latest answer: the passages it drew on. */
  citations: Citation[];
};

/** Follow-ups worth suggesting are ones the knowledge base can answer: each is checked by a search. */
async function answerable(question: string, viewerId: string, deps: AnswerDeps): Promise<boolean> {
  const found = await retrieveFor(question, { k: 5, viewerId }, deps);
  return !judgeRelevance(found.analysis.terms, found.passages).abstain;
}

/**
 * Up to three follow-up questions for a conversation: from the model (given the last question and
 * the cited sections' headings) or, without one, the aspects of the conversation's subject not yet
 * asked. Either way only grammatical questions about that subject that the knowledge base can answer
 * are kept, and none rather than a wrong one (a dose only of a drug).
 */
export async function contextualSuggestions(context: SuggestionContext, deps: AnswerDeps = defaultAnswerDeps()): Promise<string[]> {
  const asked = context.history.filter((t) => t.role === "user").map((t) => t.content.trim());
  const last = asked[asked.length - 1];
  if (!last) return [];
  const askedSet = new Set(asked.map((q) => q.toLowerCase()));
  const frame = readConversation(asked).at(-1)!;
  let candidates: string[] = [];
  const model = await deps.chatModel();
  if (model) {
    const cited = [...new Set(context.citations.map((c) => c.document))].slice(0, 5).join("; ");
    candidates = parseStringList(
      await runTask(
        model,
        "Suggest 3 short follow-up questions (under 80 characters each) a clinician might ask next, answerable from the cited documents. Reply with a JSON array of strings only.",
        `Question: ${last}\nCited documents: ${cited || "none"}`,
      ),
      6,
    ).filter((q) => isSuitableFollowUp(q, frame));
  }
  if (!candidates.length) candidates = followUpQuestions(frame, asked);
  const out: string[] = [];
  for (const q of candidates) {
    if (out.length >= MAX_SUGGESTIONS) break;
    if (askedSet.has(q.toLowerCase()) || out.includes(q)) continue;
    if (await answerable(q, context.viewerId, deps)) out.push(q);
  }
  return out;
}
