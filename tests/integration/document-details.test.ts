import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokenize } from "../../app/lib/search/tokenize";
import { setBetaAccess, withTestDb } from "../support/db";
import { HttpClient, startServer, type TestServer } from "../support/server";
import { FIXTURE_DOCUMENTS, LIBRARY_UPLOADS, upload, waitForSession } from "../support/uploads";

/**
 * Editing a document's details (title, authors, year) over real HTTP against the built server: who may
 * (an admin for the shared knowledge base, the owner for a private document, through the API routes and
 * the documents page's action), what a bad edit gets (422 with the reason, nothing changed), and that the
 * next answer cites the document by its new title, its name in the search index changed with it.
 */

const SHARED_TXT = "# Meloxicam in cats\n\nMeloxicam is a non-steroidal anti-inflammatory drug. The initial dose in cats is 0.3 mg/kg once, then 0.05 mg/kg daily.\n";
const QUESTION = "What is the dose of meloxicam in cats?";
const PRIVATE_NAME = "docling_word_sample.docx";

type Citation = { documentId: string; document: string; page: string | number };
type Details = { id: string; title: string; authors: string[]; year: number | null };

let server: TestServer;
let admin: HttpClient;
let alice: HttpClient;
let bob: HttpClient;
let pending: HttpClient;
let sharedId: string;
let privateId: string;
const anon = () => new HttpClient(server.url);

async function ingest(client: HttpClient, name: string, content: Buffer, library = false): Promise<string> {
  const res = await upload(client, name, content, "document", library ? LIBRARY_UPLOADS.upload : undefined);
  expect(res.status, await res.clone().text()).toBe(200);
  const { sessionId } = (await res.json()) as { sessionId: string };
  const session = await waitForSession(client, sessionId, 120_000, library ? LIBRARY_UPLOADS.sessions : undefined);
  expect(session).toMatchObject({ status: "completed" });
  return session.documentId!;
}

/** The stored details and the corpus statistics. */
function stored(id: string) {
  return withTestDb(server.dataDir, (db) => {
    const row = db.prepare("select title, authors, year from documents where id = ?").get(id) as { title: string; authors: string; year: number | null };
    const chunks = db.prepare("select count(*) n from chunks where document_id = ?").pluck().get(id) as number;
    const stats = db.prepare("select tokens, version, (select coalesce(sum(token_count), 0) from chunks) summed from search_stats").get() as { tokens: number; version: number; summed: number };
    return { title: row.title, authors: JSON.parse(row.authors) as string[], year: row.year, chunks, stats };
  });
}

/** How many of the document's chunks the full-text index finds by `word` in their title field (the document's name). */
function namedBy(id: string, word: string): number {
  return withTestDb(server.dataDir, (db) => {
    const match = `title : ${tokenize(word)[0]}`;
    return db.prepare("select count(*) from chunks_fts f join chunks c on c.id = f.rowid where c.document_id = ? and chunks_fts match ?").pluck().get(id, match) as number;
  });
}

async function ask(client: HttpClient, question: string): Promise<{ content: string; citations: Citation[] }> {
  const created = await client.json("POST", "/api/conversations", { title: "Details" });
  const { id } = (await created.json()) as { id: string };
  const res = await client.json("POST", `/api/conversations/${id}/messages`, { content: question, usePubmed: false, useThinkHarder: false });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as { content: string; citations: Citation[] };
}

/** The documents page's action (what the Edit details form submits). */
const pageEdit = (client: HttpClient, body: unknown) => client.json("POST", "/documents", body);

