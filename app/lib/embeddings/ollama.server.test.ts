import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_FAKE_MODELS, startFakeOllama, type FakeOllama } from "../../../tests/support/ollama-server";
import { EmbeddingError } from "./errors";
import { createOllamaEmbedder, duration, embeddingLengthOf, ollamaId, probeOllama, type OllamaEmbedderOptions } from "./ollama.server";
import type { Embedder } from "./types";
import { cosine, norm } from "./vectors";

let server: FakeOllama;

beforeAll(async () => {
  server = await startFakeOllama();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  server.options.models = DEFAULT_FAKE_MODELS;
  server.options.embedDelayMs = 0;
  server.options.showDelayMs = 0;
  server.options.embedFailure = null;
});

function options(extra: Partial<OllamaEmbedderOptions> = {}): OllamaEmbedderOptions {
  return { host: server.url, model: "nomic-embed-text", ...extra };
}

async function embedderFor(extra: Partial<OllamaEmbedderOptions> = {}): Promise<Embedder> {
  const result = await createOllamaEmbedder(options(extra));
  if (!result.ok) throw new Error(result.reason);
  return result.embedder;
}

async function closedServerUrl(): Promise<string> {
  const gone = await startFakeOllama();
  await gone.close();
  return gone.url;
}

function embedRequests() {
  return server.requests.filter((r) => r.path === "/api/embed").map((r) => r.body as { model: string; input: string[] });
}

