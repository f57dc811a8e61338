import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { documents, openDatabase, type Db } from "../db/index.server";
import type { Embedder } from "../embeddings/index.server";
import { chunkPages } from "../ingest/chunker";
import type { ParsedPage } from "../ingest/types";
import { addChunkVectors } from "./indexer.server";
import { embeddingText, embedMissingVectors, embedQuery, indexDocument, searchWithVector, type LexicalTuning } from "./index.server";
import { prepared } from "./statements.server";

/**
 * Retrieval evaluation on public test collections, through the real path: each record becomes a
 * parsed page, is chunked by the ingest chunker, indexed by indexDocument in a fresh database in a
 * temporary folder, and every query goes through search() (its query embedded once, then BM25 alone or
 * fused with vector search). Chunk hits become document hits by their best chunk (max), which is how a
 * person reads a result list of passages. With an embedder, the chunks get their vectors through the
 * backfill that embeds documents indexed without them (embedDataset).
 */

export type EvalDocument = {
  id: string;
  title: string;
  paragraphs: string[];
  /** The physical page (1-based) of each paragraph, parallel to `paragraphs`; default: all on page 1. */
  pages?: number[];
  /** Stored file type (default "txt"); "pdf" makes citations open the file at a page, as an uploaded PDF's do. */
  fileType?: "txt" | "pdf";
};
export type EvalQuery = { id: string; text: string };
/** query id -> document id -> graded relevance (> 0 relevant). */
export type Qrels = Map<string, Map<string, number>>;
export type Dataset = { name: string; documents: EvalDocument[]; queries: EvalQuery[]; qrels: Qrels };

export function readJsonl<T>(file: string): T[] {
  return fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as T);
}

/** BEIR layout: corpus.jsonl, queries.jsonl, qrels/*.tsv ("query-id corpus-id score" header). */
export function loadBeir(folder: string): Dataset {
  const corpus = readJsonl<{ _id: string; title?: string; text: string }>(path.join(folder, "corpus.jsonl"));
  const qrels: Qrels = new Map();
  const qrelsDir = path.join(folder, "qrels");
  for (const file of fs.readdirSync(qrelsDir).filter((f) => f.endsWith(".tsv"))) {
    const lines = fs.readFileSync(path.join(qrelsDir, file), "utf8").split("\n").slice(1);
    for (const line of lines) {
      const [queryId, docId, score] = line.trim().split("\t");
      if (!queryId || !docId) continue;
      if (!qrels.has(queryId)) qrels.set(queryId, new Map());
      qrels.get(queryId)!.set(docId, Number(score ?? 1));
    }
  }
  const queries = readJsonl<{ _id: string; text: string }>(path.join(folder, "queries.jsonl"))
    .filter((q) => qrels.has(q._id))
    .map((q) => ({ id: q._id, text: q.text }));
  return {
    name: path.basename(folder),
    documents: corpus.map((d) => ({ id: d._id, title: d.title ?? "", paragraphs: [d.text] })),
    queries,
    qrels,
  };
}

type PubMedQaEntry = { QUESTION: string; CONTEXTS: string[] };

/** PubMedQA ({PMID: {QUESTION, CONTEXTS[]}}): the contexts are a document, its question a query for it. */
export function loadPubMedQa(file: string): Dataset {
  const data = JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, PubMedQaEntry>;
  const entries = Object.entries(data);
  return {
    name: path.basename(file),
    // No title: PubMedQA gives none, and the question must not leak into the document.
    documents: entries.map(([pmid, e]) => ({ id: pmid, title: `PMID ${pmid}`, paragraphs: e.CONTEXTS })),
    queries: entries.map(([pmid, e]) => ({ id: pmid, text: e.QUESTION })),
    qrels: new Map(entries.map(([pmid]) => [pmid, new Map([[pmid, 1]])])),
  };
}

export function loadDataset(location: string): Dataset {
  return fs.statSync(location).isDirectory() ? loadBeir(location) : loadPubMedQa(location);
}

