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
import { parseCsv } from "./csv.server";
import { parseDoc } from "./doc.server";
import { parseDocx } from "./docx.server";
import { parsePdf } from "./pdf.server";
import { parsePptx } from "./pptx.server";
import { parseTxt } from "./txt.server";
import { parseXlsx } from "./xlsx.server";

export { type DetectFailureCode, type DetectResult, detectFileType, detectFileTypeFromFile } from "./detect.server";

const PARSERS: Record<FileType, (filePath: string, options: ParseOptions) => Promise<ParsedDocument>> = {
  pdf: parsePdf,
  docx: parseDocx,
  doc: parseDoc,
  txt: parseTxt,
  csv: parseCsv,
  xlsx: parseXlsx,
  pptx: parsePptx,
};

export async function parseFile(filePath: string, type: FileType, options: ParseOptions = {}): Promise<ParsedDocument> {
  options.signal?.throwIfAborted();
  return PARSERS[type](filePath, options);
}
