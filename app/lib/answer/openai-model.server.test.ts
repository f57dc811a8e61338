import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startFakeOpenAI, type FakeOpenAI } from "../../../tests/support/openai-server";
import type { RetryPolicy } from "../openai/index.server";
import { createOpenAIChatModel, type OpenAIChatModelOptions } from "./openai-model.server";
import { AnswerError } from "./types";

/** The OpenAI-compatible chat model against the loopback server, through the real `openai` client. */

const MODEL = "meta-llama/Llama-3.1-8B-Instruct";
/** Retries without waiting, so no test depends on time. */
const INSTANT: RetryPolicy = { retries: 2, baseDelayMs: 0, maxDelayMs: 0, maxRetryAfterMs: 10_000 };
const ASK = [{ role: "user" as const, content: "What is the dose of meloxicam in cats?" }];

let server: FakeOpenAI;
beforeAll(async () => {
  server = await startFakeOpenAI();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  server.options.failures = [];
  server.options.apiKey = null;
  server.options.chat = { tokens: ["Meloxicam ", "0.1 mg/kg ", "[1]."] };
});

const modelWith = (extra: Partial<OpenAIChatModelOptions> = {}) => createOpenAIChatModel({ baseURL: server.baseURL, model: MODEL, retry: INSTANT, ...extra });
const chatRequests = () => server.requests.filter((r) => r.path === "/v1/chat/completions");

async function failure(promise: Promise<unknown>): Promise<AnswerError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AnswerError) return error;
    throw error;
  }
  throw new Error("expected the chat to fail");
}

async function closedServerURL(): Promise<string> {
  const gone = await startFakeOpenAI();
  await gone.close();
  return gone.baseURL;
}

describe("OpenAI-compatible chat model", () => {
  it("streams the reply token by token and records who answers", async () => {
    const model = modelWith();
    const tokens: string[] = [];
    expect(await model.chat(ASK, { onToken: (t) => tokens.push(t), temperature: 0, maxTokens: 300 })).toBe("Meloxicam 0.1 mg/kg [1].");
    expect(tokens).toEqual(["Meloxicam ", "0.1 mg/kg ", "[1]."]);
    expect(model.answeredBy).toEqual({ provider: "openai", model: MODEL });
    expect(chatRequests()[0]!.body).toMatchObject({ model: MODEL, stream: true, temperature: 0, max_tokens: 300, messages: ASK });
  });

  it("is available when the server lists the model; unavailable with a reason naming what it serves otherwise", async () => {
    expect(await modelWith().status()).toEqual({ available: true, model: MODEL });
    expect(await modelWith({ model: "gpt-4o" }).status()).toEqual({
      available: false,
      model: "gpt-4o",
      reason: `the OpenAI-compatible server at ${server.baseURL} does not serve the model "gpt-4o" (it serves "meta-llama/Llama-3.1-8B-Instruct", "BAAI/bge-small-en-v1.5")`,
    });
  });

  it("is unavailable, saying so plainly, when the server is down or refuses the key", async () => {
    const url = await closedServerURL();
    expect(await createOpenAIChatModel({ baseURL: url, model: MODEL }).status()).toEqual({
      available: false,
      model: MODEL,
      reason: `the OpenAI-compatible server at ${url} refused the connection (is it running?)`,
    });
    server.options.apiKey = "sk-right";
    expect(await modelWith({ apiKey: "sk-wrong" }).status()).toMatchObject({ available: false, reason: expect.stringMatching(/refused the API key \(401: Incorrect API key provided\.\); check OPENAI_API_KEY$/) });
    expect(await modelWith({ apiKey: "sk-right" }).status()).toEqual({ available: true, model: MODEL });
  });

  it("a chat with the server down fails as a model failure with the reason", async () => {
    const url = await closedServerURL();
    const error = await failure(createOpenAIChatModel({ baseURL: url, model: MODEL }).chat(ASK));
    expect(error.code).toBe("model");
    expect(error.message).toBe(`The language model failed: the OpenAI-compatible server at ${url} refused the connection (is it running?)`);
  });

  it("retries a 429 and a 503 before the first token, honouring Retry-After, then streams", async () => {
    server.options.failures = [
      { path: "/v1/chat/completions", status: 429, retryAfter: "0" },
      { path: "/v1/chat/completions", status: 503 },
    ];
    expect(await modelWith().chat(ASK)).toBe("Meloxicam 0.1 mg/kg [1].");
    expect(chatRequests().map((r) => r.status)).toEqual([429, 503, 200]);
  });

  it("a Retry-After longer than the cap fails at once with the reason, without waiting or asking again", async () => {
    server.options.failures = [{ path: "/v1/chat/completions", status: 429, retryAfter: "3600" }];
    const error = await failure(modelWith().chat(ASK));
    expect(error.code).toBe("model");
    expect(error.message).toBe(
      `The language model failed: the OpenAI-compatible server at ${server.baseURL} rate-limited the request (429) and asked to retry after 3600 s, longer than the 10 s this app waits`,
    );
    expect(chatRequests()).toHaveLength(1);
  });

  it("a server still busy after the retries fails with that reason", async () => {
    server.options.failures = Array.from({ length: 3 }, () => ({ path: "/v1/chat/completions", status: 503 as const }));
    const error = await failure(modelWith().chat(ASK));
    expect(error.message).toMatch(/was busy \(503\) and was still busy after 2 retries$/);
    expect(chatRequests()).toHaveLength(3);
  });

  it("other errors are not retried and carry the server's message", async () => {
    server.options.failures = [{ path: "/v1/chat/completions", status: 500, message: "KV cache exhausted" }];
    const error = await failure(modelWith().chat(ASK));
    expect(error.message).toBe(`The language model failed: the OpenAI-compatible server at ${server.baseURL} answered 500: KV cache exhausted`);
    expect(chatRequests()).toHaveLength(1);
  });

  it("an error in the middle of the stream fails the chat after the tokens already given", async () => {
    server.options.chat = { tokens: ["one ", "two ", "three"], failAfter: 2, failWith: "error-line", failMessage: "CUDA out of memory" };
    const tokens: string[] = [];
    const error = await failure(modelWith().chat(ASK, { onToken: (t) => tokens.push(t) }));
    expect(tokens).toEqual(["one ", "two "]);
    expect(error.code).toBe("model");
    expect(error.message).toContain("CUDA out of memory");
  });

  it("a stop aborts the HTTP request to the server", async () => {
    server.options.chat = { tokens: Array.from({ length: 50 }, (_, i) => `w${i} `), tokenDelayMs: 50 };
    const stop = new AbortController();
    const error = await failure(modelWith().chat(ASK, { signal: stop.signal, onToken: () => stop.abort() }));
    expect(error.code).toBe("aborted");
    await expect.poll(() => chatRequests()[0]?.closedEarly).toBe(true);
  });

  it("a server that stops sending tokens times out, and the request is closed", async () => {
    server.options.chat = { tokens: ["first ", "never"], tokenDelaysMs: [0, 600_000] };
    const error = await failure(modelWith({ idleTimeoutMs: 300 }).chat(ASK));
    expect(error.code).toBe("timeout");
    expect(error.message).toBe("The language model stopped responding (no reply within 300 ms)");
    await expect.poll(() => chatRequests()[0]?.closedEarly).toBe(true);
  });
});
