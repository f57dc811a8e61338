import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDb, setBetaAccess } from "../support/db";
import { longPdfBytes, longText } from "../support/fixtures";
import { HttpClient, startServer, type TestServer } from "../support/server";
import { FIXTURE_DOCUMENTS, sendOnAgent, sessionOf, upload, uploadFixture, uploadStreamed, waitForSession } from "../support/uploads";

/**
 * The knowledge-base routes over real HTTP: who may call them, uploads of every fixture
 * file through the real worker, bad files, limits, cancel, delete.
 */

let server: TestServer;
let admin: HttpClient;
let approved: HttpClient;
let pending: HttpClient;
const anon = () => new HttpClient(server.url);

beforeAll(async () => {
  server = await startServer({ env: { ADMIN_PASSWORD: "docs-admin-password", MAX_UPLOAD_MB: "5" } });
  admin = new HttpClient(server.url);
  expect((await admin.signIn(server.adminEmail, "docs-admin-password")).status).toBe(303);
  approved = new HttpClient(server.url);
  await approved.signUp({ email: "vet@clinic.test" });
  setBetaAccess(server.dataDir, "vet@clinic.test", "approved");
  pending = new HttpClient(server.url);
  await pending.signUp({ email: "waiting@clinic.test" });
});
afterAll(async () => {
  await server?.stop();
});

const TEXT = Buffer.from(
  "Meloxicam in cats\n\nMeloxicam is a non-steroidal anti-inflammatory drug. The initial dose in cats is 0.3 mg/kg once, then 0.05 mg/kg daily.\n",
);

/** TEXT with one more line: another file (the same bytes again would be skipped as already in the library). */
const textWith = (line: string) => Buffer.concat([TEXT, Buffer.from(`${line}\n`)]);

function filesOnDisk(): string[] {
  const dir = path.join(server.dataDir, "files");
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
}

function chunkRows(documentId: string): number {
  const db = openTestDb(server.dataDir);
  try {
    return (db.prepare("select count(*) n from chunks where document_id = ?").get(documentId) as { n: number }).n;
  } finally {
    db.close();
  }
}

describe("who may call the document routes", () => {
  it("admin-only routes: 401 signed out, 403 pending and approved users", async () => {
    const calls: Array<[string, string]> = [
      ["GET", "/api/admin/documents"],
      ["GET", "/api/admin/search-status"],
      ["GET", "/api/admin/upload-sessions/some-id"],
      ["POST", "/api/admin/upload-sessions/some-id/cancel"],
      ["DELETE", "/api/admin/documents/some-id"],
    ];
    for (const [method, url] of calls) {
      expect((await anon().request(method, url)).status, `${method} ${url} signed out`).toBe(401);
      expect((await pending.request(method, url)).status, `${method} ${url} pending`).toBe(403);
      expect((await approved.request(method, url)).status, `${method} ${url} approved`).toBe(403);
    }
    for (const c of [anon(), pending, approved]) {
      const before = filesOnDisk().length;
      const res = await upload(c, "meloxicam.txt", TEXT);
      expect([401, 403]).toContain(res.status);
      expect(filesOnDisk().length).toBe(before);
    }
  });

  it("GET /api/documents: 401 signed out, 403 pending, 200 approved and admin", async () => {
    expect((await anon().get("/api/documents")).status).toBe(401);
    expect((await pending.get("/api/documents")).status).toBe(403);
    expect((await approved.get("/api/documents")).status).toBe(200);
    expect((await admin.get("/api/documents")).status).toBe(200);
  });

  it("the admin gets 404 for unknown sessions and documents", async () => {
    expect((await admin.get("/api/admin/upload-sessions/nope")).status).toBe(404);
    expect((await admin.request("POST", "/api/admin/upload-sessions/nope/cancel")).status).toBe(404);
    expect((await admin.request("DELETE", "/api/admin/documents/nope")).status).toBe(404);
  });

  it("reports the retrieval mode (lexical only here, with a reason)", async () => {
    const res = await admin.get("/api/admin/search-status");
    expect(res.status).toBe(200);
    const body = (await res.json()) as { mode: string; reason: string | null; answering: { answerer: string; reason: string | null } };
    expect(body.mode).toBe("lexical");
    expect(body.reason).toMatch(/\w/);
    // No OLLAMA_MODEL here: answers are extractive, and the admin is told why.
    expect(body.answering).toMatchObject({ answerer: "extractive", reason: expect.stringMatching(/OLLAMA_MODEL/) });
  });
});

