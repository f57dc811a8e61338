import Database from "better-sqlite3";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { temporaryDatabases } from "../../../tests/support/temp-db";
import { seededRandom } from "../seeded-random";
import { conversations, messages, users, type Db } from "../db/index.server";
import { FALLBACK_POPULAR_SUGGESTIONS } from "./defaults";
import { popularQuestions, popularSuggestions } from "./suggestions.server";

const databases = temporaryDatabases();

function freshDb(): Db {
  const db = databases.fresh("vetsearch-chat-");
  for (const id of ["u1", "u2", "u3", "u4"]) {
    db.insert(users).values({ id, email: `${id}@x.test` }).run();
    db.insert(conversations).values({ id: `c-${id}`, userId: id, title: "t" }).run();
  }
  return db;
}

let seq = 0;
/** One message by a user; `at` orders them (minutes after a fixed time). */
function ask(d: Db, userId: string, content: string, at: number, role: "user" | "assistant" = "user") {
  d.insert(messages)
    .values({ id: `m${++seq}`, conversationId: `c-${userId}`, role, content, createdAt: new Date(1_700_000_000_000 + at * 60_000) })
    .run();
}

describe("popular questions", () => {
  it("falls back to the spec's three suggestions when nobody has asked anything", () => {
    const d = freshDb();
    expect(popularQuestions(d)).toEqual([]);
    expect(popularSuggestions(d)).toEqual([...FALLBACK_POPULAR_SUGGESTIONS]);
  });

  it("groups by trimmed, case-folded text and shows the newest asking's words", () => {
    const d = freshDb();
    ask(d, "u1", "what is the dose for meloxicam in cats?", 1);
    ask(d, "u2", "  What is the dose for MELOXICAM in cats?  ", 2);
    expect(popularSuggestions(d)).toEqual(["What is the dose for MELOXICAM in cats?"]);
    ask(d, "u3", "What is the dose for meloxicam  in cats?", 3);
    expect(popularSuggestions(d)).toEqual(["What is the dose for meloxicam in cats?"]);
  });

  it("needs two different users: one person's repeated question stays private", () => {
    const d = freshDb();
    ask(d, "u1", "Dose of enrofloxacin for Bella the cat?", 1);
    ask(d, "u1", "Dose of enrofloxacin for Bella the cat?", 2);
    ask(d, "u1", "Dose of enrofloxacin for Bella the cat?", 3);
    expect(popularQuestions(d)).toEqual([]);
    expect(popularSuggestions(d)).toEqual([...FALLBACK_POPULAR_SUGGESTIONS]);
  });

  it("ranks by askers, then by times asked, then by recency, at most three", () => {
    const d = freshDb();
    // Three askers.
    for (const [i, u] of ["u1", "u2", "u3"].entries()) ask(d, u, "How to manage feline asthma?", 10 + i);
    // Two askers, asked four times.
    for (const [i, u] of ["u1", "u2", "u2", "u2"].entries()) ask(d, u, "Treatment of canine parvovirus?", 20 + i);
    // Two askers, twice each, older and newer.
    ask(d, "u3", "Signs of hyperthyroidism in cats?", 1);
    ask(d, "u4", "Signs of hyperthyroidism in cats?", 2);
    ask(d, "u3", "Fluid rates for a dehydrated dog?", 30);
    ask(d, "u4", "Fluid rates for a dehydrated dog?", 31);
    expect(popularQuestions(d)).toEqual([
      "How to manage feline asthma?",
      "Treatment of canine parvovirus?",
      "Fluid rates for a dehydrated dog?",
    ]);
  });

  it("ignores assistant messages and questions outside 10..200 characters", () => {
    const d = freshDb();
    ask(d, "u1", "Short one", 1);
    ask(d, "u2", "short one", 2);
    const long = `Why ${"x".repeat(197)}`;
    ask(d, "u1", long, 3);
    ask(d, "u2", long, 4);
    ask(d, "u1", "An answer text from the model", 5, "assistant");
    ask(d, "u2", "An answer text from the model", 6, "assistant");
    expect(popularQuestions(d)).toEqual([]);
    ask(d, "u3", "  Exactly10.  ", 7);
    ask(d, "u4", "exactly10.", 8);
    expect(popularQuestions(d)).toEqual(["exactly10."]);
  });

  // The count is kept between calls until a question changes: each way one can change must be seen.
  it("counts again after questions are removed, edited or moved, or written by another connection", () => {
    const d = freshDb();
    ask(d, "u1", "Dose of meloxicam in cats?", 1);
    ask(d, "u2", "Dose of meloxicam in cats?", 2);
    expect(popularQuestions(d)).toEqual(["Dose of meloxicam in cats?"]);

    // Deleting a conversation removes its messages through the foreign key.
    d.delete(conversations).where(eq(conversations.id, "c-u2")).run();
    expect(popularQuestions(d)).toEqual([]);

    ask(d, "u3", "Dose of meloxicam in cats?", 3);
    expect(popularQuestions(d)).toEqual(["Dose of meloxicam in cats?"]);
    d.update(messages).set({ content: "Dose of meloxicam in dogs?" }).where(eq(messages.conversationId, "c-u3")).run();
    expect(popularQuestions(d)).toEqual([]);

    ask(d, "u4", "Dose of meloxicam in dogs?", 4);
    expect(popularQuestions(d)).toEqual(["Dose of meloxicam in dogs?"]);
    // Both askers' conversations now belong to one user: one asker.
    d.update(conversations).set({ userId: "u4" }).where(eq(conversations.id, "c-u3")).run();
    expect(popularQuestions(d)).toEqual([]);

    // Another connection (another process, such as the admin CLI) writes to the same file.
    const other = new Database(databases.file);
    try {
      other.prepare("insert into messages (id, conversation_id, role, content, created_at) values ('o1', 'c-u1', 'user', 'Dose of meloxicam in dogs?', 1)").run();
    } finally {
      other.close();
    }
    expect(popularQuestions(d)).toEqual(["Dose of meloxicam in dogs?"]);
  });

  it("hands each caller its own list", () => {
    const d = freshDb();
    ask(d, "u1", "Dose of meloxicam in cats?", 1);
    ask(d, "u2", "Dose of meloxicam in cats?", 2);
    popularQuestions(d).push("changed by a caller");
    expect(popularQuestions(d)).toEqual(["Dose of meloxicam in cats?"]);
  });

  // The count is kept and brought up to date from the questions stored since; SQLite's grouped count is
  // the definition. Random histories with every kind of change, and wordings asked in the same millisecond.
  it("always agrees with counting every question in SQL", () => {
    const d = freshDb();
    const sqlCount = () =>
      (
        d.$client
          .prepare(
            `select m.content as content, max(m.created_at) as lastAsked, count(*) as asks, count(distinct c.user_id) as askers
               from messages m join conversations c on c.id = m.conversation_id
              where m.role = 'user' and question_key(m.content) is not null
              group by question_key(m.content)
             having askers >= 2
              order by askers desc, asks desc, lastAsked desc
              limit 3`,
          )
          .all() as Array<{ content: string }>
      ).map((r) => r.content.trim().replace(/\s+/g, " "));
    const random = seededRandom(17);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
    const wordings = ["Dose of meloxicam in cats?", "dose of MELOXICAM in cats?", "Signs of feline asthma?", "Fluids for a dehydrated dog?", "Is xylitol toxic to dogs?"];
    const users = ["u1", "u2", "u3", "u4"];
    let at = 0;
    for (let step = 0; step < 300; step++) {
      const roll = random();
      if (roll < 0.75) {
        // Now and then in the same millisecond as the question before.
        if (random() < 0.7) at++;
        ask(d, pick(users), pick(wordings), at / 60_000, random() < 0.2 ? "assistant" : "user");
      } else if (roll < 0.8) {
        d.$client.prepare("delete from messages where rowid = (select rowid from messages order by random() limit 1)").run();
      } else if (roll < 0.83) {
        d.$client.prepare("update messages set content = ? where rowid = (select rowid from messages order by random() limit 1)").run(pick(wordings));
      } else if (roll < 0.86) {
        // VACUUM may renumber rowids (of tables without an INTEGER PRIMARY KEY, such as messages).
        d.$client.exec("vacuum");
      } else if (roll < 0.88) {
        const other = new Database(databases.file);
        try {
          other.prepare("insert into messages (id, conversation_id, role, content, created_at) values (?, ?, 'user', ?, ?)").run(`o${step}`, `c-${pick(users)}`, pick(wordings), 1_700_000_000_000 + at);
        } finally {
          other.close();
        }
      }
      expect(popularQuestions(d), `after step ${step}`).toEqual(sqlCount());
    }
  });
});
