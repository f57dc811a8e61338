import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_WELCOME_MESSAGE } from "~/lib/brand";
import { setBetaAccess, withTestDb, type TestDb } from "../support/db";
import { HttpClient, startServer, type TestServer } from "../support/server";

/**
 * The chat routes over real HTTP (conversations, messages list, settings, feedback, suggestions, welcome
 * message) for their owner, another approved user, pending and denied users and signed-out callers.
 */

let server: TestServer;
let owner: HttpClient;
let other: HttpClient;
let third: HttpClient;
let pending: HttpClient;
let denied: HttpClient;
const anon = () => new HttpClient(server.url);

type ConversationJson = { id: string; title: string; createdAt: string; updatedAt: string };
type MessageJson = {
  id: string;
  conversationId: string;
  role: string;
  content: string;
  citations: unknown[];
  status: string;
  usePubmed: boolean;
  useThinkHarder: boolean;
  createdAt: string;
};
type Settings = { customSystemPrompt: string; pubmedPriorityJournals: string; customSystemPromptApplies: boolean };

const SPEC_JOURNALS =
  "J Vet Intern Med, J Am Vet Med Assoc, Am J Vet Res, Front Vet Sci, J Vet Emerg Crit Care (San Antonio), J Small Anim Pract, Vet J, J Feline Med Surg";
const SPEC_FALLBACKS = [
  "Make a protocol for managing sepsis",
  "What is the dose for meloxicam in cats?",
  "Create treatment plan for canine diabetes",
];

beforeAll(async () => {
  server = await startServer();
  owner = new HttpClient(server.url);
  other = new HttpClient(server.url);
  third = new HttpClient(server.url);
  pending = new HttpClient(server.url);
  denied = new HttpClient(server.url);
  for (const [client, email] of [
    [owner, "owner@clinic.test"],
    [other, "other@clinic.test"],
    [third, "third@clinic.test"],
    [pending, "pending@clinic.test"],
    [denied, "denied@clinic.test"],
  ] as const) {
    expect((await client.signUp({ email })).status).toBe(303);
  }
  for (const email of ["owner@clinic.test", "other@clinic.test", "third@clinic.test"]) setBetaAccess(server.dataDir, email, "approved");
  setBetaAccess(server.dataDir, "denied@clinic.test", "denied");
});

afterAll(async () => {
  await server?.stop();
});

const withDb = <T>(work: (db: TestDb) => T): T => withTestDb(server.dataDir, work);

const countRows = (table: string, where = "1", ...args: unknown[]) =>
  withDb((db) => (db.prepare(`select count(*) n from ${table} where ${where}`).get(...args) as { n: number }).n);

const userId = (email: string) => withDb((db) => (db.prepare("select id from users where email = ?").get(email) as { id: string }).id);

/** Stores a message as the answer work will, with a chosen time so order is certain. */
function insertMessage(conversationId: string, role: "user" | "assistant", content: string, at: number, extra: { citations?: unknown[] } = {}) {
  const id = crypto.randomUUID();
  withDb((db) =>
    db
      .prepare(
        "insert into messages (id, conversation_id, role, content, citations, status, use_pubmed, use_think_harder, created_at) values (?, ?, ?, ?, ?, 'complete', ?, 0, ?)",
      )
      .run(id, conversationId, role, content, JSON.stringify(extra.citations ?? []), role === "user" ? 1 : 0, at),
  );
  return id;
}

/** A conversation of the user's own, made with SQL so the order of creation times is certain. */
function insertConversation(email: string, title: string, at: number): string {
  const id = crypto.randomUUID();
  withDb((db) =>
    db
      .prepare("insert into conversations (id, user_id, title, created_at, updated_at) values (?, ?, ?, ?, ?)")
      .run(id, userId(email), title, at, at),
  );
  return id;
}

async function createConversation(client: HttpClient, title: unknown): Promise<ConversationJson> {
  const res = await client.json("POST", "/api/conversations", { title });
  expect(res.status).toBe(201);
  return (await res.json()) as ConversationJson;
}

async function listConversations(client: HttpClient): Promise<ConversationJson[]> {
  const res = await client.get("/api/conversations");
  expect(res.status).toBe(200);
  return (await res.json()) as ConversationJson[];
}

const send = (client: HttpClient, method: string, url: string, body?: unknown) =>
  body === undefined ? client.request(method, url) : client.json(method, url, body);

