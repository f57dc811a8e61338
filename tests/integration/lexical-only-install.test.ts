import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_EMBEDDINGS_PACKAGE, missingLocalEmbeddingPackages } from "../../app/lib/embeddings/local.server";
import { HttpClient, ROOT, startServer, type TestServer } from "../support/server";

/**
 * A lexical-only install (`npm ci --omit=peer`) has no local-embedding stack. The built server runs from a
 * copy of the project whose node_modules links every installed package except that one, as such an install
 * lays it out: with EMBEDDINGS=local it still starts, says in one line at start why semantic search is off,
 * and the admin's search status gives the same reason instead of asking for model files.
 */
const REASON = missingLocalEmbeddingPackages(() => {
  throw new Error("not installed");
});

let root: string;
let server: TestServer;

/** node_modules of links to the real packages, without LOCAL_EMBEDDINGS_PACKAGE. */
function linkPackagesExcept(from: string, to: string, left: string) {
  fs.mkdirSync(to, { recursive: true });
  for (const name of fs.readdirSync(from)) {
    if (name.startsWith("@") && left.startsWith(`${name}/`)) {
      linkPackagesExcept(path.join(from, name), path.join(to, name), left.slice(name.length + 1));
    } else if (name !== left) {
      fs.symlinkSync(path.join(from, name), path.join(to, name));
    }
  }
}

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "vetsearch-lexical-"));
  // Copied, not linked: Node resolves a module's imports from its real path
  for (const entry of ["server.js", "package.json", "build", "db"]) {
    fs.cpSync(path.join(ROOT, entry), path.join(root, entry), { recursive: true });
  }
  linkPackagesExcept(path.join(ROOT, "node_modules"), path.join(root, "node_modules"), LOCAL_EMBEDDINGS_PACKAGE);
  server = await startServer({ root, env: { EMBEDDINGS: "local", MODELS_DIR: path.join(root, "models"), ADMIN_PASSWORD: "lexical-only-admin" } });
});

afterAll(async () => {
  await server?.stop();
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

describe("EMBEDDINGS=local on an install without the local-embedding packages", () => {
  it("the test's copy really lacks the package while this install has it", () => {
    expect(missingLocalEmbeddingPackages()).toBeNull();
    expect(fs.existsSync(path.join(root, "node_modules", LOCAL_EMBEDDINGS_PACKAGE))).toBe(false);
    expect(fs.existsSync(path.join(root, "node_modules", "react-router"))).toBe(true);
  });

  it("starts, with one line saying what is missing and how to add it", () => {
    expect(REASON).toMatch(/^EMBEDDINGS=local needs @huggingface\/transformers and onnxruntime-node, .*npm ci --omit=peer.*run npm ci/);
    expect(server.output().split("\n")).toContain(REASON);
  });

  it("the admin sees the same reason, not a request for model files", async () => {
    const admin = new HttpClient(server.url);
    expect((await admin.signIn(server.adminEmail, server.adminPassword)).status).toBe(303);
    const res = await admin.get("/api/admin/search-status");
    expect(res.status).toBe(200);
    const status = (await res.json()) as { mode: string; embedder: string | null; reason: string | null };
    expect(status).toMatchObject({ mode: "lexical", embedder: null, reason: REASON });
  });
});

type LockPackage = { peer?: boolean; dependencies?: Record<string, string>; optionalDependencies?: Record<string, string> };

describe("npm ci --omit=peer leaves out the local-embedding stack and nothing else", () => {
  const read = (file: string) => JSON.parse(fs.readFileSync(path.join(ROOT, file), "utf8"));
  const lock = read("package-lock.json") as { packages: Record<string, LockPackage> };

  it("the only peer dependency is the local-embedding package", () => {
    expect(Object.keys(read("package.json").peerDependencies ?? {})).toEqual([LOCAL_EMBEDDINGS_PACKAGE]);
  });

  it("every package the lockfile marks peer-only is one the local-embedding package brings", () => {
    // Hoisted layout: a dependency sits at node_modules/<name> or nested under its parent's folder
    const locate = (parent: string, name: string) =>
      [`${parent}/node_modules/${name}`, `node_modules/${name}`].find((key) => key in lock.packages);
    const brought = new Set<string>();
    const visit = (key: string | undefined) => {
      if (!key || brought.has(key)) return;
      brought.add(key);
      const entry = lock.packages[key]!;
      for (const name of Object.keys({ ...entry.dependencies, ...entry.optionalDependencies })) visit(locate(key, name));
    };
    visit(`node_modules/${LOCAL_EMBEDDINGS_PACKAGE}`);
    const peerOnly = Object.keys(lock.packages).filter((key) => lock.packages[key]!.peer);
    expect(peerOnly).toContain(`node_modules/${LOCAL_EMBEDDINGS_PACKAGE}`);
    expect(peerOnly.filter((key) => !brought.has(key))).toEqual([]);
  });
});
