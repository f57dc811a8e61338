import crypto from "node:crypto";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import { createCookie } from "react-router";
import { getConfig } from "../config.server";
import { getDb, sessions, users, type User } from "../db/index.server";
import type { RequestInfo } from "../http.server";

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

async function readToken(request: Request): Promise<string | null> {
  const header = request.headers.get("cookie");
  if (!header) return null;
  const value: unknown = await sessionCookie().parse(header);
  return typeof value === "string" && value.length > 0 ? value : null;
}

/** The signed-in user of this request, or null. */
export async function getSessionUser(request: Request): Promise<User | null> {
  const token = await readToken(request);
  if (!token) return null;
  const row = sessionUserQuery().get({ id: hashToken(token), now: Date.now() });
  return row?.user ?? null;
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

/**
 * A session cookie like createSession's that opens no session (its token is stored nowhere): the answer
 * to a sign-up for an address that already has an account looks like the answer to a new one.
 */
export async function sessionlessCookie(request: Request): Promise<string> {
  return sessionCookie().serialize(crypto.randomBytes(32).toString("base64url"), { secure: isHttps(request) });
}

/** Starts a session and returns the Set-Cookie header value for it. */
export async function createSession(request: Request, userId: string, info: RequestInfo): Promise<string> {
  const token = crypto.randomBytes(32).toString("base64url");
  const maxAgeMs = getConfig().SESSION_MAX_AGE_DAYS * 24 * 60 * 60 * 1000;
  getDb()
    .insert(sessions)
    .values({
      id: hashToken(token),
      userId,
      expiresAt: new Date(Date.now() + maxAgeMs),
      ipAddress: info.ipAddress,
      userAgent: info.userAgent,
    })
    .run();
  return sessionCookie().serialize(token, { secure: isHttps(request) });
}

/** Ends the request's session on the server and returns the Set-Cookie header that clears it. */
export async function destroySession(request: Request): Promise<string> {
  const token = await readToken(request);
  if (token) getDb().delete(sessions).where(eq(sessions.id, hashToken(token))).run();
  return sessionCookie().serialize("", { maxAge: 0, expires: new Date(0), secure: isHttps(request) });
}

export function deleteExpiredSessions(): number {
  return getDb().delete(sessions).where(lt(sessions.expiresAt, new Date())).run().changes;
}
