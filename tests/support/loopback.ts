import http from "node:http";
import type { AddressInfo } from "node:net";

/** The request plumbing the loopback model servers (Ollama, OpenAI-compatible) share. */

export type LoopbackServer = {
  port: number;
  close(): Promise<void>;
};

type Handle = (req: http.IncomingMessage, res: http.ServerResponse, signal: AbortSignal) => Promise<void>;

/**
 * Serves `handle` on 127.0.0.1 at a free port. Each request's signal fires when its connection closes,
 * so delayed work for a client that went away (a stop, a timeout) stops. A handler that throws answers
 * with `fail` when nothing was sent yet, else drops the connection.
 */
export async function startLoopbackServer(handle: Handle, fail: (res: http.ServerResponse, message: string) => void): Promise<LoopbackServer> {
  const server = http.createServer((req, res) => {
    const controller = new AbortController();
    res.on("close", () => controller.abort());
    handle(req, res, controller.signal).catch((error: unknown) => {
      if (!res.headersSent) fail(res, error instanceof Error ? error.message : String(error));
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        // The clients under test keep connections alive: close them, or close() waits for them
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** Resolves after `ms`, or at once when `signal` fires. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (!ms) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

export function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

/** `headers` may replace the Content-Type (Ollama sends a charset). */
export function sendJson(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(text), ...headers });
  res.end(text);
}
