import type { Block } from "../../types";
import type { Fragment } from "./fragments.server";

/**
 * Fragments -> blocks in reading order.
 * 1. Regions: columns are found as vertical gutters that only a few full-width fragments
 *    (titles, headers, tables across the page) cross; those fragments cut the page into
 *    horizontal bands, and each band's columns are read left to right, recursively (so three
 *    columns work). A band is split only when both sides are prose or when their lines do not
 *    share baselines: table cells sharing a row stay together (a dose next to its drug). Two
 *    sides made of blocks facing each other one to one (terms | descriptions) become rows.
 * 2. Lines: fragments of a region on the same visual line, left to right.
 * 3. Paragraphs: lines joined until a wider gap, a change of size or weight, a bullet, an
 *    indent or a short line that ends a sentence; hyphenated line breaks are re-joined.
 * 4. Headings: short paragraphs in a clearly larger font (level 1 / 2 by size) or short bold
 *    lines at body size (level 3). Rows of table-like lines become `row` blocks.
 */

export type LayoutContext = {
  /** The document's body text size (most common size by characters). */
  bodySize: number;
  vocabulary: Vocabulary;
};

type Line = Omit<Fragment, "orientation"> & {
  /** Number of table-cell-like pieces (separated by wide gaps). */
  cells: number;
};

/** Fragments of a column or band, to be read top to bottom. */
type Region = Fragment[];
/** A two-column table of terms and their descriptions: cells paired by row, left then right. */
type PairedRows = { pairs: [Region, Region][] };

const ORIENTATION_ORDER = [0, 1, 3, 2];
/** Gaps between pieces of one line wider than this many font sizes separate table cells. */
const CELL_GAP = 1.5;
/** A fragment with at least this many characters is a line of running text, not a label or cell. */
const PROSE_LINE_CHARS = 20;

/**
 * A page laid out as far as it can be on its own (regions, lines, paragraphs, rows), as soon
 * as it is read, so its fragments need not be kept; finishPage() adds what needs the whole
 * document: joined hyphenation (vocabulary) and heading levels (body size).
 */
export type PageLayout = PendingBlock[];

type PendingBlock =
  | { kind: "paragraph"; lines: Line[]; turned: boolean }
  | { kind: "row"; text: string }
  | { kind: "cells"; left: string[]; right: string[] };

function arrangePage(fragments: readonly Fragment[]): PageLayout {
  const pending: PendingBlock[] = [];
  for (const orientation of ORIENTATION_ORDER) {
    const group = fragments.filter((f) => f.orientation === orientation);
    if (group.length === 0) continue;
    // Turned text (margin stamps, rotated labels) is never a heading.
    const turned = orientation !== 0;
    for (const region of orderRegions(group, 0)) {
      if (Array.isArray(region)) pending.push(...regionBlocks(linesOf(region), turned));
      else pending.push(...pairedRowBlocks(region));
    }
  }
  return pending;
}

export function finishPage(layout: PageLayout, ctx: LayoutContext): Block[] {
  return layout.map((block): Block => {
    if (block.kind === "row") return block;
    if (block.kind === "cells") {
      const text = [joinLines(block.left, ctx.vocabulary), joinLines(block.right, ctx.vocabulary)].filter(Boolean).join(" | ");
      return { kind: "row", text };
    }
    return paragraphBlock(block.lines, block.turned ? { ...ctx, bodySize: Infinity } : ctx);
  });
}

/** Lays out a document's pages as they arrive, and gathers the document-wide facts for finishing them. */
export class DocumentLayout {
  private readonly vocabulary = new Vocabulary();
  private readonly sizes = new TextSizes();

  addPage(fragments: readonly Fragment[]): PageLayout {
    for (const f of fragments) {
      this.vocabulary.add(f.text);
      this.sizes.add(f);
    }
    return arrangePage(fragments);
  }

  context(): LayoutContext {
    return { bodySize: this.sizes.mostCommon(), vocabulary: this.vocabulary };
  }
}

// ---------------------------------------------------------------- regions (columns)

