import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { displayPath, inspectModelFolder, loadLocalEmbedder, modelFingerprint, type LocalEmbedder } from "./local.server";
import { TINY_SHAPE, writeBertFixture } from "./testing/bert-fixture.server";
import { cosine, norm } from "./vectors";

/**
 * The local path for real: a BERT-shaped ONNX model written by the test (random weights, real
 * tokenizer files) is loaded by @huggingface/transformers and run by onnxruntime-node.
 */
const WORDS = "meloxicam dose cats dogs kidney failure horses colic fluids nsaid mg kg daily renal the is in for".split(" ");

let modelsDir: string;
const loaded: LocalEmbedder[] = [];

beforeAll(() => {
  modelsDir = fs.mkdtempSync(path.join(os.tmpdir(), "embeddings-local-"));
  writeBertFixture(path.join(modelsDir, "test", "all-MiniLM-L6-v2"), { words: WORDS });
  writeBertFixture(path.join(modelsDir, "test", "e5-small-v2"), { words: WORDS });
  writeBertFixture(path.join(modelsDir, "test", "quantized-layout"), { words: WORDS, onnxFileName: "model_quantized.onnx" });
});

afterAll(async () => {
  await Promise.all(loaded.map((e) => e.dispose()));
  fs.rmSync(modelsDir, { recursive: true, force: true });
});

async function load(model: string, batchSize?: number): Promise<LocalEmbedder> {
  const result = await loadLocalEmbedder({ model, modelsDir, batchSize });
  if (!result.ok) throw new Error(result.reason);
  loaded.push(result.embedder);
  return result.embedder;
}

/** Copies the good fixture, then lets the test break one thing in the copy. */
function brokenCopy(name: string, breakIt: (folder: string) => void): string {
  const folder = path.join(modelsDir, "broken", name);
  fs.cpSync(path.join(modelsDir, "test", "all-MiniLM-L6-v2"), folder, { recursive: true });
  breakIt(folder);
  return `broken/${name}`;
}

describe("local model folder problems give a reason, never an exception", () => {
  it("no folder at all", async () => {
    const result = await loadLocalEmbedder({ model: "Xenova/all-MiniLM-L6-v2", modelsDir });
    expect(result).toEqual({ ok: false, reason: `No model files in ${displayPath(path.join(modelsDir, "Xenova/all-MiniLM-L6-v2"))} (place the ONNX export there)` });
  });

  it("an empty folder", async () => {
    fs.mkdirSync(path.join(modelsDir, "empty-model"));
    const result = await loadLocalEmbedder({ model: "empty-model", modelsDir });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reason).toMatch(/^No model files in .*empty-model \(place the ONNX export there\)$/);
  });

  it("a folder missing files names each missing file", async () => {
    const model = brokenCopy("partial", (f) => {
      fs.rmSync(path.join(f, "tokenizer.json"));
      fs.rmSync(path.join(f, "onnx"), { recursive: true });
    });
    const result = await loadLocalEmbedder({ model, modelsDir });
    expect(!result.ok && result.reason).toMatch(/is incomplete: missing tokenizer\.json, onnx\/model_quantized\.onnx or onnx\/model\.onnx$/);
  });

  it("a config.json that is not a model config", async () => {
    const model = brokenCopy("bad-config", (f) => fs.writeFileSync(path.join(f, "config.json"), "{ not json"));
    const result = await loadLocalEmbedder({ model, modelsDir });
    expect(!result.ok && result.reason).toMatch(/has an unreadable config\.json/);
    const model2 = brokenCopy("no-type", (f) => fs.writeFileSync(path.join(f, "config.json"), "{}"));
    const result2 = await loadLocalEmbedder({ model: model2, modelsDir });
    expect(!result2.ok && result2.reason).toMatch(/has a config\.json without model_type$/);
  });

  it("a corrupt ONNX file (what a truncated copy looks like)", async () => {
    const model = brokenCopy("corrupt-onnx", (f) => fs.writeFileSync(path.join(f, "onnx", "model.onnx"), Buffer.from("this is not a protobuf model")));
    const result = await loadLocalEmbedder({ model, modelsDir });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reason).toMatch(/^Could not load the model in .*corrupt-onnx: /);
  });

  it("a tokenizer.json that is not JSON", async () => {
    const model = brokenCopy("corrupt-tokenizer", (f) => fs.writeFileSync(path.join(f, "tokenizer.json"), "{\"model\": 42"));
    const result = await loadLocalEmbedder({ model, modelsDir });
    expect(!result.ok && result.reason).toMatch(/corrupt-tokenizer has an unreadable tokenizer\.json \(/);
  });

  it("fingerprints the files a load reads, so an unchanged broken folder is not loaded again", () => {
    const model = brokenCopy("fingerprint", () => undefined);
    const before = modelFingerprint(model, modelsDir);
    expect(modelFingerprint(model, modelsDir)).toBe(before);
    fs.appendFileSync(path.join(modelsDir, model, "onnx", "model.onnx"), Buffer.from([0]));
    expect(modelFingerprint(model, modelsDir)).not.toBe(before);
    expect(modelFingerprint("does/not/exist", modelsDir)).toBe("config.json=-;tokenizer.json=-;tokenizer_config.json=-");
  });

  it("inspects the layout without loading anything", () => {
    expect(inspectModelFolder(path.join(modelsDir, "test", "quantized-layout"))).toMatchObject({ ok: true, weights: { file: "model_quantized.onnx", dtype: "q8" } });
    expect(inspectModelFolder(path.join(modelsDir, "test", "all-MiniLM-L6-v2"))).toMatchObject({ ok: true, weights: { file: "model.onnx", dtype: "fp32" } });
  });
});