describe("popular suggestions", () => {
  it("are the spec's three fallbacks while nobody has asked anything", async () => {
    expect(countRows("messages")).toBe(0);
    const res = await owner.get("/api/suggestions/popular");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(SPEC_FALLBACKS);
  });

  it("become the questions different users asked most, in their newest words", async () => {
    const c1 = insertConversation("owner@clinic.test", "a", 1_000);
    const c2 = insertConversation("other@clinic.test", "b", 2_000);
    const c3 = insertConversation("third@clinic.test", "c", 3_000);
    insertMessage(c1, "user", "How do I manage feline asthma?", 10_000);
    insertMessage(c2, "user", "how do i manage FELINE asthma?", 11_000);
    insertMessage(c3, "user", "  How do I manage feline asthma?  ", 12_000);
    insertMessage(c1, "user", "Treatment of canine parvovirus?", 13_000);
    insertMessage(c2, "user", "Treatment of Canine Parvovirus?", 14_000);
    insertMessage(c1, "user", "Signs of hyperthyroidism in cats?", 15_000);
    insertMessage(c3, "user", "signs of hyperthyroidism in cats?", 16_000);
    insertMessage(c1, "user", "Signs of hyperthyroidism in cats?", 17_000);
    // One person's repeated question, an assistant reply and a too-short question never become suggestions.
    insertMessage(c2, "user", "Enrofloxacin dose for Bella the Siamese?", 18_000);
    insertMessage(c2, "user", "Enrofloxacin dose for Bella the Siamese?", 19_000);
    insertMessage(c1, "assistant", "The answer is in the sources below.", 20_000);
    insertMessage(c3, "assistant", "The answer is in the sources below.", 21_000);
    insertMessage(c1, "user", "Sepsis?", 22_000);
    insertMessage(c2, "user", "sepsis?", 23_000);

    const res = await other.get("/api/suggestions/popular");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([
      "How do I manage feline asthma?",
      "Signs of hyperthyroidism in cats?",
      "Treatment of Canine Parvovirus?",
    ]);
    withDb((db) => db.prepare("delete from conversations where id in (?, ?, ?)").run(c1, c2, c3));
    expect(await (await other.get("/api/suggestions/popular")).json()).toEqual(SPEC_FALLBACKS);
  });
});

describe("who may call the chat routes", () => {
  const calls = (id: string): Array<[string, string, unknown?]> => [
    ["GET", "/api/conversations"],
    ["POST", "/api/conversations", { title: "Should not exist" }],
    ["PATCH", `/api/conversations/${id}`, { title: "Hijacked" }],
    ["DELETE", `/api/conversations/${id}`],
    ["POST", `/api/conversations/${id}/restore`],
    ["GET", `/api/conversations/${id}/messages`],
    ["GET", "/api/suggestions/popular"],
    ["GET", "/api/welcome-message"],
    ["POST", "/api/feedback", { message: "This should never be stored." }],
    ["GET", "/api/user/settings"],
    ["POST", "/api/user/settings", { customSystemPrompt: "Should not be stored" }],
  ];

  it("answers 401 signed out and 403 to pending and denied users, and changes nothing", async () => {
    const conversation = await createConversation(owner, "Owner's gated conversation");
    const before = {
      conversations: countRows("conversations"),
      feedback: countRows("feedback"),
      settings: countRows("user_settings"),
    };
    for (const [method, url, body] of calls(conversation.id)) {
      expect((await send(anon(), method, url, body)).status, `${method} ${url} signed out`).toBe(401);
      const forPending = await send(pending, method, url, body);
      expect(forPending.status, `${method} ${url} pending`).toBe(403);
      expect(await forPending.json()).toMatchObject({ betaAccess: "pending" });
      expect((await send(denied, method, url, body)).status, `${method} ${url} denied`).toBe(403);
    }
    expect({
      conversations: countRows("conversations"),
      feedback: countRows("feedback"),
      settings: countRows("user_settings"),
    }).toEqual(before);
    expect((await listConversations(owner)).find((c) => c.id === conversation.id)?.title).toBe("Owner's gated conversation");
  });

  it("answers 405 to methods a route does not serve", async () => {
    const { id } = await createConversation(owner, "Methods");
    const wrong: Array<[string, string, string]> = [
      ["PUT", "/api/conversations", "GET, POST"],
      ["GET", `/api/conversations/${id}`, "PATCH, DELETE"],
      ["POST", `/api/conversations/${id}`, "PATCH, DELETE"],
      ["POST", "/api/suggestions/popular", "GET"],
      ["POST", "/api/welcome-message", "GET"],
      ["GET", "/api/feedback", "POST"],
      ["DELETE", "/api/user/settings", "GET, POST"],
    ];
    for (const [method, url, allow] of wrong) {
      const res = await send(owner, method, url, method === "GET" ? undefined : {});
      expect(res.status, `${method} ${url}`).toBe(405);
      expect(res.headers.get("allow")).toBe(allow);
    }
  });
});

