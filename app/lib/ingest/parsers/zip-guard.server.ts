/**
 * The one gate to every ZIP container (DOCX, XLSX, PPTX).
 *
 * 1. `readZipDirectory` reads the central directory ourselves (no inflating) and `checkZipDirectory`
 *    refuses zip bombs, absurd entry counts and unsafe names BEFORE anything is unpacked.
 * 2. `openZip` hands the checked bytes to JSZip and reads parts through a bounded stream: a part can
 *    never inflate past the size its directory entry declares (a lying directory is caught after at
 *    most one extra inflate chunk, ~16 MB), nor past `maxPartBytes`.
 * 3. OOXML helpers on top: XML parts parsed with fast-xml-parser (preserveOrder), relationships,
 *    core properties. They live here because every OOXML parser opens its package through this file.
 */
import { open, readFile } from "node:fs/promises";
import { XMLParser } from "fast-xml-parser";
import JSZip from "jszip";
import { DocumentError } from "../types";
import { usableTitle } from "../title";
import { classifyOle, type OleContent, readOleFile } from "./doc.server";

export type ZipLimits = {
  /** Most entries a package may list. */
  maxEntries: number;
  /** Most bytes all entries may declare once unpacked. */
  maxTotalUncompressed: number;
  /** Most declared unpacked bytes per compressed byte, over the whole archive... */
  maxRatio: number;
  /** ...checked once the archive declares more than this many unpacked bytes (tiny files compress absurdly well). */
  ratioFloorBytes: number;
  /** Most bytes one part may inflate to when we read it. */
  maxPartBytes: number;
};

export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxEntries: 10_000,
  maxTotalUncompressed: 500 * 1024 * 1024,
  maxRatio: 200,
  ratioFloorBytes: 20 * 1024 * 1024,
  maxPartBytes: 100 * 1024 * 1024,
};

export type ZipEntryInfo = {
  name: string;
  compressedSize: number;
  uncompressedSize: number;
  /** 0 = stored, 8 = deflate. */
  method: number;
  encrypted: boolean;
  localHeaderOffset: number;
};

const EOCD_SIGNATURE = 0x06054b50;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const ZIP64_EOCD_SIGNATURE = 0x06064b50;
const CENTRAL_HEADER_SIGNATURE = 0x02014b50;
const MB = 1024 * 1024;

const damaged = (what: string) => new DocumentError(`The file is damaged or incomplete (${what})`);

function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Offset of the end-of-central-directory record, searching back over a possible archive comment. */
export function findEndOfCentralDirectory(bytes: Uint8Array): number {
  const dv = view(bytes);
  const lowest = Math.max(0, bytes.length - 22 - 0xffff);
  for (let i = bytes.length - 22; i >= lowest; i--) {
    if (dv.getUint32(i, true) === EOCD_SIGNATURE) return i;
  }
  return -1;
}

type DirectoryLocation = { count: number; size: number; offset: number };

/**
 * Where the central directory is, from the end-of-directory record found in `tail` (the last bytes
 * of a file of `fileSize` bytes). `readAt` returns other bytes of the file (the ZIP64 record).
 */
function locateDirectory(tail: Uint8Array, fileSize: number, readAt: (offset: number, length: number) => Uint8Array): DirectoryLocation {
  const eocd = findEndOfCentralDirectory(tail);
  if (eocd < 0) throw damaged("its ZIP directory is missing");
  const tailStart = fileSize - tail.length;
  const dv = view(tail);
  let count = dv.getUint16(eocd + 10, true);
  let size = dv.getUint32(eocd + 12, true);
  let offset = dv.getUint32(eocd + 16, true);
  const locator = eocd - 20;
  const hasLocator = locator >= 0 && dv.getUint32(locator, true) === ZIP64_LOCATOR_SIGNATURE;
  if (count === 0xffff || size === 0xffffffff || offset === 0xffffffff || hasLocator) {
    if (!hasLocator) throw damaged("its ZIP64 directory is missing");
    const zip64Offset = Number(dv.getBigUint64(locator + 8, true));
    if (zip64Offset + 56 > fileSize) throw damaged("its ZIP64 directory is missing");
    const record = zip64Offset >= tailStart ? tail.subarray(zip64Offset - tailStart, zip64Offset - tailStart + 56) : readAt(zip64Offset, 56);
    const rv = view(record);
    if (record.length < 56 || rv.getUint32(0, true) !== ZIP64_EOCD_SIGNATURE) throw damaged("its ZIP64 directory is missing");
    count = Number(rv.getBigUint64(32, true));
    size = Number(rv.getBigUint64(40, true));
    offset = Number(rv.getBigUint64(48, true));
  }
  if (offset + size > fileSize) throw damaged("its ZIP directory points past the end of the file");
  return { count, size, offset };
}

