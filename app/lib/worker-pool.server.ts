import os from "node:os";
import { parentPort, type ResourceLimits, type Worker } from "node:worker_threads";
import { runBelowRequestThread } from "./thread-priority.server";
import { startWorker } from "./worker-entry.server";

/**
 * A few worker threads of one kind, each taking jobs in turn: what would hold up every other request if
 * it ran on the request thread (searching, composing an extractive answer) runs on them instead. A job
 * may send events back while it runs (an answer's reading, its text) and may ask the main thread for
 * something only it has (a query's vector from the embedding model loaded there).
 *
 * Messages, main -> worker: {type: "job", id, kind, payload} | {type: "reply", callId, result | error}.
 * Worker -> main: {type: "done", id, result} | {type: "failed", id, error, code?} | {type: "event", id, event}
 * | {type: "call", callId, name, args}.
 */

/** Thrown on the main thread for a job that failed on its worker: the message, and the error's code if any. */
export class PoolJobError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
    this.name = "PoolJobError";
  }
}

/** The worker (or all of them) could not run the job: the caller does it on its own thread instead. */
export class PoolUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PoolUnavailableError";
  }
}

type ToWorker = { type: "job"; id: number; kind: string; payload: unknown } | { type: "reply"; callId: number; result?: unknown; error?: string };
type FromWorker =
  | { type: "done"; id: number; result: unknown }
  | { type: "failed"; id: number; error: string; code?: string }
  | { type: "event"; id: number; event: unknown }
  | { type: "call"; callId: number; name: string; args: unknown };

type Pending = { resolve: (r: unknown) => void; reject: (e: Error) => void; onEvent?: (event: unknown) => void; worker: Worker };

/** Threads for a machine: one per core (the request thread shares them), at least 1 and at most 4 (each holds its own caches). */
export function poolSizeForCores(cores = os.availableParallelism()): number {
  return Math.max(1, Math.min(4, cores));
}

export type MainCalls = Record<string, (args: never) => unknown>;

export class WorkerPool {
  private readonly workers: Worker[] = [];
  private readonly load = new Map<Worker, number>();
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private retryAt = 0;

  constructor(
    private readonly builtName: string,
    private readonly source: string,
    private readonly size: number,
    /** What a worker may ask the main thread for, by name. */
    private readonly calls: MainCalls = {},
    /**
     * Each thread's heap limits. A thread that goes past them ends (its jobs reject with PoolUnavailableError,
     * so their callers do the work themselves) and another starts in its place.
     */
    private readonly resourceLimits?: ResourceLimits,
  ) {}

  /** Starts every thread now (at server start, so the first questions do not wait for threads to load). */
  startAll() {
    while (this.workers.length < this.size) if (!this.start()) break;
  }

  /** How many threads are running now. */
  get running(): number {
    return this.workers.length;
  }

  private start(): Worker | null {
    if (Date.now() < this.retryAt) return null;
    const worker = startWorker(this.builtName, this.source, this.resourceLimits ? { resourceLimits: this.resourceLimits } : {});
    if (!worker) {
      this.retryAt = Date.now() + 5_000;
      return null;
    }
    worker.unref(); // idle threads must not keep the process alive
    worker.on("message", (message: FromWorker) => this.receive(worker, message));
    const fail = (why: string) => this.remove(worker, why);
    worker.on("error", (error) => {
      console.error(`${this.builtName} error:`, error);
      fail(`${this.builtName} failed: ${error.message}`);
    });
    worker.on("exit", (code) => fail(`${this.builtName} exited (code ${code})`));
    this.workers.push(worker);
    this.load.set(worker, 0);
    return worker;
  }

  private remove(worker: Worker, why: string) {
    const at = this.workers.indexOf(worker);
    if (at < 0) return;
    this.workers.splice(at, 1);
    this.load.delete(worker);
    this.retryAt = Date.now() + 5_000;
    for (const [id, job] of this.pending) {
      if (job.worker !== worker) continue;
      this.pending.delete(id);
      job.reject(new PoolUnavailableError(why));
    }
  }