function orderRegions(frags: Region, depth: number): (Region | PairedRows)[] {
  if (frags.length < 4 || depth > 6) return [frags];
  const gutter = findGutter(frags);
  if (!gutter) return [frags];
  const bands = splitIntoBands(frags, gutter);
  if (bands.length === 1 && bands[0]!.spanning) return [frags];
  const out: (Region | PairedRows)[] = [];
  for (const band of bands) {
    if (band.spanning) {
      out.push(...orderRegions(band.frags, depth + 1));
      continue;
    }
    const left = band.frags.filter((f) => (f.x0 + f.x1) / 2 < gutter.x);
    const right = band.frags.filter((f) => (f.x0 + f.x1) / 2 >= gutter.x);
    const pairs = left.length && right.length && !(isProse(left) && isProse(right)) ? pairedCells(left, right) : null;
    if (pairs) {
      out.push({ pairs });
    } else if (left.length && right.length && readSeparately(left, right)) {
      out.push(...orderRegions(left, depth + 1), ...orderRegions(right, depth + 1));
    } else {
      out.push(band.frags);
    }
  }
  return out;
}

/** A column boundary: the x where the fewest fragments cross, inside a strip of white space. */
type Gutter = { x: number };

/**
 * The clearest vertical strip of white space with text on both sides: a strip covered by at
 * most a tenth of the fragments (the full-width ones), at least about half an em wide; the
 * gutter is the point of the strip crossed by the fewest fragments, preferring fewer, then wider strips.
 */
function findGutter(frags: Region): Gutter | null {
  const left = Math.floor(minOf(frags, (f) => f.x0));
  const right = Math.ceil(maxOf(frags, (f) => f.x1));
  const width = right - left;
  if (width < 50) return null;
  const coverage = coverageProfile(frags, left, width);
  const allowed = Math.max(2, Math.floor(frags.length / 10));
  const minWidth = Math.max(4, 0.6 * median(frags.map((f) => f.size)));
  const totalChars = sumChars(frags);
  let best: { x: number; crossing: number; width: number } | null = null;
  for (const run of lowRuns(coverage, allowed)) {
    if (run.end - run.start < minWidth) continue;
    const x = left + run.minAt;
    const leftChars = sumChars(frags.filter((f) => f.x1 <= x));
    const rightChars = sumChars(frags.filter((f) => f.x0 >= x));
    if (leftChars < 0.12 * totalChars || rightChars < 0.12 * totalChars) continue;
    const candidate = { x, crossing: run.min, width: run.end - run.start };
    if (!best || candidate.crossing < best.crossing || (candidate.crossing === best.crossing && candidate.width > best.width)) {
      best = candidate;
    }
  }
  return best && { x: best.x };
}

/** How many fragments cover each 1-pt column of the region. */
function coverageProfile(frags: Region, left: number, width: number): Int32Array {
  const delta = new Int32Array(width + 2);
  for (const f of frags) {
    const a = Math.max(0, Math.floor(f.x0 - left));
    const b = Math.min(width + 1, Math.ceil(f.x1 - left));
    delta[a]!++;
    delta[b]!--;
  }
  const coverage = new Int32Array(width + 1);
  let running = 0;
  for (let x = 0; x <= width; x++) {
    running += delta[x]!;
    coverage[x] = running;
  }
  return coverage;
}

/** Stretches covered by at most `allowed` fragments, with the middle of their least-covered part. */
function lowRuns(coverage: Int32Array, allowed: number): { start: number; end: number; min: number; minAt: number }[] {
  const runs: { start: number; end: number; min: number; minAt: number }[] = [];
  let x = 0;
  while (x < coverage.length) {
    if (coverage[x]! > allowed) {
      x++;
      continue;
    }
    const start = x;
    while (x < coverage.length && coverage[x]! <= allowed) x++;
    runs.push({ start, end: x, ...leastCovered(coverage, start, x) });
  }
  return runs;
}

