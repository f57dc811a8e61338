import crypto from "node:crypto";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setBetaAccess, withTestDb, type TestDb } from "../support/db";
import { HttpClient, startServer, type TestServer } from "../support/server";

/**
 * Limits and headers a hostile user or a shared computer tests, over real HTTP against the built
 * server: sign-ups per address, conversation titles and counts, caching of signed-in pages, and the
 * connection after an oversize JSON body.
 */

const SIGNUPS_PER_HOUR = 4;
let server: TestServer;
let vet: HttpClient;
/** Sign-ups from this test's address so far (all count towards SIGNUP_RATE_LIMIT_PER_HOUR). */
let signUps = 0;

const withDb = <T>(work: (db: TestDb) => T): T => withTestDb(server.dataDir, work);

const conversationCount = (userId: string) =>
  withDb((db) => (db.prepare("select count(*) n from conversations where user_id = ?").get(userId) as { n: number }).n);

beforeAll(async () => {
  server = await startServer({ env: { ADMIN_PASSWORD: "limits-admin-password", SIGNUP_RATE_LIMIT_PER_HOUR: String(SIGNUPS_PER_HOUR) } });
  vet = new HttpClient(server.url);
  expect((await vet.signUp({ email: "vet@clinic.test" })).status).toBe(303);
  signUps++;
  setBetaAccess(server.dataDir, "vet@clinic.test", "approved");
});
afterAll(async () => {
  await server?.stop();
});

describe("conversation titles and counts", () => {
  const vetId = () => withDb((db) => (db.prepare("select id from users where email = 'vet@clinic.test'").get() as { id: string }).id);

  it("refuses a title over 200 characters (422) or a body far beyond one (413), on create and rename, storing nothing", async () => {
    const before = conversationCount(vetId());
    const long = await vet.json("POST", "/api/conversations", { title: "t".repeat(201) });
    expect(long.status).toBe(422);
    expect(await long.json()).toMatchObject({ message: "title: Title must be at most 200 characters" });
    const huge = await vet.json("POST", "/api/conversations", { title: "t".repeat(900 * 1024) });
    expect(huge.status).toBe(413);
    expect(conversationCount(vetId())).toBe(before);

    // 200 characters, emoji counted as one each, is fine
    const ok = await vet.json("POST", "/api/conversations", { title: "🐈".repeat(200) });
    expect(ok.status).toBe(201);
    const { id, title } = (await ok.json()) as { id: string; title: string };
    expect(title).toBe("🐈".repeat(200));
    const rename = await vet.json("PATCH", `/api/conversations/${id}`, { title: "r".repeat(201) });
    expect(rename.status).toBe(422);
    expect(withDb((db) => (db.prepare("select title from conversations where id = ?").get(id) as { title: string }).title)).toBe(title);
  });

  it("bounds the conversations one user keeps: past 10,000 a new one is refused with 409 until one is deleted", async () => {
    const userId = vetId();
    withDb((db) => {
      const insert = db.prepare("insert into conversations (id, user_id, title, created_at, updated_at) values (?, ?, 'Old', ?, ?)");
      const now = Date.now();
      db.transaction(() => {
        for (let i = conversationCount(userId); i < 10_000; i++) insert.run(crypto.randomUUID(), userId, now, now);
      })();
    });
    const refused = await vet.json("POST", "/api/conversations", { title: "One more" });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ message: expect.stringMatching(/10,000 conversations.*Delete some/), limit: 10_000 });
    expect(conversationCount(userId)).toBe(10_000);

    const oldest = withDb((db) => (db.prepare("select id from conversations where user_id = ? limit 1").get(userId) as { id: string }).id);
    expect((await vet.request("DELETE", `/api/conversations/${oldest}`)).status).toBe(200);
    expect((await vet.json("POST", "/api/conversations", { title: "One more" })).status).toBe(201);
  });
});

describe("headers", () => {
  it("signed-in pages and their .data are never stored by the browser or a proxy", async () => {
    for (const path of ["/app", "/app.data", "/account", "/documents"]) {
      const res = await vet.get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("cache-control"), path).toBe("no-store");
    }
  });

  it("closes the connection after refusing an oversize JSON body unread (413)", async () => {
    const body = JSON.stringify({ title: "t".repeat(64 * 1024) });
    const answer = await new Promise<{ status: number; connection: string | undefined; closed: boolean }>((resolve, reject) => {
      const agent = new http.Agent({ keepAlive: true });
      const req = http.request(`${server.url}/api/conversations`, {
        method: "POST",
        agent,
        headers: { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body), Origin: server.url, Cookie: vet.cookie },
      });
      req.on("response", (res) => {
        res.resume();
        res.on("end", () => {
          // The server ends the socket after the answer: the client sees it close.
          const socket = req.socket!;
          if (socket.destroyed) resolve({ status: res.statusCode!, connection: res.headers.connection, closed: true });
          else socket.once("close", () => resolve({ status: res.statusCode!, connection: res.headers.connection, closed: true }));
          agent.destroy();
        });
      });
      req.on("error", reject);
      req.end(body);
    });
    expect(answer).toEqual({ status: 413, connection: "close", closed: true });
  });
});

describe("sign-up", () => {
  it(`is limited per address (${SIGNUPS_PER_HOUR} an hour here): then 429 with Retry-After, and no account is created`, async () => {
    // A sign-up for an address that already has an account counts too.
    expect((await new HttpClient(server.url).signUp({ email: "VET@clinic.test" })).status).toBe(303);
    signUps++;
    while (signUps < SIGNUPS_PER_HOUR) {
      expect((await new HttpClient(server.url).signUp({ email: `nurse${signUps}@clinic.test` })).status).toBe(303);
      signUps++;
    }
    const users = () => withDb((db) => (db.prepare("select count(*) n from users").get() as { n: number }).n);
    const before = users();
    const limited = await new HttpClient(server.url).signUp({ email: "one.too.many@clinic.test" });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await limited.text()).toContain("Too many sign-ups from this address");
    expect(users()).toBe(before);
  });
});
