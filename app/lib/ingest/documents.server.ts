import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { and, asc, desc, eq, gte, isNotNull, isNull, lte, or } from "drizzle-orm";
import { z } from "zod";
import { getConfig } from "../config.server";
import { type ChunkLayout, chunks, documents, getDb, uploadSessions, type Db } from "../db/index.server";
import { jsonError, jsonOk } from "../http.server";
import type { ActiveUpload } from "../documents-view";
import type { LibraryDocument } from "../library-view";
import { retitleDocumentIndex } from "../search/index.server";
import { validateDetails, type DocumentDetails } from "./details";
import { CANCELLED_LINE, endSession, inTransaction, removeDocument } from "./pipeline.server";
import { ingestQueue } from "./queue.server";

/** Reading and managing documents and their upload sessions (the API's view of them). */

export type AdminDocument = {
  id: string;
  title: string;
  filename: string;
  authors: string[];
  year: number | null;
  fileType: string;
  fileSize: number;
  pages: number | null;
  uploadedAt: string;
  processingStatus: "completed" | "processing" | "failed";
  error: string | null;
  upload: ActiveUpload | null;
};

/** The uploads still processing, by document: what a list needs to show their bar and offer Cancel. */
function activeUploads(db: Db): Map<string, ActiveUpload> {
  const rows = db
    .select({ id: uploadSessions.id, documentId: uploadSessions.documentId, progress: uploadSessions.progress, currentStep: uploadSessions.currentStep })
    .from(uploadSessions)
    .where(and(eq(uploadSessions.status, "processing"), isNotNull(uploadSessions.documentId)))
    .all();
  return new Map(rows.map((r) => [r.documentId!, { sessionId: r.id, progress: r.progress, queued: r.currentStep === null }]));
}

export function listSharedDocuments(db: Db = getDb()): AdminDocument[] {
  const active = activeUploads(db);
  return db
    .select()
    .from(documents)
    .where(isNull(documents.ownerId))
    .orderBy(desc(documents.uploadedAt))
    .all()
    .map((d) => ({
      id: d.id,
      title: d.title,
      filename: d.filename,
      authors: d.authors,
      year: d.year,
      fileType: d.fileType,
      fileSize: d.fileSize,
      pages: d.pages,
      uploadedAt: d.uploadedAt.toISOString(),
      processingStatus: d.processingStatus,
      error: d.processingStatus === "failed" ? d.error : null,
      upload: d.processingStatus === "processing" ? (active.get(d.id) ?? null) : null,
    }));
}

/** A user's private library, newest first, those still processing included (the library page). */
export function listOwnDocuments(ownerId: string, db: Db = getDb()): LibraryDocument[] {
  const active = activeUploads(db);
  return db
    .select({
      id: documents.id,
      title: documents.title,
      filename: documents.filename,
      authors: documents.authors,
      year: documents.year,
      pages: documents.pages,
      uploadedAt: documents.uploadedAt,
      processingStatus: documents.processingStatus,
      error: documents.error,
    })
    .from(documents)
    .where(eq(documents.ownerId, ownerId))
    .orderBy(desc(documents.uploadedAt))
    .all()
    .map((d) => ({
      ...d,
      uploadedAt: d.uploadedAt.toISOString(),
      error: d.processingStatus === "failed" ? d.error : null,
      upload: d.processingStatus === "processing" ? (active.get(d.id) ?? null) : null,
    }));
}

/** Documents a user can search: the completed shared knowledge base plus their own private ones. */
export function listVisibleDocuments(viewerId: string, db: Db = getDb()) {
  return db
    .select({ id: documents.id, title: documents.title, filename: documents.filename, pages: documents.pages, uploadedAt: documents.uploadedAt })
    .from(documents)
    .where(and(eq(documents.processingStatus, "completed"), or(isNull(documents.ownerId), eq(documents.ownerId, viewerId))))
    .orderBy(desc(documents.uploadedAt))
    .all()
    .map((d) => ({ ...d, uploadedAt: d.uploadedAt.toISOString() }));
}

/**
 * Whose sessions a caller reaches: the admin's routes those of the shared knowledge base, a user's
 * library routes their own uploads to their own library. A private library's upload (its file name,
 * title and console) is its owner's alone, as the document is.
 */
export type SessionScope = { library: "shared" } | { library: "private"; userId: string } | { library: "any" };

function inScope(s: { userId: string | null; ownerId: string | null }, scope: SessionScope): boolean {
  if (scope.library === "any") return true;
  if (scope.library === "shared") return s.ownerId === null;
  return s.ownerId === scope.userId && s.userId === scope.userId;
}

