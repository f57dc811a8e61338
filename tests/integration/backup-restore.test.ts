import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDb, setBetaAccess } from "../support/db";
import { HttpClient, ROOT, startServer, type TestServer } from "../support/server";
import { upload, waitForSession } from "../support/uploads";

/**
 * `npm run backup`, `npm run restore` and `npm run admin -- reset-password` as a clinic runs them: the
 * built commands in their own processes beside a running server (the real one, over HTTP). A backup is
 * taken while a large upload is being processed, restored into a new data folder, and a server started
 * on it finds the same users, documents, conversations and answers.
 */

const ADMIN_PASSWORD = "backup-admin-password";
const VET_PASSWORD = "correct horse battery";
const QUESTION = "What is the dose of meloxicam in cats?";
const MELOXICAM_TXT = [
  "# Feline Analgesia Notes",
  "",
  "Meloxicam is a non-steroidal anti-inflammatory drug used for pain and inflammation in cats. " +
    "The dose of meloxicam in cats is 0.1 mg/kg orally once daily after a loading dose of 0.2 mg/kg on the first day.",
  "",
].join("\n");

/** A book long enough that its processing is still running when the backup starts (thousands of passages). */
function largeBook(): Buffer {
  const lines = ["# Canine Parasitology Compendium", ""];
  for (let i = 0; i < 24_000; i++) {
    lines.push(
      `Section ${i}: praziquantel ${i % 97} mg tablets treat cestode infection in dogs weighing ${(i % 40) + 2} kg; repeat after ${(i % 3) + 2} weeks when eggs persist in faecal flotation number ${i}.`,
    );
  }
  return Buffer.from(lines.join("\n"));
}

type Run = { code: number | null; out: string };

/** Runs one of the built commands (build/workers/<name>-cli.js) with DATA_DIR set. */
function runCli(name: string, args: string[], dataDir: string, stdin?: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(ROOT, "build/workers", `${name}-cli.js`), ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, ADMIN_EMAIL: "admin@clinic.test" },
      stdio: [stdin === undefined ? "ignore" : "pipe", "pipe", "pipe"],
    });
    let out = "";
    child.stdout!.on("data", (d) => (out += d));
    child.stderr!.on("data", (d) => (out += d));
    if (stdin !== undefined) child.stdin!.end(stdin);
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code, out }));
  });
}

async function signedIn(server: TestServer, email: string, password: string): Promise<HttpClient> {
  const client = new HttpClient(server.url);
  const res = await client.signIn(email, password);
  expect(res.status, `${email} signs in`).toBe(303);
  expect(client.cookie).not.toBe("");
  return client;
}

async function ask(client: HttpClient, conversation: string) {
  const res = await client.json("POST", `/api/conversations/${conversation}/messages`, { content: QUESTION, usePubmed: false, useThinkHarder: false });
  expect(res.status).toBe(200);
  return (await res.json()) as { content: string; citations: Array<{ documentId?: string; page: string | number }> };
}

function rows(dataDir: string, sql: string): unknown[] {
  const db = openTestDb(dataDir);
  try {
    return db.prepare(sql).all();
  } finally {
    db.close();
  }
}

const DOCUMENTS = "select d.id, d.title, d.processing_status status, (select count(*) from chunks c where c.document_id = d.id) chunks from documents d order by d.id";
const USERS = "select id, email, role, beta_access from users order by email";

