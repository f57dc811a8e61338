import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export type TestServer = {
  url: string;
  port: number;
  pid: number;
  dataDir: string;
  adminEmail: string;
  adminPassword: string;
  output: () => string;
  /** Stops the server and deletes the data folder it created (keepData: for a restart on the same data). */
  stop: (opts?: { keepData?: boolean }) => Promise<void>;
  /** Kills the process at once (SIGKILL), as a crash or power cut would; the data folder stays. */
  kill: () => Promise<void>;
};

/**
 * Starts the built production server (`node server.js`) on a free port with its own
 * temporary DATA_DIR, and waits until it prints its URL. Run `npm run build` first.
 * A variable given as undefined in `env` is left out (NODE_ENV: undefined starts it as `npm start` does).
 * `root` runs another copy of the project (its own server.js, build/ and node_modules); `nodeArgs` go to
 * Node before server.js (flags NODE_OPTIONS refuses, such as --cpu-prof).
 */
export async function startServer(
  opts: { env?: Record<string, string | undefined>; dataDir?: string; root?: string; nodeArgs?: string[] } = {},
): Promise<TestServer> {
  const root = opts.root ?? ROOT;
  if (!fs.existsSync(path.join(root, "build/server/index.js"))) {
    throw new Error("No build: run `npm run build` before the integration tests (npm test does).");
  }
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "vetsearch-test-"));
  const adminEmail = opts.env?.ADMIN_EMAIL ?? "admin@clinic.test";
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "production",
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    ADMIN_EMAIL: adminEmail,
    REQUEST_LOG: "off",
    ...opts.env,
  };
  const child: ChildProcess = spawn(process.execPath, [...(opts.nodeArgs ?? []), "server.js"], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (out += d));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 30_000);
    const check = () => {
      const m = /Server ready at http:\/\/localhost:(\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    };
    child.stdout!.on("data", check);
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${out}`));
    });
  });
  const generated = /with password (\S+) \(shown only this once/.exec(out)?.[1];
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    pid: child.pid!,
    dataDir,
    adminEmail,
    adminPassword: opts.env?.ADMIN_PASSWORD ?? generated ?? "",
    output: () => out,
    kill: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGKILL");
      }),
    stop: async ({ keepData = false } = {}) => {
      if (child.exitCode === null && child.signalCode === null) {
        await new Promise<void>((resolve) => {
          child.once("exit", () => resolve());
          child.kill("SIGTERM");
        });
      }
      if (!keepData) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A caller with its own cookie, speaking HTTP to the server like a browser would (Origin on writes). */
export class HttpClient {
  cookie = "";
  constructor(
    readonly base: string,
    readonly userAgent = "vitest-integration",
  ) {}

  async request(method: string, pathname: string, init: { body?: BodyInit; headers?: Record<string, string>; origin?: string | null } = {}) {
    const headers: Record<string, string> = { "User-Agent": this.userAgent, ...init.headers };
    if (this.cookie) headers.Cookie = this.cookie;
    if (method !== "GET" && method !== "HEAD" && init.origin !== null) headers.Origin = init.origin ?? this.base;
    const res = await fetch(this.base + pathname, { method, headers, body: init.body, redirect: "manual" });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const [name, value] = pair!.split("=");
      if (name === "__session") this.cookie = value ? `${name}=${value}` : "";
    }
    return res;
  }

  get(pathname: string, headers?: Record<string, string>) {
    return this.request("GET", pathname, { headers });
  }

  json(method: string, pathname: string, body: unknown, headers?: Record<string, string>) {
    return this.request(method, pathname, {
      body: JSON.stringify(body),
      headers: { "Content-Type": "application/json", ...headers },
    });
  }

  form(pathname: string, fields: Record<string, string>, opts: { origin?: string | null } = {}) {
    return this.request("POST", pathname, {
      body: new URLSearchParams(fields).toString(),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      origin: opts.origin,
    });
  }

  signIn(email: string, password: string) {
    return this.form("/api/login", { intent: "signin", email, password });
  }

  signUp(fields: { email: string; password?: string; firstName?: string; lastName?: string; profession?: string }) {
    return this.form("/api/login", {
      intent: "signup",
      password: "correct horse battery",
      firstName: "Test",
      lastName: "User",
      profession: "veterinarian",
      ...fields,
    });
  }
}
