// Answer benchmark (`npm run bench -- answer`): the full answer path (search, relevance check, passage
// selection, extractive answer, citation check) for 200 real questions (PubMedQA dev) over knowledge
// bases of 10k and 100k chunks (the search benchmark's corpora: real sentences recombined, cached under
// $TMPDIR/vetsearch-bench); and the time to the first streamed token with the real `ollama` client
// against a loopback server speaking Ollama's streaming protocol (so it measures our path to the model,
// not a model).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { answerQuestion, createChatModel, type AnswerDeps, REFUSAL } from "../app/lib/answer/index.server";
import type { Db } from "../app/lib/db/index.server";
import { startFakeOllama } from "../tests/support/ollama-server";
import { BENCH_CACHE_DIR, lexicalCorpus, warmPageCache } from "./bench-search";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const QUESTIONS = 200;

function percentiles(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => Math.round((sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0) * 100) / 100;
  return { p50Ms: at(50), p95Ms: at(95), maxMs: at(100) };
}

export function questions(): string[] {
  const data = JSON.parse(fs.readFileSync(path.join(root, "..", "shared", "corpora", "pubmedqa", "dev.json"), "utf8")) as Record<string, { QUESTION: string }>;
  return Object.values(data)
    .map((e) => e.QUESTION)
    .slice(0, QUESTIONS);
}

export async function timeAnswers(db: Db, qs: string[], deps: AnswerDeps) {
  const ms: number[] = [];
  let refused = 0;
  for (const q of qs.slice(0, 5)) await answerQuestion({ question: q, history: [], viewerId: null, usePubmed: false, useThinkHarder: false }, deps);
  for (const q of qs) {
    const started = performance.now();
    const result = await answerQuestion({ question: q, history: [], viewerId: null, usePubmed: false, useThinkHarder: false }, deps);
    ms.push(performance.now() - started);
    if (result.content === REFUSAL) refused++;
  }
  return { ...percentiles(ms), answeredPercent: Math.round((1000 * (qs.length - refused)) / qs.length) / 10 };
}

export async function runAnswerBench(log: (line: string) => void = console.log) {
  fs.mkdirSync(BENCH_CACHE_DIR, { recursive: true });
  const qs = questions();
  const extractive: Record<string, unknown> = {};
  for (const size of [10_000, 100_000]) {
    log(`answers (extractive): ${size.toLocaleString()} chunks ...`);
    const { db, file } = lexicalCorpus(size, BENCH_CACHE_DIR, log);
    // As a serving machine has it, and as the search benchmark reads it: in the page cache, not on disk.
    warmPageCache(file);
    try {
      extractive[`${size / 1000}k chunks`] = await timeAnswers(db, qs, { db, embedder: async () => null, chatModel: async () => null });
    } finally {
      db.$client.close();
    }
  }
  log("time to first token (loopback Ollama protocol, 10k chunks) ...");
  const ollama = await startFakeOllama({ chat: { tokens: ["The answer ", "is in ", "passage [1]."] } });
  const { db } = lexicalCorpus(10_000, BENCH_CACHE_DIR, log);
  const model = createChatModel({ host: ollama.url, model: "llama3.2" });
  const ttft: number[] = [];
  try {
    const deps: AnswerDeps = { db, embedder: async () => null, chatModel: async () => model };
    for (const q of qs.slice(0, 100)) {
      const started = performance.now();
      let first: number | null = null;
      let modelAsked = false;
      // The loopback model's sentence is set aside by the citation check afterwards; its first token still
      // reached the screen, which is what this measures.
      await answerQuestion(
        {
          question: q,
          history: [],
          viewerId: null,
          usePubmed: false,
          useThinkHarder: false,
          onAnsweredBy: (by) => (modelAsked = by.provider === "ollama"),
          onToken: () => (first ??= performance.now() - started),
        },
        deps,
      );
      if (modelAsked && first !== null) ttft.push(first);
    }
  } finally {
    db.$client.close();
    await ollama.close();
  }
  return { extractive, timeToFirstToken: { questions: ttft.length, ...percentiles(ttft) } };
}
