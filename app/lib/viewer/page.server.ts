import type { PageChunk } from "../ingest/index.server";
import type { PageBlock } from "./index";
import { findQuotes, segmentsOf, type Segment } from "./match";

/**
 * One page (slide, sheet, section) of a document without a page image of its own (DOCX, DOC, PPTX, XLSX,
 * CSV, TXT), rebuilt from the chunks that span it: each chunk's part on this page (from its layout), the
 * sentences one chunk repeats from the previous one left out, table rows as tables under their header.
 * The quoted sentences are highlighted here, on the server, so the page needs no script to show them.
 */

type Row = { start: number; end: number; header: string | null };

/** The page's text as one string, its table rows and where each section heading goes. */
export function pageText(pageChunks: readonly PageChunk[], page: number): { text: string; rows: Row[]; headings: Array<{ at: number; text: string }> } {
  let text = "";
  const rows: Row[] = [];
  const headings: Array<{ at: number; text: string }> = [];
  let lastHeading: string | null = null;
  let previousSentences = new Set<string>();
  for (const chunk of pageChunks) {
    const [from, to] = sliceOf(chunk, page);
    const sentences = (chunk.layout?.sentences ?? []).filter(([s, e]) => s >= from && e <= to);
    // Overlap: a chunk starts with the last sentences of the one before; they are shown once.
    let skip = from;
    for (const [s, e] of sentences) {
      if (!previousSentences.has(chunk.text.slice(s, e).trim())) break;
      skip = e;
    }
    previousSentences = new Set(sentences.map(([s, e]) => chunk.text.slice(s, e).trim()));
    const slice = chunk.text.slice(skip, to);
    const part = slice.trim();
    if (!part) continue;
    const base = skip + (slice.length - slice.trimStart().length);
    const heading = chunk.heading?.split(" > ").at(-1)?.trim() || null;
    if (text) text += "\n";
    if (heading && heading !== lastHeading) headings.push({ at: text.length, text: heading });
    lastHeading = heading ?? lastHeading;
    const shift = text.length - base;
    for (const r of chunk.layout?.rows ?? []) if (r.start >= base && r.end <= to) rows.push({ start: r.start + shift, end: r.end + shift, header: r.header });
    text += part;
  }
  return { text, rows, headings };
}

/** [from, to) of a chunk's text printed on the page (the whole text for chunks indexed without a layout). */
function sliceOf(chunk: PageChunk, page: number): [number, number] {
  const entries = chunk.layout?.pages ?? [];
  const i = entries.findIndex((p) => p.page === page);
  if (i < 0) return entries.length ? [0, 0] : [0, chunk.text.length];
  return [entries[i]!.offset, entries[i + 1]?.offset ?? chunk.text.length];
}

const CELL = " | ";

/** The page as headings, paragraphs and tables, the quoted sentences marked. */
export function pageBlocks(pageChunks: readonly PageChunk[], page: number, quotes: readonly string[]): PageBlock[] {
  const { text, rows, headings } = pageText(pageChunks, page);
  const ranges = findQuotes(text, quotes);
  const blocks: PageBlock[] = [];
  let table: Extract<PageBlock, { kind: "table" }> | null = null;
  let nextHeading = 0;
  let lineStart = 0;
  for (const line of text.split("\n")) {
    const lineEnd = lineStart + line.length;
    while (nextHeading < headings.length && headings[nextHeading]!.at <= lineStart) {
      blocks.push({ kind: "heading", text: headings[nextHeading]!.text });
      table = null;
      nextHeading++;
    }
    const row = rows.find((r) => r.start >= lineStart && r.end <= lineEnd);
    const headerOfNext = rows.find((r) => r.start === lineEnd + 1)?.header;
    if (row) {
      const header = row.header ? withRowLabels(row.header.split(CELL), text.slice(row.start, row.end)) : null;
      if (!table || table.header?.join(CELL) !== header?.join(CELL)) {
        table = { kind: "table", header, rows: [] };
        blocks.push(table);
      }
      table.rows.push(cellsOf(text, row.start, row.end, ranges, header));
    } else if (headerOfNext && line.trim() === headerOfNext) {
      // A table's header line: shown as the head of the table that follows.
      table = null;
    } else if (line.trim()) {
      table = null;
      blocks.push({ kind: "paragraph", segments: segmentsOf(text, lineStart, lineEnd, ranges) });
    }
    lineStart = lineEnd + 1;
  }
  return blocks;
}

/**
 * A table whose first column holds row labels under an empty corner cell is indexed with a header that
 * leaves that cell out ("Food | Calories", rows "Berries | Food: … | Calories: …"): the labels get an
 * untitled first column, so each value stays under its own column.
 */
function withRowLabels(header: string[], rowText: string): string[] {
  const first = rowText.split(CELL)[0]!;
  const named = (piece: string) => header.some((h) => piece.startsWith(`${h}: `));
  return header.length > 0 && !named(first) && rowText.includes(`${CELL}${header[0]}: `) ? ["", ...header] : header;
}

/**
 * A row's cells. Under a header a row reads "column: value | column: value" with empty values left out
 * (how tables are indexed): each value goes in its column, without the column's name.
 */
function cellsOf(text: string, start: number, end: number, ranges: ReadonlyArray<readonly [number, number]>, header: string[] | null): Segment[][] {
  const pieces: Array<[number, number]> = [];
  let at = start;
  while (at <= end) {
    const bar = text.indexOf(CELL, at);
    const pieceEnd = bar < 0 || bar >= end ? end : bar;
    pieces.push([at, pieceEnd]);
    at = pieceEnd + CELL.length;
  }
  if (!header) return pieces.map(([s, e]) => segmentsOf(text, s, e, ranges));
  const cells: Segment[][] = header.map(() => []);
  let next = 0;
  for (const [s, e] of pieces) {
    const piece = text.slice(s, e);
    const named = header.findIndex((h, i) => i >= next && piece.startsWith(`${h}: `));
    const column = named >= 0 ? named : next;
    const from = named >= 0 ? s + header[named]!.length + 2 : s;
    if (column >= cells.length) cells.push([]);
    cells[column] = segmentsOf(text, from, e, ranges);
    next = column + 1;
  }
  return cells;
}
