import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import type busboy from "busboy";
import { and, count, eq, isNull, ne, or } from "drizzle-orm";
import { getConfig } from "../config.server";
import { documents, getDb, uploadSessions, type Db } from "../db/index.server";
import { discardBody, jsonError } from "../http.server";
import { detectFileTypeFromFile } from "./parsers/index.server";
import { inTransaction } from "./pipeline.server";
import { ingestQueue } from "./queue.server";
import type { FileType } from "./types";

/**
 * Receives a multipart upload (field 'document') straight to disk — never the whole
 * body in memory — checks its real type from its bytes, records the document and its
 * upload session, and queues it for the worker. Returns at once with the session id.
 */

export type UploadOptions = {
  uploadedBy: string;
  /** Hand the session to the worker queue (default). The bulk-ingest command runs it in-process instead. */
  enqueue?: boolean;
  /** null: the shared knowledge base; a user id: that user's private library. */
  ownerId: string | null;
  maxBytes?: number;
  allowedTypes?: readonly FileType[];
  /** With an ownerId: how many documents that owner may have; checked again in the transaction that adds this one. */
  quota?: number;
};

// Multipart framing around the file: boundaries and part headers.
const MULTIPART_OVERHEAD = 64 * 1024;

export const MAX_NAME_CHARS = 255;
/** Longest ending kept as the extension when a long name is shortened (".xlsx" and the like). */
const MAX_EXTENSION_CHARS = 16;

/**
 * The uploaded name is for display only: no folders, no control characters, no bidirectional controls
 * (which can make "exe.pdf" read as "fdp.exe"), at most 255 characters; a longer name is shortened before
 * its extension, so "….pdf" still says what it is.
 */
export function displayName(raw: string): string {
  const base = raw.split(/[/\\]/).pop() ?? "";
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  const clean = base.replace(/[\u0000-\u001f\u007f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, "").trim();
  // By code points, so a character outside the BMP is never cut in half.
  const chars = Array.from(clean);
  if (chars.length <= MAX_NAME_CHARS) return clean || "document";
  const dot = clean.lastIndexOf(".");
  const extension = dot > 0 ? Array.from(clean.slice(dot)) : [];
  if (extension.length < 2 || extension.length > MAX_EXTENSION_CHARS) return chars.slice(0, MAX_NAME_CHARS).join("").trim();
  const stem = Array.from(clean.slice(0, dot)).slice(0, MAX_NAME_CHARS - extension.length).join("").trimEnd();
  return stem + extension.join("");
}

/**
 * Refuses (409, nothing stored) an upload into a private library that already holds `quota`
 * documents, those still processing included. 409: the library's state, not the caller's rights.
 */
export function refuseOverQuota(ownerId: string, quota: number, db: Db = getDb()): void {
  const used = db.select({ n: count() }).from(documents).where(eq(documents.ownerId, ownerId)).get()?.n ?? 0;
  if (used < quota) return;
  const message = quota
    ? `Your document library is full: ${used} of ${quota} documents used. Delete a document to upload another.`
    : "Private document uploads are turned off on this server (USER_DOCUMENT_QUOTA is 0).";
  throw jsonError(409, message, { used, quota });
}

/** How far past the limit a refused body is still read and dropped rather than the connection cut. */
const DRAIN_FACTOR = 4;

/**
 * The answer to an upload refused before its body was read (signed out, not approved, library full,
 * not multipart, declared too large). The body is read and dropped so the connection stays usable (see
 * discardBody): one within the upload limit before answering; one declared larger while the answer goes
 * out, as the client is still sending it. A body declared over DRAIN_FACTOR times the limit is not worth
 * reading: the answer closes the connection instead.
 */
export async function refuseUnreadUpload(request: Request, refusal: Response, maxBytes = getConfig().MAX_UPLOAD_MB * 1024 * 1024): Promise<Response> {
  const limit = maxBytes + MULTIPART_OVERHEAD;
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared <= limit) await discardBody(request, limit);
  else if (declared <= DRAIN_FACTOR * limit) void discardBody(request, declared);
  else refusal.headers.set("Connection", "close");
  return refusal;
}

export type Received = { tempPath: string; filename: string; size: number; sha256: string };

