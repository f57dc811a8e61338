/**
 * File-type detection from the bytes, checked against the file name.
 *
 * The extension must be one we accept (pdf, docx, doc, txt, csv, xlsx, pptx, any case) and the
 * content must be what the extension says:
 * - %PDF (within the first 1 KB, as readers allow) -> pdf
 * - ZIP with word/document.xml -> docx, xl/workbook.xml -> xlsx, ppt/presentation.xml -> pptx
 * - OLE compound file with a WordDocument stream -> doc
 * - text (UTF-8, UTF-16 with BOM, or 8-bit text without NUL/control bytes) -> txt, or csv when the
 *   name ends in .csv and the text reads as delimited rows
 * Anything else, or content that does not match the name, is `{ ok: false, status: 415, reason }`
 * with a plain reason ("The file's content is a Word document but its name ends in .pdf").
 *
 * Deliberate leniencies, because the content is still the kind the name promises:
 * - .doc holding a DOCX, or .docx holding a Word 97-2003 file, is parsed as what it really is;
 * - a password-protected Office file (an OLE file with EncryptionInfo) named .docx/.xlsx/.pptx/.doc
 *   is accepted here so that its parser can say "The document is password-protected".
 *
 * An empty file gets status 415 with reason "The file is empty" and `code: "empty"`, so a caller
 * that prefers 422 for it can tell it apart. Every failure carries a `code`.
 *
 * `detectFileType(head, name)` works from the first bytes only (give it at least 8 KB; the whole
 * file when you have it). For ZIP and OLE files the decisive names can lie beyond the head: it then
 * looks at the local headers and [Content_Types].xml it can see, and otherwise trusts an Office
 * extension (the parser will refuse a wrong file). `detectFileTypeFromFile` reads the ZIP central
 * directory or the OLE directory and is authoritative: prefer it.
 */
import { open, stat } from "node:fs/promises";
import { inflateRawSync } from "node:zlib";
import { FILE_TYPES, type FileType } from "../types";
import { sniffDelimiter } from "./csv.server";
import { classifyOle, type OleContent, readOleFile } from "./doc.server";
import { findEndOfCentralDirectory, hasOleMagic, readZipDirectory, readZipDirectoryFromFile } from "./zip-directory.server";

export type DetectFailureCode = "empty" | "unsupported-type" | "content-mismatch";

export type DetectResult =
  | { ok: true; type: FileType }
  | { ok: false; status: 415; reason: string; code: DetectFailureCode };

/** How many leading bytes detection looks at. */
export const DETECT_HEAD_BYTES = 64 * 1024;

/** What the bytes are, independent of the name. */
type Content =
  | { kind: "empty" }
  | { kind: "pdf" }
  | { kind: "zip"; office: "docx" | "xlsx" | "pptx" | "ooxml-unknown" | null; describe: string }
  | { kind: "ole"; ole: OleContent | "unknown" }
  | { kind: "text" }
  | { kind: "binary"; describe: string };

/**
 * `binary`: a two-letter signature ("MZ", "BM") that also starts ordinary words ("BMI-1 autoantibody",
 * "MZB1"): it counts only when the header holds the NUL bytes every real one does (BMP's reserved
 * fields, the DOS header), so a text file starting with those letters is read as text.
 */
const MAGIC: { bytes: number[]; describe: string; binary?: boolean }[] = [
  { bytes: [0x7b, 0x5c, 0x72, 0x74, 0x66], describe: "Rich Text Format (RTF), which is not supported" },
  { bytes: [0x4d, 0x5a], describe: "a Windows program", binary: true },
  { bytes: [0x7f, 0x45, 0x4c, 0x46], describe: "a program (ELF)" },
  { bytes: [0x89, 0x50, 0x4e, 0x47], describe: "an image (PNG)" },
  { bytes: [0xff, 0xd8, 0xff], describe: "an image (JPEG)" },
  { bytes: [0x47, 0x49, 0x46, 0x38], describe: "an image (GIF)" },
  { bytes: [0x49, 0x49, 0x2a, 0x00], describe: "an image (TIFF)" },
  { bytes: [0x4d, 0x4d, 0x00, 0x2a], describe: "an image (TIFF)" },
  { bytes: [0x42, 0x4d], describe: "an image (BMP)", binary: true },
  { bytes: [0x1f, 0x8b], describe: "a gzip archive" },
  { bytes: [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c], describe: "a 7-Zip archive" },
  { bytes: [0x52, 0x61, 0x72, 0x21], describe: "a RAR archive" },
  { bytes: [0x25, 0x21, 0x50, 0x53], describe: "a PostScript file, which is not supported" },
];

