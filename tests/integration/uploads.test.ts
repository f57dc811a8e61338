import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setBetaAccess, withTestDb } from "../support/db";
import { fixtureDocument, longPdfBytes } from "../support/fixtures";
import { startFakeOllama, type FakeOllama } from "../support/ollama-server";
import { HttpClient, startServer, type TestServer } from "../support/server";
import { ADMIN_UPLOADS, LIBRARY_UPLOADS, sessionOf, upload, waitForSession, type SessionView } from "../support/uploads";

/**
 * Uploads that tell the truth, over real HTTP against the built server: a file already in the library
 * is skipped with a message naming it; a queued upload is cancelled from the list; a failed upload
 * stays listed with its reason and is retried; progress is stored from the real stages, only upwards,
 * to 100. Embeddings go to a loopback Ollama whose delay holds the upload being processed in its
 * embeddings step, so the uploads after it are queued for as long as a test needs.
 */

const ADMIN_PASSWORD = "uploads-admin-password";
const HOLD_MS = 100_000;

let fake: FakeOllama;
let server: TestServer;
let admin: HttpClient;
let alice: HttpClient;
let bob: HttpClient;

type Row = { id: string; title: string; filename: string; processingStatus: string; error: string | null; upload: { sessionId: string; progress: number; queued: boolean } | null };
type UploadBody = { outcome: "queued" | "skipped"; sessionId: string | null; message?: string; existing?: { id: string; title: string } };

async function signedInUser(email: string): Promise<HttpClient> {
  const client = new HttpClient(server.url);
  await client.signUp({ email });
  setBetaAccess(server.dataDir, email, "approved");
  expect((await client.signIn(email, "correct horse battery")).status).toBe(303);
  return client;
}

beforeAll(async () => {
  fake = await startFakeOllama();
  server = await startServer({ env: { ADMIN_PASSWORD, EMBEDDINGS: "ollama", OLLAMA_HOST: fake.url } });
  admin = new HttpClient(server.url);
  expect((await admin.signIn(server.adminEmail, ADMIN_PASSWORD)).status).toBe(303);
  alice = await signedInUser("alice@clinic.test");
  bob = await signedInUser("bob@clinic.test");
});
afterAll(async () => {
  await server?.stop();
  await fake?.close();
});

const text = (title: string, body: string) => Buffer.from(`${title}\n\n${body}\n`);
const pdf = (name: string) => fs.readFileSync(fixtureDocument(name));

async function posted(res: Response): Promise<UploadBody> {
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as UploadBody;
}

async function uploadAndWait(client: HttpClient, name: string, content: Buffer, urls = ADMIN_UPLOADS): Promise<SessionView> {
  const body = await posted(await upload(client, name, content, "document", urls.upload));
  expect(body.outcome).toBe("queued");
  return waitForSession(client, body.sessionId!, 120_000, urls.sessions);
}

const sharedList = async () => (await (await admin.get("/api/admin/documents")).json()) as Row[];
const libraryOf = async (client: HttpClient) => (await (await client.get("/api/documents")).json()) as Row[];
const documentRows = () => withTestDb(server.dataDir, (db) => (db.prepare("select count(*) n from documents").get() as { n: number }).n);
const chunkRows = (documentId: string) =>
  withTestDb(server.dataDir, (db) => (db.prepare("select count(*) n from chunks where document_id = ?").get(documentId) as { n: number }).n);
const storedPathOf = (documentId: string) =>
  withTestDb(server.dataDir, (db) => (db.prepare("select stored_path p from documents where id = ?").get(documentId) as { p: string }).p);
const filesOnDisk = () => {
  const dir = path.join(server.dataDir, "files");
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
};

