import { toMessageJson } from "../chat/index.server";
import { replyInConversation, type Question, type ReplyInput, type ReplyOutcome } from "./conversation.server";

export type Reply = (input: ReplyInput) => Promise<ReplyOutcome>;

/**
 * A question answered as server-sent events (the stream route documents them). `signal` is the
 * client's connection: when it closes, the answer is stopped and stored as failed, and nothing more
 * is sent.
 */
export function answerEventStream(question: Question, signal: AbortSignal, reply: Reply = replyInConversation): Response {
  const stop = new AbortController();
  // A client gone before the answer starts (its abort event already fired) stops it too.
  if (signal.aborted) stop.abort();
  else signal.addEventListener("abort", () => stop.abort(), { once: true });
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      // Events sent in the same turn of the event loop (an extractive answer's lines arrive together)
      // leave as one chunk, one socket write instead of one each; each turn's events still leave in that turn.
      let pending = "";
      let scheduled: NodeJS.Immediate | undefined;
      const flush = () => {
        clearImmediate(scheduled);
        scheduled = undefined;
        if (pending && !stop.signal.aborted) controller.enqueue(encoder.encode(pending));
        pending = "";
      };
      const send = (event: string, data: unknown) => {
        if (stop.signal.aborted) return;
        pending += `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
        scheduled ??= setImmediate(flush);
      };
      const outcome = await reply({
        ...question,
        signal: stop.signal,
        onUserMessage: (m) => send("user", toMessageJson(m)),
        onReading: (reading) => send("reading", { reading }),
        onToken: (text) => send("token", { text }),
        onPubmed: (outcome) => send("pubmed", outcome),
        onQueue: (ahead) => send("queue", { ahead }),
      });
      if (outcome.ok) send("done", toMessageJson(outcome.assistant));
      else send("error", { message: outcome.error.message, messageId: outcome.assistant.id });
      flush();
      if (!stop.signal.aborted) controller.close();
    },
    cancel() {
      stop.abort();
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Accel-Buffering": "no",
    },
  });
}
