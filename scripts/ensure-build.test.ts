import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ROOT } from "../tests/support/server";

const BUILD_FILES = ["build/server/index.js", "build/workers/ingest-worker.js", ...["ingest", "backup", "restore", "admin"].map((c) => `build/workers/${c}-cli.js`)];

describe("ensure-build in a copy without the sources (the Docker image)", () => {
  let dir = "";
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** The image's layout: build/, then db/ and package.json copied after it (their folders newer than the build). */
  const imageLike = (buildFiles: string[]) => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "ensure-build-"));
    for (const f of buildFiles) {
      fs.mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
      fs.writeFileSync(path.join(dir, f), "");
      fs.utimesSync(path.join(dir, f), new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
    }
    fs.mkdirSync(path.join(dir, "scripts"));
    fs.copyFileSync(path.join(ROOT, "scripts/ensure-build.js"), path.join(dir, "scripts/ensure-build.js"));
    fs.mkdirSync(path.join(dir, "db/migrations"), { recursive: true });
    fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "copy", type: "module", scripts: { build: "exit 3" } }));
    return spawnSync(process.execPath, ["scripts/ensure-build.js"], { cwd: dir, encoding: "utf8" });
  };

  it("runs nothing when the build is there", () => {
    const run = imageLike(BUILD_FILES);
    expect(run.stdout + run.stderr).toBe("");
    expect(run.status).toBe(0);
  });

  it("says what is missing when the build is not", () => {
    const run = imageLike(BUILD_FILES.slice(1));
    expect(run.stderr.trim()).toBe("No build and no sources to make one: build/server/index.js missing");
    expect(run.status).toBe(1);
  });
});
