import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_FAKE_MODELS, startFakeOllama, type FakeOllama } from "../../../tests/support/ollama-server";
import type { AppConfig } from "../config.server";
import {
  createEmbeddingsService,
  getEmbedder,
  getRetrievalMode,
  resetEmbeddings,
  settingsFromConfig,
  type EmbeddingsService,
  type EmbeddingsSettings,
} from "./index.server";
import { writeBertFixture } from "./testing/bert-fixture.server";

let modelsDir: string;
let server: FakeOllama;
const services: EmbeddingsService[] = [];

beforeAll(async () => {
  modelsDir = fs.mkdtempSync(path.join(os.tmpdir(), "embeddings-index-"));
  // Where `npm run models -- fetch embedding` puts the default model
  writeBertFixture(path.join(modelsDir, "all-MiniLM-L6-v2"), { words: ["meloxicam", "cats"] });
  server = await startFakeOllama();
});

afterAll(async () => {
  await resetEmbeddings();
  await server.close();
  fs.rmSync(modelsDir, { recursive: true, force: true });
});

beforeEach(() => {
  server.requests.length = 0;
  server.options.models = DEFAULT_FAKE_MODELS;
  server.options.showDelayMs = 0;
});

afterEach(async () => {
  await Promise.all(services.splice(0).map((s) => s.dispose()));
});

/** A service with a hand-driven clock, so cache expiry is tested without waiting. */
function serviceWith(settings: Partial<EmbeddingsSettings>) {
  const clock = { now: 1_000_000 };
  const service = createEmbeddingsService({ provider: "none", modelsDir, ...settings }, () => clock.now);
  services.push(service);
  return { service, clock };
}

async function closedServerUrl(): Promise<string> {
  const gone = await startFakeOllama();
  await gone.close();
  return gone.url;
}

const shows = () => server.requests.filter((r) => r.path === "/api/show").length;

describe("retrieval mode", () => {
  it("is lexical with a plain reason when EMBEDDINGS=none", async () => {
    const { service } = serviceWith({ provider: "none" });
    expect(await service.getRetrievalMode()).toEqual({ mode: "lexical", embedder: null, reason: "EMBEDDINGS is 'none'" });
    expect(await service.getEmbedder()).toBeNull();
  });

  it("is lexical, naming the folder, when the local model is not there", async () => {
    const { service } = serviceWith({ provider: "local", model: "Xenova/bge-small-en-v1.5" });
    const mode = await service.getRetrievalMode();
    expect(mode.mode).toBe("lexical");
    expect(mode.reason).toMatch(/^No model files in .*Xenova\/bge-small-en-v1\.5 \(place the ONNX export there\)$/);
    expect(await service.getEmbedder()).toBeNull();
  });

  it("is hybrid with the local default model when its files are in MODELS_DIR", async () => {
    const { service } = serviceWith({ provider: "local" });
    expect(await service.getRetrievalMode()).toEqual({ mode: "hybrid", embedder: "local:all-MiniLM-L6-v2", reason: null });
    const embedder = await service.getEmbedder();
    expect(embedder?.dimensions).toBe(32);
    expect(await embedder?.embed(["meloxicam for cats"], { kind: "query" })).toHaveLength(1);
  });

  it("picks up model files placed after a failed check, once the short cache expires", async () => {
    const { service, clock } = serviceWith({ provider: "local", model: "later/model" });
    expect((await service.getRetrievalMode()).mode).toBe("lexical");
    writeBertFixture(path.join(modelsDir, "later", "model"), { words: ["cats"] });
    expect((await service.getRetrievalMode()).mode).toBe("lexical");
    clock.now += 16_000;
    expect((await service.getRetrievalMode()).mode).toBe("lexical"); // stale answer; the re-check runs in the background
    await vi.waitFor(async () => expect(await service.getRetrievalMode()).toMatchObject({ mode: "hybrid", embedder: "local:later/model" }));
  });

  it("re-loads a broken local model only once its files change", async () => {
    const folder = path.join(modelsDir, "fixed-later", "model");
    writeBertFixture(folder, { words: ["cats"] });
    const good = fs.readFileSync(path.join(folder, "onnx", "model.onnx"));
    fs.writeFileSync(path.join(folder, "onnx", "model.onnx"), "truncated copy");
    const { service, clock } = serviceWith({ provider: "local", model: "fixed-later/model" });
    expect((await service.getRetrievalMode()).reason).toMatch(/^Could not load the model in .*fixed-later\/model: /);
    clock.now += 16_000;
    expect((await service.getRetrievalMode({ fresh: true })).reason).toMatch(/^Could not load the model/);
    fs.writeFileSync(path.join(folder, "onnx", "model.onnx"), good);
    expect(await service.getRetrievalMode({ fresh: true })).toMatchObject({ mode: "hybrid", embedder: "local:fixed-later/model" });
  });

  it("is hybrid when Ollama answers and has the model", async () => {
    const { service } = serviceWith({ provider: "ollama", ollamaHost: server.url });
    expect(await service.getRetrievalMode()).toEqual({ mode: "hybrid", embedder: "ollama:nomic-embed-text", reason: null });
    expect((await service.getEmbedder())?.dimensions).toBe(768);
  });

  it("is lexical with the reason when Ollama is down", async () => {
    const url = await closedServerUrl();
    const { service } = serviceWith({ provider: "ollama", ollamaHost: url, model: "all-minilm" });
    expect(await service.getRetrievalMode()).toEqual({ mode: "lexical", embedder: null, reason: `Ollama at ${url} did not answer: connection refused` });
    expect(await service.getEmbedder()).toBeNull();
  });

  it("is lexical with the reason when the Ollama model is not pulled", async () => {
    const { service } = serviceWith({ provider: "ollama", ollamaHost: server.url, model: "snowflake-arctic-embed" });
    expect((await service.getRetrievalMode()).reason).toBe(
      `Ollama at ${server.url} has no model "snowflake-arctic-embed" (run: ollama pull snowflake-arctic-embed)`,
    );
  });

  it("is lexical with the reason when Ollama does not answer in time", async () => {
    server.options.showDelayMs = 5_000;
    const { service } = serviceWith({ provider: "ollama", ollamaHost: server.url, ollama: { probeTimeoutMs: 100 } });
    expect((await service.getRetrievalMode()).reason).toBe(`Ollama at ${server.url} did not answer: no reply within 100 ms`);
  });
});

