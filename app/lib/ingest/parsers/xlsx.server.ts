/**
 * Excel (.xlsx), read with ExcelJS after the zip guard has checked the directory and inflated
 * every part once with a byte bound (ExcelJS itself inflates everything, unbounded).
 *
 * A sheet is a page: number = its position in the workbook (hidden sheets keep their place, so
 * the number matches the tab order), name = the sheet name.
 *
 * Sheets are often reports rather than clean tables: titles in merged cells, a unit line, one or
 * two header rows, data, then a second table with its own header, then footnotes. We read them so:
 * - a row with one value that is merged across columns, or that comes before any table, is a
 *   caption: a heading (short) or a paragraph (a sentence, e.g. a footnote); it ends the table;
 * - text-only rows collect until the next row holding numbers or dates: the multi-cell ones are
 *   that table's header (stacked per column, a merged header cell naming every column it spans);
 *   after a blank row, a new such group replaces the header (a second table under new headings);
 * - a sheet of text only (a list of genes, say) takes its first multi-cell row as the header;
 * - every other row is a `row` block with "header: value" pairs (see csv.server.ts);
 * - a horizontally merged value is written once; a vertically merged one is repeated in each row.
 * Cell values: rich text joined, formulas by their cached result, dates as ISO dates, hyperlinks
 * by their text, percentages as shown ("25%"), errors as their code.
 *
 * Hidden sheets, rows and columns are dropped and counted in `notes` (hidden-text attack), and so
 * are cells whose number format hides them (";;;").
 */
import type ExcelJS from "exceljs";
import { type Block, DocumentError, type ParsedDocument, type ParsedPage, type ParseOptions } from "../types";
import { headerText, rowBlock } from "./csv.server";
import { symbolFontToUnicode } from "./docx.server";
import { isPlaceholderTitle, openOoxmlFile } from "./zip-guard.server";

type SheetCounters = { hiddenRows: number; hiddenColumns: number; hiddenCells: number };

/** One visible, non-empty cell of a row. */
type SheetCell = {
  col: number;
  text: string;
  /** Holds a number, date or boolean (a data row has at least one). */
  numeric: boolean;
  /** Continues a merge from a cell to its left in the same row (written once in data rows). */
  mergedFromLeft: boolean;
  /** The master of a merge spanning several columns. */
  spansColumns: boolean;
};

type SheetRow = { cells: SheetCell[] };