beforeAll(async () => {
  server = await startServer({ env: { ADMIN_PASSWORD: "details-admin-password" } });
  admin = new HttpClient(server.url);
  expect((await admin.signIn(server.adminEmail, "details-admin-password")).status).toBe(303);
  for (const [name, email] of [["alice", "alice@clinic.test"], ["bob", "bob@clinic.test"]] as const) {
    const client = new HttpClient(server.url);
    expect((await client.signUp({ email })).status).toBe(303);
    setBetaAccess(server.dataDir, email, "approved");
    if (name === "alice") alice = client;
    else bob = client;
  }
  pending = new HttpClient(server.url);
  expect((await pending.signUp({ email: "pending@clinic.test" })).status).toBe(303);
  sharedId = await ingest(admin, "meloxicam-cats.txt", Buffer.from(SHARED_TXT));
  privateId = await ingest(alice, PRIVATE_NAME, fs.readFileSync(path.join(FIXTURE_DOCUMENTS, PRIVATE_NAME)), true);
});

afterAll(async () => {
  await server?.stop();
});

describe("who may edit a document's details", () => {
  const edit = { title: "Not Yours", authors: "", year: "" };

  it("the shared knowledge base: only an admin (401 signed out, 403 for everyone else), through the API and the page action", async () => {
    const before = stored(sharedId);
    expect((await anon().json("PATCH", `/api/admin/documents/${sharedId}`, edit)).status).toBe(401);
    for (const client of [pending, alice, bob]) expect((await client.json("PATCH", `/api/admin/documents/${sharedId}`, edit)).status).toBe(403);
    // The library's route reaches only the caller's own documents: a shared one is not there.
    expect((await alice.json("PATCH", `/api/documents/${sharedId}`, edit)).status).toBe(404);
    for (const client of [alice, bob]) {
      const res = await pageEdit(client, { id: sharedId, ...edit });
      expect(res.status).toBe(403);
    }
    expect(stored(sharedId)).toEqual(before);
  });

  it("a private document: only its owner; another user, and the admin's shared-library route, get 404", async () => {
    const before = stored(privateId);
    expect((await anon().json("PATCH", `/api/documents/${privateId}`, edit)).status).toBe(401);
    expect((await pending.json("PATCH", `/api/documents/${privateId}`, edit)).status).toBe(403);
    expect((await bob.json("PATCH", `/api/documents/${privateId}`, edit)).status).toBe(404);
    expect((await bob.json("PATCH", `/api/documents/no-such-document`, edit)).status).toBe(404);
    expect((await admin.json("PATCH", `/api/admin/documents/${privateId}`, edit)).status).toBe(404);
    expect((await pageEdit(bob, { id: privateId, ...edit })).status).toBe(404);
    expect((await pageEdit(admin, { id: privateId, ...edit })).status).toBe(404);
    expect(stored(privateId)).toEqual(before);
  });

  it("the owner edits a private document: the library lists its new details", async () => {
    const res = await alice.json("PATCH", `/api/documents/${privateId}`, { title: "  Lake   Swimming Notes ", authors: "Docling Team; Smith, J.", year: 2021 });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toEqual({ id: privateId, title: "Lake Swimming Notes", authors: ["Docling Team", "Smith, J."], year: 2021 });
    const list = (await (await alice.get("/api/documents")).json()) as Array<Details & { filename: string }>;
    expect(list.find((d) => d.id === privateId)).toMatchObject({ title: "Lake Swimming Notes", authors: ["Docling Team", "Smith, J."], year: 2021, filename: PRIVATE_NAME });
    // The page action, as the form sends it: an empty year clears it.
    const page = await pageEdit(alice, { id: privateId, title: "Lake Swimming Notes", authors: "Docling Team", year: "" });
    expect(page.status).toBe(200);
    expect(stored(privateId)).toMatchObject({ title: "Lake Swimming Notes", authors: ["Docling Team"], year: null });
  });
});

