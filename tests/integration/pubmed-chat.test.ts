import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { readSseEvents } from "~/lib/chat";
import { DEFAULT_PRIORITY_JOURNAL_LIST } from "~/lib/chat/defaults";
import { setBetaAccess } from "../support/db";
import { FAILURES, startFakeEutils, type FakeEutils } from "../support/eutils-server";
import { HttpClient, startServer, type TestServer } from "../support/server";
import { upload, waitForSession } from "../support/uploads";

/**
 * PubMed mode in chat over real HTTP against the built server: questions asked with usePubmed on the
 * JSON and stream routes, with EUTILS_URL at a loopback server that behaves like NCBI E-utilities and
 * answers with the real recorded articles (tests/fixtures/eutils). No language model is configured,
 * so the extractive answerer writes the answers. A second server's EUTILS_URL is a closed port.
 */

const ADMIN_PASSWORD = "pubmed-chat-admin-password";

/** Answered by biopython_pubmed5.xml: PMID 28775130, Occup Environ Med 2018. */
const PESTICIDE_QUESTION = "Is occupational pesticide exposure associated with subclinical hypothyroidism?";
const PESTICIDE_PMID = "28775130";
const PESTICIDE_LABEL = `[Occup Environ Med 2018 — Occupational pesticide exposure and subclinical hypothyroidism among male…, PMID ${PESTICIDE_PMID}]`;
const PESTICIDE_URL = `https://pubmed.ncbi.nlm.nih.gov/${PESTICIDE_PMID}/`;

/** Answered by the knowledge base only: none of the recorded articles is about meloxicam or cats. */
const MELOXICAM_TXT = [
  "# Feline Analgesia Notes",
  "",
  "Meloxicam is a non-steroidal anti-inflammatory drug used for pain and inflammation in cats. " +
    "The dose of meloxicam in cats is 0.1 mg/kg orally once daily after a loading dose of 0.2 mg/kg on the first day. " +
    "Use the lowest effective dose in cats with chronic kidney disease and monitor renal values every three months.",
  "",
].join("\n");
const MELOXICAM_DOSE = "0.1 mg/kg";

/** How the extractive answerer closes an answer quoted from PubMed abstracts only / from the knowledge base only. */
const PUBMED_QUOTES_NOTE = "_Quoted from PubMed abstracts: no language model is configured to summarise these passages._";
const KB_QUOTES_NOTE = "_Quoted from the knowledge base: no language model is configured to summarise these passages._";

/** The one line an answer starts with when PubMed could not be searched. */
const NOTE_LINE = /^_PubMed could not be searched \((.+)\); this answer draws on the knowledge base only\._$/;

type Citation = { document: string; page: string | number; url: string; documentId?: string; pmid?: string; label?: string };
type MessageJson = { id: string; role: "user" | "assistant"; content: string; citations: Citation[]; status: string; usePubmed: boolean };
type SseEvent = { event: string; data: unknown };
type PubmedEvent = { status: "ok" | "empty" | "failed"; articles: number; message: string | null };

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = http.createServer();
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function approvedUser(server: TestServer, email: string): Promise<HttpClient> {
  const client = new HttpClient(server.url);
  expect((await client.signUp({ email })).status).toBe(303);
  setBetaAccess(server.dataDir, email, "approved");
  return client;
}

/** Uploads the meloxicam notes as the admin and waits for ingestion; the document's id. */
async function ingestMeloxicam(server: TestServer): Promise<string> {
  const admin = new HttpClient(server.url);
  expect((await admin.signIn(server.adminEmail, ADMIN_PASSWORD)).status).toBe(303);
  const res = await upload(admin, "feline-analgesia.txt", Buffer.from(MELOXICAM_TXT));
  expect(res.status).toBe(200);
  const session = await waitForSession(admin, ((await res.json()) as { sessionId: string }).sessionId);
  expect(session).toMatchObject({ status: "completed" });
  return session.documentId!;
}

