// `npm run bench [-- start server ingest search answer scale embeddings local]`: measures the built app (all sections by
// default; "scale" is the hospital-sized knowledge base of 1M chunks, see bench-scale.ts; "embeddings" needs the local embedding model in MODELS_DIR, `npm run models -- fetch embedding`;
// `local`, the built-in chat model, is skipped with the reason when its GGUF file is not in MODELS_DIR).
// Prints tables and, last, one JSON line with every figure; writes them to bench-results/latest.json (the run
// before kept as previous.json) and prints them beside the previous run's, flagging any more than 20 % worse.
import fs from "node:fs";
import os from "node:os";
import autocannon from "autocannon";
import { HttpClient, ROOT, startServer } from "../tests/support/server";
import { runAnswerBench } from "./bench-answer";
import { printEmbeddingsFigures, runEmbeddingsBench } from "./bench-embeddings";
import { runIngestBench } from "./bench-ingest";
import { runLocalModelBench } from "./bench-local";
import { printScaleFigures, runScaleBench } from "./bench-scale";
import { runSearchBench } from "./bench-search";
import { compareFigures, comparisonRows, loadAverage, RESULTS_DIR, saveRun, WORSE_BY } from "./bench-results";

const sections = new Set(process.argv.slice(2).filter((a) => !a.startsWith("-")));
const want = (name: string) => sections.size === 0 || sections.has(name);

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round((kb / 1024) * 10) / 10;
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const round1 = (ms: number) => Math.round(ms * 10) / 10;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Load for DURATION_S with CONNECTIONS, or `amount` requests over `connections`. */
async function load(url: string, headers: Record<string, string>, fixed?: { amount: number; connections: number }) {
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const options = fixed ? { url, headers, ...fixed } : { url, connections: CONNECTIONS, duration: DURATION_S, headers };
    const instance = autocannon(options, (err, res) => (err ? reject(err) : resolve(res)));
    instance.on("response", (_client, _status, _bytes, ms) => latencies.push(ms));
  });
  latencies.sort((a, b) => a - b);
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: percentile(latencies, 50),
    p95Ms: percentile(latencies, 95),
    p99Ms: percentile(latencies, 99),
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

async function benchServer() {
  const server = await startServer({ env: { ADMIN_PASSWORD: "bench-admin-password" } });
  try {
    await sleep(2000);
    const idleAtStartMb = rssMb(server.pid);
    const admin = new HttpClient(server.url);
    const signIn = await admin.signIn(server.adminEmail, "bench-admin-password");
    if (signIn.status !== 303) throw new Error(`sign-in failed: ${signIn.status}`);
    console.log(`GET /api/auth/user, ${CONNECTIONS} connections, ${DURATION_S} s ...`);
    const authUser = await load(`${server.url}/api/auth/user`, { Cookie: admin.cookie });
    // A user's chat history: 30 conversations listed by the sidebar on every visit.
    for (let i = 0; i < 30; i++) {
      const res = await admin.json("POST", "/api/conversations", { title: `Bench conversation ${i}` });
      if (res.status !== 201) throw new Error(`creating a conversation failed: ${res.status}`);
    }
    console.log(`GET /api/conversations (30 conversations), ${CONNECTIONS} connections, ${DURATION_S} s ...`);
    const conversations = await load(`${server.url}/api/conversations`, { Cookie: admin.cookie });
    const afterLoadMb = rssMb(server.pid);
    await sleep(5000);
    const idleAfterLoadMb = rssMb(server.pid);
    console.table({
      "GET /api/auth/user": { "req/s": authUser.requestsPerSecond, "p50 ms": authUser.p50Ms, "p95 ms": authUser.p95Ms, "p99 ms": authUser.p99Ms, "non-2xx": authUser.non2xx },
      "GET /api/conversations": { "req/s": conversations.requestsPerSecond, "p50 ms": conversations.p50Ms, "p95 ms": conversations.p95Ms, "p99 ms": conversations.p99Ms, "non-2xx": conversations.non2xx },
    });
    console.table({ "server RSS (MB)": { "idle at start": idleAtStartMb, "right after load": afterLoadMb, "idle 5 s later": idleAfterLoadMb } });
    return {
      authUser: { connections: CONNECTIONS, durationS: DURATION_S, ...authUser },
      conversations: { connections: CONNECTIONS, durationS: DURATION_S, ...conversations },
      memoryMb: { idleAtStart: idleAtStartMb, afterLoad: afterLoadMb, idleAfterLoad: idleAfterLoadMb },
    };
  } finally {
    await server.stop();
  }
}

/**
 * The server as `npm start` runs it (no NODE_ENV in the environment: server.js picks production), beside
 * NODE_ENV=development, which is what `npm start` ran before it did: idle RSS after start, and 500
 * requests (10 connections, after 100 not counted) each to the signed-out landing page (server-rendered
 * React) and /api/health.
 */
