// Built-in model benchmark (`npm run bench -- local`): the GGUF chat model (LOCAL_CHAT_MODEL under MODELS_DIR,
// default SmolLM2-135M-Instruct Q4_1) run by node-llama-cpp in this process. With a ~1,500-token answer prompt
// (the real system prompt and VetBench passages, as the pipeline builds it): time to the first token and
// tokens per second while writing, free and under the citation grammar the answers use; this process's RSS
// before and with the model loaded; the event loop's delay while it generates; the file's size on disk.
import fs from "node:fs";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { chooseChatProvider, createLocalChatModel, defaultThreads } from "../app/lib/answer/index.server";
import { answerMessages, DEFAULT_SYSTEM_PROMPTS } from "../app/lib/answer/prompts.server";
import type { NumberedPassage } from "../app/lib/answer/types";
import { parseConfig } from "../app/lib/config.server";
import { CORPORA } from "./eval-answers/data";

const PROMPT_TOKENS = 1500;
const RUNS = 3;
const REPLY_TOKENS = 128;

const rssMb = () => Math.round(process.memoryUsage().rss / 1024 / 102.4) / 10;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

function passagesFrom(offset: number): NumberedPassage[] {
  const lines = fs.readFileSync(path.join(CORPORA, "veterinary", "vetbench_core_passages.txt"), "utf8").split(/\r?\n/).filter(Boolean);
  return lines.slice(offset, offset + 40).map((text, i) => ({
    number: i + 1,
    chunkId: offset + i,
    documentId: "vetbench",
    title: "VetBench core passages",
    pages: [offset + i + 1],
    pageLabel: null,
    heading: null,
    fileType: "pdf",
    text,
  }));
}

export async function runLocalModelBench(log: (line: string) => void = console.log) {
  const choice = chooseChatProvider({ ...parseConfig({ ...process.env, MODEL_PROVIDER: "local" }), modelsDir: path.resolve(process.env.MODELS_DIR ?? "models") });
  if (choice.provider !== "local") throw new Error("unreachable: MODEL_PROVIDER=local chooses the local model");
  const diskMb = Math.round(fs.statSync(choice.modelPath).size / 1024 / 102.4) / 10;
  const before = rssMb();
  const model = createLocalChatModel({ modelPath: choice.modelPath, threads: choice.threads, maxReplyTokens: REPLY_TOKENS });
  try {
    const loadStarted = performance.now();
    const status = await model.status();
    if (!status.available) throw new Error(status.reason);
    const loadMs = Math.round(performance.now() - loadStarted);
    const loaded = rssMb();
    const budget = model.promptBudget!();
    log(`local model ${status.model} on ${choice.threads ?? defaultThreads()} thread(s): ${diskMb} MB on disk, loaded in ${loadMs} ms; RSS ${before} -> ${loaded} MB`);

    /** An answer prompt of about PROMPT_TOKENS tokens; each run starts at other passages, so only the system prompt is reused (as between questions in the app). */
    const promptAt = (run: number) => {
      const pool = passagesFrom(run * 40);
      const passages: NumberedPassage[] = [];
      const build = () =>
        answerMessages({ question: "What is the recommended treatment and dose for this condition in dogs?", passages, history: [], prompts: DEFAULT_SYSTEM_PROMPTS, mode: { useThinkHarder: false, usePubmed: false } });
      const size = () => build().reduce((n, m) => n + budget.count(m.content), 0);
      for (const p of pool) {
        if (size() >= PROMPT_TOKENS) break;
        passages.push(p);
      }
      return { messages: build(), tokens: size(), passages: passages.map((p) => p.number) };
    };

    await model.chat(promptAt(0).messages, { maxTokens: 8, temperature: 0 });
    const rows: Record<string, Record<string, number>> = {};
    const figures: Record<string, unknown> = {};
    for (const mode of ["free", "citation grammar"] as const) {
      const ttft: number[] = [];
      const rates: number[] = [];
      const promptTokens: number[] = [];
      const delay = monitorEventLoopDelay({ resolution: 10 });
      for (let run = 1; run <= RUNS; run++) {
        const prompt = promptAt(run);
        promptTokens.push(prompt.tokens);
        const started = performance.now();
        let first: number | null = null;
        delay.enable();
        const text = await model.chat(prompt.messages, {
          maxTokens: REPLY_TOKENS,
          temperature: 0,
          citedPassages: mode === "free" ? undefined : prompt.passages,
          onToken: () => (first ??= performance.now()),
        });
        delay.disable();
        const ended = performance.now();
        const written = budget.count(text) - budget.count("");
        ttft.push((first ?? ended) - started);
        if (first !== null && written > 1) rates.push((written - 1) / ((ended - first) / 1000));
      }
      const row = {
        "prompt tokens": Math.round(median(promptTokens)),
        "first token ms p50": Math.round(median(ttft)),
        "tokens/s p50": Math.round(median(rates) * 10) / 10,
        "event loop delay p99 ms": Math.round(delay.percentile(99) / 1e5) / 10,
        "event loop delay max ms": Math.round(delay.max / 1e5) / 10,
      };
      rows[mode] = row;
      figures[mode] = { runs: RUNS, ...row, firstTokenMs: ttft.map(Math.round), tokensPerSecond: rates.map((r) => Math.round(r * 10) / 10) };
    }
    const after = rssMb();
    return { model: status.model, threads: choice.threads ?? defaultThreads(), diskMb, loadMs, rssMb: { beforeLoad: before, loaded, afterRuns: after }, runs: rows, figures };
  } finally {
    await model.dispose();
  }
}