describe("a bad edit", () => {
  const nextYear = new Date().getFullYear() + 1;
  const cases: Array<[string, unknown, RegExp]> = [
    ["a blank title", { title: "   ", authors: "", year: "" }, /^title: Title must not be blank$/],
    ["no title", { authors: "A" }, /^title: Title is required$/],
    ["a title that is not text", { title: 42 }, /^title: Title must be text$/],
    ["a title over 200 characters", { title: "x".repeat(201) }, /^title: Title must be at most 200 characters$/],
    ["authors over 500 characters", { title: "T", authors: "a".repeat(501) }, /^authors: Authors must be at most 500 characters$/],
    ["authors that are not text", { title: "T", authors: ["A"] }, /^authors: Authors must be text$/],
    ["a year before 1800", { title: "T", year: 1799 }, /^year: Year must be a whole number from 1800 to \d{4}, or empty$/],
    ["a year after next year", { title: "T", year: nextYear + 1 }, /^year: Year must be a whole number/],
    ["a fractional year", { title: "T", year: 2000.5 }, /^year: Year must be a whole number/],
    ["a year that is not a number", { title: "T", year: "20x0" }, /^year: Year must be a whole number/],
    ["a body that is not an object", ["T"], /^Expected an object with title, authors and year$/],
  ];

  it.each(cases)("%s: 422 with the reason, and nothing changes", async (_name, body, message) => {
    const before = stored(sharedId);
    const res = await admin.json("PATCH", `/api/admin/documents/${sharedId}`, body);
    expect(res.status).toBe(422);
    expect(((await res.json()) as { message: string }).message).toMatch(message);
    expect(stored(sharedId)).toEqual(before);
  });

  it("the page action refuses the same way, and the year range includes next year", async () => {
    const before = stored(sharedId);
    const res = await pageEdit(admin, { id: sharedId, title: "", authors: "", year: "" });
    expect(res.status).toBe(422);
    expect((await pageEdit(admin, { title: "No id" })).status).toBe(422);
    expect(stored(sharedId)).toEqual(before);
    expect((await admin.json("PATCH", `/api/admin/documents/${sharedId}`, { title: before.title, authors: "", year: nextYear })).status).toBe(200);
  });

  it("malformed JSON is 400 and a form body 415", async () => {
    const before = stored(sharedId);
    const malformed = await admin.request("PATCH", `/api/admin/documents/${sharedId}`, { body: '{"title": "x"', headers: { "Content-Type": "application/json" } });
    expect(malformed.status).toBe(400);
    const form = await admin.request("PATCH", `/api/admin/documents/${sharedId}`, { body: "title=Form", headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    expect(form.status).toBe(415);
    expect(stored(sharedId)).toEqual(before);
  });
});

describe("after an admin renames a shared document", () => {
  it("the next answer cites the new title, the admin list shows it, and the index knows the document by it", async () => {
    const first = await ask(bob, QUESTION);
    expect(first.citations.map((c) => c.documentId)).toContain(sharedId);
    expect(first.citations.find((c) => c.documentId === sharedId)?.document).toBe("Meloxicam in cats");
    const before = stored(sharedId);
    expect(namedBy(sharedId, "meloxicam")).toBe(before.chunks);
    expect(namedBy(sharedId, "formulary")).toBe(0);

    const res = await admin.json("PATCH", `/api/admin/documents/${sharedId}`, { title: "Feline Formulary", authors: "Smith, J.; Doe, A.", year: 2020 });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toEqual({ id: sharedId, title: "Feline Formulary", authors: ["Smith, J.", "Doe, A."], year: 2020 });

    const listed = (await (await admin.get("/api/admin/documents")).json()) as Details[];
    expect(listed.find((d) => d.id === sharedId)).toMatchObject({ title: "Feline Formulary", authors: ["Smith, J.", "Doe, A."], year: 2020 });
    const after = stored(sharedId);
    expect(namedBy(sharedId, "formulary")).toBe(after.chunks);
    expect(namedBy(sharedId, "smith")).toBe(after.chunks);
    expect(namedBy(sharedId, "meloxicam")).toBe(0);
    // Corpus statistics follow the new name's length; the version moved, so cached document frequencies are read again.
    expect(after.stats.tokens).toBe(after.stats.summed);
    expect(after.stats.version).toBeGreaterThan(before.stats.version);

    const next = await ask(bob, QUESTION);
    const cited = next.citations.find((c) => c.documentId === sharedId);
    expect(cited?.document).toBe("Feline Formulary");
  });
});