/** Creates a database in a new temporary folder; the caller removes the folder. */
export function temporaryDatabase(prefix: string): { db: Db; dir: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  return { db: openDatabase(path.join(dir, "app.db")), dir };
}

const DOCUMENTS_PER_TRANSACTION = 500;

/** The document as parsed pages: its paragraphs grouped by page, pages in ascending order. */
export function evalPages(doc: EvalDocument): ParsedPage[] {
  const byNumber = new Map<number, ParsedPage>();
  doc.paragraphs.forEach((text, i) => {
    const number = doc.pages?.[i] ?? 1;
    let page = byNumber.get(number);
    if (!page) byNumber.set(number, (page = { number, blocks: [] }));
    page.blocks.push({ kind: "paragraph", text });
  });
  return [...byNumber.values()].sort((a, b) => a.number - b.number);
}

/** Indexes the collection through chunkPages and indexDocument, documents marked completed. */
export function ingestDataset(db: Db, dataset: Dataset) {
  for (let start = 0; start < dataset.documents.length; start += DOCUMENTS_PER_TRANSACTION) {
    const batch = dataset.documents.slice(start, start + DOCUMENTS_PER_TRANSACTION);
    db.transaction((tx) => {
      for (const doc of batch) {
        const fileType = doc.fileType ?? "txt";
        const pages = evalPages(doc);
        tx.insert(documents)
          .values({
            id: doc.id,
            title: doc.title || doc.id,
            filename: `${doc.id}.${fileType}`,
            storedPath: `eval/${doc.id}.${fileType}`,
            fileType,
            fileSize: doc.paragraphs.reduce((n, p) => n + p.length, 0),
            pages: pages[pages.length - 1]?.number ?? 1,
            processingStatus: "completed",
          })
          .run();
        indexDocument(db, { id: doc.id, title: doc.title, authors: [] }, chunkPages(pages));
      }
    });
  }
}

export type Metrics = { queries: number; ndcg10: number; recall10: number; recall100: number; mrr10: number };

/** nDCG@k with linear gains (trec_eval's, as BEIR reports), ideal ranking from all judged documents. */
export function ndcgAt(ranked: string[], relevant: Map<string, number>, k: number): number {
  let dcg = 0;
  ranked.slice(0, k).forEach((id, i) => {
    dcg += (relevant.get(id) ?? 0) / Math.log2(i + 2);
  });
  const ideal = [...relevant.values()].filter((g) => g > 0).sort((a, b) => b - a).slice(0, k);
  const idcg = ideal.reduce((sum, g, i) => sum + g / Math.log2(i + 2), 0);
  return idcg ? dcg / idcg : 0;
}

export function recallAt(ranked: string[], relevant: Map<string, number>, k: number): number {
  const wanted = [...relevant].filter(([, g]) => g > 0).map(([id]) => id);
  if (!wanted.length) return 0;
  const top = new Set(ranked.slice(0, k));
  return wanted.filter((id) => top.has(id)).length / wanted.length;
}

export function mrrAt(ranked: string[], relevant: Map<string, number>, k: number): number {
  const i = ranked.slice(0, k).findIndex((id) => (relevant.get(id) ?? 0) > 0);
  return i < 0 ? 0 : 1 / (i + 1);
}

/** Documents in the order of their best chunk. */
export function documentsByBestChunk(documentIds: string[], limit: number): string[] {
  return [...new Set(documentIds)].slice(0, limit);
}

/** Where embedded collections are kept between runs: embedding SciFact's 5,183 abstracts takes minutes on 2 cores. */
export const EVAL_VECTOR_CACHE_DIR = path.join(os.tmpdir(), "vetsearch-eval-vectors");

/**
 * Gives every chunk in the database a vector of `embedder` (embedMissingVectors, as the app's backfill).
 * The vectors are cached in `cacheDir` under a hash of the embedder and every chunk's text, so a re-run
 * on the same collection and model reads them instead. Returns whether the cache answered.
 */
