/**
 * Legacy Word 97-2003 (.doc).
 *
 * Text comes from word-extractor (piece table, fields, deleted revisions). Its public API turns
 * page-break characters into newlines, so we hook its extractor (documented internals of the pinned
 * 1.0.x line, checked at run time; if they ever change we fall back to the public API and say so in
 * `notes`) to read the body text before cleaning. That gives us:
 * - pages: a 0x0C in the body is a hard page break or a section break; section breaks whose next
 *   section starts "continuous" or "new column" (PlcfSed/SEPX sprmSBkc) are not page breaks;
 * - hidden text: runs with sprmCFVanish are dropped and counted (hidden-text attack).
 *
 * A .doc keeps no record of where Word's automatic page breaks fell, so a document without hard
 * breaks is one page; the page count Word saved in the summary information is reported in `notes`
 * (both test files are like this). Title and author come from the OLE summary information.
 *
 * This file also holds the small OLE compound-file reader used by detection (stream names) and by
 * the OOXML parsers (password-protected packages are OLE files).
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { type Block, DocumentError, type ParsedDocument, type ParsedPage, type ParseOptions } from "../types";
import { usableTitle } from "../title";
import { tableRowText } from "./csv.server";
import { decodeWindows1252 } from "./txt.server";

// ---------------------------------------------------------------------------------------------
// OLE compound files (MS-CFB)
// ---------------------------------------------------------------------------------------------

const FREESECT = 0xffffffff;
const ENDOFCHAIN = 0xfffffffe;
const OLE_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

export type OleEntry = { name: string; path: string; kind: "storage" | "stream" | "root"; start: number; size: number };

const oleDamaged = (what: string) => new DocumentError(`The file is damaged (${what})`);

/**
 * A validated OLE compound file. Every chain is walked with a bound and cycle check, so a crafted
 * file cannot send us (or word-extractor after us) into an endless loop.
 */
export class OleFile {
  private readonly sectorSize: number;
  private readonly sectorCount: number;
  private readonly fat: Uint32Array;
  private readonly miniFat: Uint32Array;
  private readonly miniStream: Buffer;
  private readonly miniCutoff: number;
  readonly entries: OleEntry[];

  constructor(private readonly bytes: Buffer) {
    if (bytes.length < 512 || !OLE_SIGNATURE.every((b, i) => bytes[i] === b)) throw oleDamaged("not an OLE compound file");
    const shift = bytes.readUInt16LE(30);
    if (shift !== 9 && shift !== 12) throw oleDamaged("unknown OLE sector size");
    if (bytes.readUInt16LE(32) !== 6) throw oleDamaged("unknown OLE mini sector size");
    this.sectorSize = 1 << shift;
    this.sectorCount = Math.ceil((bytes.length - this.sectorSize) / this.sectorSize);
    this.miniCutoff = bytes.readUInt32LE(56) || 4096;
    this.fat = this.readFat();
    const directory = this.readChain(bytes.readUInt32LE(48));
    const root = parseDirectoryEntry(directory, 0);
    if (!root || root.type !== 5) throw oleDamaged("the OLE root entry is missing");
    this.miniStream = this.readChain(root.start, Math.min(root.size, bytes.length));
    const miniFatStart = bytes.readUInt32LE(60);
    this.miniFat = miniFatStart >= ENDOFCHAIN ? new Uint32Array(0) : toUint32(this.readChain(miniFatStart));
    this.entries = walkDirectory(directory);
  }

  private sector(id: number): Buffer {
    if (id >= this.sectorCount) throw oleDamaged("an OLE sector points past the end of the file");
    const start = (id + 1) * this.sectorSize;
    return this.bytes.subarray(start, Math.min(start + this.sectorSize, this.bytes.length));
  }