describe("upload → worker → searchable", () => {
  it("returns a session at once, processes it in the worker, and lists the document", async () => {
    const res = await upload(admin, "meloxicam-cats.txt", TEXT);
    expect(res.status).toBe(200);
    const { sessionId } = (await res.json()) as { sessionId: string };
    const done = await waitForSession(admin, sessionId);
    expect(done).toMatchObject({ status: "completed", error: null, currentStep: "finalizing" });
    expect(done.totalChunks).toBeGreaterThan(0);
    expect(done.chunksCreated).toBe(done.totalChunks);
    expect(done.consoleOutput.length).toBeLessThanOrEqual(50);
    expect(done.consoleOutput.join("\n")).toContain("Completed");

    const list = (await (await admin.get("/api/admin/documents")).json()) as Array<Record<string, unknown>>;
    const doc = list.find((d) => d.filename === "meloxicam-cats.txt")!;
    expect(doc).toMatchObject({ fileType: "txt", fileSize: TEXT.length, processingStatus: "completed", pages: 1 });
    // Searchable by every approved user; not in their own library (GET /api/documents lists that).
    const visible = (await (await approved.get("/api/documents?scope=searchable")).json()) as Array<{ id: string }>;
    expect(visible.map((d) => d.id)).toContain(doc.id);
    const own = (await (await approved.get("/api/documents")).json()) as Array<{ id: string }>;
    expect(own.map((d) => d.id)).not.toContain(doc.id);
    expect(chunkRows(String(doc.id))).toBe(done.totalChunks);
  });
});

/**
 * A long PDF for uploads: real public-domain MMWR and EFSA pages, 76 by default. (Not the Federal Register's: each of
 * its pages notes its dropped white stamp, and those notes would push the lines checked out of the 50-line console.)
 * Cancel and restart need one still processing when they act: 300 pages.
 */
const longUpload = (pages = 76) => longPdfBytes(pages, { from: ["mmwr-chd-stroke-deaths_us-025.pdf", "mmwr-unhealthy-housing_us-024.pdf", "efsa-zoonoses-salmonella_eu-016.pdf"] });

/** Long inputs built in the test rather than committed: the long PDF, a 3.2 MB book. */
const GENERATED: Record<string, () => Promise<Buffer>> = {
  "long-76p.pdf": () => longUpload(),
  "long-book.txt": async () => Buffer.from(longText().text),
};

