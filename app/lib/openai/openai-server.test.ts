import OpenAI, { APIError } from "openai";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_OPENAI_MODELS, startFakeOpenAI, type FakeOpenAI } from "../../../tests/support/openai-server";
import { cosine, norm } from "../embeddings/vectors";
import { openAIClient } from "./client.server";

/**
 * The loopback OpenAI-compatible server must be understood by the real `openai` client exactly as a real
 * server is, or the tests that use it prove nothing. These tests drive it only through that client.
 */
let server: FakeOpenAI;
let client: OpenAI;
const CHAT = "meta-llama/Llama-3.1-8B-Instruct";
const EMBED = "BAAI/bge-small-en-v1.5";

beforeAll(async () => {
  server = await startFakeOpenAI();
  client = new OpenAI({ baseURL: server.baseURL, apiKey: "sk-loopback", maxRetries: 0 });
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  server.options.failures = [];
  server.options.apiKey = null;
  server.options.chat = { tokens: ["Hello", ", ", "world."] };
});

async function thrown(promise: Promise<unknown>): Promise<APIError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof APIError) return error;
    throw error;
  }
  throw new Error("expected the request to fail");
}

describe("loopback OpenAI-compatible server through the real client", () => {
  it("lists its models", async () => {
    const ids: string[] = [];
    for await (const model of client.models.list()) ids.push(model.id);
    expect(ids).toEqual(DEFAULT_OPENAI_MODELS.map((m) => m.id));
  });

  it("streams a chat completion as data: chunks ending in [DONE], which the client reads as deltas", async () => {
    const stream = await client.chat.completions.create({ model: CHAT, messages: [{ role: "user", content: "Hi" }], stream: true, stream_options: { include_usage: true } });
    const deltas: string[] = [];
    const finish: Array<string | null> = [];
    let usage: OpenAI.CompletionUsage | null | undefined;
    for await (const chunk of stream) {
      expect(chunk.object).toBe("chat.completion.chunk");
      const choice = chunk.choices[0];
      if (choice?.delta.content) deltas.push(choice.delta.content);
      if (choice) finish.push(choice.finish_reason);
      if (chunk.usage) usage = chunk.usage;
    }
    expect(deltas).toEqual(["Hello", ", ", "world."]);
    expect(finish.at(-1)).toBe("stop");
    expect(usage).toMatchObject({ completion_tokens: 3 });
  });

  it("answers a chat completion whole without stream", async () => {
    const completion = await client.chat.completions.create({ model: CHAT, messages: [{ role: "user", content: "Hi" }] });
    expect(completion.choices[0]?.message).toMatchObject({ role: "assistant", content: "Hello, world." });
    expect(completion.usage?.total_tokens).toBeGreaterThan(0);
  });

  it("a failure in the middle of a stream reaches the client as an error after the tokens sent before it", async () => {
    server.options.chat = { tokens: ["one ", "two ", "three"], failAfter: 2, failWith: "error-line", failMessage: "CUDA out of memory" };
    const stream = await client.chat.completions.create({ model: CHAT, messages: [{ role: "user", content: "Hi" }], stream: true });
    const seen: string[] = [];
    const error = await thrown(
      (async () => {
        for await (const chunk of stream) if (chunk.choices[0]?.delta.content) seen.push(chunk.choices[0].delta.content);
      })(),
    );
    expect(seen).toEqual(["one ", "two "]);
    expect(error.message).toContain("CUDA out of memory");
  });

  it("embeds a batch, in order, as floats or base64 (the client's default, which it decodes)", async () => {
    const input = ["meloxicam dose in cats", "cat meloxicam doses", "kidney failure in horses"];
    const floats = await client.embeddings.create({ model: EMBED, input, encoding_format: "float" });
    expect(floats.data.map((d) => d.index)).toEqual([0, 1, 2]);
    expect(floats.data[0]!.embedding).toHaveLength(384);
    for (const d of floats.data) expect(norm(d.embedding)).toBeCloseTo(1, 6);
    const [a, b, c] = floats.data.map((d) => d.embedding) as [number[], number[], number[]];
    expect(cosine(a, b)).toBeGreaterThan(cosine(a, c));
    const decoded = await client.embeddings.create({ model: EMBED, input });
    expect(decoded.data[0]!.embedding[5]).toBeCloseTo(a[5]!, 6);
    expect(floats.usage.prompt_tokens).toBeGreaterThan(0);
  });

  it("answers errors with OpenAI's body, which the client turns into typed errors", async () => {
    const missing = await thrown(client.chat.completions.create({ model: "nope", messages: [{ role: "user", content: "Hi" }] }));
    expect(missing).toMatchObject({ status: 404, code: "model_not_found", type: "not_found_error" });
    expect(missing.message).toBe("404 The model `nope` does not exist.");
    const empty = await thrown(client.embeddings.create({ model: EMBED, input: [] }));
    expect(empty).toMatchObject({ status: 400, type: "invalid_request_error", param: "input" });
  });

  it("answers 429 and 503 with Retry-After when told to, once each", async () => {
    server.options.failures = [
      { path: "/v1/embeddings", status: 429, retryAfter: "7" },
      { path: "/v1/embeddings", status: 503, retryAfterMs: "1500" },
    ];
    const limited = await thrown(client.embeddings.create({ model: EMBED, input: "x" }));
    expect(limited).toMatchObject({ status: 429, code: "rate_limit_exceeded" });
    expect(limited.headers?.get("retry-after")).toBe("7");
    const busy = await thrown(client.embeddings.create({ model: EMBED, input: "x" }));
    expect(busy.status).toBe(503);
    expect(busy.headers?.get("retry-after-ms")).toBe("1500");
    expect((await client.embeddings.create({ model: EMBED, input: "x" })).data).toHaveLength(1);
  });

  it("checks the API key when it has one; the app's client sends none when none is configured", async () => {
    server.options.apiKey = "sk-right";
    expect(await thrown(client.models.list())).toMatchObject({ status: 401, code: "invalid_api_key" });
    const keyed = openAIClient({ baseURL: server.baseURL, apiKey: "sk-right" }, 5_000);
    expect((await keyed.models.list()).data.length).toBeGreaterThan(0);
    server.options.apiKey = null;
    await openAIClient({ baseURL: server.baseURL }, 5_000).models.list();
    expect(server.requests.map((r) => r.authorization)).toEqual(["Bearer sk-loopback", "Bearer sk-right", null]);
  });
});