describe("Ollama embedder", () => {
  it("discovers the dimensions from /api/show without loading the model", async () => {
    const embedder = await embedderFor();
    expect(embedder.id).toBe("ollama:nomic-embed-text");
    expect(embedder.dimensions).toBe(768);
    expect(server.requests.map((r) => r.path)).toEqual(["/api/show"]);
  });

  it("falls back to one embedding for the dimensions when /api/show has no model_info (older Ollama)", async () => {
    server.options.models = [{ name: "old-embed", kind: "embedding", dimensions: 256, legacyShow: true }];
    const embedder = await embedderFor({ model: "old-embed" });
    expect(embedder.dimensions).toBe(256);
    expect(server.requests.map((r) => r.path)).toEqual(["/api/show", "/api/embed"]);
  });

  it("embeds in batches, in order, returning unit Float32Arrays", async () => {
    const embedder = await embedderFor({ model: "all-minilm", batchSize: 32 });
    const texts = Array.from({ length: 70 }, (_, i) => `passage number ${i} about dose ${i % 7}`);
    const vectors = await embedder.embed(texts);
    expect(vectors).toHaveLength(70);
    expect(embedRequests().map((r) => r.input.length)).toEqual([32, 32, 6]);
    for (const v of vectors) {
      expect(v).toBeInstanceOf(Float32Array);
      expect(v).toHaveLength(384);
      expect(norm(v)).toBeCloseTo(1, 5);
    }
    // Order is kept across batches: the 40th vector is the 40th text's
    const [single] = await embedder.embed([texts[39] as string]);
    expect(Array.from(single as Float32Array)).toEqual(Array.from(vectors[39] as Float32Array));
  });

  it("returns nothing for nothing, without a request", async () => {
    const embedder = await embedderFor();
    server.requests.length = 0;
    expect(await embedder.embed([])).toEqual([]);
    expect(server.requests).toHaveLength(0);
  });

  it("adds the model's query and document prefixes (nomic: search_query / search_document)", async () => {
    const embedder = await embedderFor();
    await embedder.embed(["meloxicam in cats"], { kind: "query" });
    await embedder.embed(["Meloxicam is an NSAID."], { kind: "document" });
    await embedder.embed(["default is document"]);
    expect(embedRequests().map((r) => r.input[0])).toEqual([
      "search_query: meloxicam in cats",
      "search_document: Meloxicam is an NSAID.",
      "search_document: default is document",
    ]);
  });

  it("sends texts unchanged for models without prefixes", async () => {
    const embedder = await embedderFor({ model: "all-minilm:latest" });
    expect(embedder.id).toBe("ollama:all-minilm");
    await embedder.embed(["plain"], { kind: "query" });
    expect(embedRequests()[0]?.input).toEqual(["plain"]);
  });

  it("ranks a related passage above an unrelated one", async () => {
    const embedder = await embedderFor({ model: "all-minilm" });
    const [query] = await embedder.embed(["meloxicam dose for cats"], { kind: "query" });
    const [related, unrelated] = await embedder.embed(["The meloxicam dose in cats is 0.05 mg/kg.", "Horses with colic need fluids."]);
    expect(cosine(query as Float32Array, related as Float32Array)).toBeGreaterThan(cosine(query as Float32Array, unrelated as Float32Array));
  });

  it("reports a model that is not pulled, with the pull command", async () => {
    const result = await createOllamaEmbedder(options({ model: "mxbai-embed-large" }));
    expect(result).toEqual({
      ok: false,
      reason: `Ollama at ${server.url} has no model "mxbai-embed-large" (run: ollama pull mxbai-embed-large)`,
    });
  });

  it("refuses a chat model as an embedding model, saying what it is", async () => {
    const result = await createOllamaEmbedder(options({ model: "llama3.2" }));
    expect(result).toEqual({ ok: false, reason: 'Ollama model "llama3.2" is not an embedding model (it can: completion, tools)' });
  });

  it("reports a server that is not running", async () => {
    const url = await closedServerUrl();
    const result = await createOllamaEmbedder({ host: url, model: "nomic-embed-text" });
    expect(result).toEqual({ ok: false, reason: `Ollama at ${url} did not answer: connection refused` });
  });

  it("gives up on a silent server after the probe timeout", async () => {
    server.options.showDelayMs = 5_000;
    const probe = await probeOllama(options({ probeTimeoutMs: 150 }));
    expect(probe).toEqual({ ok: false, code: "timeout", reason: `Ollama at ${server.url} did not answer: no reply within 150 ms` });
  });

  it("times out a slow embedding call with a reason", async () => {
    const embedder = await embedderFor({ timeoutMs: 150 });
    server.options.embedDelayMs = 5_000;
    await expect(embedder.embed(["slow"])).rejects.toMatchObject({
      name: "EmbeddingError",
      code: "timeout",
      message: `Ollama at ${server.url} did not answer: no reply within 150 ms`,
    });
  });

  it("uses the shorter query timeout for queries", async () => {
    const embedder = await embedderFor({ timeoutMs: 60_000, queryTimeoutMs: 100 });
    server.options.embedDelayMs = 5_000;
    await expect(embedder.embed(["q"], { kind: "query" })).rejects.toMatchObject({ code: "timeout" });
  });

  it("stops when the caller aborts, mid-request or before starting", async () => {
    const embedder = await embedderFor();
    server.options.embedDelayMs = 5_000;
    const controller = new AbortController();
    const pending = embedder.embed(["a"], { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expect(pending).rejects.toMatchObject({ code: "aborted" });

    server.requests.length = 0;
    await expect(embedder.embed(["b"], { signal: AbortSignal.abort() })).rejects.toBeInstanceOf(EmbeddingError);
    expect(embedRequests()).toHaveLength(0);
  });

  it("maps a server error to a reason with Ollama's message", async () => {
    const embedder = await embedderFor();
    server.options.embedFailure = { status: 500, error: "llama runner process has terminated: signal: killed" };
    await expect(embedder.embed(["x"])).rejects.toMatchObject({
      code: "failed",
      message: `Ollama at ${server.url} answered 500: llama runner process has terminated: signal: killed`,
    });
  });

  it("tells its owner when the model disappears or the server goes away", async () => {
    const seen: string[] = [];
    const embedder = await embedderFor({ onUnavailable: (reason) => seen.push(reason) });
    server.options.models = [];
    await expect(embedder.embed(["x"])).rejects.toMatchObject({ code: "model-missing" });
    expect(seen).toEqual([`Ollama at ${server.url} has no model "nomic-embed-text" (run: ollama pull nomic-embed-text)`]);


    const temporary = await startFakeOllama();
    const seenDown: string[] = [];
    const result = await createOllamaEmbedder({ host: temporary.url, model: "nomic-embed-text", onUnavailable: (r) => seenDown.push(r) });
    await temporary.close();
    if (!result.ok) throw new Error(result.reason);
    await expect(result.embedder.embed(["x"])).rejects.toMatchObject({ code: "unavailable" });
    expect(seenDown).toEqual([`Ollama at ${temporary.url} did not answer: connection refused`]);
  });

  it("rejects vectors whose size changed under it (model re-pulled as another variant)", async () => {
    const embedder = await embedderFor({ model: "all-minilm" });
    server.options.models = [{ name: "all-minilm", kind: "embedding", dimensions: 512 }];
    await expect(embedder.embed(["x"])).rejects.toMatchObject({
      code: "bad-response",
      message: `Ollama at ${server.url} returned a vector of 512 dimensions, expected 384`,
    });
  });
});

describe("Ollama helpers", () => {
  it("reads <arch>.embedding_length from model_info", () => {
    const info = { "general.architecture": "bert", "bert.embedding_length": 384 } as unknown as Map<string, unknown>;
    expect(embeddingLengthOf({ model_info: info })).toBe(384);
    expect(embeddingLengthOf({ model_info: {} as unknown as Map<string, unknown> })).toBeNull();
  });

  it("writes durations in plain units", () => {
    expect(duration(150)).toBe("150 ms");
    expect(duration(2_500)).toBe("2.5 s");
    expect(duration(120_000)).toBe("120 s");
  });

  it("names the embedder by model without the implied :latest tag", () => {
    expect(ollamaId("nomic-embed-text:latest")).toBe("ollama:nomic-embed-text");
    expect(ollamaId("mxbai-embed-large:335m")).toBe("ollama:mxbai-embed-large:335m");
  });
});
