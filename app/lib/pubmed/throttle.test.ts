import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RequestThrottle, ThrottleDeadlineError, ThrottleFullError, type ThrottleOptions } from "./throttle";

/**
 * The throttle on a fake clock: who is served in which order, what is refused, when a waiter gives up.
 * Each request is a promise the test settles, so "in flight" and "answered" are decided by the test.
 */

beforeEach(() => {
  vi.useFakeTimers({ now: Date.UTC(2026, 0, 1) });
});

afterEach(() => {
  vi.useRealTimers();
});

type Tracked = { label: string; started: boolean; finish: () => void; result: Promise<string> };

/** Queues a request labelled `label`; it stays in flight until finish() is called. */
function request(throttle: RequestThrottle, label: string, options: Parameters<RequestThrottle["run"]>[1] = {}, order?: string[]): Tracked {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  const tracked: Tracked = { label, started: false, finish: () => finish(), result: Promise.resolve("") };
  tracked.result = throttle.run(async () => {
    tracked.started = true;
    order?.push(label);
    await done;
    return label;
  }, options);
  // A refused request is inspected by the test; keep it from being reported as unhandled meanwhile.
  tracked.result.catch(() => {});
  return tracked;
}

const throttle = (options: Partial<ThrottleOptions> = {}) => new RequestThrottle({ limit: 1, windowMs: 1_000, now: () => Date.now(), ...options });

/** Finishes whatever is in flight and lets the window pass, until every request has run. */
async function drain(requests: Tracked[]) {
  for (let i = 0; i < requests.length * 2 && !requests.every((r) => r.started); i++) {
    for (const r of requests) if (r.started) r.finish();
    await vi.advanceTimersByTimeAsync(1_001);
  }
  for (const r of requests) r.finish();
  await vi.advanceTimersByTimeAsync(0);
}

describe("serving users in turn", () => {
  it("gives a user who asks once a turn after at most one request of a user who asked many", async () => {
    const t = throttle();
    const order: string[] = [];
    const a = Array.from({ length: 5 }, (_, i) => request(t, `a${i + 1}`, { key: "alice" }, order));
    const b = request(t, "b1", { key: "bob" }, order);
    await drain([...a, b]);
    // First come, first served would have been a1…a5, b1.
    expect(order).toEqual(["a1", "a2", "b1", "a3", "a4", "a5"]);
  });

  it("rotates between three users, each in the order they asked", async () => {
    const t = throttle({ limit: 2 });
    const order: string[] = [];
    const all = [
      ...["a1", "a2", "a3", "a4"].map((l) => request(t, l, { key: "a" }, order)),
      ...["b1", "b2"].map((l) => request(t, l, { key: "b" }, order)),
      ...["c1", "c2"].map((l) => request(t, l, { key: "c" }, order)),
    ];
    await drain(all);
    expect(order).toEqual(["a1", "a2", "a3", "b1", "c1", "a4", "b2", "c2"]);
  });

  it("keeps to the limit: never more than `limit` requests in flight or answered within the window", async () => {
    const t = throttle({ limit: 2 });
    const all = Array.from({ length: 6 }, (_, i) => request(t, `r${i}`, { key: i % 2 ? "x" : "y" }));
    await vi.advanceTimersByTimeAsync(0);
    expect(all.filter((r) => r.started)).toHaveLength(2);
    all[0]!.finish();
    await vi.advanceTimersByTimeAsync(500);
    // Answered, but still within its window: its slot is not free yet.
    expect(all.filter((r) => r.started)).toHaveLength(2);
    expect(t.slotsInUse).toBe(2);
    await vi.advanceTimersByTimeAsync(501);
    expect(all.filter((r) => r.started)).toHaveLength(3);
    await drain(all);
    expect(await Promise.all(all.map((r) => r.result))).toEqual(["r0", "r1", "r2", "r3", "r4", "r5"]);
  });
});

describe("a bounded queue", () => {
  it("refuses a request at once when the queue is full, and takes requests again once it has room", async () => {
    const t = throttle({ maxWaiting: 2 });
    const first = request(t, "first", { key: "a" });
    const waiting = [request(t, "w1", { key: "b" }), request(t, "w2", { key: "c" })];
    expect(t.waiting).toBe(2);
    const refused = request(t, "refused", { key: "d" });
    await expect(refused.result).rejects.toBeInstanceOf(ThrottleFullError);
    await expect(refused.result).rejects.toMatchObject({ scope: "all" });
    expect(refused.started).toBe(false);
    expect(t.waiting).toBe(2);

    first.finish();
    await vi.advanceTimersByTimeAsync(1_001);
    expect(waiting[0]!.started).toBe(true);
    const later = request(t, "later", { key: "d" });
    expect(t.waiting).toBe(2);
    await drain([first, ...waiting, later]);
    expect(await later.result).toBe("later");
  });

  it("bounds what one user may have waiting, without refusing the others", async () => {
    const t = throttle({ maxWaiting: 10, maxWaitingPerKey: 2 });
    const running = request(t, "a0", { key: "alice" });
    const alice = [request(t, "a1", { key: "alice" }), request(t, "a2", { key: "alice" })];
    const refused = request(t, "a3", { key: "alice" });
    await expect(refused.result).rejects.toMatchObject({ name: "ThrottleFullError", scope: "key" });
    const bob = request(t, "b1", { key: "bob" });
    expect(t.waitingFor("bob")).toBe(1);
    await drain([running, ...alice, bob]);
    expect(await bob.result).toBe("b1");
  });
});

describe("deadlines", () => {
  it("takes a waiter out of the queue when its deadline passes, and serves the next one", async () => {
    const t = throttle();
    const running = request(t, "running");
    const late = request(t, "late", { key: "a", deadline: Date.now() + 300 });
    const patient = request(t, "patient", { key: "b", deadline: Date.now() + 60_000 });
    await vi.advanceTimersByTimeAsync(300);
    await expect(late.result).rejects.toBeInstanceOf(ThrottleDeadlineError);
    expect(t.waiting).toBe(1);
    running.finish();
    await vi.advanceTimersByTimeAsync(1_001);
    expect(late.started).toBe(false);
    expect(patient.started).toBe(true);
    patient.finish();
    expect(await patient.result).toBe("patient");
  });

  it("refuses a request whose deadline has already passed, even with a slot free", async () => {
    const t = throttle();
    const r = request(t, "late", { deadline: Date.now() });
    await expect(r.result).rejects.toBeInstanceOf(ThrottleDeadlineError);
    expect(r.started).toBe(false);
    expect(t.slotsInUse).toBe(0);
  });

  it("lets a waiter leave with the caller's reason when its signal aborts", async () => {
    const t = throttle();
    const running = request(t, "running");
    const controller = new AbortController();
    const leaving = request(t, "leaving", { key: "a", signal: controller.signal });
    const staying = request(t, "staying", { key: "b" });
    controller.abort(new Error("user pressed Stop"));
    await expect(leaving.result).rejects.toThrow("user pressed Stop");
    expect(t.waiting).toBe(1);
    await drain([running, staying]);
    expect(leaving.started).toBe(false);
    expect(await staying.result).toBe("staying");
  });
});