async function newConversation(client: HttpClient): Promise<string> {
  const res = await client.json("POST", "/api/conversations", { title: "Literature" });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

async function ask(client: HttpClient, content: string, usePubmed = true): Promise<{ conversation: string; answer: MessageJson }> {
  const conversation = await newConversation(client);
  const res = await client.json("POST", `/api/conversations/${conversation}/messages`, { content, usePubmed, useThinkHarder: false });
  expect(res.status, await res.clone().text()).toBe(200);
  return { conversation, answer: (await res.json()) as MessageJson };
}

async function messagesOf(client: HttpClient, conversation: string): Promise<MessageJson[]> {
  const res = await client.get(`/api/conversations/${conversation}/messages`);
  expect(res.status).toBe(200);
  return (await res.json()) as MessageJson[];
}

/** Asks on the stream route and reads every server-sent event until the stream ends. */
async function askStreamed(client: HttpClient, content: string, usePubmed = true): Promise<{ conversation: string; events: SseEvent[] }> {
  const conversation = await newConversation(client);
  const res = await fetch(`${client.base}/api/conversations/${conversation}/messages/stream`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: client.base, Cookie: client.cookie },
    body: JSON.stringify({ content, usePubmed, useThinkHarder: false }),
  });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
  // The chat screen's reader; a stream cut in the middle of an event fails.
  const events: SseEvent[] = [];
  for await (const { event, data } of readSseEvents(res.body!, { requireWhole: true })) events.push({ event, data: JSON.parse(data) as unknown });
  return { conversation, events };
}

const eventsNamed = (events: SseEvent[], name: string) => events.filter((e) => e.event === name);
const streamedText = (events: SseEvent[]) => eventsNamed(events, "token").map((e) => (e.data as { text: string }).text).join("");