describe("conversations", () => {
  it("creates with a trimmed title, lists the caller's newest first, renames and deletes", async () => {
    const first = await createConversation(owner, "  Meloxicam in cats  ");
    expect(first).toEqual({ id: expect.any(String), title: "Meloxicam in cats", createdAt: expect.any(String), updatedAt: expect.any(String) });
    expect(new Date(first.createdAt).toISOString()).toBe(first.createdAt);
    const second = await createConversation(owner, "Canine diabetes");

    const listed = await listConversations(owner);
    const ids = listed.map((c) => c.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect(ids.indexOf(second.id)).toBe(0);
    expect(listed.find((c) => c.id === first.id)).toEqual(first);

    const renamed = await owner.json("PATCH", `/api/conversations/${first.id}`, { title: "  Feline NSAIDs  " });
    expect(renamed.status).toBe(200);
    const renamedBody = (await renamed.json()) as ConversationJson;
    expect(renamedBody).toMatchObject({ id: first.id, title: "Feline NSAIDs", createdAt: first.createdAt });
    expect((await listConversations(owner)).find((c) => c.id === first.id)?.title).toBe("Feline NSAIDs");

    const deleted = await owner.request("DELETE", `/api/conversations/${first.id}`);
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ deleted: true, undoUntil: expect.any(String) });
    expect((await listConversations(owner)).map((c) => c.id)).not.toContain(first.id);
    expect((await owner.request("DELETE", `/api/conversations/${first.id}`)).status).toBe(404);
    expect((await owner.json("PATCH", `/api/conversations/${first.id}`, { title: "Back?" })).status).toBe(404);
    expect((await owner.get(`/api/conversations/${first.id}/messages`)).status).toBe(404);
  });

  it("a deleted conversation can be restored by its owner moments later, messages and all, once", async () => {
    const { id } = await createConversation(owner, "Undo me");
    insertMessage(id, "user", "What is the dose of meloxicam in cats?", Date.parse("2025-03-01T10:00:00Z"));
    insertMessage(id, "assistant", "0.05 mg/kg once daily [1]", Date.parse("2025-03-01T10:00:05Z"), { citations: [{ document: "Formulary", page: 3 }] });
    const listedBefore = (await listConversations(owner)).find((c) => c.id === id);
    const messagesBefore = await (await owner.get(`/api/conversations/${id}/messages`)).json();

    const deleted = await owner.request("DELETE", `/api/conversations/${id}`);
    const { undoUntil } = (await deleted.json()) as { undoUntil: string };
    expect(Date.parse(undoUntil)).toBeGreaterThan(Date.now());
    // Gone for everything at once: the list, its messages, the counts.
    expect((await listConversations(owner)).map((c) => c.id)).not.toContain(id);
    expect((await owner.get(`/api/conversations/${id}/messages`)).status).toBe(404);
    expect(countRows("messages", "conversation_id = ?", id)).toBe(0);

    // Nobody else can bring it back, nor see that it exists.
    const foreign = await other.request("POST", `/api/conversations/${id}/restore`);
    expect(foreign.status).toBe(404);
    expect(countRows("conversations", "id = ?", id)).toBe(0);

    const restored = await owner.request("POST", `/api/conversations/${id}/restore`);
    expect(restored.status).toBe(200);
    expect(await restored.json()).toEqual(listedBefore);
    expect((await listConversations(owner)).find((c) => c.id === id)).toEqual(listedBefore);
    expect(await (await owner.get(`/api/conversations/${id}/messages`)).json()).toEqual(messagesBefore);

    const again = await owner.request("POST", `/api/conversations/${id}/restore`);
    expect(again.status).toBe(404);
    expect(await again.json()).toMatchObject({ message: expect.stringContaining("no deleted conversation") });
    expect((await owner.request("POST", "/api/conversations/00000000-0000-4000-8000-000000000000/restore")).status).toBe(404);
    expect((await owner.get(`/api/conversations/${id}/restore`)).status).toBe(405);
  });

  it("orders by creation time, newest first", async () => {
    const older = insertConversation("third@clinic.test", "Older", Date.parse("2024-01-01T00:00:00Z"));
    const newer = insertConversation("third@clinic.test", "Newer", Date.parse("2024-06-01T00:00:00Z"));
    const oldest = insertConversation("third@clinic.test", "Oldest", Date.parse("2023-01-01T00:00:00Z"));
    const listed = (await listConversations(third)).filter((c) => [older, newer, oldest].includes(c.id));
    expect(listed.map((c) => c.title)).toEqual(["Newer", "Older", "Oldest"]);
    expect(listed[0]!.createdAt).toBe("2024-06-01T00:00:00.000Z");
  });

  it("names a conversation without a title 'New Chat {date}'", async () => {
    for (const body of [{ title: "   " }, { title: "" }, {}, { title: null }]) {
      const res = await owner.json("POST", "/api/conversations", body);
      expect(res.status, JSON.stringify(body)).toBe(201);
      const created = (await res.json()) as ConversationJson;
      const expected = `New Chat ${new Intl.DateTimeFormat("en-US", { dateStyle: "medium" }).format(new Date(created.createdAt))}`;
      expect(created.title).toBe(expected);
    }
  });

  it("takes a title of up to 200 characters (spaces around it aside) and refuses a longer one with 422, as every text field", async () => {
    const longest = "A".repeat(149) + " " + "B".repeat(50);
    expect(longest).toHaveLength(200);
    const created = await createConversation(owner, `  ${longest}  `);
    expect(created.title).toBe(longest);
    const count = countRows("conversations");
    const tooLong = await owner.json("POST", "/api/conversations", { title: `${longest}B` });
    expect(tooLong.status).toBe(422);
    expect(countRows("conversations")).toBe(count);
    const renamed = await owner.json("PATCH", `/api/conversations/${created.id}`, { title: "C".repeat(201) });
    expect(renamed.status).toBe(422);
    expect(await renamed.json()).toMatchObject({ message: "title: Title must be at most 200 characters" });
  });

  it("refuses bad input and changes nothing", async () => {
    const conversation = await createConversation(owner, "Unchanged");
    const count = countRows("conversations");
    const url = `/api/conversations/${conversation.id}`;

    for (const title of ["", "   \n\t "]) {
      const res = await owner.json("PATCH", url, { title });
      expect(res.status).toBe(422);
      expect(((await res.json()) as { message: string }).message).toMatch(/blank/);
    }
    expect((await owner.json("PATCH", url, {})).status).toBe(422);
    expect((await owner.json("PATCH", url, { title: 42 })).status).toBe(422);
    expect((await owner.json("POST", "/api/conversations", { title: 42 })).status).toBe(422);

    const malformed = { "Content-Type": "application/json" };
    expect((await owner.request("POST", "/api/conversations", { body: "{title:", headers: malformed })).status).toBe(400);
    expect((await owner.request("PATCH", url, { body: '{"title": "x"', headers: malformed })).status).toBe(400);

    const asForm = { "Content-Type": "application/x-www-form-urlencoded" };
    expect((await owner.request("POST", "/api/conversations", { body: "title=Form", headers: asForm })).status).toBe(415);
    expect((await owner.request("PATCH", url, { body: "title=Form", headers: asForm })).status).toBe(415);

    expect(countRows("conversations")).toBe(count);
    expect((await listConversations(owner)).find((c) => c.id === conversation.id)?.title).toBe("Unchanged");
  });

  it("answers 404 for an unknown id", async () => {
    expect((await owner.json("PATCH", "/api/conversations/no-such-id", { title: "x" })).status).toBe(404);
    expect((await owner.request("DELETE", "/api/conversations/no-such-id")).status).toBe(404);
    const res = await owner.get("/api/conversations/no-such-id/messages");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: "Conversation not found" });
  });
});

