import { copyFile, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FileType } from "../types";
import { type DetectResult, detectFileType, detectFileTypeFromFile, extensionOf, looksLikeText } from "./detect.server";
import { FIXTURE_DOCUMENTS, longText } from "../../../../tests/support/fixtures";

const CORPUS = `${FIXTURE_DOCUMENTS}/`;

/** The plain-text sample: a long book, generated (see longText). */
const BOOK = "long-book.txt";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "detect-"));
  await writeFile(path.join(dir, BOOK), longText().text);
});

/** A fixture document, or the generated book. */
const source = (name: string) => (name === BOOK ? path.join(dir, BOOK) : `${CORPUS}${name}`);
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A sample file stored under another name (the upload's name is what detection checks against). */
async function renamed(corpusName: string, uploadName: string): Promise<string> {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}-${path.basename(uploadName)}`);
  await copyFile(source(corpusName), file);
  return file;
}

async function detectAs(corpusName: string, uploadName: string): Promise<DetectResult> {
  return detectFileTypeFromFile(await renamed(corpusName, uploadName), uploadName);
}

const mismatch = (reason: string) => ({ ok: false, status: 415, code: "content-mismatch", reason });

describe("detection of every sample file under its own name", () => {
  it("detects each real file right, from the file and from its first 8 KB", async () => {
    const expected = (name: string): FileType => extensionOf(name) as FileType;
    const names = [...(await readdir(CORPUS)), BOOK];
    expect(names.length).toBe(20);
    expect(new Set(names.map(expected))).toEqual(new Set(["pdf", "docx", "doc", "xlsx", "pptx", "csv", "txt"]));
    for (const name of names) {
      expect({ name, result: await detectFileTypeFromFile(source(name), name) }).toEqual({ name, result: { ok: true, type: expected(name) } });
      const head = (await readFile(source(name))).subarray(0, 8192);
      expect({ name, result: detectFileType(head, name) }).toEqual({ name, result: { ok: true, type: expected(name) } });
    }
  });

  it("ignores the case of the extension", async () => {
    expect(await detectAs("mmwr-chd-stroke-deaths_us-025.pdf", "PAPER.PDF")).toEqual({ ok: true, type: "pdf" });
    expect(await detectAs("docling_word_sample.docx", "Notes.DocX")).toEqual({ ok: true, type: "docx" });
  });
});

describe("detection refuses what is not what its name says (415)", () => {
  it("names the real content and the claimed extension", async () => {
    expect(await detectAs("docling_word_sample.docx", "report.pdf")).toEqual(mismatch("The file's content is a Word document but its name ends in .pdf"));
    expect(await detectAs("virulence-genes-APEC.xlsx", "report.docx")).toEqual(mismatch("The file's content is an Excel workbook but its name ends in .docx"));
    expect(await detectAs("docling_powerpoint_sample.pptx", "slides.xlsx")).toEqual(mismatch("The file's content is a PowerPoint presentation but its name ends in .xlsx"));
    expect(await detectAs("mmwr-chd-stroke-deaths_us-025.pdf", "paper.docx")).toEqual(mismatch("The file's content is a PDF document but its name ends in .docx"));
    expect(await detectAs(BOOK, "book.pdf")).toEqual(mismatch("The file's content is plain text but its name ends in .pdf"));
    expect(await detectAs("wa-disability-access-guide.doc", "guide.xlsx")).toEqual(mismatch("The file's content is a Word 97-2003 document but its name ends in .xlsx"));
    expect(await detectAs("vet-amr-isolates-metadata.csv", "isolates.pptx")).toEqual(mismatch("The file's content is plain text but its name ends in .pptx"));
  });

  it("refuses a program renamed .docx and binary data renamed .txt", async () => {
    const exe = Buffer.alloc(4096);
    exe.write("MZ", 0, "latin1");
    exe.write("This program cannot be run in DOS mode.", 78, "latin1");
    expect(detectFileType(exe, "setup.docx")).toEqual(mismatch("The file's content is a Windows program but its name ends in .docx"));
    const binary = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 37) % 256));
    expect(detectFileType(binary, "notes.txt")).toEqual(mismatch("The file's content is binary data, not text but its name ends in .txt"));
    const bmp = Buffer.concat([Buffer.from("BM"), Buffer.from([0x36, 0x10, 0, 0, 0, 0, 0, 0, 0x36, 0, 0, 0, 40, 0, 0, 0]), Buffer.alloc(200)]);
    expect(detectFileType(bmp, "scan.txt")).toEqual(mismatch("The file's content is an image (BMP) but its name ends in .txt"));
    // Text that happens to start with those letters (a SciFact abstract; a gene name) is text.
    expect(detectFileType(Buffer.from("BMI-1 Autoantibody as a New Potential Biomarker for Cervical Carcinoma\n"), "abstract.txt")).toEqual({ ok: true, type: "txt" });
    expect(detectFileType(Buffer.from("MZB1 is expressed in plasma cells.\n"), "notes.txt")).toEqual({ ok: true, type: "txt" });
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100)]);
    expect(detectFileType(png, "scan.pdf")).toEqual(mismatch("The file's content is an image (PNG) but its name ends in .pdf"));
    expect(detectFileType(Buffer.from("{\\rtf1\\ansi Hello}"), "letter.doc")).toEqual(
      mismatch("The file's content is Rich Text Format (RTF), which is not supported but its name ends in .doc"),
    );
  });

  it("refuses unsupported extensions and names without one", () => {
    expect(detectFileType(Buffer.from("MZ"), "setup.exe")).toEqual({ ok: false, status: 415, code: "unsupported-type", reason: "Unsupported file type: .exe" });
    expect(detectFileType(Buffer.from("text"), "README")).toEqual({
      ok: false,
      status: 415,
      code: "unsupported-type",
      reason: "Unsupported file type: the file name has no extension",
    });
    expect(detectFileType(Buffer.from("%PDF-1.7"), "C:\\scans\\archive.tar.gz").ok).toBe(false);
  });

  it("refuses a .csv whose text is not rows", () => {
    // Paragraph-long lines with no consistent delimiter: prose, not rows.
    const prose = ["Prose runs on ".repeat(100), "and on, with a comma here, there, and there ".repeat(30), "and ends. ".repeat(120)].join("\n");
    expect(detectFileType(Buffer.from(prose), "notes.csv")).toEqual(
      mismatch("The file's name ends in .csv but its content is not comma-, semicolon- or tab-separated rows"),
    );
    expect(detectFileType(Buffer.from("drug;dose\nmeloxicam;0,1\n"), "doses.csv")).toEqual({ ok: true, type: "csv" });
    expect(detectFileType(Buffer.from("meloxicam\nrobenacoxib\n"), "drugs.csv")).toEqual({ ok: true, type: "csv" });
  });

  it("reports an empty file with its own code", async () => {
    const file = path.join(dir, "empty.pdf");
    await writeFile(file, "");
    const empty = { ok: false, status: 415, code: "empty", reason: "The file is empty" };
    expect(await detectFileTypeFromFile(file, "empty.pdf")).toEqual(empty);
    expect(detectFileType(new Uint8Array(0), "empty.docx")).toEqual(empty);
  });
});

describe("detection leniencies", () => {
  it("parses a DOCX named .doc, and a Word 97-2003 file named .docx, as what they are", async () => {
    expect(await detectAs("docling_word_sample.docx", "old-name.doc")).toEqual({ ok: true, type: "docx" });
    expect(await detectAs("norwegian-care-procedure.doc", "new-name.docx")).toEqual({ ok: true, type: "doc" });
  });

  it("accepts text in UTF-16 with a BOM and 8-bit text, not NUL-laden bytes", () => {
    expect(detectFileType(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("Dose 5 µg", "utf16le")]), "a.txt")).toEqual({ ok: true, type: "txt" });
    expect(detectFileType(Buffer.from("Caf\xe9 \x96 r\xf8d", "latin1"), "a.txt")).toEqual({ ok: true, type: "txt" });
    expect(looksLikeText(Buffer.from("a\0b"))).toBe(false);
    expect(looksLikeText(Buffer.from("page one\fpage two\r\n"))).toBe(true);
  });
});
