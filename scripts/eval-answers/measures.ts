import { REFUSAL, type Citation } from "../../app/lib/answer/index.server";
import { isStopWord, tokenize } from "../../app/lib/search/index.server";

/**
 * The measures of `npm run eval:answers`, on one answer at a time: pure functions of the answer's
 * content and citations and of the pages' text, no knowledge of the pipeline's internals.
 */

/** A page of a knowledge-base document: where a gold answer is printed, or a citation points. */
export type PageRef = { documentId: string; page: number };
/** The text printed on a page (undefined when the page does not exist). */
export type PageText = (documentId: string, page: number) => string | undefined;

/** An italic note line ("_Quoted from the knowledge base: …_"): the app's own remark, not the answer. */
const isNoteLine = (line: string) => {
  const t = line.trim();
  return t.length > 1 && t.startsWith("_") && t.endsWith("_");
};

/**
 * A refusal: the first paragraph (after an optional italic note line) starts with the exact refusal
 * sentence. A line naming what the knowledge base does cover may follow it, with a citation.
 */
export function isRefusal(content: string): boolean {
  const lines = content.trim().split("\n");
  while (lines.length && !lines[0]!.trim()) lines.shift();
  if (lines.length && isNoteLine(lines[0]!)) lines.shift();
  return lines.join("\n").trim().startsWith(REFUSAL);
}

/** The pages a citation names: `page` 12 -> [12], "12-13" -> [12, 13]; else its physical page. */
export function citationPages(citation: Citation): number[] {
  const page = String(citation.page).trim();
  const range = /^(\d+)\s*[-–]\s*(\d+)$/.exec(page);
  if (range) {
    const [from, to] = [Number(range[1]), Number(range[2])];
    if (to >= from) return Array.from({ length: to - from + 1 }, (_, i) => from + i);
  }
  if (/^\d+$/.test(page)) return [Number(page)];
  return citation.physicalPage ? [citation.physicalPage] : [];
}

/** Whether the citation's pages include one of the gold pages. */
export function citesGold(citation: Citation | undefined, gold: PageRef[]): boolean {
  if (!citation) return false;
  const pages = citationPages(citation);
  return gold.some((g) => g.documentId === citation.documentId && pages.includes(g.page));
}