/** Sizes from the ZIP64 extra field replace the 32-bit ones that are 0xFFFFFFFF, in this order. */
function applyZip64Extra(bytes: Uint8Array, start: number, end: number, entry: ZipEntryInfo): void {
  const dv = view(bytes);
  for (let p = start; p + 4 <= end; ) {
    const id = dv.getUint16(p, true);
    const len = dv.getUint16(p + 2, true);
    if (id === 0x0001) {
      let q = p + 4;
      const take = (): number => {
        if (q + 8 > p + 4 + len || q + 8 > bytes.length) throw damaged("a ZIP64 field is truncated");
        const value = Number(dv.getBigUint64(q, true));
        q += 8;
        return value;
      };
      if (entry.uncompressedSize === 0xffffffff) entry.uncompressedSize = take();
      if (entry.compressedSize === 0xffffffff) entry.compressedSize = take();
      if (entry.localHeaderOffset === 0xffffffff) entry.localHeaderOffset = take();
      return;
    }
    p += 4 + len;
  }
}

/** Parses the central directory records; stops with a DocumentError once they pass `maxEntries`. */
function parseCentralDirectory(directory: Uint8Array, limits: ZipLimits): ZipEntryInfo[] {
  const dv = view(directory);
  const entries: ZipEntryInfo[] = [];
  const utf8 = new TextDecoder("utf-8");
  const latin1 = new TextDecoder("latin1");
  let p = 0;
  while (p < directory.length) {
    if (p + 46 > directory.length || dv.getUint32(p, true) !== CENTRAL_HEADER_SIGNATURE) throw damaged("its ZIP directory is malformed");
    const flags = dv.getUint16(p + 8, true);
    const nameLength = dv.getUint16(p + 28, true);
    const extraLength = dv.getUint16(p + 30, true);
    const commentLength = dv.getUint16(p + 32, true);
    if (p + 46 + nameLength + extraLength + commentLength > directory.length) throw damaged("its ZIP directory is malformed");
    const entry: ZipEntryInfo = {
      // Bit 11: the name is UTF-8; otherwise CP437, which matches latin1 for every name OOXML uses.
      name: (flags & 0x0800 ? utf8 : latin1).decode(directory.subarray(p + 46, p + 46 + nameLength)),
      method: dv.getUint16(p + 10, true),
      compressedSize: dv.getUint32(p + 20, true),
      uncompressedSize: dv.getUint32(p + 24, true),
      encrypted: (flags & 0x0001) !== 0,
      localHeaderOffset: dv.getUint32(p + 42, true),
    };
    applyZip64Extra(directory, p + 46 + nameLength, p + 46 + nameLength + extraLength, entry);
    entries.push(entry);
    if (entries.length > limits.maxEntries) throw tooManyEntries(entries.length, limits);
    p += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/**
 * Lists the entries of a ZIP archive held in memory, from its central directory, without
 * inflating anything. Throws DocumentError when the directory is missing or malformed (a truncated
 * upload, a non-ZIP) or lists more than `maxEntries` entries (checked before reading them).
 */
export function readZipDirectory(bytes: Uint8Array, limits: ZipLimits = DEFAULT_ZIP_LIMITS): ZipEntryInfo[] {
  const { count, size, offset } = locateDirectory(bytes, bytes.length, (at, length) => bytes.subarray(at, at + length));
  if (count > limits.maxEntries) throw tooManyEntries(count, limits);
  return parseCentralDirectory(bytes.subarray(offset, offset + size), limits);
}

/** The same listing read from a file: only its tail and its central directory are read. */
export async function readZipDirectoryFromFile(filePath: string, limits: ZipLimits = DEFAULT_ZIP_LIMITS): Promise<ZipEntryInfo[]> {
  const handle = await open(filePath, "r");
  try {
    const { size: fileSize } = await handle.stat();
    const readAt = async (offset: number, length: number) => {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, offset);
      return buffer.subarray(0, bytesRead);
    };
    const tail = await readAt(Math.max(0, fileSize - (22 + 0xffff + 20)), Math.min(fileSize, 22 + 0xffff + 20));
    // The ZIP64 record usually sits right before the tail; read generously so the sync locator finds it.
    const extra = fileSize > tail.length ? await readAt(Math.max(0, fileSize - tail.length - 4096), Math.min(4096, fileSize - tail.length)) : new Uint8Array(0);
    const window = Buffer.concat([extra, tail]);
    const { count, size, offset } = locateDirectory(window, fileSize, () => {
      throw damaged("its ZIP64 directory is missing");
    });
    if (count > limits.maxEntries) throw tooManyEntries(count, limits);
    return parseCentralDirectory(await readAt(offset, size), limits);
  } finally {
    await handle.close();
  }
}

function tooManyEntries(count: number, limits: ZipLimits): DocumentError {
  return new DocumentError(
    `The file lists ${count.toLocaleString("en-US")} packed parts (more than ${limits.maxEntries.toLocaleString("en-US")}); it was not opened`,
  );
}

/** An entry name that could escape a folder when unpacked: absolute, drive-lettered or with a `..` segment. */
export function isUnsafeEntryName(name: string): boolean {
  if (name.includes("\0")) return true;
  if (name.startsWith("/") || name.startsWith("\\") || /^[a-zA-Z]:/.test(name)) return true;
  return name.split(/[\\/]/).some((segment) => segment === "..");
}

/**
 * Refuses a ZIP before anything is inflated: too many entries, unsafe names, duplicate names,
 * encrypted entries, unknown compression, or declared sizes that only a zip bomb would have.
 */
export function checkZipDirectory(entries: ZipEntryInfo[], fileSize: number, limits: ZipLimits = DEFAULT_ZIP_LIMITS): void {
  if (entries.length > limits.maxEntries) throw tooManyEntries(entries.length, limits);
  const seen = new Set<string>();
  let totalUncompressed = 0;
  let totalCompressed = 0;
  for (const entry of entries) {
    if (isUnsafeEntryName(entry.name)) {
      throw new DocumentError(`The file contains a packed part with an unsafe name (${JSON.stringify(entry.name.slice(0, 80))}); it was not opened`);
    }
    // OPC part names are case-insensitive: two spellings of one name make the package ambiguous.
    const key = entry.name.toLowerCase();
    if (seen.has(key)) throw new DocumentError(`The file is damaged: the part ${JSON.stringify(entry.name.slice(0, 80))} appears twice`);
    seen.add(key);
    if (entry.encrypted) throw new DocumentError("The document is password-protected");
    if (entry.method !== 0 && entry.method !== 8 && !entry.name.endsWith("/")) {
      throw new DocumentError(`The file uses a ZIP compression method this app cannot read (method ${entry.method})`);
    }
    if (entry.localHeaderOffset >= fileSize) throw damaged("a packed part points past the end of the file");
    totalUncompressed += entry.uncompressedSize;
    totalCompressed += entry.compressedSize;
  }
  if (totalUncompressed > limits.maxTotalUncompressed) {
    throw new DocumentError(
      `The file would expand to ${Math.round(totalUncompressed / MB).toLocaleString("en-US")} MB when unpacked (limit ${Math.round(limits.maxTotalUncompressed / MB)} MB); it looks like a ZIP bomb and was not opened`,
    );
  }
  const ratio = totalUncompressed / Math.max(1, totalCompressed);
  if (totalUncompressed > limits.ratioFloorBytes && ratio > limits.maxRatio) {
    throw new DocumentError(
      `The file would expand ${Math.round(ratio)} times when unpacked (limit ${limits.maxRatio}); it looks like a ZIP bomb and was not opened`,
    );
  }
}

/** A checked archive whose parts can only be read through a bounded inflater. */
export class GuardedZip {
  private readonly byLowerName = new Map<string, ZipEntryInfo>();

  constructor(
    private readonly zip: JSZip,
    readonly entries: ZipEntryInfo[],
    private readonly limits: ZipLimits,
    /** The archive itself, for a library that must open it again (ExcelJS), after `verifyAllEntries`. */
    readonly bytes: Uint8Array,
  ) {
    for (const entry of entries) this.byLowerName.set(entry.name.toLowerCase(), entry);
  }

  /** The stored spelling of a part name (OPC names are case-insensitive; a leading "/" is optional). */
  resolve(name: string): ZipEntryInfo | undefined {
    return this.byLowerName.get(name.replace(/^\//, "").toLowerCase());
  }

  has(name: string): boolean {
    return this.resolve(name) !== undefined;
  }

  /** Inflates one part, never past its declared size nor `maxPartBytes`. */
  async readBytes(name: string): Promise<Buffer> {
    const entry = this.resolve(name);
    const file = entry ? this.zip.file(entry.name) : null;
    if (!entry || !file) throw new DocumentError(`The file is damaged: the part "${name}" is missing`);
    if (entry.uncompressedSize > this.limits.maxPartBytes) {
      throw new DocumentError(
        `The part "${entry.name}" would expand to ${Math.round(entry.uncompressedSize / MB)} MB (limit ${Math.round(this.limits.maxPartBytes / MB)} MB); the file is too large to index`,
      );
    }
    return inflateBounded(file, entry);
  }

  async readText(name: string): Promise<string> {
    return (await this.readBytes(name)).toString("utf8");
  }

  /** The text of a part, or null when the package has no such part. */
  async readOptionalText(name: string): Promise<string | null> {
    return this.has(name) ? this.readText(name) : null;
  }

  /**
   * Inflates every entry once, counting bytes and keeping none, so a directory that lies about sizes
   * is caught before a library that inflates everything (ExcelJS) gets the file.
   */
  async verifyAllEntries(signal?: AbortSignal): Promise<void> {
    for (const entry of this.entries) {
      signal?.throwIfAborted();
      if (entry.uncompressedSize > this.limits.maxPartBytes) {
        throw new DocumentError(
          `The part "${entry.name}" would expand to ${Math.round(entry.uncompressedSize / MB)} MB (limit ${Math.round(this.limits.maxPartBytes / MB)} MB); the file is too large to index`,
        );
      }
      const file = this.zip.file(entry.name);
      if (file) await inflateBounded(file, entry, { keep: false });
    }
  }
}

/**
 * Inflates one entry through JSZip's stream, counting bytes. JSZip's Node stream is a
 * readable-stream v2 object (no async iteration, no destroy): on overflow we pause it and drop our
 * listeners, which stops its inflater after the chunk in hand (~16 KB in, at most ~16 MB out).
 */
function inflateBounded(file: JSZip.JSZipObject, entry: ZipEntryInfo, { keep = true } = {}): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    let settled = false;
    const stream = file.nodeStream("nodebuffer");
    const finish = (error: DocumentError | null) => {
      if (settled) return;
      settled = true;
      stream.pause();
      stream.removeAllListeners("data");
      if (error) reject(error);
      else resolve(keep ? Buffer.concat(chunks, total) : Buffer.alloc(0));
    };
    stream.on("data", (chunk: Buffer) => {
      total += chunk.length;
      if (total > entry.uncompressedSize) finish(damaged(`the part "${entry.name}" is larger than its ZIP directory says`));
      else if (keep) chunks.push(chunk);
    });
    stream.on("error", () => finish(damaged(`the part "${entry.name}" cannot be unpacked`)));
    stream.on("end", () =>
      finish(total === entry.uncompressedSize ? null : damaged(`the part "${entry.name}" is shorter than its ZIP directory says`)),
    );
  });
}

