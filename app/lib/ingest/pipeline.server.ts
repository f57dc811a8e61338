import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { documents, uploadSessions, type Db } from "../db/index.server";
import type { Embedder } from "../embeddings/index.server";
import { embeddingText, indexDocument, removeDocumentIndex } from "../search/index.server";
import { chunkPages } from "./chunker";
import { parseFile } from "./parsers/index.server";
import { CONSOLE_LINES, SessionProgress, stagePercent, stagePlan, type StagePlan } from "./progress.server";
import { documentTitle } from "./title";
import { DocumentError, type Chunk, type FileType } from "./types";

/**
 * One document's journey (DESIGN.md, data flow step 2): metadata and text per page →
 * chunks → embeddings (when a model is configured) → one transaction that makes it
 * searchable. A cancelled run removes everything it wrote; a failed one removes what it indexed and keeps
 * the document listed as failed, with its reason and its stored file, so it can be retried.
 */

export type IngestOutcome = "completed" | "failed" | "cancelled" | "skipped";

export class CancelledError extends Error {
  constructor() {
    super("Upload cancelled by user");
    this.name = "CancelledError";
  }
}

const EMBED_BATCH = 32;

export type IngestOptions = {
  dataDir: string;
  signal: AbortSignal;
  embedder: Embedder | null;
  /** Mirrors console lines elsewhere (the CLI prints them). */
  echo?: (line: string) => void;
  /** Progress callback for the CLI's progress bar. */
  onProgress?: (p: { step: string; done: number; total: number | null }) => void;
};

export async function runIngestion(db: Db, sessionId: string, options: IngestOptions): Promise<IngestOutcome> {
  const session = db.select().from(uploadSessions).where(eq(uploadSessions.id, sessionId)).get();
  if (!session || session.status !== "processing" || !session.documentId) return "skipped";
  const doc = db.select().from(documents).where(eq(documents.id, session.documentId)).get();
  const progress = new SessionProgress(db, sessionId, session, options.echo);
  if (!doc) {
    endSession(db, options.dataDir, sessionId, "failed", "The document record is missing");
    return "failed";
  }
  const { signal } = options;
  const throwIfCancelled = () => {
    if (signal.aborted) throw new CancelledError();
  };

  const plan = stagePlan(options.embedder !== null);
  try {
    progress.step("metadata", `Extracting metadata and text from ${doc.filename}...`);
    progress.percent(plan.extract[0]);
    const filePath = path.join(options.dataDir, doc.storedPath);
    // Said plainly, and worth a Retry once the file is back (a data folder restored or remounted).
    if (!fs.existsSync(filePath)) throw new DocumentError("The stored file of this upload is missing from the data folder");
    const parsed = await parseFile(filePath, doc.fileType as FileType, {
      signal,
      log: (line) => progress.log(line),
      onPage: (done, total) => progress.percent(stagePercent(plan.extract, done, total)),
    });
    throwIfCancelled();
    progress.percent(plan.extract[1]);
    for (const note of parsed.notes) progress.log(note);
    const title = documentTitle(parsed, doc.filename);
    db.update(documents)
      .set({ title, authors: parsed.authors, pages: parsed.pageCount })
      .where(eq(documents.id, doc.id))
      .run();
    progress.log(`Title: ${title}${parsed.authors.length ? ` — ${parsed.authors.join(", ")}` : ""}; ${parsed.pageCount} page(s)`);
    options.onProgress?.({ step: "metadata", done: 0, total: null });

    progress.step("chunking", "Creating text chunks...");
    const chunks = chunkPages(parsed.pages);
    if (chunks.length === 0) throw new DocumentError("No text could be extracted from the document");
    progress.chunks(0, chunks.length);
    progress.percent(plan.chunk[1]);
    progress.log(`Created ${chunks.length} chunks`);
    options.onProgress?.({ step: "chunking", done: 0, total: chunks.length });

    const vectors = await embedChunks(chunks, options, progress, plan);
    throwIfCancelled();

    progress.step("finalizing", "Indexing the chunks for search...");
    progress.percent(plan.index[0]);
    // One state change: the session completes together with its document, or a cancel that took
    // the session first wins and nothing becomes searchable.
    inTransaction(db, () => {
      if (sessionStatus(db, sessionId) !== "processing") throw new CancelledError();
      indexDocument(db, { id: doc.id, title, authors: parsed.authors }, chunks, vectors ?? undefined);
      db.update(documents).set({ processingStatus: "completed", error: null }).where(eq(documents.id, doc.id)).run();
      progress.chunks(chunks.length, chunks.length);
      progress.percent(100);
      progress.log(`Completed: ${chunks.length} chunks indexed${vectors ? ` with ${vectors.embedderId} vectors` : " (lexical search)"}`);
      progress.flush();
      db.update(uploadSessions).set({ status: "completed", updatedAt: new Date() }).where(eq(uploadSessions.id, sessionId)).run();
    });
    options.onProgress?.({ step: "completed", done: chunks.length, total: chunks.length });
    return "completed";
  } catch (error) {
    const cancelled = error instanceof CancelledError || signal.aborted;
    // A no-op when a cancel already ended the session (it removed what this run wrote).
    const reason = cancelled ? CANCELLED_LINE : failureReason(error);
    options.echo?.(cancelled ? reason : `Failed: ${reason}`);
    endSession(db, options.dataDir, sessionId, cancelled ? "cancelled" : "failed", reason, progress.consoleOutput);
    return cancelled ? "cancelled" : "failed";
  }
}