/** Polls a session until `done` holds (or it stops processing). */
async function sessionUntil(client: HttpClient, id: string, done: (s: SessionView) => boolean, sessions = ADMIN_UPLOADS.sessions): Promise<SessionView> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const s = await sessionOf(client, id, sessions);
    if (done(s) || s.status !== "processing") return s;
    if (Date.now() > deadline) throw new Error(`session ${id} never got there: ${JSON.stringify(s)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Uploads a book the worker then holds in its embeddings step (the model answers after HOLD_MS): while
 * it is held, every upload after it waits in the queue. `release` cancels it, which frees the worker.
 */
async function holdWorker(): Promise<{ release: () => Promise<void> }> {
  fake.options.embedDelayMs = HOLD_MS;
  const book = text(`Held book ${Date.now()}`, "Amoxicillin is given to dogs at 10 mg/kg twice daily. ".repeat(200));
  const body = await posted(await upload(admin, "held-book.txt", book));
  const held = await sessionUntil(admin, body.sessionId!, (s) => s.currentStep === "embeddings");
  expect(held).toMatchObject({ status: "processing", currentStep: "embeddings" });
  return {
    release: async () => {
      fake.options.embedDelayMs = 0;
      expect((await admin.request("POST", `${ADMIN_UPLOADS.sessions}/${body.sessionId}/cancel`)).status).toBe(200);
    },
  };
}

describe("a file already in the library is skipped", () => {
  it("the same bytes under another name: skipped with a message naming the document, nothing stored; other bytes are queued", async () => {
    fake.options.embedDelayMs = 0;
    const first = await uploadAndWait(admin, "meloxicam-cats.txt", text("Meloxicam in cats", "The initial dose of meloxicam in cats is 0.3 mg/kg once."));
    expect(first.status).toBe("completed");
    const title = (await sharedList()).find((d) => d.id === first.documentId)!.title;
    const rows = documentRows();
    const files = filesOnDisk();

    const again = await posted(await upload(admin, "copy of the notes.txt", text("Meloxicam in cats", "The initial dose of meloxicam in cats is 0.3 mg/kg once.")));
    expect(again).toEqual({ outcome: "skipped", sessionId: null, message: `Skipped: already in the library as ${title}`, existing: { id: first.documentId, title } });
    expect(documentRows()).toBe(rows);
    expect(filesOnDisk()).toEqual(files);

    // One byte different is another file.
    const other = await uploadAndWait(admin, "meloxicam-dogs.txt", text("Meloxicam in dogs", "The initial dose of meloxicam in dogs is 0.2 mg/kg once."));
    expect(other.status).toBe("completed");
  });

  it("what the uploader can see decides: the shared knowledge base and their own library, never someone else's", async () => {
    fake.options.embedDelayMs = 0;
    const shared = await uploadAndWait(admin, "housing.pdf", pdf("mmwr-unhealthy-housing_us-024.pdf"));
    expect(shared.status).toBe("completed");
    const sharedTitle = (await sharedList()).find((d) => d.id === shared.documentId)!.title;
    // Alice's private copy of a shared document: she can already search it.
    const hers = await posted(await upload(alice, "my-housing.pdf", pdf("mmwr-unhealthy-housing_us-024.pdf"), "document", LIBRARY_UPLOADS.upload));
    expect(hers).toMatchObject({ outcome: "skipped", sessionId: null, message: `Skipped: already in the library as ${sharedTitle}` });
    expect(await libraryOf(alice)).toEqual([]);

    // Bob's private document does not stop Alice adding the same file to her library, nor reveal it.
    const bobs = await uploadAndWait(bob, "salmonella.pdf", pdf("efsa-zoonoses-salmonella_eu-016.pdf"), LIBRARY_UPLOADS);
    expect(bobs.status).toBe("completed");
    const alices = await uploadAndWait(alice, "salmonella.pdf", pdf("efsa-zoonoses-salmonella_eu-016.pdf"), LIBRARY_UPLOADS);
    expect(alices.status).toBe("completed");
    // Her second copy is skipped, as being in her own library.
    const twice = await posted(await upload(alice, "salmonella (1).pdf", pdf("efsa-zoonoses-salmonella_eu-016.pdf"), "document", LIBRARY_UPLOADS.upload));
    expect(twice.message).toMatch(/^Skipped: already in your library as /);
    expect((await libraryOf(alice)).map((d) => d.id)).toEqual([alices.documentId]);
  });
});

describe("cancel from the list", () => {
  it("a queued upload is listed as queued with its session, and its uploader cancels it: nothing of it is kept", async () => {
    const worker = await holdWorker();
    try {
      const queued = await posted(await upload(admin, "queued.txt", text("Queued notes", "Cefovecin is a long-acting cephalosporin for cats and dogs.")));
      const row = (await sharedList()).find((d) => d.filename === "queued.txt")!;
      expect(row).toMatchObject({ processingStatus: "processing", upload: { sessionId: queued.sessionId, queued: true, progress: 0 } });
      const rows = documentRows();
      const files = filesOnDisk();

      // Alice's private queued upload: only she may cancel it.
      const hers = await posted(await upload(alice, "queued.pdf", pdf("mmwr-chd-stroke-deaths_us-025.pdf"), "document", LIBRARY_UPLOADS.upload));
      const herRow = (await libraryOf(alice)).find((d) => d.filename === "queued.pdf")!;
      expect(herRow.upload).toMatchObject({ sessionId: hers.sessionId, queued: true });
      expect((await bob.request("POST", `${LIBRARY_UPLOADS.sessions}/${hers.sessionId}/cancel`)).status).toBe(404);
      expect((await admin.request("POST", `${ADMIN_UPLOADS.sessions}/${hers.sessionId}/cancel`)).status).toBe(404);
      expect((await alice.request("POST", `${ADMIN_UPLOADS.sessions}/${queued.sessionId}/cancel`)).status).toBe(403);
      const aliceCancel = await alice.request("POST", `${LIBRARY_UPLOADS.sessions}/${hers.sessionId}/cancel`);
      expect(aliceCancel.status).toBe(200);
      expect(await libraryOf(alice)).toEqual(expect.not.arrayContaining([expect.objectContaining({ id: herRow.id })]));

      const cancel = await admin.request("POST", `${ADMIN_UPLOADS.sessions}/${row.upload!.sessionId}/cancel`);
      expect(cancel.status).toBe(200);
      expect(await cancel.json()).toMatchObject({ cancelled: true, session: { status: "cancelled", documentId: null } });
      expect((await sharedList()).some((d) => d.id === row.id)).toBe(false);
      expect(documentRows()).toBe(rows - 1);
      expect(filesOnDisk()).toEqual(files.filter((f) => !f.startsWith(row.id)));
      expect((await admin.request("POST", `${ADMIN_UPLOADS.sessions}/${queued.sessionId}/cancel`)).status).toBe(409);
    } finally {
      await worker.release();
    }
  });
});

describe("failed uploads stay listed and can be retried", () => {
  it("a damaged PDF is listed as failed with its reason and no chunks; Retry runs it again and it fails again, honestly", async () => {
    fake.options.embedDelayMs = 0;
    const s = await uploadAndWait(admin, "damaged.pdf", pdf("malformed_invalid-header-only.pdf"));
    expect(s.status).toBe("failed");
    expect(s.documentId).not.toBeNull();
    const row = (await sharedList()).find((d) => d.id === s.documentId)!;
    expect(row).toMatchObject({ processingStatus: "failed", error: s.error, upload: null });
    expect(row.error).toMatch(/damaged|cannot be read|not a valid PDF/i);
    expect(chunkRows(row.id)).toBe(0);
    // Not searchable, not openable.
    expect(((await (await admin.get("/api/documents?scope=searchable")).json()) as Row[]).some((d) => d.id === row.id)).toBe(false);

    const retry = await admin.request("POST", `/api/admin/documents/${row.id}/retry`);
    expect(retry.status).toBe(200);
    const { sessionId } = (await retry.json()) as { sessionId: string };
    const again = await waitForSession(admin, sessionId);
    expect(again).toMatchObject({ status: "failed", error: row.error, documentId: row.id });
    expect(again.consoleOutput.join("\n")).toContain("Retrying damaged.pdf");

    // Uploading it again is not a second failed copy: the answer points to its Retry.
    const twice = await posted(await upload(admin, "damaged again.pdf", pdf("malformed_invalid-header-only.pdf")));
    expect(twice).toMatchObject({ outcome: "skipped", message: `Skipped: already in the library as ${row.title}, whose processing failed (use Retry there)` });
  });

  it("a queued upload whose stored file went missing fails with that reason; Retry says the file is gone, and once it is back, completes", async () => {
    // The real condition: the data folder's copy is unavailable when the worker reaches it (a volume
    // unmounted, a restore in progress) and comes back later. Moving the stored file away while the
    // upload waits in the queue makes exactly that happen; putting it back is the admin fixing it.
    const worker = await holdWorker();
    let documentId: string;
    let aside: string;
    let stored: string;
    try {
      const body = await posted(await upload(admin, "stroke.pdf", pdf("mmwr-chd-stroke-deaths_us-025.pdf")));
      documentId = (await sessionOf(admin, body.sessionId!)).documentId!;
      stored = path.join(server.dataDir, storedPathOf(documentId));
      aside = `${stored}.away`;
      fs.renameSync(stored, aside);
      await worker.release();
      const failed = await waitForSession(admin, body.sessionId!);
      expect(failed).toMatchObject({ status: "failed", error: "The stored file of this upload is missing from the data folder", documentId });
    } catch (error) {
      await worker.release().catch(() => undefined);
      throw error;
    }

    // Listed under Failed with its reason.
    const failedRows = (await sharedList()).filter((d) => d.processingStatus === "failed");
    expect(failedRows.find((d) => d.id === documentId)).toMatchObject({ error: "The stored file of this upload is missing from the data folder" });

    // Who may retry a shared document: an admin, nobody else.
    expect((await alice.request("POST", `/api/admin/documents/${documentId}/retry`)).status).toBe(403);
    expect((await alice.request("POST", `/api/documents/${documentId}/retry`)).status).toBe(404);

    // The file is still gone: said so, and nothing changes.
    const gone = await admin.request("POST", `/api/admin/documents/${documentId}/retry`);
    expect(gone.status).toBe(409);
    expect(await gone.json()).toMatchObject({ reason: "file-gone", message: expect.stringMatching(/no longer stored/) });
    expect((await sharedList()).find((d) => d.id === documentId)).toMatchObject({ processingStatus: "failed" });

    fs.renameSync(aside, stored);
    const retry = await admin.request("POST", `/api/admin/documents/${documentId}/retry`);
    expect(retry.status).toBe(200);
    const { sessionId } = (await retry.json()) as { sessionId: string };
    // Only a failed document is retried: a second Retry finds it processing (or already completed).
    const twice = await admin.request("POST", `/api/admin/documents/${documentId}/retry`);
    expect(twice.status).toBe(409);
    expect(await twice.json()).toMatchObject({ reason: "not-failed" });

    const done = await waitForSession(admin, sessionId);
    expect(done).toMatchObject({ status: "completed", error: null, documentId, progress: 100 });
    expect((await sharedList()).find((d) => d.id === documentId)).toMatchObject({ processingStatus: "completed", error: null });
    expect(chunkRows(documentId)).toBeGreaterThan(0);
  });

  it("a private failed upload is retried by its owner alone (a failed shared copy of the same file does not stop the upload)", async () => {
    fake.options.embedDelayMs = 0;
    const s = await uploadAndWait(bob, "damaged.pdf", pdf("malformed_invalid-header-only.pdf"), LIBRARY_UPLOADS);
    expect(s.status).toBe("failed");
    const row = (await libraryOf(bob)).find((d) => d.id === s.documentId)!;
    expect(row).toMatchObject({ processingStatus: "failed", error: s.error });
    expect((await alice.request("POST", `/api/documents/${row.id}/retry`)).status).toBe(404);
    expect((await admin.request("POST", `/api/admin/documents/${row.id}/retry`)).status).toBe(404);
    expect((await admin.request("POST", `/api/documents/${row.id}/retry`)).status).toBe(404);
    const retry = await bob.request("POST", `/api/documents/${row.id}/retry`);
    expect(retry.status).toBe(200);
    const again = await waitForSession(bob, ((await retry.json()) as { sessionId: string }).sessionId, 120_000, LIBRARY_UPLOADS.sessions);
    expect(again).toMatchObject({ status: "failed", documentId: row.id });
  });
});

describe("progress", () => {
  it("is stored from the real stages, only upwards, page by page and batch by batch, and ends at 100", async () => {
    fake.options.embedDelayMs = 0;
    // Every value the server stores, as it stores it: a trigger on the session table records each write.
    withTestDb(server.dataDir, (db) => {
      db.exec("create table if not exists test_progress_log (seq integer primary key autoincrement, session_id text not null, progress integer not null)");
      db.exec(
        "create trigger if not exists test_progress_log_au after update of progress on upload_sessions begin insert into test_progress_log (session_id, progress) values (new.id, new.progress); end",
      );
    });
    const done = await uploadAndWait(admin, "long-76p.pdf", await longPdfBytes(76, { from: ["mmwr-chd-stroke-deaths_us-025.pdf", "efsa-zoonoses-salmonella_eu-016.pdf"] }));
    expect(done.status).toBe("completed");
    const values = withTestDb(server.dataDir, (db) =>
      (db.prepare("select progress from test_progress_log where session_id = ? order by seq").all(done.id) as Array<{ progress: number }>).map((r) => r.progress),
    );
    for (let i = 1; i < values.length; i++) expect(values[i], `write ${i}: ${values.join(",")}`).toBeGreaterThanOrEqual(values[i - 1]!);
    expect(values.at(-1)).toBe(100);
    expect(done.progress).toBe(100);
    const distinct = [...new Set(values)];
    // Reading 76 pages moves the bar through its share (1-40 with a model) a page or two at a time, not in one jump.
    expect(distinct.filter((v) => v >= 1 && v <= 40).length).toBeGreaterThanOrEqual(30);
    // Embedding batches (32 chunks each) move it through theirs (45-92) too.
    expect(distinct.filter((v) => v > 45 && v < 92).length).toBeGreaterThanOrEqual(2);
  });
});
