import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "../support/server";

/**
 * `npm start` runs `node server.js` with no NODE_ENV: the server must still run React's, React Router's
 * and Express's production code. Express's development mode is visible from outside: an error that
 * reaches its final handler is answered with the stack trace (file paths included).
 */

/** A request whose Host header cannot make a URL: React Router's adapter throws while building the Request. */
function badHostRequest(url: string): Promise<{ status: number; body: string }> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path: "/api/auth/user", headers: { Host: "bad host" } }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** A GET saying it accepts gzip, its body read as sent (not decompressed). */
function gzipAccepted(url: string, pathname: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(new URL(pathname, url), { headers: { "Accept-Encoding": "gzip" } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }));
    });
    req.on("error", reject);
  });
}

describe("started as `npm start` starts it, without NODE_ENV", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer({ env: { NODE_ENV: undefined } });
  });

  afterAll(async () => {
    await server?.stop();
  });

  it("runs in production mode: an unexpected error shows no stack trace or file paths", async () => {
    const { status, body } = await badHostRequest(server.url);
    expect(status).toBeGreaterThanOrEqual(400);
    expect(body).not.toMatch(/TypeError|node_modules|\bat new URL\b/);
  });

  it("serves the app as usual", async () => {
    const res = await fetch(`${server.url}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
  });

  // Under many askers the request thread's time is what every request waits for.
  it("answers the health check first, uncompressed and never cached", async () => {
    const res = await gzipAccepted(server.url, "/api/health");
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(JSON.parse(res.body)).toEqual({ status: "ok" });
  });

  it("compresses pages, not small JSON answers", async () => {
    const page = await gzipAccepted(server.url, "/");
    expect(page.status).toBe(200);
    expect(page.headers["content-encoding"]).toBe("gzip");
    const small = await gzipAccepted(server.url, "/api/auth/user");
    expect(small.status).toBe(401);
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(Number(small.headers["content-length"])).toBe(Buffer.byteLength(small.body));
  });
});
