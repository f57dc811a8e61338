import os from "node:os";
import type { Worker } from "node:worker_threads";
import { startWorker } from "../../../worker-entry.server";
import type { PageResult } from "./page-reader.server";

/**
 * Reads a long PDF on two threads, so one book keeps two cores busy: pdf.js (parsing content
 * streams and fonts) is most of an ingest's time and reads one page at a time. The caller reads
 * from the first page forwards, the page thread from the last page backwards, and they meet
 * wherever the work splits evenly (pages differ a lot in cost): each page is claimed by one side
 * in memory both threads share before it is read. Each thread has its own copy of the document;
 * pages read the same on either (a page's outcome depends only on that page), so the parsed
 * document is identical to a one-thread read (tests compare them).
 *
 * The thread is started on the first long PDF and kept for the next: a cold pdf.js is several
 * times slower, and while both threads are cold they slow each other (a process's first book reads
 * ~15 % slower than on one thread; later ones ~25-30 % faster). It ends after IDLE_MS without
 * work. If it cannot start, fails or dies, the caller reads the pages it had not received itself:
 * slower, never wrong.
 */

/** Shorter documents are read on one thread: the second copy's opening and fonts would cost more than it saves. */
export const PARALLEL_MIN_PAGES = 24;
const IDLE_MS = 10 * 60_000;
/**
 * The page thread's heap limit. V8 lets an idle heap stay as large as its busiest moment, so without
 * a limit the server kept ~150 MB more after a few books; with it, about what one thread needs
 * (measured: same speed). A document that needs more ends the thread (its heap is full) and the
 * ingesting thread, which has no such limit, reads the remaining pages.
 */
const PAGE_THREAD_HEAP_MB = 192;

export type PageThreadRequest =
  | { type: "read"; job: number; filePath: string; claims: SharedArrayBuffer; ocr: boolean | undefined }
  | { type: "cancel"; job: number };

export type PageThreadReply =
  | { type: "page"; job: number; result: PageResult }
  | { type: "log"; job: number; line: string }
  | { type: "done"; job: number }
  | { type: "ready" }
  | { type: "failed"; job: number; message: string };

/** Whether a document this long is worth a second thread on this machine. */
export function worthSecondThread(pageCount: number, cores = os.availableParallelism()): boolean {
  return cores >= 2 && pageCount >= PARALLEL_MIN_PAGES;
}

/** Who reads page n: claims[n] is 0 until one side takes it (Atomics, so each page goes to exactly one). */
export const UNCLAIMED = 0;
export const CLAIMED_HERE = 1;
export const CLAIMED_BY_THREAD = 2;

type Waiter = { resolve: (result: PageResult | null) => void };

/** The pages the page thread reads of one document, handed out in order as the caller needs them. */
export class RemotePages {
  private readonly arrived = new Map<number, PageResult>();
  private readonly waiters = new Map<number, Waiter>();
  /** Pages the thread has sent so far (for the console and tests). */
  delivered = 0;
  /** Why no more pages will come (the thread failed or the read was stopped); pages already here are still used. */
  private ended: string | null = null;

  readonly claimsBuffer: SharedArrayBuffer;
  private readonly claims: Int32Array;

  constructor(
    private readonly thread: PageThread,
    readonly job: number,
    pageCount: number,
  ) {
    this.claimsBuffer = new SharedArrayBuffer(4 * (pageCount + 1));
    this.claims = new Int32Array(this.claimsBuffer);
  }

  /** Claims page n for the caller: true to read it there, false when the page thread has it (then take(n)). */
  claim(n: number): boolean {
    if (this.ended === "stopped") return true;
    return Atomics.compareExchange(this.claims, n, UNCLAIMED, CLAIMED_HERE) !== CLAIMED_BY_THREAD;
  }

  /** Page n, or null when the thread will not deliver it (the caller then reads it itself). */
  take(n: number): Promise<PageResult | null> {
    const result = this.arrived.get(n);
    if (result) {
      this.arrived.delete(n);
      return Promise.resolve(result);
    }
    if (this.ended !== null) return Promise.resolve(null);
    return new Promise((resolve) => this.waiters.set(n, { resolve }));
  }

  /** Stops the thread's work on this document (done, failed or cancelled here). */
  stop() {
    this.end("stopped");
    this.thread.cancel(this);
  }

  get failure(): string | null {
    return this.ended === "stopped" ? null : this.ended;
  }

  /** @internal from PageThread */
  deliver(result: PageResult) {
    this.delivered++;
    const n = result.read.number;
    const waiter = this.waiters.get(n);
    if (waiter) {
      this.waiters.delete(n);
      waiter.resolve(result);
    } else {
      this.arrived.set(n, result);
    }
  }

