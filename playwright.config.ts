import { defineConfig } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 4517);
/** The loopback E-utilities server (tests/support/e2e-eutils.ts) PubMed mode searches in the browser tests. */
const EUTILS_PORT = Number(process.env.E2E_EUTILS_PORT ?? 4518);

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? "list" : "line",
  timeout: 30_000,
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    },
  },
  webServer: [
    {
      command: `node --import tsx tests/support/e2e-eutils.ts`,
      port: EUTILS_PORT,
      env: { E2E_EUTILS_PORT: String(EUTILS_PORT) },
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: `node tests/support/e2e-server.js`,
      url: `http://localhost:${PORT}/api/health`,
      env: { E2E_PORT: String(PORT), EUTILS_URL: `http://127.0.0.1:${EUTILS_PORT}`, EUTILS_TIMEOUT_SECONDS: "5" },
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "pipe",
    },
  ],
});
