import crypto from "node:crypto";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startOidcProvider, type TestAccount, type TestOidcProvider } from "../support/oidc-provider";
import { HttpClient, startServer, type TestServer } from "../support/server";

/**
 * Single sign-on end to end, over real HTTP: the built app (`node server.js`) against a
 * real OpenID provider (`oidc-provider`) on loopback. A small cookie-keeping "browser"
 * follows the redirects between the two, signs in on the provider's login page and comes
 * back to the app's callback. Run `npx react-router build` first.
 */

const CALLBACK_PATH = "/api/login/sso/callback";
const USER_AGENT = "vitest-sso-browser";

// ---------------------------------------------------------------------------------------
// A minimal browser: one cookie jar for all hosts, as browsers keep it (cookies are scoped
// by host name and path, not by port, so app and provider on 127.0.0.1 share the jar; their
// cookie names do not clash). Redirects are never followed automatically.
// ---------------------------------------------------------------------------------------

type SetCookie = {
  name: string;
  value: string;
  attributes: Map<string, string>; // lower-cased attribute name -> value ("" for flags)
};

type StoredCookie = { name: string; value: string; host: string; path: string };

function parseSetCookie(header: string): SetCookie {
  const [pair = "", ...attrs] = header.split(";");
  const eq = pair.indexOf("=");
  const attributes = new Map<string, string>();
  for (const attr of attrs) {
    const i = attr.indexOf("=");
    const key = (i === -1 ? attr : attr.slice(0, i)).trim().toLowerCase();
    attributes.set(key, i === -1 ? "" : attr.slice(i + 1).trim());
  }
  return { name: pair.slice(0, eq).trim(), value: pair.slice(eq + 1).trim(), attributes };
}

/** RFC 6265 §5.1.4 path-match. */
function pathMatches(requestPath: string, cookiePath: string) {
  if (requestPath === cookiePath) return true;
  if (!requestPath.startsWith(cookiePath)) return false;
  return cookiePath.endsWith("/") || requestPath[cookiePath.length] === "/";
}

class Browser {
  private jar: StoredCookie[] = [];

  constructor(readonly userAgent = USER_AGENT) {}

  cookiesFor(url: URL): StoredCookie[] {
    return this.jar.filter((c) => c.host === url.hostname && pathMatches(url.pathname, c.path));
  }

  /** Every cookie held for this host, whatever its path. */
  cookiesOnHost(host: string): StoredCookie[] {
    return this.jar.filter((c) => c.host === host);
  }

  private store(url: URL, res: Response) {
    for (const header of res.headers.getSetCookie()) {
      const c = parseSetCookie(header);
      const explicitPath = c.attributes.get("path");
      const cookiePath = explicitPath?.startsWith("/")
        ? explicitPath
        : url.pathname.slice(0, Math.max(1, url.pathname.lastIndexOf("/")));
      this.jar = this.jar.filter((o) => !(o.name === c.name && o.host === url.hostname && o.path === cookiePath));
      const maxAge = c.attributes.get("max-age");
      const expires = c.attributes.get("expires");
      const expired =
        (maxAge !== undefined && Number(maxAge) <= 0) || (expires !== undefined && Date.parse(expires) <= Date.now());
      if (!expired) this.jar.push({ name: c.name, value: c.value, host: url.hostname, path: cookiePath });
    }
  }

  async fetch(target: string | URL, init: { method?: string; form?: Record<string, string> } = {}): Promise<Response> {
    const url = new URL(target);
    const headers: Record<string, string> = { "User-Agent": this.userAgent, Accept: "text/html,application/json" };
    const cookies = this.cookiesFor(url);
    if (cookies.length) headers.Cookie = cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    let body: string | undefined;
    if (init.form) {
      body = new URLSearchParams(init.form).toString();
      headers["Content-Type"] = "application/x-www-form-urlencoded";
      headers.Origin = url.origin;
    }
    const res = await fetch(url, { method: init.method ?? (body ? "POST" : "GET"), headers, body, redirect: "manual" });
    this.store(url, res);
    // Read the body now: an unread body keeps the keep-alive connection busy, and the
    // server's graceful stop would then wait for it.
    return buffered(res);
  }
}