function leastCovered(coverage: Int32Array, start: number, end: number): { min: number; minAt: number } {
  let min = Infinity;
  for (let x = start; x < end; x++) min = Math.min(min, coverage[x]!);
  let bestStart = start;
  let bestLength = 0;
  for (let x = start; x < end; ) {
    if (coverage[x] !== min) {
      x++;
      continue;
    }
    const s = x;
    while (x < end && coverage[x] === min) x++;
    if (x - s > bestLength) [bestStart, bestLength] = [s, x - s];
  }
  return { min, minAt: bestStart + bestLength / 2 };
}

type Band = { spanning: boolean; frags: Region };

/** Cuts the region into horizontal bands: those holding fragments that cross the gutter, and those between. */
function splitIntoBands(frags: Region, gutter: Gutter): Band[] {
  const crosses = (f: Fragment) => f.x0 < gutter.x && f.x1 > gutter.x;
  const crossing = frags.filter(crosses);
  // Consecutive full-width lines (a caption, a paragraph across the page) form one band.
  const joinGap = 0.6 * median(crossing.map((f) => f.size));
  const zones = mergeIntervals(crossing.map((f) => [f.top, f.bottom] as [number, number]), joinGap);
  const bands = new Map<number, Band>();
  for (const f of frags) {
    const centre = (f.top + f.bottom) / 2;
    const inZone = zones.findIndex(([top, bottom]) => centre >= top && centre <= bottom);
    const key = inZone >= 0 ? 2 * inZone + 1 : 2 * zones.filter(([, bottom]) => bottom < centre).length;
    const band = bands.get(key) ?? { spanning: inZone >= 0, frags: [] };
    band.frags.push(f);
    bands.set(key, band);
  }
  return [...bands.entries()].sort((a, b) => a[0] - b[0]).map(([, band]) => band);
}

function mergeIntervals(intervals: [number, number][], joinGap: number): [number, number][] {
  const sorted = [...intervals].sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const [top, bottom] of sorted) {
    const last = out[out.length - 1];
    if (last && top <= last[1] + joinGap) last[1] = Math.max(last[1], bottom);
    else out.push([top, bottom]);
  }
  return out;
}

/**
 * Two sides of a gutter are separate flows (columns, a figure beside text) unless they look
 * like one table: lines sharing baselines across the gutter with short cells on one side.
 */
function readSeparately(left: Region, right: Region): boolean {
  if (isProse(left) && isProse(right)) return true;
  return !sharesBaselines(left, right);
}

/**
 * Terms on one side, descriptions on the other, each a small block of lines facing its
 * partner (a glossary or "drug | dose" table without shared baselines): pair them by row.
 * Null unless most blocks on both sides pair one to one.
 */
function pairedCells(left: Region, right: Region): [Region, Region][] | null {
  const a = cellBlocks(left);
  const b = cellBlocks(right);
  if (Math.min(a.length, b.length) < 3) return null;
  const partner = (block: Region, others: Region[]) => others.filter((o) => verticalOverlap(block, o) >= 0.5);
  const pairs: [Region, Region][] = [];
  const used = new Set<Region>();
  for (const block of a) {
    const facing = partner(block, b);
    if (facing.length !== 1 || partner(facing[0]!, a).length !== 1) continue;
    pairs.push([block, facing[0]!]);
    used.add(block).add(facing[0]!);
  }
  if (pairs.length < 0.75 * Math.max(a.length, b.length)) return null;
  // Unpaired blocks (a caption, a lone cell) keep their place as one-sided rows.
  for (const block of a) if (!used.has(block)) pairs.push([block, []]);
  for (const block of b) if (!used.has(block)) pairs.push([[], block]);
  const top = ([l, r]: [Region, Region]) => Math.min(minOf(l, (f) => f.top), minOf(r, (f) => f.top));
  return pairs.sort((p, q) => top(p) - top(q));
}

/** Fragments grouped into blocks separated by more than ordinary line spacing. */
function cellBlocks(frags: Region): Region[] {
  const sorted = [...frags].sort((a, b) => a.top - b.top);
  const blocks: Region[] = [];
  let bottom = -Infinity;
  for (const f of sorted) {
    const current = blocks[blocks.length - 1];
    if (current && f.top - bottom < 0.6 * f.size) {
      current.push(f);
      bottom = Math.max(bottom, f.bottom);
    } else {
      blocks.push([f]);
      bottom = f.bottom;
    }
  }
  return blocks;
}