/** Checks the directory, then opens the archive with JSZip. Throws DocumentError with a plain reason. */
export async function openZip(bytes: Uint8Array, limits: ZipLimits = DEFAULT_ZIP_LIMITS): Promise<GuardedZip> {
  const entries = readZipDirectory(bytes, limits);
  checkZipDirectory(entries, bytes.length, limits);
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(bytes, { checkCRC32: false });
  } catch {
    throw damaged("its ZIP structure cannot be read");
  }
  return new GuardedZip(zip, entries, limits, bytes);
}

// ---------------------------------------------------------------------------------------------
// OOXML packages
// ---------------------------------------------------------------------------------------------

const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

export function hasOleMagic(bytes: Uint8Array): boolean {
  return OLE_MAGIC.every((b, i) => bytes[i] === b);
}

/**
 * Opens a DOCX/XLSX/PPTX file. A password-protected Office file is not a ZIP at all but an OLE
 * compound file holding `EncryptionInfo` + `EncryptedPackage`; we say so instead of "damaged".
 */
export async function openOoxmlFile(filePath: string, limits: ZipLimits = DEFAULT_ZIP_LIMITS): Promise<GuardedZip> {
  const bytes = await readFile(filePath);
  if (bytes.length === 0) throw new DocumentError("The file is empty");
  if (hasOleMagic(bytes)) {
    let content: OleContent = "other";
    try {
      content = classifyOle(readOleFile(bytes));
    } catch {
      // A damaged OLE file gets the generic reason below.
    }
    if (content === "encrypted-ooxml") throw new DocumentError("The document is password-protected");
    throw new DocumentError("The file is an older binary Office file (97-2003 format), not the XML format its name says");
  }
  return openZip(bytes, limits);
}