async function embedChunks(chunks: Chunk[], options: IngestOptions, progress: SessionProgress, plan: StagePlan) {
  const { embedder, signal } = options;
  if (!embedder) {
    progress.log("No embedding model configured: the document will be searchable by keywords (lexical search)");
    return null;
  }
  progress.step("embeddings", `Generating embeddings with ${embedder.id}...`);
  const vectors: Float32Array[] = [];
  try {
    for (let i = 0; i < chunks.length; i += EMBED_BATCH) {
      if (signal.aborted) throw new CancelledError();
      const batch = chunks.slice(i, i + EMBED_BATCH).map(embeddingText);
      vectors.push(...(await embedder.embed(batch, { kind: "document", signal })));
      progress.chunks(vectors.length);
      progress.percent(stagePercent(plan.embed, vectors.length, chunks.length));
      options.onProgress?.({ step: "embeddings", done: vectors.length, total: chunks.length });
    }
  } catch (error) {
    if (error instanceof CancelledError || signal.aborted) throw new CancelledError();
    // The model went away mid-way: keep the document, searchable by keywords, and say so.
    progress.log(`Embedding failed (${error instanceof Error ? error.message : String(error)}): continuing with lexical search only`);
    return null;
  }
  progress.log(`Created embeddings for ${vectors.length} chunks`);
  return { embedderId: embedder.id, vectors };
}

/**
 * Runs `work` in one SQLite transaction on this connection (drizzle queries on `db` included). Immediate:
 * the write lock is taken at BEGIN, so a transaction that reads before it writes waits its turn (busy_timeout)
 * instead of failing with "database is locked" when another connection (the worker) wrote in between.
 */
export function inTransaction<T>(db: Db, work: () => T): T {
  return db.$client.transaction(work).immediate();
}

function failureReason(error: unknown): string {
  if (error instanceof DocumentError) return error.message;
  const detail = error instanceof Error ? error.message : String(error);
  return `Document processing failed: ${detail}`;
}

export const CANCELLED_LINE = "Upload cancelled by user: nothing was kept";

function sessionStatus(db: Db, sessionId: string) {
  return db.select({ status: uploadSessions.status }).from(uploadSessions).where(eq(uploadSessions.id, sessionId)).get()?.status ?? null;
}

export type EndResult = { ended: boolean; status: (typeof uploadSessions.$inferSelect)["status"] | null };

/**
 * Ends a session that is still processing as cancelled or failed, in one transaction. Cancelled: its
 * document (rows, chunks, vectors) is removed, then the stored file. Failed: what was indexed is removed,
 * the document stays listed as failed with the reason, and its stored file is kept for a retry
 * (retryDocument). `reason` is the failure's reason, or the console line of a cancel. `lines`: the console
 * so far (default: the row's). When the session had already ended (completed, or a cancel came first)
 * nothing changes: `ended` is false and `status` is the state it ended in (null: no such session).
 */
export function endSession(
  db: Db,
  dataDir: string,
  sessionId: string,
  status: "cancelled" | "failed",
  reason: string,
  lines?: string[],
): EndResult {
  const result = inTransaction(db, (): EndResult & { storedPath?: string } => {
    const session = db.select().from(uploadSessions).where(eq(uploadSessions.id, sessionId)).get();
    if (!session || session.status !== "processing") return { ended: false, status: session?.status ?? null };
    const doc = session.documentId ? db.select().from(documents).where(eq(documents.id, session.documentId)).get() : undefined;
    if (doc) {
      removeDocumentIndex(db, doc.id);
      if (status === "cancelled") db.delete(documents).where(eq(documents.id, doc.id)).run();
      else db.update(documents).set({ processingStatus: "failed", error: reason }).where(eq(documents.id, doc.id)).run();
    }
    const line = `[${new Date().toISOString().slice(11, 19)}] ${status === "failed" ? `Failed: ${reason}` : reason}`;
    db.update(uploadSessions)
      .set({
        status,
        error: status === "failed" ? reason : null,
        consoleOutput: [...(lines ?? session.consoleOutput), line].slice(-CONSOLE_LINES),
        updatedAt: new Date(),
      })
      .where(eq(uploadSessions.id, sessionId))
      .run();
    return { ended: true, status, storedPath: status === "cancelled" ? doc?.storedPath : undefined };
  });
  if (result.storedPath) fs.rmSync(path.join(dataDir, result.storedPath), { force: true });
  return { ended: result.ended, status: result.status };
}

/** Removes a document with its chunks, vectors and stored file: one transaction, then the file. */
export function removeDocument(db: Db, dataDir: string, documentId: string, storedPath: string) {
  inTransaction(db, () => {
    removeDocumentIndex(db, documentId);
    db.delete(documents).where(eq(documents.id, documentId)).run();
  });
  fs.rmSync(path.join(dataDir, storedPath), { force: true });
}
