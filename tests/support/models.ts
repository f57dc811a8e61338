import fs from "node:fs";
import path from "node:path";

/**
 * The real models the model tests run: fetched by `npm run models -- fetch` into MODELS_DIR
 * (default ./models). `.ci/run` fetches them and sets REQUIRE_MODELS=1, so in CI a missing model
 * fails the run instead of skipping its tests; on a fresh clone without models the tests that
 * need one are skipped with the reason printed.
 */
export const MODELS_DIR = path.resolve(process.env.MODELS_DIR ?? "models");

/** Folder names under MODELS_DIR, as `npm run models` lays them out. */
export const REAL_MODELS = {
  embedding: { name: "all-MiniLM-L6-v2", marker: "onnx" },
  chat: { name: "SmolLM2-135M-Instruct", marker: "SmolLM2-135M-Instruct.Q4_1.gguf" },
} as const;

export type RealModelKind = keyof typeof REAL_MODELS;

/** The model's folder when its files are present; null (with the reason printed) when they are not. */
export function realModel(kind: RealModelKind): string | null {
  const { name, marker } = REAL_MODELS[kind];
  const folder = path.join(MODELS_DIR, name);
  if (fs.existsSync(path.join(folder, marker))) return folder;
  const reason = `the ${kind} model is not in ${folder} (npm run models -- fetch ${kind})`;
  if (process.env.REQUIRE_MODELS === "1") throw new Error(`REQUIRE_MODELS=1 but ${reason}`);
  console.warn(`Skipping real-model tests: ${reason}`);
  return null;
}
