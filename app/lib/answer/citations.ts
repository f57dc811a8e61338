import type { Passage } from "../search/index.server";
import { viewerUrl } from "../viewer";
import type { Citation, NumberedPassage, PassageLike } from "./types";

/**
 * Citation markers: the answer text cites passages as [1], [2, 3], [1-3] or [1][2]. Markers that
 * point to no passage are removed; the rest are renumbered in order of first use, so marker [k]
 * is the k-th entry of the Sources list and the list holds only passages actually cited. Passages
 * of the same document page share one number.
 */

/** [1], [1, 2], [1-3], [1–3]; not a markdown link ("[1](…)") and not an escaped "\[1\]". Global: use with matchAll/replace. */
export const MARKER = /(?<!\\)\[(\d{1,3}(?:\s*[,;–-]\s*\d{1,3})*)\](?!\()/g;
/** Fenced or inline code is quoted material, never markers. */
const CODE = /```[\s\S]*?```|`[^`\n]*`/g;

/** The passage numbers of one marker's content ("1, 3-5"). */
export function markerNumbers(spec: string): number[] {
  const out: number[] = [];
  for (const part of spec.split(/\s*[,;]\s*/)) {
    const range = /^(\d+)\s*[–-]\s*(\d+)$/.exec(part);
    if (range) {
      const [from, to] = [Number(range[1]), Number(range[2])];
      // A "range" like [2-300] is not a citation of 299 passages: keep its ends only.
      if (to >= from && to - from <= 10) for (let n = from; n <= to; n++) out.push(n);
      else out.push(from, to);
    } else if (part) out.push(Number(part));
  }
  return out;
}

export type FinalizedAnswer<P extends PassageLike> = {
  content: string;
  /** The passages cited, in the order of their new numbers (1-based). */
  cited: Array<NumberedPassage<P>>;
};

export function finalizeCitations<P extends PassageLike>(text: string, passages: Array<NumberedPassage<P>>): FinalizedAnswer<P> {
  const byNumber = new Map(passages.map((p) => [p.number, p]));
  const renumber = new Map<number, number>();
  const bySource = new Map<string, number>();
  const cited: Array<NumberedPassage<P>> = [];

  const rewrite = (segment: string) =>
    segment.replace(MARKER, (_match, spec: string) => {
      const numbers: number[] = [];
      for (const n of markerNumbers(spec)) {
        const passage = byNumber.get(n);
        if (!passage) continue;
        let mapped = renumber.get(n);
        if (mapped === undefined) {
          // Two passages of the same page are one source to the reader: one number, one list entry.
          const key = `${passage.documentId}\u0000${displayPage(passage)}`;
          mapped = bySource.get(key);
          if (mapped === undefined) {
            mapped = cited.length + 1;
            bySource.set(key, mapped);
            cited.push({ ...passage, number: mapped });
          } else addQuotes(cited[mapped - 1]!, passage.quotes);
          renumber.set(n, mapped);
        }
        if (!numbers.includes(mapped)) numbers.push(mapped);
      }
      return numbers.map((n) => `[${n}]`).join("");
    });

  let content = "";
  let last = 0;
  for (const code of text.matchAll(CODE)) {
    content += rewrite(text.slice(last, code.index)) + code[0];
    last = code.index + code[0].length;
  }
  content += rewrite(text.slice(last));
  // "[1][1]" after merging same-page passages: one marker is enough.
  content = content.replace(/(?:\[\d+\])+/g, (run) => [...new Set(run.match(/\[\d+\]/g))].join(""));
  // A removed marker leaves "word ." or "word  [2]": tidy the spaces it leaves behind.
  content = content.replace(/[ \t]+([.,;:!?])/g, "$1").replace(/[ \t]{2,}/g, " ").trim();
  return { content, cited };
}

/**
 * Where a quoted sentence is printed: its physical pages (first = where it starts) and its first page's printed
 * label; `raw`, the sentence exactly as the passage has it, is what the viewer highlights on the page.
 */
/** `raw`: the sentence as printed (for highlighting); `also`: more sentences the citation draws on (a model's summary of two). */
export type SentencePages = { pages: number[]; pageLabel: string | null; raw?: string; also?: readonly string[] };

/** Adds a passage's quoted sentences to those of the passage it is cited with (one page, one source). */
function addQuotes(target: { quotes?: string[] }, quotes: readonly string[] | undefined): void {
  const added = (quotes ?? []).filter((q) => !target.quotes?.includes(q));
  // A new array: the one held may be shared with the passage it was copied from.
  if (added.length) target.quotes = [...(target.quotes ?? []), ...added];
}

/**
 * The passage narrowed to the pages of one quoted sentence (see quotes.server.ts), so that toCitation
 * cites where that sentence is printed, not the chunk's range: page 12, or "12-13" for a sentence that
 * crosses a page break, with physicalPage 12 and sourceUrl opening page 12. With printed labels the
 * narrowed `pageLabel` is the label shown: the first page's ("245"), or "245-246" when the sentence goes
 * on to a page with another label (read from the passage's layout). A sentence without pages (a PubMed
 * abstract) leaves the passage as it is.
 */
export function narrowToSentence<P extends PassageLike & Partial<Pick<Passage, "layout">>>(passage: P, sentence: SentencePages): P {
  if (!sentence.pages.length) return passage;
  const first = sentence.pages[0]!;
  const last = sentence.pages[sentence.pages.length - 1]!;
  const lastLabel = last === first ? null : (passage.layout?.pages.find((p) => p.page === last)?.label ?? null);
  const pageLabel = sentence.pageLabel && lastLabel && lastLabel !== sentence.pageLabel ? `${sentence.pageLabel}-${lastLabel}` : sentence.pageLabel;
  const quotes = [...(sentence.raw ? [sentence.raw] : []), ...(sentence.also ?? [])];
  return { ...passage, pages: [...sentence.pages], pageLabel, quotes: quotes.length ? quotes : undefined };
}

/**
 * Numbers the pages an answer cites: a passage narrowed to a sentence's pages gets one number per passage and
 * pages, in order of first use, so "[2]" is "[document, pg. 34]", not the chunk's "pg. 32-34". `cited` are the
 * narrowed passages, numbered as the answer's markers.
 */
export class PageNumbering<P extends PassageLike = PassageLike> {
  readonly cited: Array<NumberedPassage<P>> = [];
  private readonly numbers = new Map<string, number>();

  /** `sentence` null: the passage is cited with all its pages. */
  numberOf(passage: NumberedPassage<P>, sentence: SentencePages | null): number {
    const narrowed = sentence ? narrowToSentence(passage, sentence) : passage;
    const key = `${passage.number}:${narrowed.pages.join(",")}`;
    let n = this.numbers.get(key);
    if (n === undefined) {
      n = this.cited.length + 1;
      this.numbers.set(key, n);
      this.cited.push({ ...narrowed, number: n });
    } else addQuotes(this.cited[n - 1]!, narrowed.quotes);
    return n;
  }
}

/** What the user sees as the page: the printed label when the book has one, else the physical page(s). */
export function displayPage(passage: Pick<PassageLike, "pages" | "pageLabel">): string | number {
  if (passage.pageLabel) return passage.pageLabel;
  const first = passage.pages[0] ?? 1;
  const last = passage.pages[passage.pages.length - 1] ?? first;
  return last > first ? `${first}-${last}` : first;
}

/**
 * Where "open source" goes: the in-app viewer at the physical page the citation names (where the quoted
 * sentence starts), carrying the quoted sentences it highlights there; a PubMed article opens on PubMed.
 */
export function sourceUrl(passage: Pick<PassageLike, "documentId" | "pages" | "fileType" | "quotes">): string {
  if (passage.fileType === PUBMED_FILE_TYPE) return `https://pubmed.ncbi.nlm.nih.gov/${encodeURIComponent(passage.documentId.slice(PUBMED_PREFIX.length))}/`;
  return viewerUrl(passage.documentId, passage.pages[0] ?? 1, passage.quotes ?? []);
}

/** PubMed articles travel as passages: documentId "pubmed:<PMID>", fileType "pubmed", no pages. */
export const PUBMED_FILE_TYPE = "pubmed";
export const PUBMED_PREFIX = "pubmed:";

export function toCitation(passage: PassageLike): Citation {
  if (passage.fileType === PUBMED_FILE_TYPE) {
    const pmid = passage.documentId.slice(PUBMED_PREFIX.length);
    // '[Journal Year — short title, PMID n]' (the passage title is "Journal Year — short title").
    return { document: passage.title, page: `PMID ${pmid}`, pmid, url: sourceUrl(passage), label: `[${passage.title}, PMID ${pmid}]` };
  }
  return {
    document: passage.title,
    page: displayPage(passage),
    documentId: passage.documentId,
    physicalPage: passage.pages[0] ?? 1,
    chunkId: passage.chunkId,
    url: sourceUrl(passage),
  };
}

export function citationLabel(citation: Pick<Citation, "document" | "page" | "label">): string {
  return citation.label ?? `[${citation.document}, pg. ${citation.page}]`;
}
