import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SystemFigures } from "~/lib/admin";
import { openTestDb, setBetaAccess } from "../support/db";
import { startFakeOllama, type FakeOllama } from "../support/ollama-server";
import { HttpClient, startServer, type TestServer } from "../support/server";
import { uploadFixture, waitForSession } from "../support/uploads";

/**
 * The admin Overview's live figures (GET /api/admin/stats → system) over real HTTP against the built
 * server: the knowledge base's documents, pages and chunks as the database holds them, the database's size,
 * who answers and whether the model server is reachable, search p95 from the questions just asked, and
 * the upload queue. Admin only.
 */

const ADMIN_PASSWORD = "overview-admin-password";
let server: TestServer;
let admin: HttpClient;
let vet: HttpClient;

const systemOf = async (client: HttpClient) => {
  const res = await client.get("/api/admin/stats");
  expect(res.status).toBe(200);
  return ((await res.json()) as { system: SystemFigures }).system;
};

beforeAll(async () => {
  server = await startServer({ env: { ADMIN_PASSWORD } });
  admin = new HttpClient(server.url);
  expect((await admin.signIn(server.adminEmail, ADMIN_PASSWORD)).status).toBe(303);
  vet = new HttpClient(server.url);
  expect((await vet.signUp({ email: "vet@clinic.test" })).status).toBe(303);
  setBetaAccess(server.dataDir, "vet@clinic.test", "approved");
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

describe("the Overview's system figures", () => {
  it("are the admin's only: 403 for an approved user, 401 signed out", async () => {
    const res = await vet.get("/api/admin/stats");
    expect(res.status).toBe(403);
    expect(await res.text()).not.toContain("system");
    expect((await new HttpClient(server.url).get("/api/admin/stats")).status).toBe(401);
  });

  it("start empty: no documents, no searches, nothing queued, extractive answers with no model server", async () => {
    const system = await systemOf(admin);
    expect(system).toMatchObject({
      documents: 0,
      pages: 0,
      chunks: 0,
      uploadQueue: 0,
      answering: { answerer: "extractive", model: null, server: null, reachable: null },
      retrieval: { mode: "lexical" },
      search: { count: 0, p95Ms: null, windowMinutes: 60 },
    });
    expect(system.databaseBytes).toBeGreaterThan(0);
  });

  it("count what was ingested and the searches the questions made", async () => {
    const res = await uploadFixture(admin, "mmwr-chd-stroke-deaths_us-025.pdf");
    expect(res.status).toBe(200);
    const session = await waitForSession(admin, ((await res.json()) as { sessionId: string }).sessionId);
    expect(session.status).toBe("completed");
    const conversation = (await (await vet.json("POST", "/api/conversations", { title: "Strokes" })).json()) as { id: string };
    for (const useThinkHarder of [false, true]) {
      const asked = await vet.json("POST", `/api/conversations/${conversation.id}/messages`, {
        content: "How many stroke deaths were there in the United States?",
        usePubmed: false,
        useThinkHarder,
      });
      expect(asked.status).toBe(200);
    }

    const system = await systemOf(admin);
    const db = openTestDb(server.dataDir);
    try {
      const one = (sql: string) => db.prepare(sql).pluck().get() as number;
      expect(system.documents).toBe(1);
      expect(system.pages).toBe(one("select pages from documents"));
      expect(system.pages).toBe(4);
      expect(system.chunks).toBe(one("select count(*) from chunks"));
      expect(system.chunks).toBeGreaterThan(0);
    } finally {
      db.close();
    }
    const file = path.join(server.dataDir, "app.db");
    const onDisk = fs.statSync(file).size + (fs.existsSync(`${file}-wal`) ? fs.statSync(`${file}-wal`).size : 0);
    expect(system.databaseBytes).toBeGreaterThanOrEqual(fs.statSync(file).size);
    expect(system.databaseBytes).toBeLessThanOrEqual(onDisk * 2);
    // One search for the plain question, more for Think Harder's parts: each on the query threads, timed.
    expect(system.search.count).toBeGreaterThanOrEqual(3);
    expect(system.search.p95Ms).toBeGreaterThan(0);
    expect(system.uploadQueue).toBe(0);
  });
});

describe("the model server on the Overview", () => {
  let fake: FakeOllama | null = null;
  let other: TestServer | null = null;
  afterAll(async () => {
    await other?.stop();
    await fake?.close();
  });

  const adminOf = async (s: TestServer) => {
    const client = new HttpClient(s.url);
    expect((await client.signIn(s.adminEmail, ADMIN_PASSWORD)).status).toBe(303);
    return client;
  };

  it("is named with its URL and shown reachable when it answers, not reachable with the reason when it does not", async () => {
    fake = await startFakeOllama({ chat: { tokens: ["Fine [1]."] } });
    other = await startServer({ env: { ADMIN_PASSWORD, OLLAMA_HOST: fake.url, OLLAMA_MODEL: "llama3.2" } });
    expect((await systemOf(await adminOf(other))).answering).toMatchObject({ answerer: "ollama", model: "llama3.2", server: fake.url, reachable: true, reason: null });
    await other.stop();

    // A port nothing listens on.
    const closed = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, "127.0.0.1", () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const down = `http://127.0.0.1:${closed}`;
    other = await startServer({ env: { ADMIN_PASSWORD, OLLAMA_HOST: down, OLLAMA_MODEL: "llama3.2" } });
    const answering = (await systemOf(await adminOf(other))).answering;
    expect(answering).toMatchObject({ answerer: "extractive", model: "llama3.2", server: down, reachable: false });
    expect(answering.reason).toBeTruthy();
  });
});
