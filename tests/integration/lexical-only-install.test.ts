import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SystemFigures } from "~/lib/admin";
import { LOCAL_CHAT_PACKAGE, missingLocalChatPackage } from "../../app/lib/answer/local-model.server";
import { LOCAL_EMBEDDINGS_PACKAGE, missingLocalEmbeddingPackages } from "../../app/lib/embeddings/local.server";
import { HttpClient, ROOT, startServer, type TestServer } from "../support/server";
import { uploadFixture, waitForSession } from "../support/uploads";

/**
 * A lexical-only install (`npm ci --omit=peer`) has no local-embedding stack; the keyword-only Docker image has
 * neither it nor the built-in chat model's package. The built server runs from a copy of the project whose
 * node_modules links every installed package except those two, as that image lays it out: with EMBEDDINGS=local
 * and MODEL_PROVIDER=local it still starts, says in one line each at start why semantic search is off and why
 * answers are extractive, and the admin sees the same reasons instead of requests for model files.
 */
const notInstalled = () => {
  throw new Error("not installed");
};
const REASON = missingLocalEmbeddingPackages(notInstalled);
const CHAT_REASON = missingLocalChatPackage(notInstalled);

let root: string;
let server: TestServer;

/** node_modules of links to the real packages, without the `left` ones. */
function linkPackagesExcept(from: string, to: string, left: string[]) {
  fs.mkdirSync(to, { recursive: true });
  for (const name of fs.readdirSync(from)) {
    const inScope = left.filter((l) => l.startsWith(`${name}/`)).map((l) => l.slice(name.length + 1));
    if (name.startsWith("@") && inScope.length > 0) {
      linkPackagesExcept(path.join(from, name), path.join(to, name), inScope);
    } else if (!left.includes(name)) {
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
  linkPackagesExcept(path.join(ROOT, "node_modules"), path.join(root, "node_modules"), [LOCAL_EMBEDDINGS_PACKAGE, LOCAL_CHAT_PACKAGE]);
  server = await startServer({
    root,
    env: { EMBEDDINGS: "local", MODEL_PROVIDER: "local", MODELS_DIR: path.join(root, "models"), ADMIN_PASSWORD: "lexical-only-admin" },
  });
});

afterAll(async () => {
  await server?.stop();
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

describe("EMBEDDINGS=local on an install without the local-embedding packages", () => {
  it("the test's copy really lacks the packages while this install has them", () => {
    expect(missingLocalEmbeddingPackages()).toBeNull();
    expect(missingLocalChatPackage()).toBeNull();
    expect(fs.existsSync(path.join(root, "node_modules", LOCAL_EMBEDDINGS_PACKAGE))).toBe(false);
    expect(fs.existsSync(path.join(root, "node_modules", LOCAL_CHAT_PACKAGE))).toBe(false);
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

describe("MODEL_PROVIDER=local on an install without the built-in model's package", () => {
  it("starts, with one line saying what is missing and what to use instead", () => {
    expect(CHAT_REASON).toMatch(/^MODEL_PROVIDER=local needs node-llama-cpp, .*full image, or MODEL_PROVIDER=ollama or openai.*extractive answerer/);
    expect(server.output().split("\n")).toContain(CHAT_REASON);
  });

  it("answers with the extractive answerer, and the admin sees that and why, not a request for the model file", async () => {
    const admin = new HttpClient(server.url);
    expect((await admin.signIn(server.adminEmail, server.adminPassword)).status).toBe(303);
    const res = await uploadFixture(admin, "mmwr-chd-stroke-deaths_us-025.pdf");
    expect(res.status).toBe(200);
    expect((await waitForSession(admin, ((await res.json()) as { sessionId: string }).sessionId)).status).toBe("completed");
    const conversation = (await (await admin.json("POST", "/api/conversations", { title: "Strokes" })).json()) as { id: string };
    const asked = await admin.json("POST", `/api/conversations/${conversation.id}/messages`, {
      content: "How many stroke deaths were there in the United States?",
      usePubmed: false,
      useThinkHarder: false,
    });
    expect(asked.status).toBe(200);
    const answer = (await asked.json()) as { answeredBy: { provider: string }; citations: unknown[] };
    expect(answer.answeredBy.provider).toBe("extractive");
    expect(answer.citations.length).toBeGreaterThan(0);

    const { system } = (await (await admin.get("/api/admin/stats")).json()) as { system: SystemFigures };
    expect(system.answering).toMatchObject({ answerer: "extractive", server: "built-in", reachable: false, reason: CHAT_REASON });
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
