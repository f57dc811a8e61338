import { DEFAULT_PRIORITY_JOURNALS } from "../chat/index.server";
import { getConfig } from "../config.server";
import { getDb, type Db } from "../db/index.server";
import { PUBMED_CACHE_TTL_MS, readCachedSearch, writeCachedSearch } from "./cache.server";
import { createEutilsClient, type EutilsClient, type RequestContext } from "./eutils.server";
import { extractTerms, parsePriorityJournals, priorityJournalQuery, relaxedQueries, searchCacheKey } from "./query";
import { RequestThrottle } from "./throttle";
import type { PubMedArticle } from "./types";

export const DEFAULT_RESULT_COUNT = 10;
export const MAX_RESULT_COUNT = 50;
/**
 * The server's queue for NCBI's rate limit: at most this many requests wait in all, and this many per user
 * (a user with more searches waiting is told PubMed is busy). At 3 requests a second, 60 waiting is
 * about 20 s of NCBI's time, within a search's deadline.
 */
export const PUBMED_MAX_WAITING = 60;
export const PUBMED_MAX_WAITING_PER_USER = 10;

export type SearchPubMedInput = {
  /** A clinical question ("What is the dose of meloxicam in cats?"); its key terms are searched. */
  question?: string;
  /** Typed keywords (the standalone search); handled like a question. Used when `question` is absent. */
  keywords?: string;
  /** Articles wanted, 1-50 (clamped); default 10. */
  count?: number;
  /** The user's priority journals (comma-separated, as stored in settings, or a list); default: spec §9's. */
  priorityJournals?: string | readonly string[];
  /** Who is searching: users take turns for NCBI's rate limit. */
  userId?: string;
  signal?: AbortSignal;
};

export type PubMedSearchResult = {
  /** Priority-journal articles first (priority: true), then the rest of PubMed, in relevance order. */
  articles: PubMedArticle[];
  /** The esearch term that found them (without the journal group); "" when the input had no search words. */
  query: string;
};

export type PubMedSearcher = (input: SearchPubMedInput) => Promise<PubMedSearchResult>;

export function clampCount(count: number | undefined): number {
  if (count === undefined || !Number.isFinite(count)) return DEFAULT_RESULT_COUNT;
  return Math.min(MAX_RESULT_COUNT, Math.max(1, Math.round(count)));
}

/**
 * The search flow over a client and a cache database: terms from the question, the cache, then for
 * each relaxation of the query (see query.ts) the priority journals first and the rest of PubMed to fill
 * up to `count`, until something is found; one efetch for all the PMIDs. With `deadlineMs`, the whole
 * search (waiting for turns and retries included) must finish within it, or fails with 'timeout'.
 */
export function createPubMedSearcher(deps: {
  client: EutilsClient;
  db: () => Db;
  /** The cache's clock. */
  now?: () => number;
  cacheTtlMs?: number;
  deadlineMs?: number;
  /** The client's clock, on which deadlines are set. Default Date.now. */
  clock?: () => number;
}): PubMedSearcher {
  const now = deps.now ?? Date.now;
  const clock = deps.clock ?? Date.now;
  const ttl = deps.cacheTtlMs ?? PUBMED_CACHE_TTL_MS;
  return async (input) => {
    input.signal?.throwIfAborted();
    const terms = extractTerms(input.question ?? input.keywords ?? "");
    const journals = parsePriorityJournals(input.priorityJournals ?? DEFAULT_PRIORITY_JOURNALS);
    const count = clampCount(input.count);
    const queries = relaxedQueries(terms);
    if (!queries.length) return { articles: [], query: "" };

    const key = searchCacheKey(terms, journals, count);
    const cached = readCachedSearch(deps.db(), key, now(), ttl);
    if (cached) return cached;

    const { client } = deps;
    const context: RequestContext = {
      signal: input.signal,
      key: input.userId,
      deadline: deps.deadlineMs === undefined ? undefined : { at: clock() + deps.deadlineMs, totalMs: deps.deadlineMs },
    };
    let result: PubMedSearchResult = { articles: [], query: queries[0]! };
    for (const query of queries) {
      const priorityIds = journals.length ? (await client.esearch(priorityJournalQuery(query, journals), count, context)).ids.slice(0, count) : [];
      const prioritySet = new Set(priorityIds);
      let otherIds: string[] = [];
      if (priorityIds.length < count) {
        // At most priorityIds.length of these are duplicates, so `count` of them always fill the rest.
        const general = await client.esearch(query, count, context);
        otherIds = general.ids.filter((id) => !prioritySet.has(id)).slice(0, count - priorityIds.length);
      }
      if (!priorityIds.length && !otherIds.length) continue;
      const fetched = new Map((await client.efetch([...priorityIds, ...otherIds], context)).map((a) => [a.pmid, a]));
      const articles: PubMedArticle[] = [];
      for (const id of [...priorityIds, ...otherIds]) {
        const article = fetched.get(id);
        if (article) articles.push({ ...article, priority: prioritySet.has(id) });
      }
      result = { articles, query };
      break;
    }
    writeCachedSearch(deps.db(), key, result, now(), ttl);
    return result;
  };
}

// ---------------------------------------------------------------------------------------------------
// The server's searcher: one throttle for the whole process (NCBI's limit is per site), from config.

type Shared = { searcher: PubMedSearcher; throttle: RequestThrottle };
const SHARED = Symbol.for("vetsearch.pubmed.shared");
const holder = globalThis as typeof globalThis & { [SHARED]?: Shared };

function shared(): Shared {
  let current = holder[SHARED];
  if (!current) {
    const config = getConfig();
    // NCBI: 3 requests a second per site without an API key, 10 with one.
    const throttle = new RequestThrottle({
      limit: config.NCBI_API_KEY ? 10 : 3,
      windowMs: 1_000,
      maxWaiting: PUBMED_MAX_WAITING,
      maxWaitingPerKey: PUBMED_MAX_WAITING_PER_USER,
    });
    const client = createEutilsClient({
      baseUrl: config.EUTILS_URL,
      apiKey: config.NCBI_API_KEY,
      email: config.NCBI_EMAIL,
      throttle,
      timeoutMs: config.EUTILS_TIMEOUT_SECONDS * 1000,
    });
    current = { throttle, searcher: createPubMedSearcher({ client, db: getDb, deadlineMs: config.PUBMED_DEADLINE_SECONDS * 1000 }) };
    holder[SHARED] = current;
  }
  return current;
}

/**
 * Searches PubMed for a question or keywords: priority journals first, the rest of PubMed up to `count`,
 * cached for a day, users taking turns for NCBI's rate limit. Throws PubMedError ('unreachable' |
 * 'timeout' | 'bad-response' | 'rate-limited' | 'busy'), or the signal's reason when the caller aborts.
 */
export function searchPubMed(input: SearchPubMedInput): Promise<PubMedSearchResult> {
  return shared().searcher(input);
}
