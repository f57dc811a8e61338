import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { PDFDocumentProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import { DocumentError } from "../../types";

/**
 * Loading pdf.js (the engine inside pdf-parse) and opening documents with plain errors.
 * pdf.js is imported on first use: it is large and installs polyfills, so importing the
 * parsers costs nothing until a PDF arrives.
 */

export type Pdfjs = typeof import("pdfjs-dist/legacy/build/pdf.mjs");

/**
 * Images larger than this many pixels are left out by pdf.js: decoding one takes about
 * 7 bytes a pixel (a 9000x9000 scan would need ~600 MB; a 600-dpi A4 scan, 35 Mpx, fits).
 * Text is unaffected; such a page can still be OCR'd through pdftoppm (see ocr.server.ts).
 */
export const MAX_DECODED_IMAGE_PIXELS = 40_000_000;

let loading: Promise<Pdfjs> | undefined;

export function loadPdfjs(): Promise<Pdfjs> {
  loading ??= import("pdfjs-dist/legacy/build/pdf.mjs").then((pdfjs) => {
    restoreNativeBuiltins();
    useOperatorListHandOver(true);
    // In Node pdf.js runs its "worker" in this thread; point it at the real file so it
    // still loads when the server code is bundled.
    pdfjs.GlobalWorkerOptions.workerSrc = pathToFileURL(resolvePdfjsFile("legacy/build/pdf.worker.mjs")).href;
    return pdfjs;
  });
  return loading;
}

const NATIVE_PUSH = Array.prototype.push;
const NATIVE_JSON_PARSE = JSON.parse;

/**
 * pdf.js's legacy build (the one for Node, also used by pdf-parse) bundles core-js, which on
 * load replaces Array.prototype.push and JSON.parse for the whole process with polyfills for
 * spec corner cases (pushing nothing onto a frozen-length array; JSON.parse source access).
 * They are several times slower, and push is in every hot loop (parsing a book spent ~10%
 * of its time there). Put the engine's own back; nothing here relies on those corners.
 */
export function restoreNativeBuiltins() {
  const isNative = (fn: unknown) => typeof fn === "function" && /\[native code\]/.test(Function.prototype.toString.call(fn));
  if (Array.prototype.push !== NATIVE_PUSH && isNative(NATIVE_PUSH)) {
    Object.defineProperty(Array.prototype, "push", { value: NATIVE_PUSH, writable: true, configurable: true, enumerable: false });
  }
  if (JSON.parse !== NATIVE_JSON_PARSE && isNative(NATIVE_JSON_PARSE)) {
    Object.defineProperty(JSON, "parse", { value: NATIVE_JSON_PARSE, writable: true, configurable: true, enumerable: false });
  }
}

const NATIVE_STRUCTURED_CLONE = globalThis.structuredClone;

/**
 * In Node both halves of pdf.js (the parser, normally a web worker, and the API) run in one thread
 * and talk through a port that deep-copies every message with structuredClone, as a real worker
 * boundary would. For the operator lists, the bulk of what goes across, that copy was ~7 % of
 * reading a book, and the garbage it leaves more. Their chunks are handed over with only their two
 * arrays copied: pdf.js empties those right after sending (OperatorList.flush) and never touches
 * the operations' arguments again, and the receiving side only reads them. Every other message,
 * and anything else in the thread calling structuredClone, still gets the real copy. Tests read
 * the corpus both ways and compare.
 */
export function useOperatorListHandOver(enabled: boolean) {
  globalThis.structuredClone = enabled ? cloneMessage : NATIVE_STRUCTURED_CLONE;
}

type StreamMessage = { stream?: unknown; chunk?: { fnArray?: unknown; argsArray?: unknown } };

function cloneMessage<T>(value: T, options?: StructuredSerializeOptions): T {
  const chunk = (value as StreamMessage | null)?.chunk;
  if (chunk && (value as StreamMessage).stream !== undefined && Array.isArray(chunk.fnArray) && Array.isArray(chunk.argsArray)) {
    return { ...value, chunk: { ...chunk, fnArray: chunk.fnArray.slice(), argsArray: chunk.argsArray.slice() } };
  }
  return NATIVE_STRUCTURED_CLONE(value, options);
}

const requireFromHere = createRequire(import.meta.url);

function resolvePdfjsFile(relative: string): string {
  return path.join(path.dirname(requireFromHere.resolve("pdfjs-dist/package.json")), relative);
}

/** Font, CMap, colour-profile and JPEG 2000 decoder data shipped with pdf.js (read from disk, never fetched). */
function assetDirectories() {
  const dir = (name: string) => resolvePdfjsFile(name) + path.sep;
  return {
    cMapUrl: dir("cmaps"),
    cMapPacked: true,
    standardFontDataUrl: dir("standard_fonts"),
    wasmUrl: dir("wasm"),
    iccUrl: dir("iccs"),
  };
}

/** What a copy of a document is for: pdf.js skips the work a use does not need. */
export type PdfUse = {
  /** Decode images (else they are left out: no pixels, no place on the page). */
  images: boolean;
  /** The pages will be drawn (OCR): glyph outlines are needed. */
  drawn: boolean;
};

/**
 * Opens a PDF from its bytes (which pdf.js takes ownership of); every failure becomes a DocumentError.
 * In Node pdf.js has no fonts to draw with, so by default it compiles and sends an outline of
 * every glyph it meets; a copy that is never drawn instead sends each font once. Leaving out
 * images and outlines is about a third of what pdf.js does on a typical book.
 */
export async function openPdf(pdfjs: Pdfjs, data: Uint8Array, use: PdfUse = { images: true, drawn: true }): Promise<PDFDocumentProxy> {
  const task = pdfjs.getDocument({
    data,
    ...assetDirectories(),
    verbosity: pdfjs.VerbosityLevel.ERRORS,
    maxImageSize: use.images ? MAX_DECODED_IMAGE_PIXELS : 0,
    isEvalSupported: false,
    useSystemFonts: false,
    // Encodings and ToUnicode maps of fonts, to read capitals a broken map gives as small letters (page-content.server.ts).
    fontExtraProperties: true,
    // pdf.js types ownerDocument as a DOM document; FontLoader uses only what FONT_RULE_SINK has.
    ...(use.drawn ? { disableFontFace: true } : { disableFontFace: false, ownerDocument: FONT_RULE_SINK as unknown as Document }),
  });
  try {
    const doc = await task.promise;
    restoreNativeBuiltins(); // the worker half of pdf.js loads with the first document and patches again
    if (doc.numPages < 1) {
      await doc.destroy();
      throw new DocumentError(DAMAGED);
    }
    return doc;
  } catch (error) {
    await task.destroy().catch(() => undefined);
    throw toDocumentError(error);
  }
}

/**
 * Where pdf.js puts a font it may draw with when glyph outlines are off: an @font-face rule in
 * the document's style sheet. A copy that is never drawn needs no fonts, so this stand-in takes
 * the rules and drops them. Were pdf.js to need more of a document, binding the font would fail
 * and it would fall back to outlines: slower, never wrong.
 */
const FONT_RULE_SINK = {
  createElement: () => ({ sheet: { cssRules: { length: 0 }, insertRule: () => 0 }, remove: () => undefined }),
  documentElement: { getElementsByTagName: () => [{ append: () => undefined }] },
};

export const DAMAGED = "The PDF is damaged and cannot be read";
export const PASSWORD_PROTECTED = "The PDF is password-protected";

export function toDocumentError(error: unknown): DocumentError {
  if (error instanceof DocumentError) return error;
  const name = error instanceof Error ? error.name : "";
  // Without an onPassword callback pdf.js rejects a user-password file with this.
  if (name === "PasswordException") return new DocumentError(PASSWORD_PROTECTED);
  return new DocumentError(DAMAGED);
}
