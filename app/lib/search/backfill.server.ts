import type Database from "better-sqlite3";
import type { Db } from "../db/index.server";
import type { Embedder } from "../embeddings/index.server";
import type { VectorCoverage } from "./index";
import { addChunkVectors } from "./indexer.server";
import { prepared } from "./statements.server";

/**
 * Vectors for chunks that have none from the embedder in use: documents indexed before a model was
 * configured, with another model, or while the model was unreachable. The chunks themselves say what is
 * left (a chunk has at most one vector, and it names its embedder), so the work resumes after a restart
 * where it stopped, with nothing else to remember. Each batch is written in its own short transaction,
 * so uploads and searches go on meanwhile.
 */

/** What a chunk is embedded from, at ingestion and here alike: its heading, when it has one, then its text. */
export function embeddingText(chunk: { heading: string | null; text: string }): string {
  return chunk.heading ? `${chunk.heading}\n${chunk.text}` : chunk.text;
}

export function vectorCoverage(client: Database.Database, embedderId: string): VectorCoverage {
  const chunks = (prepared(client, "SELECT chunks FROM search_stats WHERE id = 1").pluck().get() as number | undefined) ?? 0;
  const withVectors = prepared(client, "SELECT count(*) FROM chunk_vectors WHERE embedder_id = ?").pluck().get(embedderId) as number;
  return { embedderId, chunks, withVectors, missing: Math.max(0, chunks - withVectors) };
}

type ChunkToEmbed = { id: number; heading: string | null; text: string };

/** The next chunks after `afterId` (by id) with no vector of this embedder. */
function chunksLackingVectors(client: Database.Database, embedderId: string, afterId: number, limit: number): ChunkToEmbed[] {
  return prepared(
    client,
    `SELECT c.id, c.heading, c.text FROM chunks c
     WHERE c.id > ? AND NOT EXISTS (SELECT 1 FROM chunk_vectors v WHERE v.chunk_id = c.id AND v.embedder_id = ?)
     ORDER BY c.id LIMIT ?`,
  ).all(afterId, embedderId, limit) as ChunkToEmbed[];
}

export type BackfillOptions = {
  /** Chunks embedded and written per transaction. */
  batchSize?: number;
  signal?: AbortSignal;
  /** Awaited before each batch: the ingest worker holds the backfill here while an upload is processed. */
  beforeBatch?: () => Promise<void>;
  /** After each batch: where the index stands, and how many chunks this call has embedded so far. */
  onProgress?: (coverage: VectorCoverage, embedded: number) => void;
};

export const BACKFILL_BATCH = 32;

/**
 * Embeds every chunk lacking a vector of `embedder`, in batches, until none is left (or the signal
 * fires: an "aborted" EmbeddingError from the embedder, or the signal's reason). Returns how many it
 * embedded. A chunk deleted while its batch was being embedded is skipped.
 */
export async function embedMissingVectors(db: Db, embedder: Embedder, options: BackfillOptions = {}): Promise<number> {
  const client = db.$client;
  const batchSize = options.batchSize ?? BACKFILL_BATCH;
  const stillThere = prepared(client, "SELECT id FROM chunks WHERE id IN (SELECT value FROM json_each(?))");
  let afterId = 0;
  let embedded = 0;
  for (;;) {
    await options.beforeBatch?.();
    options.signal?.throwIfAborted();
    const batch = chunksLackingVectors(client, embedder.id, afterId, batchSize);
    if (!batch.length) break;
    afterId = batch[batch.length - 1]!.id;
    const texts = batch.map(embeddingText);
    const vectors = await embedder.embed(texts, { kind: "document", signal: options.signal });
    client.transaction(() => {
      const present = new Set(stillThere.pluck().all(JSON.stringify(batch.map((c) => c.id))) as number[]);
      const kept = batch.flatMap((c, i) => (present.has(c.id) ? [{ id: c.id, vector: vectors[i]! }] : []));
      addChunkVectors(db, kept.map((k) => k.id), { embedderId: embedder.id, vectors: kept.map((k) => k.vector) });
      embedded += kept.length;
    }).immediate();
    options.onProgress?.(vectorCoverage(client, embedder.id), embedded);
  }
  return embedded;
}
