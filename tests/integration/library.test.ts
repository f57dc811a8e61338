import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDb, setBetaAccess } from "../support/db";
import { HttpClient, startServer, type TestServer } from "../support/server";
import { FIXTURE_DOCUMENTS, LIBRARY_UPLOADS, sendOnAgent, upload, uploadStreamed, waitForSession, type Reply } from "../support/uploads";

/**
 * The private document library over real HTTP against the built server: who may call its routes,
 * uploads through the real worker, the limits (type, 50 MB, a quota of 2 set for this server),
 * ownership of sessions and documents, delete, and the privacy promise — one user's documents never
 * reach another user's answers, sources, lists or counts.
 */

const REFUSAL = "I cannot find information about this topic in the available medical literature.";
/** Alice's private PDF: its facts are in no shared document on this server. */
const PDF_NAME = "mmwr-unhealthy-housing_us-024.pdf";
const PDF_TITLE = "Inadequate and Unhealthy Housing, 2007 and 2009";
const PDF_QUESTION = "What are examples of moderate physical problems in inadequate housing units?";
const DOCX_NAME = "docling_word_sample.docx";
const SHARED_TXT = "# Meloxicam in cats\n\nMeloxicam is a non-steroidal anti-inflammatory drug. The initial dose in cats is 0.3 mg/kg once, then 0.05 mg/kg daily.\n";

type LibraryDoc = { id: string; title: string; filename: string; authors: string[]; year: number | null; pages: number | null; uploadedAt: string; processingStatus: string };
type Citation = { documentId: string; document: string; page: string | number; url: string };
type MessageJson = { content: string; citations: Citation[] };

let server: TestServer;
let admin: HttpClient;
let alice: HttpClient;
let bob: HttpClient;
let pending: HttpClient;
const anon = () => new HttpClient(server.url);

const corpusFile = (name: string) => fs.readFileSync(path.join(FIXTURE_DOCUMENTS, name));
const uploadToLibrary = (client: HttpClient, name: string, content: Uint8Array | Buffer) => upload(client, name, content, "document", LIBRARY_UPLOADS.upload);

/** Uploads into the client's library and waits for the worker; the new document's id. */
async function addToLibrary(client: HttpClient, name: string, content: Uint8Array | Buffer): Promise<string> {
  const res = await uploadToLibrary(client, name, content);
  expect(res.status, await res.clone().text()).toBe(200);
  const { sessionId } = (await res.json()) as { sessionId: string };
  const session = await waitForSession(client, sessionId, 120_000, LIBRARY_UPLOADS.sessions);
  expect(session, `ingesting ${name}`).toMatchObject({ status: "completed" });
  return session.documentId!;
}

async function libraryOf(client: HttpClient, query = ""): Promise<LibraryDoc[]> {
  const res = await client.get(`/api/documents${query}`);
  expect(res.status).toBe(200);
  return (await res.json()) as LibraryDoc[];
}

async function statsOf(client: HttpClient): Promise<{ documentsCount: number }> {
  const res = await client.get("/api/auth/user/stats");
  expect(res.status).toBe(200);
  return (await res.json()) as { documentsCount: number };
}

async function ask(client: HttpClient, question: string): Promise<MessageJson> {
  const created = await client.json("POST", "/api/conversations", { title: "Library questions" });
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const res = await client.json("POST", `/api/conversations/${id}/messages`, { content: question, usePubmed: false, useThinkHarder: false });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as MessageJson;
}

/** The whole server-sent event stream of an answer, as text. */
async function askStreamed(client: HttpClient, question: string): Promise<string> {
  const created = await client.json("POST", "/api/conversations", { title: "Streamed question" });
  const { id } = (await created.json()) as { id: string };
  const res = await client.json("POST", `/api/conversations/${id}/messages/stream`, { content: question, usePubmed: false, useThinkHarder: false });
  expect(res.status).toBe(200);
  return res.text();
}

/**
 * A 10 MB upload the server refuses before reading it, then another request over the same kept-alive
 * connection. Unread, the body would fill the connection's buffers: its sending would never end, and
 * the next request would stall until the socket is reset. The server must read and drop it.
 */
