/**
 * Abbreviations a text defines, found with the algorithm of Schwartz and Hearst ("A simple algorithm for
 * identifying abbreviation definitions in biomedical text", PSB 2003): a short form in parentheses after
 * its long form ("feline infectious peritonitis (FIP)"), or the reverse ("FIP (feline infectious
 * peritonitis)"); the long form is the shortest run of words before the parenthesis whose letters hold the
 * short form's characters in order, its first character starting a word.
 *
 * Beyond the paper: a short form must hold a capital letter ("(n = 12)", "(e.g.)", "(mg/kg)" are not
 * abbreviations), and a long form may not cross a sentence or clause end.
 */

export type AbbreviationPair = { short: string; long: string };

const MAX_SHORT_LENGTH = 10;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const isLetterOrDigit = (c: string | undefined) => c !== undefined && LETTER_OR_DIGIT.test(c);

/** The paper's short-form test, with a capital letter required. */
function isShortForm(text: string): boolean {
  if (text.length < 2 || text.length > MAX_SHORT_LENGTH) return false;
  if (text.split(/\s+/).length > 2) return false;
  if (!isLetterOrDigit(text[0])) return false;
  if (!/\p{L}/u.test(text) || !/\p{Lu}/u.test(text)) return false;
  // Figure and table references, years with letters ("Fig. 3", "2019a") and units are not abbreviations
  if (/^(?:fig|figs|figure|table|tab|eq|ref|refs|see|vs|ie|eg|cf|et al)\b/i.test(text)) return false;
  return true;
}

/**
 * The paper's bestLongForm: walk the short form's characters right to left, finding each in the
 * candidate long form right to left; the first character must start a word. Null when they cannot all be found.
 */
function bestLongForm(short: string, candidate: string): string | null {
  let l = candidate.length - 1;
  for (let s = short.length - 1; s >= 0; s--) {
    const c = short[s]!.toLowerCase();
    if (!isLetterOrDigit(c)) continue;
    while ((l >= 0 && candidate[l]!.toLowerCase() !== c) || (s === 0 && l > 0 && isLetterOrDigit(candidate[l - 1]))) l--;
    if (l < 0) return null;
    l--;
  }
  const start = candidate.lastIndexOf(" ", l) + 1;
  return candidate.slice(start).trim();
}

/** The words before a parenthesis that may hold a long form: in its clause, at most min(|SF| + 5, 2|SF|) words. */
function candidateBefore(textBefore: string, short: string): string {
  const clause = textBefore.split(/[.;:!?\n]\s|[()[\]]/).pop() ?? "";
  const words = clause.trim().split(/\s+/).filter(Boolean);
  const max = Math.min(short.length + 5, short.length * 2);
  return words.slice(-max).join(" ");
}

const LEADING_FUNCTION_WORD = /^(?:a|an|the|of|for|and|or|in|on|at|to|by|with|from|as|is|are|was|were|that|this|these|its|their)\s/i;

function acceptable(short: string, long: string | null): long is string {
  if (!long) return false;
  const longWords = long.split(/\s+/);
  return (
    long.length > short.length &&
    longWords.length <= Math.min(short.length + 5, short.length * 2) &&
    !long.toLowerCase().split(/\s+/).includes(short.toLowerCase()) &&
    // A long form is words, not another parenthesis or a number list
    /\p{L}{2}/u.test(long) &&
    // Nor formula remnants ("$\\kappa$"), nor a phrase opened by a function word ("for influenza A virus")
    !/[$\\{}=<>]/.test(long) &&
    // A list ("DEV, epidemiology, transmission") is not one name (a rare long form with a comma is lost)
    !/[,;]/.test(long) &&
    !LEADING_FUNCTION_WORD.test(long)
  );
}

const WORD_PART = /[\p{L}\p{N}\-/]/u;

/**
 * The word a text ends with, before any whitespace: letters, digits, hyphens and slashes, starting with a letter or
 * digit ("FeLV-A", "H5N1"); undefined when it ends otherwise. Read backwards: a regular expression anchored at the end
 * is tried from every position of the text.
 */
function wordEnding(text: string): string | undefined {
  const word = wordBefore(text, text.length, WORD_PART);
  let start = 0;
  while (start < word.length && !isLetterOrDigit(word[start])) start++;
  return start < word.length ? word.slice(start) : undefined;
}

/**
 * The word just before `at`, past any whitespace: the run of characters `part` accepts ("" when there is none). Read
 * backwards, as a pattern anchored there would be tried from every position of the text.
 */
export function wordBefore(text: string, at: number, part: RegExp): string {
  let end = at;
  while (end > 0 && /\s/.test(text[end - 1]!)) end--;
  let start = end;
  while (start > 0 && part.test(text[start - 1]!)) start--;
  return text.slice(start, end);
}

/**
 * Whether a text may define one of these short forms: a cheap test before findAbbreviations, reading only the short
 * forms (what a parenthesis opens with, or the word just before one), not their long forms. Every short form
 * findAbbreviations reads, in the text or in any part of it, is one it tests.
 */
export function mayDefineAnyOf(text: string, shortForms: ReadonlySet<string>): boolean {
  for (const match of text.matchAll(/\(([^()]{1,120})\)/g)) {
    const inside = match[1]!.trim();
    const short = inside.split(/[;,]\s/)[0]!.trim();
    if (isShortForm(short)) {
      if (shortForms.has(short)) return true;
      continue;
    }
    // (A short form before its long form is read whole here, as its long form is the parenthesis alone.)
    const previous = wordEnding(text.slice(0, match.index));
    if (previous && shortForms.has(previous) && definesBefore(previous, inside)) return true;
  }
  return false;
}

/** Whether "SF (long form)" defines the word before the parenthesis: the whole parenthesis must be its long form. */
function definesBefore(previous: string, inside: string): boolean {
  if (!isShortForm(previous) || inside.split(/\s+/).length < 2) return false;
  const long = bestLongForm(previous, inside);
  return acceptable(previous, long) && long === inside.replace(/\s+/g, " ");
}

/** Every abbreviation a text defines, in order of appearance (repeats kept: they count). */
export function findAbbreviations(text: string): AbbreviationPair[] {
  const out: AbbreviationPair[] = [];
  for (const match of text.matchAll(/\(([^()]{1,120})\)/g)) {
    const inside = match[1]!.trim();
    const before = text.slice(Math.max(0, match.index! - 400), match.index!);
    // "long form (SF)", also "(SF; other words)" and "(SF, other words)"
    const short = inside.split(/[;,]\s/)[0]!.trim();
    if (isShortForm(short)) {
      const long = bestLongForm(short, candidateBefore(before, short));
      if (acceptable(short, long)) out.push({ short, long });
      continue;
    }
    // "SF (long form)": the word before the parenthesis is the short form
    const previous = wordEnding(before);
    if (previous && definesBefore(previous, inside)) out.push({ short: previous, long: inside.replace(/\s+/g, " ") });
  }
  return out;
}
