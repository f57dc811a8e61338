import { describe, expect, it } from "vitest";
import { normaliseModelName, profileFor, withPrefix } from "./profiles";
import { batches, cosine, l2Normalise, norm } from "./vectors";

describe("model profiles", () => {
  it("normalises local ids and Ollama tags to one name", () => {
    expect(normaliseModelName("Xenova/all-MiniLM-L6-v2")).toBe("all-minilm-l6-v2");
    expect(normaliseModelName("nomic-embed-text:latest")).toBe("nomic-embed-text");
    expect(normaliseModelName("mxbai-embed-large:335m")).toBe("mxbai-embed-large");
    expect(normaliseModelName("BAAI/bge-small-en-v1.5")).toBe("bge-small-en-v1.5");
  });

  it("knows the prefixes and pooling of common retrieval models", () => {
    expect(profileFor("Xenova/e5-small-v2")).toMatchObject({ queryPrefix: "query: ", documentPrefix: "passage: ", pooling: "mean" });
    expect(profileFor("Xenova/multilingual-e5-small")).toMatchObject({ queryPrefix: "query: ", documentPrefix: "passage: " });
    expect(profileFor("Xenova/bge-small-en-v1.5")).toMatchObject({ queryPrefix: expect.stringMatching(/^Represent this sentence/), documentPrefix: "", pooling: "cls" });
    expect(profileFor("nomic-embed-text")).toMatchObject({ queryPrefix: "search_query: ", documentPrefix: "search_document: " });
    expect(profileFor("nomic-ai/nomic-embed-text-v1.5")).toMatchObject({ queryPrefix: "search_query: " });
    expect(profileFor("snowflake-arctic-embed:s")).toMatchObject({ pooling: "cls", queryPrefix: expect.stringMatching(/^Represent/) });
    expect(profileFor("Snowflake/snowflake-arctic-embed-m-v2.0")).toMatchObject({ queryPrefix: "query: " });
    expect(profileFor("Xenova/all-MiniLM-L6-v2")).toEqual({ queryPrefix: "", documentPrefix: "", pooling: "mean", maxTokens: 256 });
    expect(profileFor("all-minilm")).toMatchObject({ maxTokens: 256 });
  });

  it("feeds unknown models plainly", () => {
    expect(profileFor("someone/custom-embedder")).toEqual({ queryPrefix: "", documentPrefix: "", pooling: "mean" });
  });

  it("prefixes by kind, documents by default", () => {
    const e5 = profileFor("e5-base-v2");
    expect(withPrefix(e5, ["a"], "query")).toEqual(["query: a"]);
    expect(withPrefix(e5, ["a"])).toEqual(["passage: a"]);
    const plain = profileFor("all-minilm");
    const texts = ["x"];
    expect(withPrefix(plain, texts, "query")).toBe(texts);
  });
});

describe("vectors", () => {
  it("normalises to unit length and keeps zero vectors zero", () => {
    expect(norm(l2Normalise([3, 4]))).toBeCloseTo(1, 6);
    expect(Array.from(l2Normalise([3, 4]))).toEqual([expect.closeTo(0.6, 6), expect.closeTo(0.8, 6)]);
    expect(Array.from(l2Normalise([0, 0]))).toEqual([0, 0]);
  });

  it("refuses broken model output", () => {
    expect(() => l2Normalise([1, Number.NaN])).toThrow(/NaN/);
    expect(() => l2Normalise([Infinity])).toThrow();
  });

  it("computes cosine and rejects mismatched lengths", () => {
    expect(cosine([1, 0], [0, 1])).toBe(0);
    expect(cosine([1, 1], [2, 2])).toBeCloseTo(1, 6);
    expect(cosine([0, 0], [1, 1])).toBe(0);
    expect(() => cosine([1], [1, 2])).toThrow(/lengths differ/);
  });

  it("splits into batches", () => {
    expect(batches([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(batches([], 32)).toEqual([]);
    expect(() => batches([1], 0)).toThrow();
  });
});