  private readFat(): Uint32Array {
    const header = this.bytes;
    const fatCount = header.readUInt32LE(44);
    const difatCount = header.readUInt32LE(72);
    if (fatCount > this.sectorCount || difatCount > this.sectorCount) throw oleDamaged("impossible OLE table sizes");
    const fatSectors: number[] = [];
    for (let i = 0; i < 109 && fatSectors.length < fatCount; i++) fatSectors.push(header.readUInt32LE(76 + i * 4));
    let next = header.readUInt32LE(68);
    for (let hops = 0; fatSectors.length < fatCount && next < ENDOFCHAIN; hops++) {
      if (hops >= difatCount) throw oleDamaged("the OLE sector table is inconsistent");
      const sector = this.sector(next);
      const perSector = this.sectorSize / 4 - 1;
      for (let i = 0; i < perSector && fatSectors.length < fatCount; i++) fatSectors.push(sector.readUInt32LE(i * 4));
      next = sector.readUInt32LE(perSector * 4);
    }
    const fat = new Uint32Array((fatSectors.length * this.sectorSize) / 4);
    fatSectors.forEach((id, index) => fat.set(toUint32(this.sector(id)), (index * this.sectorSize) / 4));
    return fat;
  }

  /** Sector ids of a chain; throws on loops and on ids outside the table. */
  private chain(start: number, table: Uint32Array, limit: number): number[] {
    const ids: number[] = [];
    for (let id = start; id !== ENDOFCHAIN && id !== FREESECT; id = table[id]!) {
      if (id >= table.length || ids.length >= limit) throw oleDamaged("an OLE sector chain is broken or loops");
      ids.push(id);
    }
    return ids;
  }

  private readChain(start: number, size?: number): Buffer {
    if (start >= ENDOFCHAIN) return Buffer.alloc(0);
    const ids = this.chain(start, this.fat, this.sectorCount);
    const data = Buffer.concat(ids.map((id) => this.sector(id)));
    if (size !== undefined && data.length < size) throw oleDamaged("an OLE stream is shorter than its directory says");
    return size === undefined ? data : data.subarray(0, size);
  }

  private readMiniChain(start: number, size: number): Buffer {
    const ids = this.chain(start, this.miniFat, Math.ceil(this.miniStream.length / 64));
    const data = Buffer.concat(ids.map((id) => this.miniStream.subarray(id * 64, id * 64 + 64)));
    if (data.length < size) throw oleDamaged("an OLE stream is shorter than its directory says");
    return data.subarray(0, size);
  }

  find(path: string): OleEntry | undefined {
    const wanted = path.toLowerCase();
    return this.entries.find((entry) => entry.path.toLowerCase() === wanted);
  }

  /** The bytes of a stream by path ("WordDocument", "ObjectPool/x/y"), or null when absent. */
  stream(path: string): Buffer | null {
    const entry = this.find(path);
    if (!entry || entry.kind !== "stream") return null;
    if (entry.size > this.bytes.length) throw oleDamaged("an OLE stream is larger than the file");
    return entry.size < this.miniCutoff ? this.readMiniChain(entry.start, entry.size) : this.readChain(entry.start, entry.size);
  }
}

function toUint32(buffer: Buffer): Uint32Array {
  const out = new Uint32Array(Math.floor(buffer.length / 4));
  for (let i = 0; i < out.length; i++) out[i] = buffer.readUInt32LE(i * 4);
  return out;
}

type RawDirectoryEntry = { name: string; type: number; left: number; right: number; child: number; start: number; size: number };

function parseDirectoryEntry(directory: Buffer, index: number): RawDirectoryEntry | null {
  const at = index * 128;
  if (at + 128 > directory.length) return null;
  const nameBytes = Math.min(64, Math.max(0, directory.readUInt16LE(at + 64) - 2));
  return {
    name: directory.toString("utf16le", at, at + nameBytes),
    type: directory[at + 66]!,
    left: directory.readUInt32LE(at + 68),
    right: directory.readUInt32LE(at + 72),
    child: directory.readUInt32LE(at + 76),
    start: directory.readUInt32LE(at + 116),
    // Version 3 files leave the high half undefined; nothing we read is 4 GB.
    size: directory.readUInt32LE(at + 120),
  };
}

