import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpClient, startServer, type TestServer } from "../support/server";
import { openTestDb, setBetaAccess } from "../support/db";

/**
 * Every route of the foundation, for the four kinds of caller: signed out, pending,
 * approved and admin, over real HTTP against the built server.
 */

let server: TestServer;
const anon = () => new HttpClient(server.url);
let pending: HttpClient;
let approved: HttpClient;
let admin: HttpClient;
let denied: HttpClient;

beforeAll(async () => {
  server = await startServer();
  pending = new HttpClient(server.url, "pending-agent");
  approved = new HttpClient(server.url, "approved-agent");
  admin = new HttpClient(server.url, "admin-agent");
  expect((await pending.signUp({ email: "pending@clinic.test", firstName: "Penny" })).status).toBe(303);
  expect((await approved.signUp({ email: "approved@clinic.test", firstName: "Alice", lastName: "Vet" })).status).toBe(303);
  setBetaAccess(server.dataDir, "approved@clinic.test", "approved");
  denied = new HttpClient(server.url, "denied-agent");
  expect((await denied.signUp({ email: "denied@clinic.test", firstName: "Dora" })).status).toBe(303);
  setBetaAccess(server.dataDir, "denied@clinic.test", "denied");
  expect((await admin.signIn(server.adminEmail, server.adminPassword)).status).toBe(303);
});

afterAll(async () => {
  await server?.stop();
});

const body = async (res: Response) => res.text();
const location = (res: Response) => res.headers.get("location");

describe("start-up", () => {
  it("prints the URL and the generated admin sign-in once", () => {
    expect(server.output()).toMatch(/Server ready at http:\/\/localhost:\d+/);
    expect(server.adminPassword).toMatch(/^\S{12,}$/);
  });
});

describe("GET /", () => {
  it("shows the landing page to visitors", async () => {
    const res = await anon().get("/");
    expect(res.status).toBe(200);
    const html = await body(res);
    for (const text of [
      "AI-Powered Medical Assistant",
      "Sign Up for Free",
      "Sign Up Free",
      "Login",
      "Built for Medical Professionals",
      "Instant AI Search",
      "Upload Your Library",
      "Verifiable Citations",
      "© <!-- -->2025",
    ]) {
      expect(html).toContain(text);
    }
    expect(html).toMatch(/href="\/api\/login(\?mode=signup)?"/);
    // With no CONTACT_EMAIL, no Contact Us link: never the admin's sign-in address.
    expect(html).not.toContain(server.adminEmail);
    expect(html).not.toContain("Contact Us");
  });

  it("sends pending users to /beta-access and shows the app to approved users and the admin", async () => {
    const p = await pending.get("/");
    expect(p.status).toBe(302);
    expect(location(p)).toBe("/beta-access");
    const a = await approved.get("/");
    expect(a.status).toBe(200);
    const html = await body(a);
    expect(html).toContain("Welcome, <!-- -->Alice");
    expect(html).toContain("AI Search");
    expect(html).toContain('href="/account"');
    expect(html).toContain('href="/api/logout"');
    expect((await admin.get("/")).status).toBe(200);
  });
});

describe("app pages /app and /account", () => {
  it.each(["/app", "/account"])("%s: signed out → login, pending → beta page, approved and admin → 200", async (path) => {
    const a = await anon().get(path);
    expect(a.status).toBe(302);
    expect(location(a)).toBe(`/api/login?redirectTo=${encodeURIComponent(path)}`);
    const p = await pending.get(path);
    expect(p.status).toBe(302);
    expect(location(p)).toBe("/beta-access");
    expect((await approved.get(path)).status).toBe(200);
    expect((await admin.get(path)).status).toBe(200);
  });

  it("a signed-out request for a page's data (.data) signs in back to the page, not to its data", async () => {
    for (const [data, page] of [
      ["/app.data?_routes=routes%2Fapp", "/app"],
      ["/documents/some-id/view.data?page=2&_routes=routes%2Fdocuments.%24id.view", "/documents/some-id/view?page=2"],
    ] as const) {
      const res = await anon().get(data);
      expect(res.status, data).toBe(202);
      const redirect = JSON.parse(await body(res)) as unknown[];
      expect(redirect[redirect.indexOf("redirect") + 1], data).toBe(`/api/login?redirectTo=${encodeURIComponent(page)}`);
    }
  });

  it("every script of a page carries the nonce its Content-Security-Policy allows", async () => {
    const res = await approved.get("/app");
    const nonce = /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    const scripts = (await body(res)).match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  });

  it("/account shows the settings card with the stored profile", async () => {
    const html = await body(await approved.get("/account"));
    for (const text of ["Account Settings", "Free Tier", "Upload documents:", "Open Document Library", 'href="/documents"', "0 of 20 documents used", "Usage Statistics", "Save Changes", "Cancel", "Dashboard"]) {
      expect(html).toContain(text);
    }
    expect(html).toContain('value="approved@clinic.test"');
    expect(html).toContain('value="Alice"');
  });
});

