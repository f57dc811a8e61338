// Builds when the build is missing or older than the sources (used by `npm start` and the CLI commands).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const CLIS = ["ingest", "backup", "restore", "admin"];
const buildFiles = ["build/server/index.js", "build/workers/ingest-worker.js", ...CLIS.map((c) => `build/workers/${c}-cli.js`)].map((f) => path.join(root, f));
const SOURCES = ["app", "db", ...CLIS.map((c) => `scripts/${c}.ts`), "public", "vite.config.ts", "vite.workers.config.ts", "react-router.config.ts", "package.json", "package-lock.json"];

function newestMtime(p) {
  let stat;
  try {
    stat = fs.statSync(p);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

// A deployed copy without the sources (the Docker image carries build/ only) has nothing to build from: its
// folders' times are when they were copied, not when their sources changed.
if (!fs.existsSync(path.join(root, "app"))) {
  const missing = buildFiles.filter((f) => !fs.existsSync(f));
  if (missing.length > 0) {
    console.error(`No build and no sources to make one: ${missing.map((f) => path.relative(root, f)).join(", ")} missing`);
    process.exit(1);
  }
  process.exit(0);
}

const builtAt = Math.min(...buildFiles.map((f) => (fs.existsSync(f) ? fs.statSync(f).mtimeMs : 0)));
const sourcesAt = Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s))));
if (builtAt < sourcesAt) {
  console.log(builtAt ? "Sources changed since the last build: building..." : "No build yet: building...");
  const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