/** All entries reachable from the root, with their paths; each entry is visited once (no loops). */
function walkDirectory(directory: Buffer): OleEntry[] {
  const entries: OleEntry[] = [];
  const visited = new Set<number>([0]);
  const root = parseDirectoryEntry(directory, 0)!;
  entries.push({ name: root.name, path: "", kind: "root", start: root.start, size: root.size });
  const stack: { id: number; prefix: string }[] = [{ id: root.child, prefix: "" }];
  while (stack.length > 0) {
    const { id, prefix } = stack.pop()!;
    if (id === FREESECT) continue;
    if (visited.has(id)) throw oleDamaged("the OLE directory loops");
    visited.add(id);
    const raw = parseDirectoryEntry(directory, id);
    if (!raw) throw oleDamaged("the OLE directory points past its end");
    stack.push({ id: raw.left, prefix }, { id: raw.right, prefix });
    if (raw.type !== 1 && raw.type !== 2) continue;
    const path = prefix + raw.name;
    entries.push({ name: raw.name, path, kind: raw.type === 1 ? "storage" : "stream", start: raw.start, size: raw.size });
    if (raw.type === 1) stack.push({ id: raw.child, prefix: `${path}/` });
  }
  return entries;
}

export function readOleFile(bytes: Buffer): OleFile {
  return new OleFile(bytes);
}

/** What an OLE file holds, for detection and for plain error messages. */
export type OleContent = "doc" | "encrypted-ooxml" | "xls" | "ppt" | "msg" | "other";

export function classifyOle(ole: OleFile): OleContent {
  if (ole.find("EncryptionInfo") && ole.find("EncryptedPackage")) return "encrypted-ooxml";
  if (ole.find("WordDocument")) return "doc";
  if (ole.find("Workbook") || ole.find("Book")) return "xls";
  if (ole.find("PowerPoint Document")) return "ppt";
  if (ole.entries.some((entry) => entry.name.startsWith("__substg1.0_"))) return "msg";
  return "other";
}

// ---------------------------------------------------------------------------------------------
// Summary information (title, author, page count)
// ---------------------------------------------------------------------------------------------

export type SummaryInformation = { title: string | null; author: string | null; pageCount: number | null };

type Decoder = { decode(bytes: Uint8Array): string };

function codepageDecoder(codepage: number): Decoder {
  if (codepage === 1252) return { decode: decodeWindows1252 };
  const labels: Record<number, string> = {
    65001: "utf-8",
    1200: "utf-16le",
    10000: "macintosh",
    932: "shift_jis",
    936: "gbk",
    949: "euc-kr",
    950: "big5",
    874: "windows-874",
    28591: "iso-8859-1",
  };
  const label = labels[codepage] ?? (codepage >= 1250 && codepage <= 1258 ? `windows-${codepage}` : null);
  try {
    if (label) return new TextDecoder(label);
  } catch {
    // An unknown code page: read it as windows-1252 below.
  }
  return { decode: decodeWindows1252 };
}

/** Reads the \u0005SummaryInformation property set; absent or malformed fields are null. */
export function readSummaryInformation(ole: OleFile): SummaryInformation {
  const empty: SummaryInformation = { title: null, author: null, pageCount: null };
  const stream = ole.stream("\u0005SummaryInformation");
  if (!stream || stream.length < 48 || stream.readUInt16LE(0) !== 0xfffe) return empty;
  try {
    const section = stream.readUInt32LE(44);
    const count = Math.min(stream.readUInt32LE(section + 4), 1000);
    const values = new Map<number, number>();
    for (let i = 0; i < count; i++) values.set(stream.readUInt32LE(section + 8 + i * 8), section + stream.readUInt32LE(section + 12 + i * 8));
    const at = (id: number) => values.get(id);
    const codepageAt = at(1);
    const decoder = codepageDecoder(codepageAt === undefined ? 1252 : stream.readUInt16LE(codepageAt + 4));
    const readString = (offset: number | undefined): string | null => {
      if (offset === undefined) return null;
      const type = stream.readUInt32LE(offset);
      const length = stream.readUInt32LE(offset + 4);
      if (length > stream.length) return null;
      const raw =
        type === 0x1f
          ? stream.toString("utf16le", offset + 8, offset + 8 + length * 2)
          : type === 0x1e
            ? decoder.decode(stream.subarray(offset + 8, offset + 8 + length))
            : "";
      return raw.replace(/\0+$/, "").replace(/\s+/g, " ").trim() || null;
    };
    const pagesAt = at(14);
    const pageCount = pagesAt !== undefined && stream.readUInt32LE(pagesAt) === 3 ? stream.readInt32LE(pagesAt + 4) : null;
    return { title: readString(at(2)), author: readString(at(4)), pageCount: pageCount && pageCount > 0 ? pageCount : null };
  } catch {
    return empty;
  }
}