  /** @internal from PageThread */
  end(why: string) {
    this.ended ??= why;
    for (const waiter of this.waiters.values()) waiter.resolve(null);
    this.waiters.clear();
  }
}

type ReadOptions = { ocr?: boolean; log?: (line: string) => void };

class PageThread {
  private worker: Worker | null = null;
  private nextJob = 1;
  private current: { pages: RemotePages; log?: (line: string) => void } | null = null;
  private idleTimer: ReturnType<typeof setTimeout> | null = null;
  private retryAt = 0;
  private ready: Promise<boolean> = Promise.resolve(false);

  /** Starts the thread if needed; true once it has loaded pdf.js, false if it cannot run. */
  prepare(): Promise<boolean> {
    if (!this.ensure()) return Promise.resolve(false);
    if (!this.current) this.endWhenIdle();
    return this.ready;
  }

  /** Starts reading the file there from its last page backwards; null when the thread is busy or cannot run. */
  read(filePath: string, pageCount: number, options: ReadOptions): RemotePages | null {
    if (this.current) return null;
    const worker = this.ensure();
    if (!worker) return null;
    this.clearIdle();
    worker.ref(); // the caller may wait on nothing but this thread for its last pages
    const pages = new RemotePages(this, this.nextJob++, pageCount);
    this.current = { pages, log: options.log };
    const request: PageThreadRequest = { type: "read", job: pages.job, filePath, claims: pages.claimsBuffer, ocr: options.ocr };
    worker.postMessage(request);
    return pages;
  }

  cancel(pages: RemotePages) {
    if (this.current?.pages !== pages) return;
    const request: PageThreadRequest = { type: "cancel", job: pages.job };
    this.worker?.postMessage(request);
    this.release();
  }

  async stop() {
    this.clearIdle();
    this.current?.pages.end("the page thread was stopped");
    this.current = null;
    const worker = this.worker;
    this.worker = null;
    await worker?.terminate();
  }

  private ensure(): Worker | null {
    if (this.worker) return this.worker;
    if (Date.now() < this.retryAt) return null;
    let worker: Worker | null;
    try {
      worker = startWorker("pdf-pages-worker", "app/workers/pdf-pages.worker.ts", { resourceLimits: { maxOldGenerationSizeMb: PAGE_THREAD_HEAP_MB } });
    } catch {
      worker = null;
    }
    if (!worker) {
      this.retryAt = Date.now() + 60_000;
      return null;
    }
    let markReady: (ready: boolean) => void = () => undefined;
    this.ready = new Promise((resolve) => (markReady = resolve));
    worker.unref(); // idle until it has a document
    worker.on("message", (reply: PageThreadReply) => (reply.type === "ready" ? markReady(true) : this.onReply(reply)));
    const fail = (why: string) => {
      markReady(false);
      if (this.worker !== worker) return;
      this.worker = null;
      this.retryAt = Date.now() + 5_000;
      this.current?.pages.end(why);
      this.current = null;
    };
    worker.on("error", (error) => fail(`PDF page thread failed: ${error.message}`));
    worker.on("exit", (code) => fail(`PDF page thread exited (code ${code})`));
    this.worker = worker;
    return worker;
  }

  private onReply(reply: Exclude<PageThreadReply, { type: "ready" }>) {
    const current = this.current;
    if (!current || reply.job !== current.pages.job) return; // a cancelled job's late messages
    if (reply.type === "page") current.pages.deliver(reply.result);
    else if (reply.type === "log") current.log?.(reply.line);
    else {
      current.pages.end(reply.type === "failed" ? reply.message : "done");
      this.release();
    }
  }

  private release() {
    this.current = null;
    this.worker?.unref();
    this.endWhenIdle();
  }

  private endWhenIdle() {
    this.clearIdle();
    this.idleTimer = setTimeout(() => void this.stop(), IDLE_MS);
    this.idleTimer.unref();
  }

  private clearIdle() {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }
}

let thread: PageThread | null = null;

/** Starts reading a PDF's pages on the page thread (see above); null when it cannot. */
export function readPagesOnThread(filePath: string, pageCount: number, options: ReadOptions = {}): RemotePages | null {
  thread ??= new PageThread();
  return thread.read(filePath, pageCount, options);
}

/** Starts the page thread ahead of a document; true once it is ready (tests wait for it). */
export function preparePageThread(): Promise<boolean> {
  thread ??= new PageThread();
  return thread.prepare();
}

export async function stopPageThread() {
  await thread?.stop();
  thread = null;
}
