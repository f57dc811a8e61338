import { spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpClient, ROOT, startServer, type TestServer } from "../support/server";

describe("behind an HTTPS reverse proxy (TRUST_PROXY)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ env: { TRUST_PROXY: "loopback", ADMIN_PASSWORD: "proxy-admin-pass" } });
  });
  afterAll(() => server?.stop());

  it("marks the session cookie Secure and checks Origin against the public https origin", async () => {
    const c = new HttpClient(server.url);
    const headers = { "X-Forwarded-Proto": "https" };
    const plainOrigin = await c.request("POST", "/api/login", {
      body: new URLSearchParams({ intent: "signin", email: "admin@clinic.test", password: "proxy-admin-pass" }).toString(),
      headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(plainOrigin.status).toBe(403);
    const res = await c.request("POST", "/api/login", {
      body: new URLSearchParams({ intent: "signin", email: "admin@clinic.test", password: "proxy-admin-pass" }).toString(),
      headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded" },
      origin: server.url.replace("http:", "https:"),
    });
    expect(res.status).toBe(303);
    expect(res.headers.getSetCookie().find((s) => s.startsWith("__session="))).toMatch(/;\s*Secure/i);
  });
});

describe("configuration", () => {
  it("refuses to start with a bad value and says which", () => {
    const run = spawnSync(process.execPath, ["server.js"], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, PORT: "0", DATA_DIR: "/tmp/vetsearch-bad-config", EMBEDDINGS: "cloud" },
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("EMBEDDINGS");
  });
});
