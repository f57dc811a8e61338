import type { ChunkLayout } from "../../../db/schema";
import { CAPTION_START, splitSentences } from "../sentences";
import type { Block, Chunk, ParsedPage } from "./types";

/**
 * Sentence-aware chunking: chunks of about 200-400 words that end on sentence boundaries, carry the
 * headings above them, overlap their neighbour by a sentence or two, keep table rows whole with their
 * header line, and record every page they span. Each chunk carries its layout: where each page starts
 * in its text, where its rows and sentences are (a quoted sentence is cited with its own page).
 *
 * A paragraph that goes on over a page break (the page's last paragraph stops mid-sentence and the
 * next page's first one carries on, see continuesOver) is read as one: the sentence across the break is one sentence
 * whose text spans the offset where the next page starts, so it is cited "pg. 12-13", not the first
 * page only. Page furniture between the two (page numbers, running heads) is moved out of the way.
 */

export type ChunkOptions = {
  /** A chunk closes at the first sentence boundary past this many words. */
  targetWords: number;
  /** Hard ceiling: a chunk never grows past this (a single longer sentence is split). */
  maxWords: number;
  /** Words of the previous chunk's last sentences repeated at the start of the next. */
  overlapWords: number;
  /** A heading closes the current chunk only when it already has this many words (tiny chunks help nobody). */
  minWordsBeforeHeadingBreak: number;
};

export const DEFAULT_CHUNK_OPTIONS: ChunkOptions = {
  targetWords: 280,
  maxWords: 400,
  overlapWords: 40,
  minWordsBeforeHeadingBreak: 120,
};

/** Where a page starts within a piece of text. */
type PageStart = { offset: number; page: number };

/**
 * A sentence (or table row) with where it came from: `pages` says where in `text` each page starts (the
 * first at 0; two for a sentence across a page break); `carried` when repeated from the previous chunk as overlap.
 */
type Unit = { text: string; words: number; pages: PageStart[]; header?: string; isRow: boolean; carried?: boolean; endsParagraph?: boolean };

export function countWords(text: string): number {
  let n = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const space = text.charCodeAt(i) <= 32;
    if (!space && !inWord) n++;
    inWord = !space;
  }
  return n;
}

const normalise = (text: string) => text.replace(/\s+/g, " ").trim();

class HeadingTrail {
  private readonly stack: Array<{ level: number; text: string }> = [];

  push(level: number, text: string) {
    while (this.stack.length && this.stack[this.stack.length - 1]!.level >= level) this.stack.pop();
    this.stack.push({ level, text });
  }

  toString(): string | null {
    return this.stack.length ? this.stack.map((h) => h.text).join(" > ") : null;
  }
}

export function chunkPages(pages: ParsedPage[], options: Partial<ChunkOptions> = {}): Chunk[] {
  const opts = { ...DEFAULT_CHUNK_OPTIONS, ...options };
  const labels = new Map(pages.map((p) => [p.number, p.label ?? null]));
  const chunks: Chunk[] = [];
  const trail = new HeadingTrail();
  let current: Unit[] = [];
  let currentWords = 0;
  let currentHeading: string | null = null;

  const emit = () => {
    if (!current.length) return;
    const pageSet = [...new Set(current.flatMap((u) => u.pages.map((p) => p.page)))].sort((a, b) => a - b);
    const { text, layout } = renderUnits(current, labels);
    chunks.push({
      index: chunks.length,
      text,
      heading: currentHeading,
      pages: pageSet,
      pageLabel: labels.get(pageSet[0]!) ?? null,
      wordCount: currentWords,
      layout,
    });
    // Overlap: carry the last sentences (never table rows) into the next chunk.
    const carried: Unit[] = [];
    let carriedWords = 0;
    for (let i = current.length - 1; i >= 0; i--) {
      const u = current[i]!;
      if (u.isRow || carriedWords + u.words > opts.overlapWords) break;
      carried.unshift({ ...u, carried: true });
      carriedWords += u.words;
    }
    // A carried tail that is the whole chunk would repeat it: only carry part of a chunk.
    current = carried.length < current.length ? carried : [];
    currentWords = current.reduce((n, u) => n + u.words, 0);
  };

  const add = (unit: Unit) => {
    if (currentWords + unit.words > opts.maxWords && currentWords > 0) emit();
    // The chunk's heading is the one above its first new sentence.
    if (newWords(current) === 0) currentHeading = trail.toString();
    current.push(unit);
    currentWords += unit.words;
    if (currentWords >= opts.targetWords) emit();
  };

  for (const item of readingFlow(pages)) {
    if (item.kind !== "heading") {
      for (const unit of unitsOf(item, opts.maxWords)) add(unit);
      continue;
    }
    if (newWords(current) >= opts.minWordsBeforeHeadingBreak) emit();
    // A new section starts: overlap from the previous section is not useful context.
    if (newWords(current) === 0) {
      current = [];
      currentWords = 0;
    }
    trail.push(item.level, item.text);
  }
  if (newWords(current) > 0) emit();
  return chunks.map((c, i) => ({ ...c, index: i }));
}

