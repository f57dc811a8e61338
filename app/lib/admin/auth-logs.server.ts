import { count, desc, eq } from "drizzle-orm";
import { z } from "zod";
import { authLogs, getDb, users, type Db } from "../db/index.server";

export const AUTH_LOGS_PAGE_SIZE = 50;
export const AUTH_LOGS_PAGE_SIZE_MAX = 200;

const positiveInt = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(1, `${label} must be at least 1`);

/** ?page=1&pageSize=50 (both optional); pageSize at most 200. */
export const authLogsQuerySchema = z.object({
  page: positiveInt("page").max(1_000_000, "page is too large").default(1),
  pageSize: positiveInt("pageSize")
    .max(AUTH_LOGS_PAGE_SIZE_MAX, `pageSize must be at most ${AUTH_LOGS_PAGE_SIZE_MAX}`)
    .default(AUTH_LOGS_PAGE_SIZE),
});
export type AuthLogsQuery = z.infer<typeof authLogsQuerySchema>;

export type AuthLogJson = {
  id: number;
  action: string;
  /** null when the log has no user, or the user was deleted. */
  user: { firstName: string | null; lastName: string | null; email: string } | null;
  createdAt: string;
  ipAddress: string | null;
  userAgent: string | null;
  /** What an admin action touched (e.g. { userId, email }), else null. */
  details: Record<string, unknown> | null;
};

export type AuthLogPage = { logs: AuthLogJson[]; page: number; pageSize: number; total: number };

function parseDetails(text: string | null): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : { value };
  } catch {
    return { text };
  }
}

/** One page of the activity log, newest first (id breaks ties between rows of the same millisecond). */
export function listAuthLogs({ page, pageSize }: AuthLogsQuery, db: Db = getDb()): AuthLogPage {
  const total = db.select({ n: count() }).from(authLogs).get()?.n ?? 0;
  const rows = db
    .select({
      id: authLogs.id,
      action: authLogs.action,
      createdAt: authLogs.createdAt,
      ipAddress: authLogs.ipAddress,
      userAgent: authLogs.userAgent,
      details: authLogs.details,
      userEmail: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(authLogs)
    .leftJoin(users, eq(authLogs.userId, users.id))
    .orderBy(desc(authLogs.createdAt), desc(authLogs.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .all();
  return {
    logs: rows.map((r) => ({
      id: r.id,
      action: r.action,
      user: r.userEmail === null ? null : { firstName: r.firstName, lastName: r.lastName, email: r.userEmail },
      createdAt: r.createdAt.toISOString(),
      ipAddress: r.ipAddress,
      userAgent: r.userAgent,
      details: parseDetails(r.details),
    })),
    page,
    pageSize,
    total,
  };
}
