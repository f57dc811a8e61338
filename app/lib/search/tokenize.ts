import { porterStem } from "./porter";
import { americanSpelling, CHANGES_FIRST_LETTERS } from "./spelling";
import { isStopWord } from "./stopwords";

/**
 * The one tokenizer of the search index. Chunks are tokenized here before they reach FTS5
 * (which then only splits on spaces: `tokenize="ascii tokenchars '.'"`), and queries are
 * tokenized by the same function, so the indexed form of every query term is known exactly
 * in JavaScript: its document frequency can be looked up, and candidates can be re-scored.
 *
 * - NFKC folds compatibility forms that PDFs are full of (ligatures "ﬁ" -> "fi", full-width digits).
 * - Lower case, then diacritics removed (NFD, drop combining marks): "Tromsø" and "tromso" do not
 *   meet (ø is a letter of its own), but "café"/"cafe", "Åse"/"ase", "й"/"и" do, on both sides.
 * - Words are runs of letters and digits; a number with a decimal point ("0.1", "2.5") stays one
 *   token so that doses match as written. A possessive's or contraction's ending ("horse's", "don't")
 *   is not a word: "what's" is "what", not "what" and "s".
 * - Han, Hiragana and Katakana are written without spaces: each run becomes overlapping character
 *   bigrams (single characters for one-character runs), the usual CJK approach in search engines.
 * - English (ASCII) words are folded to American spelling (spelling.ts: "oedema" -> "edema") and
 *   stemmed with Porter; other scripts are kept as they are.
 *
 * Speed matters twice: at index time (a million chunks) and at query time, when the candidates'
 * text is re-tokenized to count term frequencies. A hand-written scanner over char codes runs
 * ~120 ns per token against ~250 ns for `matchAll` with a Unicode regex, and ASCII text (most of
 * it) skips the three normalisation passes.
 */

/** Any UTF-16 code unit outside ASCII (surrogates included): a quick test, no Unicode mode needed. */
const NON_ASCII = /[\u0080-\uffff]/;
const MARKS = /\p{M}+/gu;
/**
 * Non-ASCII characters that folding can turn into, or that are, parts of words: letters, digits,
 * combining marks, and symbols with letters inside ("™" -> "tm", "㎎" -> "mg"). Text whose only
 * non-ASCII characters are punctuation such as "±", "–" or "≤" (most of PubMed) skips the three
 * normalisation passes: they are separators either way.
 */
const NEEDS_FOLDING = /(?=\P{ASCII})[\p{L}\p{N}\p{M}\p{So}]/u;
const LETTER_OR_NUMBER = /^[\p{L}\p{N}]$/u;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const CJK_RUNS = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]+|[^\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]+/gu;
const ASCII_LOWER = /^[a-z]+$/;
/** Longer "words" are base64, hashes, or run-together garbage from bad PDFs: not worth indexing. */
export const MAX_TOKEN_LENGTH = 48;

/** Drops a normalised word before stemming when it returns true (queries drop function words). */
export type WordFilter = (word: string) => boolean;

export function normalizeText(text: string): string {
  return text.normalize("NFKC").toLowerCase().normalize("NFD").replace(MARKS, "");
}

/**
 * Stems are cached: the same few thousand words make up most text, and stemming is the costly part.
 * Emptied when full: 50k words (~2 MB per thread) hold a clinic's vocabulary; a large knowledge base's long
 * tail of rare words would otherwise fill 200k entries (~8 MB per thread) with words seen once.
 */
const stemCache = new Map<string, string>();
const STEM_CACHE_LIMIT = 50_000;

/**
 * Function words keep their form: Porter would make "are", "has", "his", "this" and "may" the index terms of the
 * abbreviations AR (androgen receptor), HA (haemagglutinin), HI (haemagglutination inhibition), THI
 * (temperature-humidity index) and MAI, and every passage would seem to name them. (Queries never search function
 * words, so nothing else changes; an index built before is rebuilt at start, ANALYZER_VERSION 5.)
 */
