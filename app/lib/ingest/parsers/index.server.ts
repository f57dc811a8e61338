/**
 * The parsers' public face: `parseFile` turns a stored file of a detected type into pages of
 * blocks (see ../types.ts); `detectFileType` / `detectFileTypeFromFile` decide that type from the
 * bytes and the name (415 with a plain reason when the file is not what it says).
 *
 * Every parser throws `DocumentError` with a reason a person can act on ("The document is
 * password-protected", "The file is empty", ...), throws `options.signal.reason` when cancelled
 * (checked between pages, sheets and slides), and reports sparingly through `options.log`.
 */
import type { FileType, ParsedDocument, ParseOptions } from "../types";

export { type DetectFailureCode, type DetectResult, detectFileType, detectFileTypeFromFile } from "./detect.server";

type Parser = (filePath: string, options: ParseOptions) => Promise<ParsedDocument>;

/**
 * Each parser is loaded with the first file of its type: pdf.js, JSZip and the XML parser, ExcelJS and
 * word-extractor cost a command that ingests text files (and the server until such a file arrives) ~0.1 s each.
 */
const PARSERS: Record<FileType, () => Promise<Parser>> = {
  pdf: async () => (await import("./pdf.server")).parsePdf,
  docx: async () => (await import("./docx.server")).parseDocx,
  doc: async () => (await import("./doc.server")).parseDoc,
  txt: async () => (await import("./txt.server")).parseTxt,
  csv: async () => (await import("./csv.server")).parseCsv,
  xlsx: async () => (await import("./xlsx.server")).parseXlsx,
  pptx: async () => (await import("./pptx.server")).parsePptx,
};

export async function parseFile(filePath: string, type: FileType, options: ParseOptions = {}): Promise<ParsedDocument> {
  options.signal?.throwIfAborted();
  const parse = await PARSERS[type]();
  options.signal?.throwIfAborted();
  return parse(filePath, options);
}
