import { describe, expect, it } from "vitest";
import { createSseParser, readSseEvents, SseCutError, type SseEvent } from "./sse";

function parse(chunks: string[]): SseEvent[] {
  const events: SseEvent[] = [];
  const parser = createSseParser((e) => events.push(e));
  for (const c of chunks) parser.push(c);
  parser.end();
  return events;
}

describe("createSseParser", () => {
  it("reads named events separated by blank lines, in order", () => {
    expect(parse(['event: user\ndata: {"id":"u"}\n\nevent: token\ndata: {"text":"Hi"}\n\nevent: done\ndata: {"id":"a"}\n\n'])).toEqual([
      { event: "user", data: '{"id":"u"}' },
      { event: "token", data: '{"text":"Hi"}' },
      { event: "done", data: '{"id":"a"}' },
    ]);
  });

  it("joins events split anywhere across chunks, including inside \\r\\n", () => {
    const whole = 'event: token\r\ndata: {"text":"mel"}\r\n\r\nevent: token\r\ndata: {"text":"oxicam"}\r\n\r\n';
    const expected = [
      { event: "token", data: '{"text":"mel"}' },
      { event: "token", data: '{"text":"oxicam"}' },
    ];
    for (let cut = 1; cut < whole.length; cut++) {
      expect(parse([whole.slice(0, cut), whole.slice(cut)])).toEqual(expected);
    }
    expect(parse(whole.split(""))).toEqual(expected);
  });

  it("accepts bare \\r line ends, joins multi-line data with \\n, skips comments, and strips one space only", () => {
    expect(parse([": keep-alive\r\revent:token\rdata:  two spaces\rdata:second\r\r"])).toEqual([{ event: "token", data: " two spaces\nsecond" }]);
  });

  it("calls an unnamed event 'message', ignores id/retry and events with no data", () => {
    expect(parse(["id: 4\nretry: 10\ndata: plain\n\nevent: empty\n\n"])).toEqual([{ event: "message", data: "plain" }]);
  });

  it("drops an event that was never finished with a blank line, and says so at the end", () => {
    expect(parse(['event: done\ndata: {"id":"a"}\n\nevent: token\ndata: {"text":"cut'])).toEqual([{ event: "done", data: '{"id":"a"}' }]);
    const whole = createSseParser(() => {});
    whole.push("data: x\n\n");
    expect(whole.end()).toBe(true);
    const cut = createSseParser(() => {});
    cut.push("data: x\n");
    expect(cut.end()).toBe(false);
  });
});

/** A body that sends `chunks` (bytes) one read at a time, and records being cancelled. */
function body(chunks: Uint8Array[]) {
  const state = { cancelled: false };
  let i = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (i < chunks.length) controller.enqueue(chunks[i++]!);
      else controller.close();
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { stream, state };
}

async function collect(events: AsyncIterable<SseEvent>): Promise<SseEvent[]> {
  const out: SseEvent[] = [];
  for await (const e of events) out.push(e);
  return out;
}

describe("readSseEvents", () => {
  const bytes = (text: string) => new TextEncoder().encode(text);

  it("yields events as their bytes arrive, a character split across reads included", async () => {
    const whole = bytes('event: token\ndata: {"text":"5 µg/kg"}\n\nevent: done\ndata: {}\n\n');
    const cut = whole.indexOf(0xc2) + 1; // inside the two bytes of "µ"
    const { stream } = body([whole.slice(0, cut), whole.slice(cut)]);
    expect(await collect(readSseEvents(stream))).toEqual([
      { event: "token", data: '{"text":"5 µg/kg"}' },
      { event: "done", data: "{}" },
    ]);
  });

  it("drops an unfinished last event, or with requireWhole throws after the whole ones", async () => {
    const text = 'event: token\ndata: {"text":"a"}\n\nevent: token\ndata: {"text":"b';
    expect(await collect(readSseEvents(body([bytes(text)]).stream))).toEqual([{ event: "token", data: '{"text":"a"}' }]);
    const seen: SseEvent[] = [];
    await expect(
      (async () => {
        for await (const e of readSseEvents(body([bytes(text)]).stream, { requireWhole: true })) seen.push(e);
      })(),
    ).rejects.toBeInstanceOf(SseCutError);
    expect(seen).toEqual([{ event: "token", data: '{"text":"a"}' }]);
    expect(await collect(readSseEvents(body([bytes("data: x\n\n")]).stream, { requireWhole: true }))).toEqual([{ event: "message", data: "x" }]);
  });

  it("cancels the body when the reader leaves early, so the connection is let go", async () => {
    const { stream, state } = body([bytes("event: done\ndata: {}\n\n"), bytes("event: token\ndata: late\n\n")]);
    for await (const e of readSseEvents(stream)) {
      expect(e.event).toBe("done");
      break;
    }
    expect(state.cancelled).toBe(true);
  });
});
