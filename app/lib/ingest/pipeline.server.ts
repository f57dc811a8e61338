import fs from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { documents, uploadSessions, type Db } from "../db/index.server";
import type { Embedder } from "../embeddings/index.server";
import { embeddingText, indexDocument, removeDocumentIndex } from "../search/index.server";
import { chunkPages } from "./chunker";
import { parseFile } from "./parsers/index.server";
import { SessionProgress } from "./progress.server";
import { DocumentError, type Chunk, type FileType } from "./types";

/**
 * One document's journey (DESIGN.md, data flow step 2): metadata and text per page →
 * chunks → embeddings (when a model is configured) → one transaction that makes it
 * searchable. A failed or cancelled run removes everything it wrote.
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

const stripExtension = (name: string) => name.replace(/\.[^.]+$/, "");

export async function runIngestion(db: Db, sessionId: string, options: IngestOptions): Promise<IngestOutcome> {
  const session = db.select().from(uploadSessions).where(eq(uploadSessions.id, sessionId)).get();
  if (!session || session.status !== "processing" || !session.documentId) return "skipped";
  const doc = db.select().from(documents).where(eq(documents.id, session.documentId)).get();
  const progress = new SessionProgress(db, sessionId, session, options.echo);
  if (!doc) {
    failSession(db, progress, "The document record is missing");
    return "failed";
  }
  const { signal } = options;
  const throwIfCancelled = () => {
    if (signal.aborted) throw new CancelledError();
  };

  try {
    progress.step("metadata", `Extracting metadata and text from ${doc.filename}...`);
    const parsed = await parseFile(path.join(options.dataDir, doc.storedPath), doc.fileType as FileType, {
      signal,
      log: (line) => progress.log(line),
    });
    throwIfCancelled();
    for (const note of parsed.notes) progress.log(note);
    const title = parsed.title?.trim() || stripExtension(doc.filename);
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
    progress.log(`Created ${chunks.length} chunks`);
    options.onProgress?.({ step: "chunking", done: 0, total: chunks.length });

    const vectors = await embedChunks(chunks, options, progress);
    throwIfCancelled();

    progress.step("finalizing", "Finalizing document...");
    inTransaction(db, () => {
      // A cancel that arrived while we were finishing wins: nothing becomes searchable.
      const still = db
        .select({ status: uploadSessions.status })
        .from(uploadSessions)
        .where(eq(uploadSessions.id, sessionId))
        .get();
      if (still?.status !== "processing") throw new CancelledError();
      indexDocument(db, { id: doc.id, title, authors: parsed.authors }, chunks, vectors ?? undefined);
      db.update(documents).set({ processingStatus: "completed", error: null }).where(eq(documents.id, doc.id)).run();
    });
    progress.chunks(chunks.length, chunks.length);
    progress.log(`Completed: ${chunks.length} chunks indexed${vectors ? ` with ${vectors.embedderId} vectors` : " (lexical search)"}`);
    progress.flush();
    db.update(uploadSessions)
      .set({ status: "completed", updatedAt: new Date() })
      .where(and(eq(uploadSessions.id, sessionId), eq(uploadSessions.status, "processing")))
      .run();
    options.onProgress?.({ step: "completed", done: chunks.length, total: chunks.length });
    return "completed";
  } catch (error) {
    const cancelled = error instanceof CancelledError || signal.aborted;
    removeDocument(db, options.dataDir, doc.id, doc.storedPath);
    if (cancelled) {
      progress.log("Upload cancelled by user: nothing was kept");
      progress.flush();
      db.update(uploadSessions)
        .set({ status: "cancelled", updatedAt: new Date() })
        .where(eq(uploadSessions.id, sessionId))
        .run();
      return "cancelled";
    }
    failSession(db, progress, failureReason(error));
    return "failed";
  }
}

async function embedChunks(chunks: Chunk[], options: IngestOptions, progress: SessionProgress) {
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

/** Runs `work` in one SQLite transaction on this connection (drizzle queries on `db` included). */
export function inTransaction<T>(db: Db, work: () => T): T {
  return db.$client.transaction(work)();
}

function failureReason(error: unknown): string {
  if (error instanceof DocumentError) return error.message;
  const detail = error instanceof Error ? error.message : String(error);
  return `Document processing failed: ${detail}`;
}

function failSession(db: Db, progress: SessionProgress, reason: string) {
  progress.log(`Failed: ${reason}`);
  progress.flush();
  db.update(uploadSessions)
    .set({ status: "failed", error: reason, updatedAt: new Date() })
    .where(eq(uploadSessions.id, progress.sessionId))
    .run();
}

/** Removes a document with its chunks, vectors and stored file: one transaction, then the file. */
export function removeDocument(db: Db, dataDir: string, documentId: string, storedPath: string) {
  inTransaction(db, () => {
    removeDocumentIndex(db, documentId);
    db.delete(documents).where(eq(documents.id, documentId)).run();
  });
  fs.rmSync(path.join(dataDir, storedPath), { force: true });
}
