import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { projectRoot } from "../paths.server";

/**
 * Backups a clinic can run while the server is up, and their restore into an empty data folder.
 *
 * A backup is a folder: `app.db` (a consistent copy of the database, taken with SQLite's online backup),
 * `files/` (the uploaded originals the copied database refers to), `session-secret` when the data folder
 * has one, and `manifest.json` (format, app version, time, counts, size and SHA-256 of every file),
 * written last: a folder without it is an unfinished backup and is refused by restore.
 */

export const MANIFEST = "manifest.json";
export const BACKUP_FORMAT = 1;
const DB_FILE = "app.db";
const SECRET_FILE = "session-secret";

export type BackupCounts = {
  users: number;
  documents: number;
  conversations: number;
  messages: number;
  chunks: number;
  /** Uploads still being processed when the copy was taken: the restored server processes them again. */
  uploadsProcessing: number;
};

export type ManifestFile = { path: string; bytes: number; sha256: string };

export type BackupManifest = {
  format: typeof BACKUP_FORMAT;
  app: { name: string; version: string };
  /** Database migrations applied in the copy (a backup from a newer app is refused). */
  migrations: number;
  createdAt: string;
  counts: BackupCounts;
  files: ManifestFile[];
  /** Documents whose file was deleted between the database copy and the file copy. */
  missingFiles: string[];
};

/** A refusal the command prints as it is (no stack trace): bad folder, unfinished or damaged backup. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BackupError";
  }
}

function sha256Of(file: string): string {
  const hash = crypto.createHash("sha256");
  const fd = fs.openSync(file, "r");
  try {
    const buffer = Buffer.alloc(1 << 20);
    for (let n; (n = fs.readSync(fd, buffer, 0, buffer.length, null)) > 0; ) hash.update(buffer.subarray(0, n));
  } finally {
    fs.closeSync(fd);
  }
  return hash.digest("hex");
}

function describe(root: string, relative: string): ManifestFile {
  const file = path.join(root, relative);
  return { path: relative.split(path.sep).join("/"), bytes: fs.statSync(file).size, sha256: sha256Of(file) };
}

/** Entries of a folder, or null when it does not exist. */
function entriesOf(dir: string): string[] | null {
  try {
    return fs.readdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

function appInfo(): { name: string; version: string } {
  const pkg = JSON.parse(fs.readFileSync(path.join(projectRoot(), "package.json"), "utf8")) as { name: string; version: string };
  return { name: pkg.name, version: pkg.version };
}

/** Migrations this app knows (its drizzle journal). */
export function knownMigrations(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(projectRoot(), "db", "migrations", "meta", "_journal.json"), "utf8")) as { entries: unknown[] };
  return journal.entries.length;
}

function countRows(db: Database.Database): { counts: BackupCounts; migrations: number } {
  const n = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
  return {
    counts: {
      users: n("select count(*) n from users"),
      documents: n("select count(*) n from documents"),
      conversations: n("select count(*) n from conversations"),
      messages: n("select count(*) n from messages"),
      chunks: n("select count(*) n from chunks"),
      uploadsProcessing: n("select count(*) n from upload_sessions where status = 'processing'"),
    },
    migrations: n("select count(*) n from __drizzle_migrations"),
  };
}

/**
 * Copies the data folder's database and files into `target` (absent or empty). Safe while the server
 * runs: the database copy is one read transaction (the server keeps writing meanwhile, in WAL mode), and
 * the files copied are those that copy refers to, so the two agree.
 */
