import { getAnswererStatus, type AnswererStatus } from "../answer/index.server";
import { getDb } from "../db/index.server";
import { getRetrievalMode } from "../embeddings/index.server";
import { ingestQueue } from "../ingest/index.server";
import { getIndexStats, vectorCoverage, type SearchStatus } from "../search/index.server";

export type AdminSearchStatus = SearchStatus & { answering: AnswererStatus };

/**
 * Which retrieval mode (hybrid or lexical-only) and which answerer (Ollama or extractive) are active, and
 * why; with a model, how many chunks still lack its vectors and what the background embedding is doing.
 */
export async function readSearchStatus(): Promise<AdminSearchStatus> {
  const [mode, answerer] = await Promise.all([getRetrievalMode(), getAnswererStatus()]);
  const db = getDb();
  const status: SearchStatus = {
    ...mode,
    ...getIndexStats(db),
    coverage: mode.embedder ? vectorCoverage(db.$client, mode.embedder) : null,
    backfill: ingestQueue().backfillProgress(),
  };
  return { ...status, answering: answerer };
}