describe("a real ONNX model through transformers.js and onnxruntime-node", () => {
  it("loads, discovers its dimensions and names itself", async () => {
    const embedder = await load("test/all-MiniLM-L6-v2");
    expect(embedder.id).toBe("local:test/all-MiniLM-L6-v2");
    expect(embedder.dimensions).toBe(32);
    expect(embedder.weightsFile).toBe("onnx/model.onnx");
  });

  it("loads the quantized file name layout (onnx/model_quantized.onnx)", async () => {
    const embedder = await load("test/quantized-layout");
    expect(embedder.weightsFile).toBe("onnx/model_quantized.onnx");
    expect(await embedder.embed(["meloxicam"])).toHaveLength(1);
  });

  it("accepts an absolute folder as the model", async () => {
    const folder = path.join(modelsDir, "test", "all-MiniLM-L6-v2");
    const embedder = await load(folder);
    expect(embedder.id).toBe("local:all-MiniLM-L6-v2");
  });

  it("embeds in batches, in order, as unit vectors, deterministically", async () => {
    const embedder = await load("test/all-MiniLM-L6-v2", 8);
    const texts = Array.from({ length: 21 }, (_, i) => `meloxicam dose ${i} mg for cats and dogs`);
    const vectors = await embedder.embed(texts);
    expect(vectors).toHaveLength(21);
    for (const v of vectors) {
      expect(v).toBeInstanceOf(Float32Array);
      expect(v).toHaveLength(32);
      expect(norm(v)).toBeCloseTo(1, 5);
    }
    // Padding inside a batch must not change a text's vector: alone it gets the same one
    const [alone] = await embedder.embed([texts[13] as string]);
    expect(cosine(alone as Float32Array, vectors[13] as Float32Array)).toBeCloseTo(1, 5);
    expect(await embedder.embed([])).toEqual([]);
  });

  it("puts texts that share words closer together", async () => {
    const embedder = await load("test/all-MiniLM-L6-v2");
    const [query, related, unrelated] = await embedder.embed([
      "meloxicam dose for cats",
      "the meloxicam dose for cats is 0.05 mg/kg",
      "horses with colic need fluids",
    ]);
    expect(cosine(query as Float32Array, related as Float32Array)).toBeGreaterThan(cosine(query as Float32Array, unrelated as Float32Array));
  });

  it("truncates long passages to the model's length instead of failing", async () => {
    const embedder = await load("test/all-MiniLM-L6-v2");
    const long = Array.from({ length: 2_000 }, (_, i) => WORDS[i % WORDS.length]).join(" ");
    const [vector] = await embedder.embed([long, "short"]);
    expect(norm(vector as Float32Array)).toBeCloseTo(1, 5);
  });

  it("truncates to the model's trained length (256 for all-MiniLM-L6-v2) even when the tokenizer allows more", async () => {
    // 300 position embeddings and a tokenizer that would allow 512: only a 256-token cut can run
    const folder = path.join(modelsDir, "short-positions", "all-MiniLM-L6-v2");
    writeBertFixture(folder, { words: WORDS, shape: { ...TINY_SHAPE, maxPositions: 300 }, modelMaxLength: 512 });
    const embedder = await load("short-positions/all-MiniLM-L6-v2");
    const long = Array.from({ length: 400 }, (_, i) => WORDS[i % WORDS.length]).join(" ");
    expect(await embedder.embed([long])).toHaveLength(1);
  });

  it("reports an inference failure as an EmbeddingError naming the model", async () => {
    // Unknown model name: no trained length, so the tokenizer's 512 applies and overruns 300 positions
    writeBertFixture(path.join(modelsDir, "short-positions", "custom"), { words: WORDS, shape: { ...TINY_SHAPE, maxPositions: 300 }, modelMaxLength: 512 });
    const embedder = await load("short-positions/custom");
    const long = Array.from({ length: 400 }, () => "cats").join(" ");
    await expect(embedder.embed([long])).rejects.toMatchObject({ name: "EmbeddingError", code: "failed", message: expect.stringMatching(/^The local model short-positions\/custom failed: /) });
  });

  it("adds e5's query/passage prefixes, so the same text differs by kind", async () => {
    const e5 = await load("test/e5-small-v2");
    const [asQuery] = await e5.embed(["renal failure"], { kind: "query" });
    const [asDocument] = await e5.embed(["renal failure"], { kind: "document" });
    expect(cosine(asQuery as Float32Array, asDocument as Float32Array)).toBeLessThan(0.9999);
    const minilm = await load("test/all-MiniLM-L6-v2");
    const [q] = await minilm.embed(["renal failure"], { kind: "query" });
    const [d] = await minilm.embed(["renal failure"], { kind: "document" });
    expect(Array.from(q as Float32Array)).toEqual(Array.from(d as Float32Array));
  });

  it("stops between batches when the caller aborts", async () => {
    const embedder = await load("test/all-MiniLM-L6-v2", 2);
    const controller = new AbortController();
    controller.abort();
    await expect(embedder.embed(["a", "b", "c"], { signal: controller.signal })).rejects.toMatchObject({ name: "EmbeddingError", code: "aborted" });
  });
});