// ---------------------------------------------------------------------------------------------
// Word binary structures we read ourselves
// ---------------------------------------------------------------------------------------------

const FIB_FLAGS = 0x0a;
const F_ENCRYPTED = 0x0100;
const F_WHICH_TABLE = 0x0200;
const FC_PLCF_SED = 0xca;
const FC_PLCF_BTE_CHPX = 0xfa;
const SPRM_C_F_VANISH = 0x083c;
const SPRM_S_BKC = 0x3009;

/** Refuses what word-extractor cannot read faithfully: encrypted and pre-97 files. */
function checkWordStream(word: Buffer): void {
  if (word.length < 0x1a6 || word.readUInt16LE(0) !== 0xa5ec) throw new DocumentError("The file is not a readable Word document");
  if (word.readUInt16LE(FIB_FLAGS) & F_ENCRYPTED) throw new DocumentError("The document is password-protected");
  if (word.readUInt16LE(2) < 0xc0) {
    throw new DocumentError("This is a Word 6/95 document, which is not supported; save it as .docx");
  }
}

/** Operand size of a sprm (MS-DOC 2.6.1), given the bytes that follow it. */
function sprmOperandSize(sprm: number, buffer: Buffer, at: number): number {
  switch ((sprm >> 13) & 0x07) {
    case 0:
    case 1:
      return 1;
    case 2:
    case 4:
    case 5:
      return 2;
    case 3:
      return 4;
    case 7:
      return 3;
    default:
      return at < buffer.length ? buffer[at]! + 1 : 1;
  }
}

function* sprms(grpprl: Buffer): Generator<{ sprm: number; operand: number }> {
  let at = 0;
  while (at + 2 <= grpprl.length) {
    const sprm = grpprl.readUInt16LE(at);
    at += 2;
    yield { sprm, operand: at < grpprl.length ? grpprl[at]! : 0 };
    at += sprmOperandSize(sprm, grpprl, at);
  }
}

/** CPs of 0x0C section marks whose following section does NOT start on a new page. */
function continuousSectionBreaks(word: Buffer, table: Buffer): Set<number> {
  const result = new Set<number>();
  const fc = word.readUInt32LE(FC_PLCF_SED);
  const lcb = word.readUInt32LE(FC_PLCF_SED + 4);
  if (lcb < 16 || fc + lcb > table.length) return result;
  const sections = (lcb - 4) / 16;
  for (let i = 1; i < sections; i++) {
    const fcSepx = table.readUInt32LE(fc + (sections + 1) * 4 + i * 12 + 2);
    let bkc = 2; // default: new page
    if (fcSepx !== 0xffffffff && fcSepx + 2 <= word.length) {
      const cb = word.readUInt16LE(fcSepx);
      for (const { sprm, operand } of sprms(word.subarray(fcSepx + 2, fcSepx + 2 + cb))) if (sprm === SPRM_S_BKC) bkc = operand;
    }
    // Section i starts at aCP[i]; the section mark ending section i-1 is the character before it.
    if (bkc === 0 || bkc === 1) result.add(table.readUInt32LE(fc + i * 4) - 1);
  }
  return result;
}

/** File-position ranges of runs formatted hidden (sprmCFVanish on, or "opposite of style"). */
function hiddenRanges(word: Buffer, table: Buffer): [number, number][] {
  const ranges: [number, number][] = [];
  const fc = word.readUInt32LE(FC_PLCF_BTE_CHPX);
  const lcb = word.readUInt32LE(FC_PLCF_BTE_CHPX + 4);
  if (lcb < 8 || fc + lcb > table.length) return ranges;
  const pages = (lcb - 4) / 8;
  for (let i = 0; i < pages; i++) {
    const pn = table.readUInt32LE(fc + (pages + 1) * 4 + i * 4);
    const fkp = word.subarray(pn * 512, pn * 512 + 512);
    if (fkp.length < 512) continue;
    const runs = fkp[511]!;
    for (let j = 0; j < runs; j++) {
      const offset = fkp[(runs + 1) * 4 + j]! * 2;
      if (offset === 0) continue;
      const grpprl = fkp.subarray(offset + 1, offset + 1 + fkp[offset]!);
      for (const { sprm, operand } of sprms(grpprl)) {
        if (sprm === SPRM_C_F_VANISH && (operand === 1 || operand === 0x81)) {
          ranges.push([fkp.readUInt32LE(j * 4), fkp.readUInt32LE(j * 4 + 4)]);
        }
      }
    }
  }
  return ranges;
}

