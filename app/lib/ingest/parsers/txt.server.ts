/**
 * Plain text.
 *
 * Pages: plain text has none. When the file uses form feeds (\f) to separate pages, those are the
 * pages. Otherwise the text is cut into "pages" of about 3,000 words at paragraph boundaries, so a
 * citation "pg. 12" still points somewhere findable: the 12th section of ~3,000 words. A note in
 * `notes` says so. One paragraph longer than a page is cut at line, then word, boundaries.
 *
 * Headings are conservative: a one-line paragraph (blank line before and after) that is a markdown
 * heading, "BOOK/PART/VOLUME x" (level 1), "CHAPTER/SECTION x" (level 2) or a short ALL-CAPS line.
 *
 * Everything is one linear pass over the text (indexOf over lines, no regex over the whole file),
 * so the 3.2 MB War and Peace text parses in well under a second.
 */
import { readFile } from "node:fs/promises";
import { type Block, DocumentError, type ParsedDocument, type ParsedPage, type ParseOptions } from "../types";

export const WORDS_PER_TEXT_PAGE = 3000;

export type TextEncodingName = "utf-8" | "utf-16le" | "utf-16be" | "windows-1252";
export type DecodedText = { text: string; encoding: TextEncodingName };

/** windows-1252 characters for bytes 0x80-0x9F (the rest of the code page is latin1); undefined bytes stay as they are. */
const CP1252_HIGH = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ";

/**
 * windows-1252, decoded ourselves: Node's TextDecoder("windows-1252") decodes latin1, which turns
 * the en dash, curly quotes and euro sign of every old Windows text into invisible C1 controls.
 */
export function decodeWindows1252(bytes: Uint8Array): string {
  const latin1 = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");
  return latin1.replace(/[\u0080-\u009f]/g, (ch) => CP1252_HIGH[ch.charCodeAt(0) - 0x80]!);
}

/**
 * Decodes bytes to text: a BOM decides (UTF-8, UTF-16 LE/BE); otherwise strict UTF-8, falling back
 * to windows-1252 (a superset of latin1 for printable text, which is what old Windows files are).
 */
export function decodeText(bytes: Uint8Array): DecodedText {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { text: new TextDecoder("utf-8").decode(bytes.subarray(3)), encoding: "utf-8" };
  }
  if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    return { text: new TextDecoder("utf-16le").decode(bytes.subarray(2)), encoding: "utf-16le" };
  }
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    return { text: new TextDecoder("utf-16be").decode(bytes.subarray(2)), encoding: "utf-16be" };
  }
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes), encoding: "utf-8" };
  } catch {
    return { text: decodeWindows1252(bytes), encoding: "windows-1252" };
  }
}

/** One paragraph of the text: its lines joined, with its word count. */
type TextParagraph = { text: string; words: number; heading: { level: number; text: string } | null };

const MARKDOWN_HEADING = /^(#{1,6})\s+(.+?)\s*#*\s*$/;
const BOOK_HEADING = /^(BOOK|Book|PART|Part|VOLUME|Volume)\s+([0-9]+|[IVXLCDM]+|[A-Z][A-Za-z-]+)\b/;
const CHAPTER_HEADING = /^(CHAPTER|Chapter|SECTION|Section)\s+([0-9]+|[IVXLCDM]+|[A-Z][A-Za-z-]+)\b/;

/** A one-line paragraph that reads as a heading, with its level; null for ordinary text. */
export function textHeading(line: string): { level: number; text: string } | null {
  const text = line.trim();
  if (text.length === 0 || text.length > 80) return null;
  const markdown = MARKDOWN_HEADING.exec(text);
  if (markdown) return { level: markdown[1]!.length, text: markdown[2]! };
  if (BOOK_HEADING.test(text)) return { level: 1, text };
  if (CHAPTER_HEADING.test(text)) return { level: 2, text };
  if (isAllCapsLine(text)) return { level: 2, text };
  return null;
}

/** One-word ALL-CAPS lines are headings only when they name a usual section (not "JULIE" signing a letter). */
const ONE_WORD_SECTIONS = new Set(
  "PREFACE FOREWORD PROLOGUE EPILOGUE INTRODUCTION CONTENTS ABSTRACT SUMMARY BACKGROUND METHODS RESULTS DISCUSSION CONCLUSION CONCLUSIONS REFERENCES BIBLIOGRAPHY APPENDIX GLOSSARY INDEX ACKNOWLEDGEMENTS ACKNOWLEDGMENTS INDICATIONS CONTRAINDICATIONS DOSAGE DOSING WARNINGS PRECAUTIONS OVERDOSE STORAGE".split(" "),
);

function isAllCapsLine(text: string): boolean {
  let upper = 0;
  for (const ch of text) {
    if (ch !== ch.toUpperCase()) return false; // a lowercase letter
    if (ch !== ch.toLowerCase()) upper++;
  }
  // At least three capital letters, and not a sentence or an exclamation ("I SAID SO.", "PROCLAMATION!").
  if (upper < 3 || /[.,;!?]$/.test(text)) return false;
  return /\s/.test(text) || ONE_WORD_SECTIONS.has(text.replace(/:$/, ""));
}

function countWords(text: string): number {
  let words = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const space = code === 32 || (code >= 9 && code <= 13) || code === 0xa0;
    if (!space && !inWord) words++;
    inWord = !space;
  }
  return words;
}