describe("GET /beta-access", () => {
  it("is available to everyone; shows the pending user's email; approved users go to the app", async () => {
    const a = await anon().get("/beta-access");
    expect(a.status).toBe(200);
    expect(await body(a)).toContain("Beta Access Pending");
    const p = await pending.get("/beta-access");
    const html = await body(p);
    expect(p.status).toBe(200);
    expect(html).toContain("pending@clinic.test");
    expect(html).toContain("1-2 business days");
    expect(html).toContain("Sign Out");
    expect(location(await approved.get("/beta-access"))).toBe("/");
    expect(location(await admin.get("/beta-access"))).toBe("/");
  });

  it("tells a denied user one thing, the same on the page (title, heading, text) and in the APIs' 403: not approved", async () => {
    const res = await denied.get("/beta-access");
    expect(res.status).toBe(200);
    const html = await body(res);
    expect(html).toContain("<title>Beta Access Not Approved · ");
    expect(html).toMatch(/<h1[^>]*>Beta Access Not Approved<\/h1>/);
    expect(html).toContain("did not approve your request");
    expect(html).toContain("denied@clinic.test");
    for (const pendingWording of ["Pending", "pending", "has been notified", "1-2 business days"]) expect(html).not.toContain(pendingWording);
    for (const path of ["/api/conversations", "/api/auth/user/stats"]) {
      const api = await denied.get(path);
      expect(api.status).toBe(403);
      expect(await api.json()).toEqual({ message: "Beta access not approved", betaAccess: "denied" });
    }
    expect(location(await denied.get("/app"))).toBe("/beta-access");
  });
});

describe("GET /api/login", () => {
  it("is the sign-in/sign-up page for visitors, with fields scripts and password managers can use", async () => {
    const res = await anon().get("/api/login");
    expect(res.status).toBe(200);
    const html = await body(res);
    expect(html).toContain('name="email"');
    expect(html).toContain('name="password"');
    expect(html).toContain('autoComplete="current-password"');
    expect(html).toContain('autoComplete="username"');
    expect(html).toContain('name="intent" value="signin"');
    expect(html).not.toContain("Continue with single sign-on");
  });

  it("redirects signed-in users onwards", async () => {
    expect(location(await pending.get("/api/login"))).toBe("/beta-access");
    expect(location(await approved.get("/api/login"))).toBe("/");
    expect(location(await admin.get("/api/login?redirectTo=%2Faccount"))).toBe("/account");
    expect(location(await admin.get("/api/login?redirectTo=%2F%2Fevil.example"))).toBe("/");
  });

  it.each([
    ["a tab browsers drop", "%2F%09%2Fevil.example"],
    ["a newline", "%2F%0A%2Fevil.example"],
    ["a backslash", "%2F%5Cevil.example"],
    ["a dot segment", "%2F.%2F%2Fevil.example"],
    ["an absolute URL", "https%3A%2F%2Fevil.example%2F"],
  ])("sends a redirectTo with %s home, never off-site and never a 500", async (_label, target) => {
    const res = await admin.get(`/api/login?redirectTo=${target}`);
    expect(res.status).toBe(302);
    expect(location(res)).toBe("/");
    const page = await anon().get(`/api/login?redirectTo=${target}`);
    expect(page.status).toBe(200);
    expect(await body(page)).toContain('name="redirectTo" value="/"');
  });

  it("signs in to a same-site redirectTo and nowhere else", async () => {
    const fields = { intent: "signin", email: "approved@clinic.test", password: "correct horse battery" };
    expect(location(await anon().form("/api/login", { ...fields, redirectTo: "/account?tab=usage" }))).toBe("/account?tab=usage");
    expect(location(await anon().form("/api/login", { ...fields, redirectTo: "/\t/evil.example" }))).toBe("/");
    expect(location(await anon().form("/api/login", { ...fields, redirectTo: "/\n/evil.example" }))).toBe("/");
  });
});