// ---------------------------------------------------------------------------------------------
// word-extractor, hooked
// ---------------------------------------------------------------------------------------------

/** The shape of word-extractor's internal piece records (lib/word-ole-extractor.js, 1.0.x). */
export type WordPiece = { text: string; startFilePos: number; size: number; bpc: number; length: number };

type ExtractedDocument = {
  getBody(options?: { filterUnicode?: boolean }): string;
  getHeaders(options?: { includeFooters?: boolean; filterUnicode?: boolean }): string;
  getFooters(options?: { filterUnicode?: boolean }): string;
  getFootnotes(options?: { filterUnicode?: boolean }): string;
  getEndnotes(options?: { filterUnicode?: boolean }): string;
  getTextboxes(options?: { includeHeadersAndFooters?: boolean; includeBody?: boolean; filterUnicode?: boolean }): string;
};

type WordOleExtractor = {
  _pieces?: WordPiece[];
  _boundaries?: { ccpText?: number };
  extract(reader: unknown): Promise<ExtractedDocument>;
  buildDocument(): ExtractedDocument;
  writeCharacterProperties(buffer: Buffer, tableBuffer: Buffer): void;
};

type WordExtractorModules = {
  Extractor: new () => WordOleExtractor;
  BufferReader: new (buffer: Buffer) => unknown;
  clean: (text: string) => string;
};

let modules: WordExtractorModules | null = null;

/** word-extractor is CommonJS; its internals are loaded by path (the package has no exports map). */
function wordExtractor(): WordExtractorModules {
  if (!modules) {
    const require = createRequire(import.meta.url);
    modules = {
      Extractor: require("word-extractor/lib/word-ole-extractor.js") as WordExtractorModules["Extractor"],
      BufferReader: require("word-extractor/lib/buffer-reader.js") as WordExtractorModules["BufferReader"],
      clean: (require("word-extractor/lib/filters.js") as { clean: (text: string) => string }).clean,
    };
  }
  return modules;
}

/** Paragraph mark, cell mark, page break. */
const KEPT_MARKS = new Set(["\r", String.fromCharCode(7), "\f"]);

/**
 * Overwrites hidden characters with NUL (removed by cleaning), keeping piece lengths; returns how
 * many visible characters were hidden. Exported for its unit test.
 */
export function blankHiddenText(pieces: WordPiece[], ranges: [number, number][]): number {
  let hidden = 0;
  for (const [from, to] of ranges) {
    for (const piece of pieces) {
      const pieceEnd = piece.startFilePos + piece.size;
      if (to <= piece.startFilePos || from >= pieceEnd) continue;
      const a = (Math.max(from, piece.startFilePos) - piece.startFilePos) / piece.bpc;
      const b = (Math.min(to, pieceEnd) - piece.startFilePos) / piece.bpc;
      let replaced = "";
      for (const ch of piece.text.slice(a, b)) {
        // Paragraph, cell and page marks stay: dropping them would glue neighbouring paragraphs.
        if (KEPT_MARKS.has(ch)) replaced += ch;
        else {
          if (/\S/.test(ch)) hidden++;
          replaced += "\0";
        }
      }
      piece.text = piece.text.slice(0, a) + replaced + piece.text.slice(b);
    }
  }
  return hidden;
}

type RawWordText = { body: string; document: ExtractedDocument; hiddenCharacters: number; hooked: boolean };

