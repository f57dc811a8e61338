import os from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "tests/integration/**/*.test.ts", "scripts/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Two files at a time even on 2 cores (Vitest's default there is one): much of the suite waits on the
    // servers and worker threads it starts, and two at a time took it from 317 s to 213 s on 2 cores.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
  },
});
