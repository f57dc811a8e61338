/**
 * The PDF page thread: reads a PDF's pages from the last backwards, with its own copy of the
 * document, while the ingesting thread reads from the first forwards; it stops at the first page
 * that thread has claimed (see app/lib/ingest/parsers/pdf/page-thread.server.ts).
 * Messages: {type:'read', job, filePath, claims, ocr} and {type:'cancel', job}; replies one
 * {type:'page'} per page read, {type:'log'} lines, then {type:'done'} or {type:'failed'}; and
 * {type:'ready'} once, when pdf.js is loaded.
 * Jobs run one after another; a cancelled job stops at its next page.
 */
import { parentPort } from "node:worker_threads";
import { ocrSetup, PageReader } from "~/lib/ingest/parsers/pdf/page-reader.server";
import { CLAIMED_BY_THREAD, UNCLAIMED, type PageThreadReply, type PageThreadRequest } from "~/lib/ingest/parsers/pdf/page-thread.server";
import { loadPdfjs } from "~/lib/ingest/parsers/pdf/pdfjs.server";

if (!parentPort) throw new Error("pdf-pages.worker must run as a worker thread");
const port = parentPort;
/** Jobs cancelled before they started; the running job is stopped through its signal. */
const cancelled = new Set<number>();
let running: { job: number; controller: AbortController } | null = null;
let queue: Promise<void> = Promise.resolve();

const reply = (message: PageThreadReply) => port.postMessage(message);

async function readRange(request: Extract<PageThreadRequest, { type: "read" }>) {
  const { job } = request;
  const skip = cancelled.has(job);
  for (const id of cancelled) if (id <= job) cancelled.delete(id); // jobs only move forwards
  if (skip) return;
  const controller = new AbortController();
  running = { job, controller };
  let reader: PageReader | null = null;
  try {
    const [pdfjs, ocr] = await Promise.all([loadPdfjs(), ocrSetup(request.ocr)]);
    reader = await PageReader.open(pdfjs, request.filePath, {
      ocr,
      signal: controller.signal,
      log: (line) => reply({ type: "log", job, line }),
    });
    const claims = new Int32Array(request.claims);
    for (let n = claims.length - 1; n >= 1; n--) {
      if (controller.signal.aborted) return;
      if (Atomics.compareExchange(claims, n, UNCLAIMED, CLAIMED_BY_THREAD) !== UNCLAIMED) break;
      reply({ type: "page", job, result: await reader.read(n) });
      // Let a cancel message in between pages.
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    reply({ type: "done", job });
  } catch (error) {
    if (controller.signal.aborted) return;
    reply({ type: "failed", job, message: error instanceof Error ? error.message : String(error) });
  } finally {
    running = null;
    await reader?.close();
  }
}

port.on("message", (request: PageThreadRequest) => {
  if (request.type === "cancel") {
    if (running?.job === request.job) running.controller.abort();
    else cancelled.add(request.job);
    return;
  }
  queue = queue.then(() => readRange(request));
});

// Load pdf.js now, so the first document does not wait for it, and say so.
loadPdfjs().then(
  () => reply({ type: "ready" }),
  () => undefined, // reading a document will fail with the reason
);
