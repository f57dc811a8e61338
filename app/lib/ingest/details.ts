/**
 * A document's details an editor may change (title, authors, year): limits and validation shared by the
 * server (API routes and the page action) and the Edit details form. Browser-safe.
 */
import { TITLE_MAX_CHARS } from "./title";

export const DETAILS_TITLE_MAX = TITLE_MAX_CHARS;
export const DETAILS_AUTHORS_MAX = 500;
export const DETAILS_YEAR_MIN = 1800;
/** Next year: a book in press carries it. */
export const detailsYearMax = (now = new Date()) => now.getFullYear() + 1;

export type DocumentDetails = { title: string; authors: string[]; year: number | null };

/** What the documents page's action answers an edit (routes/documents.tsx). */
export type EditDetailsReply = { ok: true; title: string } | { ok: false; field?: string; error: string };

export type DetailsResult = { ok: true; details: DocumentDetails } | { ok: false; field: "title" | "authors" | "year" | "body"; message: string };

/** "A; B" (or one per line) -> ["A", "B"]; a comma stays inside a name ("Smith, J."). */
export function splitAuthorList(text: string): string[] {
  return text
    .split(/[;\n]/)
    .map((a) => a.replace(/\s+/g, " ").trim())
    .filter(Boolean);
}

export const joinAuthorList = (authors: readonly string[]) => authors.join("; ");

/**
 * Checks an edit as it arrives (JSON body or form fields): title a string of 1–DETAILS_TITLE_MAX characters
 * once trimmed; authors a string of at most DETAILS_AUTHORS_MAX characters (names separated by ";"), or
 * absent/empty; year a whole number from DETAILS_YEAR_MIN to next year, or absent/empty/null.
 */
export function validateDetails(input: unknown, now = new Date()): DetailsResult {
  if (!input || typeof input !== "object" || Array.isArray(input)) return { ok: false, field: "body", message: "Expected an object with title, authors and year" };
  const { title, authors, year } = input as Record<string, unknown>;
  if (title === undefined || title === null) return { ok: false, field: "title", message: "Title is required" };
  if (typeof title !== "string") return { ok: false, field: "title", message: "Title must be text" };
  const cleanTitle = title.replace(/\s+/g, " ").trim();
  if (!cleanTitle) return { ok: false, field: "title", message: "Title must not be blank" };
  if (Array.from(cleanTitle).length > DETAILS_TITLE_MAX) return { ok: false, field: "title", message: `Title must be at most ${DETAILS_TITLE_MAX} characters` };
  if (authors !== undefined && authors !== null && typeof authors !== "string") return { ok: false, field: "authors", message: "Authors must be text" };
  const authorText = (authors ?? "").trim();
  if (Array.from(authorText).length > DETAILS_AUTHORS_MAX) return { ok: false, field: "authors", message: `Authors must be at most ${DETAILS_AUTHORS_MAX} characters` };
  const max = detailsYearMax(now);
  const yearError = { ok: false, field: "year", message: `Year must be a whole number from ${DETAILS_YEAR_MIN} to ${max}, or empty` } as const;
  let cleanYear: number | null = null;
  if (typeof year === "number") cleanYear = year;
  else if (typeof year === "string" && year.trim() !== "") {
    if (!/^\d+$/.test(year.trim())) return yearError;
    cleanYear = Number(year.trim());
  } else if (year !== undefined && year !== null && year !== "") return yearError;
  if (cleanYear !== null && (!Number.isInteger(cleanYear) || cleanYear < DETAILS_YEAR_MIN || cleanYear > max)) return yearError;
  return { ok: true, details: { title: cleanTitle, authors: splitAuthorList(authorText), year: cleanYear } };
}