async function refusedUploadThenNext(client: HttpClient): Promise<[Reply, Reply]> {
  const pdf = Buffer.alloc(10 * 1024 * 1024, 66);
  pdf.write("%PDF-1.4\n", 0);
  const form = new FormData();
  form.append("document", new Blob([new Uint8Array(pdf)]), "refused.pdf");
  const encoded = new Request(server.url, { method: "POST", body: form });
  const body = { type: encoded.headers.get("content-type")!, bytes: Buffer.from(await encoded.arrayBuffer()) };
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const refused = await sendOnAgent(agent, client, "POST", LIBRARY_UPLOADS.upload, body);
    return [refused, await sendOnAgent(agent, client, "GET", "/api/auth/user")];
  } finally {
    agent.destroy();
  }
}

function filesOnDisk(): string[] {
  const dir = path.join(server.dataDir, "files");
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
}

/** Rows that a refused or foreign request must leave alone. */
function snapshot() {
  const db = openTestDb(server.dataDir);
  try {
    const count = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
    return {
      documents: count("select count(*) n from documents"),
      chunks: count("select count(*) n from chunks"),
      sessions: count("select count(*) n from upload_sessions"),
      files: filesOnDisk(),
    };
  } finally {
    db.close();
  }
}

const userId = (email: string) => {
  const db = openTestDb(server.dataDir);
  try {
    return (db.prepare("select id from users where email = ?").get(email) as { id: string }).id;
  } finally {
    db.close();
  }
};

let sharedDocId: string;
let sharedSessionId: string;

beforeAll(async () => {
  server = await startServer({ env: { ADMIN_PASSWORD: "library-admin-password", USER_DOCUMENT_QUOTA: "2" } });
  admin = new HttpClient(server.url);
  expect((await admin.signIn(server.adminEmail, "library-admin-password")).status).toBe(303);
  alice = new HttpClient(server.url);
  expect((await alice.signUp({ email: "alice@clinic.test" })).status).toBe(303);
  setBetaAccess(server.dataDir, "alice@clinic.test", "approved");
  bob = new HttpClient(server.url);
  expect((await bob.signUp({ email: "bob@clinic.test" })).status).toBe(303);
  setBetaAccess(server.dataDir, "bob@clinic.test", "approved");
  pending = new HttpClient(server.url);
  expect((await pending.signUp({ email: "pending@clinic.test" })).status).toBe(303);

  // A shared knowledge base, so that "nothing found" below is about visibility, not an empty index.
  const res = await upload(admin, "meloxicam-cats.txt", Buffer.from(SHARED_TXT));
  expect(res.status).toBe(200);
  sharedSessionId = ((await res.json()) as { sessionId: string }).sessionId;
  const session = await waitForSession(admin, sharedSessionId);
  expect(session.status).toBe("completed");
  sharedDocId = session.documentId!;
});

afterAll(async () => {
  await server?.stop();
});

describe("who may call the library routes", () => {
  const calls: Array<[string, string]> = [
    ["GET", "/api/documents"],
    ["GET", "/api/documents/upload-sessions/some-id"],
    ["POST", "/api/documents/upload-sessions/some-id/cancel"],
    ["DELETE", "/api/documents/some-id"],
  ];

  it("401 signed out and 403 pending on every route, the upload included, and nothing is stored", async () => {
    for (const [method, url] of calls) {
      expect((await anon().request(method, url)).status, `${method} ${url} signed out`).toBe(401);
      expect((await pending.request(method, url)).status, `${method} ${url} pending`).toBe(403);
    }
    const before = snapshot();
    const pdf = corpusFile(PDF_NAME);
    expect((await uploadToLibrary(anon(), PDF_NAME, pdf)).status).toBe(401);
    expect((await uploadToLibrary(pending, PDF_NAME, pdf)).status).toBe(403);
    const [refused, next] = await refusedUploadThenNext(pending);
    expect(refused.status).toBe(403);
    expect(next.status).toBe(200);
    expect(snapshot()).toEqual(before);
  });

  it("an approved user gets 404 for sessions and documents that do not exist; other methods are 405", async () => {
    expect((await alice.get("/api/documents/upload-sessions/nope")).status).toBe(404);
    expect((await alice.request("POST", "/api/documents/upload-sessions/nope/cancel")).status).toBe(404);
    expect((await alice.request("DELETE", "/api/documents/nope")).status).toBe(404);
    expect((await alice.get("/api/documents/upload")).status).toBe(405);
    expect((await alice.request("PUT", "/api/documents/nope")).status).toBe(405);
    expect((await alice.get("/api/documents?scope=everyone")).status).toBe(400);
  });

  it("the /documents page: signed out to the login page, pending to the beta page, approved users see it", async () => {
    const signedOut = await anon().get("/documents");
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("location")).toMatch(/^\/api\/login/);
    const waiting = await pending.get("/documents");
    expect(waiting.status).toBe(302);
    expect(waiting.headers.get("location")).toBe("/beta-access");
    const page = await alice.get("/documents");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Your Documents");
    expect(html).toContain("0 of 2 documents used");
  });
});

