import { readQuestion, replyInConversation } from "~/lib/answer/index.server";
import { toMessageJson } from "~/lib/chat/index.server";
import { methodNotAllowed } from "~/lib/http.server";
import type { Route } from "./+types/api.conversations.$id.messages.stream";

/**
 * POST {content, usePubmed, useThinkHarder} answered as server-sent events: `user` (the stored
 * question), in PubMed mode `pubmed` ({status: ok|empty|failed, articles, message}), `token`s as the
 * answer is written, then `done` (the stored answer, citations checked) or `error`. Input errors are plain JSON responses before the stream starts. Closing the
 * connection stops the answer; it is then stored as failed, never as complete.
 */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const question = await readQuestion(request, params.id);

  const stop = new AbortController();
  request.signal.addEventListener("abort", () => stop.abort(), { once: true });
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (event: string, data: unknown) => {
        if (stop.signal.aborted) return;
        controller.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
      };
      const outcome = await replyInConversation({
        ...question,
        signal: stop.signal,
        onUserMessage: (m) => send("user", toMessageJson(m)),
        onToken: (text) => send("token", { text }),
        onPubmed: (outcome) => send("pubmed", outcome),
      });
      if (outcome.ok) send("done", toMessageJson(outcome.assistant));
      else send("error", { message: outcome.error.message, messageId: outcome.assistant.id });
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

export async function loader() {
  return methodNotAllowed(["POST"]);
}