/** Vertical overlap of two blocks as a share of the shorter one's height. */
function verticalOverlap(a: Region, b: Region): number {
  const aTop = minOf(a, (f) => f.top);
  const aBottom = maxOf(a, (f) => f.bottom);
  const bTop = minOf(b, (f) => f.top);
  const bBottom = maxOf(b, (f) => f.bottom);
  const overlap = Math.min(aBottom, bBottom) - Math.max(aTop, bTop);
  return overlap / Math.max(1e-6, Math.min(aBottom - aTop, bBottom - bTop));
}

function isProse(frags: Region): boolean {
  return frags.length >= 2 && median(frags.map((f) => f.text.length)) >= PROSE_LINE_CHARS;
}

function sharesBaselines(a: Region, b: Region): boolean {
  const [small, large] = a.length <= b.length ? [a, b] : [b, a];
  const aligned = small.filter((f) => large.some((g) => Math.abs(g.baseline - f.baseline) < 0.3 * f.size)).length;
  return aligned >= 0.6 * small.length;
}

// ---------------------------------------------------------------- lines

function linesOf(frags: Region): Line[] {
  const sorted = [...frags].sort((a, b) => a.baseline - b.baseline);
  const groups: { frags: Fragment[]; top: number; bottom: number }[] = [];
  for (const f of sorted) {
    // Sorted by baseline, so only the last few lines can overlap this fragment.
    const line = groups.slice(-3).findLast((g) => {
      const overlap = Math.min(f.bottom, g.bottom) - Math.max(f.top, g.top);
      return overlap >= 0.5 * Math.min(f.bottom - f.top, g.bottom - g.top);
    });
    if (line) {
      line.frags.push(f);
      line.top = Math.min(line.top, f.top);
      line.bottom = Math.max(line.bottom, f.bottom);
    } else {
      groups.push({ frags: [f], top: f.top, bottom: f.bottom });
    }
  }
  return groups.map((g) => toLine(g.frags)).sort((a, b) => a.baseline - b.baseline);
}

function toLine(frags: Fragment[]): Line {
  frags.sort((a, b) => a.x0 - b.x0);
  let text = "";
  let cells = 1;
  let chars = 0;
  let sizeSum = 0;
  let boldChars = 0;
  frags.forEach((f, i) => {
    if (i > 0) {
      const gap = f.x0 - frags[i - 1]!.x1;
      const wide = gap > CELL_GAP * Math.max(f.size, frags[i - 1]!.size);
      if (wide) cells++;
      text += wide ? " | " : " ";
    }
    text += f.text;
    chars += f.text.length;
    sizeSum += f.size * f.text.length;
    if (f.bold) boldChars += f.text.length;
  });
  const main = frags.reduce((a, b) => (b.text.length > a.text.length ? b : a));
  return {
    text,
    x0: frags[0]!.x0,
    x1: maxOf(frags, (f) => f.x1),
    top: minOf(frags, (f) => f.top),
    bottom: maxOf(frags, (f) => f.bottom),
    baseline: main.baseline,
    size: sizeSum / Math.max(1, chars),
    bold: boldChars >= 0.8 * chars,
    cells,
  };
}

// ---------------------------------------------------------------- paragraphs, headings, rows

/** A list item: a bullet symbol or dash, or a number / letter / roman numeral with "." or ")". */
const SYMBOL_BULLET = /^(?:[•●▪■◦○·‣⁃∙➢►✓✔*]|[-–—](?=\s))/;
const BULLET = new RegExp(`${SYMBOL_BULLET.source}|^\\(?(?:\\d{1,2}|[a-z]|[ivx]{1,4})[.)](?=\\s)`);

