import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setBetaAccess, withTestDb } from "../support/db";
import { longPdfBytes, longText } from "../support/fixtures";
import { startFakeOllama, type ChatRequestBody, type FakeOllama } from "../support/ollama-server";
import { HttpClient, startServer, type TestServer } from "../support/server";
import { ADMIN_UPLOADS, LIBRARY_UPLOADS, sessionOf, upload, waitForSession, type SessionView } from "../support/uploads";

/**
 * Uploads and answers under pressure and across restarts, against the built server: many private
 * uploads at once, a cancel racing the worker, and a graceful stop (SIGTERM) in the middle of an
 * ingestion and of a streamed answer. Embeddings go to a loopback Ollama whose delay holds an upload
 * in its embeddings step for as long as a test needs it there.
 */

const ADMIN_PASSWORD = "races-admin-password";
/** Long enough to hold an upload in its embeddings step; a cancel or a stop ends the held request. */
const HOLD_MS = 100_000;
const BOOK = Buffer.from(longText({ books: 1, chapters: 4, wordsPerChapter: 800 }).text);

const withDb = withTestDb;

async function signedInUser(server: TestServer, email: string): Promise<HttpClient> {
  const client = new HttpClient(server.url);
  await client.signUp({ email });
  setBetaAccess(server.dataDir, email, "approved");
  expect((await client.signIn(email, "correct horse battery")).status).toBe(303);
  return client;
}