describe("GET /api/auth/user", () => {
  it("401 signed out; the user object otherwise, with beta status and no secrets", async () => {
    const a = await anon().get("/api/auth/user");
    expect(a.status).toBe(401);
    expect(await a.json()).toEqual({ message: "Unauthorized" });

    const p = await pending.get("/api/auth/user");
    expect(p.status).toBe(200);
    const pj = await p.json();
    expect(pj).toMatchObject({ email: "pending@clinic.test", firstName: "Penny", betaAccess: "pending", isAdmin: false });
    expect(JSON.stringify(pj)).not.toMatch(/password|argon/i);

    expect(await (await approved.get("/api/auth/user")).json()).toMatchObject({ betaAccess: "approved", role: "user" });
    expect(await (await admin.get("/api/auth/user")).json()).toMatchObject({ email: server.adminEmail, isAdmin: true, role: "admin" });
  });
});

describe("PATCH /api/auth/user", () => {
  const profile = { firstName: "Alicia", lastName: "Vetson", profession: "specialist" };

  it("401 signed out, 403 pending (JSON), 200 approved and admin", async () => {
    const a = await anon().json("PATCH", "/api/auth/user", profile);
    expect(a.status).toBe(401);
    const p = await pending.json("PATCH", "/api/auth/user", profile);
    expect(p.status).toBe(403);
    expect(await p.json()).toMatchObject({ message: "Beta access pending approval" });
    const ok = await approved.json("PATCH", "/api/auth/user", { ...profile, email: "hijack@clinic.test" });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ ...profile, email: "approved@clinic.test" });
    expect((await admin.json("PATCH", "/api/auth/user", { firstName: "Ada", lastName: "Admin", profession: "other" })).status).toBe(200);
  });

  it("writes a profile_update auth log with IP and user agent", () => {
    const db = openTestDb(server.dataDir);
    const row = db
      .prepare(
        "select l.action, l.ip_address, l.user_agent from auth_logs l join users u on u.id = l.user_id where u.email = ? and l.action = 'profile_update'",
      )
      .get("approved@clinic.test") as { action: string; ip_address: string; user_agent: string };
    db.close();
    expect(row).toEqual({ action: "profile_update", ip_address: "127.0.0.1", user_agent: "approved-agent" });
  });

  it.each([
    ["an empty name", { ...profile, firstName: "   " }, 422],
    ["a 10,000-character name", { ...profile, lastName: "x".repeat(10_000) }, 422],
    ["an unknown profession", { ...profile, profession: "wizard" }, 422],
    ["a missing field", { firstName: "A", lastName: "B" }, 422],
  ])("refuses %s with %s and changes nothing", async (_label, payload, status) => {
    const before = await (await approved.get("/api/auth/user")).json();
    const res = await approved.json("PATCH", "/api/auth/user", payload);
    expect(res.status).toBe(status);
    expect((await res.json()).message).toMatch(/\w/);
    expect(await (await approved.get("/api/auth/user")).json()).toEqual(before);
  });

  it("refuses a malformed JSON body (400), a non-JSON body (415), and a missing or foreign Origin (403)", async () => {
    const bad = await approved.request("PATCH", "/api/auth/user", { body: "{not json", headers: { "Content-Type": "application/json" } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ message: "Malformed JSON body" });
    const form = await approved.request("PATCH", "/api/auth/user", {
      body: "firstName=X",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBe(415);
    const noOrigin = await approved.request("PATCH", "/api/auth/user", {
      body: JSON.stringify(profile),
      headers: { "Content-Type": "application/json" },
      origin: null,
    });
    expect(noOrigin.status).toBe(403);
    expect(await noOrigin.json()).toEqual({ message: "Cross-site request refused: missing Origin header" });
    const foreign = await approved.request("PATCH", "/api/auth/user", {
      body: JSON.stringify(profile),
      headers: { "Content-Type": "application/json" },
      origin: "https://evil.example",
    });
    expect(foreign.status).toBe(403);
  });

  it("answers 405 to other methods", async () => {
    expect((await approved.json("PUT", "/api/auth/user", profile)).status).toBe(405);
  });
});

