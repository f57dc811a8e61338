import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpClient, startServer, type TestServer } from "../support/server";
import { openTestDb, setBetaAccess, withTestDb } from "../support/db";

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ env: { ADMIN_PASSWORD: "admin-password-123", LOGIN_RATE_LIMIT_PER_MINUTE: "10" } });
});
afterAll(async () => {
  await server?.stop();
});

const userCount = () => {
  const db = openTestDb(server.dataDir);
  const n = (db.prepare("select count(*) n from users").get() as { n: number }).n;
  db.close();
  return n;
};

const passwordHash = (email: string) => {
  const db = openTestDb(server.dataDir);
  const row = db.prepare("select password_hash h from users where email = ?").get(email) as { h: string };
  db.close();
  return row.h;
};

describe("sign-up", () => {
  it("creates a pending user, logs the registration, starts a session and redirects (303) to the beta page", async () => {
    const c = new HttpClient(server.url, "signup-agent");
    const res = await c.signUp({ email: "New.Vet@Clinic.test", firstName: "Nora", lastName: "Vet", profession: "veterinary-technician" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/beta-access");
    const me = await (await c.get("/api/auth/user")).json();
    expect(me).toMatchObject({ email: "new.vet@clinic.test", firstName: "Nora", lastName: "Vet", profession: "veterinary-technician", betaAccess: "pending" });
    const db = openTestDb(server.dataDir);
    const log = db.prepare("select action, ip_address, user_agent from auth_logs where user_id = ?").all(me.id);
    const hash = (db.prepare("select password_hash h from users where id = ?").get(me.id) as { h: string }).h;
    db.close();
    expect(log).toEqual([{ action: "registration", ip_address: "127.0.0.1", user_agent: "signup-agent" }]);
    expect(hash).toMatch(/^\$argon2id\$/);
  });

  it("answers a sign-up for an existing address (any letter case) as a new one, without revealing it, signing in or changing anything", async () => {
    const before = userCount();
    const hashBefore = passwordHash("new.vet@clinic.test");
    const fresh = await new HttpClient(server.url).signUp({ email: "another.vet@clinic.test" });
    const taker = new HttpClient(server.url);
    const duplicate = await taker.signUp({ email: "NEW.VET@clinic.test", password: "a different password" });
    expect(userCount()).toBe(before + 1);
    // Same status, target and cookie (a signed random token, same attributes) as the new account's answer.
    const cookieShape = (res: Response) => res.headers.getSetCookie().map((c) => c.replace(/^__session=[A-Za-z0-9%]+\.[A-Za-z0-9%]+;/, "__session=<signed token>;"));
    for (const res of [fresh, duplicate]) {
      expect(res.status).toBe(303);
      expect(res.headers.get("location")).toBe("/beta-access");
    }
    expect(cookieShape(duplicate)).toEqual(cookieShape(fresh));
    expect(await duplicate.text()).toBe(await fresh.text());
    // The cookie opens nothing of the account, and the account keeps its password.
    const seen = await (await taker.get("/api/auth/user")).json();
    expect(seen).toMatchObject({ email: "new.vet@clinic.test", betaAccess: "pending" });
    expect(withTestDb(server.dataDir, (db) => db.prepare("select count(*) n from users where id = ?").get(seen.id))).toEqual({ n: 0 });
    expect(passwordHash("new.vet@clinic.test")).toBe(hashBefore);
    expect((await new HttpClient(server.url).signIn("new.vet@clinic.test", "correct horse battery")).status).toBe(303);
  });

  it("after a sign-up for an existing address, every page and API answers as after a new sign-up, and sign-out works", async () => {
    // The real account, approved, so that anything the taker reached of it would show.
    await new HttpClient(server.url).signUp({ email: "owner.vet@clinic.test", password: "owner's own password" });
    setBetaAccess(server.dataDir, "owner.vet@clinic.test", "approved");
    const usersBefore = userCount();
    const ownerHash = passwordHash("owner.vet@clinic.test");

    /** What a browser sees after signing up as `typed`, with the address itself (and per-response tokens) masked. */
    const journey = async (typed: string) => {
      const c = new HttpClient(server.url);
      const email = typed.toLowerCase();
      const mask = (text: string) =>
        text.replaceAll(email, "<email>").replace(/nonce="[^"]*"/g, 'nonce="<nonce>"').replace(/"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"/g, '"<uuid>"');
      const cookieShape = (res: Response) => res.headers.getSetCookie().map((v) => v.replace(/^__session=[^;]*;/, "__session=<value>;"));
      const step = async (res: Response) => ({
        status: res.status,
        location: res.headers.get("location"),
        cookie: cookieShape(res),
        body: mask(await res.text()),
      });
      const signUp = await step(await c.signUp({ email: typed, firstName: "Probe", lastName: "Person", profession: "veterinary-technician" }));
      const pages: Record<string, unknown> = {};
      for (const path of ["/beta-access", "/app", "/", "/account", "/admin", "/documents", "/api/login", "/beta-access.data"]) pages[path] = await step(await c.get(path));
      const userRes = await c.get("/api/auth/user");
      const user = (await userRes.json()) as Record<string, unknown>;
      const apis: Record<string, unknown> = {};
      for (const path of ["/api/auth/user/stats", "/api/conversations", "/api/documents", "/api/admin/users"]) apis[path] = await step(await c.get(path));
      apis["PATCH /api/auth/user"] = await step(await c.json("PATCH", "/api/auth/user", { firstName: "A", lastName: "B", profession: "nurse" }));
      const logout = await step(await c.get("/api/logout", { "Sec-Fetch-Site": "same-origin" }));
      const after = { user: (await c.get("/api/auth/user")).status, beta: await step(await c.get("/beta-access")) };
      return {
        journey: { signUp, pages, apis, logout, after },
        user: { ...user, email: user.email === email ? "<email>" : user.email, id: typeof user.id, createdAt: typeof user.createdAt },
        userStatus: userRes.status,
        userId: user.id,
      };
    };

    const fresh = await journey("Fresh.Probe@clinic.test");
    const duplicate = await journey("Owner.Vet@Clinic.test");
    expect(fresh.journey.pages["/beta-access"]).toMatchObject({ status: 200, body: expect.stringContaining("Sign Out") });
    expect(fresh.userStatus).toBe(200);
    expect(duplicate.userStatus).toBe(200);
    expect(duplicate.user).toEqual(fresh.user);
    expect(duplicate.journey).toEqual(fresh.journey);
    // The real account is as it was, and the taker's stand-in is no account: not listed, not approvable.
    expect(userCount()).toBe(usersBefore + 1);
    expect(passwordHash("owner.vet@clinic.test")).toBe(ownerHash);
    const admin = new HttpClient(server.url);
    expect((await admin.signIn("admin@clinic.test", "admin-password-123")).status).toBe(303);
    const listed = JSON.stringify(await (await admin.get("/api/admin/users")).json());
    expect(listed).toContain(String(fresh.userId));
    expect(listed).not.toContain(String(duplicate.userId));
    expect((await admin.json("POST", `/api/admin/users/${String(duplicate.userId)}/approve`, {})).status).toBe(404);
    expect(userCount()).toBe(usersBefore + 1);
    // Signing out ended the stand-in on the server too.
    expect(withTestDb(server.dataDir, (db) => db.prepare("select count(*) n from placeholder_sessions where placeholder_id = ?").get(duplicate.userId))).toEqual({ n: 0 });
    const owner = new HttpClient(server.url);
    expect((await owner.signIn("owner.vet@clinic.test", "owner's own password")).headers.get("location")).toBe("/");
  });

  it.each([
    ["an empty first name", { firstName: "" }, "First name is required"],
    ["a 10,000-character last name", { lastName: "y".repeat(10_000) }, "Last name must be at most 100 characters"],
    ["an unknown profession", { profession: "astronaut" }, "Choose a profession from the list"],
    ["a short password", { password: "short" }, "Password must be at least 8 characters"],
    ["a malformed email", { email: "not-an-email" }, "Enter a valid email address"],
  ])("refuses %s with 422 and creates nothing", async (_label, fields, message) => {
    const before = userCount();
    const res = await new HttpClient(server.url).signUp({ email: `x${Math.random()}@clinic.test`, ...fields });
    expect(res.status).toBe(422);
    expect(await res.text()).toContain(message);
    expect(userCount()).toBe(before);
  });

  it("refuses an unknown intent with 400", async () => {
    const res = await new HttpClient(server.url).form("/api/login", { intent: "hack", email: "a@b.c", password: "12345678" });
    expect(res.status).toBe(400);
  });

  it("refuses a form post without a same-site Origin with 403", async () => {
    const before = userCount();
    const c = new HttpClient(server.url);
    expect((await c.form("/api/login", { intent: "signup", email: "csrf@clinic.test", password: "12345678", firstName: "a", lastName: "b", profession: "nurse" }, { origin: null })).status).toBe(403);
    expect((await c.form("/api/login", { intent: "signup", email: "csrf@clinic.test", password: "12345678", firstName: "a", lastName: "b", profession: "nurse" }, { origin: "http://evil.example" })).status).toBe(403);
    expect(userCount()).toBe(before);
  });
});

describe("sign-in", () => {
  it("signs in the admin created from ADMIN_PASSWORD and logs the login", async () => {
    const c = new HttpClient(server.url, "admin-browser");
    const res = await c.signIn("admin@clinic.test", "admin-password-123");
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/");
    expect(await (await c.get("/api/auth/user")).json()).toMatchObject({ isAdmin: true, betaAccess: "approved" });
    expect(server.output()).toContain("Admin account created: admin@clinic.test with the password from ADMIN_PASSWORD");
    expect(server.output()).not.toContain("admin-password-123");
  });

  it("gives the same 401 message for a wrong password and an unknown email", async () => {
    const wrong = await new HttpClient(server.url).signIn("admin@clinic.test", "nope-nope-nope");
    const unknown = await new HttpClient(server.url).signIn("ghost@clinic.test", "nope-nope-nope");
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.headers.getSetCookie().some((c) => c.startsWith("__session="))).toBe(false);
    const a = await wrong.text();
    const b = await unknown.text();
    expect(a).toContain("Invalid email or password.");
    expect(b).toContain("Invalid email or password.");
  });

  it("slows down repeated failures on one account with 429 and Retry-After", async () => {
    // One failure on the admin account was recorded above; nine more reach the limit of 10 a minute.
    for (let i = 0; i < 9; i++) expect((await new HttpClient(server.url).signIn("Admin@clinic.test", "guess-" + i)).status).toBe(401);
    const limited = await new HttpClient(server.url).signIn("admin@clinic.test", "admin-password-123");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await limited.text()).toContain("Too many failed sign-in attempts");
  });
});

describe("restart", () => {
  it("keeps the admin, does not print a password again, and keeps sessions", async () => {
    const c = new HttpClient(server.url);
    // sign-ins to the admin account are rate limited now: use the signed-up user's session instead
    await c.signUp({ email: "restart@clinic.test" });
    await server.stop({ keepData: true });
    server = await startServer({ dataDir: server.dataDir, env: { LOGIN_RATE_LIMIT_PER_MINUTE: "10" } });
    expect(server.output()).toContain("Admin account: admin@clinic.test");
    expect(server.output()).not.toMatch(/with password/);
    const again = new HttpClient(server.url);
    again.cookie = c.cookie;
    expect((await again.get("/api/auth/user")).status).toBe(200);
    expect((await new HttpClient(server.url).signIn("admin@clinic.test", "admin-password-123")).status).toBe(303);
  });
});
