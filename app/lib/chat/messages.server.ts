import crypto from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import type { AnsweredBy } from "../answer";
import { conversations, getDb, messages, type Citation, type Db } from "../db/index.server";

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
  return db
    .select()
    .from(messages)
    .where(eq(messages.conversationId, conversationId))
    .orderBy(asc(messages.createdAt), asc(sql`rowid`))
    .all();
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
  return db.$client.transaction(() => {
    const row = db
      .insert(messages)
      .values({
        id: crypto.randomUUID(),
        conversationId: input.conversationId,
        role: input.role,
        content: input.content,
        citations: input.citations ?? [],
        status: input.status ?? "complete",
        usePubmed: input.usePubmed ?? false,
        useThinkHarder: input.useThinkHarder ?? false,
        reading: input.reading ?? null,
        answeredBy: input.answeredBy ?? null,
        createdAt: now,
      })
      .returning()
      .get();
    db.update(conversations).set({ updatedAt: now }).where(eq(conversations.id, input.conversationId)).run();
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
