import fs from "node:fs/promises";
import type { PDFDocumentProxy, PDFPageProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import { DocumentError, type Block, type ParsedDocument, type ParsedPage, type ParseOptions } from "../types";
import { buildFragments, type Fragment } from "./pdf/fragments.server";
import { hiddenTextNote, type HiddenReason } from "./pdf/hidden-text.server";
import { bodyTextSize, layoutPage, Vocabulary, type LayoutContext } from "./pdf/layout.server";
import { metadataAuthors, metadataTitle, cleanTitle, type RawMetadata } from "./pdf/metadata.server";
import { findExecutable, ocrPage, OCR_INSTALL_HINT, type OcrTools } from "./pdf/ocr.server";
import { readPageContent, type ContentContext, type Glyph, type PageContent } from "./pdf/page-content.server";
import { DAMAGED, loadPdfjs, openPdf, type Pdfjs } from "./pdf/pdfjs.server";

/**
 * PDF -> pages of blocks, with physical page numbers and printed page labels.
 * Pages are read one at a time (operator list -> visible glyphs -> fragments), and released;
 * the layout into blocks runs once all pages are read because it needs document-wide facts
 * (body text size for headings, vocabulary for hyphenation). Hidden text is dropped; pages
 * without text are OCR'd when tesseract is installed.
 */

/** A page with fewer letters and digits than this, mostly covered by images, is a scan (with a stray stamp or page number). */
const MIN_TEXT_CHARS = 20;
const SCAN_IMAGE_COVERAGE = 0.25;
const PROGRESS_EVERY_PAGES = 25;

type PageRead =
  | { number: number; kind: "text"; fragments: Fragment[] }
  | { number: number; kind: "ocr"; paragraphs: string[] }
  | { number: number; kind: "blank" }
  | { number: number; kind: "skipped"; why: SkipReason };

type SkipReason = "ocr-missing" | "ocr-off" | "ocr-empty" | "ocr-failed" | "damaged";

type OcrSetup = { tools: OcrTools; why?: never } | { tools: null; why: "ocr-missing" | "ocr-off" };

type Run = {
  pdfjs: Pdfjs;
  doc: PDFDocumentProxy;
  filePath: string;
  options: ParseOptions;
  content: ContentContext;
  ocr: OcrSetup;
  notes: string[];
  /** Hidden text fragments dropped so far, to explain a document left with no text. */
  hiddenFragments: number;
};

export async function parsePdf(filePath: string, options: ParseOptions = {}): Promise<ParsedDocument> {
  const data = await readFileBytes(filePath);
  const pdfjs = await loadPdfjs();
  const doc = await openPdf(pdfjs, data);
  try {
    return await readDocument({
      pdfjs,
      doc,
      filePath,
      options,
      content: { pdfjs, fonts: new Map(), optionalContent: await doc.getOptionalContentConfig().catch(() => null) },
      ocr: await ocrSetup(options),
      notes: [],
      hiddenFragments: 0,
    });
  } finally {
    await doc.destroy().catch(() => undefined);
  }
}

async function readFileBytes(filePath: string): Promise<Uint8Array> {
  const bytes = await fs.readFile(filePath);
  if (bytes.length === 0) throw new DocumentError("The file is empty");
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length);
}

async function ocrSetup(options: ParseOptions): Promise<OcrSetup> {
  if (options.ocr === false) return { tools: null, why: "ocr-off" };
  const tesseract = await findExecutable("tesseract");
  if (!tesseract) return { tools: null, why: "ocr-missing" };
  return { tools: { tesseract, pdftoppm: await findExecutable("pdftoppm") } };
}

