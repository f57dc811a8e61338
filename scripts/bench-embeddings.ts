/**
 * Semantic search figures for `npm run bench -- embeddings` (the local embedding model, EMBEDDINGS=local,
 * EMBEDDING_MODEL and MODELS_DIR as the app reads them):
 * - the model's size on disk, and the server's memory with it loaded (request thread and ingestion
 *   worker each hold a copy) against EMBEDDINGS=none;
 * - ingestion of the 76- and 400-page PDFs as uploads to the running server, with embeddings and
 *   without, and how long the "Generating embeddings" step took (from the session's console lines);
 * - hybrid search at 100k and 1M chunks: the lexical corpora of bench-search.ts with a random unit
 *   vector per chunk (clustered, as embeddings of real text are), queried by the real model's vectors
 *   of the PubMedQA questions: p50/p95 of embedding the query, of the search after it, and of both.
 * `tsx scripts/bench-embeddings.ts [--sizes 100000,1000000] [--no-ingest]` runs it alone.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { openDatabase } from "../app/lib/db/index.server";
import { DEFAULT_LOCAL_MODEL, embedderFromEnvironment, modelFolder, type Embedder } from "../app/lib/embeddings/index.server";
import { loadPubMedQa } from "../app/lib/search/evaluation.server";
import { embedQuery, searchWithVector } from "../app/lib/search/index.server";
import { addChunkVectors } from "../app/lib/search/indexer.server";
import { loadVectorIndex } from "../app/lib/search/vector.server";
import { seededRandom } from "../app/lib/seeded-random";
import { HttpClient, startServer, type TestServer } from "../tests/support/server";
import { upload, waitForSession } from "../tests/support/uploads";
import { bookPdf } from "./bench-ingest";
import { BENCH_CACHE_DIR, corpora, fileMb, lexicalCorpus, percentiles, unitVector, warmPageCache, type LatencyFigures } from "./bench-search";

const QUERIES = 200;
/** Random vectors cluster around this many topics, as in bench-search.ts's vector corpus. */
const CLUSTERS = 5000;

const round = (x: number, digits = 1) => Math.round(x * 10 ** digits) / 10 ** digits;

function folderMb(folder: string): number {
  let bytes = 0;
  for (const entry of fs.readdirSync(folder, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) bytes += fs.statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return round(bytes / 1_048_576);
}

function rssMb(pid: number, field: "VmRSS" | "VmHWM" = "VmRSS"): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** "[10:41:07] line" -> seconds since midnight. */
function stampOf(line: string | undefined): number | null {
  const m = /^\[(\d\d):(\d\d):(\d\d)\]/.exec(line ?? "");
  return m ? Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]) : null;
}

async function signedIn(env: Record<string, string>): Promise<{ server: TestServer; admin: HttpClient }> {
  const server = await startServer({ env: { ADMIN_PASSWORD: "bench-admin-password", ...env } });
  const admin = new HttpClient(server.url);
  await admin.signIn(server.adminEmail, "bench-admin-password");
  return { server, admin };
}

/** Server RSS when idle after start, with the retrieval status asked once (which loads the model on the request thread). */
async function idleRss(env: Record<string, string>): Promise<{ rssMb: number; mode: string }> {
  const { server, admin } = await signedIn(env);
  try {
    const status = (await (await admin.get("/api/admin/search-status")).json()) as { mode: string };
    await sleep(5000);
    return { rssMb: rssMb(server.pid), mode: status.mode };
  } finally {
    await server.stop();
  }
}

/** Each PDF uploaded once to a running server (after one untimed warm-up upload of the 76-page one). */
async function ingestion(files: string[], env: Record<string, string>) {
  const { server, admin } = await signedIn(env);
  try {
    const once = async (file: string) => {
      const started = Date.now();
      const res = await upload(admin, path.basename(file), fs.readFileSync(file));
      const { sessionId } = (await res.json()) as { sessionId: string };
      const session = await waitForSession(admin, sessionId, 1_800_000);
      if (session.status !== "completed") throw new Error(`ingestion of ${file} ended ${session.status}: ${session.error}`);
      const seconds = (Date.now() - started) / 1000;
      const from = stampOf(session.consoleOutput.find((l) => l.includes("Generating embeddings")));
      const to = stampOf(session.consoleOutput.find((l) => l.includes("Created embeddings")));
      await admin.request("DELETE", `/api/admin/documents/${session.documentId}`);
      return { seconds: round(seconds, 2), chunks: session.totalChunks ?? 0, embeddingSeconds: from !== null && to !== null ? to - from : null };
    };
    await once(files[0]!);
    const rows: Record<string, { seconds: number; chunks: number; embeddingSeconds: number | null }> = {};
    for (const file of files) rows[path.basename(file)] = await once(file);
    return { rows, serverPeakRssMb: rssMb(server.pid, "VmHWM") };
  } finally {
    await server.stop();
  }
}

