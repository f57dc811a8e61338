import { and, count, desc, eq, inArray, isNotNull, max, type Column } from "drizzle-orm";
import { toPublicUser, type PublicUser } from "../auth/index.server";
import { authLogs, conversations, documents, getDb, messages, users, type Db, type User } from "../db/index.server";

export type UserStats = {
  conversationsCount: number;
  /** Documents in the user's private library. */
  documentsCount: number;
  /** Questions asked: the user's messages. */
  queriesCount: number;
  totalLogins: number;
  lastLogin: string | null;
};

/** The user as the API shows them everywhere (toPublicUser), with their usage figures. */
export type AdminUserJson = PublicUser & { stats: UserStats };

/** Per-user counts for the users given (all when omitted), a few grouped queries rather than one per user. */
function statsByUser(db: Db, ids?: string[]): Map<string, UserStats> {
  const only = (column: Column) => (ids ? inArray(column, ids) : undefined);
  const conversationRows = db
    .select({ userId: conversations.userId, n: count() })
    .from(conversations)
    .where(only(conversations.userId))
    .groupBy(conversations.userId)
    .all();
  const documentRows = db
    .select({ userId: documents.ownerId, n: count() })
    .from(documents)
    .where(and(isNotNull(documents.ownerId), only(documents.ownerId)))
    .groupBy(documents.ownerId)
    .all();
  const queryRows = db
    .select({ userId: conversations.userId, n: count() })
    .from(messages)
    .innerJoin(conversations, eq(messages.conversationId, conversations.id))
    .where(and(eq(messages.role, "user"), only(conversations.userId)))
    .groupBy(conversations.userId)
    .all();
  const loginRows = db
    .select({ userId: authLogs.userId, n: count(), last: max(authLogs.createdAt) })
    .from(authLogs)
    .where(and(eq(authLogs.action, "login"), isNotNull(authLogs.userId), only(authLogs.userId)))
    .groupBy(authLogs.userId)
    .all();

  const stats = new Map<string, UserStats>();
  const of = (userId: string) => {
    let s = stats.get(userId);
    if (!s) {
      s = { conversationsCount: 0, documentsCount: 0, queriesCount: 0, totalLogins: 0, lastLogin: null };
      stats.set(userId, s);
    }
    return s;
  };
  for (const r of conversationRows) of(r.userId).conversationsCount = r.n;
  for (const r of documentRows) if (r.userId) of(r.userId).documentsCount = r.n;
  for (const r of queryRows) of(r.userId).queriesCount = r.n;
  for (const r of loginRows) {
    if (!r.userId) continue;
    const s = of(r.userId);
    s.totalLogins = r.n;
    s.lastLogin = r.last ? new Date(r.last).toISOString() : null;
  }
  return stats;
}

const NO_STATS: UserStats = { conversationsCount: 0, documentsCount: 0, queriesCount: 0, totalLogins: 0, lastLogin: null };

function toAdminUser(user: User, stats: UserStats | undefined): AdminUserJson {
  return { ...toPublicUser(user), stats: { ...(stats ?? NO_STATS) } };
}

/** Every user, newest first, with their usage figures. */
export function listUsersWithStats(db: Db = getDb()): AdminUserJson[] {
  const rows = db.select().from(users).orderBy(desc(users.createdAt), desc(users.id)).all();
  const stats = statsByUser(db);
  return rows.map((u) => toAdminUser(u, stats.get(u.id)));
}

export type BetaDecision = "approved" | "denied";

export type DecisionResult =
  | { ok: true; user: AdminUserJson }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "not-pending"; status: User["betaAccess"] };

/**
 * Approves or denies a pending user (spec §4: only pending users can be acted on), recording which
 * admin decided and when. The update is conditional on the user still being pending, so two admins
 * deciding at once cannot both succeed.
 */
export function decideBetaAccess(adminId: string, userId: string, decision: BetaDecision, db: Db = getDb()): DecisionResult {
  const now = new Date();
  const updated = db
    .update(users)
    .set({ betaAccess: decision, approvedBy: adminId, approvedAt: now, updatedAt: now })
    .where(and(eq(users.id, userId), eq(users.betaAccess, "pending")))
    .returning()
    .get();
  if (updated) return { ok: true, user: toAdminUser(updated, statsByUser(db, [userId]).get(userId)) };
  const existing = db.select({ betaAccess: users.betaAccess }).from(users).where(eq(users.id, userId)).get();
  return existing ? { ok: false, reason: "not-pending", status: existing.betaAccess } : { ok: false, reason: "not-found" };
}
