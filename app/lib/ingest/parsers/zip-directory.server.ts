/**
 * A ZIP's central directory, read ourselves without inflating anything (`readZipDirectory`), and the
 * checks made on it before anything is unpacked (`checkZipDirectory`). Type detection needs only this,
 * so it lives apart from the unpacking in zip-guard.server.ts (JSZip and the XML parser load with a
 * DOCX, XLSX or PPTX, not with every upload).
 */
import { open } from "node:fs/promises";
import { DocumentError } from "../types";

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
export const MB = 1024 * 1024;

export const damaged = (what: string) => new DocumentError(`The file is damaged or incomplete (${what})`);

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


const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

export function hasOleMagic(bytes: Uint8Array): boolean {
  return OLE_MAGIC.every((b, i) => bytes[i] === b);
}
