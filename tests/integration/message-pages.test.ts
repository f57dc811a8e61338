import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EARLIER_CURSOR_HEADER, MESSAGE_PAGE_DEFAULT, MESSAGE_PAGE_MAX } from "~/lib/chat";
import { setBetaAccess, withTestDb } from "../support/db";
import { HttpClient, startServer, type TestServer } from "../support/server";

/**
 * GET /api/conversations/:id/messages in pages over real HTTP: the newest page first, older pages through
 * the cursor, limits checked, and nobody else's conversation reachable.
 */

let server: TestServer;
let owner: HttpClient;
let other: HttpClient;
/** A conversation of 2 × 130 messages (question, answer), created a second apart, oldest first. */
let conversationId: string;
let ids: string[];
const TOTAL = 260;

type MessageJson = { id: string; role: string; content: string; createdAt: string };

beforeAll(async () => {
  server = await startServer();
  owner = new HttpClient(server.url);
  other = new HttpClient(server.url);
  expect((await owner.signUp({ email: "owner@clinic.test" })).status).toBe(303);
  expect((await other.signUp({ email: "other@clinic.test" })).status).toBe(303);
  setBetaAccess(server.dataDir, "owner@clinic.test", "approved");
  setBetaAccess(server.dataDir, "other@clinic.test", "approved");
  const res = await owner.json("POST", "/api/conversations", { title: "A long case" });
  conversationId = ((await res.json()) as { id: string }).id;
  ids = Array.from({ length: TOTAL }, () => crypto.randomUUID());
  const start = Date.UTC(2026, 0, 1);
  withTestDb(server.dataDir, (db) => {
    const insert = db.prepare(
      "insert into messages (id, conversation_id, role, content, citations, status, use_pubmed, use_think_harder, created_at) values (?, ?, ?, ?, '[]', 'complete', 0, 0, ?)",
    );
    // Pairs share a millisecond, as a question and its stored answer can: order then follows insertion.
    db.transaction(() => ids.forEach((id, i) => insert.run(id, conversationId, i % 2 ? "assistant" : "user", `message ${i}`, start + Math.floor(i / 2) * 1000)))();
  });
});

afterAll(async () => {
  await server?.stop();
});

const page = async (client: HttpClient, query = "") => {
  const res = await client.get(`/api/conversations/${conversationId}/messages${query}`);
  const body = res.status === 200 ? ((await res.json()) as MessageJson[]) : ((await res.json()) as { message: string });
  return { status: res.status, body, cursor: res.headers.get(EARLIER_CURSOR_HEADER) };
};

describe("message pages", () => {
  it("give the newest page, oldest first, with the cursor of the page before it", async () => {
    const first = await page(owner);
    expect(first.status).toBe(200);
    const messages = first.body as MessageJson[];
    expect(messages.map((m) => m.id)).toEqual(ids.slice(TOTAL - MESSAGE_PAGE_DEFAULT));
    expect(messages[0]).toMatchObject({ role: "user", content: `message ${TOTAL - MESSAGE_PAGE_DEFAULT}` });
    expect(first.cursor).toBe(ids[TOTAL - MESSAGE_PAGE_DEFAULT]);
  });

  it("walk back to the first message through the cursor, each message once, in order", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const next = await page(owner, `?limit=70${cursor ? `&before=${cursor}` : ""}`);
      expect(next.status).toBe(200);
      seen.unshift(...(next.body as MessageJson[]).map((m) => m.id));
      cursor = next.cursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(Math.ceil(TOTAL / 70));
    expect(seen).toEqual(ids);
  });

  it("has no cursor on a page that reaches the first message, and a short conversation is one page", async () => {
    const last = await page(owner, `?before=${ids[3]}`);
    expect((last.body as MessageJson[]).map((m) => m.id)).toEqual(ids.slice(0, 3));
    expect(last.cursor).toBeNull();
    const exact = await page(owner, `?limit=${MESSAGE_PAGE_MAX}&before=${ids[MESSAGE_PAGE_MAX]}`);
    expect((exact.body as MessageJson[]).length).toBe(MESSAGE_PAGE_MAX);
    expect(exact.cursor).toBeNull();
    const res = await owner.json("POST", "/api/conversations", { title: "Short" });
    const short = await owner.get(`/api/conversations/${((await res.json()) as { id: string }).id}/messages`);
    expect(await short.json()).toEqual([]);
    expect(short.headers.get(EARLIER_CURSOR_HEADER)).toBeNull();
  });

  it("refuse a bad limit or a cursor from elsewhere with 400", async () => {
    for (const query of ["?limit=0", `?limit=${MESSAGE_PAGE_MAX + 1}`, "?limit=ten", "?limit=2.5", "?limit=-3", "?before="]) {
      const res = await page(owner, query);
      expect(res.status, query).toBe(400);
      expect((res.body as { message: string }).message, query).toMatch(/limit|before/);
    }
    const elsewhere = await owner.json("POST", "/api/conversations", { title: "Elsewhere" });
    const otherId = ((await elsewhere.json()) as { id: string }).id;
    const stored = await owner.json("POST", `/api/conversations/${otherId}/messages`, { content: "What is the dose of meloxicam in cats?", usePubmed: false, useThinkHarder: false });
    expect(stored.status).toBe(200);
    const foreign = ((await stored.json()) as { id: string }).id;
    expect((await page(owner, `?before=${foreign}`)).status).toBe(400);
    expect((await page(owner, "?before=no-such-message")).status).toBe(400);
  });

  it("are 404 for anyone else's conversation, whatever the query, and 401 signed out", async () => {
    for (const query of ["", `?before=${ids[100]}`, "?limit=5", "?limit=0"]) {
      const res = await page(other, query);
      expect(res.status, query).toBe(404);
    }
    expect((await page(new HttpClient(server.url))).status).toBe(401);
  });
});