function startsWith(bytes: Uint8Array, prefix: number[]): boolean {
  return prefix.every((b, i) => bytes[i] === b);
}

function isZip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 3 || bytes[2] === 5 || bytes[2] === 7);
}

function hasPdfSignature(bytes: Uint8Array): boolean {
  const window = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 1024));
  return window.includes("%PDF-");
}

const ZIP_DESCRIPTIONS: Record<string, string> = {
  docx: "a Word document",
  xlsx: "an Excel workbook",
  pptx: "a PowerPoint presentation",
  "ooxml-unknown": "an Office document of an unknown kind",
};

/** Classifies a ZIP from its entry names (OPC names are case-insensitive). */
function classifyZipNames(names: string[]): Content {
  const lower = new Set(names.map((name) => name.toLowerCase()));
  const has = (name: string) => lower.has(name);
  const office = has("word/document.xml") ? "docx" : has("xl/workbook.xml") ? "xlsx" : has("ppt/presentation.xml") ? "pptx" : null;
  if (office) return { kind: "zip", office, describe: ZIP_DESCRIPTIONS[office]! };
  if (has("mimetype") && has("content.xml")) return { kind: "zip", office: null, describe: "an OpenDocument file, which is not supported" };
  if (has("mimetype") && has("meta-inf/container.xml")) return { kind: "zip", office: null, describe: "an EPUB e-book, which is not supported" };
  if (has("[content_types].xml")) return { kind: "zip", office: "ooxml-unknown", describe: ZIP_DESCRIPTIONS["ooxml-unknown"]! };
  return { kind: "zip", office: null, describe: "a ZIP archive" };
}

const MAIN_CONTENT_TYPES: [RegExp, "docx" | "xlsx" | "pptx"][] = [
  [/(wordprocessingml\.document|ms-word\.document\.macroEnabled)\.main\+xml/i, "docx"],
  [/(spreadsheetml\.sheet|ms-excel\.sheet\.macroEnabled)\.main\+xml/i, "xlsx"],
  [/(presentationml\.presentation|ms-powerpoint\.presentation\.macroEnabled)\.main\+xml/i, "pptx"],
];

/**
 * Head-only ZIP classification: the names of the local headers we can walk within the head, and
 * the main content type in [Content_Types].xml when that entry is there (it usually comes first).
 */
function classifyZipHead(head: Uint8Array): Content {
  const dv = new DataView(head.buffer, head.byteOffset, head.byteLength);
  const names: string[] = [];
  let contentTypes: string | null = null;
  for (let p = 0; p + 30 <= head.length && dv.getUint32(p, true) === 0x04034b50; ) {
    const flags = dv.getUint16(p + 6, true);
    const method = dv.getUint16(p + 8, true);
    const compressedSize = dv.getUint32(p + 18, true);
    const nameLength = dv.getUint16(p + 26, true);
    const extraLength = dv.getUint16(p + 28, true);
    const name = Buffer.from(head.subarray(p + 30, p + 30 + nameLength)).toString(flags & 0x0800 ? "utf8" : "latin1");
    names.push(name);
    const dataStart = p + 30 + nameLength + extraLength;
    const knownSize = (flags & 0x0008) === 0;
    if (name.toLowerCase() === "[content_types].xml" && knownSize && dataStart + compressedSize <= head.length) {
      contentTypes = inflateSmallEntry(head.subarray(dataStart, dataStart + compressedSize), method);
    }
    if (!knownSize) break; // sizes follow the data: we cannot skip to the next header
    p = dataStart + compressedSize;
  }
  const byNames = classifyZipNames(names);
  if (byNames.kind === "zip" && byNames.office && byNames.office !== "ooxml-unknown") return byNames;
  for (const [pattern, office] of MAIN_CONTENT_TYPES) {
    if (contentTypes && pattern.test(contentTypes)) return { kind: "zip", office, describe: ZIP_DESCRIPTIONS[office]! };
  }
  // Parts under word/, xl/ or ppt/ are strong evidence even when the main part is out of sight.
  const folders = new Set(names.map((name) => name.toLowerCase().split("/")[0]));
  const byFolder = folders.has("word") ? "docx" : folders.has("xl") ? "xlsx" : folders.has("ppt") ? "pptx" : null;
  if (byFolder) return { kind: "zip", office: byFolder, describe: ZIP_DESCRIPTIONS[byFolder]! };
  // Package relationships or document properties: an Office package whose kind lies beyond the head.
  if (byNames.kind === "zip" && byNames.office === null && (folders.has("_rels") || folders.has("docprops"))) {
    return { kind: "zip", office: "ooxml-unknown", describe: ZIP_DESCRIPTIONS["ooxml-unknown"]! };
  }
  return byNames;
}

