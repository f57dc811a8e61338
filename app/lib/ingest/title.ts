import type { ParsedDocument } from "./types";

/**
 * The title a document is listed and cited by. Metadata titles are often what an authoring tool left
 * ("Microsoft Word - draft3.doc", "Untitled document", "about:blank", a file path) and numbered section
 * headings ("3. Results", "CHAPTER 1 – INTRODUCTION") name a part, not the document. The one rule for
 * parsers (on metadata) and the pipeline (on the parser's choice): such titles give way to the
 * document's first heading when that is a plausible title, else to the file name.
 */

/** Longest title kept; also the longest an editor may set (ingest/details.ts). */
export const TITLE_MAX_CHARS = 200;

const TOOL_DEFAULTS =
  /^(?:untitled(?:[\s-]+(?:document|presentation|spreadsheet|\d+))?|no title|title|none|null|n\/a|unknown|default|about:blank|blank|new document|document\s*\d*|doc\s*\d*|presentation\s*\d*|powerpoint presentation|slide\s*\d+|book\s*\d*|workbook\s*\d*|sheet\s*\d*)$/i;
const TOOL_PREFIX = /^(?:microsoft (?:word|powerpoint|excel|office)\b|untitled\b)/i;
const FILE_EXTENSION = /\.(?:docx?|pdf|indd|qxd|qxp|rtf|txt|csv|xlsx?|pptx?|tex|dvi|ps|eps|tmp|html?|odt|ods|odp|pages|key|numbers)$/i;
/** "C:\foo\bar", "/tmp/x", "\\server\share", "~/x", "file:///…" (a path ending in a file name is caught by its extension). */
const FILE_PATH = /^(?:[a-z]:[\\/]|\\\\|\/|~\/|file:\/\/)/i;
/** Headings that name a part of a document, not the document. */
const SECTION_HEADING =
  /^(?:(?:chapter|part|section|book|volume|appendix|annex|unit|module|lesson)\s+(?:\d+|[ivxlcdm]+|[a-z])\b|(?:table of )?contents$|index$|abstract$|introduction$|preface$|foreword$|summary$|executive summary$|references$|bibliography$|acknowledge?ments$|glossary$|page\s+\d+$)/i;
/** "3.", "3.1", "2.1.4)", "A.", "IV." at the start: a numbered section ("5 Minute Consult" is not one). */
const SECTION_NUMBER = /^(?:\d+(?:\.\d+)+[.)]?|\d+[.)]|[A-Z][.)]|[IVXLC]+\.)\s/;

const collapse = (text: string) => text.replace(/\s+/g, " ").trim();

/** The title cleaned (spaces collapsed, table cells joined), or null when it is not a title a person can use. */
export function usableTitle(value: string | null | undefined): string | null {
  if (!value) return null;
  const title = collapse(value.replace(/ \| /g, " "));
  if (title.length < 2 || !/\p{L}{2}/u.test(title)) return null; // empty, digits or punctuation only
  if (TOOL_DEFAULTS.test(title) || TOOL_PREFIX.test(title)) return null;
  if (FILE_EXTENSION.test(title) || FILE_PATH.test(title)) return null;
  return clip(title);
}

/** A heading that can stand for the whole document: a usable title that is not a section's name or number. */
export function plausibleHeading(value: string | null | undefined): string | null {
  const title = usableTitle(value);
  if (!title || title.length < 3 || SECTION_HEADING.test(title) || SECTION_NUMBER.test(title)) return null;
  return title;
}

/** "war-and-peace_gutenberg.txt" -> "war and peace gutenberg"; "Feline Medicine 3rd ed.pdf" -> "Feline Medicine 3rd ed". */
export function titleFromFilename(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? filename;
  const stem = base.replace(/\.[^.\s]{1,8}$/, "");
  let title = stem.replace(/_+/g, " ");
  // A slug ("war-and-peace"): its hyphens were spaces too. Names with spaces keep theirs ("Smith-Jones").
  if (!/\s/.test(stem)) title = title.replace(/-+/g, " ");
  return clip(collapse(title)) || base;
}

/** How many of the first pages the first heading is looked for in: a title is near the start. */
const HEADING_PAGES = 3;

/**
 * The title to store: the parser's (metadata, else the heading it picked) when usable and not a section
 * heading; else the document's first heading when it is a plausible title; else the file name, cleaned.
 * Text keeps the document's own capitalisation.
 */
export function documentTitle(parsed: Pick<ParsedDocument, "title" | "pages">, filename: string): string {
  const own = plausibleHeading(parsed.title);
  if (own) return own;
  for (const page of parsed.pages.slice(0, HEADING_PAGES)) {
    const heading = page.blocks.find((b) => b.kind === "heading");
    if (heading) return plausibleHeading(heading.text) ?? titleFromFilename(filename);
  }
  return titleFromFilename(filename);
}

/** Cut at a word boundary within TITLE_MAX_CHARS. */
function clip(title: string): string {
  if (title.length <= TITLE_MAX_CHARS) return title;
  const cut = title.slice(0, TITLE_MAX_CHARS - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > TITLE_MAX_CHARS / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
