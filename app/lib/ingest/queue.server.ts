import fs from "node:fs";
import path from "node:path";
import type { Worker } from "node:worker_threads";
import { startWorker } from "../worker-entry.server";
import { eq } from "drizzle-orm";
import { getConfig } from "../config.server";
import { documents, getDb, uploadSessions } from "../db/index.server";
import type { BackfillProgress } from "../search/index";
import type { WorkerReply } from "../../workers/ingest.worker";
import { CONSOLE_LINES } from "./progress.server";
import { CANCELLED_LINE, endSession } from "./pipeline.server";

/**
 * Hands upload sessions to the ingestion worker thread one at a time, so a 400-page
 * book never blocks requests. Cancel reaches the running job within a second or two;
 * if the worker does not answer in time it is replaced and the main thread cleans up.
 * Libraries take turns (the shared knowledge base is one, each user's private library
 * another): many uploads to one library never hold up another's for more than one
 * document each.
 */

const CANCEL_GRACE_MS = 2000;


function appendConsole(sessionId: string, line: string) {
  const db = getDb();
  const row = db.select({ consoleOutput: uploadSessions.consoleOutput }).from(uploadSessions).where(eq(uploadSessions.id, sessionId)).get();
  if (!row) return;
  const lines = [...row.consoleOutput, `[${new Date().toISOString().slice(11, 19)}] ${line}`].slice(-CONSOLE_LINES);
  db.update(uploadSessions).set({ consoleOutput: lines, updatedAt: new Date() }).where(eq(uploadSessions.id, sessionId)).run();
}

/** Ends a session on the main thread (worker gone or job never started), removing what it wrote. */
function finishOnMainThread(sessionId: string, status: "cancelled" | "failed", reason: string) {
  endSession(getDb(), getConfig().dataDir, sessionId, status, status === "cancelled" ? CANCELLED_LINE : reason);
}

/**
 * Removes the temporary files of uploads whose body was still arriving when the process stopped
 * (receiveUpload writes `.incoming-<uuid>` and renames it once the upload is recorded).
 */
export function removeIncompleteUploads(filesDir: string) {
  if (!fs.existsSync(filesDir)) return;
  for (const name of fs.readdirSync(filesDir)) {
    if (name.startsWith(".incoming-")) fs.rmSync(path.join(filesDir, name), { force: true });
  }
}

/** A waiting upload and the library it goes to (null: the shared knowledge base). */
export type Waiting = { sessionId: string; ownerId: string | null };

/**
 * Which waiting upload runs next: the oldest of the library served least recently (never served
 * first), so libraries take turns; within a library, uploads run in the order they came.
 */
export function nextInTurn(waiting: readonly Waiting[], lastServed: ReadonlyMap<string | null, number>): number {
  let best = -1;
  let bestServed = Infinity;
  for (let i = 0; i < waiting.length; i++) {
    const served = lastServed.get(waiting[i]!.ownerId) ?? -1;
    if (served < bestServed) {
      best = i;
      bestServed = served;
    }
  }
  return best;
}

class IngestQueue {
  private worker: Worker | null = null;
  private readonly waiting: Waiting[] = [];
  /** Library -> when it was last served (a counter), for nextInTurn. */
  private readonly lastServed = new Map<string | null, number>();
  private served = 0;
  private running: string | null = null;
  private cancelTimer: ReturnType<typeof setTimeout> | null = null;
  private backfill: BackfillProgress | null = null;
  /** Set by stop(): nothing new is started while the server shuts down. */
  private stopped = false;