/** Polls a session until `done` holds (or it stops processing, or the timeout passes). */
async function sessionUntil(client: HttpClient, id: string, done: (s: SessionView) => boolean, timeoutMs = 60_000): Promise<SessionView> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const s = await sessionOf(client, id);
    if (done(s) || s.status !== "processing") return s;
    if (Date.now() > deadline) throw new Error(`session ${id} never got there: ${JSON.stringify(s)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("with an embedding model that can be held", () => {
  let fake: FakeOllama;
  let server: TestServer;
  let admin: HttpClient;
  const env = () => ({ ADMIN_PASSWORD, EMBEDDINGS: "ollama", OLLAMA_HOST: fake.url });

  beforeAll(async () => {
    fake = await startFakeOllama();
    server = await startServer({ env: env() });
    admin = new HttpClient(server.url);
    expect((await admin.signIn(server.adminEmail, ADMIN_PASSWORD)).status).toBe(303);
  });
  afterAll(async () => {
    await server?.stop();
    await fake?.close();
  });

  /** Uploads the book as the admin and waits until the worker holds it in the embeddings step. */
  async function heldUpload(): Promise<string> {
    fake.options.embedDelayMs = HOLD_MS;
    const res = await upload(admin, "held-book.txt", BOOK);
    expect(res.status).toBe(200);
    const { sessionId } = (await res.json()) as { sessionId: string };
    const held = await sessionUntil(admin, sessionId, (s) => s.currentStep === "embeddings");
    expect(held).toMatchObject({ status: "processing", currentStep: "embeddings" });
    return sessionId;
  }

  const documentRows = () => withDb(server.dataDir, (db) => (db.prepare("select count(*) n from documents").get() as { n: number }).n);
  const storedFiles = () => {
    const dir = path.join(server.dataDir, "files");
    return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
  };

  it("a cancel answered 200 has already ended the session as cancelled, nothing kept, whatever the worker does next", async () => {
    const rowsBefore = documentRows();
    const filesBefore = storedFiles();
    const sessionId = await heldUpload();
    expect(documentRows()).toBe(rowsBefore + 1);

    const cancel = await admin.request("POST", `${ADMIN_UPLOADS.sessions}/${sessionId}/cancel`);
    expect(cancel.status).toBe(200);
    // The answer is the state: cancelled now, not once the worker gets round to it.
    expect(await cancel.json()).toMatchObject({ cancelled: true, session: { status: "cancelled", documentId: null } });
    expect(documentRows()).toBe(rowsBefore);
    expect(storedFiles()).toEqual(filesBefore);

    // The worker lets go of it: the next upload runs to the end, and the cancelled one stays as it was.
    fake.options.embedDelayMs = 0;
    const next = await upload(admin, "next.txt", Buffer.from("Meloxicam in cats\n\nThe dose of meloxicam in cats is 0.05 mg/kg once daily.\n"));
    expect((await waitForSession(admin, ((await next.json()) as { sessionId: string }).sessionId)).status).toBe("completed");
    const after = await sessionOf(admin, sessionId);
    expect(after).toMatchObject({ status: "cancelled", documentId: null });
    expect(after.consoleOutput.join("\n")).toMatch(/cancelled by user/);
    expect(documentRows()).toBe(rowsBefore + 1);

    const again = await admin.request("POST", `${ADMIN_UPLOADS.sessions}/${sessionId}/cancel`);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ status: "cancelled", session: { status: "cancelled" } });
  });

  it("a cancel that comes after the upload completed answers 409 with the final state and keeps the document", async () => {
    fake.options.embedDelayMs = 0;
    const res = await upload(admin, "done.txt", Buffer.from("Colic in horses\n\nFlunixin meglumine is given at 1.1 mg/kg intravenously.\n"));
    const done = await waitForSession(admin, ((await res.json()) as { sessionId: string }).sessionId);
    expect(done.status).toBe("completed");
    const cancel = await admin.request("POST", `${ADMIN_UPLOADS.sessions}/${done.id}/cancel`);
    expect(cancel.status).toBe(409);
    expect(await cancel.json()).toMatchObject({ status: "completed", session: { status: "completed", documentId: done.documentId } });
    expect((await sessionOf(admin, done.id)).status).toBe("completed");
  });

  it("100 private uploads at once by 4 users: each answered 200 or 409 (library full), never 500, and every accepted one completes", async () => {
    fake.options.embedDelayMs = 0;
    const quota = 20;
    const users = await Promise.all(["u1", "u2", "u3", "u4"].map((name) => signedInUser(server, `${name}@clinic.test`)));
    // 25 different files per user: the same bytes twice would be skipped as already in the library.
    const pdfs = await Promise.all(Array.from({ length: 25 }, (_, i) => longPdfBytes(1, { subject: `Note ${i}` })));
    const attempts = users.flatMap((user) => Array.from({ length: 25 }, (_, i) => ({ user, name: `note-${i}.pdf`, pdf: pdfs[i]! })));
    const answers = await Promise.all(
      attempts.map(async ({ user, name, pdf }) => {
        const res = await upload(user, name, pdf, "document", LIBRARY_UPLOADS.upload);
        const text = await res.text();
        const body = (res.headers.get("content-type")?.includes("json") ? JSON.parse(text) : { message: text }) as { sessionId?: string; message?: string };
        return { user, status: res.status, body };
      }),
    );
    const statuses = [...new Set(answers.map((a) => a.status))].sort();
    expect(statuses, JSON.stringify(answers.filter((a) => a.status !== 200 && a.status !== 409).map((a) => a.body))).toEqual([200, 409]);
    for (const user of users) {
      const own = answers.filter((a) => a.user === user);
      expect(own.filter((a) => a.status === 200)).toHaveLength(quota);
      expect(own.filter((a) => a.status === 409).every((a) => /library is full/.test(a.body.message ?? ""))).toBe(true);
    }
    for (const { user, body } of answers.filter((a) => a.status === 200)) {
      const s = await waitForSession(user, body.sessionId!, 240_000, LIBRARY_UPLOADS.sessions);
      expect(s, JSON.stringify(s.consoleOutput)).toMatchObject({ status: "completed" });
    }
  }, 300_000);

  it("SIGTERM pauses the upload being processed; the next start resumes it, and leftovers of unfinished uploads are removed", async () => {
    const sessionId = await heldUpload();
    // What an upload whose body was still arriving leaves behind.
    const leftover = path.join(server.dataDir, "files", ".incoming-00000000-0000-4000-8000-000000000000");
    fs.writeFileSync(leftover, "part of an upload");

    await server.stop({ keepData: true });
    const paused = withDb(server.dataDir, (db) => ({
      session: db.prepare("select status, document_id documentId from upload_sessions where id = ?").get(sessionId) as { status: string; documentId: string | null },
      documents: (db.prepare("select count(*) n from documents d join upload_sessions s on s.document_id = d.id where s.id = ?").get(sessionId) as { n: number }).n,
    }));
    expect(paused.session.status).toBe("processing");
    expect(paused.documents).toBe(1);

    fake.options.embedDelayMs = 0;
    server = await startServer({ dataDir: server.dataDir, env: env() });
    expect(server.output()).toMatch(/resumed after a restart/);
    const client = new HttpClient(server.url);
    client.cookie = admin.cookie;
    admin = client;
    const s = await waitForSession(admin, sessionId);
    expect(s).toMatchObject({ status: "completed", documentId: paused.session.documentId });
    expect(s.consoleOutput.join("\n")).toMatch(/server is stopping/);
    expect(fs.existsSync(leftover)).toBe(false);
  }, 180_000);
});

describe("a stop while an answer is being streamed", () => {
  let fake: FakeOllama;
  let server: TestServer;
  let vetCookie: string;
  const env = () => ({ ADMIN_PASSWORD, OLLAMA_HOST: fake.url, OLLAMA_MODEL: "llama3.2" });

  beforeAll(async () => {
    const isAnswer = (request: ChatRequestBody) => (request.messages?.find((m) => m.role === "system")?.content ?? "").includes("Rules for the passages");
    // The answer's first words come at once, the rest never: the stop finds it mid-way.
    fake = await startFakeOllama({ chat: (request) => (isAnswer(request) ? { tokens: ["Meloxicam is given ", "at 0.1 mg/kg."], tokenDelaysMs: [0, 600_000] } : { tokens: [""] }) });
    server = await startServer({ env: env() });
    const admin = new HttpClient(server.url);
    expect((await admin.signIn(server.adminEmail, ADMIN_PASSWORD)).status).toBe(303);
    const res = await upload(admin, "analgesia.txt", Buffer.from("Feline analgesia\n\nThe dose of meloxicam in cats is 0.1 mg/kg orally once daily.\n"));
    expect((await waitForSession(admin, ((await res.json()) as { sessionId: string }).sessionId)).status).toBe("completed");
    vetCookie = (await signedInUser(server, "vet@clinic.test")).cookie;
  });
  afterAll(async () => {
    await server?.stop();
    await fake?.close();
  });

  /** Polls the caller's settings until they say a language model answers now (its probe is cached for 15 s when down). */
  async function modelSeenBy(client: HttpClient, timeoutMs = 60_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const settings = (await (await client.get("/api/user/settings")).json()) as { customSystemPromptApplies: boolean };
      if (settings.customSystemPromptApplies) return;
      if (Date.now() > deadline) throw new Error("the server never saw the language model as available");
      await new Promise((r) => setTimeout(r, 500));
    }
  }

  /**
   * Starts the server afresh on the same data (no ingestion worker, nothing to ingest and no embedding
   * model, whose stop would give the answer time), asks a question on the streaming route and reads
   * until the answer's first words have arrived.
   */
  async function answerMidway() {
    await server.stop({ keepData: true });
    server = await startServer({ dataDir: server.dataDir, env: env() });
    const vet = new HttpClient(server.url);
    vet.cookie = vetCookie;
    // The model's availability is probed with a short timeout; on a loaded machine the first probe of a
    // fresh start can miss it, and the question would be answered without the model. Wait until it is seen.
    await modelSeenBy(vet);
    const created = await vet.json("POST", "/api/conversations", { title: "Questions" });
    const { id: conversationId } = (await created.json()) as { id: string };
    const stream = await fetch(`${server.url}/api/conversations/${conversationId}/messages/stream`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: server.url, Cookie: vet.cookie },
      body: JSON.stringify({ content: "What is the dose of meloxicam in cats?", usePubmed: false, useThinkHarder: false }),
    });
    expect(stream.status).toBe(200);
    const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
    let received = "";
    while (!received.includes("event: token")) {
      const { value, done } = await reader.read();
      if (done) break;
      received += value;
    }
    expect(received).toContain("Meloxicam is given");
    // Whatever the stream does once the server goes (it is cut), read it to its end.
    const drained = reader.read().then(function drain(r): Promise<unknown> | undefined {
      return r.done ? undefined : reader.read().then(drain, () => undefined);
    }, () => undefined);
    return { conversationId, vet, drained };
  }

  const storedMessages = (conversationId: string) =>
    withDb(server.dataDir, (db) =>
      db.prepare("select role, status, content from messages where conversation_id = ? order by created_at, rowid").all(conversationId),
    ) as Array<{ role: string; status: string; content: string }>;

  it("a graceful stop stores the answer as stopped, with what was written", async () => {
    const { conversationId, drained } = await answerMidway();
    const stopped = server.stop({ keepData: true });
    await drained;
    await stopped;

    const answers = storedMessages(conversationId).filter((m) => m.role === "assistant");
    expect(answers).toHaveLength(1);
    expect(answers[0]!.status).toBe("failed");
    expect(answers[0]!.content).toMatch(/^Meloxicam is given[\s\S]*stopped before it was complete/);
  }, 120_000);

  it("after a kill -9 the next start stores the answer that was being written as stopped: the question is not left unanswered", async () => {
    const { conversationId, vet, drained } = await answerMidway();
    await server.kill();
    await drained;
    expect(storedMessages(conversationId).map((m) => m.role)).toEqual(["user"]);

    server = await startServer({ dataDir: server.dataDir, env: env() });
    expect(server.output()).toMatch(/1 answer interrupted by the last stop stored as stopped/);
    const client = new HttpClient(server.url);
    client.cookie = vet.cookie;
    const listed = (await (await client.get(`/api/conversations/${conversationId}/messages`)).json()) as Array<{ role: string; status: string; content: string }>;
    expect(listed.map((m) => [m.role, m.status])).toEqual([
      ["user", "complete"],
      ["assistant", "failed"],
    ]);
    expect(listed[1]!.content).toMatch(/stopped before it was complete/);

    // Once stored, it is not stored again at the next start.
    await server.stop({ keepData: true });
    server = await startServer({ dataDir: server.dataDir, env: env() });
    expect(server.output()).not.toMatch(/interrupted by the last stop/);
    expect(storedMessages(conversationId)).toHaveLength(2);
  }, 120_000);
});
