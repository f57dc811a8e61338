/**
 * Ingestion figures for `npm run bench`: our pipeline (parse → chunk → index, lexical
 * only) against `pdftotext` on the same PDFs, each timed the same number of times (best and
 * median), peak memory, and the server's latency while a 400-page book is being ingested.
 * Ours is timed two ways: as uploads to the running server (what an admin waits for: the
 * ingestion thread is already up, as it is after the first upload) and as the bulk-ingest
 * command (a new process each time, its start and code loading included: the one-line row).
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { PDFDocument } from "pdf-lib";
import { documents } from "../app/lib/db/index.server";
import { chunkPages } from "../app/lib/ingest/chunker";
import { parseFile } from "../app/lib/ingest/parsers/index.server";
import { indexAbbreviations } from "../app/lib/search/abbreviations.server";
import { temporaryDatabase } from "../app/lib/search/evaluation.server";
import { indexDocument, removeDocumentIndex } from "../app/lib/search/index.server";
import { HttpClient, ROOT, startServer } from "../tests/support/server";
import { upload, waitForSession } from "../tests/support/uploads";

/** The bench reads the large shared corpora (tests read only tests/fixtures). */
const CORPUS_DOCS = path.resolve(ROOT, "../shared/corpora/documents");

const TEXT_PDFS = [
  "understanding-breast-cancer_76p.pdf",
  "federal-register-2020-17221_3col.pdf",
  "dpr-paper-2col_13p.pdf",
  "mmwr-chd-stroke-deaths_us-025.pdf",
  "mmwr-unhealthy-housing_us-024.pdf",
  "efsa-zoonoses-salmonella_eu-016.pdf",
  "gao-cybersecurity_invalid-structure-for-pdfminer.pdf",
];

/** A ~400-page text PDF made by merging the real corpus PDFs (cached in the temp folder). */
export async function bookPdf(pages = 400): Promise<string> {
  const file = path.join(os.tmpdir(), `vetsearch-bench-book-${pages}p.pdf`);
  if (fs.existsSync(file)) return file;
  const book = await PDFDocument.create();
  while (book.getPageCount() < pages) {
    for (const name of TEXT_PDFS) {
      const src = await PDFDocument.load(fs.readFileSync(path.join(CORPUS_DOCS, name)), { ignoreEncryption: true });
      const take = Math.min(src.getPageCount(), pages - book.getPageCount());
      if (take <= 0) break;
      for (const p of await book.copyPages(src, [...Array(take).keys()])) book.addPage(p);
    }
  }
  fs.writeFileSync(file, await book.save());
  return file;
}

/** Each side is timed this many times; the table shows the best and the median of each. */
const RUNS = 3;
/** Uploads are quick to repeat (no process to start): more runs for a steadier median. */
const UPLOAD_RUNS = 5;

function pdftotextRuns(file: string, runs: number): number[] | null {
  const which = spawnSync("which", ["pdftotext"]);
  if (which.status !== 0) return null;
  const seconds: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = process.hrtime.bigint();
    spawnSync("pdftotext", [file, "/dev/null"]);
    seconds.push(Number(process.hrtime.bigint() - t) / 1e9);
  }
  return seconds;
}

/**
 * Runs the bulk-ingest command on one file in a child process, with a fresh copy of the seed
 * data folder (every run starts from the same database); returns wall time and peak RSS.
 * The time is the whole command, as a person running it waits for it: Node's start, loading
 * the code, the database, parsing, chunking and indexing; pdftotext's likewise includes its start.
 */
