import { split } from "sentence-splitter";
import { English } from "sentence-splitter/lang";

/**
 * Sentences of clinical text, with where each sits in the text: shared by ingest (chunks end on
 * sentence boundaries) and answers (a quote is a whole sentence, cited with the page it is printed on).
 *
 * The boundaries come from `sentence-splitter` (textlint's splitter: a period ends a sentence only
 * before white space, so "0.5 mg/kg" and "2.5%" stay whole; nothing inside (…), […], {…} or "…" ends
 * one), taught the abbreviations of clinical and scientific writing. What the library cannot know is
 * settled after it, on the same offsets:
 * - an abbreviation that never ends a sentence ("e.g.", "Fig.", "vs.") keeps the next words with it;
 * - a lone initial or genus initial ("E. coli", "by J. Smith", "with S. Enteritidis") is not a sentence end;
 * - a reference marker left alone after a sentence ("… disadvantageous. $^{10,11}$") belongs to it;
 * - a dotted dosing abbreviation ending a sentence ("… 5 mg/kg b.i.d. Monitor …") is one;
 * - a sentence never starts with a lower-case word ("… the M . extensor carpi …"), though "pH" or "mRNA" may start one;
 * - a number ends a sentence unless it opens one ("… in 2001. Cats …", but "2. Apply …");
 * - a reference marker glued to the full stop ("… kidneys.[24] The …", "… over.2 Most …") ends one;
 * - a list bullet inside a line starts a new item;
 * - an opening bracket or quote that is never closed on its line does not swallow the rest of it.
 * Lines (newline-separated: table rows, list items, paragraphs of a chunk) are separate units.
 */

/**
 * A figure, table or plate caption ("Figure 3. …", "Fig. 2:", "Table 1 Doses of …", "Plate 4", "TABLE 2."):
 * a label, not a finding, and never the continuation of a sentence from the page before.
 */
export const CAPTION_START = /^(?:(?:supplementa(?:ry|l)\s+)?(?:fig(?:ure)?s?\.?|tables?|plates?|charts?|graphs?|diagrams?|boxe?s?|maps?|illustrations?)\s*(?:[A-Z]?\d+(?:[.–-]\d+)*[A-Za-z]?|[IVXL]+)\b)/i;

export type SentenceSpan = {
  /** The sentence as written (trimmed): `text === source.slice(start, end)`. */
  text: string;
  start: number;
  end: number;
};

/**
 * Abbreviations that never end a sentence: what follows them is always more of the same sentence
 * ("e.g. Dogs and cats", "Fig. S2", "vs. Control").
 */
const NEVER_FINAL = [
  "e.g.",
  "i.e.",
  "cf.",
  "vs.",
  "viz.",
  "approx.",
  "ca.",
  "incl.",
  "Fig.",
  "Figs.",
  "Dr.",
  "Drs.",
  "Prof.",
  "pp.",
  "Eq.",
  "Eqs.",
  "Ref.",
  "Refs.",
  "Sect.",
  "Suppl.",
];

/**
 * Abbreviations that end a sentence only before a capitalised word ("given i.m. twice" vs
 * "given 0.2 mg/kg i.m. Cats …"): the library's rule for its own list, extended with clinical ones.
 */
const CLINICAL_ABBREVIATIONS = [
  "al.",
  "i.m.",
  "i.v.",
  "s.c.",
  "s.q.",
  "p.o.",
  "i.p.",
  "i.n.",
  "b.i.d.",
  "s.i.d.",
  "t.i.d.",
  "q.i.d.",
  "e.o.d.",
  "q.d.",
  "q.h.",
  "q.4h.",
  "q.6h.",
  "q.8h.",
  "q.12h.",
  "q.24h.",
  "q4h.",
  "q6h.",
  "q8h.",
  "q12h.",
  "q24h.",
  "spp.",
  "sp.",
  "ssp.",
  "subsp.",
  "var.",
  "nov.",
  "ser.",
  "No.",
  "Nos.",
  "Vol.",
  "Vols.",
  "min.",
  "mins.",
  "hr.",
  "hrs.",
  "sec.",
  "wk.",
  "wks.",
  "mo.",
  "mos.",
  "yr.",
  "yrs.",
  "resp.",
  "etc.",
  "est.",
  "max.",
  "avg.",
  "conc.",
  "wt.",
  "inj.",
  "tab.",
  "tabs.",
  "susp.",
  "sol.",
  "Vet.",
  "Med.",
  "Sci.",
  "Res.",
  // Initials and genus abbreviations ("E. coli", "S. aureus", "J. Smith"): a sentence end only before a capital.
  ..."ABCDEFGHIJKLMNOPQRSTUVWXYZ".split("").map((c) => `${c}.`),
];

