// Removes from a production node_modules folder what the Docker image never loads: native binaries for other
// platforms (packages whose package.json `os`, `cpu` or `libc` excludes this one: musl, macOS, Windows and
// other-architecture variants npm may keep; onnxruntime-node's per-platform folders, which ship in one package),
// source maps, TypeScript declarations and Markdown documents, and the folders of NEVER_LOADED. Usage:
// node scripts/docker/prune-node-modules.js <node_modules>.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** @typedef {{ os: string, cpu: string, libc: string }} Platform */

/** @returns {Platform} this process's platform; libc as npm names it ("glibc" or "musl"). */
export function currentPlatform() {
  const header = /** @type {{ header?: { glibcVersionRuntime?: string } }} */ (process.report.getReport()).header;
  const libc = process.platform !== "linux" ? "" : header?.glibcVersionRuntime ? "glibc" : "musl";
  return { os: process.platform, cpu: process.arch, libc };
}

/** npm's rule for `os`/`cpu`/`libc` lists: a "!value" excludes it, and a list of plain values allows only them. */
function allows(list, value) {
  if (!Array.isArray(list) || list.length === 0) return true;
  if (list.includes(`!${value}`)) return false;
  const plain = list.filter((v) => !String(v).startsWith("!"));
  return plain.length === 0 || plain.includes(value);
}

/** Whether a package.json's platform fields let it run on `platform`. */
export function runsOn(pkg, platform) {
  return allows(pkg.os, platform.os) && allows(pkg.cpu, platform.cpu) && (platform.os !== "linux" || allows(pkg.libc, platform.libc));
}

function packageFolders(nodeModules) {
  const folders = [];
  if (!fs.existsSync(nodeModules)) return folders;
  for (const entry of fs.readdirSync(nodeModules, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith(".")) continue;
    const dir = path.join(nodeModules, entry.name);
    if (entry.name.startsWith("@")) {
      for (const scoped of fs.readdirSync(dir, { withFileTypes: true })) {
        if (scoped.isDirectory()) folders.push(path.join(dir, scoped.name));
      }
    } else folders.push(dir);
  }
  return folders;
}

/** onnxruntime-node/bin/napi-v*\/<os>/<cpu>: keeps only `platform`'s folder. */
function pruneOnnxruntime(pkgDir, platform, removed) {
  const bin = path.join(pkgDir, "bin");
  if (!fs.existsSync(bin)) return;
  for (const napi of fs.readdirSync(bin)) {
    const napiDir = path.join(bin, napi);
    if (!fs.statSync(napiDir).isDirectory()) continue;
    for (const os of fs.readdirSync(napiDir)) {
      const osDir = path.join(napiDir, os);
      if (os !== platform.os) {
        fs.rmSync(osDir, { recursive: true, force: true });
        removed.push(osDir);
        continue;
      }
      for (const cpu of fs.readdirSync(osDir)) {
        if (cpu === platform.cpu) continue;
        fs.rmSync(path.join(osDir, cpu), { recursive: true, force: true });
        removed.push(path.join(osDir, cpu));
      }
    }
  }
}

/** Source maps, type declarations and Markdown (READMEs, changelogs): read by debuggers, editors and people, never at run time. */
export const UNUSED_AT_RUN_TIME = /\.(js|mjs|cjs|css)\.map$|\.d\.(ts|mts|cts)$|\.d\.(ts|mts|cts)\.map$|\.(md|markdown)$/i;
/** Licences stay, whatever their extension. */
const LICENCE = /^(licen[cs]e|copying|notice)/i;

/**
 * Parts of packages the server never loads, by package name. pdfjs-dist: in Node the server imports
 * legacy/build/pdf.mjs and its worker and reads cmaps/, standard_fonts/, wasm/ and iccs/; the modern build, the
 * viewer, the image decoders and the minified and scripting-sandbox copies are for browsers (the PDF viewer's copy
 * is bundled into build/client). exceljs: dist/ holds browser bundles (Node's entry is excel.js, over lib/). zod
 * and openai: src/ holds the TypeScript sources their source maps point to.
 */
/** @type {Record<string, string[]>} */
export const NEVER_LOADED = {
  "pdfjs-dist": [
    "build",
    "web",
    "image_decoders",
    "types",
    "legacy/web",
    "legacy/image_decoders",
    "legacy/build/pdf.min.mjs",
    "legacy/build/pdf.worker.min.mjs",
    "legacy/build/pdf.sandbox.mjs",
    "legacy/build/pdf.sandbox.min.mjs",
  ],
  exceljs: ["dist"],
  zod: ["src"],
  openai: ["src"],
};

function pruneFiles(dir, removed) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "node_modules") pruneFiles(p, removed);
    } else if (entry.isFile() && UNUSED_AT_RUN_TIME.test(entry.name) && !LICENCE.test(entry.name)) {
      fs.rmSync(p);
      removed.files++;
    }
  }
}

/**
 * Prunes `nodeModules` (and the node_modules folders nested in its packages) for `platform`: the packages and
 * folders removed, and how many files were unused at run time.
 */
export function pruneNodeModules(nodeModules, platform = currentPlatform()) {
  /** @type {string[]} */
  const removed = [];
  const files = { files: 0 };
  const queue = [nodeModules];
  while (queue.length > 0) {
    for (const dir of packageFolders(/** @type {string} */ (queue.shift()))) {
      let pkg;
      try {
        pkg = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8"));
      } catch {
        continue; // not a package (or a broken one): left alone
      }
      if (!runsOn(pkg, platform)) {
        fs.rmSync(dir, { recursive: true, force: true });
        removed.push(dir);
        continue;
      }
      if (pkg.name === "onnxruntime-node") pruneOnnxruntime(dir, platform, removed);
      for (const rel of Object.hasOwn(NEVER_LOADED, pkg.name) ? NEVER_LOADED[pkg.name] : []) {
        const target = path.join(dir, rel);
        if (!fs.existsSync(target)) continue;
        fs.rmSync(target, { recursive: true, force: true });
        removed.push(target);
      }
      pruneFiles(dir, files);
      queue.push(path.join(dir, "node_modules"));
    }
  }
  return { removed, files: files.files };
}

function folderSize(dir) {
  let total = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    total += entry.isDirectory() ? folderSize(p) : fs.lstatSync(p).size;
  }
  return total;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const target = process.argv[2];
  if (!target || !fs.existsSync(target)) {
    console.error("Usage: node scripts/docker/prune-node-modules.js <node_modules folder>");
    process.exit(2);
  }
  const before = folderSize(target);
  const platform = currentPlatform();
  const { removed, files } = pruneNodeModules(target, platform);
  for (const p of removed) console.log(`removed ${path.relative(target, p)}`);
  const mb = (n) => `${Math.round(n / 1e6)} MB`;
  console.log(
    `kept ${platform.os}-${platform.cpu}${platform.libc ? `-${platform.libc}` : ""} binaries only, removed ${files} source maps, type declarations and Markdown files: ${mb(before)} -> ${mb(folderSize(target))}`,
  );
}
