/**
 * `npm run admin -- reset-password <email>`: a new password for an account in DATA_DIR (an admin locked
 * out). With a password piped on stdin (`echo 'new password' | npm run admin -- reset-password a@b.c`)
 * that one is set; otherwise one is generated and printed once. Same rule and hashing as sign-up; the
 * account's sessions are ended.
 */
import fs from "node:fs";
import { resetPassword } from "~/lib/auth/index.server";
import { closeDb } from "~/lib/db/index.server";

const USAGE = "Usage: npm run admin -- reset-password <email>   (reads the new password from stdin when piped, else prints a generated one)";

const [command, email, ...rest] = process.argv.slice(2);
if (command !== "reset-password" || !email || rest.length) {
  console.error(USAGE);
  process.exit(2);
}
// A terminal gets a generated password; a pipe or file gives the password on its first line.
const password = process.stdin.isTTY ? undefined : fs.readFileSync(0, "utf8").split(/\r?\n/)[0];
const result = await resetPassword(email, password || undefined);
closeDb();
if (!result.ok) {
  console.error(`Password not changed: ${result.message}`);
  process.exit(1);
}
console.log(`Password reset for ${result.email}; ${result.sessionsEnded} session(s) signed out.`);
if (result.generated) console.log(`New password (shown only this once): ${result.password}`);
