import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DocumentError, type ParsedDocument } from "../types";
import { decodeText, pagesByWordCount, parseTextContent, parseTxt, splitParagraphs, textHeading, WORDS_PER_TEXT_PAGE } from "./txt.server";
import { LONG_TEXT_FIRST, LONG_TEXT_LAST, longText } from "../../../../tests/support/fixtures";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "txt-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function words(doc: ParsedDocument, number: number): number {
  const page = doc.pages.find((p) => p.number === number)!;
  return page.blocks.reduce((sum, block) => sum + block.text.split(/\s+/).filter(Boolean).length, 0);
}

describe("plain text decoding", () => {
  it("decodes UTF-8, UTF-16 LE/BE by their BOM, and windows-1252 when the bytes are not UTF-8", () => {
    expect(decodeText(Buffer.from("\uFEFFrød grød", "utf8"))).toEqual({ text: "rød grød", encoding: "utf-8" });
    expect(decodeText(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("kål æøå", "utf16le")]))).toEqual({ text: "kål æøå", encoding: "utf-16le" });
    const be = Buffer.from("µg/kg", "utf16le").swap16();
    expect(decodeText(Buffer.concat([Buffer.from([0xfe, 0xff]), be]))).toEqual({ text: "µg/kg", encoding: "utf-16be" });
    // "Café – 5 µg" in windows-1252: é = E9, en dash = 96, µ = B5.
    expect(decodeText(Buffer.from([0x43, 0x61, 0x66, 0xe9, 0x20, 0x96, 0x20, 0x35, 0x20, 0xb5, 0x67]))).toEqual({ text: "Café – 5 µg", encoding: "windows-1252" });
  });

  it("notes a non-UTF-8 encoding", async () => {
    const file = path.join(dir, "latin.txt");
    await writeFile(file, Buffer.from([0x43, 0x61, 0x66, 0xe9]));
    const doc = await parseTxt(file);
    expect(doc.pages[0]!.blocks).toEqual([{ kind: "paragraph", text: "Café" }]);
    expect(doc.notes).toContain("Read as windows-1252 text");
  });
});

describe("plain text structure", () => {
  it("recognises conservative headings only", () => {
    expect(textHeading("# Dosage")).toEqual({ level: 1, text: "Dosage" });
    expect(textHeading("### Cats ###")).toEqual({ level: 3, text: "Cats" });
    expect(textHeading("BOOK TWO: 1805")).toEqual({ level: 1, text: "BOOK TWO: 1805" });
    expect(textHeading("CHAPTER XII")).toEqual({ level: 2, text: "CHAPTER XII" });
    expect(textHeading("ADVERSE REACTIONS")).toEqual({ level: 2, text: "ADVERSE REACTIONS" });
    expect(textHeading("EPILOGUE")).toEqual({ level: 2, text: "EPILOGUE" });
    // A signature, a shout, a sentence: not headings.
    for (const line of ["JULIE", "PROCLAMATION!", "I SAID SO.", "The dose is 5 mg.", "x".repeat(81)]) expect(textHeading(line)).toBeNull();
  });

  it("joins hard-wrapped lines into paragraphs and treats only one-line paragraphs as heading candidates", () => {
    const paragraphs = splitParagraphs("CHAPTER I\n\nIt was in July,\n1805, and the speaker\r\nwas Anna.\n\n\nCHAPTER II\nnot a heading: two lines\n");
    expect(paragraphs.map((p) => [p.text, p.heading?.level ?? null])).toEqual([
      ["CHAPTER I", 2],
      ["It was in July, 1805, and the speaker was Anna.", null],
      ["CHAPTER II not a heading: two lines", null],
    ]);
  });

  it("uses form feeds as pages when the text has them", () => {
    const doc = parseTextContent("Page one text\n\fPage two text\n\f\n\fPage four text\n\f\n");
    expect(doc.pages.map((p) => [p.number, p.blocks[0]!.text])).toEqual([
      [1, "Page one text"],
      [2, "Page two text"],
      [4, "Page four text"],
    ]);
    expect(doc.pageCount).toBe(4);
    expect(doc.notes).toEqual(["Pages follow the form feeds in the text (4 pages)"]);
  });

  it("cuts long text into pages of about 3,000 words at paragraph boundaries, never ending a page on a heading", () => {
    const paragraph = Array.from({ length: 700 }, (_, i) => `w${i}`).join(" ");
    const text = [paragraph, paragraph, paragraph, paragraph, "CHAPTER II", paragraph, paragraph].join("\n\n");
    const doc = parseTextContent(text);
    expect(doc.pageCount).toBe(2);
    expect(doc.pages[0]!.blocks.map((b) => b.kind)).toEqual(["paragraph", "paragraph", "paragraph", "paragraph"]);
    expect(doc.pages[1]!.blocks[0]).toEqual({ kind: "heading", level: 2, text: "CHAPTER II" });
    expect(doc.notes[0]).toBe("Plain text has no pages: split into 2 sections of about 3,000 words, cited as pages");
  });

  it("cuts one paragraph longer than a page at word boundaries", () => {
    const pages = pagesByWordCount(splitParagraphs(Array.from({ length: 7500 }, (_, i) => `w${i}`).join(" ")));
    expect(pages.map((blocks) => blocks[0]!.text.split(" ").length)).toEqual([3000, 3000, 1500]);
    expect(pages[2]![0]!.text.startsWith("w6000 ")).toBe(true);
  });

  it("takes a title from a Gutenberg preamble or a leading markdown heading", () => {
    expect(parseTextContent("Title: Canine Medicine\nAuthor: A. Vet; B. Vet\n\nText").title).toBe("Canine Medicine");
    expect(parseTextContent("Title: Canine Medicine\nAuthor: A. Vet; B. Vet\n\nText").authors).toEqual(["A. Vet", "B. Vet"]);
    expect(parseTextContent("# Feline Formulary\n\nText").title).toBe("Feline Formulary");
    expect(parseTextContent("CHAPTER I\n\nText").title).toBeNull();
  });

  it("refuses an empty or blank file", async () => {
    const empty = path.join(dir, "empty.txt");
    await writeFile(empty, "");
    await expect(parseTxt(empty)).rejects.toThrow(new DocumentError("The file is empty"));
    const blank = path.join(dir, "blank.txt");
    await writeFile(blank, " \n\n\t\n");
    await expect(parseTxt(blank)).rejects.toThrow("The file contains no text");
  });
});

