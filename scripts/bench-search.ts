// Search benchmark: `tsx scripts/bench-search.ts [--sizes 10000,100000,1000000] [--vector-sizes 100000,500000]
// [--queries 200] [--no-quality] [--json]`, or runSearchBench() from `npm run bench`.
//
// Lexical: query latency (p50/p95) of search() — BM25 only, k = 10, as the app calls it — for real
// questions (PubMedQA) over corpora of 10k, 100k and 1M chunks built from REAL sentences (SciFact
// abstracts, PubMedQA contexts, VetBench passages) recombined into ~250-word chunks, 50 chunks per
// document. The 500 PubMedQA abstracts are also indexed whole in every corpus, so the questions have a
// known right answer at every size: MRR@10 and Recall@10 there show that the speed tricks lose nothing
// against the exhaustive variant (every query term generating candidates), which is also timed.
// Vector: top-10 latency at 100k and 500k chunks of random 384-dimension unit vectors (around 5,000
// random cluster centres, as embeddings of real text cluster by topic), exact scan versus the binary
// index with exact re-ranking, and the recall@10 of the latter against the exact answer; the time to load
// the binary codes into memory (what the first query after a start pays) and their size.
// --candidates 4,10,40 also measures other numbers of candidates re-ranked per result.
// Quality: the eval (nDCG@10 ...) on SciFact train and PubMedQA dev through the same code path.
//
// Built databases are cached under $TMPDIR/vetsearch-bench/, keyed by CORPUS_VERSION: re-runs are quick
// (the first build of 1M chunks takes ~8 min plus ~35 s for the final optimizeIndex, as a bulk ingest).
// Lighter runs: --sizes 10000,100000 --vector-sizes 100000 --no-exhaustive. Other BM25 settings for the
// timed variant: --tuning '{"postingsBudget":20000,"maxCoTerms":4}'.
import { seededRandom } from "../app/lib/seeded-random";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { documents, openDatabase, type Db } from "../app/lib/db/index.server";
import type { Chunk } from "../app/lib/ingest/types";
import { evaluate, ingestDataset, loadBeir, loadPubMedQa, type Metrics, temporaryDatabase } from "../app/lib/search/evaluation.server";
import { indexDocument, optimizeIndex, search, type LexicalTuning } from "../app/lib/search/index.server";
import { CANDIDATES_PER_RESULT, loadVectorIndex, vectorSearch } from "../app/lib/search/vector.server";

/** Bump when the corpus recipe or the index format changes (2: British spellings folded, abbreviations mined; 3: analyzer version 3): cached databases are rebuilt. */
const CORPUS_VERSION = 3;
const VECTOR_CORPUS_VERSION = 3;
/** Vectors come in clusters (topics), as embeddings of real text do: a query's true neighbours are a
 * cluster's members, well apart from the rest, not noise-level differences among random directions. */
const CLUSTERS = 5000;
const CLUSTER_SPREAD = 1.0;
const CHUNK_WORDS = 250;
const CHUNKS_PER_DOCUMENT = 50;
const DIMENSIONS = 384;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const corpora = path.resolve(root, "..", "shared", "corpora");

/** Where built benchmark databases are kept between runs. */
export const BENCH_CACHE_DIR = path.join(os.tmpdir(), "vetsearch-bench");