function regionBlocks(lines: Line[], turned: boolean): PendingBlock[] {
  if (lines.length === 0) return [];
  const blocks: PendingBlock[] = [];
  const left = minOf(lines, (l) => l.x0);
  const right = maxOf(lines, (l) => l.x1);
  const pitch = typicalLinePitch(lines);
  let paragraph: Line[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: "paragraph", lines: paragraph, turned });
    paragraph = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const tableRun = tableRunAt(lines, i);
    if (tableRun > 0) {
      flush();
      blocks.push(...rowBlocks(lines.slice(i, i + tableRun)));
      i += tableRun - 1;
      continue;
    }
    const prev = paragraph[paragraph.length - 1];
    if (prev && startsNewParagraph(prev, line, { left, right, pitch })) flush();
    paragraph.push(line);
  }
  flush();
  return blocks;
}

/** The usual distance between baselines of consecutive lines in this region. */
function typicalLinePitch(lines: Line[]): number {
  const pitches: number[] = [];
  for (let i = 1; i < lines.length; i++) {
    const d = lines[i]!.baseline - lines[i - 1]!.baseline;
    if (d > 0 && d < 3 * lines[i]!.size) pitches.push(d);
  }
  return pitches.length ? median(pitches) : 1.2 * median(lines.map((l) => l.size));
}