export async function embedDataset(db: Db, embedder: Embedder, options: { cacheDir?: string; log?: (line: string) => void } = {}): Promise<{ cached: boolean; chunks: number }> {
  const client = db.$client;
  const rows = prepared(client, "SELECT id, heading, text FROM chunks ORDER BY id").all() as Array<{ id: number; heading: string | null; text: string }>;
  const hash = crypto.createHash("sha256").update(`${embedder.id}\0${embedder.dimensions}`);
  for (const row of rows) hash.update(`\0${embeddingText(row)}`);
  const file = options.cacheDir ? path.join(options.cacheDir, `${hash.digest("hex").slice(0, 32)}.f32`) : null;
  const bytes = rows.length * embedder.dimensions * 4;
  if (file && fs.existsSync(file) && fs.statSync(file).size === bytes) {
    const all = new Float32Array(fs.readFileSync(file).buffer.slice(0));
    const vectors = rows.map((_, i) => all.subarray(i * embedder.dimensions, (i + 1) * embedder.dimensions));
    client.transaction(() => addChunkVectors(db, rows.map((r) => r.id), { embedderId: embedder.id, vectors }))();
    return { cached: true, chunks: rows.length };
  }
  let lastLog = 0;
  await embedMissingVectors(db, embedder, {
    onProgress: (c) => {
      if (Date.now() - lastLog < 10_000) return;
      lastLog = Date.now();
      options.log?.(`embedding with ${embedder.id}: ${c.withVectors} of ${c.chunks} chunks`);
    },
  });
  if (file) {
    const stored = prepared(client, "SELECT embedding FROM chunk_vectors WHERE embedder_id = ? ORDER BY chunk_id").pluck().all(embedder.id) as Buffer[];
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, Buffer.concat(stored));
  }
  return { cached: false, chunks: rows.length };
}

export type EvalOptions = {
  tuning?: Partial<LexicalTuning>;
  db?: Db;
  /** Hybrid search with this embedder's vectors (embedDataset first); lexical only without. */
  embedder?: Embedder | null;
};
export type EvalRun = Metrics & { perQueryMs: number[] };

/**
 * Runs every query twice: as the app asks (k = 10 passages) for nDCG@10, Recall@10 and MRR@10, and
 * deep (150 passages: chunks outnumber documents a little) for Recall@100. The timing is the k = 10 one.
 */
export async function evaluate(db: Db, dataset: Dataset, options: EvalOptions = {}): Promise<EvalRun> {
  const sums = { ndcg10: 0, recall10: 0, recall100: 0, mrr10: 0 };
  const perQueryMs: number[] = [];
  for (const query of dataset.queries) {
    const relevant = dataset.qrels.get(query.id) ?? new Map<string, number>();
    const started = performance.now();
    // As search() does: the query embedded once, then the synchronous search (twice here, k = 10 and deep)
    const vector = await embedQuery(options.embedder ?? null, query.text);
    const top = searchWithVector(db.$client, query.text, vector, { k: 10, tuning: options.tuning });
    perQueryMs.push(performance.now() - started);
    const ranked = documentsByBestChunk(
      top.map((p) => p.documentId),
      10,
    );
    sums.ndcg10 += ndcgAt(ranked, relevant, 10);
    sums.recall10 += recallAt(ranked, relevant, 10);
    sums.mrr10 += mrrAt(ranked, relevant, 10);
    const deep = searchWithVector(db.$client, query.text, vector, { k: 150, tuning: options.tuning });
    sums.recall100 += recallAt(
      documentsByBestChunk(
        deep.map((p) => p.documentId),
        100,
      ),
      relevant,
      100,
    );
  }
  const n = dataset.queries.length || 1;
  const round = (x: number) => Math.round((x / n) * 10_000) / 10_000;
  return {
    queries: dataset.queries.length,
    ndcg10: round(sums.ndcg10),
    recall10: round(sums.recall10),
    recall100: round(sums.recall100),
    mrr10: round(sums.mrr10),
    perQueryMs,
  };
}
