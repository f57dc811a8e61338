import type Database from "better-sqlite3";
import { type ChunkLayout, getDb, type Db } from "../db/index.server";
import type { Embedder } from "../embeddings/index.server";
import { reciprocalRankFusion } from "./fusion";
import { analyzeQuery as analyzeLexicalQuery, type CandidateRow, lexicalSearch, type LexicalTuning, type QueryAnalysis } from "./lexical.server";
import { prepared } from "./statements.server";
import { loadVectorIndex, vectorSearch } from "./vector.server";
import type { Scope } from "./visibility.server";
import type { IndexStats } from "./index";

/**
 * The search capability's public face: indexing chunks of documents, removing them, and searching
 * what a viewer may see — BM25 (lexical.server.ts), fused by reciprocal rank with vector search
 * (vector.server.ts) when an embedder is given and vectors exist.
 */

export { addDocumentVectors, indexDocument, rebuildStaleIndex, removeDocumentIndex, retitleDocumentIndex } from "./indexer.server";
export { BACKFILL_BATCH, embeddingText, embedMissingVectors, vectorCoverage, type BackfillOptions } from "./backfill.server";
export type { BackfillProgress, IndexStats, SearchStatus, VectorCoverage } from "./index";
export { recentSearchTimes, recordSearchTime, SEARCH_WINDOW_MS, TimingRing } from "./timings.server";

/** Loads the in-memory vector codes of every embedding size in the index, so the first question does not wait for them. */
export function warmVectorIndexes(client: Database.Database): number {
  const sizes = prepared(client, "SELECT DISTINCT dimensions FROM chunk_vectors").pluck().all() as number[];
  return sizes.reduce((n, dims) => n + loadVectorIndex(client, dims).vectors, 0);
}
export type { DocumentVectors, IndexedDocument } from "./indexer.server";
export { holdsName, holdsPhrase, LEXICAL_TUNING, type LexicalTuning, type QueryAnalysis, type QueryTerm } from "./lexical.server";
export { normalizeText, tokenize } from "./tokenize";
export { adjectiveForms, diseaseForms, unwrittenForms, virusForms } from "./word-forms";
export { shortFormsOfUnwrittenWord, usualShortFormsHolding } from "./abbreviations.server";
export { wordBefore } from "./abbreviations";
export { isStopWord } from "./stopwords";
export { paragraphContinuations, paragraphLeads } from "./leads.server";
export { correctQuery, correctionsLabel, writesGenusOf, type Correction, type CorrectedQuery } from "./spellcheck.server";
export { hashtagsIn, isEnglishWord, warmEnglishWords, withHashtagsSplit } from "./english-words.server";

export type Passage = {
  chunkId: number;
  documentId: string;
  title: string;
  /** Physical pages the passage spans, ascending. */
  pages: number[];
  /** Printed label of the first page, when the document has labels. */
  pageLabel: string | null;
  /** Where each page starts in `text`, and where its rows and sentences are; null for chunks indexed before layouts. */
  layout: ChunkLayout | null;
  heading: string | null;
  text: string;
  /** The document's file type (pdf, docx, txt, …): PDFs open at their page, other formats in a page view. */
  fileType: string;
  /** Fused RRF score with an embedder, else the BM25 score: higher is better, comparable within one search. */
  score: number;
  /** 1-based rank in the BM25 list, null when only vector search found it. */
  lexicalRank: number | null;
  /** 1-based rank in the vector list, null when only BM25 found it (or no embedder). */
  vectorRank: number | null;
};

export type SearchOptions = {
  /** How many passages (default 10). */
  k?: number;
  /** Who is asking: their private documents are searched with the shared ones. null: shared only. */
  viewerId?: string | null;
  /** Only these documents (still only those the viewer may see). An empty list finds nothing. */
  documentIds?: string[];
  /** Hybrid search when given (and vectors from it exist); lexical only otherwise. */
  embedder?: Embedder | null;
  db?: Db;
  /** Evaluation and benchmarks: BM25 parameters other than the tuned defaults. */
  tuning?: Partial<LexicalTuning>;
  /** Benchmarks: force exact or binary-index vector search. */
  vectorStrategy?: "auto" | "exact" | "binary";
  /**
   * Hybrid only: after the fused top k, also the passages of BM25's own top k that fusion pushed out
   * (up to 2k passages in all). The answer pipeline asks for them: its relevance gate then sees every
   * passage keyword search alone would have shown it, so vectors add candidates but never take one away.
   */
  keepLexicalTopK?: boolean;
};

