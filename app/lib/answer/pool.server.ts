import { getDb } from "../db/index.server";
import type { Embedder } from "../embeddings/index.server";
import { recordSearchTime, retrieveSync, type RetrieveOptions, type Retrieval } from "../search/index.server";
import { PoolJobError, poolSizeForCores, WorkerPool } from "../worker-pool.server";
import type { AnswerRequest, AnswerResult } from "./pipeline.server";
import { AnswerError } from "./types";

/**
 * Searches and extractive answers for the server run on a pool of query threads, one per core, each
 * with its own read connection to the database (WAL lets them read while the request thread writes): a
 * search takes 10-50 ms of synchronous SQLite and scoring work and an extractive answer as much again
 * in sentence splitting and checks, which on the request thread would hold up every other request
 * (pages, health checks, other answers' streams). A question that needs a chat model or PubMed is
 * answered on the request thread (it mostly waits on the network there) with its searches on the pool.
 * If no thread starts or one dies, the work runs here instead (slower for others, never a failed question).
 */

/** The part of an answer request that crosses to a thread (callbacks and the signal stay here). */
export type PooledAnswerRequest = Pick<
  AnswerRequest,
  "question" | "history" | "viewerId" | "usePubmed" | "useThinkHarder" | "customSystemPrompt" | "pubmedPriorityJournals"
>;
/** The embedder on the request thread, which the threads ask for query vectors (models load once, here); `key` names it in calls. */
export type PooledEmbedder = { id: string; dimensions: number; key: number } | null;
export type PooledAnswerJob = { request: PooledAnswerRequest; embedder: PooledEmbedder };
export type PooledSearchJob = { query: string; options: RetrieveOptions };
/** A search's result and how long it took on its thread (for the admin Overview's search p95). */
export type PooledSearchResult = { retrieval: Retrieval; ms: number };
/** What an answer's thread reports while it works, in order. */
export type PooledAnswerEvent = { type: "reading"; text: string } | { type: "token"; text: string } | { type: "search"; ms: number };
/** The request thread's side of a thread's `embed` call. */
export type EmbedCall = { key: number; texts: string[]; kind?: "document" | "query" };

let pool: WorkerPool | null = null;
/** The embedders of answers running on the threads, by key. */
const embedders = new Map<number, Embedder>();
let nextEmbedderKey = 1;

/**
 * A query thread's heap. V8 lets an idle-enough heap grow to about twice what it holds, and a young
 * generation of 48 MB: three isolates (the request thread and two query threads) took 440-500 MB of RSS
 * answering on a 1M-chunk knowledge base, where a query thread holds 50-70 MB (its caches and code). With
 * these limits the server stays at 360-380 MB there (`npm run bench -- scale`); under the 50-user load the
 * CPU per request is the same within the noise and answers/s about 5 % lower. A question that needs more ends its thread and is answered on the
 * request thread, as when no thread runs.
 */
const QUERY_THREAD_LIMITS = { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 24 };

function queryPool(): WorkerPool {
  pool ??= new WorkerPool(
    "query-worker",
    "app/workers/query.worker.ts",
    poolSizeForCores(),
    {
      embed: async ({ key, texts, kind }: EmbedCall) => {
        const embedder = embedders.get(key);
        if (!embedder) throw new Error("the answer asking for a vector has ended");
        return embedder.embed(texts, { kind });
      },
    },
    QUERY_THREAD_LIMITS,
  );
  return pool;
}

/** A search in this thread, its time recorded. */
function retrieveHere(query: string, options: RetrieveOptions): Retrieval {
  const started = performance.now();
  const retrieval = retrieveSync(getDb().$client, query, options);
  recordSearchTime(performance.now() - started);
  return retrieval;
}

/** Search and query analysis on a query thread (see above). */
export async function retrieveOffThread(query: string, options: RetrieveOptions = {}): Promise<Retrieval> {
  let done: PooledSearchResult;
  try {
    done = await queryPool().run<PooledSearchResult>("search", { query, options } satisfies PooledSearchJob);
  } catch (error) {
    console.warn(`search: ${error instanceof Error ? error.message : String(error)}; searching on the request thread`);
    return retrieveHere(query, options);
  }
  recordSearchTime(done.ms);
  return done.retrieval;
}

/**
 * An answer without a chat model or PubMed, composed on a query thread; its reading and text reach the
 * request's callbacks as the thread reports them. Null when no thread could take it (the caller answers
 * here). A stopped request ends at once with "aborted"; the thread's late result is dropped.
 */
export async function answerOffThread(request: AnswerRequest, embedder: Embedder | null): Promise<AnswerResult | null> {
  if (request.signal?.aborted) throw new AnswerError("aborted", "The answer was stopped");
  const key = nextEmbedderKey++;
  if (embedder) embedders.set(key, embedder);
  const job: PooledAnswerJob = {
    request: {
      question: request.question,
      history: request.history,
      viewerId: request.viewerId,
      usePubmed: request.usePubmed,
      useThinkHarder: request.useThinkHarder,
      customSystemPrompt: request.customSystemPrompt,
      pubmedPriorityJournals: request.pubmedPriorityJournals,
    },
    embedder: embedder ? { id: embedder.id, dimensions: embedder.dimensions, key } : null,
  };
  let spoke = false;
  const onEvent = (event: unknown) => {
    if (request.signal?.aborted) return;
    const e = event as PooledAnswerEvent;
    if (e.type === "search") return recordSearchTime(e.ms);
    if (e.type === "token") spoke = true;
    if (e.type === "reading") request.onReading?.(e.text);
    else request.onToken?.(e.text);
  };
  const running = queryPool().run<AnswerResult>("answer", job, onEvent);
  let onAbort: (() => void) | undefined;
  const stopped = new Promise<never>((_, reject) => {
    onAbort = () => reject(new AnswerError("aborted", "The answer was stopped"));
    request.signal?.addEventListener("abort", onAbort, { once: true });
  });
  try {
    return await Promise.race([running, stopped]);
  } catch (error) {
    if (error instanceof AnswerError) throw error;
    if (error instanceof PoolJobError) {
      if (error.code === "aborted" || error.code === "timeout" || error.code === "model") throw new AnswerError(error.code, error.message);
      throw new Error(error.message);
    }
    const why = error instanceof Error ? error.message : String(error);
    // Words already on the screen would be written twice by a second answerer.
    if (spoke) throw new AnswerError("model", `The answer stopped: ${why}`);
    console.warn(`answer: ${why}; answering on the request thread`);
    return null;
  } finally {
    embedders.delete(key);
    if (onAbort) request.signal?.removeEventListener("abort", onAbort);
    // The race's loser must not surface as an unhandled rejection.
    running.catch(() => undefined);
  }
}

/** Starts the query threads now (server start), so they have loaded what questions need before the first one. */
export function startQueryThreads() {
  queryPool().startAll();
}

/** How many query threads are running now (0: none started yet, or the work runs on the request thread). */
export function queryThreadsRunning(): number {
  return pool?.running ?? 0;
}

export async function stopQueryThreads() {
  await pool?.stop();
  pool = null;
}
