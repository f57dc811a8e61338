import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach } from "vitest";
import { openDatabase, type Db } from "../../app/lib/db/index.server";

/**
 * The app's database in a temporary folder, migrated, for unit tests of server modules: call once at the top of
 * a test file; each test opens its own with `fresh(prefix)`, closed and removed after it. `file` is the open
 * database's path (for a second connection).
 */
export function temporaryDatabases() {
  const open: Array<{ db: Db; dir: string }> = [];
  afterEach(() => {
    for (const { db, dir } of open.splice(0)) {
      db.$client.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
  return {
    fresh(prefix: string): Db {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
      const db = openDatabase(path.join(dir, "app.db"));
      open.push({ db, dir });
      return db;
    },
    get file(): string {
      const last = open[open.length - 1];
      if (!last) throw new Error("no temporary database is open");
      return path.join(last.dir, "app.db");
    },
  };
}
