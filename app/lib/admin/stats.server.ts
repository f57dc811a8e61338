import { and, count, eq, gte } from "drizzle-orm";
import { authLogs, conversations, documents, getDb, messages, users, type Db } from "../db/index.server";

/** "Recent" on the Overview tab: the last 7 days (the card says so). */
export const RECENT_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

export type AdminStats = {
  totalUsers: number;
  totalConversations: number;
  /** Every document: the shared knowledge base and users' private libraries. */
  totalDocuments: number;
  /** Questions asked: user messages in every conversation. */
  totalQueries: number;
  recentActivity: { logins: number; registrations: number; profileUpdates: number };
  recentDays: number;
};

export function getAdminStats(db: Db = getDb(), now = new Date()): AdminStats {
  const since = new Date(now.getTime() - RECENT_DAYS * DAY_MS);
  const recent = (action: string) =>
    db
      .select({ n: count() })
      .from(authLogs)
      .where(and(eq(authLogs.action, action), gte(authLogs.createdAt, since)))
      .get()?.n ?? 0;
  return {
    totalUsers: db.select({ n: count() }).from(users).get()?.n ?? 0,
    totalConversations: db.select({ n: count() }).from(conversations).get()?.n ?? 0,
    totalDocuments: db.select({ n: count() }).from(documents).get()?.n ?? 0,
    totalQueries: db.select({ n: count() }).from(messages).where(eq(messages.role, "user")).get()?.n ?? 0,
    recentActivity: { logins: recent("login"), registrations: recent("registration"), profileUpdates: recent("profile_update") },
    recentDays: RECENT_DAYS,
  };
}
