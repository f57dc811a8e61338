/** How questions are compared when counting what is asked most (pure, so it is unit-tested alone). */

export const POPULAR_QUESTION_MIN = 10;
export const POPULAR_QUESTION_MAX = 200;
export const POPULAR_SUGGESTIONS_MAX = 3;
/** A question becomes a suggestion for everyone only once this many different users have asked it. */
export const POPULAR_MIN_ASKERS = 2;

/**
 * The grouping key of a question: trimmed, runs of whitespace as one space, lower case (full Unicode,
 * unlike SQLite's lower()). Null when the question is too short or too long to be a suggestion.
 */
export function questionKey(text: string): string | null {
  const key = text.trim().replace(/\s+/g, " ").toLowerCase();
  const length = Array.from(key).length;
  return length >= POPULAR_QUESTION_MIN && length <= POPULAR_QUESTION_MAX ? key : null;
}
