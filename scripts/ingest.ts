/**
 * `npm run ingest -- <files or folders…>`: bulk ingestion for admins with a folder of books.
 * Same pipeline as the upload screen (type check, parse, chunk, embed, index), run in this
 * process with a progress bar per file. Works while the server runs (SQLite WAL).
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

const ALLOWED = new Set(["pdf", "docx", "doc", "txt", "csv", "xlsx", "pptx"]);

function collect(target: string, out: string[]) {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) {
    console.error(`Not found: ${target}`);
    return;
  }
  if (stat.isDirectory()) {
    for (const entry of fs.readdirSync(target).sort()) collect(path.join(target, entry), out);
  } else if (ALLOWED.has(path.extname(target).slice(1).toLowerCase())) {
    out.push(target);
  } else {
    console.log(`Skipped ${target}: unsupported file type`);
  }
}

function bar(fraction: number, width = 28) {
  const filled = Math.round(Math.max(0, Math.min(1, fraction)) * width);
  return `[${"#".repeat(filled)}${".".repeat(width - filled)}] ${String(Math.round(fraction * 100)).padStart(3)}%`;
}

const STEP_SHARE: Record<string, number> = { metadata: 0.1, chunking: 0.3, embeddings: 0.8, completed: 1 };

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

async function main() {
  const targets = process.argv.slice(2).filter((a) => a !== "--");
  if (!targets.length) {
    console.error("Usage: npm run ingest -- <files or folders…>");
    process.exit(2);
  }
  const files: string[] = [];
  for (const t of targets) collect(path.resolve(t), files);
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
  const tty = process.stdout.isTTY;
  let ok = 0;
  let failed = 0;
  let skipped = 0;
  for (const [i, file] of files.entries()) {
    const label = `(${i + 1}/${files.length}) ${path.basename(file)}`;
    const received = await copyIn(file, config.dataDir);
    let sessionId: string;
    try {
      const result = await registerUpload(received, { uploadedBy: admin.id, ownerId: null, enqueue: false });
      if (result.outcome === "skipped") {
        skipped++;
        console.log(`${label}: ${result.message}`);
        continue;
      }
      sessionId = result.sessionId;
    } catch (error) {
      failed++;
      const reason = error instanceof Response ? ((await error.json()) as { message: string }).message : String(error);
      console.log(`${label}: refused: ${reason}`);
      fs.rmSync(received.tempPath, { force: true });
      continue;
    } finally {
      fs.rmSync(received.tempPath, { force: true });
    }
    const draw = (step: string, done: number, total: number | null) => {
      const fraction = total && done ? done / total : (STEP_SHARE[step] ?? 0.95);
      const line = `${bar(fraction)} ${step.padEnd(10)} ${label}`;
      if (tty) process.stdout.write(`\r${line}`);
      else console.log(line);
    };
    draw("starting", 0, null);
    const outcome = await runIngestion(db, sessionId, {
      dataDir: config.dataDir,
      signal: new AbortController().signal,
      embedder,
      onProgress: ({ step, done, total }) => draw(step, done, total),
    });
    if (tty) process.stdout.write("\n");
    const session = getUploadSession(sessionId, { library: "any" }, db);
    if (outcome === "completed") {
      ok++;
      console.log(`  done: ${session?.totalChunks ?? 0} chunks`);
    } else {
      failed++;
      console.log(`  ${outcome}: ${session?.error ?? ""}`);
    }
  }
  console.log(`${ok} ingested, ${skipped} skipped (already in the library), ${failed} failed`);
  process.exit(failed ? 1 : 0);
}

await main();
