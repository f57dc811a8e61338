// The loopback E-utilities server for the browser tests (a webServer of playwright.config.ts, run with tsx):
// the recorded PubMed responses of eutils-server.ts on a fixed port, which the e2e app server's EUTILS_URL
// points at. Browser tests switch it between answering normally and failing like NCBI behind a proxy:
//   POST /__e2e/mode  body "normal" | "html-error"
import http from "node:http";
import { FAILURES, startFakeEutils } from "./eutils-server";

const port = Number(process.env.E2E_EUTILS_PORT ?? 4518);
const fake = await startFakeEutils();

async function readBody(req: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const front = http.createServer((req, res) => {
  void (async () => {
    const body = await readBody(req);
    if (req.url === "/__e2e/mode" && req.method === "POST") {
      const mode = body.toString("utf8").trim();
      if (mode !== "normal" && mode !== "html-error") {
        res.writeHead(400, { "Content-Type": "text/plain" }).end(`unknown mode '${mode}'`);
        return;
      }
      fake.options.always = mode === "html-error" ? FAILURES.htmlPage(200) : null;
      res.writeHead(204).end();
      return;
    }
    // Everything else goes to the loopback E-utilities server as it came.
    const upstream = await fetch(fake.url + (req.url ?? "/"), {
      method: req.method,
      headers: req.headers["content-type"] ? { "Content-Type": req.headers["content-type"] } : undefined,
      body: req.method === "POST" ? new Uint8Array(body) : undefined,
    });
    const headers: Record<string, string> = { "Content-Type": upstream.headers.get("content-type") ?? "text/plain" };
    const retryAfter = upstream.headers.get("retry-after");
    if (retryAfter) headers["Retry-After"] = retryAfter;
    res.writeHead(upstream.status, headers).end(Buffer.from(await upstream.arrayBuffer()));
  })().catch((error: unknown) => {
    res.writeHead(500, { "Content-Type": "text/plain" }).end(String(error));
  });
});

front.listen(port, "127.0.0.1", () => console.log(`Loopback E-utilities at http://127.0.0.1:${port}`));

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    front.close();
    void fake.close().then(() => process.exit(0));
  });
}