function inflateSmallEntry(data: Uint8Array, method: number): string | null {
  try {
    if (method === 0) return Buffer.from(data).toString("utf8");
    if (method === 8) return inflateRawSync(data, { maxOutputLength: 1024 * 1024 }).toString("utf8");
  } catch {
    // A damaged or oversized [Content_Types].xml simply does not help classify.
  }
  return null;
}

/** OLE stream names visible in the head (UTF-16LE in directory sectors), when the directory lies beyond it. */
function classifyOleHead(head: Uint8Array): OleContent | "unknown" {
  const buffer = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  try {
    return classifyOle(readOleFile(buffer));
  } catch {
    const has = (name: string) => buffer.includes(Buffer.from(name, "utf16le"));
    if (has("EncryptionInfo") && has("EncryptedPackage")) return "encrypted-ooxml";
    if (has("WordDocument")) return "doc";
    if (has("Workbook")) return "xls";
    if (has("PowerPoint Document")) return "ppt";
    return "unknown";
  }
}

/** Length of the head without a UTF-8 sequence cut off at its end. */
function completeUtf8Length(bytes: Uint8Array): number {
  for (let back = 1; back <= 3 && back <= bytes.length; back++) {
    const byte = bytes[bytes.length - back]!;
    if ((byte & 0xc0) === 0x80) continue; // continuation byte: keep looking for the lead byte
    const needed = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return needed > back ? bytes.length - back : bytes.length;
  }
  return bytes.length;
}

/**
 * Text: a UTF-16 BOM, or no NUL byte and (almost) no control characters other than tab, newlines,
 * form feed and the DOS end-of-file mark. 8-bit text that is not UTF-8 (windows-1252) counts as text.
 */
export function looksLikeText(bytes: Uint8Array): boolean {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) return true;
  let controls = 0;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b === 0) return false;
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c && b !== 0x1a && b !== 0x1b) controls++;
    else if (b === 0x7f) controls++;
  }
  return controls <= Math.max(2, bytes.length / 1000);
}

/** Decodes a text head for the CSV check (UTF-16 by BOM, else UTF-8 leniently). */
function headText(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder("utf-16le").decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder("utf-16be").decode(bytes.subarray(2));
  return new TextDecoder("utf-8").decode(bytes.subarray(0, completeUtf8Length(bytes)));
}

/** Rows: a delimiter the sniffer trusts, or one short value per line (a one-column CSV). */
export function readsAsDelimitedRows(bytes: Uint8Array): boolean {
  const text = headText(bytes);
  if (sniffDelimiter(text) !== null) return true;
  const lines = text.split(/\r\n|\n|\r/).filter((line) => line.trim() !== "");
  if (bytes.length >= DETECT_HEAD_BYTES && lines.length > 1) lines.pop(); // cut off by the head
  return lines.length > 0 && lines.every((line) => line.length <= 1000);
}

function classifyHead(head: Uint8Array): Content {
  if (head.length === 0) return { kind: "empty" };
  if (hasPdfSignature(head)) return { kind: "pdf" };
  if (isZip(head)) {
    // The whole file was given: the central directory is authoritative.
    if (findEndOfCentralDirectory(head) >= 0) {
      try {
        return classifyZipNames(readZipDirectory(head).map((entry) => entry.name));
      } catch {
        // Fall back to the local headers.
      }
    }
    return classifyZipHead(head);
  }
  if (hasOleMagic(head)) return { kind: "ole", ole: classifyOleHead(head) };
  for (const magic of MAGIC) {
    if (startsWith(head, magic.bytes) && (!magic.binary || head.subarray(0, 64).includes(0))) return { kind: "binary", describe: magic.describe };
  }
  if (looksLikeText(head)) return { kind: "text" };
  return { kind: "binary", describe: "binary data, not text" };
}

/** The lower-case extension of a file name (path and query-like suffixes ignored), or "". */
export function extensionOf(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? "";
  const dot = base.lastIndexOf(".");
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : "";
}

function fail(code: DetectFailureCode, reason: string): DetectResult {
  return { ok: false, status: 415, reason, code };
}

const OLE_DESCRIPTIONS: Record<OleContent | "unknown", string> = {
  doc: "a Word 97-2003 document",
  "encrypted-ooxml": "a password-protected Office document",
  xls: "an Excel 97-2003 workbook (.xls), which is not supported; save it as .xlsx",
  ppt: "a PowerPoint 97-2003 presentation (.ppt), which is not supported; save it as .pptx",
  msg: "an Outlook message, which is not supported",
  other: "an older Office file of an unknown kind",
  unknown: "an older Office file of an unknown kind",
};