async function readDocument(run: Run): Promise<ParsedDocument> {
  const { doc, options } = run;
  const pageCount = doc.numPages;
  const reads: PageRead[] = [];
  for (let n = 1; n <= pageCount; n++) {
    options.signal?.throwIfAborted();
    reads.push(await readPage(run, n));
    if (n % PROGRESS_EVERY_PAGES === 0 && n < pageCount) options.log?.(`Read ${n} of ${pageCount} pages`);
  }
  const labels = await doc.getPageLabels().catch(() => null);
  const pages = layoutPages(reads, labels);
  if (!pages.some((p) => p.blocks.length > 0)) throw new DocumentError(noTextReason(reads, run.hiddenFragments));
  const blank = reads.filter((r) => r.kind === "blank").map((r) => r.number);
  if (blank.length) run.notes.push(`Blank page${blank.length > 1 ? "s" : ""}: ${blank.join(", ")}`);
  const metadata = (await doc.getMetadata().catch(() => null)) as RawMetadata | null;
  return {
    fileType: "pdf",
    title: (metadata && metadataTitle(metadata)) ?? titleFromFirstPage(pages[0]),
    authors: metadata ? metadataAuthors(metadata) : [],
    pageCount,
    pages,
    notes: run.notes,
    ocrPages: reads.filter((r) => r.kind === "ocr").map((r) => r.number),
    skippedPages: reads.filter((r) => r.kind === "skipped").map((r) => r.number),
  };
}

async function readPage(run: Run, n: number): Promise<PageRead> {
  const page = await run.doc.getPage(n).catch(() => null);
  if (!page) return skipDamaged(run, n);
  try {
    return await readOpenPage(run, n, page);
  } finally {
    page.cleanup(); // release the page's operator list, images and glyph data
  }
}

async function readOpenPage(run: Run, n: number, page: PDFPageProxy): Promise<PageRead> {
  let content: PageContent;
  try {
    content = await readPageContent(page, run.content);
  } catch (error) {
    run.options.signal?.throwIfAborted();
    return skipDamaged(run, n, error);
  }
  noteHiddenText(run, n, content.glyphs);
  const fragments = buildFragments(content.glyphs);
  const chars = countTextChars(fragments);
  const looksScanned = chars === 0 || (chars < MIN_TEXT_CHARS && content.imageCoverage >= SCAN_IMAGE_COVERAGE);
  if (!looksScanned) return { number: n, kind: "text", fragments };
  const ocr = await ocrScannedPage(run, n, page, content.painted);
  // A scan with a stray line of real text keeps that text when OCR cannot help.
  return ocr.kind === "skipped" && chars > 0 ? { number: n, kind: "text", fragments } : ocr;
}

function skipDamaged(run: Run, n: number, error?: unknown): PageRead {
  const detail = error instanceof Error && error.message ? ` (${error.message})` : "";
  run.notes.push(`Page ${n} could not be read and was skipped${detail}`);
  return { number: n, kind: "skipped", why: "damaged" };
}

function noteHiddenText(run: Run, n: number, glyphs: Glyph[]) {
  const byReason = new Map<HiddenReason, Glyph[]>();
  for (const g of glyphs) {
    if (!g.hidden || g.space) continue;
    const list = byReason.get(g.hidden) ?? [];
    list.push({ ...g, hidden: null });
    byReason.set(g.hidden, list);
  }
  // Fragments are counted the way visible text is cut (line pieces), not glyph by glyph.
  const counts = new Map<HiddenReason, number>();
  for (const [reason, hidden] of byReason) counts.set(reason, Math.max(1, buildFragments(hidden).length));
  for (const count of counts.values()) run.hiddenFragments += count;
  const note = hiddenTextNote(n, counts);
  if (note) run.notes.push(note);
}

function countTextChars(fragments: Fragment[]): number {
  let n = 0;
  for (const f of fragments) n += f.text.match(/[\p{L}\p{N}]/gu)?.length ?? 0;
  return n;
}

