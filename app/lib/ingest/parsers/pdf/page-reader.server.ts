import fs from "node:fs/promises";
import type { PDFDocumentProxy, PDFPageProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import { DocumentError } from "../../types";
import { buildFragments, type Fragment } from "./fragments.server";
import { hiddenTextNote, type HiddenReason } from "./hidden-text.server";
import { findExecutable, ocrPage, OCR_INSTALL_HINT, type OcrTools } from "./ocr.server";
import { readPageContent, type ContentContext, type Glyph, type PageContent } from "./page-content.server";
import { openPdf, type Pdfjs, type PdfUse } from "./pdfjs.server";

/**
 * Reads one document's pages: operator list -> visible glyphs -> fragments, or OCR for a
 * scanned page. The document is opened for what each step needs (see PdfUse: decoding images
 * and outlining glyphs are much of pdf.js's work). Each page is read first from a copy without
 * images, and again from a copy with images only when they could change the outcome: the
 * page looks scanned (little or no text), or light text was judged hidden by its background
 * (an image under it would make it visible), or the first read failed. Images only ever make
 * text more visible, so every other page reads exactly as it would with them. Such pages come
 * in runs (a scanned document, a stamp in white on every page), so after one the next page is
 * read with images straight away, until a page turns out not to need them. Only OCR draws
 * pages, from a third copy opened for it.
 */

/** A page with fewer letters and digits than this, mostly covered by images, is a scan (with a stray stamp or page number). */
const MIN_TEXT_CHARS = 20;
const SCAN_IMAGE_COVERAGE = 0.25;

export type PageRead =
  | { number: number; kind: "text"; fragments: Fragment[] }
  | { number: number; kind: "ocr"; paragraphs: string[] }
  | { number: number; kind: "blank" }
  | { number: number; kind: "skipped"; why: SkipReason };

export type SkipReason = "ocr-missing" | "ocr-off" | "ocr-empty" | "ocr-failed" | "damaged";

/** A page's outcome with what it has to say: notes in the order the page produced them. */
export type PageResult = {
  read: PageRead;
  notes: string[];
  /** Hidden text fragments dropped on this page, to explain a document left with no text. */
  hiddenFragments: number;
};

/** The OCR tools, or why there is no OCR. */
export type OcrSetup = { tools: OcrTools; why?: never } | { tools: null; why: "ocr-missing" | "ocr-off" };

export async function ocrSetup(ocr: boolean | undefined): Promise<OcrSetup> {
  if (ocr === false) return { tools: null, why: "ocr-off" };
  const tesseract = await findExecutable("tesseract");
  if (!tesseract) return { tools: null, why: "ocr-missing" };
  return { tools: { tesseract, pdftoppm: await findExecutable("pdftoppm") } };
}

export type ReaderOptions = {
  ocr: OcrSetup;
  signal?: AbortSignal;
  log?: (line: string) => void;
};

export async function readFileBytes(filePath: string): Promise<Uint8Array> {
  const bytes = await fs.readFile(filePath);
  if (bytes.length === 0) throw new DocumentError("The file is empty");
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length);
}

/** One open copy of the document with the per-document state its pages share. */
type OpenCopy = { doc: PDFDocumentProxy; content: ContentContext };

/**
 * What reading one page from one copy gave, and whether the page needs its images: read
 * without them, a request to read it again; read with them, whether the next page is likely
 * to (scans and pages with white stamps come in runs).
 */
type Attempt = { result: PageResult; needsImages: boolean } | { result?: never; needsImages: true };

export class PageReader {
  private readonly copies = new Map<"images" | "drawn", Promise<OpenCopy>>();
  /** The last page needed its images: read the next one with them straight away. */
  private imagesFirst = false;

  private constructor(
    private readonly pdfjs: Pdfjs,
    private readonly filePath: string,
    private readonly textOnly: OpenCopy,
    private readonly options: ReaderOptions,
  ) {}

  /** Opens the document (from `data` when the caller has read it already, else from the file). */
  static async open(pdfjs: Pdfjs, filePath: string, options: ReaderOptions, data?: Uint8Array): Promise<PageReader> {
    const bytes = data ?? (await readFileBytes(filePath));
    const copy = await openCopy(pdfjs, bytes, { images: false, drawn: false });
    return new PageReader(pdfjs, filePath, copy, options);
  }

  /** The copy without images; whole-document facts (labels, metadata) read the same from it. */
  get doc(): PDFDocumentProxy {
    return this.textOnly.doc;
  }

  async read(n: number): Promise<PageResult> {
    if (!this.imagesFirst) {
      const first = await this.attempt(this.textOnly, n, false);
      if (first.result) return first.result;
    }
    const withImages = await this.attempt(await this.copy("images"), n, true);
    this.imagesFirst = withImages.needsImages;
    return withImages.result!;
  }

  async close() {
    const copies = [this.textOnly, ...(await Promise.all([...this.copies.values()].map((c) => c.catch(() => null))))];
    await Promise.all(copies.map((copy) => copy?.doc.destroy().catch(() => undefined)));
  }

  /** A further copy, opened on first use (pdf.js took the first copy's bytes, so the file is read again). */
  private copy(use: "images" | "drawn"): Promise<OpenCopy> {
    let copy = this.copies.get(use);
    if (!copy) {
      copy = readFileBytes(this.filePath).then((data) => openCopy(this.pdfjs, data, { images: true, drawn: use === "drawn" }));
      this.copies.set(use, copy);
    }
    return copy;
  }

