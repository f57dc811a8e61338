import crypto from "node:crypto";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import { createCookie } from "react-router";
import { getConfig } from "../config.server";
import { getDb, placeholderSessions, sessions, users, type Profession, type User } from "../db/index.server";
import type { RequestInfo } from "../http.server";
import { writeAuthLog } from "./audit.server";

/**
 * Sessions live in the database; the cookie carries only a random token (signed).
 * The table stores the token's sha256, so reading the database does not give live sessions.
 */

let cookie: ReturnType<typeof createCookie> | null = null;

function sessionCookie() {
  if (!cookie) {
    const config = getConfig();
    cookie = createCookie("__session", {
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secrets: [config.sessionSecret],
      maxAge: config.SESSION_MAX_AGE_DAYS * 24 * 60 * 60,
    });
  }
  return cookie;
}

const isHttps = (request: Request) => new URL(request.url).protocol === "https:";
const hashToken = (token: string) => crypto.createHash("sha256").update(token).digest("base64url");

/**
 * Cookie headers already checked, and the session id (the token's hash) each carries (null: none, or a
 * bad signature). Checking the signature is an HMAC through WebCrypto on every request and page data
 * load; the answer for the same header with the same secret never changes. Whether the session is still
 * live is asked of the database each time. Bounded: emptied when full.
 */
const checkedHeaders = new Map<string, string | null>();
const CHECKED_HEADERS_MAX = 5_000;

async function readSessionId(request: Request): Promise<string | null> {
  const header = request.headers.get("cookie");
  if (!header) return null;
  const known = checkedHeaders.get(header);
  if (known !== undefined) return known;
  const value: unknown = await sessionCookie().parse(header);
  const id = typeof value === "string" && value.length > 0 ? hashToken(value) : null;
  if (checkedHeaders.size >= CHECKED_HEADERS_MAX) checkedHeaders.clear();
  checkedHeaders.set(header, id);
  return id;
}

/**
 * The signed-in user of this request, or null. A placeholder session (see createPlaceholderSession) gives a
 * pending user that exists nowhere else: every gate treats it as the pending user it looks like.
 */
export async function getSessionUser(request: Request): Promise<User | null> {
  const id = await readSessionId(request);
  if (!id) return null;
  const now = Date.now();
  const row = sessionUserQuery().get({ id, now });
  if (row) return row.user;
  const placeholder = getDb()
    .select()
    .from(placeholderSessions)
    .where(and(eq(placeholderSessions.id, id), gt(placeholderSessions.expiresAt, new Date(now))))
    .get();
  return placeholder ? placeholderUser(placeholder) : null;
}

const placeholders = new WeakSet<User>();

function placeholderUser(row: typeof placeholderSessions.$inferSelect): User {
  const user: User = {
    id: row.placeholderId,
    email: row.email,
    passwordHash: null,
    ssoSubject: null,
    createdByBootstrap: false,
    firstName: row.firstName,
    lastName: row.lastName,
    profession: row.profession,
    role: "user",
    betaAccess: "pending",
    approvedBy: null,
    approvedAt: null,
    createdAt: row.createdAt,
    updatedAt: row.createdAt,
  };
  placeholders.add(user);
  return Object.freeze(user);
}

/** Whether this user came from a placeholder session: no row in users, so nothing may reference its id. */
export function isPlaceholder(user: User): boolean {
  return placeholders.has(user);
}

// Runs on every signed-in request: prepared once (per database) instead of built each time.
let prepared: { db: ReturnType<typeof getDb>; query: ReturnType<typeof buildSessionUserQuery> } | null = null;

function buildSessionUserQuery(db: ReturnType<typeof getDb>) {
  return db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(sessions.userId, users.id))
    .where(and(eq(sessions.id, sql.placeholder("id")), gt(sessions.expiresAt, sql.placeholder("now"))))
    .prepare();
}

function sessionUserQuery() {
  const db = getDb();
  if (prepared?.db !== db) prepared = { db, query: buildSessionUserQuery(db) };
  return prepared.query;
}

const sessionExpiry = () => new Date(Date.now() + getConfig().SESSION_MAX_AGE_DAYS * 24 * 60 * 60 * 1000);

/**
 * The answer to a sign-up for an address that already has an account: a session like a new pending
 * user's (same cookie, same pages and APIs after it), holding only what was typed. It opens nothing of
 * the account and never becomes one.
 */
export async function createPlaceholderSession(
  request: Request,
  typed: { email: string; firstName: string; lastName: string; profession: Profession },
): Promise<string> {
  const token = crypto.randomBytes(32).toString("base64url");
  getDb()
    .insert(placeholderSessions)
    .values({ id: hashToken(token), placeholderId: crypto.randomUUID(), ...typed, expiresAt: sessionExpiry() })
    .run();
  return sessionCookie().serialize(token, { secure: isHttps(request) });
}

/** Starts a session and returns the Set-Cookie header value for it. */
export async function createSession(request: Request, userId: string, info: RequestInfo): Promise<string> {
  const token = crypto.randomBytes(32).toString("base64url");
  getDb()
    .insert(sessions)
    .values({
      id: hashToken(token),
      userId,
      expiresAt: sessionExpiry(),
      ipAddress: info.ipAddress,
      userAgent: info.userAgent,
    })
    .run();
  return sessionCookie().serialize(token, { secure: isHttps(request) });
}

/** Ends the request's session and logs the sign-out of its account (a placeholder has none). */
export async function signOut(request: Request, info: RequestInfo): Promise<string> {
  const user = await getSessionUser(request);
  const cookie = await destroySession(request);
  if (user && !isPlaceholder(user)) writeAuthLog(user.id, "logout", info);
  return cookie;
}

/** Ends the request's session on the server and returns the Set-Cookie header that clears it. */
async function destroySession(request: Request): Promise<string> {
  const id = await readSessionId(request);
  if (id) {
    getDb().delete(sessions).where(eq(sessions.id, id)).run();
    getDb().delete(placeholderSessions).where(eq(placeholderSessions.id, id)).run();
  }
  return sessionCookie().serialize("", { maxAge: 0, expires: new Date(0), secure: isHttps(request) });
}

export function deleteExpiredSessions(): number {
  const now = new Date();
  const db = getDb();
  return (
    db.delete(sessions).where(lt(sessions.expiresAt, now)).run().changes +
    db.delete(placeholderSessions).where(lt(placeholderSessions.expiresAt, now)).run().changes
  );
}
