// The resolve hook of module-log.mjs (module hooks run on their own thread).
import fs from "node:fs";

let log;
export function initialize(data) {
  log = data.log;
}
export async function resolve(specifier, context, next) {
  fs.appendFileSync(log, `${specifier}\n`);
  return next(specifier, context);
}
