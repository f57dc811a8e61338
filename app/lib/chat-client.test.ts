import { describe, expect, it } from "vitest";
import { isUnauthorizedError } from "./api-client";
import { newQuestionKey, StreamError, streamMessage, type Message } from "./chat-client";

const userMessage = { id: "u1", role: "user", content: "Dose?" } as Message;
const stored = { id: "a1", role: "assistant", content: "0.05 mg/kg [1]", citations: [] } as unknown as Message;

/** A fetch that answers with the given body pieces as a real streamed Response, and records the request. */
function fakeFetch(pieces: string[], init: ResponseInit = { status: 200, headers: { "Content-Type": "text/event-stream" } }) {
  const calls: Array<{ url: string; init: RequestInit | undefined }> = [];
  const impl = (async (url: string, requestInit?: RequestInit) => {
    calls.push({ url, init: requestInit });
    const bytes = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const p of pieces) controller.enqueue(bytes.encode(p));
        controller.close();
      },
    });
    return new Response(body, init);
  }) as unknown as typeof fetch;
  return { impl, calls };
}

const sse = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

describe("streamMessage", () => {
  it("posts the question, reports the user message and each token, and resolves with the stored answer", async () => {
    const { impl, calls } = fakeFetch([sse("user", userMessage), sse("token", { text: "0.05 " }).slice(0, 9), sse("token", { text: "0.05 " }).slice(9), sse("token", { text: "mg/kg" }), sse("done", stored)]);
    const seen: string[] = [];
    const result = await streamMessage(
      "c/1",
      { content: "Dose?", usePubmed: true, useThinkHarder: false },
      { onUser: (m) => seen.push(`user:${m.id}`), onToken: (t) => seen.push(`token:${t}`) },
      { fetchImpl: impl },
    );
    expect(result).toEqual(stored);
    expect(seen).toEqual(["user:u1", "token:0.05 ", "token:mg/kg"]);
    expect(calls[0]?.url).toBe("/api/conversations/c%2F1/messages/stream");
    expect(calls[0]?.init?.method).toBe("POST");
    expect(calls[0]?.init?.credentials).toBe("include");
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({ content: "Dose?", usePubmed: true, useThinkHarder: false });
  });

  it("reports the reading before the tokens and sends the question's Idempotency-Key", async () => {
    const { impl, calls } = fakeFetch([sse("user", userMessage), sse("reading", { reading: "cats · meloxicam · dose" }), sse("token", { text: "0.05" }), sse("done", stored)]);
    const seen: string[] = [];
    await streamMessage(
      "c1",
      { content: "Dose?", usePubmed: false, useThinkHarder: false },
      { onReading: (r) => seen.push(`reading:${r}`), onToken: (t) => seen.push(`token:${t}`) },
      { fetchImpl: impl, key: "k-1" },
    );
    expect(seen).toEqual(["reading:cats · meloxicam · dose", "token:0.05"]);
    expect(new Headers(calls[0]?.init?.headers).get("Idempotency-Key")).toBe("k-1");
  });

  it("makes a new 32-hex-digit question key each time", () => {
    const a = newQuestionKey();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(newQuestionKey()).not.toBe(a);
  });

  it("throws the server's error event as a StreamError", async () => {
    const { impl } = fakeFetch([sse("user", userMessage), sse("token", { text: "par" }), sse("error", { message: "The model stopped" })]);
    await expect(streamMessage("c1", { content: "x", usePubmed: false, useThinkHarder: false }, {}, { fetchImpl: impl })).rejects.toEqual(
      new StreamError("The model stopped"),
    );
  });

  it("treats a stream that ends without done as a failure", async () => {
    const { impl } = fakeFetch([sse("user", userMessage), sse("token", { text: "par" })]);
    await expect(streamMessage("c1", { content: "x", usePubmed: false, useThinkHarder: false }, {}, { fetchImpl: impl })).rejects.toBeInstanceOf(StreamError);
  });

  it("turns a non-OK response into the usual 'status: text' error, so 401 takes the unauthorized flow", async () => {
    const { impl } = fakeFetch([JSON.stringify({ message: "Unauthorized" })], { status: 401, headers: { "Content-Type": "application/json" } });
    const error = await streamMessage("c1", { content: "x", usePubmed: false, useThinkHarder: false }, {}, { fetchImpl: impl }).catch((e: unknown) => e);
    expect((error as Error).message).toBe('401: {"message":"Unauthorized"}');
    expect(isUnauthorizedError(error)).toBe(true);
  });

  it("reports a failed fetch as a network error", async () => {
    const impl = (async () => {
      throw new TypeError("Failed to fetch");
    }) as unknown as typeof fetch;
    await expect(streamMessage("c1", { content: "x", usePubmed: false, useThinkHarder: false }, {}, { fetchImpl: impl })).rejects.toThrow(/^Network error/);
  });
});
