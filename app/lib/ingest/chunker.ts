import type { Block, Chunk, ParsedPage } from "./types";

/**
 * Sentence-aware chunking: chunks of about 200-400 words that end on sentence
 * boundaries, carry the headings above them, overlap their neighbour by a sentence or
 * two, keep table rows whole with their header line, and record every page they span.
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

/** A sentence (or table row) with where it came from; `carried` when repeated from the previous chunk as overlap. */
type Unit = { text: string; words: number; page: number; header?: string; isRow: boolean; carried?: boolean; endsParagraph?: boolean };

const segmenter = new Intl.Segmenter("en", { granularity: "sentence" });

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

function splitLongSentence(text: string, maxWords: number): string[] {
  const words = text.split(" ");
  const parts: string[] = [];
  for (let i = 0; i < words.length; i += maxWords) parts.push(words.slice(i, i + maxWords).join(" "));
  return parts;
}

function sentences(text: string, maxWords: number): string[] {
  const out: string[] = [];
  for (const { segment } of segmenter.segment(text)) {
    const s = normalise(segment);
    if (!s) continue;
    if (countWords(s) > maxWords) out.push(...splitLongSentence(s, maxWords));
    else out.push(s);
  }
  return out;
}

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
  const labels = new Map(pages.map((p) => [p.number, p.label]));
  const chunks: Chunk[] = [];
  const trail = new HeadingTrail();
  let current: Unit[] = [];
  let currentWords = 0;
  let currentHeading: string | null = null;

  const emit = () => {
    if (!current.length) return;
    const pageSet = [...new Set(current.map((u) => u.page))].sort((a, b) => a - b);
    chunks.push({
      index: chunks.length,
      text: renderUnits(current),
      heading: currentHeading,
      pages: pageSet,
      pageLabel: labels.get(pageSet[0]!) ?? null,
      wordCount: currentWords,
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

  for (const page of pages) {
    for (const block of page.blocks) {
      for (const unit of unitsOf(block, page.number, opts.maxWords)) {
        if (unit === "heading") continue;
        add(unit);
      }
      if (block.kind === "heading") {
        const text = normalise(block.text);
        if (!text) continue;
        if (newWords(current) >= opts.minWordsBeforeHeadingBreak) emit();
        // A new section starts: overlap from the previous section is not useful context.
        if (newWords(current) === 0) {
          current = [];
          currentWords = 0;
        }
        trail.push(block.level, text);
      }
    }
  }
  if (newWords(current) > 0) emit();
  return chunks.map((c, i) => ({ ...c, index: i }));
}

/** Words not repeated from the previous chunk: overlap alone never makes a chunk. */
function newWords(units: Unit[]): number {
  return units.reduce((n, u) => n + (u.carried ? 0 : u.words), 0);
}

function unitsOf(block: Block, page: number, maxWords: number): Array<Unit | "heading"> {
  switch (block.kind) {
    case "heading":
      return ["heading"];
    case "row": {
      const text = normalise(block.text);
      return text ? [{ text, words: countWords(text), page, header: block.header ? normalise(block.header) : undefined, isRow: true }] : [];
    }
    case "paragraph": {
      const units: Unit[] = sentences(block.text, maxWords).map((text) => ({ text, words: countWords(text), page, isRow: false }));
      if (units.length) units[units.length - 1]!.endsParagraph = true;
      return units;
    }
  }
}

/**
 * Sentences of a paragraph join with spaces and paragraphs end with a line break (so a line without a
 * full stop never runs into the next paragraph's sentence when an answer quotes it); table rows go on
 * their own lines under their header line.
 */
function renderUnits(units: Unit[]): string {
  const lines: string[] = [];
  let prose: string[] = [];
  let lastHeader: string | undefined;
  const flush = () => {
    if (prose.length) lines.push(prose.join(" "));
    prose = [];
  };
  for (const u of units) {
    if (!u.isRow) {
      prose.push(u.text);
      lastHeader = undefined;
      if (u.endsParagraph) flush();
      continue;
    }
    flush();
    if (u.header && u.header !== lastHeader) lines.push(u.header);
    lastHeader = u.header;
    lines.push(u.text);
  }
  flush();
  return lines.join("\n");
}
