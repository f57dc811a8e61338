import type { Citation, Message } from "./chat-client";
import { viewerUrl } from "./viewer";

/** Pure rules of the chat screen (spec §2, §4, §9), kept apart from React so they are tested directly. */

export const SUGGESTION_LIMIT = 3;
export const SUGGESTION_LABEL_MAX = 50;
export const TITLE_FALLBACK_MAX = 50;
export const FEEDBACK_MIN_LENGTH = 10;
export const FEEDBACK_TOO_SHORT = "Feedback must be at least 10 characters long";
/** The answer route refuses longer questions (413); the input stops there too. */
export const MESSAGE_MAX_LENGTH = 20_000;

export const PLACEHOLDERS = {
  thinkHarder: "Ask a question for comprehensive research analysis...",
  pubmed: "Search PubMed medical literature...",
  default: "Search a database of veterinary textbooks/journals to answer clinical questions...",
} as const;

export type Modes = { usePubmed: boolean; useThinkHarder: boolean };

/** Think Harder wins over PubMed, as it does for the banner. */
export function placeholderFor({ usePubmed, useThinkHarder }: Modes): string {
  if (useThinkHarder) return PLACEHOLDERS.thinkHarder;
  if (usePubmed) return PLACEHOLDERS.pubmed;
  return PLACEHOLDERS.default;
}

export type Banner = "thinkHarder" | "pubmed";

/** The one mode banner to show: Think Harder's has priority; a dismissed one gives way to the other. */
export function visibleBanner(modes: Modes, dismissed: ReadonlySet<Banner>): Banner | null {
  if (modes.useThinkHarder && !dismissed.has("thinkHarder")) return "thinkHarder";
  if (modes.usePubmed && !dismissed.has("pubmed")) return "pubmed";
  return null;
}

/** Cuts text at `max` characters and marks the cut with '...'. */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

export const suggestionLabel = (suggestion: string) => truncate(suggestion, SUGGESTION_LABEL_MAX);

/** At most three distinct, non-blank suggestions. */
export function shownSuggestions(suggestions: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of suggestions) {
    const s = raw.trim();
    if (!s || seen.has(s)) continue;
    seen.add(s);
    out.push(s);
    if (out.length === SUGGESTION_LIMIT) break;
  }
  return out;
}

/** The title used when the model cannot name a conversation: the first 50 characters of the question. */
export function fallbackTitle(message: string): string {
  return truncate(message.trim().replace(/\s+/g, " "), TITLE_FALLBACK_MAX);
}

export function canSend(text: string, pending: boolean): boolean {
  return !pending && text.trim().length > 0;
}

export function sourceLabel(citation: Pick<Citation, "document" | "page" | "label">): string {
  // PubMed articles come with their own label: '[Journal Year — short title, PMID n]'.
  return citation.label ?? `[${citation.document}, pg. ${citation.page}]`;
}

/**
 * Where a source opens: its url, the in-app viewer at the cited page; an answer stored before the viewer
 * pointed PDFs at the raw file ("/api/documents/:id/file#page=N"), which opens in the viewer too.
 */
export function sourceHref(citation: Pick<Citation, "url" | "documentId" | "physicalPage">): string {
  if (citation.documentId && citation.physicalPage && citation.url.startsWith("/api/documents/")) return viewerUrl(citation.documentId, citation.physicalPage);
  return citation.url;
}

/** One button per place cited: the same page (same link) cited twice is shown once. */
export function uniqueCitations(citations: readonly Citation[]): Citation[] {
  const seen = new Set<string>();
  return citations.filter((c) => {
    const key = c.url || `${c.documentId}#${c.physicalPage}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The newest assistant message, where the view scrolls after loading or answering. */
export function newestAssistantId(messages: readonly Message[]): string | null {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i];
    if (m?.role === "assistant") return m.id;
  }
  return null;
}

/**
 * Whether a stored question still waits for its answer: the server stores one after every
 * question (complete, or failed when stopped or broken), so a list ending in a question is not final.
 */
export function awaitingAnswer(messages: readonly Message[]): boolean {
  return messages.at(-1)?.role === "user";
}

/** Puts stored messages into a list, replacing any with the same id and keeping the order by time. */
export function mergeMessages(current: readonly Message[], incoming: readonly Message[]): Message[] {
  const ids = new Set(incoming.map((m) => m.id));
  return [...current.filter((m) => !ids.has(m.id)), ...incoming];
}

export function formatCreatedDate(iso: string, locale?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return createdDateFormat(locale).format(date);
}

/**
 * What toLocaleDateString(locale, these options) formats with, made once per locale: it makes a new
 * formatter on every call, which for a history of hundreds of conversations costs more than the rest of the row.
 */
const createdDateFormats = new Map<string, Intl.DateTimeFormat>();
function createdDateFormat(locale: string | undefined): Intl.DateTimeFormat {
  const key = locale ?? "";
  let format = createdDateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { year: "numeric", month: "short", day: "numeric" });
    createdDateFormats.set(key, format);
  }
  return format;
}