/** A node of fast-xml-parser's `preserveOrder` output: `{ tag: children, ":@": attributes }` or `{ "#text": text }`. */
export type XmlNode = { [key: string]: unknown };

const NAMESPACE_PREFIXES: Record<string, string> = {
  "http://schemas.openxmlformats.org/wordprocessingml/2006/main": "w",
  "http://purl.oclc.org/ooxml/wordprocessingml/main": "w",
  "http://schemas.openxmlformats.org/drawingml/2006/main": "a",
  "http://purl.oclc.org/ooxml/drawingml/main": "a",
  "http://schemas.openxmlformats.org/presentationml/2006/main": "p",
  "http://purl.oclc.org/ooxml/presentationml/main": "p",
  "http://schemas.openxmlformats.org/officeDocument/2006/relationships": "r",
  "http://purl.oclc.org/ooxml/officeDocument/relationships": "r",
  "http://schemas.openxmlformats.org/officeDocument/2006/math": "m",
  "http://purl.oclc.org/ooxml/officeDocument/math": "m",
  "http://schemas.openxmlformats.org/markup-compatibility/2006": "mc",
  "http://schemas.openxmlformats.org/package/2006/relationships": "rel",
  "http://schemas.openxmlformats.org/package/2006/metadata/core-properties": "cp",
  "http://purl.org/dc/elements/1.1/": "dc",
  "http://schemas.openxmlformats.org/officeDocument/2006/extended-properties": "ep",
  "http://purl.oclc.org/ooxml/officeDocument/extendedProperties": "ep",
  "http://schemas.openxmlformats.org/drawingml/2006/diagram": "dgm",
};

