import { Ollama, type ChatResponse } from "ollama";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeOllama, type FakeOllama } from "../../../tests/support/ollama-server";
import { cosine, norm } from "./vectors";

/**
 * The loopback Ollama must be understood by the real `ollama` client exactly as a real server is,
 * or tests that use it prove nothing. These tests drive it only through that client.
 */
let server: FakeOllama;
let client: Ollama;

beforeAll(async () => {
  server = await startFakeOllama();
  client = new Ollama({ host: server.url });
});
afterAll(() => server.close());

async function collect(stream: AsyncIterable<ChatResponse>): Promise<ChatResponse[]> {
  const parts: ChatResponse[] = [];
  for await (const part of stream) parts.push(part);
  return parts;
}

describe("loopback Ollama through the real client", () => {
  it("lists models with Ollama's fields", async () => {
    const { models } = await client.list();
    const names = models.map((m) => m.name);
    expect(names).toContain("nomic-embed-text:latest");
    const nomic = models.find((m) => m.name === "nomic-embed-text:latest");
    expect(nomic).toMatchObject({ model: "nomic-embed-text:latest", details: { format: "gguf", family: "nomic-bert" } });
    expect(nomic?.digest).toMatch(/^[0-9a-f]{64}$/);
  });

  it("shows a model's embedding length and capabilities, and 404s an unknown one", async () => {
    const show = await client.show({ model: "nomic-embed-text" });
    expect(show.capabilities).toEqual(["embedding"]);
    expect((show.model_info as unknown as Record<string, unknown>)["nomic-bert.embedding_length"]).toBe(768);
    await expect(client.show({ model: "nope" })).rejects.toMatchObject({ status_code: 404, error: "model 'nope' not found" });
  });

  it("embeds a batch, normalised, with Ollama's response fields", async () => {
    const res = await client.embed({ model: "all-minilm", input: ["meloxicam dose in cats", "cat meloxicam doses", "kidney failure in horses"] });
    expect(res.model).toBe("all-minilm");
    expect(res.embeddings).toHaveLength(3);
    expect(res.embeddings[0]).toHaveLength(384);
    for (const v of res.embeddings) expect(norm(v)).toBeCloseTo(1, 6);
    expect(res.prompt_eval_count).toBeGreaterThan(0);
    expect(res.total_duration).toBeGreaterThan(0);
    const [a, b, c] = res.embeddings as [number[], number[], number[]];
    expect(cosine(a, b)).toBeGreaterThan(cosine(a, c));
  });

  it("is deterministic, and treats a single string input and an empty input as Ollama does", async () => {
    const one = await client.embed({ model: "all-minilm", input: "same text" });
    const again = await client.embed({ model: "all-minilm", input: ["same text"] });
    expect(one.embeddings).toEqual(again.embeddings);
    expect((await client.embed({ model: "all-minilm", input: [] })).embeddings).toEqual([]);
    expect((await client.embed({ model: "all-minilm", input: "" })).embeddings).toEqual([]);
  });

  it("answers a missing embedding model with Ollama's 404 text", async () => {
    await expect(client.embed({ model: "mxbai-embed-large", input: ["x"] })).rejects.toMatchObject({
      status_code: 404,
      error: 'model "mxbai-embed-large" not found, try pulling it first',
    });
  });

  it("serves the legacy /api/embeddings endpoint without normalising", async () => {
    const { embedding } = await client.embeddings({ model: "all-minilm", prompt: "dose dose dose of meloxicam" });
    expect(embedding).toHaveLength(384);
    expect(norm(embedding)).toBeGreaterThan(1);
  });

  it("streams chat tokens as NDJSON and ends with the done line and its metrics", async () => {
    server.options.chat = { tokens: ["Melox", "icam", " 0.05 mg/kg"] };
    const parts = await collect(await client.chat({ model: "llama3.2", messages: [{ role: "user", content: "dose?" }], stream: true }));
    expect(parts.map((p) => p.message.content).join("")).toBe("Meloxicam 0.05 mg/kg");
    const last = parts.at(-1);
    expect(last).toMatchObject({ done: true, done_reason: "stop", eval_count: 3, message: { role: "assistant", content: "" } });
    expect(last?.total_duration).toBeGreaterThan(0);
    expect(last?.prompt_eval_count).toBeGreaterThan(0);
    expect(parts.slice(0, -1).every((p) => p.done === false)).toBe(true);
    const sent = server.requests.at(-1);
    expect(sent).toMatchObject({ method: "POST", path: "/api/chat", body: { model: "llama3.2", stream: true } });
  });

  it("returns the whole answer in one object when stream is false", async () => {
    server.options.chat = { tokens: ["A", "B"], doneReason: "length" };
    const res = await client.chat({ model: "llama3.2", messages: [{ role: "user", content: "hi" }], stream: false });
    expect(res).toMatchObject({ done: true, done_reason: "length", message: { role: "assistant", content: "AB" }, eval_count: 2 });
  });

  it("delivers each token as its own line when delayed, and a script can depend on the request", async () => {
    server.options.chat = (req) => ({ tokens: [`echo:${req.messages?.at(-1)?.content ?? ""}`, "!"], tokenDelayMs: 30 });
    const arrivals: number[] = [];
    const stream = await client.chat({ model: "llama3.2", messages: [{ role: "user", content: "ping" }], stream: true });
    let text = "";
    for await (const part of stream) {
      arrivals.push(Date.now());
      text += part.message.content;
    }
    expect(text).toBe("echo:ping!");
    expect(arrivals).toHaveLength(3);
  });

  it("fails mid-stream with Ollama's in-stream error line, which the client throws", async () => {
    server.options.chat = { tokens: ["one", "two", "three"], failAfter: 2, failMessage: "model runner crashed" };
    const received: string[] = [];
    const run = async () => {
      for await (const part of await client.chat({ model: "llama3.2", messages: [{ role: "user", content: "x" }], stream: true })) {
        received.push(part.message.content);
      }
    };
    await expect(run()).rejects.toThrow("model runner crashed");
    expect(received).toEqual(["one", "two"]);
  });

  it("fails before any token with a JSON 500, and can drop the connection mid-stream", async () => {
    server.options.chat = { tokens: ["a"], failAfter: 0, failMessage: "out of memory" };
    await expect(client.chat({ model: "llama3.2", messages: [{ role: "user", content: "x" }], stream: true })).rejects.toMatchObject({
      status_code: 500,
      error: "out of memory",
    });
    server.options.chat = { tokens: ["a", "b", "c"], failAfter: 1, failWith: "disconnect" };
    const run = async () => {
      for await (const part of await client.chat({ model: "llama3.2", messages: [{ role: "user", content: "x" }], stream: true })) void part;
    };
    await expect(run()).rejects.toThrow();
  });

  it("answers chat errors as Ollama does: unknown model 404, embedding model 400", async () => {
    await expect(client.chat({ model: "qwen9", messages: [{ role: "user", content: "x" }] })).rejects.toMatchObject({
      status_code: 404,
      error: "model 'qwen9' not found",
    });
    await expect(client.chat({ model: "nomic-embed-text", messages: [{ role: "user", content: "x" }] })).rejects.toMatchObject({
      status_code: 400,
      error: '"nomic-embed-text" does not support chat',
    });
  });

  it("lets the client abort a stream part-way", async () => {
    server.options.chat = { tokens: Array.from({ length: 50 }, (_, i) => `t${i} `), tokenDelayMs: 10 };
    const stream = await client.chat({ model: "llama3.2", messages: [{ role: "user", content: "x" }], stream: true });
    let count = 0;
    const run = async () => {
      for await (const part of stream) {
        void part;
        if (++count === 3) stream.abort();
      }
    };
    await expect(run()).rejects.toThrow(/abort/i);
    expect(count).toBe(3);
  });
});