  /**
   * With an embedding model configured, starts the worker now so that chunks lacking its vectors are
   * embedded in the background from the start, not only after the next upload.
   */
  startBackfill() {
    if (getConfig().EMBEDDINGS === "none") return;
    try {
      this.ensureWorker();
    } catch (error) {
      // Uploads say the same when they need the worker; the server itself starts regardless
      console.error(`Background embedding not started: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** The worker's last word on the background embedding (null: nothing to embed, or no model). */
  backfillProgress(): BackfillProgress | null {
    return this.backfill;
  }

  enqueue(sessionId: string, ownerId: string | null) {
    if (this.stopped) return; // stays 'processing': the next start's recover() queues it
    this.waiting.push({ sessionId, ownerId });
    this.next();
  }

  /**
   * After a cancel has ended the session in the database (cancelUploadSession): drops it from the
   * waiting list, or tells the worker to stop its work; a worker that does not stop in time is replaced.
   */
  cancelled(sessionId: string) {
    const queued = this.waiting.findIndex((w) => w.sessionId === sessionId);
    if (queued >= 0) this.waiting.splice(queued, 1);
    if (this.running === sessionId && this.worker) {
      this.worker.postMessage({ type: "cancel", sessionId });
      this.cancelTimer ??= setTimeout(() => this.replaceWorker("cancelled", "Upload cancelled by user"), CANCEL_GRACE_MS);
    }
  }

  /** At start: sessions a previous process left 'processing' are run again from the start, or failed with a reason. */
  recover(): string[] {
    const db = getDb();
    const lines: string[] = [];
    removeIncompleteUploads(path.join(getConfig().dataDir, "files"));
    const stuck = db.select().from(uploadSessions).where(eq(uploadSessions.status, "processing")).all();
    for (const session of stuck) {
      const doc = session.documentId ? db.select().from(documents).where(eq(documents.id, session.documentId)).get() : undefined;
      const fileThere = doc && fs.existsSync(path.join(getConfig().dataDir, doc.storedPath));
      if (!doc || !fileThere) {
        finishOnMainThread(session.id, "failed", "The server restarted during processing and the uploaded file is no longer available");
        lines.push(`Upload ${session.filename}: could not be resumed after a restart (file missing)`);
        continue;
      }
      appendConsole(session.id, "The server restarted: processing this document again from the start");
      db.update(uploadSessions)
        .set({ currentStep: null, chunksCreated: 0, totalChunks: null })
        .where(eq(uploadSessions.id, session.id))
        .run();
      this.enqueue(session.id, session.ownerId);
      lines.push(`Upload ${session.filename}: resumed after a restart`);
    }
    return lines;
  }

  /**
   * A graceful stop pauses ingestion: the worker is stopped, and the session it was running stays
   * 'processing' with its document and file, so the next start's recover() runs it again. Nothing
   * partial is left to clean: a document's chunks are written in the one transaction that completes it.
   */
  async stop() {
    this.stopped = true;
    this.waiting.length = 0;
    this.clearCancelTimer();
    const worker = this.worker;
    const paused = this.running;
    // Detached first, so its exit is not taken for a crash (which would fail the session).
    this.worker = null;
    this.running = null;
    await worker?.terminate();
    if (paused) appendConsole(paused, "The server is stopping: processing will resume at the next start");
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = startWorker("ingest-worker", "app/workers/ingest.worker.ts");
    if (!worker) throw new Error("The ingestion worker is missing: run npm run build");
    worker.on("message", (reply: WorkerReply) => {
      if (reply.type === "backfill") this.backfill = reply.progress;
      else this.onDone(reply);
    });
    worker.on("error", (error) => {
      console.error("Ingestion worker error:", error);
    });
    worker.on("exit", (code) => {
      if (this.worker !== worker) return; // replaced on purpose
      this.worker = null;
      this.backfill = null;
      if (this.running) {
        const id = this.running;
        this.running = null;
        finishOnMainThread(id, "failed", `Document processing stopped unexpectedly (worker exit code ${code})`);
      }
      this.next();
    });
    this.worker = worker;
    // A new worker (at start, or replacing one) picks up the background embedding where the database says it stands
    if (getConfig().EMBEDDINGS !== "none") worker.postMessage({ type: "backfill" });
    return worker;
  }

  private onDone(reply: Extract<WorkerReply, { type: "done" }>) {
    if (reply.sessionId !== this.running) return;
    if (reply.outcome === "crashed") {
      finishOnMainThread(reply.sessionId, "failed", `Document processing failed: ${reply.error ?? "unknown error"}`);
    }
    this.clearCancelTimer();
    this.running = null;
    this.next();
  }

  private next() {
    if (this.stopped || this.running || !this.waiting.length) return;
    const [{ sessionId, ownerId }] = this.waiting.splice(nextInTurn(this.waiting, this.lastServed), 1) as [Waiting];
    this.lastServed.set(ownerId, this.served++);
    this.running = sessionId;
    this.ensureWorker().postMessage({ type: "run", sessionId });
  }

  private clearCancelTimer() {
    if (this.cancelTimer) clearTimeout(this.cancelTimer);
    this.cancelTimer = null;
  }

  /** The worker did not stop in time: replace it and finish the session here. */
  private replaceWorker(status: "cancelled" | "failed", reason: string) {
    this.clearCancelTimer();
    const old = this.worker;
    this.worker = null;
    const id = this.running;
    this.running = null;
    void old?.terminate();
    if (id) finishOnMainThread(id, status, reason);
    this.next();
  }
}

let queue: IngestQueue | null = null;
export function ingestQueue(): IngestQueue {
  queue ??= new IngestQueue();
  return queue;
}
