import crypto from "node:crypto";
import { and, count, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { conversations, getDb, messages, perConnection, type Db } from "../db/index.server";
import { jsonError } from "../http.server";
import { DELETE_UNDO_MS, MAX_CONVERSATIONS_PER_USER, TITLE_MAX } from "./index";

export { MAX_CONVERSATIONS_PER_USER, TITLE_MAX };

export type Conversation = typeof conversations.$inferSelect;
export type ConversationJson = { id: string; title: string; createdAt: string; updatedAt: string };

/** A title's own body is small: anything much bigger than the longest title is refused unread (413). */
export const TITLE_BODY_MAX = 16 * 1024;

const TITLE_TOO_LONG = `Title must be at most ${TITLE_MAX} characters`;
const withinTitleMax = (t: string) => Array.from(t.trim()).length <= TITLE_MAX;

/** POST /api/conversations: the title may be missing or blank (then it is named after the day). */
export const createConversationSchema = z
  .object({ title: z.string({ error: "Title must be text" }).refine(withinTitleMax, TITLE_TOO_LONG).nullish() })
  .strip();

/** PATCH /api/conversations/:id: renaming to nothing is refused (the UI cancels such a rename). */
export const renameConversationSchema = z
  .object({
    title: z
      .string({ error: "Title is required" })
      .refine((t) => t.trim().length > 0, "Title must not be blank")
      .refine(withinTitleMax, TITLE_TOO_LONG),
  })
  .strip();

/** One line, trimmed, at most TITLE_MAX characters (counted as code points so no emoji is cut in half). */
export function cleanTitle(title: string): string {
  const oneLine = title.replace(/\s+/g, " ").trim();
  const chars = Array.from(oneLine);
  return chars.length <= TITLE_MAX ? oneLine : chars.slice(0, TITLE_MAX).join("").trimEnd();
}

/** Spec §3 default name, 'New Chat {date}'; medium date style is unambiguous in every locale. */
export function defaultTitle(at: Date): string {
  return `New Chat ${titleDate.format(at)}`;
}
// Made once: a formatter costs far more to make than to use.
const titleDate = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });

export function toConversationJson(c: Conversation): ConversationJson {
  return { id: c.id, title: c.title, createdAt: c.createdAt.toISOString(), updatedAt: c.updatedAt.toISOString() };
}

/** The caller's conversations, newest first (rowid breaks ties within a millisecond). */
export function listConversations(userId: string, db: Db = getDb()): Conversation[] {
  return perConnection(db, listConversationsQuery).all({ userId });
}

// The history, the ownership check and a new conversation run on most requests: prepared (see perConnection).
function listConversationsQuery(db: Db) {
  return db
    .select()
    .from(conversations)
    .where(eq(conversations.userId, sql.placeholder("userId")))
    .orderBy(desc(conversations.createdAt), desc(sql`rowid`))
    .prepare();
}

function ownConversationQuery(db: Db) {
  return db
    .select()
    .from(conversations)
    .where(and(eq(conversations.id, sql.placeholder("id")), eq(conversations.userId, sql.placeholder("userId"))))
    .prepare();
}

function countConversationsQuery(db: Db) {
  return db
    .select({ n: count() })
    .from(conversations)
    .where(eq(conversations.userId, sql.placeholder("userId")))
    .prepare();
}

function insertConversationQuery(db: Db) {
  return db
    .insert(conversations)
    .values({
      id: sql.placeholder("id"),
      userId: sql.placeholder("userId"),
      title: sql.placeholder("title"),
      createdAt: sql.placeholder("createdAt"),
      updatedAt: sql.placeholder("updatedAt"),
    })
    .returning()
    .prepare();
}

/**
 * Throws the 409 Response when the user already keeps MAX_CONVERSATIONS_PER_USER conversations. Called
 * inside the transaction that adds one (on the same connection as `db`).
 */
function refuseOverLimit(userId: string, db: Db) {
  const kept = perConnection(db, countConversationsQuery).get({ userId })?.n ?? 0;
  if (kept >= MAX_CONVERSATIONS_PER_USER) {
    throw jsonError(409, `You have ${kept.toLocaleString("en-US")} conversations, the most one account may keep. Delete some to start a new one.`, {
      limit: MAX_CONVERSATIONS_PER_USER,
    });
  }
}

/**
 * A new conversation for the user. Throws a 409 Response when they already keep MAX_CONVERSATIONS_PER_USER
 * (counted in the transaction that adds it, so two at once cannot both take the last place).
 */
