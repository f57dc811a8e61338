/**
 * The ingestion worker thread: runs one upload session at a time off the request thread, with its own
 * database connection, and between uploads embeds the chunks that lack a vector of the model in use
 * (the backfill). Messages from the server: {type:'run', sessionId}, {type:'cancel', sessionId} and
 * {type:'backfill'}; replies {type:'done', sessionId, outcome} and {type:'backfill', progress}.
 */
import { parentPort } from "node:worker_threads";
import { getConfig } from "~/lib/config.server";
import { getDb } from "~/lib/db/index.server";
import { getEmbedder } from "~/lib/embeddings/index.server";
import { runIngestion } from "~/lib/ingest/pipeline.server";
import { embedMissingVectors, vectorCoverage } from "~/lib/search/index.server";
import type { BackfillProgress } from "~/lib/search/index";

export type WorkerRequest = { type: "run"; sessionId: string } | { type: "cancel"; sessionId: string } | { type: "backfill" };
export type WorkerReply = { type: "done"; sessionId: string; outcome: string; error?: string } | { type: "backfill"; progress: BackfillProgress | null };

if (!parentPort) throw new Error("ingest.worker must run as a worker thread");
const port = parentPort;
const running = new Map<string, AbortController>();
/** Resolved when no upload is being processed: the backfill waits here before each batch. */
let idleWaiters: Array<() => void> = [];

port.on("message", (message: WorkerRequest) => {
  if (message.type === "cancel") {
    running.get(message.sessionId)?.abort();
    return;
  }
  if (message.type === "backfill") {
    void backfill();
    return;
  }
  const controller = new AbortController();
  running.set(message.sessionId, controller);
  void (async () => {
    let reply: WorkerReply;
    try {
      const embedder = await getEmbedder();
      const outcome = await runIngestion(getDb(), message.sessionId, {
        dataDir: getConfig().dataDir,
        signal: controller.signal,
        embedder,
        echo: (line) => console.log(`[ingest ${message.sessionId.slice(0, 8)}] ${line}`),
      });
      reply = { type: "done", sessionId: message.sessionId, outcome };
    } catch (error) {
      reply = { type: "done", sessionId: message.sessionId, outcome: "crashed", error: error instanceof Error ? error.message : String(error) };
    } finally {
      running.delete(message.sessionId);
    }
    port.postMessage(reply);
    if (!running.size) {
      const waiters = idleWaiters;
      idleWaiters = [];
      for (const resume of waiters) resume();
    }
    // A document whose embedding failed (model unreachable) was kept for keyword search: the backfill gives it vectors.
    void backfill();
  })();
});

/** A failed backfill (the model unreachable or broken) is tried again after this long. */
const BACKFILL_RETRY_MS = 60_000;
let backfilling = false;
let backfillAgain = false;
let retryTimer: ReturnType<typeof setTimeout> | null = null;

function report(progress: BackfillProgress | null) {
  port.postMessage({ type: "backfill", progress } satisfies WorkerReply);
}

/**
 * Embeds, in batches, every chunk without a vector of the model in use, uploads first: before each
 * batch it waits until no upload is being processed. Where it stands is in the database (which chunks
 * have vectors), so a restart continues where the last run stopped.
 */
async function backfill(): Promise<void> {
  if (backfilling) {
    backfillAgain = true;
    return;
  }
  backfilling = true;
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
  let progress: BackfillProgress | null = null;
  try {
    do {
      backfillAgain = false;
      const embedder = await getEmbedder();
      if (!embedder) {
        report(null);
        return;
      }
      const db = getDb();
      const start = vectorCoverage(db.$client, embedder.id);
      if (!start.missing) continue;
      progress = { state: "running", embedderId: embedder.id, embedded: 0, missing: start.missing, chunks: start.chunks, error: null };
      report(progress);
      const current: BackfillProgress = progress;
      await embedMissingVectors(db, embedder, {
        beforeBatch: async () => {
          if (!running.size) return;
          report({ ...current, state: "waiting" });
          await new Promise<void>((resume) => idleWaiters.push(resume));
          report({ ...current, state: "running" });
        },
        onProgress: (coverage, embedded) => {
          Object.assign(current, { embedded, missing: coverage.missing, chunks: coverage.chunks });
          report(current);
        },
      });
      progress = { ...current, state: "done" };
      report(progress);
      console.log(`[backfill] ${current.embedded} chunk(s) embedded with ${embedder.id}`);
    } while (backfillAgain);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.warn(`[backfill] stopped, trying again in ${BACKFILL_RETRY_MS / 1000} s: ${reason}`);
    if (progress) report({ ...progress, state: "failed", error: reason });
    retryTimer = setTimeout(() => void backfill(), BACKFILL_RETRY_MS);
    retryTimer.unref();
  } finally {
    backfilling = false;
  }
}
