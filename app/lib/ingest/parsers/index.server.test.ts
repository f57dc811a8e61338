import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FileType, ParseOptions } from "../types";
import { parseCsv } from "./csv.server";
import { parseDoc } from "./doc.server";
import { parseDocx } from "./docx.server";
import { detectFileTypeFromFile, parseFile } from "./index.server";
import { parsePptx } from "./pptx.server";
import { parseTxt } from "./txt.server";
import { parseXlsx } from "./xlsx.server";
import { FIXTURE_DOCUMENTS, longText } from "../../../../tests/support/fixtures";

const CORPUS = `${FIXTURE_DOCUMENTS}/`;
/** The plain-text sample is a long book, generated (see longText). */
const BOOK = "long-book.txt";
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "parse-file-"));
  await writeFile(path.join(dir, BOOK), longText().text);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});
const sample = (name: string) => (name === BOOK ? path.join(dir, BOOK) : `${CORPUS}${name}`);

const SAMPLES: [FileType, string][] = [
  ["docx", "docling_word_sample.docx"],
  ["doc", "norwegian-care-procedure.doc"],
  ["txt", BOOK],
  ["csv", "vet-amr-isolates-metadata.csv"],
  ["xlsx", "virulence-genes-APEC.xlsx"],
  ["pptx", "docling_powerpoint_sample.pptx"],
];

describe("parseFile", () => {
  it("detects and dispatches each non-PDF type to its parser", async () => {
    for (const [type, name] of SAMPLES) {
      const file = sample(name);
      expect(await detectFileTypeFromFile(file, name)).toEqual({ ok: true, type });
      const logged: string[] = [];
      const doc = await parseFile(file, type, { log: (line) => logged.push(line) });
      expect({ name, fileType: doc.fileType }).toEqual({ name, fileType: type });
      expect(doc.pages.length).toBeGreaterThan(0);
      expect(doc.pages.every((page) => page.number >= 1 && page.number <= doc.pageCount)).toBe(true);
      expect(doc.ocrPages).toEqual([]);
      expect(logged.length).toBeGreaterThan(0);
      expect(logged.length).toBeLessThanOrEqual(3);
    }
  });

  it("throws the signal's reason when cancelled, from the dispatcher and from every parser", async () => {
    const reason = new Error("Upload cancelled by the admin");
    const controller = new AbortController();
    controller.abort(reason);
    const options: ParseOptions = { signal: controller.signal };
    await expect(parseFile(`${CORPUS}docling_word_sample.docx`, "docx", options)).rejects.toBe(reason);
    const parsers = [parseDocx, parseDoc, parseTxt, parseCsv, parseXlsx, parsePptx];
    for (const [index, [, name]] of SAMPLES.entries()) {
      await expect(parsers[index]!(sample(name), options)).rejects.toBe(reason);
    }
  });

  it("stops the long DOCX walk when cancelled mid-way", async () => {
    const controller = new AbortController();
    const reason = new Error("cancelled mid-way");
    // The parser logs once before walking the document: cancel right then.
    const options: ParseOptions = { signal: controller.signal, log: () => controller.abort(reason) };
    await expect(parseFile(`${CORPUS}doj-chapter13-trustee-handbook.docx`, "docx", options)).rejects.toBe(reason);
  });
});
