import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PDFDocument, PDFName } from "pdf-lib";

/**
 * The small real files the tests read, committed in tests/fixtures (sources and licences in
 * tests/fixtures/README.md). Tests never read the large shared corpora next to the repository:
 * only `npm run eval*` and `npm run bench` do.
 */
export const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../fixtures");
/** Real documents of every supported type (PDF, DOCX, DOC, XLSX, PPTX, CSV). */
export const FIXTURE_DOCUMENTS = path.join(FIXTURES, "documents");
/** Real recorded NCBI E-utilities responses (biopython, eutils-mcp-server). */
export const FIXTURE_EUTILS = path.join(FIXTURES, "eutils");

/** The 276 VetBench passages (CC BY 4.0), one per line: a knowledge base of real size for answer tests. */
export const FIXTURE_VETBENCH_PASSAGES = path.join(FIXTURES, "vetbench", "core_passages.txt");

export const fixtureDocument = (name: string) => path.join(FIXTURE_DOCUMENTS, name);
export const fixtureEutils = (name: string) => path.join(FIXTURE_EUTILS, name);

/** The public-domain PDFs (US government, ICDAR-2013 set) that long PDFs are assembled from, 28 pages. */
export const PUBLIC_DOMAIN_PDFS = [
  "federal-register-2020-17221_3col.pdf",
  "mmwr-chd-stroke-deaths_us-025.pdf",
  "mmwr-unhealthy-housing_us-024.pdf",
  "efsa-zoonoses-salmonella_eu-016.pdf",
] as const;

/** `subject`: written in the document's metadata, so PDFs of the same pages are still different files. */
export type LongPdfOptions = { labels?: boolean; from?: readonly string[]; subject?: string };

/**
 * A long PDF of real pages: the pages of PUBLIC_DOMAIN_PDFS one after another, again from the
 * start until there are `pages` of them. With `labels`, the document has printed page labels like
 * a book's: roman front matter (i, ii), then arabic from 1 (so page n is labelled n - 2).
 * `from` picks other fixture PDFs to take the pages from.
 */
export async function longPdf(pages: number, options: LongPdfOptions = {}): Promise<PDFDocument> {
  const doc = await PDFDocument.create();
  const names = options.from ?? PUBLIC_DOMAIN_PDFS;
  const sources = await Promise.all(names.map(async (name) => PDFDocument.load(fs.readFileSync(fixtureDocument(name)))));
  const order: Array<[number, number]> = [];
  while (order.length < pages) {
    for (const [s, source] of sources.entries()) {
      for (const index of source.getPageIndices()) if (order.length < pages) order.push([s, index]);
    }
  }
  // One copy per source, so pages used twice share their fonts and images.
  const copied = await Promise.all(
    sources.map((source, s) =>
      doc.copyPages(
        source,
        order.filter(([from]) => from === s).map(([, index]) => index),
      ),
    ),
  );
  const next = copied.map(() => 0);
  for (const [s] of order) doc.addPage(copied[s]![next[s]!++]!);
  if (options.subject) doc.setSubject(options.subject);
  if (options.labels) doc.catalog.set(PDFName.of("PageLabels"), doc.context.obj({ Nums: [0, { S: "r" }, 2, { S: "D" }] }));
  return doc;
}

/** longPdf's bytes. */
export async function longPdfBytes(pages: number, options: LongPdfOptions = {}): Promise<Buffer> {
  return Buffer.from(await (await longPdf(pages, options)).save());
}

const BOOK_NAMES = ["ONE", "TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN", "EIGHT", "NINE", "TEN", "ELEVEN", "TWELVE", "THIRTEEN", "FOURTEEN", "FIFTEEN"];
const WORDS = (
  "the dog cat horse clinic owner said that a with his her was it in on for not but as at by from they we you this which had have " +
  "been were would could should there their when then than what who whom into over under after before again never always every " +
  "morning evening winter summer field road village river house door window table letter answer question moment silence"
).split(" ");

function roman(n: number): string {
  const parts: Array<[number, string]> = [[100, "C"], [90, "XC"], [50, "L"], [40, "XL"], [10, "X"], [9, "IX"], [5, "V"], [4, "IV"], [1, "I"]];
  let out = "";
  for (const [value, letters] of parts) for (; n >= value; n -= value) out += letters;
  return out;
}

/** The first and last sentences of longText's book. */
export const LONG_TEXT_FIRST = '"Well, Doctor, so the clinic and the stables are now just family estates," said the old owner at the door.';
export const LONG_TEXT_LAST = "We have to recognize a dependence of which we are not conscious.";

/**
 * A long plain-text book laid out like a Project Gutenberg novel (generated, so it can be any size
 * without committing one): `books` books headed "BOOK ONE: 1805"… with `chapters` chapters in all,
 * headed "CHAPTER I"… (numbered again in each book), each of paragraphs hard-wrapped at 70
 * characters and separated by blank lines. About 3.2 MB and 560,000 words by default, like
 * War and Peace.
 */
export function longText(options: { books?: number; chapters?: number; wordsPerChapter?: number } = {}): { text: string; words: number } {
  const books = options.books ?? 15;
  const chapters = options.chapters ?? 365;
  const wordsPerChapter = options.wordsPerChapter ?? 1530;
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const wrap = (paragraph: string) => paragraph.replace(/(.{1,70})(?: |$)/g, "$1\n").trimEnd();
  const out: string[] = [];
  let words = 0;
  let chapter = 0;
  for (let book = 0; book < books; book++) {
    const inThisBook = Math.round(((book + 1) * chapters) / books) - Math.round((book * chapters) / books);
    out.push(`BOOK ${BOOK_NAMES[book % BOOK_NAMES.length]}: ${1805 + book}`);
    words += 3;
    for (let c = 1; c <= inThisBook; c++, chapter++) {
      out.push(`CHAPTER ${roman(c)}`);
      words += 2;
      let left = wordsPerChapter;
      if (chapter === 0) {
        out.push(wrap(LONG_TEXT_FIRST));
        left -= LONG_TEXT_FIRST.split(" ").length;
      }
      while (left > 0) {
        const n = Math.min(left, 20 + Math.floor(random() * 180));
        const paragraph = Array.from({ length: n }, (_, i) => WORDS[Math.floor(random() * WORDS.length)]! + (i % 12 === 11 ? "." : "")).join(" ");
        out.push(wrap(`${paragraph[0]!.toUpperCase()}${paragraph.slice(1)}.`));
        left -= n;
      }
      words += wordsPerChapter;
    }
  }
  out.push(wrap(LONG_TEXT_LAST));
  words += LONG_TEXT_LAST.split(" ").length;
  return { text: `${out.join("\n\n")}\n`, words };
}
