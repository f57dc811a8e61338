// Preloaded with `node --import ./tests/support/module-log.mjs`: appends every module the process loads
// (ES imports through a resolve hook, CommonJS requires through Module._load) to the file named by
// MODULE_LOG, one specifier a line, so a test can tell which packages a command needed.
import fs from "node:fs";
import Module, { register } from "node:module";

const log = process.env.MODULE_LOG;
if (log) {
  register("./module-log-hooks.mjs", import.meta.url, { data: { log } });
  const load = Module._load;
  Module._load = function (request, ...rest) {
    fs.appendFileSync(log, `${request}\n`);
    return load.call(this, request, ...rest);
  };
}