/** Our citation markers as the app leaves them after renumbering: [1], [2] (not "\[24\]", not a link "[1](…)"). */
const MARKER = /(?<!\\)\[(\d{1,3})\](?!\()/g;
const MARKER_RUN = /(?:(?<!\\)\[\d{1,3}\](?!\())+/g;
/** A list bullet, numbered item, heading or quote mark at a line start (an escaped one is quoted text). */
const LINE_PREFIX = /^\s*(?:[-*+]\s+|\d+[.)]\s+|#{1,6}\s+|>\s*)/;

/** Markdown out of a stretch of answer text: emphasis marks dropped, escapes undone ("\[24\]" -> "[24]"). */
export function unmark(text: string): string {
  return text.replace(/\\(.)|\*\*|__|[*_]/g, (_m, escaped: string | undefined) => escaped ?? "");
}

/** The answer's lines without the italic note lines. */
const bodyLines = (content: string) => content.split("\n").filter((l) => !isNoteLine(l));

/** What a reader reads: the answer without note lines, citation markers and markdown. */
export function plainText(content: string): string {
  return bodyLines(content)
    .map((l) =>
      unmark(l.replace(LINE_PREFIX, "").replace(MARKER, ""))
        .replace(/[ \t]+/g, " ")
        .trim(),
    )
    .join("\n")
    .trim();
}

/** Words of an answer: pieces of its plain text holding a letter or digit. */
export function wordCount(content: string): number {
  return plainText(content)
    .split(/\s+/)
    .filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

/** Case and whitespace folded; no space before punctuation (the app's citation tidy-up removes such spaces from quotes). */
/** A soft hyphen (with the space a PDF's line break leaves after it) marks a word broken across lines: "abnor\u00ad mal". */
const unbroken = (text: string) => text.replace(/\u00ad\s*/g, "");
const normalise = (text: string) =>
  unbroken(text)
    .replace(/\s+([.,;:!?])/g, "$1")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();
const GREEK: Record<string, string> = { α: "alpha", β: "beta", γ: "gamma", δ: "delta", ε: "epsilon", κ: "kappa", λ: "lambda", μ: "mu", µ: "mu", π: "pi", σ: "sigma", τ: "tau", φ: "phi", ω: "omega" };
/** A page's LaTeX ("chIFN- $\\alpha$") and a quote's rendering of it ("chIFN-α") read as the same words. */
const plainGreek = (text: string) => text.replace(/[αβγδεκλμµπστφω]/g, (c) => ` ${GREEK[c]} `).replace(/[$\\]/g, " ");
/** Content tokens: the app's tokenizer with its function-word filter (as queries are read). */
export const contentTokens = (text: string) => new Set(tokenize(plainGreek(unbroken(text)), isStopWord));
const segmenter = new Intl.Segmenter("en", { granularity: "sentence" });
const lastSentence = (text: string) => [...segmenter.segment(text)].map((s) => s.segment.trim()).filter(Boolean).pop() ?? "";

/** The share of content tokens a page must hold for a reworded sentence (a model's) to count as printed there. */
export const TOKEN_SHARE = 0.8;

export type MarkerCheck = {
  /** The marker's number: the citation it names is citations[marker - 1]. */
  marker: number;
  /** The sentence the marker follows. */
  sentence: string;
  /** "verbatim": its text is on a cited page; "tokens": ≥ 80 % of its content tokens are on one; null: neither. */
  found: "verbatim" | "tokens" | null;
  /** Found on the first page the citation names (the strict reading of a range such as "pg. 32-34"). */
  onFirstPage: boolean;
};

/**
 * Every citation marker of an answer with the sentence it follows, and whether that sentence is printed
 * on the page(s) its citation names. The sentence is the text between the previous marker (or the line
 * start) and this one; it is found when that text, or its last sentence, occurs verbatim on a cited page
 * (case and whitespace folded, markdown escapes undone), or when ≥ 80 % of its last sentence's content tokens are on one cited page.
 */
export function checkMarkers(content: string, citations: Citation[], pageText: PageText): MarkerCheck[] {
  const checks: MarkerCheck[] = [];
  for (const raw of bodyLines(content)) {
    const line = raw.replace(LINE_PREFIX, "");
    let last = 0;
    let previous = "";
    for (const run of line.matchAll(MARKER_RUN)) {
      let sentence = unmark(line.slice(last, run.index))
        .replace(/^[\s.,;:!?)\]]+/, "")
        .trim();
      last = run.index + run[0].length;
      // "… [1]. [2]": a marker with no text of its own follows the same sentence as the one before it.
      if (!sentence) sentence = previous;
      previous = sentence;
      for (const m of run[0].matchAll(MARKER)) {
        const marker = Number(m[1]);
        const citation = citations[marker - 1];
        const pages = citation?.documentId ? citationPages(citation).map((p) => pageText(citation.documentId!, p) ?? "") : [];
        const found = findOnPages(sentence, pages);
        checks.push({ marker, sentence, found, onFirstPage: pages.length > 1 ? findOnPages(sentence, pages.slice(0, 1)) !== null : found !== null });
      }
    }
  }
  return checks;
}

function findOnPages(sentence: string, pages: string[]): MarkerCheck["found"] {
  if (!sentence || !pages.length) return null;
  const texts = pages.map(normalise);
  const final = lastSentence(sentence);
  for (const candidate of [sentence, final]) {
    const wanted = normalise(candidate);
    if (wanted && texts.some((t) => t.includes(wanted))) return "verbatim";
  }
  const tokens = contentTokens(final);
  if (!tokens.size) return null;
  for (const text of pages) {
    const present = contentTokens(text);
    let hit = 0;
    for (const t of tokens) if (present.has(t)) hit++;
    if (hit / tokens.size >= TOKEN_SHARE) return "tokens";
  }
  return null;
}

export const OPTION_LETTERS = ["A", "B", "C", "D"] as const;
export type OptionLetter = (typeof OPTION_LETTERS)[number];

/**
 * Reader pick: each option's distinctive tokens (the app's tokenize, all words; minus the tokens shared by
 * all four options); the pick is the option with the highest share of its distinctive tokens present in the
 * answer text. Ties split the credit (1/k when the right option is among k tied); no token present scores 0.
 */
export function readerPick(answerText: string, options: Record<OptionLetter, string>, right: OptionLetter): number {
  const tokens = OPTION_LETTERS.map((l) => new Set(tokenize(options[l])));
  const sharedByAll = [...tokens[0]!].filter((t) => tokens.every((s) => s.has(t)));
  const present = new Set(tokenize(answerText));
  const shares = tokens.map((set) => {
    const distinctive = [...set].filter((t) => !sharedByAll.includes(t));
    return distinctive.length ? distinctive.filter((t) => present.has(t)).length / distinctive.length : 0;
  });
  const best = Math.max(...shares);
  if (best <= 0) return 0;
  const tied = OPTION_LETTERS.filter((_, i) => shares[i] === best);
  return tied.includes(right) ? 1 / tied.length : 0;
}

/** The first n words of a text. */
export const firstWords = (text: string, n: number) => text.split(/\s+/).filter(Boolean).slice(0, n).join(" ");

/** Options written into a multiple-choice question ("… A. x B. y …"): the stem alone is asked. */
export function stemOnly(question: string, options: Record<OptionLetter, string>): string {
  const at = question.indexOf(options.A.trim().slice(0, 40));
  if (!options.A.trim() || at < 0) return question.trim();
  const before = question.slice(0, at);
  const label = /\(?A[).:]?\s*$/.exec(before);
  return (label ? before.slice(0, label.index) : before).trim();
}

export const pct = (n: number, d: number) => (d ? Math.round((1000 * n) / d) / 10 : null);
export const mean = (values: number[]) => (values.length ? Math.round((100 * values.reduce((a, b) => a + b, 0)) / values.length) / 100 : null);

/** Nearest-rank percentile (p in 0..100). */
export function percentile(values: number[], p: number): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