/**
 * Producers may bind the OOXML namespaces to any prefix (or none). We read the declarations on the
 * root element and rewrite names to the usual prefixes (w:, a:, p:, r:, ...), so the parsers can
 * match "w:p" whatever the file chose. Returns null when the file already uses the usual prefixes.
 */
function prefixRewrites(xml: string): Map<string, string> | null {
  const rootEnd = xml.indexOf(">", xml.search(/<[A-Za-z]/));
  const root = xml.slice(0, rootEnd > 0 ? rootEnd : 4096);
  const rewrites = new Map<string, string>();
  for (const match of root.matchAll(/xmlns(?::([\w.-]+))?\s*=\s*["']([^"']+)["']/g)) {
    const declared = match[1] ?? "";
    const canonical = NAMESPACE_PREFIXES[match[2] ?? ""];
    if (canonical && canonical !== declared) rewrites.set(declared, canonical);
  }
  return rewrites.size > 0 ? rewrites : null;
}

function rewriteName(name: string, rewrites: Map<string, string>, isAttribute: boolean): string {
  const colon = name.indexOf(":");
  const prefix = colon < 0 ? "" : name.slice(0, colon);
  // Unprefixed attributes are in no namespace: never rewrite them with the default namespace.
  if (colon < 0 && isAttribute) return name;
  const canonical = rewrites.get(prefix);
  if (canonical === undefined) return name;
  return `${canonical}:${colon < 0 ? name : name.slice(colon + 1)}`;
}

