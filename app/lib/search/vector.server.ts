import type Database from "better-sqlite3";
import { prepared } from "./statements.server";
import { filterVisible, type Scope, VISIBLE_DOCUMENT_SQL } from "./visibility.server";

/**
 * Vector search over `chunk_vectors` (float32, L2-normalised).
 *
 * Exact search scans every vector: sqlite-vec's `vec_distance_cosine` over 500k 384-dimension vectors
 * takes ~250 ms here. So each dimension count also gets a binary-quantised index
 * (`chunk_vector_bits_<dims>`, a vec0 table of `bit[dims]`, one sign bit per dimension: 48 bytes for
 * 384 dimensions instead of 1,536): the query's code is compared by Hamming distance (popcount over
 * 32x less data), the nearest RESCORE_FACTOR x k codes are the candidates, and those are re-ranked
 * exactly on their float vectors. Measured in scripts/bench-search.ts: 500k vectors, exact scan
 * 830 ms p50; binary index 59 ms with 100 candidates and a partition key per embedder; 4096-vector
 * chunks, no partition key and 40 candidates bring it under 50 ms.
 *
 * The binary index is derived data kept by triggers on `chunk_vectors` (insert copies the code with
 * `vec_quantize_binary`, delete removes it), so a chunk's removal — direct or by cascade from its
 * document — also removes its code. It is created on first use for a dimension count because models
 * differ (384 for MiniLM, 768 for nomic-embed-text, ...), and a vec0 column has a fixed size.
 */

/**
 * Below this many chunks an exact scan is fast enough (~1.7 us a vector with the visibility join:
 * ~9 ms) and has no approximation; above it the binary index wins (100k: 172 -> 13 ms p50).
 */
export const EXACT_SCAN_LIMIT = 5_000;
/**
 * Candidates taken from the binary index per result wanted, re-ranked on the float vectors. Few, because
 * sqlite-vec's KNN cost grows with k: at 500k codes k=10 17 ms, k=40 27 ms, k=100 49 ms, k=500 207 ms.
 * Measured at 500k clustered vectors (scripts/bench-search.ts): 4x -> p50 28 / p95 31 ms, recall@10
 * against the exact scan 0.77; 6x -> 35 / 58 ms, 0.89; 10x -> 59 / 66 ms, 0.996. The misses are near
 * ties (cosine 0.50 against 0.51 among a topic's members), so 4x keeps p95 under 50 ms.
 */
export const RESCORE_FACTOR = 4;
const MIN_CANDIDATES = 40;
/** sqlite-vec refuses k above 4096 in a KNN query. */
const MAX_KNN = 4096;

export type VectorHit = { chunkId: number; distance: number };

function bitsTable(dimensions: number): string {
  if (!Number.isInteger(dimensions) || dimensions <= 0 || dimensions % 8 !== 0 || dimensions > 8192) {
    throw new Error(`Unsupported embedding size: ${dimensions} (a multiple of 8 up to 8192 is needed)`);
  }
  return `chunk_vector_bits_${dimensions}`;
}

export function hasVectorIndex(client: Database.Database, dimensions: number): boolean {
  return !!prepared(client, "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(bitsTable(dimensions));
}

/** Creates the binary index for a dimension count with its triggers, filled from existing vectors. */
export function ensureVectorIndex(client: Database.Database, dimensions: number) {
  if (hasVectorIndex(client, dimensions)) return;
  const table = bitsTable(dimensions);
  client.exec(`
    CREATE VIRTUAL TABLE ${table} USING vec0(bits bit[${dimensions}], chunk_size = 4096);
    CREATE TRIGGER ${table}_ai AFTER INSERT ON chunk_vectors WHEN new.dimensions = ${dimensions} BEGIN
      INSERT INTO ${table} (rowid, bits) VALUES (new.chunk_id, vec_quantize_binary(new.embedding));
    END;
    CREATE TRIGGER ${table}_ad AFTER DELETE ON chunk_vectors WHEN old.dimensions = ${dimensions} BEGIN
      DELETE FROM ${table} WHERE rowid = old.chunk_id;
    END;
    INSERT INTO ${table} (rowid, bits)
      SELECT chunk_id, vec_quantize_binary(embedding) FROM chunk_vectors WHERE dimensions = ${dimensions};
  `);
}

export function vectorBlob(vector: Float32Array): Buffer {
  return Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength);
}