function stemWord(word: string): string {
  let stemmed = stemCache.get(word);
  if (stemmed !== undefined) return stemmed;
  stemmed = ASCII_LOWER.test(word) && !isStopWord(word) ? porterStem(americanSpelling(word)) : word;
  if (stemCache.size >= STEM_CACHE_LIMIT) stemCache.clear();
  stemCache.set(word, stemmed);
  return stemmed;
}

const wordCharCache = new Map<number, boolean>();

/** Letters and digits of any script (non-ASCII code points are rare in most text: cached). */
function isWordCodePoint(cp: number): boolean {
  if (cp < 128) return (cp >= 97 && cp <= 122) || (cp >= 48 && cp <= 57);
  let known = wordCharCache.get(cp);
  if (known === undefined) wordCharCache.set(cp, (known = LETTER_OR_NUMBER.test(String.fromCodePoint(cp))));
  return known;
}

const isDigit = (c: number) => c >= 48 && c <= 57;

type WordSink = (text: string, start: number, end: number) => void;

/** What follows an apostrophe in "horse's", "don't", "we'll": not a word of its own. */
const CONTRACTIONS = new Set(["s", "t", "d", "ll", "re", "ve", "m"]);

/** The index of the last letter of a contraction's ending after the apostrophe at `at`, or `at` when there is none. */
function skipContraction(text: string, at: number): number {
  let end = at + 1;
  while (end < text.length && end - at <= 3 && isWordCodePoint(text.charCodeAt(end))) end++;
  const followedByWord = end < text.length && isWordCodePoint(text.codePointAt(end) ?? 0);
  return !followedByWord && CONTRACTIONS.has(text.slice(at + 1, end)) ? end - 1 : at;
}

/**
 * Words of an already lower-cased, normalised text, as [start, end) spans. A '.' continues a token
 * of digits when a digit follows ("0.25"); such a number token ends at its first non-digit
 * ("1.5mg" -> "1.5", "mg").
 */
function scanWords(text: string, sink: WordSink) {
  const n = text.length;
  let start = -1;
  let numeric = true;
  let decimal = false;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    // Fast paths for the commonest characters, a lower-case ASCII letter and a space; the same as the general path below
    if (c >= 97 && c <= 122) {
      if (start >= 0 && decimal) sink(text, start, i);
      if (start < 0 || decimal) {
        start = i;
        decimal = false;
      }
      numeric = false;
      continue;
    }
    if (c === 32) {
      if (start >= 0) sink(text, start, i);
      start = -1;
      continue;
    }
    const cp = c >= 0xd800 && c <= 0xdbff ? (text.codePointAt(i) ?? c) : c;
    if (isWordCodePoint(cp)) {
      const digit = isDigit(c);
      if (start >= 0 && decimal && !digit) {
        sink(text, start, i);
        start = -1;
      }
      if (start < 0) {
        start = i;
        numeric = true;
        decimal = false;
      }
      numeric &&= digit;
    } else if (c === 46 && start >= 0 && numeric && i + 1 < n && isDigit(text.charCodeAt(i + 1))) {
      decimal = true;
    } else if ((c === 39 || c === 0x2019) && start >= 0) {
      sink(text, start, i);
      start = -1;
      i = skipContraction(text, i);
    } else if (start >= 0) {
      sink(text, start, i);
      start = -1;
    }
    if (cp > 0xffff) i++;
  }
  if (start >= 0) sink(text, start, n);
}

function pushWords(text: string, out: string[], skip?: WordFilter) {
  scanWords(text, (t, start, end) => {
    if (end - start > MAX_TOKEN_LENGTH) return;
    const word = t.slice(start, end);
    if (!skip?.(word)) out.push(stemWord(word));
  });
}

function pushCjkBigrams(run: string, out: string[]) {
  const chars = Array.from(run);
  if (chars.length === 1) out.push(chars[0]!);
  for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i]! + chars[i + 1]!);
}

/** Every Han, Hiragana and Katakana character is at or above U+2E80 (or outside the BMP, as surrogates). */
const MAYBE_CJK = /[\u2e80-\uffff]/;
const IS_MARK = /\p{M}/u;
const FOLDS = 1;
const FOLDED_ALREADY = 2;
const foldingCache = new Map<number, number>();