const LANGUAGE = {
  ...English,
  ABBREVIATIONS: [...new Set([...English.ABBREVIATIONS, ...CLINICAL_ABBREVIATIONS])],
  PREPOSITIVE_ABBREVIATIONS: [...new Set([...English.PREPOSITIVE_ABBREVIATIONS, ...NEVER_FINAL])],
};

type WordList = "ABBREVIATIONS" | "PREPOSITIVE_ABBREVIATIONS" | "EXCLAMATION_WORDS";
const WORD_LISTS: Array<[WordList, Array<[entry: string, lower: string]>]> = (["ABBREVIATIONS", "PREPOSITIVE_ABBREVIATIONS", "EXCLAMATION_WORDS"] as const).map(
  (name) => [name, LANGUAGE[name].map((entry) => [entry, entry.toLowerCase()])],
);

/** The splitter also ends a word at these scripts' characters (they are written without spaces). */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/**
 * The splitter compares every word of a line, case-insensitively, with each entry of its word lists
 * (about 250 comparisons a word: most of a book's chunking time). A word can only equal an entry that is
 * one of the line's words (with CJK, that occurs in the line), so each line gets the lists cut down to
 * those: the same sentences, far fewer comparisons.
 */
function splitOptions(line: string) {
  const lower = line.toLowerCase();
  const words = CJK.test(line) ? null : new Set(lower.split(/\s+/));
  const language: typeof LANGUAGE = { ...LANGUAGE };
  for (const [name, entries] of WORD_LISTS) {
    const kept: string[] = [];
    for (const [entry, l] of entries) if (words ? words.has(l) : lower.includes(l)) kept.push(entry);
    language[name] = kept;
  }
  return { AbbrMarker: { language } };
}

const NEVER_FINAL_SET = new Set(NEVER_FINAL.map((a) => a.toLowerCase()));
const ABBREVIATION_SET = new Set(LANGUAGE.ABBREVIATIONS.map((a) => a.toLowerCase()));

/** The sentences of `text`, in order; offsets point into `text`. */
export function splitSentences(text: string): SentenceSpan[] {
  const out: SentenceSpan[] = [];
  let lineStart = 0;
  for (const line of text.split("\n")) {
    for (const [from, to] of lineSentences(line)) out.push({ text: text.slice(lineStart + from, lineStart + to), start: lineStart + from, end: lineStart + to });
    lineStart += line.length + 1;
  }
  return out;
}

/** The characters after which the library may end a sentence (its SeparatorParser's defaults). */
const SEPARATOR = /[.．。?？!！]/;

/** [start, end) of each trimmed sentence of one line. */
function lineSentences(line: string): Array<[number, number]> {
  if (!line.trim()) return [];
  const shadow = closeUnbalanced(line);
  const cuts = new Set<number>();
  // A line with no sentence-ending character is one sentence to the library: most of a book's lines wrap
  // mid-sentence, and the library is most of a book's chunking time
  if (SEPARATOR.test(shadow)) {
    for (const node of split(shadow, splitOptions(shadow))) {
      if (node.type === "Sentence") cuts.add(node.range[1]);
    }
  }
  const nested = insidePairs(shadow);
  for (const cut of extraCuts(shadow)) if (!nested[cut - 1]) cuts.add(cut);
  cuts.delete(line.length);
  const spans: Array<[number, number]> = [];
  let from = 0;
  for (const cut of [...cuts].filter((c) => c > 0 && c < line.length).sort((a, b) => a - b).concat(line.length)) {
    const span = trimmed(line, from, cut);
    if (span) spans.push(span);
    from = cut;
  }
  return mergeFalseEnds(line, spans);
}