/** The same response with its body read into memory, so the connection is free again. */
async function buffered(res: Response): Promise<Response> {
  const body = await res.arrayBuffer();
  return new Response(res.status === 204 || res.status === 304 ? null : body, {
    status: res.status,
    statusText: res.statusText,
    headers: res.headers,
  });
}

const isRedirect = (res: Response) => res.status >= 300 && res.status < 400 && res.headers.has("location");

function location(res: Response, base: string | URL): URL {
  const value = res.headers.get("location");
  if (!value) throw new Error(`expected a redirect, got ${res.status}`);
  return new URL(value, base);
}

function setCookieNamed(res: Response, name: string): SetCookie | undefined {
  return res.headers
    .getSetCookie()
    .map(parseSetCookie)
    .find((c) => c.name === name);
}

// ---------------------------------------------------------------------------------------
// Database reads (the server keeps the file open in WAL mode; a read-only connection is fine).
// ---------------------------------------------------------------------------------------

type UserRow = { id: string; email: string; sso_subject: string | null; password_hash: string | null; first_name: string | null; last_name: string | null; beta_access: string };
type AuthLogRow = { user_id: string | null; action: string; ip_address: string | null; user_agent: string | null; details: string | null };

function query<T>(server: TestServer, sql: string, ...params: unknown[]): T[] {
  const db = new Database(path.join(server.dataDir, "app.db"), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

const usersByEmail = (server: TestServer, email: string) =>
  query<UserRow>(server, "SELECT * FROM users WHERE email = ?", email.toLowerCase());
const userCount = (server: TestServer) => query<{ n: number }>(server, "SELECT count(*) AS n FROM users")[0]!.n;
const authLogsOf = (server: TestServer, userId: string) =>
  query<AuthLogRow>(server, "SELECT user_id, action, ip_address, user_agent, details FROM auth_logs WHERE user_id = ? ORDER BY id", userId);

// ---------------------------------------------------------------------------------------
// The flow, in steps, so tests can interfere between them.
// ---------------------------------------------------------------------------------------

let op: TestOidcProvider;
let app: TestServer;
let plain: TestServer;

/** Step 1: the app's "Continue with single sign-on" link. */
async function startSso(browser: Browser) {
  const start = await browser.fetch(`${app.url}/api/login/sso`);
  expect(start.status, await start.text()).toBe(302);
  return { start, authorizeUrl: location(start, app.url) };
}

/**
 * Step 2: at the provider, follow its redirects, sign in as `accountId` on the login page
 * when asked, and stop at the redirect back to the app (the URL carrying code and state).
 */
async function signInAtProvider(browser: Browser, authorizeUrl: URL, accountId: string): Promise<URL> {
  let url = authorizeUrl;
  const trail: string[] = [];
  for (let hop = 0; hop < 10; hop++) {
    if (url.origin === app.url && url.pathname === CALLBACK_PATH) return url;
    if (url.origin !== op.issuer) throw new Error(`left the provider for ${url.href}; trail: ${trail.join(" → ")}`);
    let res = await browser.fetch(url);
    trail.push(`${url.pathname} ${res.status}`);
    if (res.status === 200 && url.pathname.startsWith("/interaction/")) {
      // The login page: submit its form like a user would.
      const html = await res.text();
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
      if (!action) throw new Error(`no login form in ${html}`);
      const formUrl = new URL(action, url);
      res = await browser.fetch(formUrl, { form: { login: accountId } });
      trail.push(`POST ${formUrl.pathname} ${res.status}`);
      url = formUrl;
    }
    if (!isRedirect(res)) {
      throw new Error(`provider answered ${res.status} at ${url.href}: ${await res.text()}\ntrail: ${trail.join(" → ")}\nprovider errors: ${op.errors.join("; ")}`);
    }
    url = location(res, url);
  }
  throw new Error(`too many redirects: ${trail.join(" → ")}`);
}

/** The whole flow; answers the app callback's response (not followed). */
async function ssoSignIn(browser: Browser, accountId: string) {
  const { authorizeUrl } = await startSso(browser);
  const callbackUrl = await signInAtProvider(browser, authorizeUrl, accountId);
  const callback = await browser.fetch(callbackUrl);
  return { callbackUrl, callback };
}

async function currentUser(browser: Browser) {
  const res = await browser.fetch(`${app.url}/api/auth/user`);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Runs `action` and waits until the server has printed `message` (its reason for refusing). */
async function expectServerLogs<T>(server: TestServer, message: string, action: () => Promise<T>): Promise<T> {
  const mark = server.output().length;
  const result = await action();
  await vi.waitFor(() => expect(server.output().slice(mark)).toContain(message), { timeout: 2000 });
  return result;
}

function expectSsoRefused(res: Response) {
  expect([302, 303]).toContain(res.status);
  const to = location(res, app.url);
  expect(to.origin).toBe(app.url);
  expect(to.pathname + to.search).toBe("/api/login?error=sso");
  expect(setCookieNamed(res, "__session")).toBeUndefined();
}

const ACCOUNTS = {
  alice: { sub: "op-alice", email: "alice.sso@clinic.test", email_verified: true, given_name: "Alice", family_name: "Sso" },
  bob: { sub: "op-bob", email: "bob.sso@clinic.test", email_verified: true, given_name: "Bob", family_name: "State" },
  // Both claim the address of a password account (signed up in the linking test).
  squatter: { sub: "op-squatter", email: "pat.password@clinic.test", email_verified: false, given_name: "Not", family_name: "Pat" },
  pat: { sub: "op-pat", email: "Pat.Password@Clinic.test", email_verified: true, given_name: "Patricia", family_name: "Provider" },
  admin: { sub: "op-admin", email: "admin@clinic.test", email_verified: true, given_name: "Ada", family_name: "Admin" },
  // A new address the provider has not verified.
  unverified: { sub: "op-unverified", email: "claimed.by.anyone@clinic.test", email_verified: false, given_name: "Un", family_name: "Verified" },
} satisfies Record<string, TestAccount>;

beforeAll(async () => {
  op = await startOidcProvider();
  for (const account of Object.values(ACCOUNTS)) op.addAccount(account);
  const [withSso, withoutSso] = await Promise.allSettled([
    startServer({
      env: {
        OAUTH_ISSUER: op.issuer,
        OAUTH_CLIENT_ID: op.clientId,
        OAUTH_CLIENT_SECRET: op.clientSecret,
        ADMIN_EMAIL: ACCOUNTS.admin.email,
        ADMIN_PASSWORD: "admin password for tests",
      },
    }),
    startServer(), // no OAUTH_* settings: single sign-on off
  ]);
  // Keep whichever started so afterAll stops it even when the other did not.
  if (withSso.status === "fulfilled") app = withSso.value;
  if (withoutSso.status === "fulfilled") plain = withoutSso.value;
  for (const started of [withSso, withoutSso]) if (started.status === "rejected") throw started.reason;
  // Now that the app's port is known, give the provider its client (redirect URI included).
  op.registerClient([`${app.url}${CALLBACK_PATH}`]);
});

afterAll(async () => {
  // Each may be unset if beforeAll failed part way.
  await Promise.allSettled([app?.stop(), plain?.stop(), op?.stop()]);
});

describe("single sign-on against a real OpenID provider", () => {
  it("GET /api/login/sso redirects to the provider's authorization endpoint with state, PKCE (S256) and the scopes", async () => {
    const discovery = (await (await fetch(`${op.issuer}/.well-known/openid-configuration`)).json()) as {
      issuer: string;
      authorization_endpoint: string;
    };
    expect(discovery.issuer).toBe(op.issuer);

    const browser = new Browser();
    const { start, authorizeUrl } = await startSso(browser);
    expect(authorizeUrl.origin + authorizeUrl.pathname).toBe(discovery.authorization_endpoint);
    const q = authorizeUrl.searchParams;
    expect(q.get("response_type")).toBe("code");
    expect(q.get("client_id")).toBe(op.clientId);
    expect(q.get("redirect_uri")).toBe(`${app.url}${CALLBACK_PATH}`);
    expect(q.get("scope")?.split(" ").sort()).toEqual(["email", "openid", "profile"]);
    expect(q.get("code_challenge_method")).toBe("S256");
    const state = q.get("state");
    expect(state).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(q.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // The state cookie: scoped to the SSO routes, not readable by scripts, and holding the
    // verifier whose S256 hash is the code_challenge sent to the provider.
    const stateCookies = start.headers
      .getSetCookie()
      .map(parseSetCookie)
      .filter((c) => c.name.startsWith("oauth2_state"));
    expect(stateCookies).toHaveLength(1);
    const stateCookie = stateCookies[0]!;
    expect(stateCookie.attributes.get("path")).toBe("/api/login/sso");
    expect(stateCookie.attributes.has("httponly")).toBe(true);
    expect(stateCookie.attributes.get("samesite")?.toLowerCase()).toBe("lax");
    const stored = new URLSearchParams(decodeURIComponent(stateCookie.value));
    expect(stored.get("state")).toBe(state);
    const verifier = stored.get(state!);
    expect(verifier).toBeTruthy();
    expect(crypto.createHash("sha256").update(verifier!).digest("base64url")).toBe(q.get("code_challenge"));

    // The provider accepts the request (known client, registered redirect URI, PKCE) and asks the user to sign in.
    const atProvider = await browser.fetch(authorizeUrl);
    expect(isRedirect(atProvider), await atProvider.text()).toBe(true);
    expect(location(atProvider, authorizeUrl).pathname).toMatch(/^\/interaction\/[A-Za-z0-9_-]+$/);
    expect(op.errors).toEqual([]);
  });

  it("a first SSO sign-in creates a pending user from the provider's claims, starts a session and logs a registration", async () => {
    const usersBefore = userCount(app);
    const browser = new Browser();
    const { callbackUrl, callback } = await ssoSignIn(browser, ACCOUNTS.alice.sub);
    expect(callbackUrl.searchParams.get("code")).toBeTruthy();

    expect(callback.status).toBe(303);
    expect(callback.headers.get("location")).toBe("/beta-access");
    const session = setCookieNamed(callback, "__session");
    expect(session, callback.headers.getSetCookie().join("\n")).toBeDefined();
    expect(session!.value).not.toBe("");
    expect(session!.attributes.has("httponly")).toBe(true);
    expect(session!.attributes.get("samesite")?.toLowerCase()).toBe("lax");
    expect(session!.attributes.get("path")).toBe("/");
    expect(session!.attributes.has("secure")).toBe(false); // plain http on loopback

    const me = await currentUser(browser);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      email: ACCOUNTS.alice.email,
      firstName: "Alice",
      lastName: "Sso",
      betaAccess: "pending",
      role: "user",
      isAdmin: false,
    });
    expect(me.body).not.toHaveProperty("ssoSubject");

    expect(userCount(app)).toBe(usersBefore + 1);
    const [row, ...others] = usersByEmail(app, ACCOUNTS.alice.email);
    expect(others).toEqual([]);
    expect(row).toMatchObject({ id: me.body.id, sso_subject: ACCOUNTS.alice.sub, password_hash: null, beta_access: "pending" });

    const logs = authLogsOf(app, row!.id);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ user_id: row!.id, action: "registration", user_agent: USER_AGENT });
    expect(logs[0]!.ip_address).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
    expect(JSON.parse(logs[0]!.details ?? "null")).toEqual({ method: "sso" });
    expect(op.errors).toEqual([]);
  });

  it("a second SSO sign-in of the same account logs 'login' and creates no second user", async () => {
    const [before] = usersByEmail(app, ACCOUNTS.alice.email);
    expect(before, "runs after the first sign-in test").toBeDefined();
    const usersBefore = userCount(app);

    const browser = new Browser(); // a new browser: no session at the app nor at the provider
    const { callback } = await ssoSignIn(browser, ACCOUNTS.alice.sub);
    expect(callback.status).toBe(303);
    expect(callback.headers.get("location")).toBe("/beta-access");
    const me = await currentUser(browser);
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(before!.id);

    expect(userCount(app)).toBe(usersBefore);
    expect(usersByEmail(app, ACCOUNTS.alice.email)).toHaveLength(1);
    const logs = authLogsOf(app, before!.id);
    expect(logs.map((l) => l.action)).toEqual(["registration", "login"]);
    expect(JSON.parse(logs[1]!.details ?? "null")).toEqual({ method: "sso" });
    expect(op.errors).toEqual([]);
  });

  it("a callback whose state does not match the browser's state cookie signs no one in", async () => {
    const browser = new Browser();
    const { authorizeUrl } = await startSso(browser);
    const callbackUrl = await signInAtProvider(browser, authorizeUrl, ACCOUNTS.bob.sub);
    expect(callbackUrl.searchParams.get("state")).toBe(authorizeUrl.searchParams.get("state"));

    // Tampered state, with the right code, in the browser that started the flow.
    const tampered = new URL(callbackUrl);
    tampered.searchParams.set("state", crypto.randomBytes(32).toString("base64url"));
    expectSsoRefused(await expectServerLogs(app, "State in URL doesn't match state in cookie", () => browser.fetch(tampered)));
    expect((await currentUser(browser)).status).toBe(401);

    // The genuine callback URL in another browser (login CSRF: it never started a flow).
    const other = new Browser();
    expectSsoRefused(await expectServerLogs(app, "Missing state on cookie", () => other.fetch(callbackUrl)));
    expect((await currentUser(other)).status).toBe(401);

    expect(usersByEmail(app, ACCOUNTS.bob.email)).toEqual([]);

    // A refused callback also clears the browser's state cookies: the flow is spent, so even
    // the genuine callback URL cannot be replayed afterwards.
    expect(browser.cookiesOnHost("127.0.0.1").filter((c) => c.name.startsWith("oauth2_state"))).toEqual([]);
    expectSsoRefused(await expectServerLogs(app, "Missing state on cookie", () => browser.fetch(callbackUrl)));
    expect((await currentUser(browser)).status).toBe(401);
    // None of the refused callbacks reached the provider's token endpoint.
    expect(op.errors).toEqual([]);
  });

  it("the code of one flow with the state (so the PKCE verifier) of another is refused by the provider", async () => {
    const browser = new Browser();
    const first = await startSso(browser);
    const second = await startSso(browser);
    const secondCallback = await signInAtProvider(browser, second.authorizeUrl, ACCOUNTS.bob.sub);
    // The browser holds both state cookies, so the app accepts the first state and sends the
    // first flow's verifier with the second flow's code: PKCE must fail at the token endpoint.
    const crossed = new URL(secondCallback);
    crossed.searchParams.set("state", first.authorizeUrl.searchParams.get("state")!);
    expectSsoRefused(await expectServerLogs(app, "invalid_grant", () => browser.fetch(crossed)));
    expect((await currentUser(browser)).status).toBe(401);
    expect(op.errors.splice(0)).toEqual([expect.stringMatching(/^grant\.error: .*code_verifier does not match code_challenge/)]);
  });

  it("an unverified e-mail address cannot create an account either, and the state cookie is cleared", async () => {
    const before = userCount(app);
    const browser = new Browser();
    const refused = await expectServerLogs(app, "The identity provider has not verified this e-mail address", () =>
      ssoSignIn(browser, ACCOUNTS.unverified.sub),
    );
    expectSsoRefused(refused.callback);
    expect(userCount(app)).toBe(before);
    expect(usersByEmail(app, ACCOUNTS.unverified.email)).toEqual([]);
    expect(browser.cookiesOnHost("127.0.0.1").filter((c) => c.name.startsWith("oauth2_state"))).toEqual([]);
  });

  it("a password account is linked only when the provider has verified its e-mail address", async () => {
    const signup = new HttpClient(app.url);
    const res = await buffered(await signup.signUp({ email: ACCOUNTS.squatter.email, firstName: "Pat", lastName: "Password" }));
    expect(res.status, await res.text()).toBe(303);
    const owner = await buffered(await signup.get("/api/auth/user"));
    expect(owner.status).toBe(200);
    const ownerId = ((await owner.json()) as { id: string }).id;
    const usersBefore = userCount(app);

    // The provider says the address is NOT verified: refused, nothing linked or created.
    const unverified = new Browser();
    const refused = await expectServerLogs(app, "The identity provider has not verified this e-mail address", () =>
      ssoSignIn(unverified, ACCOUNTS.squatter.sub),
    );
    expectSsoRefused(refused.callback);
    expect((await currentUser(unverified)).status).toBe(401);
    expect(userCount(app)).toBe(usersBefore);
    expect(usersByEmail(app, ACCOUNTS.squatter.email)[0]).toMatchObject({ id: ownerId, sso_subject: null });

    // Verified (same address, other letter case): linked to the same user, profile untouched.
    const verified = new Browser();
    const { callback } = await ssoSignIn(verified, ACCOUNTS.pat.sub);
    expect(callback.status).toBe(303);
    expect(callback.headers.get("location")).toBe("/beta-access");
    const me = await currentUser(verified);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: ownerId, email: "pat.password@clinic.test", firstName: "Pat", lastName: "Password" });
    expect(userCount(app)).toBe(usersBefore);
    const [row] = usersByEmail(app, ACCOUNTS.pat.email);
    expect(row).toMatchObject({ id: ownerId, sso_subject: ACCOUNTS.pat.sub });
    expect(row!.password_hash).not.toBeNull();
    expect(authLogsOf(app, ownerId).map((l) => l.action)).toEqual(["registration", "login"]);
    expect(op.errors).toEqual([]);
  });

  it("an account with app access (the admin, linked by verified e-mail) lands on / after SSO", async () => {
    const browser = new Browser();
    const { callback } = await ssoSignIn(browser, ACCOUNTS.admin.sub);
    expect(callback.status).toBe(303);
    expect(callback.headers.get("location")).toBe("/");
    const me = await currentUser(browser);
    expect(me.body).toMatchObject({ email: ACCOUNTS.admin.email, isAdmin: true });
  });

  // remix-auth-oauth2 names the state cookie "oauth2_state:<uuid>": a used state and PKCE
  // verifier must not stay in the browser (nor pile up with each attempt).
  it("the callback removes the state cookie it no longer needs", async () => {
    const browser = new Browser();
    const { callback } = await ssoSignIn(browser, ACCOUNTS.alice.sub);
    expect(callback.status).toBe(303);
    expect(browser.cookiesOnHost("127.0.0.1").filter((c) => c.name.startsWith("oauth2_state"))).toEqual([]);
  });

  it("the sign-in page offers SSO only when it is configured; without it the SSO routes are 404", async () => {
    const withSso = await buffered(await new HttpClient(app.url).get("/api/login"));
    expect(withSso.status).toBe(200);
    const html = await withSso.text();
    expect(html).toContain("Continue with single sign-on");
    expect(html).toContain('href="/api/login/sso"');

    const plainClient = new HttpClient(plain.url);
    const withoutSso = await buffered(await plainClient.get("/api/login"));
    expect(withoutSso.status).toBe(200);
    expect(await withoutSso.text()).not.toContain("Continue with single sign-on");
    expect((await buffered(await plainClient.get("/api/login/sso"))).status).toBe(404);
    expect((await buffered(await plainClient.get(`${CALLBACK_PATH}?code=x&state=y`))).status).toBe(404);
  });
});
