// `npm run eval -- <BEIR folder | PubMedQA json> [--embeddings local|ollama] [--json] [--set key=value ...]`
// Indexes the collection into a temporary database through the real chunk + index path, runs every
// query through search(), and prints nDCG@10, Recall@10, Recall@100 and MRR@10. With --embeddings the
// chunks are embedded by that provider's model (EMBEDDING_MODEL, MODELS_DIR as the app reads them; the
// vectors are cached in $TMPDIR/vetsearch-eval-vectors/) and search is hybrid, as with EMBEDDINGS=local.
// With --json the last line is one JSON object {queries, ndcg10, recall10, recall100, mrr10}. --set
// overrides a BM25 tuning value for experiments (e.g. --set k1=0.9 --set b=0.4); see LEXICAL_TUNING in
// app/lib/search.
import fs from "node:fs";
import { embedderFromEnvironment, embeddingsProviderArgument, type Embedder } from "../app/lib/embeddings/index.server";
import { embedDataset, evaluate, EVAL_VECTOR_CACHE_DIR, ingestDataset, loadDataset, temporaryDatabase } from "../app/lib/search/evaluation.server";
import { LEXICAL_TUNING, type LexicalTuning } from "../app/lib/search/index.server";

function parseArgs(argv: string[]) {
  const positional: string[] = [];
  const tuning: Partial<Record<keyof LexicalTuning, number | boolean>> = {};
  let json = false;
  let embeddings: "local" | "ollama" | "openai" | null = null;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--json") json = true;
    else if (arg === "--embeddings") embeddings = embeddingsProviderArgument(argv[++i]);
    else if (arg === "--set") {
      const [key, value] = (argv[++i] ?? "").split("=");
      if (!key || value === undefined || !(key in LEXICAL_TUNING)) throw new Error(`--set needs key=value with a key of ${Object.keys(LEXICAL_TUNING).join(", ")}`);
      tuning[key as keyof LexicalTuning] = value === "true" ? true : value === "false" ? false : Number(value);
    } else positional.push(arg);
  }
  if (positional.length !== 1) throw new Error("usage: npm run eval -- <BEIR folder | PubMedQA json> [--embeddings local|ollama] [--json] [--set key=value]");
  return { location: positional[0]!, json, embeddings, tuning: tuning as Partial<LexicalTuning> };
}

const { location, json, embeddings, tuning } = parseArgs(process.argv.slice(2));
const dataset = loadDataset(location);
const embedder: Embedder | null = embeddings ? await embedderFromEnvironment(embeddings) : null;
const { db, dir } = temporaryDatabase("vetsearch-eval-");
try {
  let started = performance.now();
  ingestDataset(db, dataset);
  const indexSeconds = (performance.now() - started) / 1000;
  if (embedder) {
    started = performance.now();
    const embedded = await embedDataset(db, embedder, { cacheDir: EVAL_VECTOR_CACHE_DIR, log: (line) => console.log(line) });
    console.log(`${embedded.chunks} chunks ${embedded.cached ? "read from the vector cache" : `embedded with ${embedder.id}`} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  started = performance.now();
  const run = await evaluate(db, dataset, { tuning, embedder });
  const querySeconds = (performance.now() - started) / 1000;
  const { perQueryMs, ...metrics } = run;
  const sorted = [...perQueryMs].sort((a, b) => a - b);
  const p = (q: number) => Math.round((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0) * 10) / 10;
  console.log(`search: ${embedder ? `hybrid (BM25 + ${embedder.id} vectors, reciprocal rank fusion)` : "lexical (BM25)"}`);
  console.log(`${dataset.name}: ${dataset.documents.length} documents indexed in ${indexSeconds.toFixed(1)} s, ${metrics.queries} queries in ${querySeconds.toFixed(1)} s (p50 ${p(0.5)} ms, p95 ${p(0.95)} ms)`);
  if (Object.keys(tuning).length) console.log(`tuning: ${JSON.stringify(tuning)}`);
  console.table({ [dataset.name]: { "nDCG@10": metrics.ndcg10, "Recall@10": metrics.recall10, "Recall@100": metrics.recall100, "MRR@10": metrics.mrr10 } });
  if (json) console.log(JSON.stringify(metrics));
} finally {
  db.$client.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