/** Exact cosine distances for a set of chunks (the candidates, or a small scope). */
function exactDistances(client: Database.Database, query: Buffer, embedderId: string, chunkIds: number[]): VectorHit[] {
  if (!chunkIds.length) return [];
  return prepared(
    client,
    `SELECT chunk_id AS chunkId, vec_distance_cosine(embedding, ?) AS distance FROM chunk_vectors
     WHERE chunk_id IN (SELECT value FROM json_each(?)) AND embedder_id = ?`,
  ).all(query, JSON.stringify(chunkIds), embedderId) as VectorHit[];
}

/**
 * Nearest codes by Hamming distance: the candidates. The codes of every embedder with this many
 * dimensions share the table (a partition key per embedder cost ~15% more per query); re-ranking keeps
 * only the query's embedder's vectors. Two embedders of one size only coexist while re-embedding.
 */
function binaryCandidates(client: Database.Database, query: Buffer, dimensions: number, n: number): number[] {
  const rows = prepared(
    client,
    `SELECT rowid AS chunkId FROM ${bitsTable(dimensions)} WHERE bits MATCH vec_quantize_binary(?) AND k = ?`,
  ).all(query, n) as Array<{ chunkId: number }>;
  return rows.map((r) => r.chunkId);
}

/** Every visible vector of the embedder, scored exactly: for small corpora and document-scoped searches. */
function exactScan(client: Database.Database, query: Buffer, embedderId: string, scope: Scope, k: number): VectorHit[] {
  const documentFilter = scope.documentIds ? "AND d.id IN (SELECT value FROM json_each(@documentIds))" : "";
  return prepared(
    client,
    `SELECT v.chunk_id AS chunkId, vec_distance_cosine(v.embedding, @query) AS distance
     FROM chunk_vectors v JOIN chunks c ON c.id = v.chunk_id JOIN documents d ON d.id = c.document_id
     WHERE v.embedder_id = @embedderId AND ${VISIBLE_DOCUMENT_SQL} ${documentFilter}
     ORDER BY distance LIMIT @k`,
  ).all({
    query,
    embedderId,
    viewerId: scope.viewerId,
    k,
    ...(scope.documentIds ? { documentIds: JSON.stringify(scope.documentIds) } : {}),
  }) as VectorHit[];
}

export type VectorSearchOptions = {
  embedderId: string;
  k: number;
  scope: Scope;
  /** Total chunks in the index: decides exact scan versus binary index. */
  totalChunks: number;
  /** Force a strategy (benchmarks compare them). */
  strategy?: "auto" | "exact" | "binary";
};

/** The k nearest visible chunks to a query vector, nearest first. */
export function vectorSearch(client: Database.Database, queryVector: Float32Array, options: VectorSearchOptions): VectorHit[] {
  const { embedderId, k, scope } = options;
  const dimensions = queryVector.length;
  if (k <= 0 || !hasVectorIndex(client, dimensions)) return [];
  const query = vectorBlob(queryVector);
  const strategy = options.strategy ?? "auto";
  const exact = strategy === "exact" || (strategy === "auto" && (scope.documentIds !== undefined || options.totalChunks <= EXACT_SCAN_LIMIT));
  if (exact) return exactScan(client, query, embedderId, scope, k);

  // Candidates that are not visible to this viewer are dropped after the fact; when that leaves too few,
  // ask for more (other people's private libraries are normally a small part of the index).
  let n = Math.min(MAX_KNN, Math.max(MIN_CANDIDATES, k * RESCORE_FACTOR));
  for (;;) {
    const candidates = binaryCandidates(client, query, dimensions, n);
    const visible = filterVisible(client, candidates, scope);
    const hits = exactDistances(client, query, embedderId, visible)
      .sort((a, b) => a.distance - b.distance)
      .slice(0, k);
    const exhausted = candidates.length < n;
    if (hits.length >= k || exhausted) return hits;
    if (n >= MAX_KNN) return exactScan(client, query, embedderId, scope, k);
    n = Math.min(MAX_KNN, n * 4);
  }
}
