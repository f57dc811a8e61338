import crypto from "node:crypto";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { AnsweredBy } from "../answer";
import { conversations, getDb, messages, perConnection, type Citation, type Db } from "../db/index.server";
import { z } from "zod";
import { MESSAGE_PAGE_DEFAULT, MESSAGE_PAGE_MAX } from "./index";

export type Message = typeof messages.$inferSelect;
export type MessageRole = Message["role"];
export type MessageStatus = Message["status"];
export type MessageJson = {
  id: string;
  conversationId: string;
  role: MessageRole;
  content: string;
  citations: Citation[];
  status: MessageStatus;
  usePubmed: boolean;
  useThinkHarder: boolean;
  /** How the question was read ("cats · itraconazole · dose"), on an assistant message; null when not read. */
  reading: string | null;
  /** Who wrote an assistant message; null on questions and on answers stored before this was recorded. */
  answeredBy: AnsweredBy | null;
  createdAt: string;
};

export type NewMessage = {
  conversationId: string;
  role: MessageRole;
  content: string;
  citations?: Citation[];
  status?: MessageStatus;
  usePubmed?: boolean;
  useThinkHarder?: boolean;
  reading?: string | null;
  answeredBy?: AnsweredBy | null;
};

export type MessagePatch = { content?: string; citations?: Citation[]; status?: MessageStatus };

export function toMessageJson(m: Message): MessageJson {
  return {
    id: m.id,
    conversationId: m.conversationId,
    role: m.role,
    content: m.content,
    citations: m.citations,
    status: m.status,
    usePubmed: m.usePubmed,
    useThinkHarder: m.useThinkHarder,
    reading: m.reading,
    answeredBy: m.answeredBy,
    createdAt: m.createdAt.toISOString(),
  };
}

/** Oldest first; a question and its answer stored in the same millisecond keep their order by rowid. */
export function listMessages(conversationId: string, db: Db = getDb()): Message[] {
  return perConnection(db, listMessagesQuery).all({ conversationId });
}

// Every question reads its conversation and stores two messages: these run prepared (see perConnection).
function listMessagesQuery(db: Db) {
  return db
    .select()
    .from(messages)
    .where(eq(messages.conversationId, sql.placeholder("conversationId")))
    .orderBy(asc(messages.createdAt), asc(sql`rowid`))
    .prepare();
}

function insertMessageQuery(db: Db) {
  return db
    .insert(messages)
    .values({
      id: sql.placeholder("id"),
      conversationId: sql.placeholder("conversationId"),
      role: sql.placeholder("role"),
      content: sql.placeholder("content"),
      citations: sql.placeholder("citations"),
      status: sql.placeholder("status"),
      usePubmed: sql.placeholder("usePubmed"),
      useThinkHarder: sql.placeholder("useThinkHarder"),
      reading: sql.placeholder("reading"),
      // A placeholder's value goes through the column's encoder even when null, which for a JSON column
      // would store the text 'null' where a one-time query stores NULL: so this one is encoded here.
      answeredBy: sql`${sql.placeholder("answeredBy")}`,
      createdAt: sql.placeholder("createdAt"),
    })
    .returning()
    .prepare();
}

function touchConversationQuery(db: Db) {
  return db
    .update(conversations)
    // Set takes no placeholder: the value is given as the column stores it (milliseconds).
    .set({ updatedAt: sql`${sql.placeholder("updatedAtMs")}` })
    .where(eq(conversations.id, sql.placeholder("conversationId")))
    .prepare();
}

/** A page of a conversation: `limit` messages (the newest, or the newest older than the message `before`), oldest first. */
export type MessagePageRequest = { before?: string | null; limit?: number };

/** `?before=<message id>&limit=<1..MESSAGE_PAGE_MAX>`, both optional. */
export const messagePageQuerySchema = z.object({
  before: z.string().min(1).max(100).optional(),
  limit: z.coerce.number().int().min(1).max(MESSAGE_PAGE_MAX).optional(),
});
export type MessagePage = {
  messages: Message[];
  /** The `before` that reads the page older than this one; null when this page reaches the first message. */
  earlierCursor: string | null;
};

/**
 * One page of a conversation, the newest first read (300 long answers are megabytes: the chat shows the
 * newest and loads older ones on request). Null when `before` is not a message of this conversation.
 */
export function listMessagePage(conversationId: string, page: MessagePageRequest = {}, db: Db = getDb()): MessagePage | null {
  const limit = page.limit ?? MESSAGE_PAGE_DEFAULT;
  let olderThan = sql`1`;
  if (page.before) {
    const cursor = db.get<{ createdAt: number; rowid: number }>(
      sql`select created_at as createdAt, rowid from messages where id = ${page.before} and conversation_id = ${conversationId}`,
    );
    if (!cursor) return null;
    olderThan = sql`(${messages.createdAt} < ${cursor.createdAt} or (${messages.createdAt} = ${cursor.createdAt} and rowid < ${cursor.rowid}))`;
  }
  // One more than asked says whether anything older remains.
  const newestFirst = db
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), olderThan))
    .orderBy(desc(messages.createdAt), desc(sql`rowid`))
    .limit(limit + 1)
    .all();
  const more = newestFirst.length > limit;
  const list = newestFirst.slice(0, limit).reverse();
  return { messages: list, earlierCursor: more && list.length ? list[0]!.id : null };
}

/**
 * Questions that are the last message of their conversation. While the server runs that is a question
 * being answered; at start, one whose answer a process killed outright (kill -9, power cut) never stored.
 */
export function questionsWithoutAnswer(db: Db = getDb()): Message[] {
  const lastOfEach = sql`(select (select m.id from messages m where m.conversation_id = c.id order by m.created_at desc, m.rowid desc limit 1) from conversations c)`;
  return db
    .select()
    .from(messages)
    .where(and(eq(messages.role, "user"), sql`${messages.id} in ${lastOfEach}`))
    .all();
}

/**
 * Stores a message and marks its conversation as updated, together. Ownership of the conversation is the
 * caller's check (getOwnConversation); a missing conversation fails on the foreign key.
 */
export function insertMessage(input: NewMessage, db: Db = getDb()): Message {
  const now = new Date();
  const insert = perConnection(db, insertMessageQuery);
  const touch = perConnection(db, touchConversationQuery);
  return db.$client.transaction(() => {
    const row = insert.get({
      id: crypto.randomUUID(),
      conversationId: input.conversationId,
      role: input.role,
      content: input.content,
      citations: input.citations ?? [],
      status: input.status ?? "complete",
      usePubmed: input.usePubmed ?? false,
      useThinkHarder: input.useThinkHarder ?? false,
      reading: input.reading ?? null,
      answeredBy: input.answeredBy == null ? null : JSON.stringify(input.answeredBy),
      createdAt: now,
    })!;
    touch.run({ updatedAtMs: now.getTime(), conversationId: input.conversationId });
    return row;
  }).immediate();
}

/** Changes a stored message (a streamed answer being completed or failed); null when it no longer exists. */
export function updateMessage(id: string, patch: MessagePatch, db: Db = getDb()): Message | null {
  const set: MessagePatch = {};
  if (patch.content !== undefined) set.content = patch.content;
  if (patch.citations !== undefined) set.citations = patch.citations;
  if (patch.status !== undefined) set.status = patch.status;
  if (Object.keys(set).length === 0) {
    return db.select().from(messages).where(eq(messages.id, id)).get() ?? null;
  }
  return db.update(messages).set(set).where(eq(messages.id, id)).returning().get() ?? null;
}