function startsNewParagraph(
  prev: Line,
  line: Line,
  region: { left: number; right: number; pitch: number },
): boolean {
  const size = Math.max(prev.size, line.size);
  if (Math.abs(prev.size - line.size) > 0.15 * size) return true;
  const width = region.right - region.left;
  const prevShort = prev.x1 < region.right - 0.2 * width;
  const continues = /^\p{Ll}/u.test(line.text); // a lower-case start continues the sentence
  // A bold line starts a heading or a run-in head; text after a bold line is new only when that line was short (a heading).
  if (line.bold && !prev.bold && !continues) return true;
  if (prev.bold && !line.bold && !continues && prev.x1 < region.right - 0.05 * width) return true;
  const pitch = line.baseline - prev.baseline;
  if (pitch <= 0 || pitch > Math.max(region.pitch * 1.35, region.pitch + 0.25 * size)) return true;
  if (BULLET.test(line.text)) return true;
  const prevEndsShort = prevShort && /[.!?:]["”’)]?$/.test(prev.text);
  if (prevEndsShort && /^[\p{Lu}\p{N}"“‘(]/u.test(line.text)) return true;
  const indented = line.x0 - prev.x0 > 0.8 * line.size && prev.x0 - region.left < 0.5 * size;
  return indented && /^[\p{Lu}\p{N}"“‘(]/u.test(line.text);
}

function paragraphBlock(lines: Line[], ctx: LayoutContext): Block {
  const text = joinLines(lines.map((l) => l.text), ctx.vocabulary);
  const level = headingLevel(lines, text, ctx.bodySize);
  return level ? { kind: "heading", text, level } : { kind: "paragraph", text };
}

function headingLevel(lines: Line[], text: string, bodySize: number): number | null {
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  if (letters < 2 || text.length > 200 || lines.length > 3 || /[,;]$/.test(text) || SYMBOL_BULLET.test(text)) return null;
  const size = lines.reduce((n, l) => n + l.size * l.text.length, 0) / Math.max(1, text.length);
  const ratio = size / bodySize;
  if (ratio >= 1.6) return 1;
  if (ratio >= 1.15) return 2;
  const bold = lines.every((l) => l.bold);
  if (bold && lines.length === 1 && text.length <= 90 && ratio >= 0.9 && !/[.]$/.test(text)) return 3;
  return null;
}

/** Length of a run of table-like lines (two or more cells) starting here, else 0: each is a row of its own. */
function tableRunAt(lines: Line[], start: number): number {
  let end = start;
  while (end < lines.length && lines[end]!.cells >= 2) end++;
  return end - start;
}

/** Table rows stay whole. No header is attached: which line heads a PDF table cannot be told reliably. */
function rowBlocks(rows: Line[]): PendingBlock[] {
  return rows.map((row) => ({ kind: "row", text: row.text }));
}

function pairedRowBlocks({ pairs }: PairedRows): PendingBlock[] {
  const cellLines = (cell: Region) => linesOf(cell).map((l) => l.text);
  return pairs.map(([left, right]) => ({ kind: "cells", left: cellLines(left), right: cellLines(right) }));
}

// ---------------------------------------------------------------- joining lines

/** Words seen in the document, to decide whether "anti-\ninflammatory" keeps its hyphen. */
export class Vocabulary {
  private readonly counts = new Map<string, number>();

  add(text: string) {
    // A word cut by a line-end hyphen ("seg-") is not a word of the document.
    const complete = endsWithHyphen(text) ? text.replace(/\p{L}+[-\u00AD\u2010]$/u, "") : text;
    for (const word of complete.toLowerCase().match(/\p{L}[\p{L}-]*\p{L}/gu) ?? []) {
      this.counts.set(word, (this.counts.get(word) ?? 0) + 1);
    }
  }

  count(word: string): number {
    return this.counts.get(word.toLowerCase()) ?? 0;
  }
}

const LINE_END_HYPHEN = /(\p{L}+)[-\u00AD\u2010]$/u;

/** Cheap test before the regex: an end-anchored Unicode regex rescans the whole line. */
function endsWithHyphen(text: string): boolean {
  const last = text.charCodeAt(text.length - 1);
  return last === 0x2d || last === 0xad || last === 0x2010;
}

export function joinLines(lines: string[], vocabulary: Vocabulary): string {
  let text = "";
  for (const line of lines) {
    if (!text) {
      text = line;
      continue;
    }
    const hyphen = endsWithHyphen(text) ? text.match(LINE_END_HYPHEN) : null;
    const next = line.match(/^\p{Ll}+/u);
    if (hyphen && next) {
      const keep = !text.endsWith("\u00AD") && keepsHyphen(hyphen[1]!, next[0], vocabulary);
      text = keep ? text.replace(/\u2010$/, "-") + line : text.slice(0, -1) + line;
    } else if (/[\p{L}\p{N}][-\u2010\u2013]$/u.test(text) && /^[\p{Lu}\p{N}]/u.test(line)) {
      text += line; // "COVID-" + "19", "2018–" + "23–51"
    } else {
      text += " " + line;
    }
  }
  return text.replace(/\u00AD/g, "");
}

/**
 * "treat-|ment" is one word broken by the line; "anti-|inflammatory" is a hyphenated word.
 * The document's own vocabulary decides: the form used elsewhere in running text wins; when
 * neither is used, a hyphen between two words the document uses on their own stays.
 */
function keepsHyphen(head: string, tail: string, vocabulary: Vocabulary): boolean {
  const hyphenated = vocabulary.count(`${head}-${tail}`);
  const joined = vocabulary.count(`${head}${tail}`);
  if (hyphenated || joined) return hyphenated > joined;
  return head.length > 1 && tail.length > 1 && vocabulary.count(head) > 0 && vocabulary.count(tail) > 0;
}

// ---------------------------------------------------------------- helpers

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Math.min/max over a mapped list without spreading it (pages can hold many thousands of fragments). */
function minOf<T>(items: readonly T[], value: (item: T) => number): number {
  let min = Infinity;
  for (const item of items) min = Math.min(min, value(item));
  return min;
}

function maxOf<T>(items: readonly T[], value: (item: T) => number): number {
  let max = -Infinity;
  for (const item of items) max = Math.max(max, value(item));
  return max;
}

function sumChars(frags: Region): number {
  return frags.reduce((n, f) => n + f.text.length, 0);
}

/** Characters of upright text by font size (to half a point), in the order sizes are first met; the body text size is the most common. */
class TextSizes {
  private readonly bySize = new Map<number, number>();

  add(f: Fragment) {
    if (f.orientation !== 0) return;
    const size = Math.round(f.size * 2) / 2;
    this.bySize.set(size, (this.bySize.get(size) ?? 0) + f.text.length);
  }

  mostCommon(): number {
    let best = 10;
    let bestChars = -1;
    for (const [size, chars] of this.bySize) {
      if (chars > bestChars) [best, bestChars] = [size, chars];
    }
    return best;
  }
}