/** A session by id; null when missing or outside the scope (existence is not revealed). */
export function getUploadSession(id: string, scope: SessionScope, db: Db = getDb()) {
  const s = db.select().from(uploadSessions).where(eq(uploadSessions.id, id)).get();
  if (!s || !inScope(s, scope)) return null;
  return {
    id: s.id,
    sessionId: s.id,
    documentId: s.documentId,
    filename: s.filename,
    fileSize: s.fileSize,
    status: s.status,
    error: s.error,
    consoleOutput: s.consoleOutput,
    currentStep: s.currentStep,
    totalChunks: s.totalChunks,
    chunksCreated: s.chunksCreated,
    progress: s.progress,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}

export type CancelResult = { result: "cancelled" } | { result: "not-found" } | { result: "too-late"; status: string };

/**
 * Cancels a session in one state change (endSession's transaction): a cancel that answers
 * 'cancelled' has ended the session as cancelled, its document removed, whatever the worker
 * does next; one that comes after the session ended is 'too-late' with the state it ended in.
 */
export function cancelUploadSession(id: string, scope: SessionScope, db: Db = getDb()): CancelResult {
  const s = db.select({ userId: uploadSessions.userId, ownerId: uploadSessions.ownerId }).from(uploadSessions).where(eq(uploadSessions.id, id)).get();
  if (!s || !inScope(s, scope)) return { result: "not-found" };
  const end = endSession(db, getConfig().dataDir, id, "cancelled", CANCELLED_LINE);
  if (!end.ended) return end.status ? { result: "too-late", status: end.status } : { result: "not-found" };
  ingestQueue().cancelled(id);
  return { result: "cancelled" };
}

export type RetryResult =
  | { result: "queued"; sessionId: string }
  | { result: "not-found" }
  | { result: "not-failed"; status: string }
  | { result: "file-gone" };

/**
 * Processes a failed document again from its stored file, in a new upload session queued for the worker
 * (one state change: only a failed document moves back to processing, so two retries at once queue one).
 * The shared knowledge base's documents are retried by an admin (`ownerId` null), a private one by its
 * owner, who uploaded it; anyone else's is 'not-found'. 'file-gone' when the stored file is no longer there
 * (nothing changes: the document stays failed, to be deleted or uploaded again).
 */
export function retryDocument(id: string, ownerId: string | null, retriedBy: string, db: Db = getDb()): RetryResult {
  const owner = ownerId === null ? isNull(documents.ownerId) : eq(documents.ownerId, ownerId);
  const result = inTransaction(db, (): RetryResult => {
    const doc = db.select().from(documents).where(and(eq(documents.id, id), owner)).get();
    if (!doc) return { result: "not-found" };
    if (doc.processingStatus !== "failed") return { result: "not-failed", status: doc.processingStatus };
    if (!fs.existsSync(path.join(getConfig().dataDir, doc.storedPath))) return { result: "file-gone" };
    const sessionId = crypto.randomUUID();
    const stamp = `[${new Date().toISOString().slice(11, 19)}]`;
    db.insert(uploadSessions)
      .values({
        id: sessionId,
        documentId: doc.id,
        userId: retriedBy,
        ownerId: doc.ownerId,
        filename: doc.filename,
        fileSize: doc.fileSize,
        status: "processing",
        consoleOutput: [`${stamp} Retrying ${doc.filename} (the last attempt failed: ${doc.error ?? "no reason recorded"})`, `${stamp} Waiting for the worker...`],
      })
      .run();
    db.update(documents).set({ processingStatus: "processing", error: null }).where(eq(documents.id, doc.id)).run();
    return { result: "queued", sessionId };
  });
  if (result.result === "queued") ingestQueue().enqueue(result.sessionId, ownerId);
  return result;
}

/** The answer of the retry routes: 200 with the new session, 404, or 409 saying why it cannot be retried. */
export function retryResponse(result: RetryResult): Response {
  switch (result.result) {
    case "queued":
      return jsonOk({ outcome: "queued", sessionId: result.sessionId });
    case "not-found":
      return jsonError(404, "Document not found");
    case "not-failed":
      return jsonError(409, `Only a failed upload can be retried (this one is ${result.status})`, { reason: "not-failed", status: result.status });
    case "file-gone":
      return jsonError(409, "The uploaded file is no longer stored on the server: delete this entry and upload the file again", { reason: "file-gone" });
  }
}

export type DeleteResult = { ok: true; title: string } | { ok: false; reason: "not-found" | "processing" };

/** Deletes a shared document with its chunks, vectors and stored file. Private documents are not reachable here. */
export function deleteSharedDocument(id: string, db: Db = getDb()): DeleteResult {
  return deleteDocumentIn(id, null, db);
}

/** Deletes one of the owner's private documents likewise; anyone else's, or a shared one, is 'not-found'. */
export function deletePrivateDocument(ownerId: string, id: string, db: Db = getDb()): DeleteResult {
  return deleteDocumentIn(id, ownerId, db);
}

function deleteDocumentIn(id: string, ownerId: string | null, db: Db): DeleteResult {
  const owner = ownerId === null ? isNull(documents.ownerId) : eq(documents.ownerId, ownerId);
  const doc = db.select().from(documents).where(and(eq(documents.id, id), owner)).get();
  if (!doc) return { ok: false, reason: "not-found" };
  if (doc.processingStatus === "processing") return { ok: false, reason: "processing" };
  removeDocument(db, getConfig().dataDir, doc.id, doc.storedPath);
  return { ok: true, title: doc.title };
}

/** Who edits: the admin edits the shared knowledge base, a user their own private documents; `either` is both (the page action). */
export type EditScope = { library: "shared" } | { library: "private"; userId: string } | { library: "either"; userId: string; admin: boolean };

/** An edit's body is small: anything much bigger than the longest title and author list is refused unread (413). */
export const DETAILS_BODY_MAX = 16 * 1024;

/** The JSON body of an edit ({title, authors, year}), checked by the rule the form shares (details.ts). */
export const documentDetailsSchema = z.unknown().transform((value, ctx): DocumentDetails => {
  const result = validateDetails(value);
  if (result.ok) return result.details;
  ctx.addIssue({ code: "custom", message: result.message, path: result.field === "body" ? [] : [result.field] });
  return z.NEVER;
});

/** The page action's body: the document's id beside its details (checked by validateDetails). */
export const editRequestSchema = z.looseObject({ id: z.string({ error: "id is required" }).min(1).max(200) });

export type EditResult =
  | { ok: true; document: { id: string; title: string; authors: string[]; year: number | null } }
  | { ok: false; reason: "not-found" | "forbidden" | "processing" };

/**
 * Sets a document's title, authors and year, and its name in the search index, in one transaction: new
 * answers cite it by the new title at once (passages take the title from the document row). A document
 * outside the scope is 'not-found' (existence not revealed), except a shared one a non-admin may see
 * ('forbidden'); one still processing is refused, as the pipeline writes its title when it finishes.
 */
export function updateDocumentDetails(id: string, scope: EditScope, details: DocumentDetails, db: Db = getDb()): EditResult {
  return inTransaction(db, (): EditResult => {
    const doc = db.select({ id: documents.id, ownerId: documents.ownerId, status: documents.processingStatus }).from(documents).where(eq(documents.id, id)).get();
    if (!doc) return { ok: false, reason: "not-found" };
    const shared = doc.ownerId === null;
    if (scope.library === "shared" && !shared) return { ok: false, reason: "not-found" };
    if (scope.library !== "shared" && !shared && doc.ownerId !== scope.userId) return { ok: false, reason: "not-found" };
    if (scope.library === "private" && shared) return { ok: false, reason: "not-found" };
    if (scope.library === "either" && shared && !scope.admin) return { ok: false, reason: "forbidden" };
    if (doc.status === "processing") return { ok: false, reason: "processing" };
    db.update(documents).set({ title: details.title, authors: details.authors, year: details.year }).where(eq(documents.id, id)).run();
    retitleDocumentIndex(db, { id, title: details.title, authors: details.authors });
    return { ok: true, document: { id, ...details } };
  });
}

export type VisibleDocument = { id: string; title: string; filename: string; fileType: string; pages: number | null; filePath: string };

/** A completed document this viewer may open (shared, or their own private one); null otherwise, whoever owns it. */
export function getVisibleDocument(viewerId: string, id: string, db: Db = getDb()): VisibleDocument | null {
  const d = db
    .select()
    .from(documents)
    .where(and(eq(documents.id, id), eq(documents.processingStatus, "completed"), or(isNull(documents.ownerId), eq(documents.ownerId, viewerId))))
    .get();
  if (!d) return null;
  // storedPath is ours (files/<uuid>.<ext>), never the uploaded name; still, refuse anything outside DATA_DIR.
  const dataDir = path.resolve(getConfig().dataDir);
  const filePath = path.resolve(dataDir, d.storedPath);
  if (!filePath.startsWith(dataDir + path.sep)) return null;
  return { id: d.id, title: d.title, filename: d.filename, fileType: d.fileType, pages: d.pages, filePath };
}

export type PageChunk = { id: number; heading: string | null; text: string; pages: number[]; pageLabel: string | null; layout: ChunkLayout | null };

/** The printed label of a page, from the layout of any chunk printed on it (else a chunk that starts on it). */
export function printedPageLabel(pageChunks: PageChunk[], pageNumber: number): string | null {
  for (const chunk of pageChunks) {
    const entry = chunk.layout?.pages.find((p) => p.page === pageNumber);
    if (entry) return entry.label;
  }
  return pageChunks.find((p) => p.pages[0] === pageNumber)?.pageLabel ?? null;
}

/** The chunks that span a page of a document, in reading order (they overlap a little by design). */
export function chunksOfPage(documentId: string, pageNumber: number, db: Db = getDb()): PageChunk[] {
  return db
    .select({ id: chunks.id, heading: chunks.heading, text: chunks.text, pages: chunks.pages, pageLabel: chunks.pageLabel, layout: chunks.layout })
    .from(chunks)
    .where(and(eq(chunks.documentId, documentId), lte(chunks.pageStart, pageNumber), gte(chunks.pageEnd, pageNumber)))
    .orderBy(asc(chunks.chunkIndex))
    .all();
}