/** The citation a marker [n] in the content points to, for every marker. */
function citedByMarkers(answer: MessageJson): Citation[] {
  const numbers = [...answer.content.matchAll(/(?<!\\)\[(\d+)\](?!\()/g)].map((m) => Number(m[1]));
  for (const n of numbers) expect(n, `marker [${n}] has a citation`).toBeLessThanOrEqual(answer.citations.length);
  return [...new Set(numbers)].map((n) => answer.citations[n - 1]!);
}

function expectPesticideCitation(answer: MessageJson) {
  const article = answer.citations.find((c) => c.pmid === PESTICIDE_PMID);
  expect(article, JSON.stringify(answer.citations)).toEqual({
    document: "Occup Environ Med 2018 — Occupational pesticide exposure and subclinical hypothyroidism among male…",
    page: `PMID ${PESTICIDE_PMID}`,
    pmid: PESTICIDE_PMID,
    url: PESTICIDE_URL,
    label: PESTICIDE_LABEL,
  });
  // The answer's text cites it with a marker and quotes its abstract (the extractive answerer's words are the source's),
  // and says where the quotes came from.
  expect(citedByMarkers(answer)).toContainEqual(article);
  expect(answer.content).toMatch(/pesticides? (use|applicators|exposure)/i);
  expect(answer.content).not.toMatch(/meloxicam/i);
  expect(answer.content.split("\n").at(-1)).toBe(PUBMED_QUOTES_NOTE);
}

/** The note line and the rest of an answer, which must come from the knowledge base. */
function splitNote(content: string): { reason: string; rest: string } {
  const [first, blank, ...rest] = content.split("\n");
  const note = NOTE_LINE.exec(first ?? "");
  expect(note, content).not.toBeNull();
  expect(blank).toBe("");
  return { reason: note![1]!, rest: rest.join("\n") };
}

// ---------------------------------------------------------------------------------------------
// With the loopback E-utilities server
// ---------------------------------------------------------------------------------------------

describe("PubMed mode in chat, with E-utilities reachable", () => {
  let fake: FakeEutils;
  let server: TestServer;
  let vet: HttpClient;
  let meloxicamDoc: string;

  const esearchTerms = (from: number) =>
    fake.requests
      .slice(from)
      .filter((r) => r.endpoint === "esearch.fcgi")
      .map((r) => r.params.term!);

  beforeAll(async () => {
    fake = await startFakeEutils();
    server = await startServer({ env: { ADMIN_PASSWORD, EUTILS_URL: fake.url, EUTILS_TIMEOUT_SECONDS: "2", NCBI_EMAIL: "it@clinic.test" } });
    meloxicamDoc = await ingestMeloxicam(server);
    vet = await approvedUser(server, "vet@clinic.test");
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await fake?.close();
  });

  beforeEach(() => {
    Object.assign(fake.options, { delayMs: 0, scripted: [], always: null });
  });

  it("answers a literature question from the recorded article, cited with its label and PubMed link, searching the user's priority journals first", async () => {
    const saved = await vet.json("POST", "/api/user/settings", { pubmedPriorityJournals: "Occup Environ Med, J Vet Intern Med" });
    expect(saved.status).toBe(200);
    const from = fake.requests.length;

    const { conversation, answer } = await ask(vet, PESTICIDE_QUESTION);
    expect(answer).toMatchObject({ role: "assistant", status: "complete", usePubmed: true });
    expectPesticideCitation(answer);
    // PubMed was reachable: no note.
    expect(answer.content).not.toMatch(/PubMed could not be searched/);

    // The first search was the user's journals as an OR-group with the question's terms; the article came from it.
    const terms = esearchTerms(from);
    expect(terms.length).toBeGreaterThanOrEqual(1);
    expect(terms[0]).toMatch(/^\(.+\) AND \("Occup Environ Med"\[ta\] OR "J Vet Intern Med"\[ta\]\)$/);
    expect(terms[0]).toMatch(/pesticide/);
    expect(terms[0]).toMatch(/hypothyroidism/);
    // Not the raw sentence: no question mark, no stop words.
    expect(terms[0]).not.toMatch(/\?|\bIs\b/);
    const efetch = fake.requests.slice(from).filter((r) => r.endpoint === "efetch.fcgi");
    expect(efetch.map((r) => r.params.id!.split(","))).toContainEqual(expect.arrayContaining([PESTICIDE_PMID]));

    // Both messages carry the flag, as stored.
    const stored = await messagesOf(vet, conversation);
    expect(stored.map((m) => [m.role, m.usePubmed])).toEqual([
      ["user", true],
      ["assistant", true],
    ]);
    expect(stored[1]!.citations).toEqual(answer.citations);
  });

  it("uses the default priority journals for a user who has set none", async () => {
    const colleague = await approvedUser(server, "colleague@clinic.test");
    const from = fake.requests.length;
    const { answer } = await ask(colleague, "Does occupational exposure to pesticides such as aldrin alter thyroid function?");
    expect(answer.citations.some((c) => c.pmid === PESTICIDE_PMID)).toBe(true);
    const group = DEFAULT_PRIORITY_JOURNAL_LIST.map((j) => `"${j}"[ta]`).join(" OR ");
    expect(esearchTerms(from)[0]).toMatch(new RegExp(`^\\(.+\\) AND \\(${group.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\)$`));
  });

  it("streams a `pubmed` event before `done`, and the stored answer cites the article", async () => {
    const { conversation, events } = await askStreamed(vet, "Which pesticides are linked to subclinical hypothyroidism in male pesticide applicators?");
    const names = events.map((e) => e.event);
    expect(names[0]).toBe("user");
    expect(names.at(-1)).toBe("done");
    expect(names.filter((n) => n === "pubmed")).toHaveLength(1);
    expect(names.indexOf("pubmed")).toBeLessThan(names.indexOf("done"));
    expect(names.indexOf("pubmed")).toBeLessThan(names.indexOf("token"));
    const pubmed = eventsNamed(events, "pubmed")[0]!.data as PubmedEvent;
    expect(pubmed.status).toBe("ok");
    expect(pubmed.articles).toBeGreaterThanOrEqual(1);
    expect(pubmed.message).toBeNull();

    const done = eventsNamed(events, "done")[0]!.data as MessageJson;
    expect(done).toMatchObject({ status: "complete", usePubmed: true });
    expectPesticideCitation(done);
    expect((eventsNamed(events, "user")[0]!.data as MessageJson).usePubmed).toBe(true);
    const stored = await messagesOf(vet, conversation);
    expect(stored.at(-1)).toEqual(done);
  });

  it("reports `empty` when PubMed has nothing, and answers from the knowledge base without a note", async () => {
    const from = fake.requests.length;
    const { events } = await askStreamed(vet, "What is the dose of meloxicam in cats?");
    expect(fake.requests.length).toBeGreaterThan(from);
    expect(eventsNamed(events, "pubmed").map((e) => e.data)).toEqual([{ status: "empty", articles: 0, message: null }]);
    const done = eventsNamed(events, "done")[0]!.data as MessageJson;
    expect(done.content).toContain(MELOXICAM_DOSE);
    expect(done.content).not.toMatch(/PubMed could not be searched/);
    expect(done.content.split("\n").at(-1)).toBe(KB_QUOTES_NOTE);
    expect(done.citations.length).toBeGreaterThan(0);
    expect(done.citations.every((c) => c.documentId === meloxicamDoc && !c.pmid)).toBe(true);
  });

  it("does not ask PubMed, nor send a `pubmed` event, when the mode is off", async () => {
    const from = fake.requests.length;
    const { conversation, events } = await askStreamed(vet, PESTICIDE_QUESTION, false);
    expect(fake.requests.length).toBe(from);
    expect(eventsNamed(events, "pubmed")).toEqual([]);
    const done = eventsNamed(events, "done")[0]!.data as MessageJson;
    expect(done.usePubmed).toBe(false);
    expect(done.citations.some((c) => c.pmid)).toBe(false);
    expect((await messagesOf(vet, conversation)).map((m) => m.usePubmed)).toEqual([false, false]);
  });

  it("degrades to the knowledge base with a one-line note when NCBI answers with an HTML error page", async () => {
    fake.options.always = FAILURES.htmlPage(200);
    const from = fake.requests.length;
    const { conversation, answer } = await ask(vet, "How should meloxicam be dosed in cats with chronic kidney disease?");
    expect(fake.requests.length).toBeGreaterThan(from);
    expect(answer).toMatchObject({ status: "complete", usePubmed: true });
    const { reason, rest } = splitNote(answer.content);
    expect(reason).toMatch(/HTML page/);
    expect(rest).toContain("kidney disease");
    expect(rest).not.toMatch(/PubMed could not be searched/);
    expect(answer.citations.length).toBeGreaterThan(0);
    expect(answer.citations.every((c) => c.documentId === meloxicamDoc)).toBe(true);
    expect(citedByMarkers(answer).length).toBeGreaterThan(0);
    expect((await messagesOf(vet, conversation)).map((m) => m.usePubmed)).toEqual([true, true]);

    // The stream reports the failure before the answer, whose first words are the note.
    fake.options.always = FAILURES.htmlPage(200);
    const { events } = await askStreamed(vet, "Should renal values be monitored in cats given meloxicam?");
    const names = events.map((e) => e.event);
    expect(names.indexOf("pubmed")).toBeLessThan(names.indexOf("token"));
    const pubmed = eventsNamed(events, "pubmed")[0]!.data as PubmedEvent;
    expect(pubmed).toMatchObject({ status: "failed", articles: 0 });
    expect(pubmed.message).toMatch(/HTML page/);
    const done = eventsNamed(events, "done")[0]!.data as MessageJson;
    expect(streamedText(events).split("\n")[0]).toMatch(NOTE_LINE);
    expect(splitNote(done.content).rest).toContain("renal values");
    expect(done.citations.every((c) => c.documentId === meloxicamDoc)).toBe(true);
  });

  it("does not hold the stream silent when NCBI asks to wait 100,000 s: the answer says PubMed could not be searched and why", async () => {
    fake.options.always = FAILURES.rateLimited(100_000);
    const from = fake.requests.length;
    const { events } = await askStreamed(vet, "Is meloxicam safe for cats with kidney disease?");
    // NCBI was asked once and not again: the wait it asked for is longer than a search may take.
    expect(fake.requests.length - from).toBe(1);
    const pubmed = eventsNamed(events, "pubmed")[0]!.data as PubmedEvent;
    expect(pubmed.status).toBe("failed");
    expect(pubmed.message).toMatch(/limiting requests \(429\).*asked to wait 27\.8 h before trying again/);
    const done = eventsNamed(events, "done")[0]!.data as MessageJson;
    expect(done.status).toBe("complete");
    expect(splitNote(done.content).reason).toMatch(/asked to wait 27\.8 h/);
    expect(done.citations.every((c) => c.documentId === meloxicamDoc)).toBe(true);
  });

  it("says PubMed is busy, and answers from the knowledge base, when the user's searches already fill their share of the queue", async () => {
    // A server of its own whose NCBI requests time out only after a minute: NCBI (the fake) holds every
    // answer, so the searches in flight keep their slots and the queue stays full while the question is asked.
    const holding = await startServer({ env: { ADMIN_PASSWORD, EUTILS_URL: fake.url, EUTILS_TIMEOUT_SECONDS: "60", NCBI_EMAIL: "it@clinic.test" } });
    const controller = new AbortController();
    let searches: Array<Promise<Response>> = [];
    try {
      await ingestMeloxicam(holding);
      const busy = await approvedUser(holding, "busy@clinic.test");
      fake.options.delayMs = 60_000;
      searches = Array.from({ length: 14 }, (_, i) =>
        fetch(`${holding.url}/api/pubmed/search`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Origin: holding.url, Cookie: busy.cookie },
          body: JSON.stringify({ keywords: `busy queue ${i}` }),
          signal: controller.signal,
        }),
      );
      // At least one search was refused: the queue is full for this user.
      expect((await Promise.race(searches)).status).toBe(503);
      const { events } = await askStreamed(busy, "What is the dose of meloxicam in cats?");
      const pubmed = eventsNamed(events, "pubmed")[0]!.data as PubmedEvent;
      expect(pubmed).toEqual({ status: "failed", articles: 0, message: "PubMed is busy: too many of your searches are waiting for NCBI. Try again when they have finished." });
      const done = eventsNamed(events, "done")[0]!.data as MessageJson;
      expect(splitNote(done.content).reason).toMatch(/^PubMed is busy/);
      expect(done.content).toContain(MELOXICAM_DOSE);
    } finally {
      controller.abort();
      await Promise.allSettled(searches);
      await holding.stop();
    }
  }, 120_000);

  it("still refuses, after the note, when neither PubMed nor the knowledge base has anything", async () => {
    fake.options.always = FAILURES.htmlPage(200);
    const { answer } = await ask(vet, "What is the best sourdough starter hydration for baking bread?");
    const { rest } = splitNote(answer.content);
    expect(rest).toBe("I cannot find information about this topic in the available medical literature.");
    expect(answer.citations).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// With E-utilities unreachable
// ---------------------------------------------------------------------------------------------

describe("PubMed mode in chat, with E-utilities unreachable (EUTILS_URL at a closed port)", () => {
  let server: TestServer;
  let vet: HttpClient;
  let meloxicamDoc: string;

  beforeAll(async () => {
    server = await startServer({ env: { ADMIN_PASSWORD, EUTILS_URL: `http://127.0.0.1:${await closedPort()}`, EUTILS_TIMEOUT_SECONDS: "2" } });
    meloxicamDoc = await ingestMeloxicam(server);
    vet = await approvedUser(server, "vet@clinic.test");
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
  });

  it("answers from the knowledge base, starting with one line that says PubMed could not be searched", async () => {
    const { conversation, answer } = await ask(vet, "What is the dose of meloxicam in cats?");
    expect(answer).toMatchObject({ status: "complete", usePubmed: true });
    const { reason, rest } = splitNote(answer.content);
    expect(reason).toMatch(/Could not reach PubMed/);
    expect(reason).toMatch(/connection was refused/);
    expect(rest).toContain(MELOXICAM_DOSE);
    expect(answer.citations.length).toBeGreaterThan(0);
    expect(answer.citations.every((c) => c.documentId === meloxicamDoc && c.url.startsWith(`/documents/${meloxicamDoc}/`))).toBe(true);
    expect(citedByMarkers(answer).length).toBeGreaterThan(0);
    expect((await messagesOf(vet, conversation)).map((m) => [m.role, m.usePubmed, m.status])).toEqual([
      ["user", true, "complete"],
      ["assistant", true, "complete"],
    ]);
  });

  it("sends `pubmed` {status: failed} on the stream, and the streamed answer starts with the note", async () => {
    const { events } = await askStreamed(vet, "How often should renal values be monitored in cats on meloxicam?");
    const names = events.map((e) => e.event);
    expect(names[0]).toBe("user");
    expect(names.at(-1)).toBe("done");
    expect(names.indexOf("pubmed")).toBeGreaterThan(0);
    expect(names.indexOf("pubmed")).toBeLessThan(names.indexOf("token"));
    const pubmed = eventsNamed(events, "pubmed")[0]!.data as PubmedEvent;
    expect(pubmed).toEqual({ status: "failed", articles: 0, message: "Could not reach PubMed (NCBI E-utilities): the connection was refused." });
    const done = eventsNamed(events, "done")[0]!.data as MessageJson;
    expect(streamedText(events).split("\n")[0]).toMatch(NOTE_LINE);
    expect(splitNote(done.content).rest).toContain("three months");
    expect(done.citations.every((c) => c.documentId === meloxicamDoc)).toBe(true);
  });

  it("answers without a note when PubMed mode is off", async () => {
    const { answer } = await ask(vet, "What is the dose of meloxicam in cats?", false);
    expect(answer.usePubmed).toBe(false);
    expect(answer.content).not.toMatch(/PubMed could not be searched/);
    expect(answer.content).toContain(MELOXICAM_DOSE);
  });
});
