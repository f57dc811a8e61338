/**
 * Finding a quoted sentence in a page's text, the PDF text layer's or the extracted page's. Both sides are
 * folded to their letters and digits (compatibility-decomposed, so "ﬁ" is "fi" and "é" is "e"; lower-cased;
 * spaces, line breaks, hyphens and punctuation dropped), so a sentence matches however the page breaks its
 * lines, hyphenates a word at a line end ("subcu-" / "taneous") or spells its ligatures and quote marks.
 */

/** A text folded for matching, with the [start, end) in the original of every folded character. */
export type Folded = { text: string; start: number[]; end: number[]; original: string };

const KEPT = /[\p{L}\p{N}]/u;

export function fold(original: string): Folded {
  let text = "";
  const start: number[] = [];
  const end: number[] = [];
  let i = 0;
  for (const ch of original) {
    const next = i + ch.length;
    for (const c of ch.normalize("NFKD").toLowerCase()) {
      if (!KEPT.test(c)) continue;
      text += c;
      start.push(i);
      end.push(next);
    }
    i = next;
  }
  return { text, start, end, original };
}

/** A quote shorter than this (folded) is too short to place on a page. */
export const MIN_MATCH = 12;

/**
 * Where a quote is in a page, as [start, end) of the page's original text; null when it is not there. A
 * sentence that crosses a page break is on this page only in part: then the longest start or end of it
 * found on the page (at least MIN_MATCH folded characters) is its place here.
 */
export function findQuote(page: Folded, quote: string): [number, number] | null {
  const q = fold(quote).text;
  if (q.length < MIN_MATCH) return null;
  const whole = page.text.indexOf(q);
  if (whole >= 0) return withPunctuation(page, span(page, whole, q.length), quote);
  // Presence is monotone in length (a shorter head of a found head is found too): binary search each end.
  const head = longest(q.length, (k) => page.text.indexOf(q.slice(0, k)));
  const tail = longest(q.length, (k) => page.text.lastIndexOf(q.slice(q.length - k)));
  const best = head.length >= tail.length ? head : tail;
  return best.length >= MIN_MATCH ? span(page, best.at, best.length) : null;
}

function longest(max: number, find: (k: number) => number): { length: number; at: number } {
  let lo = 0;
  let hi = max - 1;
  let found = { length: 0, at: -1 };
  while (lo <= hi) {
    const k = (lo + hi) >> 1;
    const at = k === 0 ? 0 : find(k);
    if (at >= 0) {
      found = { length: k, at };
      lo = k + 1;
    } else hi = k - 1;
  }
  return found;
}

function span(page: Folded, at: number, length: number): [number, number] {
  return [page.start[at]!, page.end[at + length - 1]!];
}

/** The range widened over the punctuation the quote starts or ends with ("“", "." or ".)") where the page has it there too. */
function withPunctuation(page: Folded, [start, end]: [number, number], quote: string): [number, number] {
  const original = page.original;
  const lead = /^[^\p{L}\p{N}\s]*/u.exec(quote.trim())![0].length;
  const trail = /[^\p{L}\p{N}\s]*$/u.exec(quote.trim())![0].length;
  let s = start;
  for (let k = 0; k < lead && s > 0 && /[^\p{L}\p{N}\s]/u.test(original[s - 1]!); k++) s--;
  let e = end;
  for (let k = 0; k < trail && e < original.length && /[^\p{L}\p{N}\s]/u.test(original[e]!); k++) e++;
  return [s, e];
}

/** The ranges of every quote found on the page, sorted and merged where they overlap. */
export function findQuotes(pageText: string, quotes: readonly string[]): Array<[number, number]> {
  const folded = fold(pageText);
  const ranges = quotes.map((q) => findQuote(folded, q)).filter((r): r is [number, number] => r !== null);
  ranges.sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [];
  for (const r of ranges) {
    const last = merged.at(-1);
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else merged.push([r[0], r[1]]);
  }
  return merged;
}

/** A piece of text and whether it is highlighted. */
export type Segment = { text: string; marked: boolean };

/** The original text of [from, to) cut into plain and highlighted pieces by the ranges (absolute offsets). */
export function segmentsOf(text: string, from: number, to: number, ranges: ReadonlyArray<readonly [number, number]>): Segment[] {
  const out: Segment[] = [];
  let at = from;
  for (const [s, e] of ranges) {
    const a = Math.max(s, from);
    const b = Math.min(e, to);
    if (b <= a) continue;
    if (a > at) out.push({ text: text.slice(at, a), marked: false });
    out.push({ text: text.slice(a, b), marked: true });
    at = b;
  }
  if (at < to) out.push({ text: text.slice(at, to), marked: false });
  return out;
}

/**
 * The text layer as one text: its items' strings laid end to end, with where each item starts, so a
 * range found in it (findQuotes) can be cut back into each item's part.
 */
export function joinItems(items: readonly string[]): { text: string; offsets: number[] } {
  const offsets: number[] = [];
  let text = "";
  for (const s of items) {
    offsets.push(text.length);
    text += s;
  }
  return { text, offsets };
}
