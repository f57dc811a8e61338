import { usableTitle } from "../../title";

/**
 * Title and authors from the PDF's Info dictionary and XMP metadata, with the junk that
 * authoring tools leave there ("Microsoft Word - draft3.doc", "Untitled", "Administrator")
 * filtered out.
 */

/** What pdf.js getMetadata() gives: the Info dictionary and an XMP reader (or null). */
export type RawMetadata = {
  info: unknown;
  metadata: { get(name: string): unknown } | null;
};

export function metadataTitle(raw: RawMetadata): string | null {
  const candidates = [infoString(raw.info, "Title"), ...xmpStrings(raw, "dc:title")];
  for (const candidate of candidates) {
    const title = cleanTitle(candidate);
    if (title) return title;
  }
  return null;
}

export function metadataAuthors(raw: RawMetadata): string[] {
  const fromInfo = splitAuthors(infoString(raw.info, "Author"));
  if (fromInfo.length) return fromInfo;
  return [...new Set(xmpStrings(raw, "dc:creator").flatMap((c) => splitAuthors(c)))];
}

function infoString(info: unknown, key: string): string {
  const value = info && typeof info === "object" ? (info as Record<string, unknown>)[key] : undefined;
  return typeof value === "string" ? value : "";
}

function xmpStrings(raw: RawMetadata, name: string): string[] {
  let value: unknown;
  try {
    value = raw.metadata?.get(name);
  } catch {
    return []; // malformed XMP is not worth failing over
  }
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === "string");
  return [];
}

/** The shared title rule (../../title.ts): tool defaults, file names and paths are not titles. */
export function cleanTitle(value: string): string | null {
  const title = usableTitle(value);
  return title && title.length >= 3 ? title : null;
}

const JUNK_AUTHOR =
  /^(administrator|admin|user|owner|author|unknown|windows user|microsoft office user|default|guest|user\d*|pc|hp|dell)$/i;

/** "A, B and C", "A; B", "A & B" -> names; a lone "Last, First" stays one name. */
export function splitAuthors(value: string): string[] {
  const names: string[] = [];
  for (const part of value.split(/\s*[;\n]\s*/)) {
    const trimmed = part.trim();
    if (!trimmed) continue;
    const commaParts = trimmed.split(/\s*,\s*/);
    const lastFirst = commaParts.length === 2 && commaParts.every((p) => /^[\p{L}.'-]+$/u.test(p));
    const pieces = lastFirst ? [trimmed] : trimmed.split(/\s*,\s*(?:and\s+)?|\s+and\s+|\s*&\s*/i);
    for (const piece of pieces) {
      const name = piece.replace(/\s+/g, " ").trim();
      if (isAuthorName(name) && !names.includes(name)) names.push(name);
    }
  }
  return names;
}

function isAuthorName(name: string): boolean {
  if (name.length < 2 || !/\p{L}/u.test(name)) return false;
  if (/^(https?:|www\.)|@/i.test(name)) return false;
  return !JUNK_AUTHOR.test(name);
}