export function createConversation(userId: string, title: string | null | undefined, db: Db = getDb()): Conversation {
  const now = new Date();
  const cleaned = cleanTitle(title ?? "");
  const insert = perConnection(db, insertConversationQuery);
  return db.$client
    .transaction(() => {
      refuseOverLimit(userId, db);
      return insert.get({ id: crypto.randomUUID(), userId, title: cleaned || defaultTitle(now), createdAt: now, updatedAt: now })!;
    })
    .immediate();
}

/** The conversation if it is the user's; null for anyone else's or a missing one (callers answer 404 alike). */
export function getOwnConversation(userId: string, id: string, db: Db = getDb()): Conversation | null {
  return perConnection(db, ownConversationQuery).get({ id, userId }) ?? null;
}

/** Null when the conversation is not the user's. A blank title is refused by the caller's schema. */
export function renameConversation(userId: string, id: string, title: string, db: Db = getDb()): Conversation | null {
  const cleaned = cleanTitle(title);
  if (!cleaned) throw new Error("renameConversation needs a non-blank title");
  return (
    db
      .update(conversations)
      .set({ title: cleaned, updatedAt: new Date() })
      .where(and(eq(conversations.id, id), eq(conversations.userId, userId)))
      .returning()
      .get() ?? null
  );
}

/**
 * Conversations deleted in the last DELETE_UNDO_MS, as they were: what an Undo puts back. The delete itself
 * is done at once in the database (nothing reads a deleted conversation, its messages or counts meanwhile);
 * only this copy waits, in the memory of the one process that serves the app, so a deleted conversation is
 * never written anywhere else and a restart simply ends the chance to undo. Bounded: a flood of deletes
 * drops the oldest copies first.
 */
type DeletedConversation = { conversation: Conversation; messages: Array<typeof messages.$inferSelect>; until: number };
const recentlyDeleted = new Map<string, DeletedConversation>();
const MAX_UNDOABLE = 1000;
// The toast offers Undo for DELETE_UNDO_MS; the server waits a little longer for the click to arrive.
const UNDO_GRACE_MS = 5000;

/**
 * Deletes the user's conversation (its messages go with it, foreign key cascade) and keeps a copy it can
 * be restored from until `undoUntil`. Null when it is not theirs.
 */
export function deleteConversation(userId: string, id: string, db: Db = getDb(), now = Date.now()): { undoUntil: Date } | null {
  const deleted = db.transaction(
    (tx) => {
      const conversation = tx
        .select()
        .from(conversations)
        .where(and(eq(conversations.id, id), eq(conversations.userId, userId)))
        .get();
      if (!conversation) return null;
      const kept = tx.select().from(messages).where(eq(messages.conversationId, id)).all();
      tx.delete(conversations).where(eq(conversations.id, id)).run();
      return { conversation, messages: kept, until: now + DELETE_UNDO_MS + UNDO_GRACE_MS };
    },
    { behavior: "immediate" },
  );
  if (!deleted) return null;
  recentlyDeleted.delete(id);
  recentlyDeleted.set(id, deleted);
  for (const oldest of recentlyDeleted.keys()) {
    if (recentlyDeleted.size <= MAX_UNDOABLE) break;
    recentlyDeleted.delete(oldest);
  }
  setTimeout(() => {
    if (recentlyDeleted.get(id) === deleted) recentlyDeleted.delete(id);
  }, deleted.until - now).unref();
  return { undoUntil: new Date(now + DELETE_UNDO_MS) };
}

/**
 * Puts back a conversation the user deleted within the undo window, with its messages as they were (an
 * answer that was still being written comes back as failed, as nothing writes it any more). Null when
 * there is nothing of theirs to restore (never deleted, someone else's, restored already, too late);
 * throws the 409 Response when they have since reached MAX_CONVERSATIONS_PER_USER.
 */
export function restoreConversation(userId: string, id: string, db: Db = getDb(), now = Date.now()): Conversation | null {
  const deleted = recentlyDeleted.get(id);
  if (!deleted || deleted.conversation.userId !== userId) return null;
  if (now > deleted.until) {
    recentlyDeleted.delete(id);
    return null;
  }
  db.transaction(
    (tx) => {
      refuseOverLimit(userId, db);
      tx.insert(conversations).values(deleted.conversation).run();
      for (const message of deleted.messages) {
        tx.insert(messages)
          .values({ ...message, status: message.status === "streaming" ? "failed" : message.status })
          .run();
      }
    },
    { behavior: "immediate" },
  );
  recentlyDeleted.delete(id);
  return deleted.conversation;
}
