import { describe, expect, it } from "vitest";
import { createSseParser, type SseEvent } from "./sse";

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

  it("drops an event that was never finished with a blank line", () => {
    expect(parse(['event: done\ndata: {"id":"a"}\n\nevent: token\ndata: {"text":"cut'])).toEqual([{ event: "done", data: '{"id":"a"}' }]);
  });
});
