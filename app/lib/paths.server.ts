import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The project folder (where package.json and db/migrations are). Server code runs from
 * the sources (dev, tests), from build/server (the app) and from build/workers.
 */
export function projectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 8; i++) {
    if (fs.existsSync(path.join(dir, "db", "migrations", "meta", "_journal.json"))) return dir;
    dir = path.dirname(dir);
  }
  const cwd = process.cwd();
  if (fs.existsSync(path.join(cwd, "db", "migrations"))) return cwd;
  throw new Error("Cannot find the project folder (db/migrations) from " + fileURLToPath(import.meta.url));
}
