import { readBoundedText } from "../http.server";
import { PubMedError } from "./errors";
import { parseEsearchJson, parsePubmedArticleSet, type EsearchResult } from "./parse";
import { ThrottleDeadlineError, ThrottleFullError, type RequestThrottle } from "./throttle";
import type { PubMedArticle } from "./types";

/**
 * NCBI E-utilities over HTTP: esearch (db=pubmed, relevance order, JSON) and efetch (PubMed XML).
 * Every request carries tool (and email / api_key when configured) as NCBI asks, goes through the
 * shared throttle (fair between users, bounded: a full queue is 'busy'), and has a timeout. 429 and 5xx
 * (except 501) are retried with exponential backoff (Retry-After respected), a reset connection too; a
 * refused connection or an unknown host fails at once (there is nothing to wait for), and so does a
 * timeout (it has waited long enough). A request may carry a deadline covering everything (its wait for
 * a turn, each attempt, each pause before a retry): a pause that would pass it, such as a Retry-After of
 * hours, fails at once with NCBI's reason rather than leaving the caller waiting in silence.
 */

export const EUTILS_TOOL = "vetsearch";

export type EutilsClientOptions = {
  /** E-utilities base, e.g. https://eutils.ncbi.nlm.nih.gov/entrez/eutils */
  baseUrl: string;
  apiKey?: string;
  email?: string;
  throttle: RequestThrottle;
  /** Per request (each attempt). Default 15 s. */
  timeoutMs?: number;
  /** Attempts per request, retries included. Default 3. */
  maxAttempts?: number;
  /** First backoff delay, doubled per retry (with up to 10% jitter). Default 500 ms. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** Longest Retry-After honoured; NCBI asking for more fails the request at once. Default 30 s. */
  maxRetryAfterMs?: number;
  /** Largest response body read. Default 16 MB. */
  maxResponseBytes?: number;
  fetch?: typeof fetch;
  /** The clock deadlines are read on (the throttle's). Default Date.now. */
  now?: () => number;
};

/** A search's time limit: when it ends (on the client's clock) and how long it was, for the message. */
export type Deadline = { at: number; totalMs: number };

export type RequestContext = {
  signal?: AbortSignal;
  /** Whose search this is: the throttle serves users in turn. */
  key?: string;
  deadline?: Deadline;
};

export type EutilsClient = {
  esearch(term: string, retmax: number, context?: RequestContext): Promise<EsearchResult>;
  efetch(ids: readonly string[], context?: RequestContext): Promise<PubMedArticle[]>;
};

export const BUSY_MESSAGE = "PubMed is busy: too many searches are waiting for NCBI. Try again in a moment.";
export const BUSY_FOR_USER_MESSAGE = "PubMed is busy: too many of your searches are waiting for NCBI. Try again when they have finished.";

type Expect = "json" | "xml";
type RawResponse = { status: number; contentType: string; retryAfter: string | null; body: string };

const NO_RETRY_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH", "EAI_NONAME", "ERR_INVALID_URL"]);