describe("backup and restore of a running server", () => {
  let tmp: string;
  let original: TestServer;
  let restored: TestServer | undefined;
  let backupDir: string;
  let vetConversation: string;
  let vetCookie: string;
  let largeSession: string;
  let backupRun: Run;

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "vetsearch-backup-it-"));
    backupDir = path.join(tmp, "backup");
    original = await startServer({ env: { ADMIN_PASSWORD, ADMIN_EMAIL: "admin@clinic.test" } });
    const admin = await signedIn(original, "admin@clinic.test", ADMIN_PASSWORD);
    const small = await upload(admin, "feline-analgesia.txt", Buffer.from(MELOXICAM_TXT));
    expect(small.status).toBe(200);
    expect(await waitForSession(admin, ((await small.json()) as { sessionId: string }).sessionId)).toMatchObject({ status: "completed" });

    const vet = new HttpClient(original.url);
    expect((await vet.signUp({ email: "vet@clinic.test", password: VET_PASSWORD })).status).toBe(303);
    setBetaAccess(original.dataDir, "vet@clinic.test", "approved");
    const created = await vet.json("POST", "/api/conversations", { title: "Meloxicam in cats" });
    expect(created.status).toBe(201);
    vetConversation = ((await created.json()) as { id: string }).id;
    await ask(vet, vetConversation);
    vetCookie = vet.cookie;

    // The backup starts as soon as the large upload has been accepted, while the worker processes it.
    const large = await upload(admin, "parasitology.txt", largeBook());
    expect(large.status).toBe(200);
    largeSession = ((await large.json()) as { sessionId: string }).sessionId;
    backupRun = await runCli("backup", [backupDir], original.dataDir);
    expect(await waitForSession(admin, largeSession, 300_000)).toMatchObject({ status: "completed" });
  }, 400_000);

  afterAll(async () => {
    await original?.stop();
    await restored?.stop();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  it("backs up while a document is being processed, with a manifest of what it holds", () => {
    expect(backupRun.code, backupRun.out).toBe(0);
    expect(backupRun.out).toMatch(/^Backup of .* written to /);
    const manifest = JSON.parse(fs.readFileSync(path.join(backupDir, "manifest.json"), "utf8")) as {
      counts: { users: number; documents: number; conversations: number; messages: number; uploadsProcessing: number };
      files: Array<{ path: string; sha256: string }>;
    };
    expect(manifest.counts).toMatchObject({ users: 2, documents: 2, conversations: 1, messages: 2 });
    // Taken mid-ingestion: the large book was still being processed.
    expect(manifest.counts.uploadsProcessing).toBe(1);
    expect(manifest.files.filter((f) => f.path.startsWith("files/"))).toHaveLength(2);
  });

  it("refuses to restore into a data folder that is not empty, and leaves it as it was", async () => {
    const before = fs.readdirSync(original.dataDir).sort();
    const run = await runCli("restore", [backupDir], original.dataDir);
    expect(run.code).toBe(1);
    expect(run.out).toMatch(/is not empty .*Restore only into an empty data folder/);
    expect(fs.readdirSync(original.dataDir).sort()).toEqual(before);
  });

  it("restores into a new data folder; a server started on it has the same users, documents, conversations and answers", async () => {
    const dataDir = path.join(tmp, "restored-data");
    const run = await runCli("restore", [backupDir], dataDir);
    expect(run.code, run.out).toBe(0);
    restored = await startServer({ dataDir, env: { ADMIN_PASSWORD, ADMIN_EMAIL: "admin@clinic.test" } });
    // The upload caught mid-way is processed again from the start, to the same passages.
    const admin = await signedIn(restored, "admin@clinic.test", ADMIN_PASSWORD);
    expect(await waitForSession(admin, largeSession, 300_000)).toMatchObject({ status: "completed" });
    expect(rows(dataDir, USERS)).toEqual(rows(original.dataDir, USERS));
    expect(rows(dataDir, DOCUMENTS)).toEqual(rows(original.dataDir, DOCUMENTS));

    // The vet signs in with the same password; the session cookie from before the backup is still good.
    const vet = await signedIn(restored, "vet@clinic.test", VET_PASSWORD);
    const oldSession = new HttpClient(restored.url);
    oldSession.cookie = vetCookie;
    const list = await oldSession.get("/api/conversations");
    expect(list.status).toBe(200);
    const originalVet = new HttpClient(original.url);
    originalVet.cookie = vetCookie;
    expect(await list.json()).toEqual(await (await originalVet.get("/api/conversations")).json());
    const messages = await vet.get(`/api/conversations/${vetConversation}/messages`);
    expect(messages.status).toBe(200);
    expect(await messages.json()).toEqual(await (await originalVet.get(`/api/conversations/${vetConversation}/messages`)).json());

    // The same question finds the same passages on both servers.
    const newConversation = async (client: HttpClient) =>
      ((await (await client.json("POST", "/api/conversations", { title: "Again" })).json()) as { id: string }).id;
    const before = await ask(originalVet, await newConversation(originalVet));
    const after = await ask(vet, await newConversation(vet));
    expect(before.citations.length).toBeGreaterThan(0);
    expect(after.citations).toEqual(before.citations);
    expect(after.content).toBe(before.content);
  }, 400_000);

  it("resets a locked-out admin's password from the command line: generated, or read from stdin", async () => {
    const dataDir = original.dataDir;
    const generated = await runCli("admin", ["reset-password", "admin@clinic.test"], dataDir);
    expect(generated.code, generated.out).toBe(0);
    const password = /New password \(shown only this once\): (\S+)/.exec(generated.out)?.[1];
    expect(password).toBeDefined();
    await signedIn(original, "admin@clinic.test", password!);
    expect((await new HttpClient(original.url).signIn("admin@clinic.test", ADMIN_PASSWORD)).status).not.toBe(303);

    const piped = await runCli("admin", ["reset-password", "admin@clinic.test"], dataDir, "chosen by the admin\n");
    expect(piped.code, piped.out).toBe(0);
    expect(piped.out).not.toMatch(/New password/);
    await signedIn(original, "admin@clinic.test", "chosen by the admin");

    const weak = await runCli("admin", ["reset-password", "admin@clinic.test"], dataDir, "x\n");
    expect(weak.code).toBe(1);
    expect(weak.out).toMatch(/Password not changed: Password must be at least 8 characters/);
    const unknown = await runCli("admin", ["reset-password", "nobody@clinic.test"], dataDir);
    expect(unknown.code).toBe(1);
    expect(unknown.out).toMatch(/No account with the e-mail nobody@clinic.test/);
    await signedIn(original, "admin@clinic.test", "chosen by the admin");
  }, 60_000);
});
