// Starts the built server for the browser tests with a fresh temporary data folder.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vetsearch-e2e-"));
Object.assign(process.env, {
  NODE_ENV: "production",
  PORT: process.env.E2E_PORT ?? "4517",
  HOST: "127.0.0.1",
  DATA_DIR: dataDir,
  ADMIN_EMAIL: "admin@clinic.test",
  ADMIN_PASSWORD: "e2e-admin-password",
  CONTACT_EMAIL: "contact@clinic.test",
  REQUEST_LOG: "off",
});
process.on("exit", () => fs.rmSync(dataDir, { recursive: true, force: true }));
process.chdir(path.resolve(path.dirname(new URL(import.meta.url).pathname), "../.."));
await import("../../server.js");