/** Splits text into paragraphs at blank lines, joining the lines of each (hard-wrapped text reflows). */
export function splitParagraphs(text: string): TextParagraph[] {
  const paragraphs: TextParagraph[] = [];
  let lines: string[] = [];
  const flush = () => {
    if (lines.length === 0) return;
    const joined = lines.join(" ").replace(/\s+/g, " ").trim();
    const heading = lines.length === 1 ? textHeading(lines[0]!) : null;
    if (joined) paragraphs.push({ text: joined, words: countWords(joined), heading });
    lines = [];
  };
  let start = 0;
  while (start <= text.length) {
    let end = text.indexOf("\n", start);
    if (end < 0) end = text.length;
    const line = text.slice(start, end);
    if (line.trim() === "") flush();
    else lines.push(line);
    start = end + 1;
  }
  flush();
  return paragraphs;
}

/** Words of one oversized paragraph, cut into pieces of at most `size` words. */
function splitLongParagraph(text: string, size: number): string[] {
  const words = text.split(" ");
  const pieces: string[] = [];
  for (let i = 0; i < words.length; i += size) pieces.push(words.slice(i, i + size).join(" "));
  return pieces;
}

function paragraphBlock(paragraph: TextParagraph): Block {
  return paragraph.heading
    ? { kind: "heading", level: paragraph.heading.level, text: paragraph.heading.text }
    : { kind: "paragraph", text: paragraph.text };
}

/** Groups paragraphs into pages of about `size` words, never ending a page on a heading. */
export function pagesByWordCount(paragraphs: TextParagraph[], size = WORDS_PER_TEXT_PAGE): Block[][] {
  const pages: Block[][] = [];
  let blocks: Block[] = [];
  let words = 0;
  const closePage = () => {
    // Headings alone do not make a page: keep them for the text that follows.
    if (!blocks.some((block) => block.kind !== "heading")) return;
    // A heading at the bottom of a page belongs with the text that follows it.
    const carried: Block[] = [];
    while (blocks[blocks.length - 1]!.kind === "heading") carried.unshift(blocks.pop()!);
    pages.push(blocks);
    blocks = carried;
    words = carried.reduce((sum, block) => sum + countWords(block.text), 0);
  };
  for (const paragraph of paragraphs) {
    if (words > 0 && words + paragraph.words > size) closePage();
    if (paragraph.words > size) {
      for (const piece of splitLongParagraph(paragraph.text, size)) {
        if (words > 0) closePage();
        blocks.push({ kind: "paragraph", text: piece });
        words += countWords(piece);
      }
      continue;
    }
    blocks.push(paragraphBlock(paragraph));
    words += paragraph.words;
  }
  if (blocks.length > 0) pages.push(blocks);
  return pages;
}

/** Title and authors from a Project Gutenberg style preamble ("Title: ...", "Author: ..."). */
function preambleMetadata(text: string): { title: string | null; authors: string[] } {
  const head = text.slice(0, 4000);
  const title = /^Title:[ \t]*(.+)$/m.exec(head)?.[1]?.trim() ?? null;
  const author = /^Author:[ \t]*(.+)$/m.exec(head)?.[1]?.trim();
  return { title: title || null, authors: author ? author.split(/;| and /).map((s) => s.trim()).filter(Boolean) : [] };
}

function firstMarkdownTitle(pages: ParsedPage[]): string | null {
  for (const block of pages[0]?.blocks.slice(0, 5) ?? []) {
    if (block.kind === "heading" && block.level === 1) return block.text;
  }
  return null;
}

/** Builds the parsed document of a decoded text; shared with callers that already hold the text. */
export function parseTextContent(text: string, options: ParseOptions = {}): ParsedDocument {
  const normalized = text.includes("\r") ? text.replace(/\r\n?/g, "\n") : text;
  const notes: string[] = [];
  const formFeedPages = normalized.split("\f");
  // A form feed at the very end closes the last page rather than opening an empty one.
  if (formFeedPages.length > 1 && formFeedPages[formFeedPages.length - 1]!.trim() === "") formFeedPages.pop();
  const useFormFeeds = formFeedPages.filter((page) => page.trim() !== "").length >= 2;
  let pageBlocks: Block[][];
  if (useFormFeeds) {
    pageBlocks = formFeedPages.map((page) => splitParagraphs(page).map(paragraphBlock));
    notes.push(`Pages follow the form feeds in the text (${formFeedPages.length} pages)`);
  } else {
    pageBlocks = pagesByWordCount(splitParagraphs(normalized));
    if (pageBlocks.length > 1) {
      notes.push(
        `Plain text has no pages: split into ${pageBlocks.length} sections of about ${WORDS_PER_TEXT_PAGE.toLocaleString("en-US")} words, cited as pages`,
      );
    }
  }
  const pages: ParsedPage[] = [];
  pageBlocks.forEach((blocks, index) => {
    if (index % 50 === 0) options.signal?.throwIfAborted();
    if (blocks.length > 0) pages.push({ number: index + 1, blocks });
  });
  if (pages.length === 0) throw new DocumentError("The file contains no text");
  const meta = preambleMetadata(normalized);
  return {
    fileType: "txt",
    title: meta.title ?? firstMarkdownTitle(pages),
    authors: meta.authors,
    pageCount: pageBlocks.length,
    pages,
    notes,
    ocrPages: [],
    skippedPages: [],
  };
}

export async function parseTxt(filePath: string, options: ParseOptions = {}): Promise<ParsedDocument> {
  const bytes = await readFile(filePath);
  if (bytes.length === 0) throw new DocumentError("The file is empty");
  const { text, encoding } = decodeText(bytes);
  const document = parseTextContent(text, options);
  if (encoding !== "utf-8") document.notes.unshift(`Read as ${encoding} text`);
  options.log?.(`Read ${document.pageCount} page(s) of text`);
  return document;
}