describe("caching", () => {
  it("checks Ollama once for concurrent first callers, then answers from the cache", async () => {
    const { service } = serviceWith({ provider: "ollama", ollamaHost: server.url });
    const answers = await Promise.all([service.getEmbedder(), service.getEmbedder(), service.getRetrievalMode()]);
    expect(answers[0]).toBe(answers[1]);
    await service.getRetrievalMode();
    await service.getEmbedder();
    expect(shows()).toBe(1);
  });

  it("does not re-check Ollama on every search while it is failing", async () => {
    server.options.models = []; // the model is gone: every check fails
    const { service, clock } = serviceWith({ provider: "ollama", ollamaHost: server.url });
    for (let i = 0; i < 20; i++) {
      expect((await service.getRetrievalMode()).mode).toBe("lexical");
      clock.now += 500; // twenty searches over ten seconds
    }
    expect(shows()).toBe(1);
    clock.now += 6_000; // past the 15 s "down" lifetime: one background re-check
    await service.getRetrievalMode();
    await service.getRetrievalMode();
    await vi.waitFor(() => expect(shows()).toBe(2));
  });

  it("serves the last answer while re-checking in the background after expiry", async () => {
    const { service, clock } = serviceWith({ provider: "ollama", ollamaHost: server.url });
    const embedder = await service.getEmbedder();
    server.options.models = [];
    clock.now += 61_000;
    // Expired: this call gets the cached hybrid answer at once and starts a re-check
    expect(await service.getEmbedder()).toBe(embedder);
    await vi.waitFor(async () =>
      expect(await service.getRetrievalMode()).toMatchObject({ mode: "lexical", reason: expect.stringContaining('has no model "nomic-embed-text"') }),
    );
    server.options.models = DEFAULT_FAKE_MODELS;
    // Back again: the same embedder object is kept (vectors stay comparable)
    expect(await service.getEmbedder({ fresh: true })).toBe(embedder);
  });

  it("replaces the embedder when the Ollama model comes back with another size", async () => {
    const { service } = serviceWith({ provider: "ollama", ollamaHost: server.url });
    const before = await service.getEmbedder();
    server.options.models = [{ name: "nomic-embed-text", kind: "embedding", dimensions: 512 }];
    const after = await service.getEmbedder({ fresh: true });
    expect(after).not.toBe(before);
    expect(after?.dimensions).toBe(512);
  });

  it("turns lexical at once when an embed call finds Ollama gone", async () => {
    const temporary = await startFakeOllama();
    const { service } = serviceWith({ provider: "ollama", ollamaHost: temporary.url });
    const embedder = await service.getEmbedder();
    await temporary.close();
    await expect(embedder?.embed(["x"])).rejects.toMatchObject({ code: "unavailable" });
    expect(await service.getRetrievalMode()).toEqual({
      mode: "lexical",
      embedder: null,
      reason: `Ollama at ${temporary.url} did not answer: connection refused`,
    });
  });
});

describe("public face", () => {
  it("reads its settings from the app config, ALLOW_MODEL_DOWNLOADS included", () => {
    const cfg = { EMBEDDINGS: "ollama", EMBEDDING_MODEL: "all-minilm", modelsDir: "/srv/models", OLLAMA_HOST: "http://gpu-box:11434", ALLOW_MODEL_DOWNLOADS: true } as AppConfig;
    expect(settingsFromConfig(cfg)).toEqual({
      provider: "ollama",
      model: "all-minilm",
      modelsDir: "/srv/models",
      ollamaHost: "http://gpu-box:11434",
      allowDownloads: true,
    });
    expect(settingsFromConfig({ ...cfg, ALLOW_MODEL_DOWNLOADS: false }).allowDownloads).toBe(false);
  });

  it("getEmbedder and getRetrievalMode follow settings given to resetEmbeddings", async () => {
    await resetEmbeddings({ provider: "ollama", modelsDir, ollamaHost: server.url, model: "all-minilm" });
    expect((await getEmbedder())?.id).toBe("ollama:all-minilm");
    expect(await getRetrievalMode()).toEqual({ mode: "hybrid", embedder: "ollama:all-minilm", reason: null });
    await resetEmbeddings({ provider: "none", modelsDir });
    expect(await getEmbedder()).toBeNull();
  });
});
