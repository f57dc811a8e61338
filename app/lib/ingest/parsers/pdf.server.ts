import { DocumentError, type Block, type ParsedDocument, type ParsedPage, type ParseOptions } from "../types";
import { DocumentLayout, finishPage, type PageLayout } from "./pdf/layout.server";
import { metadataAuthors, metadataTitle, cleanTitle, type RawMetadata } from "./pdf/metadata.server";
import { ocrSetup, PageReader, readFileBytes, type PageRead, type PageResult } from "./pdf/page-reader.server";
import { readPagesOnThread, worthSecondThread, type RemotePages } from "./pdf/page-thread.server";
import { DAMAGED, loadPdfjs } from "./pdf/pdfjs.server";

/**
 * PDF -> pages of blocks, with physical page numbers and printed page labels.
 * Pages are read one at a time (operator list -> visible glyphs -> fragments, see
 * pdf/page-reader.server.ts) and laid out as far as a page alone allows (regions, lines,
 * paragraphs); the last step of the layout runs once all pages are read because it needs
 * document-wide facts (body text size for headings, vocabulary for hyphenation). Hidden text
 * is dropped; pages without text are OCR'd when tesseract is installed. A long PDF's later pages
 * are read meanwhile on a second thread (pdf/page-thread.server.ts), with the same outcome.
 */

/** A page once read: a text page keeps its layout, no longer its fragments. */
type PageOutcome = Exclude<PageRead, { kind: "text" }> | { number: number; kind: "text"; layout: PageLayout };

const PROGRESS_EVERY_PAGES = 25;

export async function parsePdf(filePath: string, options: ParseOptions = {}): Promise<ParsedDocument> {
  const data = await readFileBytes(filePath);
  const [pdfjs, ocr] = await Promise.all([loadPdfjs(), ocrSetup(options.ocr)]);
  const reader = await PageReader.open(pdfjs, filePath, { ocr, signal: options.signal, log: options.log }, data);
  const pageCount = reader.doc.numPages;
  const twoThreads = options.parallelPages !== false && worthSecondThread(pageCount);
  const remote = twoThreads ? readPagesOnThread(filePath, pageCount, { ocr: options.ocr, log: options.log }) : null;
  // A cancel must not wait for the other thread's page (an OCR'd page takes seconds).
  const stopRemote = () => remote?.stop();
  options.signal?.addEventListener("abort", stopRemote, { once: true });
  try {
    return await readDocument(reader, options, remote);
  } finally {
    options.signal?.removeEventListener("abort", stopRemote);
    remote?.stop();
    await reader.close();
  }
}

async function readDocument(reader: PageReader, options: ParseOptions, remote: RemotePages | null): Promise<ParsedDocument> {
  const { doc } = reader;
  const pageCount = doc.numPages;
  const reads: PageOutcome[] = [];
  const notes: string[] = [];
  let hiddenFragments = 0;
  // Each page is laid out as it arrives, and only its layout is kept.
  const layout = new DocumentLayout();
  let other = remote;
  for (let n = 1; n <= pageCount; n++) {
    options.signal?.throwIfAborted();
    let result: PageResult | null = null;
    if (other && !other.claim(n)) {
      result = await other.take(n);
      options.signal?.throwIfAborted();
      if (!result) {
        // The page thread failed or died: this one reads the rest (same outcome, slower).
        options.log?.(`The second reading thread stopped (${other.failure ?? "no reason given"}); reading pages ${n}-${pageCount} here`);
        other.stop();
        other = null;
      }
    }
    result ??= await reader.read(n);
    const { read } = result;
    reads.push(read.kind === "text" ? { number: n, kind: "text", layout: layout.addPage(read.fragments) } : read);
    notes.push(...result.notes);
    hiddenFragments += result.hiddenFragments;
    options.onPage?.(n, pageCount);
    if (n % PROGRESS_EVERY_PAGES === 0 && n < pageCount) options.log?.(`Read ${n} of ${pageCount} pages`);
  }
  const labels = await doc.getPageLabels().catch(() => null);
  const pages = finishPages(reads, layout, labels);
  if (!pages.some((p) => p.blocks.length > 0)) throw new DocumentError(noTextReason(reads, hiddenFragments));
  const blank = reads.filter((r) => r.kind === "blank").map((r) => r.number);
  if (blank.length) notes.push(`Blank page${blank.length > 1 ? "s" : ""}: ${blank.join(", ")}`);
  const metadata = (await doc.getMetadata().catch(() => null)) as RawMetadata | null;
  return {
    fileType: "pdf",
    title: (metadata && metadataTitle(metadata)) ?? titleFromFirstPage(pages[0]),
    authors: metadata ? metadataAuthors(metadata) : [],
    pageCount,
    pages,
    notes,
    ocrPages: reads.filter((r) => r.kind === "ocr").map((r) => r.number),
    skippedPages: reads.filter((r) => r.kind === "skipped").map((r) => r.number),
  };
}

/** Second pass: each page's blocks with the document-wide body size and vocabulary. */
function finishPages(reads: PageOutcome[], layout: DocumentLayout, labels: string[] | null): ParsedPage[] {
  const ctx = layout.context();
  return reads.map((read) => {
    const blocks: Block[] =
      read.kind === "text"
        ? finishPage(read.layout, ctx)
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

function noTextReason(reads: PageOutcome[], hiddenFragments: number): string {
  const why = new Set(reads.map((r) => (r.kind === "skipped" ? r.why : r.kind)));
  if (why.has("ocr-missing")) return "The PDF has no extractable text (scanned pages need OCR: install tesseract-ocr)";
  if (why.has("ocr-off")) return "The PDF has no extractable text (scanned pages need OCR, which is turned off)";
  if (hiddenFragments > 0) return "The PDF has no visible text (all of its text is hidden: white, invisible or off the page)";
  if (why.has("ocr-empty") || why.has("ocr-failed")) return "The PDF has no extractable text (OCR found no text)";
  if (why.size === 1 && why.has("damaged")) return DAMAGED;
  return "The PDF has no extractable text";
}
