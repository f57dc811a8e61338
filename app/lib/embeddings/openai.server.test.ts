import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_OPENAI_MODELS, startFakeOpenAI, type FakeOpenAI } from "../../../tests/support/openai-server";
import type { RetryPolicy } from "../openai/index.server";
import { EmbeddingError } from "./errors";
import { parseConfig } from "../config.server";
import { createEmbeddingsService, settingsFromConfig } from "./index.server";
import { createOpenAIEmbedder, type OpenAIEmbedderOptions } from "./openai.server";
import type { Embedder } from "./types";
import { cosine, norm } from "./vectors";

/** Embeddings from an OpenAI-compatible server: the loopback one, through the real `openai` client. */

const MODEL = "BAAI/bge-small-en-v1.5";
const INSTANT: RetryPolicy = { retries: 2, baseDelayMs: 0, maxDelayMs: 0, maxRetryAfterMs: 10_000 };

let server: FakeOpenAI;
beforeAll(async () => {
  server = await startFakeOpenAI();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  server.options.failures = [];
  server.options.models = DEFAULT_OPENAI_MODELS;
  server.options.maxEmbeddingInputs = undefined;
});

const options = (extra: Partial<OpenAIEmbedderOptions> = {}): OpenAIEmbedderOptions => ({
  baseURL: server.baseURL,
  model: MODEL,
  retry: { document: INSTANT, query: INSTANT },
  ...extra,
});

async function embedderFor(extra: Partial<OpenAIEmbedderOptions> = {}): Promise<Embedder> {
  const result = await createOpenAIEmbedder(options(extra));
  if (!result.ok) throw new Error(result.reason);
  return result.embedder;
}

const embedRequests = () => server.requests.filter((r) => r.path === "/v1/embeddings");
const embedInputs = () => embedRequests().map((r) => (r.body as { input: string[] }).input);

async function embedFailure(promise: Promise<unknown>): Promise<EmbeddingError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof EmbeddingError) return error;
    throw error;
  }
  throw new Error("expected embedding to fail");
}

