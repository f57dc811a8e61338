import crypto from "node:crypto";
import { and, count, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { conversations, getDb, type Db } from "../db/index.server";
import { jsonError } from "../http.server";
import { MAX_CONVERSATIONS_PER_USER, TITLE_MAX } from "./index";

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
  return `New Chat ${new Intl.DateTimeFormat("en-US", { dateStyle: "medium" }).format(at)}`;
}

export function toConversationJson(c: Conversation): ConversationJson {
  return { id: c.id, title: c.title, createdAt: c.createdAt.toISOString(), updatedAt: c.updatedAt.toISOString() };
}

/** The caller's conversations, newest first (rowid breaks ties within a millisecond). */
export function listConversations(userId: string, db: Db = getDb()): Conversation[] {
  return db
    .select()
    .from(conversations)
    .where(eq(conversations.userId, userId))
    .orderBy(desc(conversations.createdAt), desc(sql`rowid`))
    .all();
}

/**
 * A new conversation for the user. Throws a 409 Response when they already keep MAX_CONVERSATIONS_PER_USER
 * (counted in the transaction that adds it, so two at once cannot both take the last place).
 */
export function createConversation(userId: string, title: string | null | undefined, db: Db = getDb()): Conversation {
  const now = new Date();
  const cleaned = cleanTitle(title ?? "");
  return db.transaction(
    (tx) => {
      const kept = tx.select({ n: count() }).from(conversations).where(eq(conversations.userId, userId)).get()?.n ?? 0;
      if (kept >= MAX_CONVERSATIONS_PER_USER) {
        throw jsonError(409, `You have ${kept.toLocaleString("en-US")} conversations, the most one account may keep. Delete some to start a new one.`, {
          limit: MAX_CONVERSATIONS_PER_USER,
        });
      }
      return tx
        .insert(conversations)
        .values({ id: crypto.randomUUID(), userId, title: cleaned || defaultTitle(now), createdAt: now, updatedAt: now })
        .returning()
        .get();
    },
    { behavior: "immediate" },
  );
}

/** The conversation if it is the user's; null for anyone else's or a missing one (callers answer 404 alike). */
export function getOwnConversation(userId: string, id: string, db: Db = getDb()): Conversation | null {
  return (
    db
      .select()
      .from(conversations)
      .where(and(eq(conversations.id, id), eq(conversations.userId, userId)))
      .get() ?? null
  );
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

/** Deletes the user's conversation; its messages go with it (foreign key cascade). False when not theirs. */
export function deleteConversation(userId: string, id: string, db: Db = getDb()): boolean {
  const result = db
    .delete(conversations)
    .where(and(eq(conversations.id, id), eq(conversations.userId, userId)))
    .run();
  return result.changes > 0;
}
