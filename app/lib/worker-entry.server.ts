import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker, type WorkerOptions } from "node:worker_threads";
import { projectRoot } from "./paths.server";

/**
 * Starts one of the app's worker threads: the built file (build/workers/<name>.js) when there is one,
 * else, when running from sources (npm run dev, tests without a build), the TypeScript source through
 * tsx. `--import tsx` in a worker's execArgv does not reach the worker's own entry on Node 20, so a small
 * ES module bootstrap registers tsx's loader (a dev dependency) first and then imports the source.
 * Null when neither exists. `options` are passed on (resourceLimits only to JavaScript, built or not).
 */
export function startWorker(builtName: string, source: string, options: WorkerOptions = {}): Worker | null {
  const root = projectRoot();
  const built = path.join(root, "build", "workers", `${builtName}.js`);
  if (fs.existsSync(built)) return new Worker(built, options);
  const sourceFile = path.join(root, source);
  if (!fs.existsSync(sourceFile)) return null;
  // A JavaScript source runs as it is, like a built file.
  if (/\.m?js$/.test(source)) return new Worker(sourceFile, options);
  const bootstrap = [
    `import { register } from ${JSON.stringify(pathToFileURL(tsxEsmApi(root)).href)};`,
    "register();",
    `await import(${JSON.stringify(pathToFileURL(sourceFile).href)});`,
  ].join("\n");
  // From sources tsx transpiles in the thread and Node reads source maps: heap limits meant for the built
  // code would be too tight there.
  const { resourceLimits: _ignored, ...sourceOptions } = options;
  return new Worker(new URL(`data:text/javascript,${encodeURIComponent(bootstrap)}`), sourceOptions);
}

/** The ES module build of tsx's API, as its package exports name it (a data: module cannot resolve "tsx/esm/api"). */
function tsxEsmApi(root: string): string {
  const manifest = createRequire(path.join(root, "package.json")).resolve("tsx/package.json");
  const exportsMap = (JSON.parse(fs.readFileSync(manifest, "utf8")) as { exports: Record<string, { import?: { default?: string } }> }).exports;
  const entry = exportsMap["./esm/api"]?.import?.default;
  if (!entry) throw new Error("tsx does not export ./esm/api: cannot run worker threads from sources");
  return path.join(path.dirname(manifest), entry);
}
