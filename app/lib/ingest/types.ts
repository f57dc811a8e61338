/**
 * Contracts between the parts of ingestion: parsers turn a file into pages of blocks,
 * the chunker turns blocks into chunks, the search index stores chunks.
 * Shared by the worker thread and the server; no server-only imports here.
 */
import type { ChunkLayout } from "../../../db/schema";

export const FILE_TYPES = ["pdf", "docx", "doc", "txt", "csv", "xlsx", "pptx"] as const;
export type FileType = (typeof FILE_TYPES)[number];

/** One piece of a page, in reading order. */
export type Block =
  | { kind: "heading"; text: string; level: number }
  /**
   * `continues`: the paragraph goes on from the last block of the previous page (one paragraph that a
   * page break split, as a DOCX records it); the chunker joins the sentence across the break.
   */
  | { kind: "paragraph"; text: string; continues?: boolean }
  /** A table row, with the table's header row as text ("Drug | Dose | Route"); kept together when chunked. */
  | { kind: "row"; text: string; header?: string };

export type ParsedPage = {
  /** Physical page number, 1-based: what a viewer opens (`#page=N`). Slide / sheet number for PPTX / XLSX. */
  number: number;
  /** The printed page label when the document defines one (PDF page labels such as "xii" or "245"). */
  label?: string;
  /** Sheet name (XLSX) or slide title (PPTX), when there is one. */
  name?: string;
  blocks: Block[];
};

export type ParsedDocument = {
  fileType: FileType;
  /** From the file's metadata, else its first heading; the caller falls back to the file name. */
  title: string | null;
  authors: string[];
  /** Physical page count (PDF pages, DOCX pages from recorded page breaks, slides, sheets; 1 for TXT/CSV unless split). */
  pageCount: number;
  pages: ParsedPage[];
  /** Lines for the processing console: OCR'd pages, skipped pages, dropped hidden text, ... */
  notes: string[];
  /** Pages whose text came from OCR. */
  ocrPages: number[];
  /** Pages with no text that could not be OCR'd (no tesseract, or OCR found nothing). */
  skippedPages: number[];
};

/** A failure with a plain reason a person can act on ('The PDF is password-protected', 'The file is empty', ...). */
export class DocumentError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = "DocumentError";
  }
}

export type ParseOptions = {
  /** Cancel: parsers check it between pages and throw the signal's reason. */
  signal?: AbortSignal;
  /** After each page is read (PDF): `done` of `total` pages, for the progress bar. */
  onPage?: (done: number, total: number) => void;
  /** Console lines while parsing (e.g. "OCR page 3 of 6"). */
  log?: (line: string) => void;
  /** Run OCR on pages without text when tesseract is installed (default true). */
  ocr?: boolean;
  /** Read a long PDF's pages on two threads when the machine has two cores (default true; false: one thread). */
  parallelPages?: boolean;
};

export type Chunk = {
  /** 0-based position in the document. */
  index: number;
  /** Text to index and to quote (table rows carry their header line). The heading is kept apart. */
  text: string;
  /** The headings above the chunk (outermost first), joined with " > ": context for search and display. */
  heading: string | null;
  /** Physical pages the chunk spans, ascending (first = where it starts). */
  pages: number[];
  /** Printed label of the first page, when the document defines labels. */
  pageLabel: string | null;
  wordCount: number;
  /** Where each page starts in `text`, where table rows and sentences sit: a quote is cited with its own page. */
  layout: ChunkLayout;
};
