import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { conversations, documents, messages, openDatabase, users, type Db } from "../db/index.server";
import { BackupError, createBackup, MANIFEST, restoreBackup, verifyBackup, type BackupManifest } from "./backup.server";

/** Backups of a real data folder (SQLite file, uploaded files, session secret) and their restore. */

let tmp: string;
let dataDir: string;
let db: Db;

function seed(database: Db) {
  database.insert(users).values({ id: "u1", email: "admin@clinic.test", passwordHash: "hash", role: "admin", betaAccess: "approved" }).run();
  database.insert(users).values({ id: "u2", email: "vet@clinic.test", passwordHash: "hash" }).run();
  for (const [id, body] of [
    ["d1", "first book"],
    ["d2", "second book"],
  ] as const) {
    const storedPath = path.join("files", `${id}.txt`);
    fs.mkdirSync(path.join(dataDir, "files"), { recursive: true });
    fs.writeFileSync(path.join(dataDir, storedPath), body);
    database.insert(documents).values({ id, title: id, filename: `${id}.txt`, storedPath, fileType: "txt", fileSize: body.length, processingStatus: "completed" }).run();
  }
  database.insert(conversations).values({ id: "c1", userId: "u2", title: "Meloxicam" }).run();
  database.insert(messages).values({ id: "m1", conversationId: "c1", role: "user", content: "What is the dose of meloxicam in cats?" }).run();
  // Not referred to by the database: an interrupted upload's temp file is not backed up.
  fs.writeFileSync(path.join(dataDir, "files", ".incoming-123"), "partial");
  fs.writeFileSync(path.join(dataDir, "session-secret"), "s".repeat(43) + "\n");
}

beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "vetsearch-backup-"));
  dataDir = path.join(tmp, "data");
  db = openDatabase(path.join(dataDir, "app.db"));
  seed(db);
});

afterEach(() => {
  db.$client.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function refusal(run: () => unknown): Promise<string> {
  try {
    await run();
  } catch (error) {
    expect(error).toBeInstanceOf(BackupError);
    return (error as Error).message;
  }
  throw new Error("expected a refusal");
}

const listing = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }).map(String).sort() : []);

describe("a backup", () => {
  it("copies the database, the uploaded files and the session secret, with a manifest of counts and SHA-256 sums", async () => {
    const target = path.join(tmp, "backup");
    const manifest = await createBackup(dataDir, target, () => new Date("2026-01-02T03:04:05Z"));
    expect(manifest).toMatchObject({
      format: 1,
      app: { name: "vet-search-assistant" },
      createdAt: "2026-01-02T03:04:05.000Z",
      counts: { users: 2, documents: 2, conversations: 1, messages: 1, chunks: 0, uploadsProcessing: 0 },
      missingFiles: [],
    });
    expect(manifest.migrations).toBeGreaterThan(0);
    expect(manifest.files.map((f) => f.path).sort()).toEqual(["app.db", "files/d1.txt", "files/d2.txt", "session-secret"]);
    expect(manifest.files.find((f) => f.path === "files/d1.txt")).toEqual({
      path: "files/d1.txt",
      bytes: 10,
      sha256: crypto.createHash("sha256").update("first book").digest("hex"),
    });
    expect(JSON.parse(fs.readFileSync(path.join(target, MANIFEST), "utf8"))).toEqual(manifest);
    expect(listing(target)).toEqual(["app.db", "files", "files/d1.txt", "files/d2.txt", "manifest.json", "session-secret"]);
    // Nothing beside the database file: the copy stands alone.
    expect(fs.existsSync(path.join(target, "app.db-wal"))).toBe(false);
    expect(fs.statSync(path.join(target, "app.db")).mode & 0o777).toBe(0o600);
    expect(verifyBackup(target)).toEqual(manifest);
  });

  it("is consistent while the database is being written by another connection", async () => {
    const writer = openDatabase(path.join(dataDir, "app.db"));
    let written = 0;
    const timer = setInterval(() => {
      writer.insert(conversations).values({ id: `w${written}`, userId: "u2", title: `written ${written}` }).run();
      written++;
    }, 1);
    let manifest: BackupManifest;
    try {
      manifest = await createBackup(dataDir, path.join(tmp, "backup"));
    } finally {
      clearInterval(timer);
      writer.$client.close();
    }
    const copy = openDatabase(path.join(tmp, "backup", "app.db"));
    try {
      const n = (copy.$client.prepare("select count(*) n from conversations").get() as { n: number }).n;
      expect(n).toBe(manifest.counts.conversations);
      expect(copy.$client.pragma("integrity_check", { simple: true })).toBe("ok");
    } finally {
      copy.$client.close();
    }
  });

  it("refuses a folder that is not empty, and a data folder without a database", async () => {
    const target = path.join(tmp, "used");
    fs.mkdirSync(target);
    fs.writeFileSync(path.join(target, "keep.txt"), "an earlier backup");
    expect(await refusal(() => createBackup(dataDir, target))).toMatch(/is not empty: choose a new or empty folder/);
    expect(listing(target)).toEqual(["keep.txt"]);
    expect(await refusal(() => createBackup(path.join(tmp, "nowhere"), path.join(tmp, "b2")))).toMatch(/No database at .*app\.db/);
  });

  it("records a document whose file was deleted, instead of failing", async () => {
    fs.rmSync(path.join(dataDir, "files", "d2.txt"));
    const manifest = await createBackup(dataDir, path.join(tmp, "backup"));
    expect(manifest.missingFiles).toEqual(["files/d2.txt"]);
    expect(manifest.files.map((f) => f.path)).not.toContain("files/d2.txt");
  });
});