/**
 * For a non-ASCII UTF-16 unit outside the surrogates: FOLDS when NEEDS_FOLDING holds for it, FOLDED_ALREADY when
 * normalizeText leaves its lower case as it is and it cannot combine with a neighbour (no mark, no Hangul jamo,
 * below the CJK blocks): Greek letters, "°", "®".
 */
function foldingOf(code: number): number {
  let known = foldingCache.get(code);
  if (known !== undefined) return known;
  const char = String.fromCharCode(code);
  const lower = char.toLowerCase();
  const combines = IS_MARK.test(lower.normalize("NFD")) || (code >= 0x1100 && code <= 0x11ff) || (code >= 0xa960 && code <= 0xa97f) || (code >= 0xd7b0 && code <= 0xd7ff);
  const unchanged = char.normalize("NFKC") === char && lower.normalize("NFD") === lower && [...lower].every((c) => c.charCodeAt(0) < 0x2e80);
  known = (NEEDS_FOLDING.test(char) ? FOLDS : 0) | (unchanged && !combines ? FOLDED_ALREADY : 0);
  foldingCache.set(code, known);
  return known;
}

/**
 * Whether normalizeText would change the text beyond lower-casing it. Checked character by character (cached),
 * as NEEDS_FOLDING over the whole text and NFKC, NFD and the marks' removal cost most of a re-scored
 * candidate's time: a quarter of PubMed passages hold a Greek letter, which folding leaves as it is.
 */
export function needsNormalizing(text: string): boolean {
  let folds = false;
  let allFoldedAlready = true;
  for (let i = text.search(NON_ASCII); i >= 0 && i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 128) continue;
    if (code >= 0xd800 && code <= 0xdfff) return NEEDS_FOLDING.test(text);
    const folding = foldingOf(code);
    folds ||= (folding & FOLDS) !== 0;
    allFoldedAlready &&= (folding & FOLDED_ALREADY) !== 0;
  }
  return folds && !allFoldedAlready;
}

/**
 * A soft hyphen marks where a word may break, never a break between words: with the space a PDF's line end left after
 * it ("cricoaryten\u00AD oideus", "recur\u00AD rent"), it is dropped and the word is whole again.
 */
const SOFT_HYPHEN = /\u00AD\s*/g;

/** Lower case (and Unicode folding when needed): the form scanWords expects; whether CJK is in it. */
function prepare(raw: string): { normalized: string; cjk: boolean } {
  const text = raw.includes("\u00AD") ? raw.replace(SOFT_HYPHEN, "") : raw;
  if (!needsNormalizing(text)) return { normalized: text.toLowerCase(), cjk: false };
  const normalized = normalizeText(text);
  return { normalized, cjk: MAYBE_CJK.test(normalized) && CJK.test(normalized) };
}

/** Index terms of a text, in order (duplicates kept: term frequency matters). */
export function tokenize(text: string, skip?: WordFilter): string[] {
  const out: string[] = [];
  if (!text) return out;
  const { normalized, cjk } = prepare(text);
  if (!cjk) {
    pushWords(normalized, out, skip);
    return out;
  }
  for (const match of normalized.matchAll(CJK_RUNS)) {
    const run = match[0];
    if (CJK.test(run)) pushCjkBigrams(run, out);
    else pushWords(run, out, skip);
  }
  return out;
}

const CHANGING_AT_START = CHANGES_FIRST_LETTERS.atStart;
const CHANGING_AT_SECOND = CHANGES_FIRST_LETTERS.atSecond;
const FIRST_OF_CHANGING_AT_START = new Set(CHANGING_AT_START.map((p) => p.charCodeAt(0)));
const FIRST_OF_CHANGING_AT_SECOND = new Set(CHANGING_AT_SECOND.map((p) => p.charCodeAt(0)));

/** Whether American spelling may change the first two letters of the word at [start, end) ("oedema" -> "edema"). */
function spellingMayChangeStart(text: string, start: number, end: number): boolean {
  if (end - start < 4) return false;
  if (FIRST_OF_CHANGING_AT_START.has(text.charCodeAt(start))) {
    for (const p of CHANGING_AT_START) if (text.startsWith(p, start)) return true;
  }
  if (FIRST_OF_CHANGING_AT_SECOND.has(text.charCodeAt(start + 1))) {
    for (const p of CHANGING_AT_SECOND) if (text.startsWith(p, start + 1)) return true;
  }
  return false;
}