/** The lexical corpus of `size` chunks with a clustered random unit vector per chunk under the real model's id (cached). */
export function hybridCorpus(size: number, embedder: Embedder, log: (line: string) => void) {
  const file = path.join(BENCH_CACHE_DIR, `hybrid-v1-${size}-${embedder.id.replace(/\W+/g, "_")}.db`);
  if (!fs.existsSync(file)) {
    const lexical = lexicalCorpus(size, BENCH_CACHE_DIR, log);
    lexical.db.$client.close();
    const building = `${file}.building`;
    fs.copyFileSync(lexical.file, building);
    const db = openDatabase(building);
    const next = seededRandom(size + 2);
    const centres = Array.from({ length: CLUSTERS }, () => unitVector(next, embedder.dimensions));
    const ids = db.$client.prepare("SELECT id FROM chunks ORDER BY id").pluck().all() as number[];
    const started = performance.now();
    for (let i = 0; i < ids.length; i += 10_000) {
      const batch = ids.slice(i, i + 10_000);
      const vectors = batch.map(() => {
        const centre = centres[Math.floor(next() * CLUSTERS)]!;
        const noise = unitVector(next, embedder.dimensions);
        const v = centre.map((x, d) => x + noise[d]!);
        const norm = Math.hypot(...v);
        return v.map((x) => x / norm);
      });
      db.$client.transaction(() => addChunkVectors(db, batch, { embedderId: embedder.id, vectors }))();
      if (i % 100_000 === 0) log(`  vectors for ${size.toLocaleString()} chunks: ${i.toLocaleString()}, ${round((performance.now() - started) / 1000, 0)} s`);
    }
    db.$client.pragma("wal_checkpoint(TRUNCATE)");
    db.$client.close();
    fs.renameSync(building, file);
    for (const suffix of ["-wal", "-shm"]) fs.rmSync(`${building}${suffix}`, { force: true });
  }
  return file;
}

export async function hybridSearch(size: number, embedder: Embedder, log: (line: string) => void) {
  const file = hybridCorpus(size, embedder, log);
  const db = openDatabase(file);
  try {
    warmPageCache(file);
    loadVectorIndex(db.$client, embedder.dimensions);
    const questions = loadPubMedQa(path.join(corpora, "pubmedqa", "dev.json")).queries.slice(0, QUERIES);
    const embedMs: number[] = [];
    const searchMs: number[] = [];
    const lexicalMs: number[] = [];
    const totalMs: number[] = [];
    for (const q of questions.slice(0, 5)) searchWithVector(db.$client, q.text, await embedQuery(embedder, q.text), { k: 10 });
    for (const q of questions) {
      const started = performance.now();
      const vector = await embedQuery(embedder, q.text);
      const embedded = performance.now();
      searchWithVector(db.$client, q.text, vector, { k: 10 });
      const done = performance.now();
      searchWithVector(db.$client, q.text, null, { k: 10 });
      lexicalMs.push(performance.now() - done);
      embedMs.push(embedded - started);
      searchMs.push(done - embedded);
      totalMs.push(done - started);
    }
    const figures: { chunks: number; dbMb: number; queryEmbedding: LatencyFigures; hybridSearch: LatencyFigures; hybridTotal: LatencyFigures; lexical: LatencyFigures } = {
      chunks: size,
      dbMb: fileMb(file),
      queryEmbedding: percentiles(embedMs),
      hybridSearch: percentiles(searchMs),
      hybridTotal: percentiles(totalMs),
      lexical: percentiles(lexicalMs),
    };
    return figures;
  } finally {
    db.$client.close();
  }
}

