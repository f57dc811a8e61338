import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Message } from "~/lib/chat-client";
import type { SearchStatus } from "~/lib/search/index.server";
import { withTestDb } from "../support/db";
import { longText } from "../support/fixtures";
import type { ChatRequestBody, ChatScript } from "../support/ollama-server";
import { startFakeOpenAI, type FakeOpenAI } from "../support/openai-server";
import { HttpClient, startServer, type TestServer } from "../support/server";
import { upload, waitForSession } from "../support/uploads";

/**
 * The built server with MODEL_PROVIDER=openai and EMBEDDINGS=openai against a loopback server speaking
 * the OpenAI HTTP API (with an API key, as a hospital's shared vLLM would have): documents embedded in
 * batches on the ingestion worker, questions embedded for search and answered by the chat model, a
 * busy server retried as its Retry-After asks, and one asking for too long a wait not waited for. The
 * answer tests both providers share (streaming, stop, timeout, server down, wrong numbers) are in
 * answers.test.ts.
 */

const ADMIN_PASSWORD = "openai-provider-admin-password";
const API_KEY = "sk-loopback-hospital";
const CHAT_MODEL = "Qwen/Qwen2.5-7B-Instruct";
const EMBEDDING_MODEL = "BAAI/bge-small-en-v1.5";
const EMBEDDER_ID = `openai:${EMBEDDING_MODEL}`;
const BGE_QUERY = "Represent this sentence for searching relevant passages: ";
const BATCH = 32;

const QUESTION = "What is the dose of meloxicam in cats?";
const DOSE = "The dose of meloxicam in cats is 0.1 mg/kg orally once daily after a loading dose of 0.2 mg/kg on the first day.";
const MELOXICAM_TXT = `# Feline Analgesia Notes\n\n## Meloxicam\n\nMeloxicam is a non-steroidal anti-inflammatory drug used for pain in cats. ${DOSE}\n`;

let fake: FakeOpenAI;
let server: TestServer;
let admin: HttpClient;
let answerScript: ChatScript = { tokens: ["unset"] };

const systemOf = (request: ChatRequestBody) => request.messages?.find((m) => m.role === "system")?.content ?? "";
const requestsTo = (path: string) => fake.requests.filter((r) => r.path === path);
const answerRequests = () => requestsTo("/v1/chat/completions").filter((r) => systemOf(r.body as ChatRequestBody).includes("Rules for the passages"));
const embeddingInputs = () => requestsTo("/v1/embeddings").map((r) => (r.body as { input: string[] }).input);

async function ingest(name: string, content: string): Promise<string> {
  const res = await upload(admin, name, Buffer.from(content));
  expect(res.status).toBe(200);
  const session = await waitForSession(admin, ((await res.json()) as { sessionId: string }).sessionId);
  expect(session, `ingesting ${name}`).toMatchObject({ status: "completed" });
  return session.documentId!;
}

async function ask(question: string): Promise<Message> {
  const created = await admin.json("POST", "/api/conversations", { title: "Questions" });
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const res = await admin.json("POST", `/api/conversations/${id}/messages`, { content: question, usePubmed: false, useThinkHarder: false });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as Message;
}

beforeAll(async () => {
  fake = await startFakeOpenAI({
    apiKey: API_KEY,
    models: [
      { id: CHAT_MODEL, kind: "chat" },
      { id: EMBEDDING_MODEL, kind: "embedding", dimensions: 384 },
    ],
    // The small tasks (rewrites, titles) get an empty reply: the heuristics take over
    chat: (request) => (systemOf(request).includes("Rules for the passages") ? answerScript : { tokens: [""] }),
  });
  server = await startServer({
    env: {
      ADMIN_PASSWORD,
      MODEL_PROVIDER: "openai",
      EMBEDDINGS: "openai",
      OPENAI_BASE_URL: fake.baseURL,
      OPENAI_API_KEY: API_KEY,
      OPENAI_MODEL: CHAT_MODEL,
      OPENAI_EMBEDDING_MODEL: EMBEDDING_MODEL,
      OPENAI_TIMEOUT_SECONDS: "10",
    },
  });
  admin = new HttpClient(server.url);
  expect((await admin.signIn(server.adminEmail, ADMIN_PASSWORD)).status).toBe(303);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await fake?.close();
});