export async function createBackup(dataDir: string, target: string, now: () => Date = () => new Date()): Promise<BackupManifest> {
  const source = path.join(dataDir, DB_FILE);
  if (!fs.existsSync(source)) throw new BackupError(`No database at ${source}: is DATA_DIR the server's data folder?`);
  const existing = entriesOf(target);
  if (existing?.length) throw new BackupError(`The backup folder ${target} is not empty: choose a new or empty folder, so no earlier backup is overwritten.`);
  fs.mkdirSync(target, { recursive: true, mode: 0o700 });

  const copy = path.join(target, DB_FILE);
  const createdAt = now().toISOString();
  const live = new Database(source, { fileMustExist: true });
  try {
    live.pragma("busy_timeout = 5000");
    // All pages in one step: one read transaction, so writes by the server cannot restart or tear the copy.
    await live.backup(copy, { progress: () => 0x7fffffff });
  } finally {
    live.close();
  }
  fs.chmodSync(copy, 0o600);

  const backupDb = new Database(copy, { fileMustExist: true });
  let counts: BackupCounts;
  let migrations: number;
  let storedPaths: string[];
  try {
    const check = backupDb.pragma("quick_check", { simple: true });
    if (check !== "ok") throw new BackupError(`The database copy failed its integrity check (${String(check)}); the backup in ${target} is not usable.`);
    // A self-contained file: no -wal beside it.
    backupDb.pragma("journal_mode = DELETE");
    ({ counts, migrations } = countRows(backupDb));
    storedPaths = (backupDb.prepare("select stored_path p from documents").all() as Array<{ p: string }>).map((r) => r.p);
  } finally {
    backupDb.close();
  }

  const files: ManifestFile[] = [describe(target, DB_FILE)];
  const missingFiles: string[] = [];
  const root = path.resolve(dataDir);
  for (const stored of storedPaths) {
    const from = path.resolve(root, stored);
    // Stored paths are ours (files/<uuid>.<ext>); anything that would leave the data folder is not copied.
    if (!from.startsWith(root + path.sep)) continue;
    const relative = path.relative(root, from);
    const to = path.join(target, relative);
    fs.mkdirSync(path.dirname(to), { recursive: true, mode: 0o700 });
    try {
      fs.copyFileSync(from, to);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      missingFiles.push(relative);
      continue;
    }
    fs.chmodSync(to, 0o600);
    files.push(describe(target, relative));
  }
  if (fs.existsSync(path.join(dataDir, SECRET_FILE))) {
    fs.copyFileSync(path.join(dataDir, SECRET_FILE), path.join(target, SECRET_FILE));
    fs.chmodSync(path.join(target, SECRET_FILE), 0o600);
    files.push(describe(target, SECRET_FILE));
  }

  const manifest: BackupManifest = { format: BACKUP_FORMAT, app: appInfo(), migrations, createdAt, counts, files, missingFiles };
  fs.writeFileSync(path.join(target, MANIFEST), JSON.stringify(manifest, null, 2) + "\n", { mode: 0o600 });
  return manifest;
}

/** Reads a backup's manifest and checks every file it lists against its size and SHA-256. */
export function verifyBackup(backupDir: string): BackupManifest {
  const manifestPath = path.join(backupDir, MANIFEST);
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(fs.readFileSync(manifestPath, "utf8")) as BackupManifest;
  } catch (error) {
    const why = (error as NodeJS.ErrnoException).code === "ENOENT" ? "it has no manifest.json (an unfinished backup?)" : "its manifest.json cannot be read";
    throw new BackupError(`${backupDir} is not a usable backup: ${why}.`);
  }
  if (manifest.format !== BACKUP_FORMAT || !Array.isArray(manifest.files)) {
    throw new BackupError(`${backupDir} is not a backup this version can restore (format ${String(manifest.format)}).`);
  }
  if (!manifest.files.some((f) => f.path === DB_FILE)) throw new BackupError(`${backupDir} is not a usable backup: it has no database.`);
  if (manifest.migrations > knownMigrations()) {
    throw new BackupError(`${backupDir} was made by a newer version of the app (${manifest.app?.version ?? "unknown"}): update the app before restoring it.`);
  }
  const root = path.resolve(backupDir);
  for (const entry of manifest.files) {
    const file = path.resolve(root, entry.path);
    if (!file.startsWith(root + path.sep)) throw new BackupError(`${backupDir} is not a usable backup: it lists a file outside it (${entry.path}).`);
    if (!fs.existsSync(file)) throw new BackupError(`${backupDir} is damaged: ${entry.path} is missing.`);
    if (fs.statSync(file).size !== entry.bytes || sha256Of(file) !== entry.sha256) {
      throw new BackupError(`${backupDir} is damaged: ${entry.path} is not the file that was backed up (its SHA-256 differs).`);
    }
  }
  return manifest;
}

/**
 * Restores a backup into `dataDir`, which must be empty or absent: nothing is ever overwritten. The
 * backup is checked first (every file's SHA-256); if copying fails half-way, what was copied is removed.
 */
export function restoreBackup(backupDir: string, dataDir: string): BackupManifest {
  const existing = entriesOf(dataDir);
  if (existing?.length) {
    const shown = existing.slice(0, 5).join(", ") + (existing.length > 5 ? ", …" : "");
    throw new BackupError(
      `The data folder ${dataDir} is not empty (${shown}). Restore only into an empty data folder, so nothing is overwritten: stop the server, move the old folder aside, and run the restore again.`,
    );
  }
  const manifest = verifyBackup(backupDir);
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  try {
    for (const entry of manifest.files) {
      const to = path.join(dataDir, entry.path);
      fs.mkdirSync(path.dirname(to), { recursive: true, mode: 0o700 });
      fs.copyFileSync(path.join(backupDir, entry.path), to, fs.constants.COPYFILE_EXCL);
      fs.chmodSync(to, 0o600);
    }
    const restored = new Database(path.join(dataDir, DB_FILE), { fileMustExist: true });
    try {
      if (restored.pragma("quick_check", { simple: true }) !== "ok") throw new BackupError(`The restored database in ${dataDir} failed its integrity check.`);
    } finally {
      restored.close();
    }
  } catch (error) {
    for (const entry of fs.readdirSync(dataDir)) fs.rmSync(path.join(dataDir, entry), { recursive: true, force: true });
    throw error;
  }
  return manifest;
}