export type LatencyFigures = { p50Ms: number; p95Ms: number; meanMs: number };
export type LexicalFigures = {
  chunks: number;
  buildSeconds: number | null;
  dbMb: number;
  latency: LatencyFigures;
  exhaustive: LatencyFigures | null;
  /** The PubMedQA questions against their own abstract, hidden among `chunks` others. */
  quality: { mrr10: number; recall10: number; exhaustiveMrr10: number | null; exhaustiveRecall10: number | null; sameTop10: number | null };
};
export type VectorFigures = {
  chunks: number;
  dimensions: number;
  buildSeconds: number | null;
  dbMb: number;
  exact: LatencyFigures;
  binary: LatencyFigures;
  /** Share of the exact top 10 that the binary index + re-ranking returns. */
  recall10: number;
  /** Loading the binary codes into memory on a fresh connection (the first query pays it), and their size. */
  loadMs: number;
  indexMb: number;
  /** --candidates: the same at other numbers of candidates re-ranked per result. */
  candidates: Array<{ perResult: number; latency: LatencyFigures; recall10: number }>;
};
export type Figures = {
  lexical: LexicalFigures[];
  vector: VectorFigures[];
  quality: { scifact: Metrics | null; pubmedqa: Metrics | null };
};

export type BenchOptions = {
  sizes?: number[];
  vectorSizes?: number[];
  queries?: number;
  quality?: boolean;
  /** Compare against every query term generating candidates (slow at 1M: ~minutes). */
  exhaustive?: boolean;
  /** Lexical: tuning of the timed variant other than LEXICAL_TUNING (to compare settings). */
  tuning?: Partial<LexicalTuning>;
  /** Vector: candidates re-ranked per result to compare besides the default. */
  candidates?: number[];
  cacheDir?: string;
  log?: (line: string) => void;
};


export function percentiles(samples: number[]): LatencyFigures {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN;
  const round = (x: number) => Math.round(x * 100) / 100;
  return { p50Ms: round(at(0.5)), p95Ms: round(at(0.95)), meanMs: round(sorted.reduce((s, x) => s + x, 0) / (sorted.length || 1)) };
}

const SENTENCE_END = /(?<=[.!?])\s+(?=[A-Z0-9(])/;

/** Real sentences and titles to recombine. */
function sentencePool(): { sentences: string[]; titles: string[] } {
  const sentences: string[] = [];
  const titles: string[] = [];
  const scifact = loadBeir(path.join(corpora, "scifact"));
  for (const doc of scifact.documents) {
    titles.push(doc.title);
    for (const p of doc.paragraphs) sentences.push(...p.split(SENTENCE_END));
  }
  for (const doc of loadPubMedQa(path.join(corpora, "pubmedqa", "dev.json")).documents) {
    for (const p of doc.paragraphs) sentences.push(...p.split(SENTENCE_END));
  }
  const vet = fs.readFileSync(path.join(corpora, "veterinary", "vetbench_core_passages.txt"), "utf8");
  for (const line of vet.split("\n")) sentences.push(...line.split(SENTENCE_END));
  return { sentences: sentences.map((s) => s.trim()).filter((s) => s.split(" ").length >= 4), titles };
}

function insertDocumentRow(db: Db, id: string, title: string) {
  db.insert(documents)
    .values({ id, title, filename: `${id}.txt`, storedPath: `bench/${id}.txt`, fileType: "txt", fileSize: 0, processingStatus: "completed" })
    .run();
}

function syntheticChunks(pool: { sentences: string[]; titles: string[] }, next: () => number, count: number): Chunk[] {
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)]!;
  const chunks: Chunk[] = [];
  let heading = pick(pool.titles);
  for (let i = 0; i < count; i++) {
    if (i % 5 === 0) heading = pick(pool.titles);
    const parts: string[] = [];
    // Each sentence's [start, end) in the chunk text, as the chunker records them in the layout.
    const sentences: Array<[number, number]> = [];
    let length = 0;
    let words = 0;
    while (words < CHUNK_WORDS) {
      const s = pick(pool.sentences);
      if (parts.length) length += 1;
      sentences.push([length, length + s.length]);
      length += s.length;
      parts.push(s);
      words += s.split(" ").length;
    }
    const page = Math.floor(i / 2) + 1;
    const layout = { pages: [{ offset: 0, page, label: null }], rows: [], sentences };
    chunks.push({ index: i, text: parts.join(" "), heading, pages: [page], pageLabel: null, wordCount: words, layout });
  }
  return chunks;
}

