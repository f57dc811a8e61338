import type { Worker } from "node:worker_threads";
import { startWorker } from "../worker-entry.server";
import { getDb } from "../db/index.server";
import { retrieveSync, type RetrieveOptions, type Retrieval } from "./index.server";

/**
 * Searches for the server, on a worker thread: a query takes 10-50 ms of synchronous SQLite and
 * scoring work (more on a million chunks), which on the request thread would hold up every other
 * request meanwhile. One thread serves searches in turn; if it cannot start or dies, the search runs
 * here instead (slower for others, never a failed question) and the thread is started again later.
 */

type Pending = { resolve: (r: Retrieval) => void; reject: (e: Error) => void };
type Reply = { id: number; result: Retrieval } | { id: number; error: string };


class SearchThread {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private retryAt = 0;

  private ensure(): Worker | null {
    if (this.worker) return this.worker;
    if (Date.now() < this.retryAt) return null;
    const worker = startWorker("search-worker", "app/workers/search.worker.ts");
    if (!worker) return null;
    worker.unref(); // an idle search thread must not keep the process alive
    worker.on("message", (reply: Reply) => {
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if ("error" in reply) waiting.reject(new Error(reply.error));
      else waiting.resolve(reply.result);
    });
    const fail = (why: string) => {
      if (this.worker !== worker) return;
      this.worker = null;
      this.retryAt = Date.now() + 5_000;
      for (const [id, waiting] of this.pending) {
        this.pending.delete(id);
        waiting.reject(new Error(why));
      }
    };
    worker.on("error", (error) => {
      console.error("Search thread error:", error);
      fail(`search thread failed: ${error.message}`);
    });
    worker.on("exit", (code) => fail(`search thread exited (code ${code})`));
    this.worker = worker;
    return worker;
  }

  run(query: string, options: RetrieveOptions): Promise<Retrieval> {
    const worker = this.ensure();
    if (!worker) return Promise.resolve(retrieveSync(getDb().$client, query, options));
    const id = this.nextId++;
    return new Promise<Retrieval>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, query, options });
    }).catch((error: unknown) => {
      console.warn(`search: ${error instanceof Error ? error.message : String(error)}; searching on the request thread`);
      return retrieveSync(getDb().$client, query, options);
    });
  }

  get running(): boolean {
    return this.worker !== null;
  }

  async stop() {
    const worker = this.worker;
    this.worker = null;
    await worker?.terminate();
  }
}

let thread: SearchThread | null = null;

/** Search and query analysis on the search thread (see above). */
export function retrieveOffThread(query: string, options: RetrieveOptions = {}): Promise<Retrieval> {
  thread ??= new SearchThread();
  return thread.run(query, options);
}

/** Whether searches currently run on the search thread (false: not started yet, or running here). */
export function searchThreadRunning(): boolean {
  return thread?.running ?? false;
}

export async function stopSearchThread() {
  await thread?.stop();
  thread = null;
}