describe("every sample document ingests with its page count or fails with the right reason", () => {
  // The real files of tests/fixtures/documents, and two generated long ones (GENERATED).
  const cases: Array<[string, { pages?: number; minPages?: number; error?: RegExp }]> = [
    ["long-76p.pdf", { pages: 76 }],
    ["federal-register-2020-17221_3col.pdf", { pages: 15 }],
    ["mmwr-chd-stroke-deaths_us-025.pdf", { pages: 4 }],
    ["mmwr-unhealthy-housing_us-024.pdf", { pages: 6 }],
    ["efsa-zoonoses-salmonella_eu-016.pdf", { pages: 3 }],
    ["medicine-list-table.pdf", { pages: 1 }],
    ["district-health-indicators-table.pdf", { pages: 1 }],
    ["scanned_huckfinn-p22.pdf", { pages: 1 }],
    ["encrypted_user-password.pdf", { error: /^The PDF is password-protected$/ }],
    ["encrypted_copy-protected-owner-pw.pdf", { pages: 2 }],
    ["malformed_invalid-header-only.pdf", { error: /damaged|cannot be read|not a valid PDF/i }],
    ["gao-cybersecurity_invalid-structure-for-pdfminer.pdf", { pages: 2 }],
    ["doj-chapter13-trustee-handbook.docx", { minPages: 20 }],
    ["docling_word_sample.docx", { minPages: 1 }],
    ["virulence-genes-APEC.xlsx", { pages: 3 }],
    ["nasa-science-exploration-orgchart_images-replaced.pptx", { pages: 1 }],
    ["docling_powerpoint_sample.pptx", { pages: 3 }],
    ["vet-amr-isolates-metadata.csv", { minPages: 1 }],
    ["long-book.txt", { minPages: 150 }],
    ["wa-disability-access-guide.doc", { minPages: 1 }],
    ["norwegian-care-procedure.doc", { minPages: 1 }],
  ];

  it.each(cases)("%s", async (name, expected) => {
    const res = name in GENERATED ? await upload(admin, name, await GENERATED[name]!()) : await uploadFixture(admin, name);
    expect(res.status, await res.clone().text()).toBe(200);
    const { sessionId } = (await res.json()) as { sessionId: string };
    const s = await waitForSession(admin, sessionId, 180_000);
    if (expected.error) {
      expect(s.status).toBe("failed");
      expect(s.error).toMatch(expected.error);
      // Listed as failed with its reason (for a Retry); nothing of it was indexed.
      expect(s.documentId).not.toBeNull();
      const docs = (await (await admin.get("/api/admin/documents")).json()) as Array<{ id: string; processingStatus: string; error: string | null }>;
      expect(docs.find((d) => d.id === s.documentId)).toMatchObject({ processingStatus: "failed", error: s.error });
      expect(chunkRows(s.documentId!)).toBe(0);
    } else {
      expect(s.status, s.error ?? "").toBe("completed");
      const docs = (await (await admin.get("/api/admin/documents")).json()) as Array<{ id: string; pages: number }>;
      const doc = docs.find((d) => d.id === s.documentId)!;
      if (expected.pages) expect(doc.pages).toBe(expected.pages);
      if (expected.minPages) expect(doc.pages).toBeGreaterThanOrEqual(expected.minPages);
    }
    expect((await anon().get("/api/health")).status).toBe(200);
  });
});

describe("bad uploads change nothing", () => {
  it("refuses a body over the size limit with 413 before reading it, and a streamed one too", async () => {
    const before = filesOnDisk();
    const big = Buffer.alloc(6 * 1024 * 1024, 65);
    const res = await upload(admin, "big.txt", big);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: "The file is larger than the 5 MB limit" });
    // Without a Content-Length the limit still holds while streaming.
    const streamed = await uploadStreamed(admin, "/api/admin/documents/upload", { name: "big.txt", type: "text/plain", megabytes: 7 });
    expect(streamed.status).toBe(413);
    expect(filesOnDisk()).toEqual(before);
  });

  it("reads and drops the rest of a body declared too large, so the same connection serves the next request", async () => {
    // One kept-alive socket: the 413's connection must carry the next request. Left unread, the body
    // stalls the client's upload and the next request, until the server resets the connection.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const body = { type: "multipart/form-data; boundary=x", bytes: Buffer.alloc(9 * 1024 * 1024, 65) };
      const refused = await sendOnAgent(agent, admin, "POST", "/api/admin/documents/upload", body);
      expect(refused.status).toBe(413);
      expect(JSON.parse(refused.body)).toEqual({ message: "The file is larger than the 5 MB limit" });
      const next = await sendOnAgent(agent, admin, "GET", "/api/health");
      expect(next.status).toBe(200);
      expect(next.reusedSocket).toBe(true);
    } finally {
      agent.destroy();
    }
  });

  it("refuses unsupported and mislabelled files with 415", async () => {
    const before = filesOnDisk();
    const exe = Buffer.concat([Buffer.from("MZ\x90\x00\x03\x00\x00\x00"), Buffer.alloc(512, 1)]);
    for (const [name, content] of [
      ["setup.exe", exe],
      ["report.pdf", exe],
      ["notes.docx", TEXT],
      ["scan.pdf", fs.readFileSync(path.join(FIXTURE_DOCUMENTS, "docling_word_sample.docx"))],
    ] as const) {
      const res = await upload(admin, name, content);
      expect(res.status, name).toBe(415);
      expect(((await res.json()) as { message: string }).message).toMatch(/\w/);
    }
    expect(filesOnDisk()).toEqual(before);
  });

  it("needs multipart with the 'document' field", async () => {
    expect((await admin.json("POST", "/api/admin/documents/upload", { document: "x" })).status).toBe(415);
    expect((await upload(admin, "a.txt", TEXT, "file")).status).toBe(400);
    expect((await upload(admin, "a.txt", TEXT, "document")).status).toBe(200);
  });

  it("an empty file makes a failed session with a plain reason and no document", async () => {
    const res = await upload(admin, "empty.pdf", Buffer.alloc(0));
    expect(res.status).toBe(200);
    const s = await waitForSession(admin, ((await res.json()) as { sessionId: string }).sessionId);
    expect(s).toMatchObject({ status: "failed", error: "The file is empty", documentId: null });
  });

  it("never uses the uploaded name as a path", async () => {
    const res = await upload(admin, "../../../etc/evil.txt", textWith("Uploaded under a name with folders."));
    expect(res.status).toBe(200);
    const s = await waitForSession(admin, ((await res.json()) as { sessionId: string }).sessionId);
    expect(s.status).toBe("completed");
    const docs = (await (await admin.get("/api/admin/documents")).json()) as Array<{ id: string; filename: string }>;
    expect(docs.find((d) => d.id === s.documentId)!.filename).toBe("evil.txt");
    expect(fs.existsSync(path.join(server.dataDir, "etc"))).toBe(false);
    expect(filesOnDisk().every((f) => /^[0-9a-f-]{36}\.(pdf|docx|doc|txt|csv|xlsx|pptx)$/.test(f))).toBe(true);
  });
});

