import { describe, expect, it } from "vitest";
import { temporaryDatabases } from "../../../tests/support/temp-db";
import { conversations, users, type Db } from "../db/index.server";
import { getOwnConversation } from "./conversations.server";
import { insertMessage, listMessages } from "./messages.server";

const databases = temporaryDatabases();

function freshDb(): Db {
  const db = databases.fresh("vetsearch-messages-");
  db.insert(users).values({ id: "u1", email: "u1@x.test" }).run();
  db.insert(conversations).values({ id: "c1", userId: "u1", title: "t", updatedAt: new Date(1_700_000_000_000) }).run();
  return db;
}

// Messages are stored through a prepared insert: what lands in the columns must be what a one-time
// drizzle insert stores, NULL included.
describe("insertMessage", () => {
  it("stores every field as the columns hold them and returns the stored row", () => {
    const d = freshDb();
    const question = insertMessage({ conversationId: "c1", role: "user", content: "Dose of meloxicam in cats?" }, d);
    const answer = insertMessage(
      {
        conversationId: "c1",
        role: "assistant",
        content: "0.05 mg/kg [1]",
        citations: [{ document: "Formulary", page: 3, documentId: "d1" }],
        status: "failed",
        usePubmed: true,
        useThinkHarder: true,
        reading: "cats · meloxicam · dose",
        answeredBy: { provider: "ollama", model: "llama3" },
      },
      d,
    );
    expect(listMessages("c1", d)).toEqual([question, answer]);
    const raw = d.$client
      .prepare("select role, citations, status, use_pubmed, use_think_harder, reading, answered_by, created_at from messages order by rowid")
      .all();
    expect(raw).toEqual([
      { role: "user", citations: "[]", status: "complete", use_pubmed: 0, use_think_harder: 0, reading: null, answered_by: null, created_at: question.createdAt.getTime() },
      {
        role: "assistant",
        citations: '[{"document":"Formulary","page":3,"documentId":"d1"}]',
        status: "failed",
        use_pubmed: 1,
        use_think_harder: 1,
        reading: "cats · meloxicam · dose",
        answered_by: '{"provider":"ollama","model":"llama3"}',
        created_at: answer.createdAt.getTime(),
      },
    ]);
    expect(answer.answeredBy).toEqual({ provider: "ollama", model: "llama3" });
    expect(question.answeredBy).toBeNull();
    expect(getOwnConversation("u1", "c1", d)?.updatedAt).toEqual(answer.createdAt);
  });

  it("fails on a missing conversation and stores nothing", () => {
    const d = freshDb();
    expect(() => insertMessage({ conversationId: "nope", role: "user", content: "Dose of meloxicam in cats?" }, d)).toThrow(/FOREIGN KEY/);
    expect(d.$client.prepare("select count(*) from messages").pluck().get()).toBe(0);
  });
});
