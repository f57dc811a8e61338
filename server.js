// The one Node process: security headers, compression, request logging, static files,
// the cross-site request check, React Router's handler, and a graceful stop.
import crypto from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import compression from "compression";
import express from "express";
import helmet from "helmet";
import morgan from "morgan";

const DEV = process.argv.includes("--dev");
// React, React Router and Express pick their development code (slower, larger, stack traces in error pages)
// unless NODE_ENV says production, and React decides when first imported: so set it before importing them.
if (!DEV) process.env.NODE_ENV ??= "production";
const { createRequestHandler } = await import("@react-router/express");
const root = path.dirname(fileURLToPath(import.meta.url));

let build;
let vite;
if (DEV) {
  const { createServer } = await import("vite");
  vite = await createServer({ server: { middlewareMode: true } });
  build = () => vite.ssrLoadModule("virtual:react-router/server-build");
} else {
  build = await import(path.join(root, "build/server/index.js"));
}
const entry = DEV ? (await build()).entry.module : build.entry.module;

// Every setting is validated by the app's configuration before anything listens: a bad value ends the
// start here with one line naming the variable.
let settings;
try {
  settings = entry.serverSettings();
  for (const line of await entry.startup()) console.log(line);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await vite?.close();
  process.exit(1);
}

const app = express();
app.disable("x-powered-by");
if (settings.trustProxy !== undefined) app.set("trust proxy", settings.trustProxy);

// For Docker's HEALTHCHECK and load balancers: answers once the server takes requests. First and on its
// own, so that under many askers it costs the request thread next to nothing (no page headers, no
// compression, no router) and is answered as soon as the thread gets to it.
const HEALTH_BODY = JSON.stringify({ status: "ok" });
app.get("/api/health", (_req, res) => {
  res
    .writeHead(200, { "Content-Type": "application/json", "Content-Length": HEALTH_BODY.length, "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" })
    .end(HEALTH_BODY);
});

app.use((_req, res, next) => {
  res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
  next();
});
app.use(
  helmet({
    contentSecurityPolicy: DEV
      ? false
      : {
          useDefaults: true,
          directives: {
            "script-src": ["'self'", (_req, res) => `'nonce-${res.locals.cspNonce}'`],
            "style-src": ["'self'", "'unsafe-inline'"],
            "img-src": ["'self'", "data:", "blob:"],
            "connect-src": ["'self'"],
            "frame-src": ["'self'"],
            "form-action": ["'self'", ...settings.formActionSources],
            "upgrade-insecure-requests": null,
          },
        },
    // 'no-referrer' would make browsers send "Origin: null" on our own form posts.
    referrerPolicy: { policy: "same-origin" },
    // HSTS only makes sense behind HTTPS, which a reverse proxy decides.
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  }),
);
// Server-sent events must reach the browser as they are written: never buffer them for compression.
app.use(
  compression({
    filter: (req, res) => !String(res.getHeader("Content-Type") ?? "").startsWith("text/event-stream") && compression.filter(req, res),
    // zlib's fastest level: about 15 % larger than the default (6) for a third of its CPU, which under many
    // askers on a small server every other request would wait for.
    level: 1,
  }),
);
if (settings.requestLog) app.use(morgan(DEV ? "dev" : "short"));

// Cross-site request forgery: a state-changing request must come from this site.
// Browsers send Origin on every POST/PUT/PATCH/DELETE; scripts must send it too.
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
app.use((req, res, next) => {
  if (SAFE_METHODS.has(req.method)) return next();
  const expected = `${req.protocol}://${req.get("host")}`;
  const origin = req.get("origin");
  let source = origin && origin !== "null" ? origin : null;
  if (!source && req.get("referer")) {
    try {
      source = new URL(req.get("referer")).origin;
    } catch {
      source = null;
    }
  }
  if (source === expected) return next();
  res
    .status(403)
    .json({ message: source ? "Cross-site request refused: Origin does not match this site" : "Cross-site request refused: missing Origin header" });
});

if (DEV) {
  app.use(vite.middlewares);
} else {
  app.use("/assets", express.static(path.join(root, "build/client/assets"), { immutable: true, maxAge: "1y" }));
  const publicFiles = express.static(path.join(root, "build/client"), { maxAge: "1h", index: false });
  // API paths never name files: skip the file-system lookup for them.
  app.use((req, res, next) => (req.path.startsWith("/api/") ? next() : publicFiles(req, res, next)));
}
// Requests for the router take turns on the request thread (see takeTurns): a burst of them no longer
// holds up the health check, answers already streaming, or the query threads' replies.
app.all(
  /.*/,
  entry.takeTurns(),
  createRequestHandler({
    build,
    // In development the entry is read again, so the context matches the freshly loaded app modules.
    getLoadContext: async (req, res) =>
      (DEV ? (await build()).entry.module : entry).requestContext({ clientIp: req.ip ?? req.socket.remoteAddress, cspNonce: res.locals.cspNonce }),
  }),
);

const server = app.listen(settings.port, settings.host, () => {
  const address = server.address();
  const shown = typeof address === "object" && address ? address.port : settings.port;
  console.log(`Server ready at http://localhost:${shown}`);
});

let stopping = false;
function stop(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal} received: finishing open requests`);
  const force = setTimeout(() => server.closeAllConnections(), 10_000);
  force.unref();
  server.close(async () => {
    await vite?.close();
    await entry.shutdown?.();
    process.exit(0);
  });
  server.closeIdleConnections();
}
// One failed request must never take the server down for everyone.
process.on("unhandledRejection", (reason) => console.error("Unhandled rejection:", reason));
process.on("SIGTERM", () => stop("SIGTERM"));
process.on("SIGINT", () => stop("SIGINT"));
