/**
 * A hospital-sized knowledge base for `npm run bench -- scale`: 1M chunks (about 3,000 textbooks of
 * ~330 chunks) built from real sentences (bench-search.ts's lexical corpus, cached under
 * $TMPDIR/vetsearch-bench), and the figures an IT admin sizes a server by:
 * - lexical search p95 (search(), k = 10, as the app calls it) for 200 real questions (PubMedQA dev);
 * - hybrid search p95 with 384-dimension vectors (sqlite-vec table + binary index with exact re-ranking):
 *   the questions are embedded by the real local model (all-MiniLM-L6-v2), the 1M stored vectors are
 *   SYNTHETIC (clustered random unit vectors, as bench-embeddings.ts builds them), so the timing is real
 *   and the vector half's ranking is not; skipped with the reason when the model is not in MODELS_DIR;
 * - extractive answer p95 (the whole answer path: search, relevance, passage choice, citations);
 * - database size per million chunks, lexical and with vectors;
 * - the real server's RSS while it answers those questions over HTTP on a copy of the 1M database
 *   (EMBEDDINGS=none, the embedded default), with the HTTP answer time.
 * Latencies are given as wall time and as the CPU time of the thread (what an idle core would take), with
 * `uptime`'s load averages: on a shared machine the two differ.
 * `tsx scripts/bench-scale.ts [--size 1000000] [--no-server] [--no-hybrid]` runs it alone.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { answerQuestion, REFUSAL, type AnswerDeps } from "../app/lib/answer/index.server";
import { embedderFromEnvironment } from "../app/lib/embeddings/index.server";
import { search } from "../app/lib/search/index.server";
import { ANALYZER_VERSION } from "../app/lib/search/spelling";
import { HttpClient, startServer } from "../tests/support/server";
import { questions } from "./bench-answer";
import { hybridCorpus, hybridSearch } from "./bench-embeddings";
import { BENCH_CACHE_DIR, fileMb, lexicalCorpus, percentiles, warmPageCache, type LatencyFigures } from "./bench-search";

const round = (x: number, digits = 1) => Math.round(x * 10 ** digits) / 10 ** digits;
const perMillion = (mb: number, chunks: number) => round((mb / chunks) * 1_000_000 / 1024, 2);

/** The targets of a hospital-sized install (issue 17). */
export const SCALE_TARGETS = { lexicalP95Ms: 50, hybridP95Ms: 80, answerP95Ms: 300, serverRssMb: 400 } as const;

/**
 * Wall time per call, and the CPU time this thread spent on it: on a machine other work keeps busy the
 * wall time is stretched by waiting for a core, the CPU time is what an idle core would have taken.
 */
async function timed(calls: Array<() => Promise<unknown>>) {
  const wall: number[] = [];
  const cpu: number[] = [];
  for (const call of calls) {
    const started = performance.now();
    const used = process.cpuUsage();
    await call();
    const spent = process.cpuUsage(used);
    cpu.push((spent.user + spent.system) / 1000);
    wall.push(performance.now() - started);
  }
  return { wall: percentiles(wall), cpu: percentiles(cpu) };
}

async function lexicalLatency(size: number, log: (line: string) => void) {
  const { db, file } = lexicalCorpus(size, BENCH_CACHE_DIR, log);
  try {
    warmPageCache(file);
    const qs = questions();
    const deps: AnswerDeps = { db, embedder: async () => null, chatModel: async () => null };
    const ask = (q: string) => answerQuestion({ question: q, history: [], viewerId: null, usePubmed: false, useThinkHarder: false }, deps);
    for (const q of qs.slice(0, 5)) await Promise.all([search(q, { db, k: 10 }), ask(q)]);
    const lexical = await timed(qs.map((q) => () => search(q, { db, k: 10 })));
    let refused = 0;
    const answer = await timed(qs.map((q) => async () => void ((await ask(q)).content === REFUSAL && refused++)));
    const chunks = db.$client.prepare("SELECT chunks FROM search_stats").pluck().get() as number;
    return { chunks, file, dbMb: fileMb(file), search: lexical, answer: { ...answer, answeredPercent: round((100 * (qs.length - refused)) / qs.length) } };
  } finally {
    db.$client.close();
  }
}

function rssMb(pid: number, field: "VmRSS" | "VmHWM" = "VmRSS"): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024);
}