async function ocrScannedPage(
  run: Run,
  n: number,
  page: PDFPageProxy,
  painted: boolean,
): Promise<PageRead> {
  const { tools } = run.ocr;
  if (!tools) {
    if (!painted) return { number: n, kind: "blank" };
    run.notes.push(
      run.ocr.why === "ocr-off"
        ? `Page ${n} has no text (a scanned image?) and was skipped: OCR is turned off`
        : `Page ${n} has no text (a scanned image?) and was skipped: OCR is not installed; ${OCR_INSTALL_HINT}`,
    );
    return { number: n, kind: "skipped", why: run.ocr.why };
  }
  run.options.log?.(`OCR page ${n} of ${run.doc.numPages}`);
  let paragraphs: string[];
  try {
    const { pdfjs, doc, filePath, options } = run;
    paragraphs = await ocrPage({ pdfjs, doc, page, pageNumber: n, filePath, tools, signal: options.signal });
  } catch (error) {
    run.options.signal?.throwIfAborted();
    run.notes.push(`OCR failed on page ${n}, which was skipped: ${error instanceof Error ? error.message : String(error)}`);
    return { number: n, kind: "skipped", why: "ocr-failed" };
  }
  if (paragraphs.length) {
    run.notes.push(`OCR'd page ${n}`);
    return { number: n, kind: "ocr", paragraphs };
  }
  // Nothing drawn and nothing read: an empty page (pdf.js may also leave out an image it deems too large).
  if (!painted) return { number: n, kind: "blank" };
  // pdf.js leaves out images too large to decode safely; pdftoppm can still draw them.
  const hint = tools.pdftoppm ? "" : " (if it holds a very large image, installing poppler-utils lets OCR read it)";
  run.notes.push(`Page ${n} has no text and OCR found none; skipped${hint}`);
  return { number: n, kind: "skipped", why: "ocr-empty" };
}

/** Second pass: document-wide body size and vocabulary, then each page's blocks. */
function layoutPages(reads: PageRead[], labels: string[] | null): ParsedPage[] {
  const textPages = reads.filter((r): r is Extract<PageRead, { kind: "text" }> => r.kind === "text");
  const vocabulary = new Vocabulary();
  for (const page of textPages) for (const f of page.fragments) vocabulary.add(f.text);
  const ctx: LayoutContext = { bodySize: bodyTextSize(textPages.flatMap((p) => p.fragments)), vocabulary };
  return reads.map((read) => {
    const blocks: Block[] =
      read.kind === "text"
        ? layoutPage(read.fragments, ctx)
        : read.kind === "ocr"
          ? read.paragraphs.map((text) => ({ kind: "paragraph", text }))
          : [];
    const label = labels?.[read.number - 1]?.trim();
    return { number: read.number, ...(label && label !== String(read.number) ? { label } : {}), blocks };
  });
}

/**
 * The most prominent heading of page 1, with the headings of the same level right after it
 * (a title set over several lines); the caller falls back to the file name.
 */
function titleFromFirstPage(page: ParsedPage | undefined): string | null {
  const blocks = page?.blocks ?? [];
  const levels = blocks.flatMap((b) => (b.kind === "heading" ? [b.level] : []));
  if (levels.length === 0) return null;
  const top = Math.min(...levels);
  const start = blocks.findIndex((b) => b.kind === "heading" && b.level === top);
  const parts: string[] = [];
  for (const block of blocks.slice(start)) {
    if (block.kind !== "heading" || block.level !== top || parts.length === 3) break;
    parts.push(block.text.replace(/ \| /g, " "));
  }
  return cleanTitle(parts.join(" "));
}

function noTextReason(reads: PageRead[], hiddenFragments: number): string {
  const why = new Set(reads.map((r) => (r.kind === "skipped" ? r.why : r.kind)));
  if (why.has("ocr-missing")) return "The PDF has no extractable text (scanned pages need OCR: install tesseract-ocr)";
  if (why.has("ocr-off")) return "The PDF has no extractable text (scanned pages need OCR, which is turned off)";
  if (hiddenFragments > 0) return "The PDF has no visible text (all of its text is hidden: white, invisible or off the page)";
  if (why.has("ocr-empty") || why.has("ocr-failed")) return "The PDF has no extractable text (OCR found no text)";
  if (why.size === 1 && why.has("damaged")) return DAMAGED;
  return "The PDF has no extractable text";
}
