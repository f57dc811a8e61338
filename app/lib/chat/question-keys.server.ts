import { jsonError } from "../http.server";

/**
 * Idempotency keys of posted questions (the `Idempotency-Key` request header): a question posted
 * again with a key already used in its conversation is refused with 409, so it is never stored twice.
 * Kept in this process's memory for a day, at most MAX_KEYS of them: repeats (a double submit, a
 * client's retry) come within seconds, and one process serves the app.
 */

const KEY_TTL_MS = 24 * 60 * 60 * 1000;
const MAX_KEYS = 10_000;
const QUESTION_KEY_MAX_CHARS = 200;

/** `${conversationId} ${key}` -> when it was first used; a Map keeps insertion order, oldest first. */
const used = new Map<string, number>();

/** True the first time `key` is used in the conversation (and it is then taken), false for a repeat. */
export function takeQuestionKey(conversationId: string, key: string, now = Date.now()): boolean {
  for (const [id, at] of used) {
    if (now - at < KEY_TTL_MS && used.size < MAX_KEYS) break;
    used.delete(id);
  }
  const id = `${conversationId} ${key}`;
  if (used.has(id)) return false;
  used.set(id, now);
  return true;
}

/**
 * Takes the request's Idempotency-Key for the conversation; a request without one is not checked.
 * Throws the JSON error response: 400 for a malformed key, 409 for a key already used there.
 */
export function claimQuestionKey(request: Request, conversationId: string): void {
  const key = request.headers.get("idempotency-key")?.trim();
  if (!key) return;
  if (key.length > QUESTION_KEY_MAX_CHARS || !/^[\x21-\x7e]+$/.test(key)) {
    throw jsonError(400, `Idempotency-Key must be 1 to ${QUESTION_KEY_MAX_CHARS} visible ASCII characters`);
  }
  if (!takeQuestionKey(conversationId, key)) throw jsonError(409, "This question was already sent (its Idempotency-Key was used before)");
}
