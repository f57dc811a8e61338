/**
 * The one gate to every ZIP container (DOCX, XLSX, PPTX).
 *
 * 1. `readZipDirectory` reads the central directory ourselves (no inflating) and `checkZipDirectory`
 *    refuses zip bombs, absurd entry counts and unsafe names BEFORE anything is unpacked (both in
 *    zip-directory.server.ts, re-exported here).
 * 2. `openZip` hands the checked bytes to JSZip and reads parts through a bounded stream: a part can
 *    never inflate past the size its directory entry declares (a lying directory is caught after at
 *    most one extra inflate chunk, ~16 MB), nor past `maxPartBytes`.
 * 3. OOXML helpers on top: XML parts parsed with fast-xml-parser (preserveOrder), relationships,
 *    core properties. They live here because every OOXML parser opens its package through this file.
 */
import { readFile } from "node:fs/promises";
import { XMLParser } from "fast-xml-parser";
import type JSZip from "jszip";
import { DocumentError } from "../types";
import { usableTitle } from "../title";
import { classifyOle, type OleContent, readOleFile } from "./doc.server";
import {
  checkZipDirectory,
  damaged,
  DEFAULT_ZIP_LIMITS,
  hasOleMagic,
  MB,
  readZipDirectory,
  type ZipEntryInfo,
  type ZipLimits,
} from "./zip-directory.server";

export {
  checkZipDirectory,
  DEFAULT_ZIP_LIMITS,
  findEndOfCentralDirectory,
  hasOleMagic,
  isUnsafeEntryName,
  readZipDirectory,
  readZipDirectoryFromFile,
  type ZipEntryInfo,
  type ZipLimits,
} from "./zip-directory.server";

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
    const { default: JSZip } = await import("jszip");
    zip = await JSZip.loadAsync(bytes, { checkCRC32: false });
  } catch {
    throw damaged("its ZIP structure cannot be read");
  }
  return new GuardedZip(zip, entries, limits, bytes);
}

// ---------------------------------------------------------------------------------------------
// OOXML packages
// ---------------------------------------------------------------------------------------------

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