/**
 * A table of ASCII letter pairs, 1 where a word starting with them may start with one of `starts`: the pair
 * of a start of two letters or more, every pair beginning with a one-letter start. Non-ASCII starts are left out.
 */
function pairTable(starts: Iterable<string>): Uint8Array {
  const table = new Uint8Array(128 * 128);
  for (const start of starts) {
    const c0 = start.charCodeAt(0);
    const c1 = start.charCodeAt(1);
    if (c0 >= 128) continue;
    if (start.length === 1) table.fill(1, c0 * 128, c0 * 128 + 128);
    else if (c1 < 128) table[c0 * 128 + c1] = 1;
  }
  return table;
}

/**
 * spellingMayChangeStart's patterns as tables of ASCII letter pairs: 1 where a word's first two letters
 * (AT_START) or its second and third (AT_SECOND) begin a pattern, so most words skip the check.
 */
const SPELLING_AT_START = pairTable(CHANGING_AT_START);
const SPELLING_AT_SECOND = pairTable(CHANGING_AT_SECOND);

/** spellingMayChangeStart, looked up in the tables first when the word's first three letters are ASCII. */
function spellingMayChangeAsciiStart(text: string, start: number, end: number, c0: number, c1: number): boolean {
  if (end - start < 4) return false;
  const c2 = text.charCodeAt(start + 2);
  if (c2 < 128 && SPELLING_AT_START[c0 * 128 + c1] === 0 && SPELLING_AT_SECOND[c1 * 128 + c2] === 0) return false;
  return spellingMayChangeStart(text, start, end);
}

/**
 * Counts occurrences of a few terms in texts, as tokenize() would find them, without stemming every
 * word: Porter keeps a word's first letter, and its first two when the stem has three or more
 * (checked over 45k English words in stem.test.ts), so only words starting like a wanted term are
 * sliced and stemmed (and the few whose first letters American spelling changes: "oedema" for
 * "edema"). Re-scoring 200 candidates went from ~11 ms to ~3 ms with it.
 */
export class TermCounter {
  private readonly first = new Set<number>();
  private readonly firstTwo = new Set<number>();
  /** The same for ASCII words of two letters or more, as a table of their first two letters. */
  private readonly asciiPairs: Uint8Array;

  /** `terms`: index terms (from tokenize) and their positions in the counts array. */
  constructor(private readonly terms: Map<string, number>) {
    const starts: string[] = [];
    for (const term of terms.keys()) {
      if (term.length >= 3) this.firstTwo.add(term.charCodeAt(0) * 65_536 + term.charCodeAt(1));
      else this.first.add(term.charCodeAt(0));
      starts.push(term.slice(0, term.length >= 3 ? 2 : 1));
    }
    this.asciiPairs = pairTable(starts);
  }

  count(text: string): Float64Array {
    const counts = new Float64Array(this.terms.size);
    if (!text) return counts;
    const { normalized, cjk } = prepare(text);
    if (cjk) {
      for (const t of tokenize(text)) this.add(t, counts);
      return counts;
    }
    scanWords(normalized, (t, start, end) => {
      const length = end - start;
      if (length > MAX_TOKEN_LENGTH) return;
      const c0 = t.charCodeAt(start);
      const c1 = length >= 2 ? t.charCodeAt(start + 1) : 0;
      let possible: boolean;
      if (c0 < 128 && c1 < 128) {
        // Most words: two table lookups, and the spelling check only for the few pairs it could apply to
        possible = length === 1 ? this.first.has(c0) : this.asciiPairs[c0 * 128 + c1] === 1 || spellingMayChangeAsciiStart(t, start, end, c0, c1);
      } else {
        possible = this.first.has(c0) || (length >= 2 && this.firstTwo.has(c0 * 65_536 + c1)) || spellingMayChangeStart(t, start, end);
      }
      if (possible) this.add(stemWord(t.slice(start, end)), counts);
    });
    return counts;
  }

  private add(term: string, counts: Float64Array) {
    const i = this.terms.get(term);
    if (i !== undefined) counts[i]! += 1;
  }
}
