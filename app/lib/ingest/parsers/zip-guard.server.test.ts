import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createDeflateRaw, crc32, deflateRawSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DocumentError } from "../types";
import { parseDocx } from "./docx.server";
import { parseXlsx } from "./xlsx.server";
import {
  checkZipDirectory,
  DEFAULT_ZIP_LIMITS,
  isUnsafeEntryName,
  openZip,
  readZipDirectory,
  readZipDirectoryFromFile,
} from "./zip-guard.server";

/** One entry as it goes into a hand-written ZIP: data already compressed, sizes as we want to declare them. */
type RawEntry = { name: string; data: Buffer; method: 0 | 8; crc: number; declaredSize: number };

/** Writes a ZIP by hand so that tests can make its central directory say anything. */
function buildZip(entries: RawEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, "utf8");
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(entry.method, 8);
    local.writeUInt32LE(entry.crc >>> 0, 14);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(entry.declaredSize, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(entry.method, 10);
    central.writeUInt32LE(entry.crc >>> 0, 16);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(entry.declaredSize, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.data);
    centrals.push(central, name);
    offset += 30 + name.length + entry.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

function deflated(name: string, text: string): RawEntry {
  const data = Buffer.from(text, "utf8");
  return { name, data: deflateRawSync(data), method: 8, crc: crc32(data), declaredSize: data.length };
}

/** Deflates `megabytes` MiB of zeros chunk by chunk: the compressed bytes, never the whole input in memory. */
async function deflatedZeros(megabytes: number): Promise<{ data: Buffer; crc: number }> {
  const deflate = createDeflateRaw({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on("data", (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => deflate.on("end", resolve));
  const zeros = Buffer.alloc(1024 * 1024);
  let crc = 0;
  for (let i = 0; i < megabytes; i++) {
    crc = crc32(zeros, crc);
    if (!deflate.write(zeros)) await new Promise((resolve) => deflate.once("drain", resolve));
  }
  deflate.end();
  await ended;
  return { data: Buffer.concat(chunks), crc };
}

const DOCX_SKELETON = [
  deflated("[Content_Types].xml", '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>'),
  deflated(
    "_rels/.rels",
    '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  ),
];

let dir: string;
let gigabyteOfZeros: { data: Buffer; crc: number };

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "zip-guard-"));
  gigabyteOfZeros = await deflatedZeros(1024);
}, 60_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function write(name: string, bytes: Buffer): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, bytes);
  return file;
}

describe("zip guard: refused before anything is inflated", () => {
  it("refuses a 1 GiB entry of zeros deflated at level 9 (about 1 MB compressed) by its declared size", async () => {
    expect(gigabyteOfZeros.data.length).toBeLessThan(2 * 1024 * 1024);
    const bomb = buildZip([
      ...DOCX_SKELETON,
      { name: "word/document.xml", data: gigabyteOfZeros.data, method: 8, crc: gigabyteOfZeros.crc, declaredSize: 1024 * 1024 * 1024 },
    ]);
    const started = performance.now();
    await expect(openZip(bomb)).rejects.toThrow(/expand to 1,024 MB when unpacked.*ZIP bomb/);
    // Inflating a gigabyte takes seconds; reading a directory takes microseconds.
    expect(performance.now() - started).toBeLessThan(1000);
    const file = await write("bomb.docx", bomb);
    await expect(parseDocx(file)).rejects.toBeInstanceOf(DocumentError);
    await expect(parseXlsx(await write("bomb.xlsx", bomb))).rejects.toThrow(/ZIP bomb/);
  });

  it("refuses an archive whose declared size is under the cap but 200 times its compressed size", async () => {
    const zeros = await deflatedZeros(100);
    const bomb = buildZip([
      ...DOCX_SKELETON,
      { name: "word/document.xml", data: zeros.data, method: 8, crc: zeros.crc, declaredSize: 100 * 1024 * 1024 },
    ]);
    await expect(openZip(bomb)).rejects.toThrow(/would expand \d+ times when unpacked \(limit 200\)/);
  });

  it("refuses more than 10,000 entries from the directory's count, before listing them", async () => {
    const entries = Array.from({ length: 10_001 }, (_, i) => deflated(`word/media/f${i}.xml`, "x"));
    const zip = buildZip(entries);
    expect(() => readZipDirectory(zip)).toThrow(/10,001 packed parts \(more than 10,000\)/);
    await expect(openZip(zip)).rejects.toBeInstanceOf(DocumentError);
  });

  it("refuses absolute and parent-relative entry names", async () => {
    for (const name of ["../evil.xml", "word/../../evil.xml", "/etc/passwd", "C:\\windows\\evil.xml", "word\\..\\..\\evil.xml"]) {
      expect(isUnsafeEntryName(name)).toBe(true);
      await expect(openZip(buildZip([...DOCX_SKELETON, deflated(name, "<x/>")]))).rejects.toThrow(/unsafe name/);
    }
    expect(isUnsafeEntryName("word/document.xml")).toBe(false);
    expect(isUnsafeEntryName("word/..foo.xml")).toBe(false);
  });

  it("refuses duplicate part names (case-insensitive, as OPC names are)", async () => {
    const zip = buildZip([...DOCX_SKELETON, deflated("word/document.xml", "<a/>"), deflated("Word/Document.xml", "<b/>")]);
    await expect(openZip(zip)).rejects.toThrow(/appears twice/);
  });

  it("checks sums over the directory only (a pure function of the listing)", () => {
    const listing = [{ name: "a.xml", compressedSize: 1000, uncompressedSize: 600 * 1024 * 1024, method: 8, encrypted: false, localHeaderOffset: 0 }];
    expect(() => checkZipDirectory(listing, 2000)).toThrow(/600 MB/);
    expect(() => checkZipDirectory([{ ...listing[0]!, uncompressedSize: 1000, encrypted: true }], 2000)).toThrow("The document is password-protected");
    expect(() => checkZipDirectory([{ ...listing[0]!, uncompressedSize: 1000, method: 12 }], 2000)).toThrow(/compression method/);
    expect(() => checkZipDirectory([{ ...listing[0]!, uncompressedSize: 1000 }], 2000, DEFAULT_ZIP_LIMITS)).not.toThrow();
  });
});

