/**
 * The one reader of the answer stream's text/event-stream bodies, for the chat screen and the tests: a
 * small parser for bodies read with fetch (EventSource cannot POST).
 * Follows the HTML spec's rules that matter here: lines end with \n, \r\n or \r; "field: value"
 * (one optional space after the colon); several data lines join with \n; a blank line
 * dispatches; lines starting with ":" are comments; an unfinished event at the end is dropped.
 */

export type SseEvent = { event: string; data: string };

export type SseParser = {
  /** Feeds decoded text; complete events are passed to the callback in order. */
  push(text: string): void;
  /**
   * Ends the stream: a last line without its newline is still read, an undispatched event is dropped.
   * True when the stream was whole (nothing dropped), false when it ended in the middle of an event.
   */
  end(): boolean;
};

export function createSseParser(onEvent: (event: SseEvent) => void): SseParser {
  let buffer = "";
  let eventName = "";
  let dataLines: string[] = [];

  function readLine(line: string) {
    if (line === "") {
      if (dataLines.length > 0) onEvent({ event: eventName || "message", data: dataLines.join("\n") });
      eventName = "";
      dataLines = [];
      return;
    }
    if (line.startsWith(":")) return;
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "event") eventName = value;
    else if (field === "data") dataLines.push(value);
    // "id" and "retry" only matter to EventSource reconnection, which a POST stream does not do.
  }

  function drain(final: boolean) {
    for (;;) {
      const match = /\r\n|\r|\n/.exec(buffer);
      if (!match) break;
      // A lone \r at the very end may be the first half of \r\n split across chunks.
      if (match[0] === "\r" && match.index === buffer.length - 1 && !final) break;
      readLine(buffer.slice(0, match.index));
      buffer = buffer.slice(match.index + match[0].length);
    }
  }

  return {
    push(text) {
      buffer += text;
      drain(false);
    },
    end() {
      drain(true);
      if (buffer !== "") readLine(buffer);
      const whole = eventName === "" && dataLines.length === 0;
      buffer = "";
      eventName = "";
      dataLines = [];
      return whole;
    },
  };
}

/** The stream ended in the middle of an event (a cut connection), with `requireWhole`. */
export class SseCutError extends Error {
  constructor() {
    super("The event stream ended in the middle of an event.");
    this.name = "SseCutError";
  }
}

/**
 * The events of a response body as they arrive. Leaving the loop early (a `break`, or a throw) cancels
 * the body, which lets the connection go. `requireWhole`: a stream cut in the middle of an event throws
 * SseCutError once the events before it are read; otherwise the unfinished event is dropped.
 */
export async function* readSseEvents(body: ReadableStream<Uint8Array>, { requireWhole = false } = {}): AsyncGenerator<SseEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const ready: SseEvent[] = [];
  const parser = createSseParser((event) => ready.push(event));
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      parser.push(decoder.decode(value, { stream: true }));
      while (ready.length) yield ready.shift()!;
    }
    parser.push(decoder.decode());
    const whole = parser.end();
    while (ready.length) yield ready.shift()!;
    if (requireWhole && !whole) throw new SseCutError();
  } finally {
    // Stop reading (and let the connection go) once the caller is done or on any error.
    reader.cancel().catch(() => {});
  }
}
