import { describe, expect, it } from "vitest";
import { readSseEvents } from "../chat";
import { toMessageJson, type Message } from "../chat/index.server";
import { answerEventStream, type Reply } from "./stream.server";
import { AnswerError } from "./types";

const question = { content: "Itraconazole dose for a cat?", usePubmed: false, useThinkHarder: false, userId: "u1", conversationId: "c1" };

function message(id: string, role: Message["role"], content: string, extra: Partial<Message> = {}): Message {
  return { id, conversationId: "c1", role, content, citations: [], status: "complete", reading: null, answeredBy: null, usePubmed: false, useThinkHarder: false, createdAt: new Date(0), ...extra };
}

const user = message("m1", "user", question.content);

/** The stream as the chat screen reads it; a stream cut in the middle of an event fails. */
async function eventsOf(res: Response): Promise<Array<{ event: string; data: unknown }>> {
  const events: Array<{ event: string; data: unknown }> = [];
  for await (const { event, data } of readSseEvents(res.body!, { requireWhole: true })) events.push({ event, data: JSON.parse(data) as unknown });
  return events;
}

describe("answerEventStream", () => {
  it("sends user, reading, queue places, tokens, then done with the stored answer and who wrote it", async () => {
    const answeredBy = { provider: "local", model: "SmolLM2-135M-Instruct" } as const;
    const assistant = message("m2", "assistant", "5 mg/kg [1]", { reading: "cats · itraconazole · dose", answeredBy });
    const reply: Reply = async (input) => {
      input.onUserMessage?.(user);
      input.onReading?.("cats · itraconazole · dose");
      input.onQueue?.(2);
      input.onQueue?.(1);
      input.onQueue?.(0);
      input.onToken?.("5 mg/kg [3]");
      return { ok: true, user, assistant };
    };
    const res = answerEventStream(question, new AbortController().signal, reply);
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const events = await eventsOf(res);
    expect(events.map((e) => e.event)).toEqual(["user", "reading", "queue", "queue", "queue", "token", "done"]);
    expect(events[1]!.data).toEqual({ reading: "cats · itraconazole · dose" });
    expect(events.slice(2, 5).map((e) => e.data)).toEqual([{ ahead: 2 }, { ahead: 1 }, { ahead: 0 }]);
    expect(events[6]!.data).toMatchObject({ id: "m2", content: "5 mg/kg [1]", reading: "cats · itraconazole · dose", answeredBy, createdAt: "1970-01-01T00:00:00.000Z" });
  });

  it("ends with error and the stored failed answer's id when the answer fails", async () => {
    const failed = message("m3", "assistant", "_The answer could not be completed: boom_", { status: "failed" });
    const reply: Reply = async (input) => {
      input.onUserMessage?.(user);
      return { ok: false, user, assistant: failed, error: new AnswerError("model", "boom") };
    };
    const events = await eventsOf(answerEventStream(question, new AbortController().signal, reply));
    expect(events.map((e) => e.event)).toEqual(["user", "error"]);
    expect(events[1]!.data).toEqual({ message: "boom", messageId: "m3" });
  });

  it("passes a client that is already gone on as a stopped answer", async () => {
    const gone = new AbortController();
    gone.abort();
    let stopped: boolean | undefined;
    const reply: Reply = async (input) => {
      stopped = input.signal?.aborted;
      return { ok: false, user, assistant: message("m4", "assistant", "_stopped_", { status: "failed" }), error: new AnswerError("aborted", "The answer was stopped") };
    };
    answerEventStream(question, gone.signal, reply);
    await Promise.resolve();
    expect(stopped).toBe(true);
  });

  it("sends each turn's events as they happen, those of one turn together, in order", async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const assistant = message("m2", "assistant", "line one\nline two\n");
    const reply: Reply = async (input) => {
      input.onUserMessage?.(user);
      // The answer waits until the client has read the question's event: it must not wait for the answer.
      await released;
      input.onReading?.("cats · itraconazole · dose");
      input.onToken?.("line one\n");
      input.onToken?.("line two\n");
      return { ok: true, user, assistant };
    };
    const reader = answerEventStream(question, new AbortController().signal, reply).body!.getReader();
    const decoder = new TextDecoder();
    const first = await reader.read();
    expect(decoder.decode(first.value)).toBe(`event: user\ndata: ${JSON.stringify(toMessageJson(user))}\n\n`);
    release();
    const chunks: string[] = [];
    for (let next = await reader.read(); !next.done; next = await reader.read()) chunks.push(decoder.decode(next.value));
    expect(chunks.join("")).toBe(
      [
        `event: reading\ndata: {"reading":"cats · itraconazole · dose"}\n\n`,
        `event: token\ndata: {"text":"line one\\n"}\n\n`,
        `event: token\ndata: {"text":"line two\\n"}\n\n`,
        `event: done\ndata: ${JSON.stringify(toMessageJson(assistant))}\n\n`,
      ].join(""),
    );
    // Written in one turn, they leave as one chunk.
    expect(chunks).toHaveLength(1);
  });
});
