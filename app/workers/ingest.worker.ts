/**
 * The ingestion worker thread: runs one upload session at a time off the request
 * thread, with its own database connection. Messages from the server:
 * {type:'run', sessionId} and {type:'cancel', sessionId}; replies {type:'done', sessionId, outcome}.
 */
import { parentPort } from "node:worker_threads";
import { getConfig } from "~/lib/config.server";
import { getDb } from "~/lib/db/index.server";
import { getEmbedder } from "~/lib/embeddings/index.server";
import { runIngestion } from "~/lib/ingest/pipeline.server";

export type WorkerRequest = { type: "run"; sessionId: string } | { type: "cancel"; sessionId: string };
export type WorkerReply = { type: "done"; sessionId: string; outcome: string; error?: string };

if (!parentPort) throw new Error("ingest.worker must run as a worker thread");
const port = parentPort;
const running = new Map<string, AbortController>();

port.on("message", (message: WorkerRequest) => {
  if (message.type === "cancel") {
    running.get(message.sessionId)?.abort();
    return;
  }
  const controller = new AbortController();
  running.set(message.sessionId, controller);
  void (async () => {
    let reply: WorkerReply;
    try {
      const embedder = await getEmbedder();
      const outcome = await runIngestion(getDb(), message.sessionId, {
        dataDir: getConfig().dataDir,
        signal: controller.signal,
        embedder,
        echo: (line) => console.log(`[ingest ${message.sessionId.slice(0, 8)}] ${line}`),
      });
      reply = { type: "done", sessionId: message.sessionId, outcome };
    } catch (error) {
      reply = { type: "done", sessionId: message.sessionId, outcome: "crashed", error: error instanceof Error ? error.message : String(error) };
    } finally {
      running.delete(message.sessionId);
    }
    port.postMessage(reply);
  })();
});
