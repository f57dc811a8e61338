import { describe, expect, it } from "vitest";
import { FailureLimiter } from "./rate-limit.server";

describe("FailureLimiter", () => {
  it("blocks after `limit` failures in the window and frees up as they age out", () => {
    let now = 1_000_000;
    const limiter = new FailureLimiter(3, 60_000, () => now);
    for (let i = 0; i < 3; i++) {
      expect(limiter.retryAfterSeconds("ip")).toBe(0);
      limiter.recordFailure("ip");
      now += 1000;
    }
    expect(limiter.retryAfterSeconds("ip")).toBe(57);
    expect(limiter.retryAfterSeconds("other")).toBe(0);
    now += 57_000;
    expect(limiter.retryAfterSeconds("ip")).toBe(0);
    limiter.recordFailure("ip");
    limiter.reset("ip");
    expect(limiter.retryAfterSeconds("ip")).toBe(0);
  });
});
