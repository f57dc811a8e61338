import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { loadLocalEmbedder } from "../local.server";
import { MINILM_L6_SHAPE, writeBertFixture } from "./bert-fixture.server";

/**
 * Measures local embedding throughput with a model of all-MiniLM-L6-v2's exact shape (6 layers,
 * 384 hidden, 12 heads, 1536 intermediate; fp32), built on the spot because no real model can be
 * downloaded here. Weights are random, so the cost per token is the real model's; for
 * `npm run bench`, never for assertions.
 */
export type LocalBenchResult = {
  chunks: number;
  wordsPerChunk: number;
  batchSize: number;
  loadMs: number;
  chunksPerSecond: number;
  queryMs: number;
  rssMb: number;
};

function wordList(text: string, limit: number): string[] {
  const counts = new Map<string, number>();
  for (const w of text.toLowerCase().match(/[a-z]+/g) ?? []) counts.set(w, (counts.get(w) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).slice(0, limit).map(([w]) => w);
}

/** Consecutive `wordsPerChunk`-word passages of `text`, like the chunker's 200-400 word chunks. */
function passages(text: string, count: number, wordsPerChunk: number): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const out: string[] = [];
  for (let i = 0; out.length < count && i + wordsPerChunk <= words.length; i += wordsPerChunk) out.push(words.slice(i, i + wordsPerChunk).join(" "));
  return out;
}

export async function benchLocalEmbedder(corpusText: string, options: { chunks?: number; wordsPerChunk?: number; batchSize?: number } = {}): Promise<LocalBenchResult> {
  const { chunks = 256, wordsPerChunk = 300, batchSize = 32 } = options;
  const modelsDir = fs.mkdtempSync(path.join(os.tmpdir(), "embeddings-bench-"));
  try {
    // A vocabulary of the corpus's own words keeps tokens per word near a real WordPiece vocabulary's
    writeBertFixture(path.join(modelsDir, "bench", "all-MiniLM-L6-v2"), { shape: MINILM_L6_SHAPE, words: wordList(corpusText, 30_000) });
    const started = performance.now();
    const result = await loadLocalEmbedder({ model: "bench/all-MiniLM-L6-v2", modelsDir, batchSize });
    if (!result.ok) throw new Error(result.reason);
    const loadMs = performance.now() - started;
    const texts = passages(corpusText, chunks, wordsPerChunk);
    await result.embedder.embed(texts.slice(0, batchSize)); // warm-up
    const t0 = performance.now();
    await result.embedder.embed(texts);
    const seconds = (performance.now() - t0) / 1000;
    const q0 = performance.now();
    for (let i = 0; i < 10; i++) await result.embedder.embed(["what is the dose of meloxicam in cats"], { kind: "query" });
    const queryMs = (performance.now() - q0) / 10;
    const rssMb = process.memoryUsage().rss / 1024 / 1024;
    await result.embedder.dispose();
    return { chunks: texts.length, wordsPerChunk, batchSize, loadMs, chunksPerSecond: texts.length / seconds, queryMs, rssMb };
  } finally {
    fs.rmSync(modelsDir, { recursive: true, force: true });
  }
}