describe("GET /api/auth/user/stats", () => {
  it("401 / 403 / counts for approved users and the admin", async () => {
    expect((await anon().get("/api/auth/user/stats")).status).toBe(401);
    expect((await pending.get("/api/auth/user/stats")).status).toBe(403);
    const db = openTestDb(server.dataDir);
    const uid = (db.prepare("select id from users where email = ?").get("approved@clinic.test") as { id: string }).id;
    db.prepare("insert into conversations (id, user_id, title) values ('c1', ?, 'New Chat')").run(uid);
    db.prepare("insert into messages (id, conversation_id, role, content) values ('m1','c1','user','dose of meloxicam in cats?'), ('m2','c1','assistant','...'), ('m3','c1','user','and dogs?')").run();
    db.close();
    expect(await (await approved.get("/api/auth/user/stats")).json()).toEqual({ documentsCount: 0, conversationsCount: 1, queriesCount: 2 });
    expect(await (await admin.get("/api/auth/user/stats")).json()).toEqual({ documentsCount: 0, conversationsCount: 0, queriesCount: 0 });
  });
});

describe("unknown paths", () => {
  it("pages answer 404 'Page Not Found'; APIs answer a JSON 404", async () => {
    for (const c of [anon(), pending, approved]) {
      const res = await c.get("/no/such/page");
      expect(res.status).toBe(404);
      expect(await body(res)).toContain("Page Not Found");
    }
    const api = await anon().get("/api/no-such-thing");
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ message: "Not found" });
  });
});

describe("sessions and cookies", () => {
  it("sets an HttpOnly, SameSite=Lax session cookie without Secure over plain HTTP", async () => {
    const res = await new HttpClient(server.url).signIn(server.adminEmail, server.adminPassword);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("__session="))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
  });

  it("rejects a forged cookie", async () => {
    const c = new HttpClient(server.url);
    c.cookie = "__session=forged-token.signature";
    expect((await c.get("/api/auth/user")).status).toBe(401);
  });

  it("logout ends the session on the server, logs it, and returns to /", async () => {
    const c = new HttpClient(server.url, "logout-agent");
    await c.signIn("approved@clinic.test", "correct horse battery");
    const stolen = c.cookie;
    expect((await c.get("/api/auth/user")).status).toBe(200);
    const out = await c.get("/api/logout", { "Sec-Fetch-Site": "same-origin" });
    expect(out.status).toBe(303);
    expect(location(out)).toBe("/");
    const replay = new HttpClient(server.url);
    replay.cookie = stolen;
    expect((await replay.get("/api/auth/user")).status).toBe(401);
    const db = openTestDb(server.dataDir);
    const n = db.prepare("select count(*) n from auth_logs where action = 'logout' and user_agent = 'logout-agent'").get() as { n: number };
    db.close();
    expect(n.n).toBe(1);
    // signed out, logout still just returns home
    expect(location(await anon().get("/api/logout"))).toBe("/");
  });

  it("a GET another site starts only asks: the session lives until the user confirms with a same-site POST", async () => {
    const c = new HttpClient(server.url, "cross-site-logout-agent");
    expect((await c.signIn("approved@clinic.test", "correct horse battery")).status).toBe(303);
    for (const headers of [
      { "Sec-Fetch-Site": "cross-site" } as Record<string, string>,
      { "Sec-Fetch-Site": "same-site" },
      { Referer: "http://evil.example/page" },
      {},
    ]) {
      const res = await c.get("/api/logout", headers);
      expect(res.status, JSON.stringify(headers)).toBe(200);
      expect(res.headers.getSetCookie()).toEqual([]);
      const html = await body(res);
      expect(html).toContain("Sign out?");
      expect(html).toMatch(/<form [^>]*action="\/api\/logout" method="post"/);
      expect((await c.get("/api/auth/user")).status).toBe(200);
    }
    // The confirm form's post from another site is refused by the Origin check.
    expect((await c.request("POST", "/api/logout", { origin: "http://evil.example" })).status).toBe(403);
    expect((await c.get("/api/auth/user")).status).toBe(200);
    const referred = await c.get("/api/logout", { Referer: `${server.url}/account` });
    expect(referred.status).toBe(303);
    expect((await c.get("/api/auth/user")).status).toBe(401);
    expect((await c.signIn("approved@clinic.test", "correct horse battery")).status).toBe(303);
    const confirmed = await c.request("POST", "/api/logout");
    expect(confirmed.status).toBe(303);
    expect(location(confirmed)).toBe("/");
    expect((await c.get("/api/auth/user")).status).toBe(401);
  });
});