  /** The least busy thread, starting another while there are fewer than `size` and all are busy. */
  private pick(): Worker | null {
    let best: Worker | null = null;
    for (const w of this.workers) if (!best || this.load.get(w)! < this.load.get(best)!) best = w;
    if ((!best || this.load.get(best)! > 0) && this.workers.length < this.size) best = this.start() ?? best;
    return best;
  }

  private receive(worker: Worker, message: FromWorker) {
    if (message.type === "call") {
      void this.answerCall(worker, message.callId, message.name, message.args);
      return;
    }
    const job = this.pending.get(message.id);
    if (!job) return;
    if (message.type === "event") {
      job.onEvent?.(message.event);
      return;
    }
    this.pending.delete(message.id);
    this.load.set(worker, Math.max(0, (this.load.get(worker) ?? 1) - 1));
    if (message.type === "done") job.resolve(message.result);
    else job.reject(new PoolJobError(message.error, message.code));
  }

  private async answerCall(worker: Worker, callId: number, name: string, args: unknown) {
    let reply: ToWorker;
    try {
      const handler = this.calls[name];
      if (!handler) throw new Error(`no main-thread call named ${name}`);
      reply = { type: "reply", callId, result: await handler(args as never) };
    } catch (error) {
      reply = { type: "reply", callId, error: error instanceof Error ? error.message : String(error) };
    }
    worker.postMessage(reply);
  }

  /**
   * Runs a job on the least busy thread. Rejects with PoolUnavailableError when no thread can take it
   * (none starts, or the one running it died), with PoolJobError when the job itself failed.
   */
  run<R>(kind: string, payload: unknown, onEvent?: (event: unknown) => void): Promise<R> {
    const worker = this.pick();
    if (!worker) return Promise.reject(new PoolUnavailableError(`${this.builtName} is not running`));
    const id = this.nextId++;
    this.load.set(worker, (this.load.get(worker) ?? 0) + 1);
    return new Promise<R>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (r: unknown) => void, reject, onEvent, worker });
      const job: ToWorker = { type: "job", id, kind, payload };
      worker.postMessage(job);
    });
  }

  /** Ends every thread; the jobs they still had reject with PoolUnavailableError (their callers do them). */
  async stop() {
    const workers = [...this.workers];
    for (const worker of workers) this.remove(worker, `${this.builtName} stopped`);
    await Promise.all(workers.map((w) => w.terminate()));
  }
}

/** In a pool's worker: the job handlers by kind. `emit` sends an event to the job's caller; `call` asks the main thread. */
export type JobHandlers = Record<
  string,
  (payload: never, tools: { emit: (event: unknown) => void; call: <T>(name: string, args: unknown) => Promise<T> }) => unknown
>;

/** Serves a pool's jobs in this worker thread, each as it comes (an async job does not hold up the next one). */
export function servePoolJobs(handlers: JobHandlers) {
  const port = parentPort;
  if (!port) throw new Error("servePoolJobs must run in a worker thread");
  runBelowRequestThread();
  const calls = new Map<number, { resolve: (r: unknown) => void; reject: (e: Error) => void }>();
  let nextCall = 1;
  const call = <T>(name: string, args: unknown) =>
    new Promise<T>((resolve, reject) => {
      const callId = nextCall++;
      calls.set(callId, { resolve: resolve as (r: unknown) => void, reject });
      port.postMessage({ type: "call", callId, name, args } satisfies FromWorker);
    });
  port.on("message", async (message: ToWorker) => {
    if (message.type === "reply") {
      const waiting = calls.get(message.callId);
      calls.delete(message.callId);
      if (message.error !== undefined) waiting?.reject(new Error(message.error));
      else waiting?.resolve(message.result);
      return;
    }
    const { id, kind, payload } = message;
    let reply: FromWorker;
    try {
      const handler = handlers[kind];
      if (!handler) throw new Error(`no job named ${kind}`);
      const emit = (event: unknown) => port.postMessage({ type: "event", id, event } satisfies FromWorker);
      reply = { type: "done", id, result: await handler(payload as never, { emit, call }) };
    } catch (error) {
      const code = error && typeof error === "object" && "code" in error && typeof error.code === "string" ? error.code : undefined;
      reply = { type: "failed", id, error: error instanceof Error ? error.message : String(error), code };
    }
    port.postMessage(reply);
  });
}
