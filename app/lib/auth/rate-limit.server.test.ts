import { describe, expect, it } from "vitest";
import { FailureLimiter, SignInLimiter, addressKey } from "./rate-limit.server";

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

describe("SignInLimiter", () => {
  const clock = () => {
    const t = { now: 1_000_000 };
    return { t, limiter: new SignInLimiter(3, 10, 60_000, () => t.now) };
  };

  it("stops guessing one account from addresses that keep changing", () => {
    const { limiter } = clock();
    for (let i = 0; i < 3; i++) limiter.recordFailure({ email: "vet@clinic.test", address: `203.0.113.${i}` });
    expect(limiter.retryAfterSeconds({ email: "vet@clinic.test", address: "198.51.100.7" })).toBeGreaterThan(0);
    expect(limiter.retryAfterSeconds({ email: " VET@Clinic.test ", address: "198.51.100.8" })).toBeGreaterThan(0);
    expect(limiter.retryAfterSeconds({ email: "other@clinic.test", address: "198.51.100.7" })).toBe(0);
  });

  it("lets others behind the same address sign in when one account is blocked", () => {
    const { limiter } = clock();
    for (let i = 0; i < 3; i++) limiter.recordFailure({ email: "typo@clinic.test", address: "192.0.2.1" });
    expect(limiter.retryAfterSeconds({ email: "typo@clinic.test", address: "192.0.2.1" })).toBeGreaterThan(0);
    expect(limiter.retryAfterSeconds({ email: "colleague@clinic.test", address: "192.0.2.1" })).toBe(0);
  });

  it("stops one address trying many accounts, and forgets it after the window", () => {
    const { t, limiter } = clock();
    for (let i = 0; i < 10; i++) limiter.recordFailure({ email: `user${i}@clinic.test`, address: "2001:db8:1:2::1" });
    // Another address in the same IPv6 /64 is the same client.
    expect(limiter.retryAfterSeconds({ email: "fresh@clinic.test", address: "2001:db8:1:2:ffff::9" })).toBe(60);
    expect(limiter.retryAfterSeconds({ email: "fresh@clinic.test", address: "2001:db8:1:3::1" })).toBe(0);
    t.now += 60_000;
    expect(limiter.retryAfterSeconds({ email: "fresh@clinic.test", address: "2001:db8:1:2::1" })).toBe(0);
  });
});

describe("addressKey", () => {
  it("keys IPv6 addresses by their /64 and IPv4 ones as they are", () => {
    expect(addressKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressKey("2001:DB8:0:0:1:2:3:4")).toBe("2001:db8:0:0::/64");
    expect(addressKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
    expect(addressKey("::ffff:10.0.0.1")).toBe("10.0.0.1");
    expect(addressKey("10.0.0.1")).toBe("10.0.0.1");
    expect(addressKey(undefined)).toBe("unknown");
  });
});

describe("FailureLimiter memory", () => {
  it("keeps at most 10,000 keys however many are made up", () => {
    const limiter = new FailureLimiter(1, 60_000, () => 5);
    for (let i = 0; i < 10_050; i++) limiter.recordFailure(`k${i}`);
    expect(limiter.retryAfterSeconds("k10049")).toBeGreaterThan(0);
    expect(limiter.retryAfterSeconds("k0")).toBe(0);
  });
});
