import { describe, expect, it } from "vitest";
import { TimingRing } from "./timings.server";

describe("the ring of search timings", () => {
  const hour = 60 * 60_000;
  const t0 = Date.UTC(2026, 0, 1, 9, 0, 0);

  it("gives the p95 of the last hour within one bucket (10 %) above the true value", () => {
    const ring = new TimingRing();
    // 1..1000 ms spread over the hour: the true p95 is 950 ms.
    for (let ms = 1; ms <= 1000; ms++) ring.record(ms, t0 + (ms * hour) / 1001);
    const { count, p95Ms } = ring.summary(t0 + hour - 1);
    expect(count).toBe(1000);
    expect(p95Ms).toBeGreaterThanOrEqual(950);
    expect(p95Ms).toBeLessThanOrEqual(950 * 1.1);
  });

  it("forgets searches older than an hour, and says null with none", () => {
    const ring = new TimingRing();
    expect(ring.summary(t0)).toEqual({ count: 0, p95Ms: null });
    for (let i = 0; i < 100; i++) ring.record(2000, t0);
    for (let i = 0; i < 100; i++) ring.record(5, t0 + 30 * 60_000);
    expect(ring.summary(t0 + 30 * 60_000).count).toBe(200);
    expect(ring.summary(t0 + 30 * 60_000).p95Ms).toBeGreaterThanOrEqual(2000);
    // An hour after the slow ones only the fast ones count.
    const later = ring.summary(t0 + hour + 1);
    expect(later.count).toBe(100);
    expect(later.p95Ms).toBeGreaterThanOrEqual(5);
    expect(later.p95Ms).toBeLessThanOrEqual(5.5);
    // A minute's slot reused an hour later starts empty.
    ring.record(5, t0 + hour + 30);
    expect(ring.summary(t0 + hour + 30).count).toBe(101);
    expect(ring.summary(t0 + 3 * hour)).toEqual({ count: 0, p95Ms: null });
  });

  it("keeps durations below the smallest bucket and past the largest", () => {
    const ring = new TimingRing();
    ring.record(0, t0);
    expect(ring.summary(t0).p95Ms).toBe(0.1);
    ring.record(10 * 60_000, t0);
    expect(ring.summary(t0).p95Ms).toBeGreaterThan(100_000);
  });
});