export function fileMb(file: string): number {
  const size = (f: string) => (fs.existsSync(f) ? fs.statSync(f).size : 0);
  return Math.round((size(file) + size(`${file}-wal`)) / 1_048_576);
}

/** A lexical corpus of about `size` chunks (plus the PubMedQA abstracts), built once and cached. */
export function lexicalCorpus(size: number, cacheDir: string, log: (line: string) => void): { db: Db; file: string; buildSeconds: number | null } {
  const file = path.join(cacheDir, `lexical-v${CORPUS_VERSION}-${size}.db`);
  if (fs.existsSync(file)) return { db: openDatabase(file), file, buildSeconds: null };
  const building = `${file}.building`;
  fs.rmSync(building, { force: true });
  const db = openDatabase(building);
  const started = performance.now();
  const pool = sentencePool();
  ingestDataset(db, loadPubMedQa(path.join(corpora, "pubmedqa", "dev.json")));
  const next = seededRandom(size);
  const documentsWanted = Math.ceil(size / CHUNKS_PER_DOCUMENT);
  const perTransaction = 100;
  for (let d = 0; d < documentsWanted; d += perTransaction) {
    db.transaction(() => {
      for (let j = d; j < Math.min(documentsWanted, d + perTransaction); j++) {
        const id = `bench-${j}`;
        const title = pool.titles[Math.floor(next() * pool.titles.length)]!;
        insertDocumentRow(db, id, title);
        indexDocument(db, { id, title, authors: [] }, syntheticChunks(pool, next, CHUNKS_PER_DOCUMENT));
      }
    });
    if (d % 2000 === 0) log(`  lexical ${size}: ${(d * CHUNKS_PER_DOCUMENT).toLocaleString()} chunks, ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  // As a bulk ingest ends: one full-text segment (see optimizeIndex).
  optimizeIndex(db);
  db.$client.pragma("wal_checkpoint(TRUNCATE)");
  db.$client.close();
  fs.renameSync(building, file);
  for (const suffix of ["-wal", "-shm"]) fs.rmSync(`${building}${suffix}`, { force: true });
  return { db: openDatabase(file), file, buildSeconds: Math.round((performance.now() - started) / 100) / 10 };
}

async function timeQueries(db: Db, questions: Array<{ id: string; text: string }>, tuning?: Partial<LexicalTuning>) {
  const ms: number[] = [];
  const results = new Map<string, string[]>();
  for (const q of questions.slice(0, 5)) await search(q.text, { db, k: 10, tuning }); // warm caches
  for (const q of questions) {
    const started = performance.now();
    const passages = await search(q.text, { db, k: 10, tuning });
    ms.push(performance.now() - started);
    results.set(q.id, passages.map((p) => `${p.documentId}#${p.chunkId}`));
  }
  return { latency: percentiles(ms), results };
}

function goldQuality(results: Map<string, string[]>) {
  let mrr = 0;
  let recall = 0;
  for (const [pmid, hits] of results) {
    const i = hits.findIndex((h) => h.startsWith(`${pmid}#`));
    if (i >= 0) {
      mrr += 1 / (i + 1);
      recall += 1;
    }
  }
  const n = results.size || 1;
  return { mrr10: Math.round((mrr / n) * 10_000) / 10_000, recall10: Math.round((recall / n) * 10_000) / 10_000 };
}

function sameTop10(a: Map<string, string[]>, b: Map<string, string[]>): number {
  let same = 0;
  let total = 0;
  for (const [q, hits] of a) {
    const other = new Set(b.get(q) ?? []);
    same += hits.filter((h) => other.has(h)).length;
    total += hits.length;
  }
  return total ? Math.round((same / total) * 10_000) / 10_000 : 1;
}

/**
 * Reads the database file once so it is in the OS page cache, as it is in a server that has been
 * answering questions for a while: the figures are steady-state latency, not disk seeks.
 */
export function warmPageCache(file: string) {
  const fd = fs.openSync(file, "r");
  const buffer = Buffer.alloc(8 * 1_048_576);
  try {
    while (fs.readSync(fd, buffer, 0, buffer.length, null) > 0);
  } finally {
    fs.closeSync(fd);
  }
}

async function benchLexical(size: number, options: Required<BenchOptions>): Promise<LexicalFigures> {
  const { db, file, buildSeconds } = lexicalCorpus(size, options.cacheDir, options.log);
  try {
    warmPageCache(file);
    const questions = loadPubMedQa(path.join(corpora, "pubmedqa", "dev.json")).queries.slice(0, options.queries);
    const fast = await timeQueries(db, questions, options.tuning);
    const quality = goldQuality(fast.results);
    let exhaustive: Awaited<ReturnType<typeof timeQueries>> | null = null;
    if (options.exhaustive) exhaustive = await timeQueries(db, questions, { postingsBudget: Number.MAX_SAFE_INTEGER });
    const exhaustiveQuality = exhaustive ? goldQuality(exhaustive.results) : null;
    return {
      chunks: db.$client.prepare("SELECT chunks FROM search_stats").pluck().get() as number,
      buildSeconds,
      dbMb: fileMb(file),
      latency: fast.latency,
      exhaustive: exhaustive?.latency ?? null,
      quality: {
        ...quality,
        exhaustiveMrr10: exhaustiveQuality?.mrr10 ?? null,
        exhaustiveRecall10: exhaustiveQuality?.recall10 ?? null,
        sameTop10: exhaustive ? sameTop10(fast.results, exhaustive.results) : null,
      },
    };
  } finally {
    db.$client.close();
  }
}

export function unitVector(next: () => number, dims: number): Float32Array {
  const v = new Float32Array(dims);
  let norm = 0;
  for (let i = 0; i < dims; i++) {
    // Box-Muller: Gaussian components give directions uniform on the sphere.
    const g = Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
    v[i] = g;
    norm += g * g;
  }
  norm = Math.sqrt(norm);
  for (let i = 0; i < dims; i++) v[i]! /= norm;
  return v;
}

const EMBEDDER_ID = "bench:random-384";

function clusterCentres(): Float32Array[] {
  const next = seededRandom(42);
  return Array.from({ length: CLUSTERS }, () => unitVector(next, DIMENSIONS));
}

/** A unit vector around a centre: cosine ~0.7 to it, ~0.5 to its cluster's other members, ~0 to the rest. */
function nearby(centre: Float32Array, next: () => number): Float32Array {
  const noise = unitVector(next, DIMENSIONS);
  const v = centre.map((x, i) => x + CLUSTER_SPREAD * noise[i]!);
  const norm = Math.hypot(...v);
  return v.map((x) => x / norm);
}

function vectorCorpus(size: number, cacheDir: string, log: (line: string) => void): { db: Db; file: string; buildSeconds: number | null } {
  const file = path.join(cacheDir, `vector-v${VECTOR_CORPUS_VERSION}-${size}.db`);
  if (fs.existsSync(file)) return { db: openDatabase(file), file, buildSeconds: null };
  const building = `${file}.building`;
  fs.rmSync(building, { force: true });
  const db = openDatabase(building);
  const started = performance.now();
  const next = seededRandom(size + 1);
  const centres = clusterCentres();
  const perDocument = 1000;
  for (let d = 0; d * perDocument < size; d++) {
    db.transaction(() => {
      const id = `vec-${d}`;
      insertDocumentRow(db, id, id);
      const chunks: Chunk[] = Array.from({ length: Math.min(perDocument, size - d * perDocument) }, (_, i) => ({
        index: i,
        text: `chunk ${i}`,
        heading: null,
        pages: [1],
        pageLabel: null,
        wordCount: 2,
        layout: { pages: [{ offset: 0, page: 1, label: null }], rows: [], sentences: [[0, `chunk ${i}`.length]] },
      }));
      const vectors = chunks.map(() => nearby(centres[Math.floor(next() * CLUSTERS)]!, next));
      indexDocument(db, { id, title: id, authors: [] }, chunks, { embedderId: EMBEDDER_ID, vectors });
    });
    if (d % 100 === 0) log(`  vectors ${size}: ${(d * perDocument).toLocaleString()}, ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  db.$client.pragma("wal_checkpoint(TRUNCATE)");
  db.$client.close();
  fs.renameSync(building, file);
  for (const suffix of ["-wal", "-shm"]) fs.rmSync(`${building}${suffix}`, { force: true });
  return { db: openDatabase(file), file, buildSeconds: Math.round((performance.now() - started) / 100) / 10 };
}

function benchVector(size: number, options: Required<BenchOptions>): VectorFigures {
  const { db, file, buildSeconds } = vectorCorpus(size, options.cacheDir, options.log);
  try {
    const client = db.$client;
    warmPageCache(file);
    const loadStarted = performance.now();
    const loaded = loadVectorIndex(client, DIMENSIONS);
    const loadMs = Math.round(performance.now() - loadStarted);
    const next = seededRandom(7);
    // Queries on a topic: near a cluster centre, as the stored vectors are.
    const centres = clusterCentres();
    const queries = Array.from({ length: options.queries }, () => nearby(centres[Math.floor(next() * CLUSTERS)]!, next));
    const run = (strategy: "exact" | "binary", candidatesPerResult?: number) => {
      const ms: number[] = [];
      const hits: number[][] = [];
      for (const q of queries) {
        const started = performance.now();
        const found = vectorSearch(client, q, {
          embedderId: EMBEDDER_ID,
          k: 10,
          scope: { viewerId: null },
          totalChunks: size,
          strategy,
          candidatesPerResult,
        });
        ms.push(performance.now() - started);
        hits.push(found.map((h) => h.chunkId));
      }
      return { latency: percentiles(ms), hits };
    };
    run("binary"); // warm caches
    const exact = run("exact");
    const recall = (got: number[][]) => {
      let found = 0;
      let total = 0;
      exact.hits.forEach((truth, i) => {
        const set = new Set(got[i]);
        found += truth.filter((id) => set.has(id)).length;
        total += truth.length;
      });
      return total ? Math.round((found / total) * 10_000) / 10_000 : 1;
    };
    const binary = run("binary");
    const candidates = options.candidates.map((perResult) => {
      const r = run("binary", perResult);
      return { perResult, latency: r.latency, recall10: recall(r.hits) };
    });
    return {
      chunks: size,
      dimensions: DIMENSIONS,
      buildSeconds,
      dbMb: fileMb(file),
      exact: exact.latency,
      binary: binary.latency,
      recall10: recall(binary.hits),
      loadMs,
      indexMb: Math.round((loaded.bytes / 1_048_576) * 10) / 10,
      candidates,
    };
  } finally {
    db.$client.close();
  }
}

async function evalQuality(location: string, load: (p: string) => Parameters<typeof ingestDataset>[1]): Promise<Metrics> {
  const { db, dir } = temporaryDatabase("vetsearch-bench-eval-");
  try {
    const dataset = load(location);
    ingestDataset(db, dataset);
    const { perQueryMs: _ignored, ...metrics } = await evaluate(db, dataset);
    return metrics;
  } finally {
    db.$client.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function runSearchBench(opts: BenchOptions = {}): Promise<Figures> {
  const options: Required<BenchOptions> = {
    sizes: opts.sizes ?? [10_000, 100_000, 1_000_000],
    vectorSizes: opts.vectorSizes ?? [100_000, 500_000],
    queries: opts.queries ?? 200,
    quality: opts.quality ?? true,
    exhaustive: opts.exhaustive ?? true,
    candidates: opts.candidates ?? [],
    tuning: opts.tuning ?? {},
    cacheDir: opts.cacheDir ?? BENCH_CACHE_DIR,
    log: opts.log ?? ((line) => console.log(line)),
  };
  fs.mkdirSync(options.cacheDir, { recursive: true });
  const figures: Figures = { lexical: [], vector: [], quality: { scifact: null, pubmedqa: null } };
  if (options.quality) {
    options.log("quality: SciFact train, PubMedQA dev ...");
    figures.quality.scifact = await evalQuality(path.join(corpora, "scifact"), loadBeir);
    figures.quality.pubmedqa = await evalQuality(path.join(corpora, "pubmedqa", "dev.json"), loadPubMedQa);
  }
  for (const size of options.sizes) {
    options.log(`lexical: ${size.toLocaleString()} chunks ...`);
    figures.lexical.push(await benchLexical(size, options));
    options.log(`  ${JSON.stringify(figures.lexical.at(-1))}`);
  }
  for (const size of options.vectorSizes) {
    options.log(`vector: ${size.toLocaleString()} chunks ...`);
    figures.vector.push(benchVector(size, options));
    options.log(`  ${JSON.stringify(figures.vector.at(-1))}`);
  }
  return figures;
}

function printFigures(figures: Figures) {
  console.table(
    Object.fromEntries(
      figures.lexical.map((f) => [
        `lexical ${f.chunks.toLocaleString()}`,
        {
          "p50 ms": f.latency.p50Ms,
          "p95 ms": f.latency.p95Ms,
          "exhaustive p95 ms": f.exhaustive?.p95Ms ?? "-",
          "gold MRR@10": f.quality.mrr10,
          "exhaustive MRR@10": f.quality.exhaustiveMrr10 ?? "-",
          "same top 10": f.quality.sameTop10 ?? "-",
          "build s": f.buildSeconds ?? "cached",
          "DB MB": f.dbMb,
        },
      ]),
    ),
  );
  console.table(
    Object.fromEntries(
      figures.vector.map((f) => [
        `vector ${f.chunks.toLocaleString()}`,
        {
          "exact p50": f.exact.p50Ms,
          "exact p95": f.exact.p95Ms,
          "binary p50": f.binary.p50Ms,
          "binary p95": f.binary.p95Ms,
          "recall@10": f.recall10,
          "load ms": f.loadMs,
          "codes MB": f.indexMb,
          "build s": f.buildSeconds ?? "cached",
          "DB MB": f.dbMb,
        },
      ]),
    ),
  );
  for (const f of figures.vector) {
    for (const c of f.candidates) {
      console.log(`vector ${f.chunks.toLocaleString()}, ${c.perResult} candidates per result (default ${CANDIDATES_PER_RESULT}): p50 ${c.latency.p50Ms} / p95 ${c.latency.p95Ms} ms, recall@10 ${c.recall10}`);
    }
  }
  for (const [name, m] of Object.entries(figures.quality)) if (m) console.log(`${name}: ${JSON.stringify(m)}`);
}

const listArg = (argv: string[], name: string) => {
  const i = argv.indexOf(name);
  return i >= 0 ? (argv[i + 1] ?? "").split(",").filter(Boolean).map(Number) : undefined;
};

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const argv = process.argv.slice(2);
  const queriesArg = listArg(argv, "--queries");
  const figures = await runSearchBench({
    sizes: listArg(argv, "--sizes"),
    vectorSizes: listArg(argv, "--vector-sizes"),
    queries: queriesArg?.[0],
    quality: !argv.includes("--no-quality"),
    exhaustive: !argv.includes("--no-exhaustive"),
    candidates: listArg(argv, "--candidates"),
    tuning: argv.includes("--tuning") ? (JSON.parse(argv[argv.indexOf("--tuning") + 1] ?? "{}") as Partial<LexicalTuning>) : undefined,
  });
  printFigures(figures);
  if (argv.includes("--json")) console.log(JSON.stringify(figures));
}
