/**
 * A query thread (one of a pool, see app/lib/answer/pool.server.ts): searches (BM25 candidates and
 * re-scoring, vector search, fusion) and extractive answers, off the request thread, on its own read
 * connection to the database. A query's vector comes from the embedding model on the request thread.
 */
import { answerQuestion, type AnswerResult } from "~/lib/answer/index.server";
import type { EmbedCall, PooledAnswerEvent, PooledAnswerJob, PooledSearchJob, PooledSearchResult } from "~/lib/answer/pool.server";
import { getDb } from "~/lib/db/index.server";
import type { Embedder } from "~/lib/embeddings/index.server";
import { retrieveSync, warmEnglishWords, warmVectorIndexes, type RetrieveOptions, type Retrieval } from "~/lib/search/index.server";
import { servePoolJobs } from "~/lib/worker-pool.server";

// What every question needs is loaded once here, not on the first question: the vector codes this thread
// searches (~0.1 s at 500k vectors) and the English word list typo correction checks (~0.3 s).
try {
  warmVectorIndexes(getDb().$client);
  warmEnglishWords();
} catch (error) {
  console.warn("query thread: warming up failed; what failed loads on first use:", error);
}

/** A search here and how long it took (the request thread keeps the Overview's timings). */
function timedSearch(query: string, options: RetrieveOptions): PooledSearchResult {
  const started = performance.now();
  const retrieval: Retrieval = retrieveSync(getDb().$client, query, options);
  return { retrieval, ms: performance.now() - started };
}

servePoolJobs({
  search: ({ query, options }: PooledSearchJob): PooledSearchResult => timedSearch(query, options),
  answer: async ({ request, embedder }: PooledAnswerJob, { emit, call }): Promise<AnswerResult> => {
    const remote: Embedder | null = embedder && {
      id: embedder.id,
      dimensions: embedder.dimensions,
      embed: (texts, options) => call<Float32Array[]>("embed", { key: embedder.key, texts, kind: options?.kind } satisfies EmbedCall),
    };
    const report = (event: PooledAnswerEvent) => emit(event);
    const { passages: _passages, ...answer } = await answerQuestion(
      { ...request, onReading: (text) => report({ type: "reading", text }), onToken: (text) => report({ type: "token", text }) },
      {
        db: getDb(),
        embedder: async () => remote,
        chatModel: async () => null,
        retrieve: async (query, options) => {
          const { retrieval, ms } = timedSearch(query, options);
          report({ type: "search", ms });
          return retrieval;
        },
      },
    );
    return answer;
  },
});
