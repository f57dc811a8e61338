import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openTestDb } from "../support/db";
import { HttpClient, ROOT, startServer } from "../support/server";

/** The designated admin (ADMIN_EMAIL) comes only from the start-up's own bootstrap, never from a sign-up. */

const folders: string[] = [];
afterAll(() => {
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});

const users = (dataDir: string) => {
  const db = openTestDb(dataDir);
  try {
    return db.prepare("select email, role, created_by_bootstrap as byBootstrap from users order by email").all();
  } finally {
    db.close();
  }
};

describe("ADMIN_EMAIL", () => {
  it("never promotes an account someone signed up with that address: the start is refused instead", async () => {
    const first = await startServer({ env: { ADMIN_EMAIL: "first-admin@clinic.test", ADMIN_PASSWORD: "first admin password" } });
    folders.push(first.dataDir);
    const squatter = new HttpClient(first.url);
    expect((await squatter.signUp({ email: "Future.Admin@clinic.test", password: "the squatter's password" })).status).toBe(303);
    await first.stop({ keepData: true });

    // The clinic now names its future admin address: the squatter's account must not become it.
    const attempt = await startServer({ dataDir: first.dataDir, env: { ADMIN_EMAIL: "future.admin@clinic.test" } }).then(
      async (server) => {
        const c = new HttpClient(server.url);
        await c.signIn("future.admin@clinic.test", "the squatter's password");
        const me = (await (await c.get("/api/auth/user")).json()) as { isAdmin: boolean };
        await server.stop({ keepData: true });
        return { started: true, squatterIsAdmin: me.isAdmin, output: "" };
      },
      (error: Error) => ({ started: false, squatterIsAdmin: false, output: error.message }),
    );
    expect(attempt).toMatchObject({ started: false });
    const errorLines = attempt.output.split("\n").filter((l) => l.startsWith("Invalid configuration"));
    expect(errorLines).toEqual([
      "Invalid configuration: ADMIN_EMAIL: future.admin@clinic.test belongs to an account that was signed up, not created by this server, so it is not made admin; set ADMIN_EMAIL to an address that has no account yet",
    ]);
    expect(users(first.dataDir)).toEqual([
      { email: "first-admin@clinic.test", role: "admin", byBootstrap: 1 },
      { email: "future.admin@clinic.test", role: "user", byBootstrap: 0 },
    ]);

    // The admin the bootstrap made is still looked after on the next start.
    const again = await startServer({ dataDir: first.dataDir, env: { ADMIN_EMAIL: "first-admin@clinic.test" } });
    const admin = new HttpClient(again.url);
    expect((await admin.signIn("first-admin@clinic.test", "first admin password")).status).toBe(303);
    expect(await (await admin.get("/api/auth/user")).json()).toMatchObject({ isAdmin: true });
    await again.stop({ keepData: true });
  });
});

describe("ADMIN_PASSWORD", () => {
  it("refuses a password sign-up would refuse, on one line, and creates nothing", () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vetsearch-weak-admin-"));
    folders.push(dataDir);
    const run = spawnSync(process.execPath, ["server.js"], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, ADMIN_EMAIL: "admin@clinic.test", ADMIN_PASSWORD: "x", REQUEST_LOG: "off" },
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe("Invalid configuration: ADMIN_PASSWORD: Password must be at least 8 characters");
    expect(users(dataDir)).toEqual([]);
  });
});