/** Words not repeated from the previous chunk: overlap alone never makes a chunk. */
function newWords(units: Unit[]): number {
  return units.reduce((n, u) => n + (u.carried ? 0 : u.words), 0);
}

// ---------------------------------------------------------------- reading flow across pages

/**
 * A piece of the document in reading order: a heading, a table row, or a line of prose. Prose is made
 * of parts, one per page it is printed on (two or more for a paragraph that goes on over a page
 * break); `glue` is what joins a part to the one before it.
 */
type Item =
  | { kind: "heading"; text: string; level: number; page: number }
  | { kind: "row"; text: string; header?: string; page: number }
  | { kind: "prose"; parts: Array<{ text: string; page: number; glue: string }>; continues: boolean };

/** The document's items in reading order, a paragraph continued on the next page joined into one. */
function readingFlow(pages: ParsedPage[]): Item[] {
  const furniture = new PageFurniture(pages);
  const vocabulary = new LazyVocabulary(pages);
  const flow: Item[] = [];
  for (const page of pages) {
    const items = page.blocks.flatMap((block) => itemsOf(block, page.number));
    const tailAt = findLastIndex(flow, (item) => !furniture.is(item));
    const headAt = items.findIndex((item) => !furniture.is(item));
    const tail = flow[tailAt];
    const head = items[headAt];
    if (tail?.kind === "prose" && head?.kind === "prose" && continuesOver(tail, head)) {
      // Page furniture printed between the two halves (a footer, the next page's running head) moves out
      // of the sentence: the previous page's before it, this page's after the joined paragraph.
      const between = flow.splice(tailAt + 1);
      flow.pop();
      flow.push(...between, join(tail, head, vocabulary));
      items.splice(headAt, 1);
    }
    flow.push(...items);
  }
  return flow;
}

function itemsOf(block: Block, page: number): Item[] {
  switch (block.kind) {
    case "heading": {
      const text = normalise(block.text);
      return text ? [{ kind: "heading", text, level: block.level, page }] : [];
    }
    case "row": {
      const text = normalise(block.text);
      return text ? [{ kind: "row", text, header: block.header ? normalise(block.header) : undefined, page }] : [];
    }
    case "paragraph":
      // Each line of a paragraph is read on its own (a list item, a line of an address).
      return block.text
        .split("\n")
        .map(normalise)
        .filter(Boolean)
        .map((text, i) => ({ kind: "prose", parts: [{ text, page, glue: "" }], continues: i === 0 && block.continues === true }));
  }
}

function findLastIndex<T>(items: T[], test: (item: T) => boolean): number {
  for (let i = items.length - 1; i >= 0; i--) if (test(items[i]!)) return i;
  return -1;
}