  private async attempt(copy: OpenCopy, n: number, images: boolean): Promise<Attempt> {
    const page = await copy.doc.getPage(n).catch(() => null);
    if (!page) return { result: damaged(n), needsImages: false };
    try {
      return await this.readOpenPage(copy, n, page, images);
    } finally {
      page.cleanup(); // release the page's operator list, images and glyph data
    }
  }

  private async readOpenPage(copy: OpenCopy, n: number, page: PDFPageProxy, images: boolean): Promise<Attempt> {
    let content: PageContent;
    try {
      content = await readPageContent(page, copy.content);
    } catch (error) {
      this.options.signal?.throwIfAborted();
      return images ? { result: damaged(n, error), needsImages: false } : { needsImages: true };
    }
    const fragments = buildFragments(content.glyphs);
    const chars = countTextChars(fragments);
    const needsImages = chars < MIN_TEXT_CHARS || content.glyphs.some(hiddenByBackground);
    if (!images && needsImages) return { needsImages };
    const result: PageResult = { read: { number: n, kind: "text", fragments }, notes: [], hiddenFragments: 0 };
    noteHiddenText(result, n, content.glyphs);
    const looksScanned = chars === 0 || (chars < MIN_TEXT_CHARS && content.imageCoverage >= SCAN_IMAGE_COVERAGE);
    if (!looksScanned) return { result, needsImages };
    const ocr = await this.ocrScannedPage(result.notes, n, content.painted);
    // A scan with a stray line of real text keeps that text when OCR cannot help.
    if (!(ocr.kind === "skipped" && chars > 0)) result.read = ocr;
    return { result, needsImages };
  }

  private async ocrScannedPage(notes: string[], n: number, painted: boolean): Promise<PageRead> {
    const { ocr, signal, log } = this.options;
    const { tools } = ocr;
    if (!tools) {
      if (!painted) return { number: n, kind: "blank" };
      notes.push(
        ocr.why === "ocr-off"
          ? `Page ${n} has no text (a scanned image?) and was skipped: OCR is turned off`
          : `Page ${n} has no text (a scanned image?) and was skipped: OCR is not installed; ${OCR_INSTALL_HINT}`,
      );
      return { number: n, kind: "skipped", why: ocr.why };
    }
    log?.(`OCR page ${n} of ${this.doc.numPages}`);
    let paragraphs: string[];
    try {
      paragraphs = await this.ocrWithCopyForDrawing(n, tools);
    } catch (error) {
      signal?.throwIfAborted();
      notes.push(`OCR failed on page ${n}, which was skipped: ${error instanceof Error ? error.message : String(error)}`);
      return { number: n, kind: "skipped", why: "ocr-failed" };
    }
    if (paragraphs.length) {
      notes.push(`OCR'd page ${n}`);
      return { number: n, kind: "ocr", paragraphs };
    }
    // Nothing drawn and nothing read: an empty page (pdf.js may also leave out an image it deems too large).
    if (!painted) return { number: n, kind: "blank" };
    // pdf.js leaves out images too large to decode safely; pdftoppm can still draw them.
    const hint = tools.pdftoppm ? "" : " (if it holds a very large image, installing poppler-utils lets OCR read it)";
    notes.push(`Page ${n} has no text and OCR found none; skipped${hint}`);
    return { number: n, kind: "skipped", why: "ocr-empty" };
  }

  private async ocrWithCopyForDrawing(n: number, tools: OcrTools): Promise<string[]> {
    const { doc } = await this.copy("drawn");
    const page = await doc.getPage(n);
    try {
      return await ocrPage({ pdfjs: this.pdfjs, doc, page, pageNumber: n, filePath: this.filePath, tools, signal: this.options.signal });
    } finally {
      page.cleanup();
    }
  }
}

async function openCopy(pdfjs: Pdfjs, data: Uint8Array, use: PdfUse): Promise<OpenCopy> {
  const doc = await openPdf(pdfjs, data, use);
  const optionalContent = await doc.getOptionalContentConfig().catch(() => null);
  return { doc, content: { pdfjs, fonts: new Map(), optionalContent } };
}

/** Light text judged hidden by what lies under it: an image there (left out of the first read) could show it. */
function hiddenByBackground(glyph: Glyph): boolean {
  return glyph.hidden === "white" || glyph.hidden === "background";
}

function damaged(n: number, error?: unknown): PageResult {
  const detail = error instanceof Error && error.message ? ` (${error.message})` : "";
  return {
    read: { number: n, kind: "skipped", why: "damaged" },
    notes: [`Page ${n} could not be read and was skipped${detail}`],
    hiddenFragments: 0,
  };
}

function noteHiddenText(result: PageResult, n: number, glyphs: Glyph[]) {
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
  for (const count of counts.values()) result.hiddenFragments += count;
  const note = hiddenTextNote(n, counts);
  if (note) result.notes.push(note);
}

function countTextChars(fragments: Fragment[]): number {
  let n = 0;
  for (const f of fragments) n += f.text.match(/[\p{L}\p{N}]/gu)?.length ?? 0;
  return n;
}