describe("a restore", () => {
  it("puts the same rows and files into an empty data folder", async () => {
    const target = path.join(tmp, "backup");
    await createBackup(dataDir, target);
    const restoredDir = path.join(tmp, "restored");
    const manifest = restoreBackup(target, restoredDir);
    expect(manifest.counts.users).toBe(2);
    expect(listing(restoredDir)).toEqual(["app.db", "files", "files/d1.txt", "files/d2.txt", "session-secret"]);
    expect(fs.readFileSync(path.join(restoredDir, "files", "d1.txt"), "utf8")).toBe("first book");
    expect(fs.readFileSync(path.join(restoredDir, "session-secret"), "utf8")).toBe(fs.readFileSync(path.join(dataDir, "session-secret"), "utf8"));
    const restored = openDatabase(path.join(restoredDir, "app.db"));
    try {
      expect(restored.select({ email: users.email }).from(users).all().map((u) => u.email).sort()).toEqual(["admin@clinic.test", "vet@clinic.test"]);
      expect(restored.select().from(messages).all().map((m) => m.content)).toEqual(["What is the dose of meloxicam in cats?"]);
    } finally {
      restored.$client.close();
    }
  });

  it("refuses a data folder that is not empty, and changes nothing in it", async () => {
    const target = path.join(tmp, "backup");
    await createBackup(dataDir, target);
    const before = listing(dataDir).map((f) => [f, fs.statSync(path.join(dataDir, f)).mtimeMs]);
    const message = await refusal(() => restoreBackup(target, dataDir));
    expect(message).toMatch(/^The data folder .* is not empty \(.*app\.db.*\)\. Restore only into an empty data folder/);
    expect(listing(dataDir).map((f) => [f, fs.statSync(path.join(dataDir, f)).mtimeMs])).toEqual(before);
  });

  it("refuses a damaged or unfinished backup before copying anything", async () => {
    const target = path.join(tmp, "backup");
    await createBackup(dataDir, target);
    fs.appendFileSync(path.join(target, "files", "d1.txt"), " changed");
    const restoredDir = path.join(tmp, "restored");
    expect(await refusal(() => restoreBackup(target, restoredDir))).toMatch(/is damaged: files\/d1\.txt is not the file that was backed up/);
    expect(listing(restoredDir)).toEqual([]);

    fs.rmSync(path.join(target, MANIFEST));
    expect(await refusal(() => restoreBackup(target, restoredDir))).toMatch(/no manifest\.json \(an unfinished backup\?\)/);
    expect(listing(restoredDir)).toEqual([]);
  });

  it("refuses a backup made by a newer version of the app", async () => {
    const target = path.join(tmp, "backup");
    const manifest = await createBackup(dataDir, target);
    fs.writeFileSync(path.join(target, MANIFEST), JSON.stringify({ ...manifest, migrations: manifest.migrations + 1 }));
    expect(await refusal(() => restoreBackup(target, path.join(tmp, "restored")))).toMatch(/made by a newer version of the app/);
  });
});