function trimmed(line: string, from: number, to: number): [number, number] | null {
  while (from < to && /\s/.test(line[from]!)) from++;
  while (to > from && /\s/.test(line[to - 1]!)) to--;
  return to > from ? [from, to] : null;
}

/**
 * The line with every bracket or straight quote that is not closed on it replaced by "_" (same
 * length, so offsets hold): the splitter never ends a sentence inside a pair, and an unclosed "("
 * (a chunk that starts inside a parenthesis, a typo) must not make the rest of the line one sentence.
 */
function closeUnbalanced(line: string): string {
  const chars = line.split("");
  const open: Array<{ char: string; at: number }> = [];
  const closing: Record<string, string> = { ")": "(", "]": "[", "}": "{" };
  let quote = -1;
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]!;
    if (c === "(" || c === "[" || c === "{") open.push({ char: c, at: i });
    else if (c in closing) {
      const at = open.findLastIndex((o) => o.char === closing[c]);
      if (at >= 0) open.splice(at);
    } else if (c === '"') quote = quote >= 0 ? -1 : i;
  }
  for (const o of open) chars[o.at] = "_";
  if (quote >= 0) chars[quote] = "_";
  return chars.join("");
}

/** For each position of a line whose brackets and quotes are balanced: whether it is inside a pair. */
function insidePairs(line: string): boolean[] {
  const inside = new Array<boolean>(line.length).fill(false);
  let depth = 0;
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === "(" || c === "[" || c === "{") depth++;
    else if ((c === ")" || c === "]" || c === "}") && depth > 0) depth--;
    else if (c === '"') quoted = !quoted;
    inside[i] = depth > 0 || quoted;
  }
  return inside;
}

/** Tokens of three or more dotted letters ("b.i.d.", "U.S.A."), which the library never lets end a sentence. */
const DOTTED_BEFORE_CAPITAL = /(?<=^|\s)(?:\p{L}\.){3,}(?=\s+\p{Lu}\p{Ll})/gu;
/**
 * A number closing a sentence ("… published in 2001. Cats …", "… shown in Fig. 1. SAV …"): the library
 * takes every "12." for a list number; it is one only where it opens its sentence ("2. Apply the dressing").
 */