describe("cancel and delete", () => {
  it("cancel ends a session in one step: the 200 answer is already its final state, with nothing left behind", async () => {
    const before = filesOnDisk();
    const res = await upload(admin, "long-300p.pdf", await longUpload(300));
    const { sessionId } = (await res.json()) as { sessionId: string };
    // 300 pages keep the worker busy far longer than this request takes to arrive.
    const cancel = await admin.request("POST", `/api/admin/upload-sessions/${sessionId}/cancel`);
    expect(cancel.status).toBe(200);
    // No waiting for the worker: the cancel itself ended the session and removed what it had.
    const body = (await cancel.json()) as { session: { status: string; documentId: string | null; consoleOutput: string[] } };
    expect(body.session).toMatchObject({ status: "cancelled", documentId: null });
    expect(body.session.consoleOutput.join("\n")).toMatch(/cancelled/i);
    expect(filesOnDisk()).toEqual(before);
    const again = await admin.request("POST", `/api/admin/upload-sessions/${sessionId}/cancel`);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ status: "cancelled" });
  });

  it("delete removes the document, its chunks and its file in one go", async () => {
    const res = await upload(admin, "to-delete.txt", textWith("Uploaded to be deleted."));
    const s = await waitForSession(admin, ((await res.json()) as { sessionId: string }).sessionId);
    const id = s.documentId!;
    expect(chunkRows(id)).toBeGreaterThan(0);
    expect((await approved.request("DELETE", `/api/admin/documents/${id}`)).status).toBe(403);
    const del = await admin.request("DELETE", `/api/admin/documents/${id}`);
    expect(del.status).toBe(200);
    expect(chunkRows(id)).toBe(0);
    expect(filesOnDisk().some((f) => f.startsWith(id))).toBe(false);
    expect((await admin.request("DELETE", `/api/admin/documents/${id}`)).status).toBe(404);
    const db = openTestDb(server.dataDir);
    const log = db.prepare("select action, details from auth_logs where action = 'document_delete'").all() as Array<{ details: string }>;
    db.close();
    expect(log.some((l) => l.details.includes(id))).toBe(true);
  });
});

describe("restart", () => {
  it("a session interrupted by a crash is processed again after the restart", async () => {
    const res = await upload(admin, "long-300p.pdf", await longUpload(300));
    const { sessionId } = (await res.json()) as { sessionId: string };
    await server.kill();
    server = await startServer({ dataDir: server.dataDir, env: { ADMIN_PASSWORD: "docs-admin-password", MAX_UPLOAD_MB: "5" } });
    expect(server.output()).toMatch(/resumed after a restart/);
    const client = new HttpClient(server.url);
    client.cookie = admin.cookie;
    const s = await waitForSession(client, sessionId, 120_000);
    expect(s.status).toBe("completed");
    expect(s.consoleOutput.join("\n")).toMatch(/restarted/);
    admin = client;
    expect((await sessionOf(client, sessionId)).status).toBe("completed");
  });
});