describe("another user's conversation", () => {
  it("is never listed and is 404 for every verb, and stays as it was", async () => {
    const mine = await createConversation(owner, "Private case notes");
    insertMessage(mine.id, "user", "Private question about a patient", Date.now());
    expect((await listConversations(other)).map((c) => c.id)).not.toContain(mine.id);

    const attempts: Array<[string, string, unknown?]> = [
      ["GET", `/api/conversations/${mine.id}/messages`],
      ["PATCH", `/api/conversations/${mine.id}`, { title: "Taken over" }],
      ["DELETE", `/api/conversations/${mine.id}`],
    ];
    for (const [method, url, body] of attempts) {
      const res = await send(other, method, url, body);
      expect(res.status, `${method} ${url}`).toBe(404);
      expect(await res.json()).toEqual({ message: "Conversation not found" });
    }
    expect((await listConversations(owner)).find((c) => c.id === mine.id)?.title).toBe("Private case notes");
    expect(countRows("messages", "conversation_id = ?", mine.id)).toBe(1);
  });
});

describe("messages", () => {
  it("lists a conversation's messages oldest first in the contract's shape", async () => {
    const conversation = await createConversation(owner, "Meloxicam");
    const base = Date.parse("2025-03-01T10:00:00Z");
    const citations = [{ document: "Plumb's Veterinary Drug Handbook", page: "245", documentId: "d1", physicalPage: 260, url: "/documents/d1/pages/260" }];
    const answer = insertMessage(conversation.id, "assistant", "The dose is 0.05 mg/kg [1].", base + 2_000, { citations });
    const question = insertMessage(conversation.id, "user", "What is the dose for meloxicam in cats?", base);

    const res = await owner.get(`/api/conversations/${conversation.id}/messages`);
    expect(res.status).toBe(200);
    const list = (await res.json()) as MessageJson[];
    expect(list.map((m) => m.id)).toEqual([question, answer]);
    expect(list[0]).toEqual({
      id: question,
      conversationId: conversation.id,
      role: "user",
      content: "What is the dose for meloxicam in cats?",
      citations: [],
      status: "complete",
      usePubmed: true,
      useThinkHarder: false,
      reading: null,
      answeredBy: null,
      createdAt: "2025-03-01T10:00:00.000Z",
    });
    expect(list[1]).toMatchObject({ role: "assistant", citations, usePubmed: false, reading: null, answeredBy: null, createdAt: "2025-03-01T10:00:02.000Z" });

    const empty = await createConversation(owner, "Empty");
    expect(await (await owner.get(`/api/conversations/${empty.id}/messages`)).json()).toEqual([]);
  });

  it("go with their conversation when it is deleted, and only theirs", async () => {
    const doomed = await createConversation(owner, "To delete");
    const kept = await createConversation(owner, "To keep");
    insertMessage(doomed.id, "user", "Question one about sepsis", Date.now());
    insertMessage(doomed.id, "assistant", "Answer one", Date.now());
    insertMessage(kept.id, "user", "Question about diabetes", Date.now());
    expect(countRows("messages", "conversation_id = ?", doomed.id)).toBe(2);

    expect((await owner.request("DELETE", `/api/conversations/${doomed.id}`)).status).toBe(200);
    expect(countRows("conversations", "id = ?", doomed.id)).toBe(0);
    expect(countRows("messages", "conversation_id = ?", doomed.id)).toBe(0);
    expect(countRows("messages", "conversation_id = ?", kept.id)).toBe(1);
  });
});

