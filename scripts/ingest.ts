/**
 * `npm run ingest -- <files or folders…>`: bulk ingestion for admins with a folder of books.
 * Same pipeline as the upload screen (type check, parse, chunk, embed, index), run in this
 * process with one progress line for the run (files, rate, ETA, done/skipped/failed so far) and a
 * summary at the end listing what was skipped or failed and why; exit code 1 when any file failed.
 * Works while the server runs (SQLite WAL).
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { getConfig } from "~/lib/config.server";
import { getDb, users } from "~/lib/db/index.server";
import { getEmbedder } from "~/lib/embeddings/index.server";
import { getUploadSession, registerUpload, runIngestion } from "~/lib/ingest/index.server";
import { rebuildStaleIndex } from "~/lib/search/index.server";
import { and, eq } from "drizzle-orm";
import { progressLine, summary, Tally, type FileResult } from "./ingest/progress";

const ALLOWED = new Set(["pdf", "docx", "doc", "txt", "csv", "xlsx", "pptx"]);

type Candidate = { file: string; bytes: number };

/** The supported files under the targets (folders recursively, in name order); the rest are recorded as skipped or failed. */
function collect(target: string, out: Candidate[], refused: FileResult[]) {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) {
    refused.push({ file: target, outcome: "failed", reason: "not found" });
  } else if (stat.isDirectory()) {
    for (const entry of fs.readdirSync(target).sort()) collect(path.join(target, entry), out, refused);
  } else if (ALLOWED.has(path.extname(target).slice(1).toLowerCase())) {
    out.push({ file: target, bytes: stat.size });
  } else {
    refused.push({ file: target, outcome: "skipped", reason: `unsupported file type (${path.extname(target) || "no extension"})` });
  }
}

/** Within a file: where each step of the pipeline gets to (the embeddings step reports its own share). */
const STEP_SHARE: Record<string, number> = { starting: 0, metadata: 0.4, chunking: 0.6, embeddings: 0.7, completed: 1 };

async function copyIn(file: string, dataDir: string) {
  const filesDir = path.join(dataDir, "files");
  fs.mkdirSync(filesDir, { recursive: true });
  const tempPath = path.join(filesDir, `.incoming-${crypto.randomUUID()}`);
  const hash = crypto.createHash("sha256");
  let size = 0;
  const source = fs.createReadStream(file);
  source.on("data", (chunk) => {
    hash.update(chunk);
    size += chunk.length;
  });
  await pipeline(source, fs.createWriteStream(tempPath, { flags: "wx", mode: 0o600 }));
  return { tempPath, filename: path.basename(file), size, sha256: hash.digest("hex") };
}

/**
 * The progress line: redrawn in place on a terminal (at most 10 times a second); elsewhere (a log file,
 * CI) one line every 5 s, so a long run stays readable. Lines about single files go above it.
 */
class Display {
  private lastDraw = 0;
  private drawn = false;

  constructor(
    private readonly tally: Tally,
    private readonly tty: boolean,
  ) {}

  draw(current?: Parameters<typeof progressLine>[2], force = false) {
    const now = Date.now();
    if (!force && now - this.lastDraw < (this.tty ? 100 : 5000)) return;
    this.lastDraw = now;
    const line = progressLine(this.tally, now, current);
    if (this.tty) {
      const width = process.stdout.columns || 120;
      process.stdout.write(`\r${line.length > width - 1 ? `${line.slice(0, width - 2)}…` : line}\x1b[K`);
      this.drawn = true;
    } else {
      console.log(line);
    }
  }

  /** A line about one file, kept above the progress line. */
  say(line: string) {
    if (this.tty && this.drawn) process.stdout.write("\r\x1b[K");
    console.log(line);
    this.drawn = false;
  }

  end() {
    if (this.tty && this.drawn) process.stdout.write("\n");
    this.drawn = false;
  }
}

async function main() {
  const targets = process.argv.slice(2).filter((a) => a !== "--");
  if (!targets.length) {
    console.error("Usage: npm run ingest -- <files or folders…>");
    process.exit(2);
  }
  const files: Candidate[] = [];
  const refused: FileResult[] = [];
  for (const t of targets) collect(path.resolve(t), files, refused);
  const config = getConfig();
  const db = getDb();
  // The address alone proves nothing: the account must be the admin the server's start-up created.
  const admin = db
    .select()
    .from(users)
    .where(and(eq(users.email, config.ADMIN_EMAIL), eq(users.role, "admin"), eq(users.createdByBootstrap, true)))
    .get();
  if (!admin) {
    console.error(`No admin account ${config.ADMIN_EMAIL} in ${config.dataDir}: start the server once (npm start) or set ADMIN_EMAIL/DATA_DIR.`);
    process.exit(1);
  }
  const rebuilt = rebuildStaleIndex(db);
  if (rebuilt) console.log(rebuilt);
  const embedder = await getEmbedder();
  console.log(`${files.length} file(s) into ${config.dataDir} (${embedder ? `vectors: ${embedder.id}` : "lexical search only"})`);
  const tally = new Tally(files.length + refused.length, files.reduce((sum, f) => sum + f.bytes, 0), Date.now());
  const display = new Display(tally, Boolean(process.stdout.isTTY));
  const finish = (candidate: Candidate, result: FileResult) => {
    tally.record(result, candidate.bytes);
    if (result.outcome !== "done") display.say(`${result.outcome === "failed" ? "Failed" : "Skipped"} ${result.file}: ${result.reason}`);
  };
  for (const result of refused) finish({ file: result.file, bytes: 0 }, result);
  for (const candidate of files) {
    const { file } = candidate;
    const current = { name: path.basename(file), step: "starting", bytes: candidate.bytes, fraction: 0 };
    display.draw(current);
    let sessionId: string;
    let received: Awaited<ReturnType<typeof copyIn>> | null = null;
    try {
      received = await copyIn(file, config.dataDir);
      const result = await registerUpload(received, { uploadedBy: admin.id, ownerId: null, enqueue: false });
      if (result.outcome === "skipped") {
        finish(candidate, { file, outcome: "skipped", reason: result.message.replace(/^Skipped: /, "") });
        continue;
      }
      sessionId = result.sessionId;
    } catch (error) {
      const reason = error instanceof Response ? ((await error.json()) as { message: string }).message : error instanceof Error ? error.message : String(error);
      finish(candidate, { file, outcome: "failed", reason });
      continue;
    } finally {
      if (received) fs.rmSync(received.tempPath, { force: true });
    }
    const outcome = await runIngestion(db, sessionId, {
      dataDir: config.dataDir,
      signal: new AbortController().signal,
      embedder,
      onProgress: ({ step, done, total }) => {
        current.step = step;
        current.fraction = step === "embeddings" && total ? STEP_SHARE.embeddings! + ((1 - STEP_SHARE.embeddings!) * done) / total : (STEP_SHARE[step] ?? current.fraction);
        display.draw(current);
      },
    });
    const session = getUploadSession(sessionId, { library: "any" }, db);
    if (outcome === "completed") finish(candidate, { file, outcome: "done", chunks: session?.totalChunks ?? 0 });
    else finish(candidate, { file, outcome: "failed", reason: session?.error ?? outcome });
  }
  display.draw(undefined, true);
  display.end();
  for (const line of summary(tally, Date.now())) console.log(line);
  process.exit(tally.count("failed") ? 1 : 0);
}

await main();