function describe(content: Content): string {
  switch (content.kind) {
    case "pdf":
      return "a PDF document";
    case "zip":
      return content.describe;
    case "ole":
      return OLE_DESCRIPTIONS[content.ole];
    case "text":
      return "plain text";
    case "binary":
      return content.describe;
    case "empty":
      return "empty";
  }
}

/** Decides the type from the content and the extension (already known to be accepted). */
function decide(ext: FileType, content: Content, head: Uint8Array, headIsAuthoritative: boolean): DetectResult {
  if (content.kind === "empty") return fail("empty", "The file is empty");
  const ok = (type: FileType): DetectResult => ({ ok: true, type });
  const mismatch = () => fail("content-mismatch", `The file's content is ${describe(content)} but its name ends in .${ext}`);
  switch (ext) {
    case "pdf":
      return content.kind === "pdf" ? ok("pdf") : mismatch();
    case "docx":
    case "doc":
    case "xlsx":
    case "pptx": {
      if (content.kind === "ole") {
        if (content.ole === "encrypted-ooxml") return ok(ext === "doc" ? "docx" : ext);
        if (content.ole === "doc" && (ext === "doc" || ext === "docx")) return ok("doc");
        if (content.ole === "unknown" && !headIsAuthoritative && ext === "doc") return ok("doc");
        return mismatch();
      }
      if (content.kind !== "zip") return mismatch();
      if (content.office === "docx" && (ext === "docx" || ext === "doc")) return ok("docx");
      if (content.office === ext) return ok(ext);
      // Head only and the decisive part names were out of sight: trust the name, the parser checks.
      if (!headIsAuthoritative && content.office === "ooxml-unknown" && ext !== "doc") return ok(ext);
      return mismatch();
    }
    case "txt":
      return content.kind === "text" ? ok("txt") : mismatch();
    case "csv":
      if (content.kind !== "text") return mismatch();
      return readsAsDelimitedRows(head)
        ? ok("csv")
        : fail("content-mismatch", "The file's name ends in .csv but its content is not comma-, semicolon- or tab-separated rows");
  }
}

function checkExtension(fileName: string): FileType | DetectResult {
  const ext = extensionOf(fileName);
  if (!ext) return fail("unsupported-type", "Unsupported file type: the file name has no extension");
  if (!(FILE_TYPES as readonly string[]).includes(ext)) return fail("unsupported-type", `Unsupported file type: .${ext}`);
  return ext as FileType;
}

/**
 * Detects the type from the first bytes of a file (at least 8 KB, or the whole file) and its name.
 * See the file comment for what is head-only best effort; prefer `detectFileTypeFromFile`.
 */
export function detectFileType(head: Uint8Array, fileName: string): DetectResult {
  const ext = checkExtension(fileName);
  if (typeof ext !== "string") return ext;
  const content = classifyHead(head);
  const wholeZip = content.kind === "zip" && findEndOfCentralDirectory(head) >= 0;
  return decide(ext, content, head, wholeZip);
}

/** Largest OLE file read whole for its directory (Word 97-2003 files are far smaller). */
const MAX_OLE_DETECT_BYTES = 256 * 1024 * 1024;

async function readHead(filePath: string, length: number): Promise<Buffer> {
  const handle = await open(filePath, "r");
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * Detects the type of a stored file: the first 64 KB, plus the ZIP central directory or the OLE
 * directory when the file is one of those. Authoritative for every case detection covers.
 */
export async function detectFileTypeFromFile(filePath: string, fileName: string): Promise<DetectResult> {
  const ext = checkExtension(fileName);
  if (typeof ext !== "string") return ext;
  const { size } = await stat(filePath);
  if (size === 0) return fail("empty", "The file is empty");
  const head = await readHead(filePath, Math.min(size, DETECT_HEAD_BYTES));
  let content = classifyHead(head);
  let authoritative = size <= head.length;
  if (content.kind === "zip" && !authoritative) {
    try {
      content = classifyZipNames((await readZipDirectoryFromFile(filePath)).map((entry) => entry.name));
      authoritative = true;
    } catch {
      // A damaged directory: keep the head's view; the parser will give the plain reason.
    }
  } else if (content.kind === "ole" && !authoritative && size <= MAX_OLE_DETECT_BYTES) {
    content = { kind: "ole", ole: classifyOleHead(await readHead(filePath, size)) };
    authoritative = true;
  }
  return decide(ext, content, head, authoritative);
}