/** The body with page-break characters kept (as \f) and hidden runs removed. */
async function extractWordText(bytes: Buffer, word: Buffer, table: Buffer): Promise<RawWordText> {
  const { Extractor, BufferReader, clean } = wordExtractor();
  const extractor = new Extractor();
  let body: string | null = null;
  let hiddenCharacters = 0;
  const writeCharacterProperties = extractor.writeCharacterProperties;
  const buildDocument = extractor.buildDocument;
  extractor.writeCharacterProperties = function (this: WordOleExtractor, buffer: Buffer, tableBuffer: Buffer) {
    writeCharacterProperties.call(this, buffer, tableBuffer);
    if (Array.isArray(this._pieces)) hiddenCharacters = blankHiddenText(this._pieces, hiddenRanges(word, table));
  };
  extractor.buildDocument = function (this: WordOleExtractor) {
    const pieces = this._pieces;
    const ccpText = this._boundaries?.ccpText;
    if (Array.isArray(pieces) && typeof ccpText === "number") {
      const raw = pieces.map((piece) => piece.text).join("").slice(0, ccpText);
      body = clean(markPageBreaks(raw, continuousSectionBreaks(word, table)));
    }
    return buildDocument.call(this);
  };
  const document = await extractor.extract(new BufferReader(bytes));
  return { body: body ?? document.getBody({ filterUnicode: false }), document, hiddenCharacters, hooked: body !== null };
}

const PAGE_MARK = "\uE000";

/** 0x0C at a continuous section break becomes a newline, every other 0x0C a page mark. */
function markPageBreaks(raw: string, continuous: Set<number>): string {
  let out = "";
  let from = 0;
  for (let at = raw.indexOf("\f"); at >= 0; at = raw.indexOf("\f", at + 1)) {
    out += raw.slice(from, at) + (continuous.has(at) ? "\n" : PAGE_MARK);
    from = at + 1;
  }
  return out + raw.slice(from);
}

// ---------------------------------------------------------------------------------------------
// Text to blocks
// ---------------------------------------------------------------------------------------------

/**
 * A short line after a blank line, not ending like a sentence, reads as a heading. A line ending in
 * ":" is a heading only when it is a label of a few words ("Dosage:"), not a lead-in sentence.
 */
function looksLikeHeading(line: string, blankBefore: boolean, firstLine: boolean): boolean {
  if (!(blankBefore || firstLine) || line.length > 160) return false;
  const words = line.split(/\s+/).length;
  if (words > (firstLine ? 20 : 12) || /[.;,!?]$/.test(line) || !/^[\p{Lu}\p{N}]/u.test(line)) return false;
  return !line.endsWith(":") || words <= 4;
}

function lineToBlock(line: string, blankBefore: boolean, firstLine: boolean): Block {
  const cells = line.split("\t").map((cell) => cell.trim());
  // Word table cells arrive tab-separated.
  if (cells.filter(Boolean).length >= 2) return { kind: "row", text: tableRowText([], cells) };
  const text = line.replace(/\s+/g, " ").trim();
  if (looksLikeHeading(text, blankBefore, firstLine)) return { kind: "heading", level: firstLine ? 1 : 2, text };
  return { kind: "paragraph", text };
}

/** Joins a manual line break's continuation ("...as other people to" + "access the services...") to its line. */
function joinContinuations(lines: string[]): string[] {
  const joined: string[] = [];
  for (const line of lines) {
    const previous = joined[joined.length - 1];
    const continues = previous !== undefined && previous.trim() !== "" && !previous.includes("\t") && !/[.;:!?]\s*$/.test(previous);
    if (continues && /^\s*\p{Ll}/u.test(line) && !line.includes("\t")) joined[joined.length - 1] = `${previous.trimEnd()} ${line.trimStart()}`;
    else joined.push(line);
  }
  return joined;
}

function textToBlocks(text: string, isFirstPage: boolean): Block[] {
  const blocks: Block[] = [];
  let blankBefore = true;
  for (const rawLine of joinContinuations(text.split("\n"))) {
    const line = rawLine.replace(/[ \u00a0]+$/g, "").replace(/^[ \u00a0]+/g, "");
    if (line.replace(/\t/g, "").trim() === "") {
      blankBefore = true;
      continue;
    }
    blocks.push(lineToBlock(line, blankBefore, isFirstPage && blocks.length === 0));
    blankBefore = false;
  }
  return blocks;
}

