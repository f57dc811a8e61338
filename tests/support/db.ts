import path from "node:path";
import Database from "better-sqlite3";

/** Direct access to a test server's database file, for arranging state and checking what changed. */
export function openTestDb(dataDir: string) {
  const db = new Database(path.join(dataDir, "app.db"));
  db.pragma("busy_timeout = 5000");
  return db;
}

export type TestDb = ReturnType<typeof openTestDb>;

/** Runs `work` on a test server's database, closing it after. */
export function withTestDb<T>(dataDir: string, work: (db: TestDb) => T): T {
  const db = openTestDb(dataDir);
  try {
    return work(db);
  } finally {
    db.close();
  }
}

/** Sets a user's beta status the way the admin's approve/deny will (that API is its own capability). */
export function setBetaAccess(dataDir: string, email: string, status: "pending" | "approved" | "denied") {
  withTestDb(dataDir, (db) => db.prepare("update users set beta_access = ?, approved_at = ? where email = ?").run(status, Date.now(), email));
}
