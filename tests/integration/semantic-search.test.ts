import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Db } from "../../app/lib/db/index.server";
import { cosine, embedderFromEnvironment, type Embedder } from "../../app/lib/embeddings/index.server";
import { search, tokenize, type SearchStatus } from "../../app/lib/search/index.server";
import { openTestDb } from "../support/db";
import { longText } from "../support/fixtures";
import { realModel } from "../support/models";
import { HttpClient, startServer, type TestServer } from "../support/server";
import { sessionOf, upload, waitForSession } from "../support/uploads";

/**
 * Semantic search with the real embedding model (all-MiniLM-L6-v2, int8 ONNX, as `npm run models --
 * fetch embedding` puts it in MODELS_DIR): its vectors mean something, the built server embeds uploads
 * on its worker, a query sharing no word with a document finds it, and documents indexed without vectors
 * get them in the background, continuing after a restart. Skipped, with the reason printed, when the
 * model is absent; with REQUIRE_MODELS=1 (CI) an absent model fails instead.
 */
const modelFolder = realModel("embedding");
const modelEnv: Record<string, string> = modelFolder ? { MODELS_DIR: path.dirname(modelFolder), EMBEDDINGS: "local" } : {};
const MODEL_ID = "local:all-MiniLM-L6-v2";

const DOCUMENTS: Record<string, string> = {
  "thyroid.txt":
    "Hyperthyroidism in elderly cats\n\nHyperthyroidism is the most common endocrine disorder of elderly cats. Affected cats lose weight despite a ravenous appetite. Radioactive iodine treatment destroys the abnormal thyroid tissue and cures most patients.\n",
  "meloxicam.txt":
    "Meloxicam for pain in dogs\n\nMeloxicam is a non-steroidal anti-inflammatory drug licensed for osteoarthritis in dogs. The dose is 0.2 mg/kg on the first day, then 0.1 mg/kg once daily with food.\n",
  "colic.txt":
    "Colic in horses\n\nColic means abdominal pain in horses. Most cases are caused by gas or impaction of the large colon and resolve with walking, fluids and flunixin.\n",
  "parvovirus.txt":
    "Parvovirus vaccination\n\nPuppies are vaccinated against canine parvovirus at 8, 12 and 16 weeks of age because maternal antibodies interfere with earlier doses.\n",
};
/** Shares no word (after stemming) or synonym (synonyms.json) with any document above; its meaning is the thyroid document's. */
const QUERY = "old kitties hungry but scrawny";

async function status(client: HttpClient): Promise<SearchStatus> {
  const res = await client.get("/api/admin/search-status");
  expect(res.status).toBe(200);
  return (await res.json()) as SearchStatus;
}

function vectorRows(dataDir: string): { chunks: number; vectors: number } {
  const db = openTestDb(dataDir);
  try {
    const chunks = (db.prepare("select count(*) n from chunks").get() as { n: number }).n;
    const vectors = (db.prepare("select count(*) n from chunk_vectors where embedder_id = ?").get(MODEL_ID) as { n: number }).n;
    return { chunks, vectors };
  } finally {
    db.close();
  }
}

async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 240_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

let embedder: Embedder;
beforeAll(async () => {
  if (modelFolder) embedder = await embedderFromEnvironment("local", { ...process.env, ...modelEnv });
});

describe.skipIf(!modelFolder)("the real embedding model", () => {
  it("is the default local model and puts a paraphrase nearer its sentence than an unrelated sentence", async () => {
    expect(embedder).toMatchObject({ id: MODEL_ID, dimensions: 384 });
    const [sentence, paraphrase, unrelated] = await embedder.embed([
      "The dog chased the ball across the park.",
      "A puppy ran after a toy in the garden.",
      "Interest rates were raised by the central bank.",
    ]);
    expect(cosine(sentence!, paraphrase!)).toBeGreaterThan(cosine(sentence!, unrelated!) + 0.2);
    // Clinical wording too: the question is nearest the document that answers it
    const vectors = await embedder.embed(Object.values(DOCUMENTS));
    const [query] = await embedder.embed([QUERY], { kind: "query" });
    const similarities = vectors.map((v) => cosine(query!, v));
    expect(similarities.indexOf(Math.max(...similarities))).toBe(0);
  });
});