/**
 * Parses an XML part in document order. Entities are left alone by the parser and decoded by
 * `xmlText`/`xmlAttr` on the values we use: fast-xml-parser does not decode numeric references,
 * and decoding twice would turn a literal "&amp;#169;" into "©". DOCTYPE entities are never expanded.
 */
export function parseXml(xml: string): XmlNode[] {
  const rewrites = prefixRewrites(xml);
  const parser = new XMLParser({
    preserveOrder: true,
    ignoreAttributes: false,
    attributeNamePrefix: "",
    trimValues: false,
    parseTagValue: false,
    parseAttributeValue: false,
    processEntities: false,
    ignoreDeclaration: true,
    ignorePiTags: true,
    maxNestedTags: 256,
    ...(rewrites
      ? {
          transformTagName: (name: string) => rewriteName(name, rewrites, false),
          transformAttributeName: (name: string) => rewriteName(name, rewrites, true),
        }
      : {}),
  });
  try {
    return parser.parse(xml) as XmlNode[];
  } catch (error) {
    throw new DocumentError(`The file is damaged: one of its XML parts cannot be read (${(error as Error).message.slice(0, 120)})`);
  }
}

/** Tag name of an element node ("w:p"), "#text" for text, "" for anything else. */
export function xmlName(node: XmlNode): string {
  for (const key in node) if (key !== ":@") return key;
  return "";
}

export function xmlChildren(node: XmlNode): XmlNode[] {
  const name = xmlName(node);
  const value = node[name];
  return Array.isArray(value) ? (value as XmlNode[]) : [];
}

const XML_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

export function decodeXmlEntities(value: string): string {
  if (!value.includes("&")) return value;
  return value.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|amp|lt|gt|quot|apos);/g, (whole, ref: string) => {
    if (ref[0] !== "#") return XML_ENTITIES[ref] ?? whole;
    const code = ref[1] === "x" ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "";
  });
}

export function xmlAttr(node: XmlNode, name: string): string | undefined {
  const attrs = node[":@"] as Record<string, string> | undefined;
  const value = attrs?.[name];
  return value === undefined ? undefined : decodeXmlEntities(value);
}

/** The decoded text directly inside an element (`<w:t>text</w:t>`). */
export function xmlText(node: XmlNode): string {
  let out = "";
  for (const child of xmlChildren(node)) {
    const text = child["#text"];
    if (typeof text === "string") out += text;
  }
  return decodeXmlEntities(out);
}

export function xmlFind(nodes: XmlNode[], name: string): XmlNode | undefined {
  return nodes.find((node) => xmlName(node) === name);
}

export function xmlFindAll(nodes: XmlNode[], name: string): XmlNode[] {
  return nodes.filter((node) => xmlName(node) === name);
}