async function receiveFile(request: Request, maxBytes: number, tempPath: string): Promise<Received | null> {
  // Loaded with the first upload: the bulk-ingest command never needs it.
  const { default: busboy } = await import("busboy");
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { "content-type": request.headers.get("content-type") ?? "" },
        limits: { fileSize: maxBytes, files: 1, fields: 20, parts: 25 },
        defParamCharset: "utf8",
      });
    } catch {
      reject(jsonError(400, "Malformed multipart body"));
      return;
    }
    let received: Received | null = null;
    let pending: Promise<void> = Promise.resolve();
    let failure: Response | null = null;
    const body = Readable.fromWeb(request.body as unknown as NodeReadableStream<Uint8Array>);

    parser.on("file", (field, stream, info) => {
      if (field !== "document" || received) {
        stream.resume();
        return;
      }
      const hash = crypto.createHash("sha256");
      let size = 0;
      const out = fs.createWriteStream(tempPath, { flags: "wx", mode: 0o600 });
      stream.on("data", (chunk: Buffer) => {
        hash.update(chunk);
        size += chunk.length;
      });
      stream.on("limit", () => {
        failure = jsonError(413, `The file is larger than the ${Math.round(maxBytes / 1024 / 1024)} MB limit`);
        stream.unpipe(out);
        out.destroy();
        // Discard the rest rather than reset the connection, so the client reads the 413.
        body.unpipe(parser);
        body.resume();
        finish();
      });
      received = { tempPath, filename: displayName(info.filename ?? ""), size: 0, sha256: "" };
      pending = new Promise<void>((done, fail) => {
        out.on("finish", () => {
          if (received) Object.assign(received, { size, sha256: hash.digest("hex") });
          done();
        });
        out.on("error", fail);
      });
      // When the upload is refused part-way the write stream is destroyed: that is not an error to report.
      pending.catch(() => undefined);
      stream.pipe(out);
    });
    let settled = false;
    const finish = () => {
      if (settled) return;
      settled = true;
      if (failure) return reject(failure);
      pending.then(() => resolve(received), reject);
    };
    parser.on("close", finish);
    parser.on("error", () => {
      failure ??= jsonError(400, "Malformed multipart body");
      finish();
    });
    body.on("error", () => {
      failure ??= jsonError(400, "The upload was interrupted");
      finish();
    });
    body.pipe(parser);
  });
}

export async function receiveUpload(request: Request, options: UploadOptions): Promise<UploadOutcome> {
  const config = getConfig();
  const maxBytes = options.maxBytes ?? config.MAX_UPLOAD_MB * 1024 * 1024;
  if (!/^multipart\/form-data/i.test(request.headers.get("content-type") ?? "")) {
    throw await refuseUnreadUpload(request, jsonError(415, "Expected multipart/form-data with the file in the field 'document'"), maxBytes);
  }
  // Refuse a declared oversize body before reading any of it.
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > maxBytes + MULTIPART_OVERHEAD) {
    throw jsonError(413, `The file is larger than the ${Math.round(maxBytes / 1024 / 1024)} MB limit`);
  }
  if (!request.body) throw jsonError(400, "No file in the field 'document'");

  const filesDir = path.join(config.dataDir, "files");
  fs.mkdirSync(filesDir, { recursive: true });
  const tempPath = path.join(filesDir, `.incoming-${crypto.randomUUID()}`);
  let received: Received | null;
  try {
    received = await receiveFile(request, maxBytes, tempPath);
  } catch (error) {
    fs.rmSync(tempPath, { force: true });
    throw error;
  }
  if (!received) {
    fs.rmSync(tempPath, { force: true });
    throw jsonError(400, "No file in the field 'document'");
  }
  try {
    return await registerUpload(received, options);
  } finally {
    fs.rmSync(tempPath, { force: true });
  }
}

/**
 * What became of an upload: queued for the worker (or failed at once, when empty: documentId null), or
 * skipped because the same bytes are already in the library, with the message to show for that file.
 */
export type UploadOutcome =
  | { outcome: "queued"; sessionId: string; documentId: string | null }
  | { outcome: "skipped"; sessionId: null; documentId: null; message: string; existing: { id: string; title: string } };

/** The JSON an upload route answers with (the document id of a queued upload is not part of it). */
export function uploadAnswer(result: UploadOutcome) {
  if (result.outcome === "queued") return { outcome: result.outcome, sessionId: result.sessionId };
  return { outcome: result.outcome, sessionId: null, message: result.message, existing: result.existing };
}

/**
 * The document with these exact bytes (SHA-256) that the uploader can already see: one in the shared
 * knowledge base or in their own private library, completed or processing; a failed one only in the
 * library this upload goes to, where the uploader may retry it (Retry, not a second copy). Someone
 * else's private documents are never matched: their existence is not revealed.
 */
