import type { Citation } from "../../../db/schema";
import type { Passage } from "../search/index.server";
import type { AnswerProvider } from "./answered-by";

/** What the answer capability needs of a retrieved passage (search's Passage has all of it). */
export type PassageLike = Pick<Passage, "chunkId" | "documentId" | "title" | "pages" | "pageLabel" | "heading" | "text" | "fileType"> &
  Partial<Pick<Passage, "layout">> & {
    /** The sentences an answer quotes from it, as the passage has them (set when it is cited at their pages). */
    quotes?: string[];
    /** The start of the paragraph it begins in the middle of (from the chunk before): what that paragraph is about. */
    lead?: string;
    /** The rest of the paragraph it ends in the middle of (from the chunk after): what else that paragraph says. */
    tail?: string;
  };

/** A passage as numbered in one answer: [n] in the answer text refers to it. */
export type NumberedPassage<P extends PassageLike = PassageLike> = P & { number: number };

export type { Citation };

export type HistoryTurn = { role: "user" | "assistant"; content: string };

/** Which answerer produced an answer ("none": nothing was relevant enough, the refusal was given). */
export type AnswererKind = AnswerProvider | "none";

/** The exact sentence of the spec (§9) when the knowledge base has nothing relevant (one definition, in chat's defaults). */
export { NO_EVIDENCE_ANSWER as REFUSAL } from "../chat/defaults";

export class AnswerError extends Error {
  constructor(
    readonly code: "timeout" | "model" | "aborted",
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "AnswerError";
  }
}
