import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { authLogs, conversations, feedback, messages, openDatabase, sessions, userSettings, users, type Db } from "./index.server";

let db: Db | null = null;
afterEach(() => db?.$client.close());

function freshDb() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vetsearch-db-"));
  db = openDatabase(path.join(dir, "app.db"));
  return db;
}

function seed(d: Db) {
  d.insert(users).values({ id: "u1", email: "u1@x.test" }).run();
  d.insert(sessions).values({ id: "s1", userId: "u1", expiresAt: new Date(Date.now() + 1000) }).run();
  d.insert(conversations).values({ id: "c1", userId: "u1", title: "New Chat" }).run();
  d.insert(messages).values({ id: "m1", conversationId: "c1", role: "user", content: "q" }).run();
  d.insert(userSettings).values({ userId: "u1", customSystemPrompt: "p" }).run();
  d.insert(feedback).values({ id: "f1", userId: "u1", message: "long enough feedback" }).run();
  d.insert(authLogs).values({ userId: "u1", action: "login" }).run();
}

describe("database", () => {
  it("runs in WAL mode with foreign keys on, migrated", () => {
    const d = freshDb();
    expect(d.$client.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(d.$client.pragma("foreign_keys", { simple: true })).toBe(1);
    expect(d.select().from(users).all()).toEqual([]);
  });

  it("keeps the database and its WAL and shared-memory files to their owner (0600), an older file included", () => {
    const mode = (file: string) => fs.statSync(file).mode & 0o777;
    const previous = process.umask(0o022);
    try {
      const d = freshDb();
      seed(d);
      const file = d.$client.name;
      for (const f of [file, `${file}-wal`, `${file}-shm`]) expect(mode(f), f).toBe(0o600);
      d.$client.close();
      db = null;
      // A database created by an earlier version, readable by everyone, is closed off when opened
      fs.chmodSync(file, 0o644);
      for (const f of [`${file}-wal`, `${file}-shm`]) if (fs.existsSync(f)) fs.chmodSync(f, 0o644);
      db = openDatabase(file);
      db.insert(users).values({ id: "u2", email: "u2@x.test" }).run();
      for (const f of [file, `${file}-wal`, `${file}-shm`]) expect(mode(f), f).toBe(0o600);
    } finally {
      process.umask(previous);
    }
  });

  it("deleting a user removes what they own and keeps the audit trail without them", () => {
    const d = freshDb();
    seed(d);
    d.delete(users).where(eq(users.id, "u1")).run();
    expect(d.select().from(sessions).all()).toEqual([]);
    expect(d.select().from(conversations).all()).toEqual([]);
    expect(d.select().from(messages).all()).toEqual([]);
    expect(d.select().from(userSettings).all()).toEqual([]);
    expect(d.select().from(feedback).all()).toEqual([]);
    expect(d.select({ userId: authLogs.userId, action: authLogs.action }).from(authLogs).all()).toEqual([{ userId: null, action: "login" }]);
  });

  it("deleting a conversation removes its messages only", () => {
    const d = freshDb();
    seed(d);
    d.delete(conversations).where(eq(conversations.id, "c1")).run();
    expect(d.select().from(messages).all()).toEqual([]);
    expect(d.select().from(users).all()).toHaveLength(1);
  });

  it("migration 0005 gives existing upload sessions the library they went to", () => {
    const d = freshDb();
    const sql = d.$client;
    sql.exec(`INSERT INTO users (id, email, role) VALUES ('admin', 'a@x.test', 'admin'), ('u1', 'u1@x.test', 'user')`);
    const doc = (id: string, owner: string | null) =>
      sql.prepare(`INSERT INTO documents (id, title, filename, stored_path, file_type, file_size, owner_id, uploaded_by) VALUES (?, 't', 'f.pdf', 'files/f.pdf', 'pdf', 1, ?, ?)`).run(id, owner, owner ?? "admin");
    doc("shared", null);
    doc("private", "u1");
    doc("admins-own", "admin");
    const session = (id: string, userId: string, documentId: string | null) =>
      sql.prepare(`INSERT INTO upload_sessions (id, document_id, user_id, filename, file_size) VALUES (?, ?, ?, 'f.pdf', 1)`).run(id, documentId, userId);
    session("s-shared", "admin", "shared");
    session("s-private", "u1", "private");
    session("s-admins-own", "admin", "admins-own");
    session("s-user-gone", "u1", null); // a user's failed upload: its document was removed
    session("s-admin-gone", "admin", null);
    // As before the migration: no owner recorded.
    sql.exec(`UPDATE upload_sessions SET owner_id = NULL`);
    const migration = fs.readFileSync(path.resolve(import.meta.dirname, "../../../db/migrations/0005_session_owner.sql"), "utf8");
    for (const statement of migration.split("--> statement-breakpoint").slice(1)) sql.exec(statement);
    const owners = Object.fromEntries(
      (sql.prepare(`SELECT id, owner_id AS ownerId FROM upload_sessions`).all() as { id: string; ownerId: string | null }[]).map((r) => [r.id, r.ownerId]),
    );
    expect(owners).toEqual({ "s-shared": null, "s-private": "u1", "s-admins-own": "admin", "s-user-gone": "u1", "s-admin-gone": null });
  });

  it("migration 0010 marks the bootstrap's admin and takes admin from accounts that signed up", () => {
    const d = freshDb();
    const sql = d.$client;
    sql.exec(`INSERT INTO users (id, email, role) VALUES ('boot', 'admin@x.test', 'admin'), ('squatter', 'future@x.test', 'admin'), ('u1', 'u1@x.test', 'user')`);
    sql.exec(`INSERT INTO auth_logs (user_id, action) VALUES ('boot', 'login'), ('squatter', 'registration'), ('u1', 'registration')`);
    // As before the migration: nothing recorded who made an account.
    sql.exec(`UPDATE users SET created_by_bootstrap = false`);
    const migration = fs.readFileSync(path.resolve(import.meta.dirname, "../../../db/migrations/0010_admin_bootstrap.sql"), "utf8");
    for (const statement of migration.split("--> statement-breakpoint").slice(1)) sql.exec(statement);
    const rows = d.select({ id: users.id, role: users.role, createdByBootstrap: users.createdByBootstrap }).from(users).orderBy(users.id).all();
    expect(rows).toEqual([
      { id: "boot", role: "admin", createdByBootstrap: true },
      { id: "squatter", role: "user", createdByBootstrap: false },
      { id: "u1", role: "user", createdByBootstrap: false },
    ]);
  });

  it("refuses rows that point at nothing", () => {
    const d = freshDb();
    expect(() => d.insert(conversations).values({ id: "c9", userId: "nobody", title: "x" }).run()).toThrow(/FOREIGN KEY/);
  });
});