async function ingestWithCli(file: string, seedDir: string): Promise<{ seconds: number; peakRssMb: number; output: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vetsearch-bench-ingest-"));
  fs.cpSync(seedDir, dataDir, { recursive: true });
  try {
    return await timeCli(file, dataDir);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function timeCli(file: string, dataDir: string): Promise<{ seconds: number; peakRssMb: number; output: string }> {
  const started = process.hrtime.bigint();
  const child = spawn(process.execPath, [path.join(ROOT, "build/workers/ingest-cli.js"), file], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, ADMIN_EMAIL: "admin@clinic.test", EMBEDDINGS: "none" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  let peakKb = 0;
  const sampler = setInterval(() => {
    try {
      const status = fs.readFileSync(`/proc/${child.pid}/status`, "utf8");
      peakKb = Math.max(peakKb, Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0));
    } catch {
      // process ended between samples
    }
  }, 20);
  const code = await new Promise<number>((resolve) => child.on("exit", (c) => resolve(c ?? 1)));
  clearInterval(sampler);
  if (code !== 0) throw new Error(`ingest failed for ${file}:\n${output}`);
  return { seconds: Number(process.hrtime.bigint() - started) / 1e9, peakRssMb: Math.round(peakKb / 102.4) / 10, output };
}

const round = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** One table row: our times (seconds) for a PDF beside pdftotext's on the same file, timed as many times. */
async function againstPdftotext(file: string, ours: number[]): Promise<Record<string, string | number | null>> {
  const pages = (await PDFDocument.load(fs.readFileSync(file), { ignoreEncryption: true })).getPageCount();
  const reference = pdftotextRuns(file, ours.length);
  const best = Math.min(...ours);
  const referenceBest = reference && Math.min(...reference);
  return {
    file: path.basename(file),
    pages,
    oursSeconds: round(best),
    oursMedianSeconds: round(median(ours)),
    oursPagesPerSecond: round(pages / best, 1),
    pdftotextSeconds: referenceBest === null ? null : round(referenceBest),
    pdftotextMedianSeconds: reference === null ? null : round(median(reference)),
    pdftotextPagesPerSecond: referenceBest === null ? null : round(pages / referenceBest, 1),
    ratio: referenceBest === null ? null : round(best / referenceBest),
    medianRatio: reference === null ? null : round(median(ours) / median(reference)),
  };
}

export async function runIngestBench() {
  const book = await bookPdf(400);
  const files = [path.join(CORPUS_DOCS, "understanding-breast-cancer_76p.pdf"), book];
  // A data folder with the admin account, made by starting the server once.
  const seed = await startServer({ env: { ADMIN_PASSWORD: "bench-admin-password" } });
  await seed.stop({ keepData: true });
  // What every run of the command costs whatever the file: a one-line text file.
  const tiny = path.join(os.tmpdir(), "vetsearch-bench-one-line.txt");
  fs.writeFileSync(tiny, "Meloxicam for cats: 0.05 mg/kg once daily.\n");
  const startup: number[] = [];
  for (let i = 0; i < RUNS; i++) startup.push((await ingestWithCli(tiny, seed.dataDir)).seconds);
  const rows: Record<string, string | number | null>[] = [
    { file: "one-line .txt (the command's own cost)", pages: 1, oursSeconds: round(Math.min(...startup)), oursMedianSeconds: round(median(startup)) },
  ];
  for (const file of files) {
    const ours: number[] = [];
    let peakRssMb = 0;
    for (let i = 0; i < RUNS; i++) {
      const run = await ingestWithCli(file, seed.dataDir);
      ours.push(run.seconds);
      peakRssMb = Math.max(peakRssMb, run.peakRssMb);
    }
    rows.push({ ...(await againstPdftotext(file, ours)), peakRssMb });
  }
  fs.rmSync(seed.dataDir, { recursive: true, force: true });
  const uploads = await ingestThroughServer(files);
  const bookUpload = uploads.rows.find((r) => r.file === path.basename(book));
  const mining = await abbreviationMiningCost(book, typeof bookUpload?.oursMedianSeconds === "number" ? bookUpload.oursMedianSeconds : null);
  return { uploads, ingestion: rows, abbreviationMining: mining, serverDuringIngestion: await serverLatencyDuringIngestion(book) };
}

/**
 * What mining and storing a document's abbreviation definitions adds to its ingestion: the 400-page book
 * parsed and chunked once, then its indexing (which mines them) and the mining alone, each timed RUNS
 * times in a temporary database; shown against the indexing and against the book's whole upload.
 */
export async function abbreviationMiningCost(book: string, uploadMedianSeconds: number | null) {
  const parsed = await parseFile(book, "pdf");
  const chunks = chunkPages(parsed.pages);
  const { db, dir } = temporaryDatabase("vetsearch-bench-mining-");
  try {
    db.insert(documents).values({ id: "book", title: "Book", filename: "book.pdf", storedPath: book, fileType: "pdf", fileSize: 1, processingStatus: "completed" }).run();
    const indexing: number[] = [];
    const mining: number[] = [];
    let pairs = 0;
    for (let i = 0; i < RUNS; i++) {
      db.transaction(() => removeDocumentIndex(db, "book"));
      let started = performance.now();
      db.transaction(() => indexDocument(db, { id: "book", title: "Book", authors: [] }, chunks));
      indexing.push(performance.now() - started);
      started = performance.now();
      db.transaction(() => (pairs = indexAbbreviations(db.$client, "book", chunks.map((c) => c.text))));
      mining.push(performance.now() - started);
    }
    const miningMs = Math.round(median(mining));
    return {
      chunks: chunks.length,
      definitionsFound: pairs,
      indexingMedianMs: Math.round(median(indexing)),
      miningMedianMs: miningMs,
      shareOfIndexingPercent: round((100 * median(mining)) / median(indexing)),
      shareOfUploadPercent: uploadMedianSeconds ? round((100 * miningMs) / 1000 / uploadMedianSeconds) : null,
    };
  } finally {
    db.$client.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Each file uploaded to the running server, timed from the start of the upload until the server marks
 * its session completed (same machine, same clock), then deleted so every run starts from the same library. One
 * untimed upload of each file first: the ingestion thread and the PDF page thread start with the
 * first document, as they do in a server's first minutes. Peak memory is the server process's.
 */
async function ingestThroughServer(files: string[]) {
  const server = await startServer({ env: { ADMIN_PASSWORD: "bench-admin-password", EMBEDDINGS: "none" } });
  try {
    const admin = new HttpClient(server.url);
    await admin.signIn(server.adminEmail, "bench-admin-password");
    const once = async (file: string) => {
      const started = Date.now();
      const res = await upload(admin, path.basename(file), fs.readFileSync(file));
      if (res.status !== 200) throw new Error(`upload of ${file} failed: ${res.status} ${await res.text()}`);
      const { sessionId } = (await res.json()) as { sessionId: string };
      for (;;) {
        // Polled slowly (each poll is work for the server's CPU); the session's own completion time is used.
        await new Promise((r) => setTimeout(r, 100));
        const session = (await (await admin.get(`/api/admin/upload-sessions/${sessionId}`)).json()) as {
          status: string;
          error: string | null;
          documentId: string | null;
          updatedAt: string;
        };
        if (session.status === "processing") continue;
        if (session.status !== "completed") throw new Error(`ingestion of ${file} ended ${session.status}: ${session.error}`);
        await admin.request("DELETE", `/api/admin/documents/${session.documentId}`);
        return (Date.parse(session.updatedAt) - started) / 1000;
      }
    };
    const rows: Record<string, string | number | null>[] = [];
    for (const file of files) await once(file);
    for (const file of files) {
      const ours: number[] = [];
      for (let i = 0; i < UPLOAD_RUNS; i++) ours.push(await once(file));
      rows.push(await againstPdftotext(file, ours));
    }
    const status = fs.readFileSync(`/proc/${server.pid}/status`, "utf8");
    const mb = (field: string) => Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 102.4) / 10;
    return { rows, serverPeakRssMb: mb("VmHWM"), serverRssAfterMb: mb("VmRSS") };
  } finally {
    await server.stop();
  }
}

/** p95 of GET /api/auth/user under 10 connections while the 400-page book is processed by the worker. */
async function serverLatencyDuringIngestion(book: string) {
  const server = await startServer({ env: { ADMIN_PASSWORD: "bench-admin-password" } });
  try {
    const admin = new HttpClient(server.url);
    await admin.signIn(server.adminEmail, "bench-admin-password");
    const res = await upload(admin, path.basename(book), fs.readFileSync(book));
    const { sessionId } = (await res.json()) as { sessionId: string };
    const latencies: number[] = [];
    const ingestion = waitForSession(admin, sessionId, 600_000);
    let done = false;
    void ingestion.then(() => (done = true));
    while (!done) {
      await new Promise<void>((resolve, reject) => {
        const instance = autocannon(
          { url: `${server.url}/api/auth/user`, connections: 10, duration: 1, headers: { Cookie: admin.cookie } },
          (err) => (err ? reject(err) : resolve()),
        );
        instance.on("response", (_c, _s, _b, ms) => latencies.push(ms));
      });
    }
    const session = await ingestion;
    latencies.sort((a, b) => a - b);
    const at = (p: number) => round(latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)] ?? NaN);
    return { requests: latencies.length, p50Ms: at(50), p95Ms: at(95), p99Ms: at(99), ingestionStatus: session.status };
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await runIngestBench(), null, 2));
}