describe("a private library", () => {
  let pdfId: string;
  let docxId: string;

  it("an approved user's PDF goes through the worker and is listed for them alone", async () => {
    const before = filesOnDisk().length;
    pdfId = await addToLibrary(alice, PDF_NAME, corpusFile(PDF_NAME));
    expect(filesOnDisk().length).toBe(before + 1);

    const mine = await libraryOf(alice);
    expect(mine).toEqual([
      { id: pdfId, title: PDF_TITLE, filename: PDF_NAME, authors: [], year: null, pages: 6, uploadedAt: expect.any(String), processingStatus: "completed", error: null, upload: null },
    ]);
    // The library is the user's own documents: the shared knowledge base is searched, not listed here.
    expect(mine.map((d) => d.id)).not.toContain(sharedDocId);
    expect((await libraryOf(alice, "?scope=searchable")).map((d) => d.id).sort()).toEqual([pdfId, sharedDocId].sort());
    expect((await statsOf(alice)).documentsCount).toBe(1);

    // Not Bob's, and not the admin's Documents tab, which manages the shared knowledge base only.
    expect(await libraryOf(bob)).toEqual([]);
    expect((await libraryOf(bob, "?scope=searchable")).map((d) => d.id)).toEqual([sharedDocId]);
    const adminList = (await (await admin.get("/api/admin/documents")).json()) as Array<{ id: string }>;
    expect(adminList.map((d) => d.id)).toEqual([sharedDocId]);
    expect(await libraryOf(admin)).toEqual([]);
  });

  it("the progress of an upload is its uploader's alone", async () => {
    const res = await uploadToLibrary(alice, DOCX_NAME, corpusFile(DOCX_NAME));
    expect(res.status).toBe(200);
    const { sessionId } = (await res.json()) as { sessionId: string };
    // Whatever state it is in, nobody else can read or cancel it.
    for (const other of [bob, admin]) {
      expect((await other.get(`/api/documents/upload-sessions/${sessionId}`)).status).toBe(404);
      expect((await other.request("POST", `/api/documents/upload-sessions/${sessionId}/cancel`)).status).toBe(404);
    }
    // Nor through the admin's own session routes: a private upload is not part of the shared knowledge base.
    expect((await admin.get(`/api/admin/upload-sessions/${sessionId}`)).status).toBe(404);
    expect((await admin.request("POST", `/api/admin/upload-sessions/${sessionId}/cancel`)).status).toBe(404);
    const done = await waitForSession(alice, sessionId, 120_000, LIBRARY_UPLOADS.sessions);
    expect(done).toMatchObject({ status: "completed", error: null, currentStep: "finalizing" });
    expect(done.chunksCreated).toBe(done.totalChunks);
    expect(done.consoleOutput.join("\n")).toContain("Completed");
    docxId = done.documentId!;
    expect((await libraryOf(alice)).map((d) => d.id)).toEqual([docxId, pdfId]);
    // Nor do the library routes reach the sessions of the admin's shared uploads.
    expect((await alice.get(`/api/documents/upload-sessions/${sharedSessionId}`)).status).toBe(404);
  });

  it("THE PRIVACY TEST: Bob never sees Alice's document in answers, sources, lists, counts, files or pages", async () => {
    const mine = await ask(alice, PDF_QUESTION);
    expect(mine.citations.length).toBeGreaterThan(0);
    expect(mine.citations.every((c) => c.documentId === pdfId && c.document === PDF_TITLE)).toBe(true);

    for (const other of [bob, admin]) {
      const answer = await ask(other, PDF_QUESTION);
      expect(answer.content).toBe(REFUSAL);
      expect(answer.citations).toEqual([]);
      // The chat screen's streamed answer too.
      const streamed = await askStreamed(other, PDF_QUESTION);
      expect(streamed).toContain(REFUSAL);
      expect(streamed).not.toContain(pdfId);
      expect(streamed).not.toContain(PDF_TITLE);

      for (const id of [docxId, pdfId]) {
        const file = await other.get(`/api/documents/${id}/file`);
        expect(file.status).toBe(404);
        expect(await file.json()).toEqual({ message: "Document not found" });
        expect((await other.get(`/documents/${id}/view?page=1`)).status).toBe(404);
      }
      const lists = [...(await libraryOf(other)), ...(await libraryOf(other, "?scope=searchable"))].map((d) => d.id);
      expect(lists).not.toContain(docxId);
      expect(lists).not.toContain(pdfId);
    }
    expect((await statsOf(bob)).documentsCount).toBe(0);
    expect((await statsOf(alice)).documentsCount).toBe(2);
    // The count is of private documents: the shared one the admin uploaded is the knowledge base's.
    expect((await statsOf(admin)).documentsCount).toBe(0);
    // Bob's search works: the shared document answers him.
    expect((await ask(bob, "What is the dose of meloxicam in cats?")).citations.map((c) => c.documentId)).toEqual([sharedDocId]);

    // Alice opens her own.
    expect((await alice.get(`/api/documents/${pdfId}/file`)).status).toBe(200);
    expect((await alice.get(`/documents/${docxId}/view?page=1`)).status).toBe(200);
  });

  it("a full library refuses another upload with 409 and a clear message, storing nothing", async () => {
    const before = snapshot();
    const res = await uploadToLibrary(alice, "medicine-list-table.pdf", corpusFile("medicine-list-table.pdf"));
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      message: "Your document library is full: 2 of 2 documents used. Delete a document to upload another.",
      used: 2,
      quota: 2,
    });
    const [refused, next] = await refusedUploadThenNext(alice);
    expect(refused.status).toBe(409);
    expect(next.status).toBe(200);
    expect(snapshot()).toEqual(before);
  });

  it("another user's document, a shared one or a private one through the admin's route cannot be deleted (404), and nothing changes", async () => {
    const before = snapshot();
    for (const [client, id] of [
      [bob, pdfId],
      [admin, pdfId],
      [alice, sharedDocId],
      [bob, sharedDocId],
    ] as const) {
      const res = await client.request("DELETE", `/api/documents/${id}`);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: "Document not found" });
    }
    expect((await admin.request("DELETE", `/api/admin/documents/${pdfId}`)).status).toBe(404);
    expect(snapshot()).toEqual(before);
    expect((await libraryOf(alice)).map((d) => d.id)).toEqual([docxId, pdfId]);
  });

  it("the owner deletes her document: gone from her list, her answers, the index and the disk", async () => {
    const stored = filesOnDisk().find((f) => f.startsWith(pdfId));
    expect(stored).toBeDefined();
    const res = await alice.request("DELETE", `/api/documents/${pdfId}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ deleted: true });

    expect(filesOnDisk()).not.toContain(stored);
    const db = openTestDb(server.dataDir);
    try {
      expect((db.prepare("select count(*) n from chunks where document_id = ?").get(pdfId) as { n: number }).n).toBe(0);
      expect(db.prepare("select id from documents where id = ?").get(pdfId)).toBeUndefined();
    } finally {
      db.close();
    }
    expect((await libraryOf(alice)).map((d) => d.id)).toEqual([docxId]);
    expect((await statsOf(alice)).documentsCount).toBe(1);
    expect((await alice.get(`/api/documents/${pdfId}/file`)).status).toBe(404);
    // Her question about it now finds nothing: it was the only document that answered it.
    expect(await ask(alice, PDF_QUESTION)).toMatchObject({ content: REFUSAL, citations: [] });
    expect((await alice.request("DELETE", `/api/documents/${pdfId}`)).status).toBe(404);
  });
});

describe("bad uploads change nothing", () => {
  it("refuses TXT, XLSX and a renamed file with 415", async () => {
    const before = snapshot();
    const exe = Buffer.concat([Buffer.from("MZ\x90\x00\x03\x00\x00\x00"), Buffer.alloc(512, 1)]);
    for (const [name, content] of [
      ["notes.txt", Buffer.from(SHARED_TXT)],
      ["notes.pdf", Buffer.from(SHARED_TXT)],
      ["report.docx", exe],
      ["virulence-genes-APEC.xlsx", corpusFile("virulence-genes-APEC.xlsx")],
    ] as const) {
      const res = await uploadToLibrary(bob, name, content);
      expect(res.status, name).toBe(415);
      expect(((await res.json()) as { message: string }).message, name).toMatch(/\w/);
    }
    expect(snapshot()).toEqual(before);
  });

  it("refuses over 50 MB with 413: a declared length before the body is read, and a streamed one on the way", async () => {
    const before = snapshot();
    const big = Buffer.alloc(51 * 1024 * 1024, 65);
    big.write("%PDF-1.4\n", 0);
    const declared = await uploadToLibrary(bob, "big.pdf", big);
    expect(declared.status).toBe(413);
    expect(await declared.json()).toEqual({ message: "The file is larger than the 50 MB limit" });

    // Without a Content-Length the limit still holds while streaming.
    const streamed = await uploadStreamed(bob, LIBRARY_UPLOADS.upload, { name: "big.pdf", type: "application/pdf", megabytes: 51, prefix: "%PDF-1.4\n" });
    expect(streamed.status).toBe(413);
    expect(snapshot()).toEqual(before);
  });
});

describe("cancel and processing", () => {
  /** A private upload left processing (as after a restart, before recovery): real rows, no worker job. */
  function leaveProcessing(ownerEmail: string) {
    const ownerId = userId(ownerEmail);
    const documentId = crypto.randomUUID();
    const sessionId = crypto.randomUUID();
    const storedPath = path.join("files", `${documentId}.pdf`);
    fs.copyFileSync(path.join(FIXTURE_DOCUMENTS, PDF_NAME), path.join(server.dataDir, storedPath));
    const db = openTestDb(server.dataDir);
    try {
      const now = Date.now();
      db.prepare(
        "insert into documents (id, title, filename, stored_path, file_type, file_size, processing_status, owner_id, uploaded_by, uploaded_at) values (?, 'Held', 'held.pdf', ?, 'pdf', 1, 'processing', ?, ?, ?)",
      ).run(documentId, storedPath, ownerId, ownerId, now);
      db.prepare(
        "insert into upload_sessions (id, document_id, user_id, owner_id, filename, file_size, status, console_output, chunks_created, created_at, updated_at) values (?, ?, ?, ?, 'held.pdf', 1, 'processing', '[]', 0, ?, ?)",
      ).run(sessionId, documentId, ownerId, ownerId, now, now);
    } finally {
      db.close();
    }
    return { documentId, sessionId, storedPath };
  }

  it("a document still processing cannot be deleted (409); only its uploader cancels it, and then nothing of it is kept", async () => {
    const held = leaveProcessing("bob@clinic.test");
    expect((await libraryOf(bob)).map((d) => [d.id, d.processingStatus])).toEqual([[held.documentId, "processing"]]);
    expect((await bob.request("DELETE", `/api/documents/${held.documentId}`)).status).toBe(409);

    const before = snapshot();
    expect((await alice.request("POST", `/api/documents/upload-sessions/${held.sessionId}/cancel`)).status).toBe(404);
    expect((await admin.request("POST", `/api/documents/upload-sessions/${held.sessionId}/cancel`)).status).toBe(404);
    expect((await admin.request("POST", `/api/admin/upload-sessions/${held.sessionId}/cancel`)).status).toBe(404);
    expect(snapshot()).toEqual(before);

    const res = await bob.request("POST", `/api/documents/upload-sessions/${held.sessionId}/cancel`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ cancelled: true, session: { status: "cancelled", documentId: null } });
    expect(await libraryOf(bob)).toEqual([]);
    expect(filesOnDisk()).not.toContain(path.basename(held.storedPath));
    expect((await bob.request("POST", `/api/documents/upload-sessions/${held.sessionId}/cancel`)).status).toBe(409);
  });
});