describe.skipIf(!modelFolder)("semantic search in the built server with EMBEDDINGS=local", () => {
  let server: TestServer;
  let admin: HttpClient;
  let db: Db;

  beforeAll(async () => {
    server = await startServer({ env: { ADMIN_PASSWORD: "semantic-admin-password", ...modelEnv } });
    admin = new HttpClient(server.url);
    expect((await admin.signIn(server.adminEmail, "semantic-admin-password")).status).toBe(303);
  });
  afterAll(async () => {
    db?.$client.close();
    await server?.stop();
  });

  it("says so to the admin: hybrid, with the model in use", async () => {
    expect(await status(admin)).toMatchObject({ mode: "hybrid", embedder: MODEL_ID, reason: null, coverage: { embedderId: MODEL_ID, missing: 0 } });
  });

  it("embeds every chunk of an upload on the worker, and finds the document by a query that shares no word with it", async () => {
    const sessions: Record<string, string> = {};
    for (const [name, text] of Object.entries(DOCUMENTS)) {
      const res = await upload(admin, name, Buffer.from(text));
      expect(res.status).toBe(200);
      sessions[name] = ((await res.json()) as { sessionId: string }).sessionId;
    }
    for (const sessionId of Object.values(sessions)) {
      const done = await waitForSession(admin, sessionId);
      expect(done.status).toBe("completed");
      const log = done.consoleOutput.join("\n");
      expect(log).toContain(`Generating embeddings with ${MODEL_ID}`);
      expect(log).toContain(`Created embeddings for ${done.totalChunks} chunks`);
      expect(log).toContain(`with ${MODEL_ID} vectors`);
    }
    const rows = vectorRows(server.dataDir);
    expect(rows.vectors).toBe(rows.chunks);
    expect(await status(admin)).toMatchObject({ coverage: { chunks: rows.chunks, withVectors: rows.chunks, missing: 0 } });

    const documentText = Object.values(DOCUMENTS).join(" ");
    expect(tokenize(QUERY).filter((t) => tokenize(documentText).includes(t))).toEqual([]);
    db = openDatabase(path.join(server.dataDir, "app.db"));
    expect(await search(QUERY, { db })).toEqual([]);
    const [top] = await search(QUERY, { db, embedder });
    // A text file is titled by its name
    expect(top).toMatchObject({ title: "thyroid", lexicalRank: null, vectorRank: 1 });
  }, 180_000);

  it("counts embedded chunks in the progress bar's embeddings step, and a cancel there keeps nothing", async () => {
    const before = vectorRows(server.dataDir);
    const res = await upload(admin, "book.txt", Buffer.from(longText({ books: 1, chapters: 30, wordsPerChapter: 1500 }).text));
    const { sessionId } = (await res.json()) as { sessionId: string };
    const embedding = await until(
      "the embeddings step part-way",
      () => sessionOf(admin, sessionId),
      (s) => s.status !== "processing" || (s.currentStep === "embeddings" && s.chunksCreated > 0),
    );
    expect(embedding).toMatchObject({ status: "processing", currentStep: "embeddings" });
    expect(embedding.chunksCreated).toBeLessThan(embedding.totalChunks!);
    expect((await admin.request("POST", `/api/admin/upload-sessions/${sessionId}/cancel`)).status).toBe(200);
    const cancelled = await waitForSession(admin, sessionId, 30_000);
    expect(cancelled.status).toBe("cancelled");
    expect(vectorRows(server.dataDir)).toEqual(before);
  }, 180_000);
});

describe.skipIf(!modelFolder)("documents indexed before the model was configured", () => {
  let server: TestServer | null = null;
  afterAll(async () => {
    await server?.stop();
  });

  it("are embedded in the background on the worker, uploads still run meanwhile, and a restart continues where it stopped", async () => {
    const env = { ADMIN_PASSWORD: "backfill-admin-password" };
    server = await startServer({ env: { ...env, EMBEDDINGS: "none" } });
    let admin = new HttpClient(server.url);
    await admin.signIn(server.adminEmail, env.ADMIN_PASSWORD);
    const book = longText({ books: 1, chapters: 40, wordsPerChapter: 1500 }).text;
    const res = await upload(admin, "book.txt", Buffer.from(book));
    const lexical = await waitForSession(admin, ((await res.json()) as { sessionId: string }).sessionId);
    expect(lexical.status).toBe("completed");
    expect(lexical.consoleOutput.join("\n")).toContain("lexical search");
    const { chunks } = vectorRows(server.dataDir);
    expect(chunks).toBeGreaterThan(150);
    expect(await status(admin)).toMatchObject({ mode: "lexical", coverage: null, vectors: 0 });
    await server.stop({ keepData: true });

    // The model is added: the worker starts embedding the old chunks at once, in batches
    server = await startServer({ dataDir: server.dataDir, env: { ...env, ...modelEnv } });
    admin = new HttpClient(server.url);
    await admin.signIn(server.adminEmail, env.ADMIN_PASSWORD);
    const partway = await until("some chunks embedded", () => status(admin), (s) => (s.coverage?.withVectors ?? 0) >= 32);
    expect(partway.coverage!.missing).toBeGreaterThan(0);
    expect(partway.backfill).toMatchObject({ embedderId: MODEL_ID, state: expect.stringMatching(/running|waiting/) });
    // An upload is not held up by it
    const small = await upload(admin, "thyroid.txt", Buffer.from(DOCUMENTS["thyroid.txt"]!));
    expect((await waitForSession(admin, ((await small.json()) as { sessionId: string }).sessionId)).status).toBe("completed");

    // A crash part-way: what was written stays, and the next start continues from there
    await server.kill();
    const kept = vectorRows(server.dataDir);
    expect(kept.vectors).toBeGreaterThan(0);
    expect(kept.vectors).toBeLessThan(kept.chunks);
    server = await startServer({ dataDir: server.dataDir, env: { ...env, ...modelEnv } });
    admin = new HttpClient(server.url);
    await admin.signIn(server.adminEmail, env.ADMIN_PASSWORD);
    const finished = await until("the backfill to finish", () => status(admin), (s) => s.coverage?.missing === 0 && s.backfill?.state === "done");
    expect(finished.backfill!.embedded).toBe(kept.chunks - kept.vectors);
    expect(vectorRows(server.dataDir)).toEqual({ chunks: kept.chunks, vectors: kept.chunks });
  }, 600_000);
});
