import fs from "node:fs";
import path from "node:path";
import { hashFile } from "./hashing";
import type { ModelEntry, ModelFile } from "./manifest";

export type FileState = "verified" | "missing" | "mismatch";
export type FileCheck = { file: ModelFile; state: FileState; /** bytes on disk, 0 when missing */ bytes: number };

/** verified: every file matches its pin; missing: none is there; incomplete: some are missing; mismatch: one differs from its pin. */
export type ModelState = "verified" | "missing" | "incomplete" | "mismatch";
export type ModelCheck = { model: ModelEntry; folder: string; state: ModelState; files: FileCheck[]; bytesOnDisk: number };

async function checkFile(folder: string, file: ModelFile): Promise<FileCheck> {
  const location = path.join(folder, ...file.path.split("/"));
  let stat: fs.Stats;
  try {
    stat = fs.statSync(location);
  } catch {
    return { file, state: "missing", bytes: 0 };
  }
  if (!stat.isFile()) return { file, state: "mismatch", bytes: 0 };
  // A wrong size settles it without reading the whole file
  if (stat.size !== file.size) return { file, state: "mismatch", bytes: stat.size };
  const { sha256 } = await hashFile(location);
  return { file, state: sha256 === file.sha256 ? "verified" : "mismatch", bytes: stat.size };
}

/** Re-hashes every file of the model that is on disk under `modelsDir/<name>/`. */
export async function checkModel(model: ModelEntry, modelsDir: string): Promise<ModelCheck> {
  const folder = path.join(modelsDir, model.name);
  const files: FileCheck[] = [];
  for (const file of model.files) files.push(await checkFile(folder, file));
  const count = (state: FileState) => files.filter((f) => f.state === state).length;
  const state: ModelState =
    count("mismatch") > 0 ? "mismatch" : count("verified") === files.length ? "verified" : count("missing") === files.length ? "missing" : "incomplete";
  return { model, folder, state, files, bytesOnDisk: files.reduce((sum, f) => sum + f.bytes, 0) };
}

/** The model's pinned size: what it takes on disk once fetched. */
export function pinnedBytes(model: ModelEntry): number {
  return model.files.reduce((sum, f) => sum + f.size, 0);
}

/** "23.6 MB", "466 kB", "612 B" (decimal units, as package indexes and `ls -h --si` show them). */
export function formatBytes(bytes: number): string {
  if (bytes >= 1e6) return `${(bytes / 1e6).toFixed(1)} MB`;
  if (bytes >= 1e3) return `${Math.round(bytes / 1e3)} kB`;
  return `${bytes} B`;
}
