import { describe, expect, it } from "vitest";
import { temporaryDatabases } from "../../../tests/support/temp-db";
import { conversations, messages, users, type Db } from "../db/index.server";
import { deleteConversation, restoreConversation } from "./conversations.server";
import { DELETE_UNDO_MS } from "./index";

const databases = temporaryDatabases();

/** Two users; u1 has conversation `id` with a question and an answer that was still being written. */
function withConversation(id: string): Db {
  const db = databases.fresh("vetsearch-undo-");
  for (const u of ["u1", "u2"]) db.insert(users).values({ id: u, email: `${u}@x.test` }).run();
  db.insert(conversations).values({ id, userId: "u1", title: "Meloxicam" }).run();
  db.insert(messages).values({ id: `${id}-q`, conversationId: id, role: "user", content: "Dose?", createdAt: new Date(1000) }).run();
  db.insert(messages)
    .values({ id: `${id}-a`, conversationId: id, role: "assistant", content: "0.05 mg/kg [1]", citations: [{ document: "Formulary", page: 3 }], status: "streaming", createdAt: new Date(2000) })
    .run();
  return db;
}

const rows = (d: Db, id: string) => ({
  conversation: d.select().from(conversations).all().filter((c) => c.id === id),
  messages: d.select().from(messages).all().filter((m) => m.conversationId === id),
});

describe("deleting a conversation with a moment to undo", () => {
  it("removes it at once, and its owner can put it back as it was within the window", () => {
    const d = withConversation("c1");
    const before = rows(d, "c1");
    const now = 1_000_000;
    expect(deleteConversation("u1", "c1", d, now)).toEqual({ undoUntil: new Date(now + DELETE_UNDO_MS) });
    expect(rows(d, "c1")).toEqual({ conversation: [], messages: [] });

    expect(restoreConversation("u2", "c1", d, now + 1)).toBeNull();
    expect(restoreConversation("u1", "c1", d, now + DELETE_UNDO_MS)).toEqual(before.conversation[0]);
    const after = rows(d, "c1");
    expect(after.conversation).toEqual(before.conversation);
    // The answer nothing writes any more comes back as failed, not as forever streaming.
    expect(after.messages).toEqual(before.messages.map((m) => ({ ...m, status: m.status === "streaming" ? "failed" : m.status })));
    // Once only.
    expect(restoreConversation("u1", "c1", d, now + 2)).toBeNull();
  });

  it("cannot be undone after the window, by anyone else, or for a conversation never deleted", () => {
    const d = withConversation("c2");
    const now = 5_000_000;
    expect(restoreConversation("u1", "c2", d, now)).toBeNull();
    expect(deleteConversation("u2", "c2", d, now)).toBeNull();
    expect(rows(d, "c2").conversation).toHaveLength(1);
    expect(deleteConversation("u1", "c2", d, now)).not.toBeNull();
    expect(restoreConversation("u1", "c2", d, now + 60_000)).toBeNull();
    expect(rows(d, "c2")).toEqual({ conversation: [], messages: [] });
  });
});