function formatNumberValue(value: number, numFmt: string | undefined): string {
  if (numFmt && /%/.test(numFmt.replace(/"[^"]*"/g, ""))) return `${Number((value * 100).toPrecision(12))}%`;
  return Number.isInteger(value) ? String(value) : String(Number(value.toPrecision(15)));
}

function formatDate(value: Date): string {
  if (Number.isNaN(value.getTime())) return "";
  const iso = value.toISOString();
  const time = iso.slice(11, 16);
  return time === "00:00" ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${time}`;
}

/** The text a cell shows, from any ExcelJS value shape (typed loosely: hyperlink text may itself be rich text). */
function valueText(value: unknown, numFmt: string | undefined, symbolFont: boolean): { text: string; numeric: boolean } {
  if (value === null || value === undefined) return { text: "", numeric: false };
  if (typeof value === "number") return { text: formatNumberValue(value, numFmt), numeric: true };
  if (typeof value === "boolean") return { text: value ? "TRUE" : "FALSE", numeric: true };
  if (typeof value === "string") return { text: symbolFont ? symbolFontToUnicode(value) : value, numeric: false };
  if (value instanceof Date) return { text: formatDate(value), numeric: true };
  if (typeof value === "object") {
    const record = value as Record<string, unknown>;
    if (Array.isArray(record.richText)) {
      const runs = record.richText as ExcelJS.RichText[];
      const text = runs.map((run) => (run.font?.name && /^symbol$/i.test(run.font.name) ? symbolFontToUnicode(run.text) : run.text)).join("");
      return { text, numeric: false };
    }
    if ("formula" in record || "sharedFormula" in record) return valueText(record.result, numFmt, symbolFont);
    if ("hyperlink" in record) return valueText(record.text, numFmt, symbolFont);
    if (typeof record.error === "string") return { text: record.error, numeric: false };
  }
  return { text: "", numeric: false };
}

/** A number format with three empty sections (";;;") displays nothing: the value is hidden. */
function hidesValue(numFmt: string | undefined): boolean {
  return numFmt !== undefined && /^;;;?$/.test(numFmt.trim());
}

function readRow(row: ExcelJS.Row, hiddenColumns: Set<number>, counters: SheetCounters): SheetRow {
  const cells: SheetCell[] = [];
  row.eachCell({ includeEmpty: false }, (cell, col) => {
    const master = cell.isMerged ? cell.master : cell;
    const isSlave = master !== cell;
    const mergedFromLeft = isSlave && master.row === cell.row;
    // The master's value, for a cell merged down from above; nothing of its own otherwise.
    const source = isSlave ? master : cell;
    const { text, numeric } = valueText(source.value, source.numFmt, /^symbol$/i.test(source.font?.name ?? ""));
    const clean = text.replace(/\s+/g, " ").trim();
    if (!clean) return;
    if (hiddenColumns.has(col)) {
      if (!isSlave) counters.hiddenColumns++;
      return;
    }
    if (hidesValue(source.numFmt)) {
      counters.hiddenCells++;
      return;
    }
    cells.push({ col, text: clean, numeric, mergedFromLeft, spansColumns: false });
  });
  // A master whose neighbour continues its merge spans several columns.
  for (let i = 0; i + 1 < cells.length; i++) if (cells[i + 1]!.mergedFromLeft && !cells[i]!.mergedFromLeft) cells[i]!.spansColumns = true;
  return { cells };
}

/** Cells written once (merge continuations left out). */
function ownCells(row: SheetRow): SheetCell[] {
  return row.cells.filter((cell) => !cell.mergedFromLeft);
}

/** Column labels from stacked header rows; merged header cells label every column they span. */
function stackLabels(rows: SheetRow[], columns: number): string[] {
  const labels: string[][] = Array.from({ length: columns + 1 }, () => []);
  for (const row of rows) {
    for (const cell of row.cells) {
      const list = labels[cell.col];
      if (list && list[list.length - 1] !== cell.text) list.push(cell.text);
    }
  }
  return labels.map((parts) => parts.join(" / "));
}

/** "(a) Included in ...", "* p < 0.05", "Source: ...": a note under a table, not one of its rows. */
function looksLikeNote(text: string): boolean {
  return /^(\(?[a-z0-9]{1,3}\)|[*†‡]+)\s/i.test(text) || /^(notes?|source|sources)\s*:/i.test(text);
}

function captionBlock(row: SheetRow): Block {
  const text = ownCells(row)[0]!.text;
  const sentence = text.length > 120 || /[.;:!?]$/.test(text) || looksLikeNote(text);
  if (sentence) return { kind: "paragraph", text };
  return { kind: "heading", level: row.cells.some((cell) => cell.spansColumns) ? 1 : 2, text };
}

/** Reads the rows of one sheet into blocks with the report-table rules of the file comment. */
class SheetReader {
  readonly blocks: Block[] = [];
  private labels: string[] | null = null;
  private pending: SheetRow[] = [];
  private blankSinceData = false;

  constructor(private readonly columns: number) {}

  private emitRow(row: SheetRow): void {
    // Sized by the row's own last cell, not the sheet's width: sparse sheets can be 16,384 columns wide.
    const own = ownCells(row);
    const values = new Array<string>((own.at(-1)?.col ?? 0) + 1).fill("");
    for (const cell of own) values[cell.col] = cell.text;
    const block = rowBlock(this.labels, values);
    if (block) this.blocks.push(block);
  }

  /** Text rows waiting for a data row: with a header they are data; without one, a text table. */
  private flushPending(): void {
    const rows = this.pending;
    this.pending = [];
    if (rows.length === 0) return;
    if (this.labels) {
      for (const row of rows) this.emitRow(row);
      return;
    }
    const headerAt = rows.findIndex((row) => ownCells(row).length >= 2);
    if (headerAt < 0) {
      for (const row of rows) this.blocks.push(captionBlock(row));
      return;
    }
    for (const row of rows.slice(0, headerAt)) this.blocks.push(captionBlock(row));
    this.labels = stackLabels([rows[headerAt]!], this.columns);
    const data = rows.slice(headerAt + 1);
    if (data.length === 0) {
      this.blocks.push({ kind: "row", text: headerText(this.labels) });
      this.labels = null;
    }
    for (const row of data) this.emitRow(row);
  }

  /** Pending text rows become this table's header (multi-cell ones) or captions (single ones). */
  private takeHeaderFromPending(): void {
    const rows = this.pending;
    this.pending = [];
    const headerRows = rows.filter((row) => ownCells(row).length >= 2);
    for (const row of rows) if (ownCells(row).length < 2) this.blocks.push(captionBlock(row));
    this.labels = headerRows.length > 0 ? stackLabels(headerRows, this.columns) : this.labels;
  }

  add(row: SheetRow): void {
    const own = ownCells(row);
    if (own.length === 0) {
      this.blankSinceData = true;
      return;
    }
    const single = own.length === 1 && !own[0]!.numeric;
    const mergedAcross = row.cells.some((cell) => cell.spansColumns);
    if (single && (mergedAcross || looksLikeNote(own[0]!.text) || (this.labels === null && this.pending.length === 0))) {
      this.flushPending();
      this.blocks.push(captionBlock(row));
      this.labels = null;
      return;
    }
    if (!row.cells.some((cell) => cell.numeric)) {
      this.pending.push(row);
      return;
    }
    const newTable = this.labels === null || (this.blankSinceData && this.pending.some((p) => ownCells(p).length >= 2));
    if (newTable) this.takeHeaderFromPending();
    else this.flushPending();
    this.emitRow(row);
    this.blankSinceData = false;
  }

  finish(): Block[] {
    this.flushPending();
    return this.blocks;
  }
}

function hiddenColumnSet(sheet: ExcelJS.Worksheet): Set<number> {
  const hidden = new Set<number>();
  for (let col = 1; col <= sheet.columnCount; col++) if (sheet.getColumn(col).hidden) hidden.add(col);
  return hidden;
}

function sheetBlocks(sheet: ExcelJS.Worksheet, counters: SheetCounters): Block[] {
  const hiddenColumns = hiddenColumnSet(sheet);
  const reader = new SheetReader(sheet.columnCount);
  sheet.eachRow({ includeEmpty: true }, (row) => {
    if (row.hidden) {
      if (row.hasValues) counters.hiddenRows++;
      return;
    }
    reader.add(readRow(row, hiddenColumns, counters));
  });
  return reader.finish();
}

async function loadWorkbook(bytes: Uint8Array): Promise<ExcelJS.Workbook> {
  // Loaded on the first spreadsheet only: importing ExcelJS costs 0.1-0.2 s, paid by every ingest otherwise.
  const { default: Excel } = await import("exceljs");
  const workbook = new Excel.Workbook();
  try {
    // ExcelJS's types ask for its own Buffer flavour; a Node Buffer over the same bytes is what it reads.
    await workbook.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as unknown as ExcelJS.Buffer);
  } catch (error) {
    throw new DocumentError(`The workbook cannot be read (${(error as Error).message.slice(0, 120)})`);
  }
  return workbook;
}

export async function parseXlsx(filePath: string, options: ParseOptions = {}): Promise<ParsedDocument> {
  const pkg = await openOoxmlFile(filePath);
  if (!pkg.has("xl/workbook.xml")) throw new DocumentError("The file is not an Excel workbook (xl/workbook.xml is missing)");
  await pkg.verifyAllEntries(options.signal);
  const workbook = await loadWorkbook(pkg.bytes);
  const counters: SheetCounters = { hiddenRows: 0, hiddenColumns: 0, hiddenCells: 0 };
  const hiddenSheets: string[] = [];
  const pages: ParsedPage[] = [];
  const sheets = workbook.worksheets;
  sheets.forEach((sheet, index) => {
    options.signal?.throwIfAborted();
    if (sheet.state === "hidden" || sheet.state === "veryHidden") {
      hiddenSheets.push(sheet.name);
      return;
    }
    const blocks = sheetBlocks(sheet, counters);
    if (blocks.length > 0) pages.push({ number: index + 1, name: sheet.name, blocks });
  });
  const notes: string[] = [];
  if (hiddenSheets.length > 0) notes.push(`Dropped ${hiddenSheets.length} hidden sheet(s): ${hiddenSheets.join(", ")}`);
  if (counters.hiddenRows > 0) notes.push(`Dropped ${counters.hiddenRows} hidden row(s)`);
  if (counters.hiddenColumns > 0) notes.push(`Dropped ${counters.hiddenColumns} value(s) in hidden columns`);
  if (counters.hiddenCells > 0) notes.push(`Dropped ${counters.hiddenCells} value(s) hidden by their number format`);
  if (pages.length === 0) throw new DocumentError("The workbook contains no visible data");
  const firstHeading = pages.flatMap((page) => page.blocks).find((block) => block.kind === "heading")?.text ?? null;
  const title = workbook.title?.trim() && !isPlaceholderTitle(workbook.title) ? workbook.title.trim() : firstHeading;
  options.log?.(`Read ${sheets.length} sheet(s)`);
  return {
    fileType: "xlsx",
    title,
    authors: (workbook.creator ?? "").split(";").map((s) => s.trim()).filter(Boolean),
    pageCount: sheets.length,
    pages,
    notes,
    ocrPages: [],
    skippedPages: [],
  };
}