/** The first descendant element with this name, depth first. */
export function xmlDescendant(nodes: XmlNode[], name: string): XmlNode | undefined {
  for (const node of nodes) {
    if (xmlName(node) === name) return node;
    const found = xmlDescendant(xmlChildren(node), name);
    if (found) return found;
  }
  return undefined;
}

/** Follows a path of child names from the document root: `xmlPath(doc, "w:document", "w:body")`. */
export function xmlPath(nodes: XmlNode[], ...names: string[]): XmlNode | undefined {
  let current: XmlNode | undefined;
  let level = nodes;
  for (const name of names) {
    current = xmlFind(level, name);
    if (!current) return undefined;
    level = xmlChildren(current);
  }
  return current;
}

/** Resolves a relationship target against the folder of the part that owns the relationships. */
export function resolvePartPath(ownerPart: string, target: string): string {
  if (target.startsWith("/")) return target.slice(1);
  const parts = ownerPart.split("/").slice(0, -1);
  for (const segment of target.split("/")) {
    if (segment === "..") parts.pop();
    else if (segment !== "." && segment !== "") parts.push(segment);
  }
  return parts.join("/");
}

export type Relationship = { id: string; type: string; target: string; external: boolean };

/** The relationships of a part (`ppt/slides/slide1.xml` -> `ppt/slides/_rels/slide1.xml.rels`), targets resolved. */
export async function readRelationships(pkg: GuardedZip, partName: string): Promise<Map<string, Relationship>> {
  const slash = partName.lastIndexOf("/");
  const relsName = `${partName.slice(0, slash + 1)}_rels/${partName.slice(slash + 1)}.rels`;
  const xml = await pkg.readOptionalText(relsName);
  const rels = new Map<string, Relationship>();
  if (!xml) return rels;
  const tree = parseXml(xml);
  const root = xmlFind(tree, "rel:Relationships") ?? xmlFind(tree, "Relationships");
  for (const node of root ? xmlChildren(root) : []) {
    const id = xmlAttr(node, "Id");
    const target = xmlAttr(node, "Target");
    if (!id || !target) continue;
    const external = xmlAttr(node, "TargetMode") === "External";
    const type = (xmlAttr(node, "Type") ?? "").split("/").pop() ?? "";
    rels.set(id, { id, type, target: external ? target : resolvePartPath(partName, target), external });
  }
  return rels;
}

export type CoreProperties = { title: string | null; authors: string[]; pages: number | null };

/** Titles that tools write by default and that say nothing about the document (the shared rule, ../title.ts). */
export function isPlaceholderTitle(title: string): boolean {
  return usableTitle(title) === null;
}

/** dc:title and dc:creator from docProps/core.xml, and <Pages> from docProps/app.xml (Word only). */
export async function readCoreProperties(pkg: GuardedZip): Promise<CoreProperties> {
  const result: CoreProperties = { title: null, authors: [], pages: null };
  const coreXml = await pkg.readOptionalText("docProps/core.xml");
  if (coreXml) {
    const core = xmlFind(parseXml(coreXml), "cp:coreProperties");
    const children = core ? xmlChildren(core) : [];
    const title = collapseWhitespace(xmlText(xmlFind(children, "dc:title") ?? {}));
    if (title && !isPlaceholderTitle(title)) result.title = title;
    const creator = collapseWhitespace(xmlText(xmlFind(children, "dc:creator") ?? {}));
    // Several authors are separated by ";" (a comma belongs to "Surname, Given name").
    result.authors = creator.split(";").map((s) => s.trim()).filter(Boolean);
  }
  const appXml = await pkg.readOptionalText("docProps/app.xml");
  if (appXml) {
    const tree = parseXml(appXml);
    const pages = xmlDescendant(tree, "ep:Pages") ?? xmlDescendant(tree, "Pages");
    const value = pages ? Number.parseInt(xmlText(pages), 10) : Number.NaN;
    if (Number.isFinite(value) && value > 0) result.pages = value;
  }
  return result;
}

export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}