describe("zip guard: bounded inflation", () => {
  it("stops a part whose data inflates past the size its directory declares", async () => {
    const zeros = await deflatedZeros(64);
    // The directory says 1,000 bytes; the data is 64 MiB of zeros. The size checks pass.
    const liar = buildZip([...DOCX_SKELETON, { name: "word/document.xml", data: zeros.data, method: 8, crc: zeros.crc, declaredSize: 1000 }]);
    const pkg = await openZip(liar);
    const before = process.memoryUsage().arrayBuffers;
    await expect(pkg.readBytes("word/document.xml")).rejects.toThrow(/larger than its ZIP directory says/);
    // Not a timing or memory benchmark: only a sanity bound far below the 64 MiB a naive inflate keeps.
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(48 * 1024 * 1024);
    await expect(parseDocx(await write("liar.docx", liar))).rejects.toThrow(/larger than its ZIP directory says/);
    // ExcelJS inflates every part unbounded: the guard inflates them all first, with the bound.
    const sheetLiar = buildZip([
      ...DOCX_SKELETON,
      deflated("xl/workbook.xml", "<workbook/>"),
      { name: "xl/worksheets/sheet1.xml", data: zeros.data, method: 8, crc: zeros.crc, declaredSize: 1000 },
    ]);
    await expect(parseXlsx(await write("liar.xlsx", sheetLiar))).rejects.toThrow(/larger than its ZIP directory says/);
  });

  it("refuses to inflate one part larger than the per-part limit", async () => {
    const pkg = await openZip(buildZip([...DOCX_SKELETON, deflated("word/document.xml", "<w:document/>")]), {
      ...DEFAULT_ZIP_LIMITS,
      maxPartBytes: 4,
    });
    await expect(pkg.readText("word/document.xml")).rejects.toThrow(/too large to index/);
  });

  it("reads honest parts, case-insensitively, and says which part is missing", async () => {
    const pkg = await openZip(buildZip([...DOCX_SKELETON, deflated("word/document.xml", "héllo")]));
    expect(await pkg.readText("Word/Document.xml")).toBe("héllo");
    expect(await pkg.readOptionalText("word/styles.xml")).toBeNull();
    await expect(pkg.readText("word/styles.xml")).rejects.toThrow('The file is damaged: the part "word/styles.xml" is missing');
  });
});

describe("zip guard: damaged archives get plain reasons", () => {
  it("a truncated archive has no directory", async () => {
    const whole = buildZip([...DOCX_SKELETON, deflated("word/document.xml", "<w:document/>")]);
    await expect(openZip(whole.subarray(0, whole.length >> 1))).rejects.toThrow("The file is damaged or incomplete (its ZIP directory is missing)");
  });

  it("reads the directory of a file from its tail alone", async () => {
    const file = await write("tail.zip", buildZip([...DOCX_SKELETON, deflated("word/document.xml", "<w:document/>")]));
    expect((await readZipDirectoryFromFile(file)).map((entry) => entry.name)).toEqual(["[Content_Types].xml", "_rels/.rels", "word/document.xml"]);
  });

  it("a directory that points past the end of the file", async () => {
    const zip = buildZip([...DOCX_SKELETON]);
    zip.writeUInt32LE(zip.length * 2, zip.length - 6); // EOCD: offset of the central directory
    await expect(openZip(zip)).rejects.toThrow(/points past the end of the file/);
  });
});
