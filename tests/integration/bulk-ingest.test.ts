import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTestDb } from "../support/db";
import { fixtureDocument } from "../support/fixtures";
import { ROOT, startServer } from "../support/server";

/**
 * `npm run ingest -- <folder>` as an admin runs it: the built command in its own process on a data
 * folder a server created. A folder with a duplicate, an empty file, a damaged PDF, an unsupported file
 * and a missing path ends with the right summary, and only the good files in the library; a run of text
 * files never loads the PDF, Office or model packages (the module log of tests/support/module-log.mjs).
 */

const HEAVY_PACKAGES = ["pdfjs-dist", "jszip", "fast-xml-parser", "exceljs", "word-extractor", "openai", "ollama", "@huggingface/transformers", "node-llama-cpp", "busboy"];

let dataDir: string;
let folder: string;

type Run = { code: number | null; out: string; modules: string[] };

/** The built bulk-ingest command, with every module it loads written to a log. */
function ingest(...targets: string[]): Promise<Run> {
  const log = path.join(folder, "..", `modules-${Date.now()}-${Math.random()}.log`);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", path.join(ROOT, "tests/support/module-log.mjs"), path.join(ROOT, "build/workers/ingest-cli.js"), ...targets], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, ADMIN_EMAIL: "admin@clinic.test", EMBEDDINGS: "none", MODULE_LOG: log },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.on("error", reject);
    child.on("exit", (code) => {
      const modules = fs.existsSync(log) ? fs.readFileSync(log, "utf8").split("\n").filter(Boolean) : [];
      resolve({ code, out, modules });
    });
  });
}

const loaded = (modules: string[], name: string) => modules.some((m) => m === name || m.startsWith(`${name}/`) || m.includes(`/node_modules/${name}/`));

beforeAll(async () => {
  const server = await startServer({ env: { ADMIN_PASSWORD: "bulk-admin-password" } });
  await server.stop({ keepData: true });
  dataDir = server.dataDir;
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "vetsearch-bulk-"));
  folder = path.join(root, "books");
  fs.mkdirSync(path.join(folder, "notes"), { recursive: true });
  const meloxicam = "Meloxicam is a non-steroidal anti-inflammatory drug. The dose in cats is 0.05 mg/kg once daily.\n";
  fs.writeFileSync(path.join(folder, "meloxicam.txt"), meloxicam);
  fs.writeFileSync(path.join(folder, "notes", "meloxicam-again.txt"), meloxicam);
  fs.writeFileSync(path.join(folder, "notes", "robenacoxib.txt"), "Robenacoxib is given to dogs at 1 mg/kg once daily for up to 3 weeks.\n");
  fs.writeFileSync(path.join(folder, "empty.txt"), "");
  fs.writeFileSync(path.join(folder, "readme.md"), "# What is in this folder\n");
  fs.copyFileSync(fixtureDocument("malformed_invalid-header-only.pdf"), path.join(folder, "damaged.pdf"));
});

afterAll(() => {
  if (folder) fs.rmSync(path.dirname(folder), { recursive: true, force: true });
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("npm run ingest -- <folder>", () => {
  it("ingests a folder and sums up what was done, skipped and failed, with the reasons", async () => {
    const missing = path.join(folder, "not-there");
    const run = await ingest(folder, missing);
    expect(run.code, run.out).toBe(1);
    expect(run.out).toMatch(/Finished in \d+s: 2 ingested \(2 chunks\), 2 skipped, 3 failed, of 7 file\(s\)/);
    const summary = run.out.slice(run.out.indexOf("Finished in"));
    expect(summary).toContain(`Skipped:\n  ${path.join(folder, "readme.md")}: unsupported file type (.md)\n`);
    expect(summary).toContain(`  ${path.join(folder, "notes", "meloxicam-again.txt")}: already in the library as`);
    expect(summary).toContain(`Failed:\n  ${missing}: not found\n`);
    expect(summary).toContain(`  ${path.join(folder, "damaged.pdf")}: The PDF is damaged and cannot be read\n`);
    expect(summary).toContain(`  ${path.join(folder, "empty.txt")}: The file is empty\n`);
    // Not a terminal: progress lines with the tally and an ETA, not a redrawn bar.
    expect(run.out).toMatch(/\] 100% 7\/7 files · .* files\/s · ETA 0s · 2 done, 2 skipped, 3 failed/);
    const documents = withTestDb(dataDir, (db) => db.prepare("select filename, processing_status as status from documents order by filename").all());
    expect(documents).toEqual([
      { filename: "damaged.pdf", status: "failed" },
      { filename: "meloxicam.txt", status: "completed" },
      { filename: "robenacoxib.txt", status: "completed" },
    ]);
    // A second run finds everything already there: nothing new, no failure for what was done.
    const again = await ingest(path.join(folder, "notes"));
    expect(again.code, again.out).toBe(0);
    expect(again.out).toContain("0 ingested (0 chunks), 2 skipped, 0 failed, of 2 file(s)");
  });

  it("loads the PDF, Office and model packages only for a file that needs them", async () => {
    const text = await ingest(path.join(folder, "notes", "robenacoxib.txt"));
    expect(text.modules.length, "the module log recorded nothing").toBeGreaterThan(10);
    expect(loaded(text.modules, "better-sqlite3")).toBe(true);
    expect(HEAVY_PACKAGES.filter((name) => loaded(text.modules, name))).toEqual([]);
    const pdf = path.join(folder, "..", "efsa.pdf");
    fs.copyFileSync(fixtureDocument("efsa-zoonoses-salmonella_eu-016.pdf"), pdf);
    const withPdf = await ingest(pdf);
    expect(withPdf.code, withPdf.out).toBe(0);
    expect(loaded(withPdf.modules, "pdfjs-dist")).toBe(true);
  });
});
