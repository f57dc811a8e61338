/**
 * The in-app document viewer's address, shared by the answer (which builds it into each citation) and the
 * viewer route (which reads it back): `/documents/:id/view?page=N&q=sentence&q=sentence`. The quoted
 * sentences travel in the address so the highlight is exactly what the answer quoted, whoever wrote it;
 * they are capped in number and length so an address stays short, and are only ever shown as text.
 */

import type { Segment } from "./match";

/** A block of an extracted page as the viewer shows it; Segments are text, highlighted or not. */
export type PageBlock =
  | { kind: "heading"; text: string }
  | { kind: "paragraph"; segments: Segment[] }
  | { kind: "table"; header: string[] | null; rows: Segment[][][] };

/** At most this many quoted sentences are carried per citation (an extractive answer quotes up to 5). */
export const MAX_QUOTES = 5;
/** A longer sentence is carried by its first characters, cut at a word: its start is highlighted. */
export const MAX_QUOTE_CHARS = 400;

/** A quote cut to MAX_QUOTE_CHARS at a word boundary, whitespace collapsed. */
export function capQuote(quote: string): string {
  const flat = quote.replace(/\s+/g, " ").trim();
  if (flat.length <= MAX_QUOTE_CHARS) return flat;
  const cut = flat.slice(0, MAX_QUOTE_CHARS);
  const space = cut.lastIndexOf(" ");
  return space > MAX_QUOTE_CHARS / 2 ? cut.slice(0, space) : cut;
}

/** The viewer's address for a document's physical page, with the sentences to highlight there. */
export function viewerUrl(documentId: string, page: number, quotes: readonly string[] = []): string {
  const params = new URLSearchParams({ page: String(page) });
  for (const q of quotesOf(quotes)) params.append("q", q);
  return `/documents/${encodeURIComponent(documentId)}/view?${params.toString()}`;
}

/** The quotes an address carries, capped and without repeats or empties (never trusted beyond being text). */
export function quotesOf(quotes: Iterable<string>): string[] {
  const out: string[] = [];
  for (const q of quotes) {
    const capped = capQuote(q);
    if (capped && !out.includes(capped)) out.push(capped);
    if (out.length >= MAX_QUOTES) break;
  }
  return out;
}

/** The physical page an address asks for: a whole number from 1, else null (the route answers 404). */
export function pageParam(value: string | null): number | null {
  if (value === null || !/^\d{1,6}$/.test(value)) return null;
  const page = Number(value);
  return page >= 1 ? page : null;
}