const DEFAULT_K = 10;
const MAX_K = 1000;
/**
 * The BM25 list fused holds at least this many: RRF needs depth to let agreement between lists count,
 * and deeper BM25 lists cost little. The vector list holds k: its cost grows with depth (vector.server.ts).
 */
const FUSION_DEPTH = 50;

function toPassage(row: CandidateRow, score: number, lexicalRank: number | null, vectorRank: number | null): Passage {
  return {
    chunkId: row.id,
    documentId: row.documentId,
    title: row.title,
    pages: JSON.parse(row.pages) as number[],
    pageLabel: row.pageLabel,
    layout: row.layout ? (JSON.parse(row.layout) as ChunkLayout) : null,
    heading: row.heading,
    text: row.text,
    fileType: row.fileType,
    score,
    lexicalRank,
    vectorRank,
  };
}

function loadRows(client: Database.Database, ids: number[]): Map<number, CandidateRow> {
  if (!ids.length) return new Map();
  const rows = prepared(
    client,
    `SELECT c.id, c.document_id AS documentId, d.title, d.authors, c.text, c.heading, c.token_count AS tokenCount,
            c.pages, c.page_label AS pageLabel, c.layout, d.file_type AS fileType
     FROM chunks c JOIN documents d ON d.id = c.document_id WHERE c.id IN (SELECT value FROM json_each(?))`,
  ).all(JSON.stringify(ids)) as CandidateRow[];
  return new Map(rows.map((r) => [r.id, r]));
}

/** Passages read by chunk id (the chunk after a retrieved one, say), in the order asked; they were not scored by a search. */
export function passagesByIds(client: Database.Database, ids: number[]): Passage[] {
  const rows = loadRows(client, ids);
  return ids.flatMap((id) => {
    const row = rows.get(id);
    return row ? [toPassage(row, 0, null, null)] : [];
  });
}

function totalChunks(client: Database.Database): number {
  return (prepared(client, "SELECT chunks FROM search_stats WHERE id = 1").pluck().get() as number | undefined) ?? 0;
}

async function queryVector(embedder: Embedder, query: string): Promise<Float32Array | null> {
  try {
    const [vector] = await embedder.embed([query], { kind: "query" });
    return vector ?? null;
  } catch (error) {
    // An unreachable embedding model must not take search down: BM25 alone still answers.
    console.warn(`search: embedding the query with ${embedder.id} failed, lexical results only:`, error);
    return null;
  }
}

/** The passages most relevant to a query among the documents this viewer may see, best first. */
export async function search(query: string, options: SearchOptions = {}): Promise<Passage[]> {
  const embedder = options.embedder ?? null;
  if (!query.trim() || options.documentIds?.length === 0) return [];
  const vector = embedder ? await queryVector(embedder, query) : null;
  return searchWithVector((options.db ?? getDb()).$client, query, vector && embedder ? { vector, embedderId: embedder.id } : null, options);
}

export type QueryVector = { vector: Float32Array; embedderId: string };

/**
 * The synchronous part of search, given the query's vector (null: lexical only). Search threads call
 * it with a vector embedded on the main thread (the answer capability's query threads, pool.server.ts).
 */