describe("a long book (generated like a Project Gutenberg novel)", () => {
  it("parses a 3.2 MB book into ~3,000-word pages with its chapter and book headings", async () => {
    const book = longText();
    const file = path.join(dir, "long-book.txt");
    await writeFile(file, book.text);
    expect(book.text.length).toBeGreaterThan(3_000_000);
    const doc = await parseTxt(file);
    expect(doc.fileType).toBe("txt");
    // ~560k words / 3,000 per page, no page under 80% full but the last.
    expect(doc.pageCount).toBeGreaterThanOrEqual(Math.ceil(book.words / WORDS_PER_TEXT_PAGE));
    expect(doc.pageCount).toBeLessThanOrEqual(Math.ceil(book.words / (WORDS_PER_TEXT_PAGE * 0.8)));
    expect(doc.pages).toHaveLength(doc.pageCount);
    for (const page of doc.pages.slice(0, -1)) {
      expect(words(doc, page.number)).toBeGreaterThan(WORDS_PER_TEXT_PAGE * 0.8);
      expect(words(doc, page.number)).toBeLessThanOrEqual(WORDS_PER_TEXT_PAGE);
    }
    expect(doc.pages.reduce((sum, page) => sum + words(doc, page.number), 0)).toBe(book.words);
    const headings = doc.pages.flatMap((page) => page.blocks.filter((block) => block.kind === "heading").map((block) => ({ page: page.number, block })));
    expect(headings.slice(0, 2)).toEqual([
      { page: 1, block: { kind: "heading", level: 1, text: "BOOK ONE: 1805" } },
      { page: 1, block: { kind: "heading", level: 2, text: "CHAPTER I" } },
    ]);
    expect(headings.find(({ block }) => block.text === "BOOK TWO: 1806")?.block).toEqual({ kind: "heading", level: 1, text: "BOOK TWO: 1806" });
    expect(headings.filter(({ block }) => block.level === 1).length).toBe(15);
    expect(headings.filter(({ block }) => block.text.startsWith("CHAPTER ")).length).toBe(365);
    expect(headings.filter(({ block }) => block.text === "CHAPTER XXIV").length).toBe(15);
    // The opening line is on page 1, joined from its wrapped lines; the last line on the last page.
    expect(doc.pages[0]!.blocks[2]!.text).toBe(LONG_TEXT_FIRST);
    expect(doc.pages.at(-1)!.blocks.at(-1)!.text).toBe(LONG_TEXT_LAST);
  });
});
