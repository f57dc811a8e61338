import { Transform } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
import { ServerRouter, type EntryContext, type RouterContextProvider } from "react-router";
import { NonceProvider } from "./components/nonce";
import { chatModelInstallProblem, settleAnswers, startQueryThreads, stopQueryThreads, storeInterruptedAnswers } from "./lib/answer/index.server";
import { startup as prepareAccounts } from "./lib/auth/index.server";
import { getConfig } from "./lib/config.server";
import { closeDb, getDb } from "./lib/db/index.server";
import { embeddingsInstallProblem, resetEmbeddings } from "./lib/embeddings/index.server";
import { requestFacts } from "./lib/http.server";
import { ingestQueue } from "./lib/ingest/index.server";
import { rebuildStaleIndex } from "./lib/search/index.server";

export const streamTimeout = 5_000;

/**
 * What the Express entry (server.js) needs to set itself up, from the one validated configuration:
 * it reads no environment variable itself. Throws the configuration's error for a bad value.
 */
export function serverSettings() {
  const config = getConfig();
  return {
    port: config.PORT,
    host: config.HOST,
    trustProxy: config.TRUST_PROXY,
    requestLog: config.REQUEST_LOG === "on",
    // Single sign-on leaves through the provider's pages; the content security policy must allow it.
    formActionSources: [config.OAUTH_ISSUER, config.OAUTH_AUTHORIZATION_URL && new URL(config.OAUTH_AUTHORIZATION_URL).origin].filter(
      (source): source is string => !!source,
    ),
  };
}

/** Each request's context, for the Express entry's getLoadContext. */
export { requestContext } from "./lib/http.server";
export { takeTurns } from "./lib/request-turns.server";

// Called by the Express entry (server.js) before it listens and when it stops.
export async function startup(): Promise<string[]> {
  const lines = await prepareAccounts();
  const notInstalled = embeddingsInstallProblem();
  if (notInstalled) lines.push(notInstalled);
  const noChatPackage = chatModelInstallProblem(getConfig());
  if (noChatPackage) lines.push(noChatPackage);
  // Before the ingestion worker starts writing: the index must speak the running tokenizer's terms
  const rebuilt = rebuildStaleIndex(getDb());
  if (rebuilt) lines.push(rebuilt);
  lines.push(...ingestQueue().recover());
  const interrupted = storeInterruptedAnswers();
  if (interrupted) lines.push(`${interrupted} answer${interrupted === 1 ? "" : "s"} interrupted by the last stop stored as stopped`);
  ingestQueue().startBackfill();
  startQueryThreads();
  return lines;
}

export async function shutdown() {
  // Answers stopped by the closed connections are stored (as stopped) before the database closes.
  await settleAnswers();
  // A document being processed is picked up again at the next start.
  await ingestQueue().stop();
  await stopQueryThreads();
  // The embedding model's native runtime is released before the process exits: left to the exit's own
  // teardown, ONNX Runtime can crash it (exit code 139 instead of 0).
  await resetEmbeddings();
  closeDb();
}

/**
 * Pages and their data (`.data`) carry the signed-in user's name, conversations and documents: no browser
 * or proxy keeps a copy (the back button after logout, a shared computer). Static assets are cached as before.
 */
function noStore(headers: Headers) {
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "no-store");
}

export function handleDataRequest(response: Response) {
  noStore(response.headers);
  return response;
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  noStore(responseHeaders);
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = requestFacts(loadContext).cspNonce ?? "";
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = coalescedBody(() => {
            clearTimeout(timeoutId);
            timeoutId = undefined;
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}

/**
 * The page's body as React writes it, in pieces of a few kilobytes: each piece would travel alone through
 * the web stream, the compression (which flushes after every piece) and the socket, a cost per piece that
 * made up most of serving a page. Pieces written in the same turn of the event loop go on as one; what
 * React writes in a later turn (deferred data resolving) goes on in that turn, as before. `onEnd` runs
 * when React ends the body.
 */
function coalescedBody(onEnd: () => void): Transform {
  let pending: Buffer[] = [];
  let scheduled: NodeJS.Immediate | undefined;
  const pushPending = () => {
    scheduled = undefined;
    if (pending.length === 0) return;
    body.push(pending.length === 1 ? pending[0] : Buffer.concat(pending));
    pending = [];
  };
  const body = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      pending.push(chunk);
      scheduled ??= setImmediate(pushPending);
      callback();
    },
    flush(callback) {
      clearImmediate(scheduled);
      pushPending();
      onEnd();
      callback();
    },
    destroy(error, callback) {
      clearImmediate(scheduled);
      pending = [];
      callback(error);
    },
  });
  return body;
}