export function findSameContent(sha256: string, uploaderId: string, targetOwnerId: string | null, db: Db = getDb()) {
  const visible = or(isNull(documents.ownerId), eq(documents.ownerId, uploaderId));
  const target = targetOwnerId === null ? isNull(documents.ownerId) : eq(documents.ownerId, targetOwnerId);
  return (
    db
      .select({ id: documents.id, title: documents.title, ownerId: documents.ownerId, processingStatus: documents.processingStatus })
      .from(documents)
      .where(and(eq(documents.sha256, sha256), or(and(ne(documents.processingStatus, "failed"), visible), and(eq(documents.processingStatus, "failed"), target))))
      .get() ?? null
  );
}

/** The per-file message of a skipped duplicate. */
export function duplicateMessage(existing: { title: string; ownerId: string | null; processingStatus: string }): string {
  const where = existing.ownerId ? "your library" : "the library";
  if (existing.processingStatus === "failed") return `Skipped: already in ${where} as ${existing.title}, whose processing failed (use Retry there)`;
  return `Skipped: already in ${where} as ${existing.title}`;
}

/**
 * Records a received file (already on disk at `received.tempPath`, inside DATA_DIR/files):
 * checks its real type, skips it when the uploader can already see the same bytes, else moves it to
 * its final name and creates the document and its session.
 */
export async function registerUpload(received: Received, options: UploadOptions): Promise<UploadOutcome> {
  const db = getDb();
  const sessionId = crypto.randomUUID();
  const receivedLine = `[${new Date().toISOString().slice(11, 19)}] Upload received: ${received.filename} (${(received.size / 1024).toFixed(1)} KB)`;
  if (received.size === 0) {
    // Spec: a bad file is a failed session with a plain reason, not a failed request.
    db.insert(uploadSessions)
      .values({
        id: sessionId,
        userId: options.uploadedBy,
        ownerId: options.ownerId,
        filename: received.filename,
        fileSize: 0,
        status: "failed",
        error: "The file is empty",
        consoleOutput: [receivedLine, "Failed: The file is empty"],
      })
      .run();
    return { outcome: "queued", sessionId, documentId: null };
  }
  const detected = await detectFileTypeFromFile(received.tempPath, received.filename);
  if (!detected.ok) throw jsonError(415, detected.reason);
  if (options.allowedTypes && !options.allowedTypes.includes(detected.type)) {
    throw jsonError(415, `Unsupported file type here: ${detected.type.toUpperCase()} (allowed: ${options.allowedTypes.join(", ").toUpperCase()})`);
  }
  const documentId = crypto.randomUUID();
  const storedPath = path.join("files", `${documentId}.${detected.type}`);
  const storedFile = path.join(getConfig().dataDir, storedPath);
  fs.renameSync(received.tempPath, storedFile);
  let duplicate: ReturnType<typeof findSameContent>;
  try {
    duplicate = inTransaction(db, () => {
      // In the transaction: two uploads of the same file at once cannot both be added.
      const same = findSameContent(received.sha256, options.uploadedBy, options.ownerId, db);
      if (same) return same;
      // Checked here too: two uploads at once cannot both take the last place.
      if (options.ownerId && options.quota !== undefined) refuseOverQuota(options.ownerId, options.quota, db);
      db.insert(documents)
        .values({
          id: documentId,
          title: received.filename.replace(/\.[^.]+$/, ""),
          filename: received.filename,
          storedPath,
          fileType: detected.type,
          fileSize: received.size,
          sha256: received.sha256,
          ownerId: options.ownerId,
          uploadedBy: options.uploadedBy,
          processingStatus: "processing",
        })
        .run();
      db.insert(uploadSessions)
        .values({
          id: sessionId,
          documentId,
          userId: options.uploadedBy,
          ownerId: options.ownerId,
          filename: received.filename,
          fileSize: received.size,
          status: "processing",
          consoleOutput: [receivedLine, `[${new Date().toISOString().slice(11, 19)}] Detected type: ${detected.type.toUpperCase()}; waiting for the worker...`],
        })
        .run();
      return null;
    });
  } catch (error) {
    fs.rmSync(storedFile, { force: true });
    throw error;
  }
  if (duplicate) {
    fs.rmSync(storedFile, { force: true });
    return { outcome: "skipped", sessionId: null, documentId: null, message: duplicateMessage(duplicate), existing: { id: duplicate.id, title: duplicate.title } };
  }
  if (options.enqueue !== false) ingestQueue().enqueue(sessionId, options.ownerId);
  return { outcome: "queued", sessionId, documentId };
}