function errorCode(error: unknown): string | null {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string") return code;
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

function unreachableMessage(code: string | null): string {
  const why =
    code === "ECONNREFUSED"
      ? "the connection was refused"
      : code === "ENOTFOUND" || code === "EAI_AGAIN" || code === "EAI_NONAME"
        ? "the host name could not be resolved (no internet connection?)"
        : code === "EHOSTUNREACH" || code === "ENETUNREACH"
          ? "the network is unreachable (no internet connection?)"
          : `the connection failed${code ? ` (${code})` : ""}`;
  return `Could not reach PubMed (NCBI E-utilities): ${why}.`;
}

/** Retry-After in seconds or as an HTTP date, in ms; null when absent or unreadable. */
export function retryAfterMs(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

function looksLikeHtml(contentType: string, body: string): boolean {
  if (/\btext\/html\b/i.test(contentType)) return true;
  return /^\s*(<!doctype\s+html|<html[\s>])/i.test(body.slice(0, 512));
}

/** A short readable reason from an error body: NCBI's JSON {"error"} or XML <ERROR>, else its first words. */
function bodyReason(body: string): string {
  try {
    const json = JSON.parse(body) as { error?: unknown; esearchresult?: { ERROR?: unknown } };
    const error = json.error ?? json.esearchresult?.ERROR;
    if (error !== undefined) return typeof error === "string" ? error : JSON.stringify(error);
  } catch {
    // not JSON
  }
  const xmlError = /<ERROR>([\s\S]{0,300}?)<\/ERROR>/i.exec(body)?.[1];
  if (xmlError) return xmlError.trim();
  const text = body
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return text.slice(0, 160) || "no details";
}

function readBody(response: Response, maxBytes: number): Promise<string> {
  return readBoundedText(response.body, maxBytes, () => new PubMedError("bad-response", `NCBI response larger than ${Math.round(maxBytes / 1_000_000)} MB refused`));
}

/** "40 s", "12 min", "27.8 h": how long NCBI asked to wait, in words. */
export function waitInWords(ms: number): string {
  const seconds = ms / 1000;
  if (seconds < 120) return `${Math.round(seconds)} s`;
  if (seconds < 7200) return `${Math.round(seconds / 60)} min`;
  return `${Math.round(seconds / 360) / 10} h`;
}

function deadlineError(deadline: Deadline): PubMedError {
  return new PubMedError(
    "timeout",
    `PubMed (NCBI E-utilities) could not be searched within ${Math.round(deadline.totalMs / 100) / 10} s (waiting for a turn included).`,
  );
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    signal?.throwIfAborted();
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });

export function createEutilsClient(options: EutilsClientOptions): EutilsClient {
  const base = options.baseUrl.replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? 15_000;
  const maxAttempts = Math.max(1, options.maxAttempts ?? 3);
  const backoffMs = options.backoffMs ?? 500;
  const maxBackoffMs = options.maxBackoffMs ?? 8_000;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 30_000;
  const maxResponseBytes = options.maxResponseBytes ?? 16 * 1024 * 1024;
  const fetchImpl = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const timeLeft = (context: RequestContext) => (context.deadline ? context.deadline.at - now() : Infinity);

  function urlFor(endpoint: string, params: Record<string, string>): string {
    const query = new URLSearchParams({ ...params, tool: EUTILS_TOOL });
    if (options.email) query.set("email", options.email);
    if (options.apiKey) query.set("api_key", options.apiKey);
    return `${base}/${endpoint}?${query.toString()}`;
  }

  /** One HTTP exchange inside a throttle slot (the slot is held until the whole body has arrived). */
  async function exchange(url: string, expect: Expect, context: RequestContext): Promise<RawResponse> {
    const { signal, deadline } = context;
    const work = async () => {
      const left = timeLeft(context);
      if (left <= 0) throw deadlineError(deadline!);
      const limitedByDeadline = left < timeoutMs;
      const timeout = AbortSignal.timeout(limitedByDeadline ? left : timeoutMs);
      const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
      try {
        const response = await fetchImpl(url, {
          signal: combined,
          headers: { Accept: expect === "json" ? "application/json" : "application/xml, text/xml" },
        });
        const body = await readBody(response, maxResponseBytes);
        return {
          status: response.status,
          contentType: response.headers.get("content-type") ?? "",
          retryAfter: response.headers.get("retry-after"),
          body,
        };
      } catch (error) {
        if (signal?.aborted) throw signal.reason;
        if (timeout.aborted) {
          if (limitedByDeadline) throw deadlineError(deadline!);
          throw new PubMedError("timeout", `PubMed (NCBI E-utilities) did not answer within ${Math.round(timeoutMs / 100) / 10} s.`, {
            cause: error,
          });
        }
        throw error;
      }
    };
    try {
      return await options.throttle.run(work, { key: context.key, signal, deadline: deadline?.at });
    } catch (error) {
      if (error instanceof ThrottleFullError) throw new PubMedError("busy", error.scope === "key" ? BUSY_FOR_USER_MESSAGE : BUSY_MESSAGE);
      if (error instanceof ThrottleDeadlineError) throw deadlineError(deadline!);
      throw error;
    }
  }

  function backoff(attempt: number): number {
    const delay = Math.min(maxBackoffMs, backoffMs * 2 ** (attempt - 1));
    return Math.round(delay * (1 + Math.random() * 0.1));
  }

  async function request(endpoint: string, params: Record<string, string>, expect: Expect, context: RequestContext): Promise<string> {
    const url = urlFor(endpoint, params);
    const { signal } = context;
    /** Waits before the next attempt, unless the wait would pass the deadline: then `last` is the answer. */
    const pause = async (ms: number, last: PubMedError) => {
      if (ms >= timeLeft(context)) throw last;
      await sleep(ms, signal);
    };
    let last: PubMedError | null = null;
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      let response: RawResponse;
      try {
        response = await exchange(url, expect, context);
      } catch (error) {
        if (signal?.aborted) throw signal.reason;
        if (error instanceof PubMedError) throw error;
        const code = errorCode(error);
        last = new PubMedError("unreachable", unreachableMessage(code), { cause: error });
        if (code && NO_RETRY_CODES.has(code)) throw last;
        if (attempt < maxAttempts) await pause(backoff(attempt), last);
        continue;
      }
      const { status } = response;
      if (status === 429 || (status >= 500 && status !== 501)) {
        last =
          status === 429
            ? new PubMedError("rate-limited", `PubMed (NCBI E-utilities) is limiting requests (429): ${bodyReason(response.body)}`, { status })
            : new PubMedError("unreachable", `PubMed (NCBI E-utilities) is not available (${status}): ${bodyReason(response.body)}`, { status });
        if (attempt < maxAttempts) {
          const asked = retryAfterMs(response.retryAfter, now());
          if (asked === null) {
            await pause(backoff(attempt), last);
          } else {
            const refused = new PubMedError(last.code, `${last.message} (asked to wait ${waitInWords(asked)} before trying again)`, { status });
            if (asked > maxRetryAfterMs) throw refused;
            await pause(asked, refused);
          }
        }
        continue;
      }
      if (looksLikeHtml(response.contentType, response.body)) {
        throw new PubMedError("bad-response", `PubMed (NCBI E-utilities) answered ${status} with an HTML page instead of ${expect.toUpperCase()}: ${bodyReason(response.body)}`, {
          status,
        });
      }
      if (status < 200 || status > 299) {
        throw new PubMedError("bad-response", `PubMed (NCBI E-utilities) ${endpoint} answered ${status}: ${bodyReason(response.body)}`, { status });
      }
      return response.body;
    }
    throw last ?? new PubMedError("unreachable", "Could not reach PubMed (NCBI E-utilities).");
  }

  return {
    async esearch(term, retmax, context = {}) {
      const body = await request(
        "esearch.fcgi",
        { db: "pubmed", term, retmax: String(retmax), retmode: "json", sort: "relevance" },
        "json",
        context,
      );
      return parseEsearchJson(body);
    },
    async efetch(ids, context = {}) {
      if (!ids.length) return [];
      const body = await request("efetch.fcgi", { db: "pubmed", id: ids.join(","), retmode: "xml" }, "xml", context);
      return parsePubmedArticleSet(body);
    },
  };
}