/** Header or footer text worth indexing: not empty, not just "Page 3" / "Side 1". */
function meaningfulMargins(text: string): string | null {
  const lines = text
    .split("\n")
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter((line) => line && !/^(page|side|seite|pg\.?|p\.)?\s*\d+(\s*(of|av|von|\/)\s*\d+)?$/i.test(line));
  const joined = lines.join(" ").trim();
  return joined.split(" ").length >= 2 ? joined : null;
}

function extraParagraphs(label: string, text: string): Block[] {
  return text
    .split("\n")
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter(Boolean)
    .map((line) => ({ kind: "paragraph", text: `${label}: ${line}` }));
}

export async function parseDoc(filePath: string, options: ParseOptions = {}): Promise<ParsedDocument> {
  const bytes = await readFile(filePath);
  if (bytes.length === 0) throw new DocumentError("The file is empty");
  const ole = readOleFile(bytes);
  const content = classifyOle(ole);
  if (content === "encrypted-ooxml") throw new DocumentError("The document is password-protected");
  if (content !== "doc") throw new DocumentError("The file is an Office file but not a Word document");
  const word = ole.stream("WordDocument")!;
  checkWordStream(word);
  const table = ole.stream(word.readUInt16LE(FIB_FLAGS) & F_WHICH_TABLE ? "1Table" : "0Table");
  if (!table) throw new DocumentError("The file is damaged (its Word table stream is missing)");
  options.signal?.throwIfAborted();

  let extracted: RawWordText;
  try {
    extracted = await extractWordText(bytes, word, table);
  } catch (error) {
    if (error instanceof DocumentError) throw error;
    throw new DocumentError(`The Word document cannot be read (${(error as Error).message.slice(0, 120)})`);
  }
  const notes: string[] = [];
  if (!extracted.hooked) notes.push("Page breaks and hidden text could not be read from this file; it is indexed as one page");
  if (extracted.hiddenCharacters > 0) notes.push(`Dropped ${extracted.hiddenCharacters} characters of hidden text`);

  const pageTexts = extracted.body.split(PAGE_MARK);
  const pages: ParsedPage[] = [];
  pageTexts.forEach((text, index) => {
    const blocks = textToBlocks(text, index === 0);
    if (blocks.length > 0) pages.push({ number: index + 1, blocks });
  });
  const doc = extracted.document;
  const margins = meaningfulMargins(`${doc.getHeaders({ includeFooters: false, filterUnicode: false })}\n${doc.getFooters({ filterUnicode: false })}`);
  // Headers and footers repeat on every page, so page 1 is a true place for them.
  if (margins && pages[0]) pages[0].blocks.unshift({ kind: "paragraph", text: margins });
  const extras = [
    ...extraParagraphs("Footnote", doc.getFootnotes({ filterUnicode: false })),
    ...extraParagraphs("Endnote", doc.getEndnotes({ filterUnicode: false })),
    ...extraParagraphs("Text box", doc.getTextboxes({ includeHeadersAndFooters: false, includeBody: true, filterUnicode: false })),
  ];
  if (extras.length > 0 && pageTexts.length === 1 && pages[0]) pages[0].blocks.push(...extras);
  else if (extras.length > 0) notes.push(`Left out ${extras.length} footnote/endnote/text-box paragraphs: their pages are not recorded in a .doc`);
  if (pages.length === 0) throw new DocumentError("The document contains no text");

  const summary = readSummaryInformation(ole);
  const pageCount = pageTexts.length;
  if (summary.pageCount && summary.pageCount !== pageCount) {
    notes.push(
      `Word counted ${summary.pageCount} pages when the file was saved, but a .doc records only hard page breaks: cited as ${pageCount} page${pageCount === 1 ? "" : "s"}`,
    );
  }
  const firstHeading = pages[0]?.blocks.find((block) => block.kind === "heading")?.text ?? null;
  const title = usableTitle(summary.title) ?? firstHeading;
  options.log?.(`Read ${pageCount} page(s) from the Word document`);
  return {
    fileType: "doc",
    title,
    authors: summary.author ? summary.author.split(";").map((s) => s.trim()).filter(Boolean) : [],
    pageCount,
    pages,
    notes,
    ocrPages: [],
    skippedPages: [],
  };
}
