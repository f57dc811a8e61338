import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { NEVER_LOADED, pruneNodeModules, runsOn } from "./prune-node-modules.js";

const LINUX_X64_GLIBC = { os: "linux", cpu: "x64", libc: "glibc" };

describe("runsOn", () => {
  it("follows npm's os/cpu/libc rules", () => {
    expect(runsOn({}, LINUX_X64_GLIBC)).toBe(true);
    expect(runsOn({ os: ["linux"], cpu: ["x64"], libc: ["glibc"] }, LINUX_X64_GLIBC)).toBe(true);
    expect(runsOn({ os: ["linux"], cpu: ["x64"], libc: ["musl"] }, LINUX_X64_GLIBC)).toBe(false);
    expect(runsOn({ os: ["darwin"] }, LINUX_X64_GLIBC)).toBe(false);
    expect(runsOn({ os: ["linux"], cpu: ["arm64"] }, LINUX_X64_GLIBC)).toBe(false);
    expect(runsOn({ os: ["!win32"] }, LINUX_X64_GLIBC)).toBe(true);
    expect(runsOn({ os: ["!linux"] }, LINUX_X64_GLIBC)).toBe(false);
    expect(runsOn({ libc: ["glibc"] }, { os: "darwin", cpu: "arm64", libc: "" })).toBe(true);
  });
});

describe("pruneNodeModules", () => {
  let dir = "";
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const pkg = (rel: string, json: Record<string, unknown>, files: string[] = []) => {
    fs.mkdirSync(path.join(dir, rel), { recursive: true });
    fs.writeFileSync(path.join(dir, rel, "package.json"), JSON.stringify(json));
    for (const f of files) {
      fs.mkdirSync(path.dirname(path.join(dir, rel, f)), { recursive: true });
      fs.writeFileSync(path.join(dir, rel, f), "binary");
    }
  };
  const left = () =>
    fs
      .readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && e.name !== "package.json")
      .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
      .sort();

  it("removes other platforms' packages and onnxruntime folders, source maps and type declarations, at any depth", () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "prune-platforms-"));
    pkg("@img/sharp-linux-x64", { name: "@img/sharp-linux-x64", os: ["linux"], cpu: ["x64"], libc: ["glibc"] }, ["lib.node"]);
    pkg("@img/sharp-linuxmusl-x64", { name: "@img/sharp-linuxmusl-x64", os: ["linux"], cpu: ["x64"], libc: ["musl"] }, ["lib.node"]);
    pkg("@node-llama-cpp/mac-arm64-metal", { name: "@node-llama-cpp/mac-arm64-metal", os: ["darwin"], cpu: ["arm64"] }, ["llama.node"]);
    pkg("@node-llama-cpp/linux-x64", { name: "@node-llama-cpp/linux-x64", os: ["linux"], cpu: ["x64"] }, ["llama.node"]);
    pkg("zod", { name: "zod" }, ["index.js", "index.js.map", "index.d.ts", "lib/types.d.cts", "lib/map.js", "lib/styles.css.map"]);
    pkg("onnxruntime-node", { name: "onnxruntime-node" }, [
      "bin/napi-v6/linux/x64/onnxruntime_binding.node",
      "bin/napi-v6/linux/arm64/onnxruntime_binding.node",
      "bin/napi-v6/darwin/arm64/onnxruntime_binding.node",
      "bin/napi-v6/win32/x64/onnxruntime_binding.node",
      "dist/index.js",
    ]);
    pkg("some-tool", { name: "some-tool" });
    pkg("some-tool/node_modules/@esbuild/win32-x64", { name: "@esbuild/win32-x64", os: ["win32"], cpu: ["x64"] }, ["esbuild.exe"]);
    pkg("some-tool/node_modules/@esbuild/linux-x64", { name: "@esbuild/linux-x64", os: ["linux"], cpu: ["x64"] }, ["bin/esbuild"]);

    const pruned = pruneNodeModules(dir, LINUX_X64_GLIBC);
    const removed = pruned.removed.map((p) => path.relative(dir, p));
    expect(pruned.files).toBe(4);

    expect(removed).toContain("@img/sharp-linuxmusl-x64");
    expect(removed).toContain("onnxruntime-node/bin/napi-v6/win32");
    expect(left()).toEqual([
      "@img/sharp-linux-x64/lib.node",
      "@node-llama-cpp/linux-x64/llama.node",
      "onnxruntime-node/bin/napi-v6/linux/x64/onnxruntime_binding.node",
      "onnxruntime-node/dist/index.js",
      "some-tool/node_modules/@esbuild/linux-x64/bin/esbuild",
      "zod/index.js",
      "zod/lib/map.js",
    ]);
  });

  it("removes the parts NEVER_LOADED names and Markdown documents, keeping licences and what the server loads", () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "prune-unloaded-"));
    pkg("pdfjs-dist", { name: "pdfjs-dist" }, [
      "build/pdf.mjs",
      "web/pdf_viewer.mjs",
      "legacy/build/pdf.mjs",
      "legacy/build/pdf.worker.mjs",
      "legacy/build/pdf.min.mjs",
      "legacy/build/pdf.sandbox.mjs",
      "legacy/web/pdf_viewer.mjs",
      "cmaps/Adobe-Japan1-UCS2.bcmap",
      "standard_fonts/FoxitSans.pfb",
      "wasm/openjpeg.wasm",
      "README.md",
      "LICENSE",
    ]);
    pkg("exceljs", { name: "exceljs" }, ["excel.js", "lib/exceljs.nodejs.js", "dist/exceljs.min.js", "LICENSE.md", "CHANGELOG.md"]);
    // A folder named like one of NEVER_LOADED's in another package stays.
    pkg("other", { name: "other" }, ["src/index.js", "dist/index.js", "docs/guide.MD", "NOTICE.md"]);

    const pruned = pruneNodeModules(dir, LINUX_X64_GLIBC);
    expect(pruned.files).toBe(3);
    expect(NEVER_LOADED["pdfjs-dist"]).toContain("build");
    expect(left()).toEqual([
      "exceljs/LICENSE.md",
      "exceljs/excel.js",
      "exceljs/lib/exceljs.nodejs.js",
      "other/NOTICE.md",
      "other/dist/index.js",
      "other/src/index.js",
      "pdfjs-dist/LICENSE",
      "pdfjs-dist/cmaps/Adobe-Japan1-UCS2.bcmap",
      "pdfjs-dist/legacy/build/pdf.mjs",
      "pdfjs-dist/legacy/build/pdf.worker.mjs",
      "pdfjs-dist/standard_fonts/FoxitSans.pfb",
      "pdfjs-dist/wasm/openjpeg.wasm",
    ]);
  });
});
