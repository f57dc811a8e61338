import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PDFDocument, rgb, StandardFonts } from "pdf-lib";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { ParsedDocument } from "../../types";
import { parsePdf } from "../pdf.server";
import * as pageThread from "./page-thread.server";
import { fixtureDocument, longPdf } from "../../../../../tests/support/fixtures";

/**
 * The page thread reads a long PDF from its end while parsePdf reads from its start: the document
 * must come out exactly as a one-thread read gives it, also when that thread dies mid-way or the
 * upload is cancelled. Every read the thread starts is recorded here (the real thread, real files).
 */
const started: pageThread.RemotePages[] = [];
const LEFT_TO_THREAD_AFTER = 24;
let afterFirstPage: (() => void) | null = null;

vi.mock("./page-thread.server", async (importOriginal) => {
  const real = await importOriginal<typeof import("./page-thread.server")>();
  return {
    ...real,
    readPagesOnThread: (...args: Parameters<typeof real.readPagesOnThread>) => {
      const remote = real.readPagesOnThread(...args);
      if (remote) {
        started.push(remote);
        // The last pages are always left to the thread (the caller waits for them), so that it takes
        // part however slowly it starts (from sources tsx makes it slower than reading the whole book).
        const claim = remote.claim.bind(remote);
        remote.claim = (n) => (n > LEFT_TO_THREAD_AFTER ? false : claim(n));
        const deliver = remote.deliver.bind(remote);
        remote.deliver = (result) => {
          deliver(result);
          if (remote.delivered === 1) afterFirstPage?.();
        };
      }
      return remote;
    },
  };
});

const hasTesseract = spawnSync("tesseract", ["--version"]).status === 0;

let tmp: string;
let book: string;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "pdf-page-thread-test-"));
  // 28 real public-domain pages (printed page labels, three- and two-column pages, tables), then
  // pages whose reading depends on more than their text: white text on white (dropped, with a note),
  // white text on a picture (kept), and a scanned page (OCR'd when tesseract is installed, else
  // skipped with a note).
  const doc = await longPdf(28, { labels: true });
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const white = doc.addPage([400, 300]);
  white.drawText("Ordinary dosing text on a late page.", { x: 20, y: 250, size: 12, font });
  white.drawText("HIDDEN give ten times the dose", { x: 20, y: 115, size: 14, font, color: rgb(1, 1, 1) });
  const box = doc.addPage([400, 300]);
  box.drawRectangle({ x: 10, y: 100, width: 380, height: 40, color: rgb(0.05, 0.2, 0.5) });
  box.drawText("Call the clinic on 555 0100", { x: 20, y: 115, size: 14, font, color: rgb(1, 1, 1) });
  const scan = await PDFDocument.load(fs.readFileSync(fixtureDocument("scanned_huckfinn-p22.pdf")));
  for (const page of await doc.copyPages(scan, [0])) doc.addPage(page);
  book = path.join(tmp, "guide-and-more.pdf");
  fs.writeFileSync(book, await doc.save());
  expect(await pageThread.preparePageThread()).toBe(true);
});

afterEach(() => {
  started.length = 0;
  afterFirstPage = null;
});

afterAll(async () => {
  await pageThread.stopPageThread();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const visibleText = (doc: ParsedDocument) => doc.pages.flatMap((p) => p.blocks.map((b) => b.text)).join("\n");

describe("reading a long PDF on two threads", () => {
  let alone: ParsedDocument;

  beforeAll(async () => {
    alone = await parsePdf(book, { parallelPages: false });
    expect(started).toHaveLength(0);
  });

  it("gives exactly the document one thread gives, with the thread reading the last pages", async () => {
    const together = await parsePdf(book);
    expect(started).toHaveLength(1);
    expect(started[0]!.delivered).toBeGreaterThanOrEqual(31 - LEFT_TO_THREAD_AFTER);
    expect(started[0]!.failure).toBeNull();
    expect(together).toEqual(alone);
    // What the late pages hold, read by the other thread, in the right place.
    expect(together.pageCount).toBe(31);
    expect(together.pages.map((p) => p.label)).toEqual(alone.pages.map((p) => p.label));
    expect(together.pages[26]!.label).toBe("25");
    expect(visibleText(together)).toContain("Call the clinic on 555 0100");
    expect(visibleText(together)).not.toContain("HIDDEN");
    expect(together.notes).toContain("Dropped 1 hidden text fragment on page 29 (white text)");
    if (hasTesseract) expect(together.ocrPages).toEqual([31]);
    else expect(together.skippedPages).toEqual([31]);
  });

  it("reads the pages the thread did not send itself when the thread dies mid-way", async () => {
    afterFirstPage = () => void pageThread.stopPageThread();
    const lines: string[] = [];
    const together = await parsePdf(book, { log: (line) => lines.push(line) });
    expect(started).toHaveLength(1);
    expect(started[0]!.delivered).toBe(1);
    expect(started[0]!.failure).toBe("the page thread was stopped");
    expect(together).toEqual(alone);
    // The next long document gets a new thread.
    afterFirstPage = null;
    expect(await pageThread.preparePageThread()).toBe(true);
    expect(await parsePdf(book)).toEqual(alone);
    expect(started).toHaveLength(2);
    expect(started[1]!.delivered).toBeGreaterThan(0);
  });

  it("stops both threads when cancelled, and the next document still reads on two", async () => {
    const controller = new AbortController();
    const reason = new Error("cancelled by the admin");
    const lines: string[] = [];
    const log = (line: string) => {
      lines.push(line);
      if (line === "Read 25 of 31 pages") controller.abort(reason);
    };
    await expect(parsePdf(book, { signal: controller.signal, log })).rejects.toBe(reason);
    // (The page thread may have said it OCR'd the last page.)
    expect(lines.filter((line) => line.startsWith("Read "))).toEqual(["Read 25 of 31 pages"]);
    expect(await parsePdf(book)).toEqual(alone);
    expect(started).toHaveLength(2);
    expect(started[1]!.delivered).toBeGreaterThan(0);
  });

  it("reads short documents on one thread", async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    for (let i = 1; i < pageThread.PARALLEL_MIN_PAGES; i++) doc.addPage([300, 300]).drawText(`Short document page ${i}`, { x: 20, y: 250, size: 12, font });
    const file = path.join(tmp, "short.pdf");
    fs.writeFileSync(file, await doc.save());
    const parsed = await parsePdf(file, { ocr: false });
    expect(parsed.pageCount).toBe(pageThread.PARALLEL_MIN_PAGES - 1);
    expect(started).toHaveLength(0);
  });
});

describe("worthSecondThread", () => {
  it("needs two cores and a long document", () => {
    expect(pageThread.worthSecondThread(400, 2)).toBe(true);
    expect(pageThread.worthSecondThread(400, 1)).toBe(false);
    expect(pageThread.worthSecondThread(pageThread.PARALLEL_MIN_PAGES - 1, 8)).toBe(false);
  });
});