describe("MODEL_PROVIDER=openai and EMBEDDINGS=openai in the built server", () => {
  it("embeds every chunk of an upload on the worker in batches, with the API key, and the admin sees hybrid search with the server's model", async () => {
    const book = longText({ books: 1, chapters: 12, wordsPerChapter: 1200 }).text;
    const documentId = await ingest("long-book.txt", book);
    const { chunks, vectors } = withTestDb(server.dataDir, (db) => ({
      chunks: (db.prepare("select count(*) n from chunks where document_id = ?").get(documentId) as { n: number }).n,
      vectors: (db.prepare("select count(*) n from chunk_vectors v join chunks c on c.id = v.chunk_id where c.document_id = ? and v.embedder_id = ?").get(documentId, EMBEDDER_ID) as { n: number })
        .n,
    }));
    expect(chunks).toBeGreaterThan(BATCH);
    expect(vectors).toBe(chunks);
    const sizes = embeddingInputs().map((input) => input.length);
    expect(Math.max(...sizes)).toBe(BATCH);
    expect(sizes.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(chunks);
    expect(requestsTo("/v1/embeddings").every((r) => r.authorization === `Bearer ${API_KEY}` && r.status === 200)).toBe(true);

    const res = await admin.get("/api/admin/search-status");
    expect(res.status).toBe(200);
    const status = (await res.json()) as SearchStatus & { answering: { answerer: string; model: string | null; reason: string | null } };
    expect(status).toMatchObject({ mode: "hybrid", embedder: EMBEDDER_ID, reason: null });
    expect(status.answering).toEqual({ answerer: "openai", model: CHAT_MODEL, reason: null });
  });

  it("embeds the question for search with the model's query instruction, and the chat model answers with a checked citation", async () => {
    await ingest("feline-analgesia.txt", MELOXICAM_TXT);
    answerScript = { tokens: ["Cats are given meloxicam at 0.1 mg/kg orally once daily [1]."] };
    const answer = await ask(QUESTION);
    expect(answer).toMatchObject({ status: "complete", answeredBy: { provider: "openai", model: CHAT_MODEL } });
    expect(answer.content).toBe("Cats are given meloxicam at 0.1 mg/kg orally once daily [1].");
    expect(answer.citations.map((c) => c.document)).toEqual(["Feline Analgesia Notes"]);
    expect(embeddingInputs().some((input) => input.length === 1 && input[0]!.startsWith(BGE_QUERY) && input[0]!.includes("meloxicam"))).toBe(true);
    expect(answerRequests().at(-1)!.body).toMatchObject({ model: CHAT_MODEL, stream: true });
  });

  it("a busy server (429, Retry-After: 1) is asked again, and the answer is the model's", async () => {
    const before = answerRequests().length;
    fake.options.failures = [{ path: "/v1/chat/completions", status: 429, retryAfter: "1" }];
    answerScript = { tokens: ["Meloxicam: 0.1 mg/kg once daily in cats [1]."] };
    const answer = await ask(QUESTION);
    expect(answer).toMatchObject({ status: "complete", answeredBy: { provider: "openai", model: CHAT_MODEL } });
    expect(answerRequests().slice(before).map((r) => r.status)).toEqual([429, 200]);
  });

  it("a Retry-After longer than the app waits is not waited for: the passages' own sentences answer, and the log says why", async () => {
    const before = answerRequests().length;
    fake.options.failures = [{ path: "/v1/chat/completions", status: 429, retryAfter: "3600" }];
    answerScript = { tokens: ["This must not be used [1]."] };
    const answer = await ask(QUESTION);
    expect(answer).toMatchObject({ status: "complete", answeredBy: { provider: "extractive", model: null } });
    expect(answer.content.split("\n")[0]).toBe(`${DOSE} [1]`);
    expect(answerRequests().slice(before).map((r) => r.status)).toEqual([429]);
    expect(server.output()).toContain("rate-limited the request (429) and asked to retry after 3600 s, longer than the 10 s this app waits");
  });
});
