/**
 * The search thread: runs searches (BM25 candidates and re-scoring, vector search, fusion) off the
 * request thread, on its own read connection to the database (WAL lets it read while others write).
 * Messages: {id, query, options} -> {id, result} or {id, error}.
 */
import { parentPort } from "node:worker_threads";
import { getDb } from "~/lib/db/index.server";
import { retrieveSync, warmVectorIndexes, type RetrieveOptions, type Retrieval } from "~/lib/search/index.server";

export type SearchRequest = { id: number; query: string; options: RetrieveOptions };
export type SearchReply = { id: number; result: Retrieval } | { id: number; error: string };

if (!parentPort) throw new Error("search.worker must run as a worker thread");
const port = parentPort;

// The vector codes this thread searches are loaded once here (~0.1 s at 500k vectors), not on the first question.
try {
  warmVectorIndexes(getDb().$client);
} catch (error) {
  console.warn("search thread: loading the vector index failed; it loads on first use:", error);
}

port.on("message", (message: SearchRequest) => {
  let reply: SearchReply;
  try {
    reply = { id: message.id, result: retrieveSync(getDb().$client, message.query, message.options) };
  } catch (error) {
    reply = { id: message.id, error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply);
});
