import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import * as sqliteVec from "sqlite-vec";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import * as schema from "../../../db/schema";
import { getConfig } from "../config.server";
import { projectRoot } from "../paths.server";

export * from "../../../db/schema";
export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

/** Opens (creating when needed) a database file with the pragmas every part relies on, and migrates it. */
export function openDatabase(file: string): Db {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // Accounts, sessions' owners and private documents' text live here: owner-only. Created (or set) before
  // SQLite opens it, as SQLite gives the -wal and -shm files the database file's mode.
  fs.closeSync(fs.openSync(file, "a", 0o600));
  fs.chmodSync(file, 0o600);
  for (const extra of [`${file}-wal`, `${file}-shm`]) if (fs.existsSync(extra)) fs.chmodSync(extra, 0o600);
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("busy_timeout = 5000");
  // Vector search tables (vec0) need the extension before migrations run.
  sqliteVec.load(sqlite);
  const db = drizzle(sqlite, { schema }) as Db;
  migrate(db, { migrationsFolder: path.join(projectRoot(), "db", "migrations") });
  return db;
}

/** What `perConnection` made, by connection and maker. */
const madePerConnection = new WeakMap<Db, Map<(db: Db) => unknown, unknown>>();

/**
 * Something made once per connection and kept with it: a drizzle query prepared with placeholders, for
 * the queries every request runs (building the SQL and SQLite's prepare cost more than running them).
 * `make` is the key, so pass a module-level function, never a fresh closure.
 */
export function perConnection<T>(db: Db, make: (db: Db) => T): T {
  let made = madePerConnection.get(db);
  if (!made) {
    made = new Map();
    madePerConnection.set(db, made);
  }
  if (!made.has(make)) made.set(make, make(db));
  return made.get(make) as T;
}

let instance: Db | null = null;

export function getDb(): Db {
  if (!instance) instance = openDatabase(path.join(getConfig().dataDir, "app.db"));
  return instance;
}

export function closeDb() {
  instance?.$client.close();
  instance = null;
}