export function searchWithVector(
  client: Database.Database,
  query: string,
  queryVector: QueryVector | null,
  options: Pick<SearchOptions, "k" | "viewerId" | "documentIds" | "tuning" | "vectorStrategy" | "keepLexicalTopK"> = {},
): Passage[] {
  const k = Math.min(MAX_K, Math.max(1, Math.floor(options.k ?? DEFAULT_K)));
  const scope: Scope = { viewerId: options.viewerId ?? null, documentIds: options.documentIds };
  if (!query.trim() || scope.documentIds?.length === 0) return [];

  const lexical = lexicalSearch(client, query, { k: queryVector ? Math.max(k, FUSION_DEPTH) : k, scope, tuning: options.tuning });
  if (!queryVector) return lexical.map((hit, i) => toPassage(hit.row, hit.score, i + 1, null));

  const vectorHits = vectorSearch(client, queryVector.vector, {
    embedderId: queryVector.embedderId,
    k,
    scope,
    totalChunks: totalChunks(client),
    strategy: options.vectorStrategy,
  });
  const allFused = reciprocalRankFusion([lexical.map((h) => h.row.id), vectorHits.map((h) => h.chunkId)]);
  const fused = allFused.slice(0, k);
  if (options.keepLexicalTopK) fused.push(...allFused.slice(k).filter((f) => (f.ranks[0] ?? Infinity) <= k));
  const rows = new Map(lexical.map((h) => [h.row.id, h.row]));
  const missing = fused.map((f) => f.key).filter((id) => !rows.has(id));
  for (const [id, row] of loadRows(client, missing)) rows.set(id, row);
  return fused.flatMap((f) => {
    const row = rows.get(f.key);
    return row ? [toPassage(row, f.score, f.ranks[0] ?? null, f.ranks[1] ?? null)] : [];
  });
}

/** The query vector, or null when there is no embedder or it fails (search is then lexical only). */
export async function embedQuery(embedder: Embedder | null, query: string): Promise<QueryVector | null> {
  if (!embedder || !query.trim()) return null;
  const vector = await queryVector(embedder, query);
  return vector ? { vector, embedderId: embedder.id } : null;
}

export type Retrieval = { passages: Passage[]; analysis: QueryAnalysis };
export type RetrieveOptions = { k?: number; viewerId?: string | null; queryVector?: QueryVector | null };

/**
 * Search plus how the index sees the query's words: what answering needs, in one synchronous call.
 * Hybrid keeps BM25's top k beside the fused top k (keepLexicalTopK): with vectors fused in and the list
 * cut at k, passages the answer needs dropped out and answerable questions were refused (eval:answers,
 * VetBench open questions answered 99.3 % lexical, 97.1 % hybrid cut at k).
 */
export function retrieveSync(client: Database.Database, query: string, options: RetrieveOptions = {}): Retrieval {
  return {
    passages: searchWithVector(client, query, options.queryVector ?? null, { k: options.k, viewerId: options.viewerId, keepLexicalTopK: true }),
    analysis: analyzeLexicalQuery(client, query),
  };
}

/** The query's content terms with their document frequencies and IDF in this index (unknown terms: df 0). */
export function analyzeQuery(query: string, db: Db = getDb()): QueryAnalysis {
  return analyzeLexicalQuery(db.$client, query);
}

/**
 * Merges the full-text index into one segment. Incremental indexing leaves many segments that every
 * query has to merge (FTS5 automerges, but lazily); after a bulk ingest, or when the worker is idle
 * after many documents, one optimize makes queries somewhat faster (1M chunks, warm cache: p50 32.7 ->
 * 31.2 ms, p95 45.2 -> 42.3 ms; more at 100k). It rewrites the index: ~3 s at 100k chunks, ~35 s at 1M,
 * holding the write lock meanwhile, so it is not run after every document.
 */
export function optimizeIndex(db: Db = getDb()) {
  db.$client.exec("INSERT INTO chunks_fts (chunks_fts) VALUES ('optimize')");
}

/** Counts for the admin screen. */
export function getIndexStats(db: Db = getDb()): IndexStats {
  const client = db.$client;
  const documents = prepared(client, "SELECT count(DISTINCT document_id) FROM chunks").pluck().get() as number;
  const vectorsByEmbedder = prepared(
    client,
    `SELECT embedder_id AS embedderId, dimensions, count(*) AS vectors FROM chunk_vectors
     GROUP BY embedder_id, dimensions ORDER BY vectors DESC`,
  ).all() as IndexStats["vectorsByEmbedder"];
  return {
    documents,
    chunks: totalChunks(client),
    vectors: vectorsByEmbedder.reduce((n, e) => n + e.vectors, 0),
    vectorsByEmbedder,
  };
}