/** The end of a sentence: terminal punctuation, then closing quotes or brackets and reference markers. */
const ENDS_SENTENCE = /[.!?…:;](?:["'”’)\]]|\[\d[\d,\s–-]*\]|[¹²³⁴⁵⁶⁷⁸⁹⁰]+|\$\^\{[^}]*\}\$)*$/u;
/** A line-end hyphen splitting a word: "treat-" (U+00AD soft hyphen and U+2010 too). */
const HYPHEN_END = /(\p{L}+)[-\u00AD\u2010]$/u;
/** The last word leaves the sentence open: a comma, an article, a preposition, a conjunction, a verb "to be". */
const OPEN_END =
  /(?:,|\b(?:and|or|but|nor|the|a|an|of|to|in|on|at|by|for|with|from|as|than|that|which|who|whose|whom|is|are|was|were|be|been|has|have|had|its|their|this|these|those|into|onto|via|per|between|among|including|such|e\.g\.|i\.e\.))$/i;
/** A list item or a numbered step starts something new. */
const LIST_START = /^(?:[•●▪■◦○·‣⁃∙➢►✓✔*￭]|[-–—]\s|\(?(?:\d{1,2}|[a-z]|[ivx]{1,4})[.)]\s)/u;

/**
 * Whether the next page's first paragraph carries on the previous page's last one: the last ends
 * without terminal punctuation, and the next starts in lower case, finishes a hyphenated word, or
 * starts with a number or symbol after an open end ("… the dose of" / "0.1 mg/kg …"). A capital after
 * an open end is not enough ("… due to these" / "FIP is …" can be two texts that were cut); a DOCX
 * says itself when a paragraph goes on (`continues`).
 */
function continuesOver(tail: Extract<Item, { kind: "prose" }>, head: Extract<Item, { kind: "prose" }>): boolean {
  const last = tail.parts[tail.parts.length - 1]!.text;
  const first = head.parts[0]!.text;
  if (head.continues) return true;
  if (ENDS_SENTENCE.test(last) || LIST_START.test(first) || CAPTION_START.test(first)) return false;
  if (/^\p{Ll}+(?:-\p{Ll}+)*\b/u.test(first) && !/^\p{Ll}+\p{Lu}/u.test(first)) return true;
  if (HYPHEN_END.test(last) && /^[\p{Ll}\p{N}]/u.test(first)) return true;
  return OPEN_END.test(last) && /^[\p{N}<>≤≥~±(["“]/u.test(first);
}

function join(tail: Extract<Item, { kind: "prose" }>, head: Extract<Item, { kind: "prose" }>, vocabulary: LazyVocabulary): Item {
  const parts = tail.parts.map((p) => ({ ...p }));
  const last = parts[parts.length - 1]!;
  const [first, ...rest] = head.parts;
  let glue = " ";
  const hyphen = HYPHEN_END.exec(last.text);
  const next = /^\p{Ll}+/u.exec(first!.text)?.[0];
  if (hyphen && next) {
    // "treat-" + "ment" is one word broken by the page; "anti-" + "inflammatory" keeps its hyphen.
    const keep = !last.text.endsWith("\u00AD") && vocabulary.keepsHyphen(hyphen[1]!, next);
    last.text = keep ? last.text.replace(/\u2010$/, "-") : last.text.slice(0, -1);
    glue = "";
  }
  return { kind: "prose", parts: [...parts, { ...first!, glue }, ...rest], continues: tail.continues };
}

/**
 * Page numbers and running heads or feet at the top or bottom of pages: a line of digits (or a roman
 * numeral, or the page's label), or a short line that, numbers aside, stands at the edge of three or more pages.
 */
class PageFurniture {
  private readonly edgeKeys = new Map<string, number>();
  private readonly labels = new Set<string>();

  constructor(pages: ParsedPage[]) {
    for (const page of pages) {
      if (page.label) this.labels.add(page.label.toLowerCase());
      const blocks = page.blocks.filter((b) => b.text.trim());
      const edges = new Set([...blocks.slice(0, 2), ...blocks.slice(-2)].map((b) => furnitureKey(b.text)).filter((k) => k !== null));
      for (const key of edges) this.edgeKeys.set(key, (this.edgeKeys.get(key) ?? 0) + 1);
    }
  }

  is(item: Item): boolean {
    if (item.kind === "heading") return false;
    const text = item.kind === "row" ? item.text : item.parts.map((p) => p.text).join(" ");
    if (/^(?:page\s+)?(?:\d{1,4}|[ivxlcdm]{1,7})$/i.test(text.replace(/[\s|–—-]+/g, " ").trim()) || this.labels.has(text.trim().toLowerCase())) return true;
    const key = furnitureKey(text);
    return key !== null && (this.edgeKeys.get(key) ?? 0) >= 3;
  }
}

/** A short line's words without numbers ("8 | Cancer Council" -> "cancer council"); null for longer text. */
function furnitureKey(text: string): string | null {
  if (countWords(text) > 12) return null;
  const key = text
    .toLowerCase()
    .replace(/[\d|.,:;–—-]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return key || null;
}

/** Words of the document, counted on first need: decides whether a word broken over a page keeps its hyphen. */
class LazyVocabulary {
  private counts: Map<string, number> | null = null;

  constructor(private readonly pages: ParsedPage[]) {}

  private count(word: string): number {
    if (!this.counts) {
      this.counts = new Map();
      for (const page of this.pages) {
        for (const block of page.blocks) {
          // A word cut by a line-end hyphen is not a word of the document.
          for (const w of block.text.toLowerCase().replace(/\p{L}+[-\u00AD\u2010]$/u, "").match(/\p{L}[\p{L}-]*\p{L}/gu) ?? []) {
            this.counts.set(w, (this.counts.get(w) ?? 0) + 1);
          }
        }
      }
    }
    return this.counts.get(word.toLowerCase()) ?? 0;
  }

  /** The form used elsewhere wins; when neither is, a hyphen between two words of the document stays. */
  keepsHyphen(head: string, tail: string): boolean {
    const hyphenated = this.count(`${head}-${tail}`);
    const joined = this.count(`${head}${tail}`);
    if (hyphenated || joined) return hyphenated > joined;
    return head.length > 1 && tail.length > 1 && this.count(head) > 0 && this.count(tail) > 0;
  }
}

// ---------------------------------------------------------------- units

function unitsOf(item: Exclude<Item, { kind: "heading" }>, maxWords: number): Unit[] {
  if (item.kind === "row") {
    return [{ text: item.text, words: countWords(item.text), pages: [{ offset: 0, page: item.page }], header: item.header, isRow: true }];
  }
  let text = "";
  const starts: PageStart[] = [];
  for (const part of item.parts) {
    text += part.glue;
    if (starts[starts.length - 1]?.page !== part.page) starts.push({ offset: text.length, page: part.page });
    text += part.text;
  }
  const units: Unit[] = [];
  for (const sentence of splitSentences(text)) {
    for (const [start, end] of wordSpans(text, sentence.start, sentence.end, maxWords)) {
      const unitText = text.slice(start, end);
      units.push({ text: unitText, words: countWords(unitText), pages: pagesWithin(starts, start, end), isRow: false });
    }
  }
  if (units.length) units[units.length - 1]!.endsParagraph = true;
  return units;
}

/** [start, end) of the sentence, cut into pieces of at most `maxWords` words when it is longer. */
function wordSpans(text: string, start: number, end: number, maxWords: number): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  const word = /\S+/g;
  word.lastIndex = start;
  let from = start;
  let count = 0;
  let lastEnd = start;
  for (let m = word.exec(text); m && m.index < end; m = word.exec(text)) {
    if (count === maxWords) {
      spans.push([from, lastEnd]);
      from = m.index;
      count = 0;
    }
    count++;
    lastEnd = m.index + m[0].length;
  }
  spans.push([from, Math.min(end, lastEnd)]);
  return spans;
}

/** The page starts of [start, end), relative to `start`: the page it starts on at 0, then any page that starts inside it. */
function pagesWithin(starts: PageStart[], start: number, end: number): PageStart[] {
  const first = findLastIndex(starts, (s) => s.offset <= start);
  const out: PageStart[] = [{ offset: 0, page: starts[Math.max(0, first)]!.page }];
  for (const s of starts) if (s.offset > start && s.offset < end) out.push({ offset: s.offset - start, page: s.page });
  return out;
}

/**
 * Sentences of a paragraph join with spaces and paragraphs end with a line break (so a line without a
 * full stop never runs into the next paragraph's sentence when an answer quotes it); table rows go on
 * their own lines under their header line. The layout records where each page starts, and the rows
 * and sentences.
 */
function renderUnits(units: Unit[], labels: Map<number, string | null>): { text: string; layout: ChunkLayout } {
  let text = "";
  const layout: ChunkLayout & Required<Pick<ChunkLayout, "sentences">> = { pages: [], rows: [], sentences: [] };
  let page: number | undefined;
  const pageAt = (offset: number, n: number) => {
    if (n === page) return;
    layout.pages.push({ offset, page: n, label: labels.get(n) ?? null });
    page = n;
  };
  // A line ends before the next unit unless both are sentences of one paragraph.
  let openParagraph = false;
  let lastHeader: string | undefined;
  const startLine = () => {
    if (text) text += "\n";
  };
  for (const u of units) {
    if (u.isRow) {
      startLine();
      if (u.header && u.header !== lastHeader) {
        pageAt(text.length, u.pages[0]!.page);
        text += `${u.header}\n`;
      }
      lastHeader = u.header;
    } else if (openParagraph) {
      text += " ";
    } else {
      startLine();
      lastHeader = undefined;
    }
    const start = text.length;
    for (const p of u.pages) pageAt(start + p.offset, p.page);
    text += u.text;
    if (u.isRow) layout.rows.push({ start, end: text.length, header: u.header ?? null });
    else layout.sentences.push([start, text.length]);
    openParagraph = !u.isRow && !u.endsParagraph;
  }
  if (openParagraph) layout.openEnd = true;
  return { text, layout };
}