async function benchStart() {
  const START_REQUESTS = 500;
  const START_CONNECTIONS = 10;
  const rows: Record<string, Record<string, number>> = {};
  const result: Record<string, unknown> = {};
  for (const [label, nodeEnv] of [
    ["npm start (NODE_ENV unset)", undefined],
    ["NODE_ENV=development", "development"],
  ] as const) {
    const server = await startServer({ env: { NODE_ENV: nodeEnv } });
    try {
      await sleep(2000);
      const idleMb = rssMb(server.pid);
      const fixed = { amount: START_REQUESTS, connections: START_CONNECTIONS };
      // Warm-up (not counted): the first requests compile the code paths.
      await load(`${server.url}/`, {}, { amount: 100, connections: START_CONNECTIONS });
      await load(`${server.url}/api/health`, {}, { amount: 100, connections: START_CONNECTIONS });
      const landing = await load(`${server.url}/`, {}, fixed);
      const health = await load(`${server.url}/api/health`, {}, fixed);
      const afterMb = rssMb(server.pid);
      rows[label] = {
        "idle RSS MB": idleMb,
        "GET / p50 ms": round1(landing.p50Ms),
        "GET / p95 ms": round1(landing.p95Ms),
        "GET /api/health p50 ms": round1(health.p50Ms),
        "GET /api/health p95 ms": round1(health.p95Ms),
        "RSS after MB": afterMb,
      };
      result[nodeEnv ?? "unset"] = { idleRssMb: idleMb, rssAfterMb: afterMb, landing, health, requests: START_REQUESTS, connections: START_CONNECTIONS };
    } finally {
      await server.stop();
    }
  }
  console.table(rows);
  return result;
}

const figures: Record<string, unknown> = {};
const loadAverageAtStart = loadAverage();
if (want("start")) {
  console.log("The server as npm start runs it, and in development mode: idle RSS, p95 of GET / and /api/health ...");
  figures.start = await benchStart();
}
if (want("server")) figures.server = await benchServer();
if (want("ingest")) {
  console.log("Ingestion (ours vs pdftotext), peak memory, server latency during ingestion ...");
  const ingest = await runIngestBench();
  console.log("Uploads to the running server (upload -> completed):");
  console.table(ingest.uploads.rows);
  console.log(`Server memory: peak ${ingest.uploads.serverPeakRssMb} MB over these uploads, ${ingest.uploads.serverRssAfterMb} MB after them`);
  console.log("The bulk-ingest command, a new process each run:");
  console.table(ingest.ingestion);
  console.log("Abbreviation mining (part of indexing) on the 400-page book:");
  console.table({ "mining and storing definitions": ingest.abbreviationMining });
  console.table({ "GET /api/auth/user during ingestion": ingest.serverDuringIngestion });
  figures.ingest = ingest;
}
if (want("search")) {
  console.log("Search latency at 10k / 100k / 1M chunks (lexical) and 100k / 500k (vector) ...");
  figures.search = await runSearchBench();
}
if (want("answer")) {
  console.log("Answer time (extractive) at 10k / 100k chunks, time to first token (loopback Ollama) ...");
  const answer = await runAnswerBench();
  console.table(answer.extractive);
  console.table({ "time to first token": answer.timeToFirstToken });
  figures.answer = answer;
}
if (want("scale")) {
  console.log("A hospital-sized knowledge base (1M chunks): lexical and hybrid search p95, extractive answer p95, DB size, server RSS while serving ...");
  const scale = await runScaleBench();
  printScaleFigures(scale);
  figures.scale = scale;
}
if (want("embeddings")) {
  console.log("Semantic search (EMBEDDINGS=local): model size and memory, ingestion with embeddings, hybrid search at 100k / 1M chunks ...");
  try {
    const embeddings = await runEmbeddingsBench();
    printEmbeddingsFigures(embeddings);
    figures.embeddings = embeddings;
  } catch (error) {
    // Asked for by name it must run; in a plain `npm run bench` a machine without the model skips it, saying why
    if (sections.has("embeddings")) throw error;
    console.log(`Semantic search skipped: ${error instanceof Error ? error.message : String(error)}`);
  }
}
if (want("local")) {
  console.log(`Built-in chat model: first token and tokens/s with a ~1,500-token answer prompt, RSS loaded ...`);
  try {
    const local = await runLocalModelBench();
    console.table(local.runs);
    console.table({ "RSS (MB)": local.rssMb });
    figures.local = local;
  } catch (error) {
    console.log(`  skipped: ${error instanceof Error ? error.message : String(error)}`);
    figures.local = { skipped: error instanceof Error ? error.message : String(error) };
  }
}
console.log(JSON.stringify(figures));

// Beside the previous run's figures: the machine is often shared, so the load averages are kept with them.
const previous = saveRun(ROOT, {
  at: new Date().toISOString(),
  sections: sections.size ? [...sections] : ["all"],
  machine: { cpus: os.availableParallelism(), loadAverageAtStart, loadAverageAtEnd: loadAverage() },
  figures,
});
const comparisons = compareFigures(previous?.figures ?? null, figures);
console.log(
  previous
    ? `\nThis run beside the previous one (${previous.at}, load average ${previous.machine.loadAverageAtStart.join(" ")}; now ${loadAverageAtStart.join(" ")}):`
    : "\nFirst recorded run: nothing to compare with yet.",
);
console.table(comparisonRows(comparisons));
const worse = comparisons.filter((c) => c.worse);
console.log(
  `${worse.length ? `${worse.length} figure(s) more than ${WORSE_BY * 100} % worse than the previous run: ${worse.map((c) => c.figure).join(", ")}.` : `No figure more than ${WORSE_BY * 100} % worse.`} Saved in ${RESULTS_DIR}/latest.json.`,
);