/**
 * The built server on a copy of the database (its own data folder: the cached file stays as built),
 * answering the questions over HTTP from 4 connections; RSS sampled every 50 ms.
 */
async function serverWhileServing(dbFile: string, log: (line: string) => void) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vetsearch-bench-scale-"));
  try {
    log(`  copying the ${fileMb(dbFile).toLocaleString()} MB database for the server ...`);
    fs.copyFileSync(dbFile, path.join(dataDir, "app.db"));
    // The corpus was indexed by this tokenizer (CORPUS_VERSION keys on it) but written outside the app, which
    // records the analyzer at its start: without this the server would first rebuild all 1M index rows.
    const copy = new Database(path.join(dataDir, "app.db"));
    copy.prepare("UPDATE search_stats SET analyzer = ? WHERE id = 1").run(ANALYZER_VERSION);
    copy.close();
    const server = await startServer({ dataDir, env: { ADMIN_PASSWORD: "bench-admin-password", EMBEDDINGS: "none" } });
    try {
      const admin = new HttpClient(server.url);
      await admin.signIn(server.adminEmail, "bench-admin-password");
      const idleMb = rssMb(server.pid);
      let peakMb = idleMb;
      const sampler = setInterval(() => {
        try {
          peakMb = Math.max(peakMb, rssMb(server.pid));
        } catch {
          // the server ended between samples
        }
      }, 50);
      const qs = questions();
      const ms: number[] = [];
      let failed = 0;
      let next = 0;
      const asker = async () => {
        const res = await admin.json("POST", "/api/conversations", { title: "Bench" });
        const { id } = (await res.json()) as { id: string };
        for (let i = next++; i < qs.length; i = next++) {
          const started = performance.now();
          const answer = await admin.json("POST", `/api/conversations/${id}/messages`, { content: qs[i], usePubmed: false, useThinkHarder: false });
          await answer.arrayBuffer();
          if (answer.status >= 300) failed++;
          ms.push(performance.now() - started);
        }
      };
      await Promise.all(Array.from({ length: 4 }, asker));
      clearInterval(sampler);
      return { idleRssMb: idleMb, peakRssMb: Math.max(peakMb, rssMb(server.pid, "VmHWM")), rssAfterMb: rssMb(server.pid), httpAnswer: percentiles(ms), questions: qs.length, failed, connections: 4 };
    } finally {
      await server.stop({ keepData: true });
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export type ScaleFigures = {
  chunks: number;
  lexical: { wall: LatencyFigures; cpu: LatencyFigures };
  answer: { wall: LatencyFigures; cpu: LatencyFigures; answeredPercent: number };
  hybrid: { search: LatencyFigures; queryEmbedding: LatencyFigures; total: LatencyFigures; dbMb: number; vectors: string } | { skipped: string };
  size: { lexicalMb: number; lexicalGbPerMillionChunks: number; hybridMb: number | null; hybridGbPerMillionChunks: number | null };
  server: Awaited<ReturnType<typeof serverWhileServing>> | { skipped: string };
  /** uptime's 1, 5 and 15 minute load averages when the run started. */
  load: string[];
};

export async function runScaleBench(options: { size?: number; server?: boolean; hybrid?: boolean; log?: (line: string) => void } = {}): Promise<ScaleFigures> {
  const size = options.size ?? 1_000_000;
  const log = options.log ?? ((line: string) => console.log(line));
  fs.mkdirSync(BENCH_CACHE_DIR, { recursive: true });
  const load = os.loadavg().map((x) => x.toFixed(2));
  log(`scale: lexical search and extractive answers at ${size.toLocaleString()} chunks ...`);
  const lexical = await lexicalLatency(size, log);
  log(`  lexical ${JSON.stringify(lexical.search)}; extractive answer ${JSON.stringify(lexical.answer)}; ${lexical.dbMb} MB`);
  let hybrid: ScaleFigures["hybrid"] = { skipped: "--no-hybrid" };
  let hybridMb: number | null = null;
  if (options.hybrid ?? true) try {
    const embedder = await embedderFromEnvironment("local");
    log(`scale: hybrid search at ${size.toLocaleString()} chunks (${embedder.dimensions}-dimension vectors) ...`);
    const figures = await hybridSearch(size, embedder, log);
    hybridMb = fileMb(hybridCorpus(size, embedder, log));
    hybrid = {
      search: figures.hybridSearch,
      queryEmbedding: figures.queryEmbedding,
      total: figures.hybridTotal,
      dbMb: hybridMb,
      vectors: `${embedder.dimensions}-dimension: questions embedded by ${embedder.id}; stored vectors synthetic (clustered random unit vectors)`,
    };
    log(`  hybrid ${JSON.stringify(hybrid)}`);
  } catch (error) {
    hybrid = { skipped: error instanceof Error ? error.message : String(error) };
  }
  let server: ScaleFigures["server"] = { skipped: "--no-server" };
  if (options.server ?? true) {
    log(`scale: the server's memory while answering on the ${size.toLocaleString()}-chunk database ...`);
    server = await serverWhileServing(lexical.file, log);
    log(`  server ${JSON.stringify(server)}`);
  }
  return {
    load,
    chunks: lexical.chunks,
    lexical: lexical.search,
    answer: lexical.answer,
    hybrid,
    size: {
      lexicalMb: lexical.dbMb,
      lexicalGbPerMillionChunks: perMillion(lexical.dbMb, lexical.chunks),
      hybridMb,
      hybridGbPerMillionChunks: hybridMb === null ? null : perMillion(hybridMb, lexical.chunks),
    },
    server,
  };
}

const verdict = (value: number, target: number) => `${value} (target ≤ ${target}: ${value <= target ? "met" : "NOT met"})`;

export function printScaleFigures(f: ScaleFigures) {
  const rows: Record<string, string | number> = {
    chunks: f.chunks.toLocaleString(),
    "lexical search p50 / p95 ms": `${f.lexical.wall.p50Ms} / ${verdict(f.lexical.wall.p95Ms, SCALE_TARGETS.lexicalP95Ms)}`,
    "lexical search CPU p50 / p95 ms": `${f.lexical.cpu.p50Ms} / ${f.lexical.cpu.p95Ms}`,
    "hybrid search p50 / p95 ms": "skipped" in f.hybrid ? `skipped: ${f.hybrid.skipped}` : `${f.hybrid.search.p50Ms} / ${verdict(f.hybrid.search.p95Ms, SCALE_TARGETS.hybridP95Ms)}`,
    "extractive answer p50 / p95 ms": `${f.answer.wall.p50Ms} / ${verdict(f.answer.wall.p95Ms, SCALE_TARGETS.answerP95Ms)}`,
    "extractive answer CPU p50 / p95 ms": `${f.answer.cpu.p50Ms} / ${f.answer.cpu.p95Ms} (${f.answer.answeredPercent} % answered)`,
    "DB size per 1M chunks, lexical (GB)": f.size.lexicalGbPerMillionChunks,
    "DB size per 1M chunks, with 384-d vectors (GB)": f.size.hybridGbPerMillionChunks ?? "-",
  };
  if ("skipped" in f.server) rows["server RSS while serving (MB)"] = `skipped: ${f.server.skipped}`;
  else {
    rows["server RSS idle / peak while serving / after (MB)"] = `${f.server.idleRssMb} / ${verdict(f.server.peakRssMb, SCALE_TARGETS.serverRssMb)} / ${f.server.rssAfterMb}`;
    rows[`answers over HTTP p50 / p95 ms (${f.server.connections} connections, ${f.server.failed} failed)`] = `${f.server.httpAnswer.p50Ms} / ${f.server.httpAnswer.p95Ms}`;
  }
  console.table(rows);
  console.log(`load averages during the run: ${f.load.join(" / ")} (start) -> ${os.loadavg().map((x) => x.toFixed(2)).join(" / ")} (end), ${os.availableParallelism()} cores`);
  if (!("skipped" in f.hybrid)) console.log(`hybrid vectors: ${f.hybrid.vectors}; query embedding p95 ${f.hybrid.queryEmbedding.p95Ms} ms, embedding + search p95 ${f.hybrid.total.p95Ms} ms`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const argv = process.argv.slice(2);
  const sizeAt = argv.indexOf("--size");
  const figures = await runScaleBench({
    size: sizeAt >= 0 ? Number(argv[sizeAt + 1]) : undefined,
    server: !argv.includes("--no-server"),
    hybrid: !argv.includes("--no-hybrid"),
  });
  printScaleFigures(figures);
  console.log(JSON.stringify(figures));
}
