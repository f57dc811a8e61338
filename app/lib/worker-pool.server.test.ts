import { afterEach, describe, expect, it, vi } from "vitest";
import { PoolUnavailableError, WorkerPool } from "./worker-pool.server";

const TEST_WORKER = "tests/support/pool-test.worker.mjs";
let pool: WorkerPool | null = null;
afterEach(async () => {
  await pool?.stop();
  pool = null;
  vi.restoreAllMocks();
});

describe("WorkerPool's heap limits", () => {
  it("start each thread with them", async () => {
    pool = new WorkerPool("pool-test", TEST_WORKER, 1, {}, { maxOldGenerationSizeMb: 48, maxYoungGenerationSizeMb: 12 });
    const limits = await pool.run<{ maxOldGenerationSizeMb: number; maxYoungGenerationSizeMb: number }>("limits", null);
    expect(limits.maxOldGenerationSizeMb).toBe(48);
    expect(limits.maxYoungGenerationSizeMb).toBe(12);
  });

  it("end a thread that goes past them, and its job is given back to the caller to do", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    pool = new WorkerPool("pool-test", TEST_WORKER, 1, {}, { maxOldGenerationSizeMb: 32, maxYoungGenerationSizeMb: 8 });
    expect(await pool.run("limits", null)).toBeTruthy();
    const hog = pool.run("hog", null);
    await expect(hog).rejects.toBeInstanceOf(PoolUnavailableError);
    await expect(hog).rejects.toThrow(/memory/i);
    expect(pool.running).toBe(0);
  });
});

describe("WorkerPool.stop", () => {
  it("gives the jobs its threads still had back to their callers", async () => {
    pool = new WorkerPool("pool-test", TEST_WORKER, 1);
    expect(await pool.run("limits", null)).toBeTruthy();
    // Its rejection is awaited from the start: stop() rejects it before stop()'s own promise settles.
    const rejected = expect(pool.run("wait", null)).rejects.toBeInstanceOf(PoolUnavailableError);
    await pool.stop();
    await rejected;
    expect(pool.running).toBe(0);
  });
});
