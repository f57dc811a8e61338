/**
 * CSV (and other delimited text).
 *
 * - The delimiter is sniffed (comma, semicolon, tab) from the first lines, quote-aware.
 * - The first row is the header. Every later row becomes a `row` block whose `header` is the header
 *   joined with " | " and whose text is "column: value" pairs joined with " | " (empty values left
 *   out). Pairs make each row readable on its own: a chunk that quotes "dose_mg_kg: 0.1" cannot be
 *   misread the way a bare "0.1" could, and the column names cost nothing in BM25 (they occur in
 *   every chunk of the file, so their weight is ~0).
 * - A CSV has no pages: a "page" is 100 data rows (rows 1-100 are page 1), noted in `notes`.
 * - Malformed input is read best-effort, never a crash: stray quotes are relaxed, ragged rows kept,
 *   and a quote that never closes makes us re-read the file with quotes as plain characters.
 *
 * `tableRowText` / `headerText` are shared with the DOCX, PPTX and XLSX parsers so that every table
 * row in the index reads the same way.
 */
import { readFile } from "node:fs/promises";
import { parse } from "csv-parse/sync";
import { DocumentError, type Block, type ParsedDocument, type ParsedPage, type ParseOptions } from "../types";
import { decodeText } from "./txt.server";

export const CSV_ROWS_PER_PAGE = 100;

/** "Drug | Dose | Route" from column labels (empty and repeated neighbouring labels left out). */
export function headerText(labels: readonly string[]): string {
  const shown: string[] = [];
  for (const label of labels) {
    const clean = label.trim();
    if (clean && clean !== shown[shown.length - 1]) shown.push(clean);
  }
  return shown.join(" | ");
}

/**
 * "Drug: Meloxicam | Dose: 0.1 mg/kg" from labels and values; a value under an empty label stands
 * alone. The same value repeated across a horizontally merged cell is written once.
 */
export function tableRowText(labels: readonly string[], values: readonly string[]): string {
  const parts: string[] = [];
  let previous = "";
  for (let i = 0; i < values.length; i++) {
    const value = (values[i] ?? "").replace(/\s+/g, " ").trim();
    if (!value) continue;
    const label = (labels[i] ?? "").replace(/\s+/g, " ").trim();
    const part = label && label !== value ? `${label}: ${value}` : value;
    if (part !== previous) parts.push(part);
    previous = part;
  }
  return parts.join(" | ");
}

/** A row block, or null when every value is empty. */
export function rowBlock(labels: readonly string[] | null, values: readonly string[]): Block | null {
  const text = labels ? tableRowText(labels, values) : tableRowText([], values);
  if (!text) return null;
  const header = labels ? headerText(labels) : "";
  return header ? { kind: "row", text, header } : { kind: "row", text };
}

/** One cell of a table laid on its grid (DOCX, PPTX): merged cells span columns or continue the one above. */
export type GridCell = { text: string; gridStart: number; span: number; continuesAbove: boolean; continuesLeft?: boolean };

/** Column labels from the header rows: a merged header cell names every column it spans; stacked rows join with " / ". */
export function gridColumnLabels(headerRows: GridCell[][], columns: number): string[] {
  const labels: string[][] = Array.from({ length: columns }, () => []);
  const above: string[] = new Array<string>(columns).fill("");
  for (const cells of headerRows) {
    for (const cell of cells) {
      if (cell.continuesLeft) continue;
      const text = cell.continuesAbove ? (above[cell.gridStart] ?? "") : cell.text;
      for (let col = cell.gridStart; col < Math.min(columns, cell.gridStart + cell.span); col++) {
        above[col] = text;
        if (text && labels[col]![labels[col]!.length - 1] !== text) labels[col]!.push(text);
      }
    }
  }
  return labels.map((parts) => parts.join(" / "));
}

/**
 * Values by grid column: a merged cell's text once, at its first column; a vertically merged cell
 * repeats the value above it, so a row never loses the species or drug its merged first column names.
 * `above` carries the previous row's values and is updated.
 */
export function gridRowValues(cells: GridCell[], columns: number, above: string[]): string[] {
  const values = new Array<string>(columns).fill("");
  for (const cell of cells) {
    if (cell.gridStart >= columns || cell.continuesLeft) continue;
    const text = cell.continuesAbove ? (above[cell.gridStart] ?? "") : cell.text;
    values[cell.gridStart] = text;
    above[cell.gridStart] = text;
  }
  return values;
}

/** Header rows of a grid table without explicit marks: the first row, plus the second when the first is a merged super-header. */
export function defaultHeaderRowCount(rows: GridCell[][]): number {
  if (rows.length < 2) return 0;
  const superHeader = rows[0]!.some((cell) => cell.span > 1) && rows.length >= 3;
  return superHeader ? 2 : 1;
}

/** Row blocks of a grid table, header rows turned into labels; a table that is all header becomes one row. */
export function gridTableBlocks(rows: GridCell[][], headerRows: number): Block[] {
  const columns = Math.max(0, ...rows.map((cells) => cells.reduce((end, cell) => Math.max(end, cell.gridStart + cell.span), 0)));
  const labels = gridColumnLabels(rows.slice(0, headerRows), columns);
  const above = new Array<string>(columns).fill("");
  const blocks: Block[] = [];
  rows.forEach((cells, r) => {
    const values = gridRowValues(cells, columns, above);
    if (r < headerRows) return;
    const block = rowBlock(headerRows > 0 ? labels : null, values);
    if (block) blocks.push(block);
  });
  if (blocks.length === 0 && headerText(labels)) blocks.push({ kind: "row", text: headerText(labels) });
  return blocks;
}