describe("OpenAI-compatible embedder", () => {
  it("checks /v1/models, learns the dimensions from one embedding, and names itself after the model", async () => {
    const embedder = await embedderFor();
    expect(embedder).toMatchObject({ id: "openai:BAAI/bge-small-en-v1.5", dimensions: 384 });
    expect(server.requests.map((r) => r.path)).toEqual(["/v1/models", "/v1/embeddings"]);
    expect(embedRequests()[0]!.body).toMatchObject({ model: MODEL, encoding_format: "float" });
  });

  it("embeds in batches of batchSize, in input order, as unit Float32Arrays", async () => {
    const embedder = await embedderFor({ batchSize: 32 });
    server.requests.length = 0;
    const texts = Array.from({ length: 70 }, (_, i) => `passage number ${i} about dose ${i % 7}`);
    const vectors = await embedder.embed(texts);
    expect(embedInputs().map((batch) => batch.length)).toEqual([32, 32, 6]);
    expect(vectors).toHaveLength(70);
    for (const v of vectors) {
      expect(v).toBeInstanceOf(Float32Array);
      expect(norm(v)).toBeCloseTo(1, 5);
    }
    // Each vector is its own text's: embedding one text alone gives the same vector
    const [alone] = await embedder.embed([texts[41]!]);
    expect(cosine(alone!, vectors[41]!)).toBeCloseTo(1, 5);
  });

  it("prefixes queries as the model was trained (BGE's retrieval instruction), documents plainly", async () => {
    const embedder = await embedderFor();
    server.requests.length = 0;
    await embedder.embed(["meloxicam dose"], { kind: "query" });
    await embedder.embed(["Meloxicam is dosed at 0.1 mg/kg."]);
    expect(embedInputs()).toEqual([["Represent this sentence for searching relevant passages: meloxicam dose"], ["Meloxicam is dosed at 0.1 mg/kg."]]);
  });

  it("retries a batch the server rate-limits, honouring Retry-After, and keeps every vector", async () => {
    const embedder = await embedderFor({ batchSize: 2 });
    server.requests.length = 0;
    server.options.failures = [
      { path: "/v1/embeddings", status: 429, retryAfter: "0" },
      { path: "/v1/embeddings", status: 503, retryAfterMs: "0" },
    ];
    const vectors = await embedder.embed(["a b", "c d", "e f"]);
    expect(vectors).toHaveLength(3);
    expect(embedRequests().map((r) => r.status)).toEqual([429, 503, 200, 200]);
  });

  it("a Retry-After longer than the cap fails the call with the reason, after one request", async () => {
    const embedder = await embedderFor();
    server.requests.length = 0;
    server.options.failures = [{ path: "/v1/embeddings", status: 429, retryAfter: "900" }];
    const error = await embedFailure(embedder.embed(["a b"]));
    expect(error.code).toBe("failed");
    expect(error.message).toBe(`the OpenAI-compatible server at ${server.baseURL} rate-limited the request (429) and asked to retry after 900 s, longer than the 10 s this app waits`);
    expect(embedRequests()).toHaveLength(1);
  });

  it("a batch larger than the server takes fails with the server's own message", async () => {
    server.options.maxEmbeddingInputs = 8;
    const embedder = await embedderFor({ batchSize: 16 });
    const error = await embedFailure(embedder.embed(Array.from({ length: 10 }, (_, i) => `text ${i}`)));
    expect(error.message).toBe(`the OpenAI-compatible server at ${server.baseURL} answered 400: 'input' must have at most 8 items, got 10.`);
  });

  it("is not created, with the reason, when the server is down or does not serve the model", async () => {
    const gone = await startFakeOpenAI();
    await gone.close();
    expect(await createOpenAIEmbedder(options({ baseURL: gone.baseURL }))).toEqual({
      ok: false,
      reason: `the OpenAI-compatible server at ${gone.baseURL} refused the connection (is it running?)`,
    });
    expect(await createOpenAIEmbedder(options({ model: "text-embedding-3-small" }))).toMatchObject({
      ok: false,
      reason: expect.stringContaining('does not serve the model "text-embedding-3-small"'),
    });
  });

  it("tells its owner when a call finds the server gone, so search turns lexical at once", async () => {
    const down = await startFakeOpenAI();
    const reasons: string[] = [];
    const result = await createOpenAIEmbedder({ baseURL: down.baseURL, model: MODEL, onUnavailable: (r) => reasons.push(r) });
    if (!result.ok) throw new Error(result.reason);
    await down.close();
    const error = await embedFailure(result.embedder.embed(["a"]));
    expect(error.code).toBe("unavailable");
    expect(reasons).toEqual([error.message]);
  });
});

describe("EMBEDDINGS=openai in the embeddings service", () => {
  it("reads the server from OPENAI_EMBEDDING_BASE_URL, else OPENAI_BASE_URL, with the key and the embedding model", () => {
    const settings = (env: NodeJS.ProcessEnv) => settingsFromConfig({ ...parseConfig({ EMBEDDINGS: "openai", OPENAI_EMBEDDING_MODEL: MODEL, ...env }), modelsDir: "/m" }).openai;
    expect(settings({ OPENAI_BASE_URL: "http://gpu:8000/v1" })).toEqual({ baseURL: "http://gpu:8000/v1", model: MODEL });
    expect(settings({ OPENAI_BASE_URL: "http://gpu:8000/v1", OPENAI_EMBEDDING_BASE_URL: "http://tei:8081/v1", OPENAI_API_KEY: "sk-1" })).toEqual({
      baseURL: "http://tei:8081/v1",
      model: MODEL,
      apiKey: "sk-1",
    });
  });

  it("is hybrid with the server's model, and lexical with the reason when the model is not served", async () => {
    const up = createEmbeddingsService({ provider: "openai", modelsDir: "/nowhere", openai: { baseURL: server.baseURL, model: MODEL } });
    expect(await up.getRetrievalMode()).toEqual({ mode: "hybrid", embedder: "openai:BAAI/bge-small-en-v1.5", reason: null });
    expect((await up.getEmbedder())?.dimensions).toBe(384);
    const missing = createEmbeddingsService({ provider: "openai", modelsDir: "/nowhere", openai: { baseURL: server.baseURL, model: "nomic-embed-text" } });
    expect(await missing.getRetrievalMode()).toMatchObject({ mode: "lexical", embedder: null, reason: expect.stringContaining('does not serve the model "nomic-embed-text"') });
  });
});