const NUMBER_BEFORE_CAPITAL = /(?<=(\S+)[^\S\n]+)\d+\.(?=\s+\p{Lu})/gu;
/** A bracketed reference marker glued to the full stop, before the next sentence: "kidneys.[24] The", "(PCR).[10,16-18] The", "carriers.<sup>4</sup> Infection". */
const BRACKET_MARKER_AFTER_STOP = /(?<=[\p{L}\p{N})\]%][.!?])(?:\[\d{1,3}(?:\s*[,–-]\s*\d{1,3})*\]|<sup>[\d,\s–-]+<\/sup>)(?=\s+[\p{Lu}"“(])/gu;
/** A superscript marker flattened to digits after a word's full stop: "cats.²³ In", "over.2 Most", "States.11,12 Clinical". */
const DIGIT_MARKER_AFTER_STOP = /(?<=(\p{L}+)[.!?])(?:[¹²³⁴⁵⁶⁷⁸⁹⁰]+(?:[,–-][¹²³⁴⁵⁶⁷⁸⁹⁰]+)*|\d{1,3}(?:[,–-]\d{1,3})*)(?=\s+(?:\p{Lu}\p{Ll}|["“(]))/gu;
/** A list bullet inside a line starts a new item: "… subpopulations.￭Improper management …". */
const BULLET_INSIDE = /(?<=\S\s*)[•●▪■◦‣⁃∙➢►￭](?=\s*\S)/gu;

const isAbbreviation = (token: string) => ABBREVIATION_SET.has(token.toLowerCase()) || NEVER_FINAL_SET.has(token.toLowerCase());

function extraCuts(line: string): number[] {
  const cuts: number[] = [];
  for (const m of line.matchAll(DOTTED_BEFORE_CAPITAL)) cuts.push(m.index + m[0].length);
  // "Figure 3. Lateral radiograph …": the number of a caption's label does not end a sentence.
  const caption = CAPTION_START.exec(line);
  const captionLabelEnd = caption ? caption.index + caption[0].length : -1;
  for (const m of line.matchAll(NUMBER_BEFORE_CAPITAL)) {
    if (m.index + m[0].length - 1 === captionLabelEnd) continue;
    const before = m[1]!;
    // After a word, a number or a closing bracket; after an abbreviation ("Fig. 1."), but not after a
    // sentence's end or a colon, where "2." numbers a list item.
    if (/[\p{L}\p{N}%)\]]$/u.test(before) || (before.endsWith(".") && isAbbreviation(before))) cuts.push(m.index + m[0].length);
  }
  for (const m of line.matchAll(BRACKET_MARKER_AFTER_STOP)) cuts.push(m.index + m[0].length);
  for (const m of line.matchAll(DIGIT_MARKER_AFTER_STOP)) {
    // Two or more lower-case letters before the stop: "Fig.2 Dogs" and "No.5 The" are numbers, not markers.
    const word = m[1]!;
    if (/\p{Ll}{2}$/u.test(word) && !isAbbreviation(`${word}.`)) cuts.push(m.index + m[0].length);
  }
  for (const m of line.matchAll(BULLET_INSIDE)) cuts.push(m.index);
  return cuts;
}

const LAST_TOKEN = /(\S+)$/;
const FIRST_WORD = /^\S+/;

/** Joins spans the library split after an abbreviation or an initial that does not end the sentence. */
function mergeFalseEnds(line: string, spans: Array<[number, number]>): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const span of spans) {
    const prev = out[out.length - 1];
    if (prev && continuesAfter(line.slice(prev[0], prev[1]), line.slice(span[0], span[1]))) prev[1] = span[1];
    else out.push([...span]);
  }
  return out;
}

/** A reference marker and nothing else: "[5].", "$^{10,11}$", "¹²": it belongs to the sentence before it. */
const MARKER_ONLY = /^(?:\$\s*(?:\{\s*\})?\^\{?[\d,\s–-]+\)?\}?\s*\$|\[\d{1,3}(?:\s*[,–-]\s*\d{1,3})*\]|<sup>[\d,\s–-]+<\/sup>|[¹²³⁴⁵⁶⁷⁸⁹⁰]+(?:[,–-][¹²³⁴⁵⁶⁷⁸⁹⁰]+)*)[.,;]?$/u;
/** Nouns that a letter names ("vitamin K.", "group A.", "type C."): that letter can end a sentence. */
const LETTER_NAMING = /^(?:vitamins?|hepatitis|groups?|types?|subtypes?|serogroups?|serotypes?|genotypes?|class|classes|grades?|stages?|phases?|factors?|proteins?|lanes?|panels?|appendix|sections?|zones?|sites?|forms?|categories|category|clusters?|clades?|lineages?|strains?|and|or)$/i;

function continuesAfter(prev: string, next: string): boolean {
  if (MARKER_ONLY.test(next)) return true;
  const token = (LAST_TOKEN.exec(prev)?.[1] ?? "").replace(/^[("'“‘[]+/, "");
  if (!token.endsWith(".")) return false;
  if (NEVER_FINAL_SET.has(token.toLowerCase())) return true;
  const nextWord = FIRST_WORD.exec(next)?.[0] ?? "";
  // A sentence does not start with a lower-case word ("subsp. enterica", "the M . extensor carpi",
  // "$L$ . reuteri"); one that only looks lower-case ("pH", "mRNA", "hBD-3", "p53") may.
  if (/^\p{Ll}+(?:-\p{Ll}+)*[,;:]?$/u.test(nextWord)) return true;
  // A capital initial before a capitalised word is a name or a genus ("by J. Smith", "with S. Enteritidis"),
  // unless a noun before it says the letter is a name of its own ("vitamin K. Dogs …").
  if (/^\p{Lu}\.$/u.test(token) && /^\p{Lu}/u.test(nextWord)) {
    const before = prev.slice(0, prev.length - token.length).trimEnd();
    const word = (LAST_TOKEN.exec(before)?.[1] ?? "").replace(/[,;:]$/, "");
    return !LETTER_NAMING.test(word);
  }
  return false;
}
