import crypto from "node:crypto";
import { z } from "zod";
import { feedback, getDb, type Db } from "../db/index.server";

export const FEEDBACK_MIN = 10;
export const FEEDBACK_MAX = 5_000;
/** Spec §5, word for word: the dialog shows it as the error. */
export const FEEDBACK_TOO_SHORT = "Feedback must be at least 10 characters long";
export const FEEDBACK_TOO_LONG = `Feedback must be at most ${FEEDBACK_MAX.toLocaleString("en-US")} characters long`;

/** Missing counts as empty, so it gets the same message as too short; the length rules are createFeedback's. */
export const feedbackSchema = z.object({ message: z.string({ error: "Feedback must be text" }).default("") }).strip();

export type FeedbackResult = { ok: true; id: string } | { ok: false; message: string };

/** Stores the trimmed message as 'new' feedback; too short or too long is refused and nothing is stored. */
export function createFeedback(userId: string, message: string, db: Db = getDb()): FeedbackResult {
  const text = message.trim();
  const length = Array.from(text).length;
  if (length < FEEDBACK_MIN) return { ok: false, message: FEEDBACK_TOO_SHORT };
  if (length > FEEDBACK_MAX) return { ok: false, message: FEEDBACK_TOO_LONG };
  const now = new Date();
  const id = crypto.randomUUID();
  db.insert(feedback).values({ id, userId, message: text, status: "new", createdAt: now, updatedAt: now }).run();
  return { ok: true, id };
}