describe("feedback", () => {
  it("stores the trimmed message as new feedback from the caller", async () => {
    const res = await owner.json("POST", "/api/feedback", { message: "  The citations are really helpful.  " });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const row = withDb((db) => db.prepare("select user_id, message, status from feedback where id = ?").get(id));
    expect(row).toEqual({ user_id: userId("owner@clinic.test"), message: "The citations are really helpful.", status: "new" });
  });

  it("refuses fewer than 10 characters with the spec's message, and stores nothing", async () => {
    const before = countRows("feedback");
    for (const body of [{ message: "123456789" }, { message: "   short    " }, { message: "" }, {}]) {
      const res = await owner.json("POST", "/api/feedback", body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(await res.json()).toEqual({ message: "Feedback must be at least 10 characters long" });
    }
    const tooLong = await owner.json("POST", "/api/feedback", { message: "x".repeat(5_001) });
    expect(tooLong.status).toBe(422);
    expect(((await tooLong.json()) as { message: string }).message).toMatch(/at most 5,000/);
    expect((await owner.json("POST", "/api/feedback", { message: 1234567890123 })).status).toBe(422);
    expect((await owner.request("POST", "/api/feedback", { body: "{", headers: { "Content-Type": "application/json" } })).status).toBe(400);
    expect((await owner.request("POST", "/api/feedback", { body: "message=hello there friend", headers: { "Content-Type": "application/x-www-form-urlencoded" } })).status).toBe(415);
    expect(countRows("feedback")).toBe(before);
    expect((await owner.json("POST", "/api/feedback", { message: "1234567890" })).status).toBe(201);
  });
});

describe("user settings", () => {
  it("are the spec's defaults until saved", async () => {
    const res = await third.get("/api/user/settings");
    expect(res.status).toBe(200);
    const settings = (await res.json()) as Settings;
    expect(settings.pubmedPriorityJournals).toBe(SPEC_JOURNALS);
    expect(settings.customSystemPrompt).toContain("I cannot find information about this topic in the available medical literature.");
    expect(settings.customSystemPrompt).toMatch(/\[1\]/);
    expect(settings.customSystemPrompt).toMatch(/AMA/);
    // No language model on this server: the extractive answerer does not read the custom prompt.
    expect(settings.customSystemPromptApplies).toBe(false);
  });

  it("saves either field, keeps the one left out, and are the caller's alone", async () => {
    const defaults = (await (await third.get("/api/user/settings")).json()) as Settings;
    const saved = await owner.json("POST", "/api/user/settings", { customSystemPrompt: "Answer briefly.", pubmedPriorityJournals: "Vet J, J Feline Med Surg" });
    const applies = { customSystemPromptApplies: false };
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ customSystemPrompt: "Answer briefly.", pubmedPriorityJournals: "Vet J, J Feline Med Surg", ...applies });

    const partial = await owner.json("POST", "/api/user/settings", { pubmedPriorityJournals: "  Vet J  " });
    expect(await partial.json()).toEqual({ customSystemPrompt: "Answer briefly.", pubmedPriorityJournals: "Vet J", ...applies });
    expect(await (await owner.get("/api/user/settings")).json()).toEqual({ customSystemPrompt: "Answer briefly.", pubmedPriorityJournals: "Vet J", ...applies });
    expect(await (await other.get("/api/user/settings")).json()).toEqual(defaults);

    const cleared = await owner.json("POST", "/api/user/settings", { customSystemPrompt: "   " });
    expect(await cleared.json()).toEqual({ customSystemPrompt: defaults.customSystemPrompt, pubmedPriorityJournals: "Vet J", ...applies });
  });

  it("refuses values over the limits and leaves what was stored", async () => {
    await other.json("POST", "/api/user/settings", { customSystemPrompt: "Keep me.", pubmedPriorityJournals: "J Vet Intern Med" });
    const stored = { customSystemPrompt: "Keep me.", pubmedPriorityJournals: "J Vet Intern Med", customSystemPromptApplies: false };
    const bad: unknown[] = [
      { customSystemPrompt: "p".repeat(20_001) },
      { pubmedPriorityJournals: "j".repeat(5_001), customSystemPrompt: "Changed" },
      { customSystemPrompt: 7 },
    ];
    for (const body of bad) {
      const res = await other.json("POST", "/api/user/settings", body);
      expect(res.status).toBe(422);
      expect(await (await other.get("/api/user/settings")).json()).toEqual(stored);
    }
    const json = { "Content-Type": "application/json" };
    expect((await other.request("POST", "/api/user/settings", { body: "{nope", headers: json })).status).toBe(400);
    expect((await other.request("POST", "/api/user/settings", { body: "customSystemPrompt=x", headers: { "Content-Type": "text/plain" } })).status).toBe(415);
    expect(await (await other.get("/api/user/settings")).json()).toEqual(stored);

    const atLimit = await other.json("POST", "/api/user/settings", { customSystemPrompt: "p".repeat(20_000), pubmedPriorityJournals: "j".repeat(5_000) });
    expect(atLimit.status).toBe(200);
  });
});

describe("welcome message", () => {
  it("is the built-in greeting until an admin sets one, then the admin's, on the API and the app page", async () => {
    expect(await (await owner.get("/api/welcome-message")).json()).toEqual({ welcomeMessage: DEFAULT_WELCOME_MESSAGE });
    withDb((db) => db.prepare("insert into app_settings (key, value) values ('welcomeMessage', ?)").run("  Welcome to the Riverside Clinic assistant  "));
    expect(await (await owner.get("/api/welcome-message")).json()).toEqual({ welcomeMessage: "Welcome to the Riverside Clinic assistant" });
    const page = await owner.get("/app");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Welcome to the Riverside Clinic assistant");
    withDb((db) => db.prepare("update app_settings set value = '   ' where key = 'welcomeMessage'").run());
    expect(await (await owner.get("/api/welcome-message")).json()).toEqual({ welcomeMessage: DEFAULT_WELCOME_MESSAGE });
  });
});