const CANDIDATE_DELIMITERS = [",", ";", "\t"] as const;
export type CsvDelimiter = (typeof CANDIDATE_DELIMITERS)[number];

/** Delimiters outside quotes on one line. */
function countOutsideQuotes(line: string, delimiter: string): number {
  let count = 0;
  let quoted = false;
  for (const ch of line) {
    if (ch === '"') quoted = !quoted;
    else if (ch === delimiter && !quoted) count++;
  }
  return count;
}

/**
 * Picks the delimiter whose count per line is most consistent over the first non-empty lines
 * (ties go to the larger count). Null when no candidate appears on most lines: a one-column file.
 */
export function sniffDelimiter(text: string, sampleLines = 30): CsvDelimiter | null {
  const lines = text.slice(0, 64 * 1024).split(/\r\n|\n|\r/).filter((line) => line.trim() !== "").slice(0, sampleLines);
  // The last sampled line may be cut off by the 64 KB window.
  if (lines.length > 1 && text.length > 64 * 1024) lines.pop();
  let best: { delimiter: CsvDelimiter; score: number } | null = null;
  for (const delimiter of CANDIDATE_DELIMITERS) {
    const counts = lines.map((line) => countOutsideQuotes(line, delimiter));
    const frequency = new Map<number, number>();
    for (const count of counts) if (count > 0) frequency.set(count, (frequency.get(count) ?? 0) + 1);
    let modeCount = 0;
    let mode = 0;
    for (const [count, times] of frequency) if (times > modeCount || (times === modeCount && count > mode)) [mode, modeCount] = [count, times];
    const consistency = modeCount / Math.max(1, lines.length);
    if (mode === 0 || consistency < 0.6) continue;
    const score = consistency * 1000 + mode;
    if (!best || score > best.score) best = { delimiter, score };
  }
  return best?.delimiter ?? null;
}

type CsvRecords = { records: string[][]; notes: string[] };

function parseRecords(text: string, delimiter: CsvDelimiter | null, quote: boolean): string[][] {
  return parse(text, {
    delimiter: delimiter ?? ",",
    quote: quote ? '"' : false,
    relax_quotes: true,
    relax_column_count: true,
    skip_empty_lines: true,
    bom: true,
  }) as string[][];
}

/** Parses records best-effort: relaxed quotes first, then quotes as plain text if one never closes. */
export function readCsvRecords(text: string, delimiter: CsvDelimiter | null): CsvRecords {
  try {
    return { records: parseRecords(text, delimiter, true), notes: [] };
  } catch (error) {
    const code = (error as { code?: string }).code ?? "";
    const records = parseRecords(text, delimiter, false);
    return {
      records,
      notes: [`The CSV has malformed quoting (${code || (error as Error).message}); it was read with quotes as ordinary characters`],
    };
  }
}

/** Header labels, with "Column N" for blank ones so values never lose their column. */
function headerLabels(row: string[]): string[] {
  return row.map((label, i) => label.replace(/\s+/g, " ").trim() || `Column ${i + 1}`);
}

/** Builds the parsed document from decoded CSV text. */
export function parseCsvContent(text: string, options: ParseOptions = {}): ParsedDocument {
  const delimiter = sniffDelimiter(text);
  const { records, notes } = readCsvRecords(text, delimiter);
  const nonEmpty = records.filter((record) => record.some((value) => value.trim() !== ""));
  if (nonEmpty.length === 0) throw new DocumentError("The file contains no rows");
  const [headerRow, ...dataRows] = nonEmpty;
  const pages: ParsedPage[] = [];
  if (dataRows.length === 0) {
    // Only a header: keep its text so the file is still findable.
    const block = rowBlock(null, headerRow!);
    if (block) pages.push({ number: 1, blocks: [block] });
  } else {
    const labels = headerLabels(headerRow!);
    for (let start = 0; start < dataRows.length; start += CSV_ROWS_PER_PAGE) {
      options.signal?.throwIfAborted();
      const blocks = dataRows
        .slice(start, start + CSV_ROWS_PER_PAGE)
        .map((values) => rowBlock(labels, values))
        .filter((block): block is Block => block !== null);
      pages.push({ number: start / CSV_ROWS_PER_PAGE + 1, blocks });
    }
  }
  const pageCount = Math.max(1, Math.ceil(dataRows.length / CSV_ROWS_PER_PAGE));
  if (pageCount > 1) {
    notes.push(`A CSV has no pages: ${dataRows.length.toLocaleString("en-US")} rows are cited as ${pageCount} pages of ${CSV_ROWS_PER_PAGE} rows`);
  }
  if (delimiter === null) notes.push("No comma, semicolon or tab found: read as one column");
  return { fileType: "csv", title: null, authors: [], pageCount, pages, notes, ocrPages: [], skippedPages: [] };
}

export async function parseCsv(filePath: string, options: ParseOptions = {}): Promise<ParsedDocument> {
  const bytes = await readFile(filePath);
  if (bytes.length === 0) throw new DocumentError("The file is empty");
  const { text, encoding } = decodeText(bytes);
  const document = parseCsvContent(text, options);
  if (encoding !== "utf-8") document.notes.unshift(`Read as ${encoding} text`);
  options.log?.(`Read ${document.pages.reduce((sum, page) => sum + page.blocks.length, 0)} rows`);
  return document;
}