export async function runEmbeddingsBench(options: { sizes?: number[]; ingest?: boolean; log?: (line: string) => void } = {}) {
  const log = options.log ?? ((line: string) => console.log(line));
  const embedder = await embedderFromEnvironment("local");
  const modelsDir = path.resolve(process.env.MODELS_DIR ?? "models");
  const local = { EMBEDDINGS: "local", MODELS_DIR: modelsDir, ...(process.env.EMBEDDING_MODEL ? { EMBEDDING_MODEL: process.env.EMBEDDING_MODEL } : {}) };
  const model = { id: embedder.id, dimensions: embedder.dimensions, diskMb: folderMb(modelFolder(process.env.EMBEDDING_MODEL ?? DEFAULT_LOCAL_MODEL, modelsDir)) };
  log(`model ${model.id}: ${model.diskMb} MB on disk; server memory idle, with and without it ...`);
  const memory = { none: await idleRss({ EMBEDDINGS: "none" }), local: await idleRss(local) };
  let ingest: { lexical: Awaited<ReturnType<typeof ingestion>>; hybrid: Awaited<ReturnType<typeof ingestion>> } | null = null;
  if (options.ingest ?? true) {
    const files = [path.join(corpora, "documents", "understanding-breast-cancer_76p.pdf"), await bookPdf(400)];
    log("ingestion of the 76- and 400-page PDFs, without and with embeddings ...");
    ingest = { lexical: await ingestion(files, { EMBEDDINGS: "none" }), hybrid: await ingestion(files, local) };
  }
  const search = [];
  for (const size of options.sizes ?? [100_000, 1_000_000]) {
    log(`hybrid search at ${size.toLocaleString()} chunks ...`);
    search.push(await hybridSearch(size, embedder, log));
    log(`  ${JSON.stringify(search.at(-1))}`);
  }
  return { model, memory, ingest, search };
}

export function printEmbeddingsFigures(figures: Awaited<ReturnType<typeof runEmbeddingsBench>>) {
  console.log(`embedding model ${figures.model.id} (${figures.model.dimensions} dimensions): ${figures.model.diskMb} MB on disk`);
  console.table({ "server RSS idle (MB)": { "EMBEDDINGS=none": figures.memory.none.rssMb, "EMBEDDINGS=local (model loaded)": figures.memory.local.rssMb } });
  if (figures.ingest) {
    const { lexical, hybrid } = figures.ingest;
    console.table(
      Object.fromEntries(
        Object.keys(hybrid.rows).map((file) => [
          file,
          {
            chunks: hybrid.rows[file]!.chunks,
            "lexical s": lexical.rows[file]!.seconds,
            "with embeddings s": hybrid.rows[file]!.seconds,
            "embedding step s": hybrid.rows[file]!.embeddingSeconds,
          },
        ]),
      ),
    );
    console.log(`server peak RSS over the uploads: ${lexical.serverPeakRssMb} MB lexical, ${hybrid.serverPeakRssMb} MB with embeddings`);
  }
  console.table(
    Object.fromEntries(
      figures.search.map((f) => [
        `${f.chunks.toLocaleString()} chunks`,
        {
          "query embedding p50/p95 ms": `${f.queryEmbedding.p50Ms} / ${f.queryEmbedding.p95Ms}`,
          "hybrid search p50/p95 ms": `${f.hybridSearch.p50Ms} / ${f.hybridSearch.p95Ms}`,
          "hybrid total p50/p95 ms": `${f.hybridTotal.p50Ms} / ${f.hybridTotal.p95Ms}`,
          "lexical p50/p95 ms": `${f.lexical.p50Ms} / ${f.lexical.p95Ms}`,
          "DB MB": f.dbMb,
        },
      ]),
    ),
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const argv = process.argv.slice(2);
  const sizesAt = argv.indexOf("--sizes");
  const figures = await runEmbeddingsBench({
    sizes: sizesAt >= 0 ? (argv[sizesAt + 1] ?? "").split(",").filter(Boolean).map(Number) : undefined,
    ingest: !argv.includes("--no-ingest"),
  });
  printEmbeddingsFigures(figures);
  console.log(JSON.stringify(figures));
}
