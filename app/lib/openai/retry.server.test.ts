import { APIConnectionError, APIError, InternalServerError, RateLimitError } from "openai";
import { describe, expect, it } from "vitest";
import { ServerBusyError, retryAfterMs, retryDecision, withRetries, type RetryPolicy } from "./retry.server";

const POLICY: RetryPolicy = { retries: 3, baseDelayMs: 500, maxDelayMs: 4_000, maxRetryAfterMs: 10_000 };
const NOW = Date.parse("2026-01-01T12:00:00Z");

const statusError = (status: number, headers: Record<string, string> = {}) =>
  status === 429
    ? new RateLimitError(429, { message: "Rate limit reached" }, undefined, new Headers(headers))
    : APIError.generate(status, { error: { message: `status ${status}` } }, undefined, new Headers(headers));

describe("retryAfterMs", () => {
  it("reads retry-after-ms first, then Retry-After as seconds or as an HTTP date", () => {
    expect(retryAfterMs(new Headers({ "retry-after-ms": "1500", "retry-after": "9" }))).toBe(1500);
    expect(retryAfterMs(new Headers({ "retry-after": "7" }))).toBe(7000);
    expect(retryAfterMs(new Headers({ "retry-after": "0.5" }))).toBe(500);
    expect(retryAfterMs(new Headers({ "retry-after": "Thu, 01 Jan 2026 12:00:30 GMT" }), NOW)).toBe(30_000);
    // A date already past means "now"
    expect(retryAfterMs(new Headers({ "retry-after": "Thu, 01 Jan 2026 11:00:00 GMT" }), NOW)).toBe(0);
  });

  it("is null when absent or unreadable", () => {
    expect(retryAfterMs(undefined)).toBeNull();
    expect(retryAfterMs(new Headers())).toBeNull();
    expect(retryAfterMs(new Headers({ "retry-after": "soon" }))).toBeNull();
    expect(retryAfterMs(new Headers({ "retry-after": "-3" }))).toBeNull();
  });
});

describe("retryDecision", () => {
  it("retries 429 and 503 only: other statuses, connection errors and plain errors are not worth a retry", () => {
    expect(retryDecision(statusError(429), 0, POLICY, () => 0).retry).toBe(true);
    expect(retryDecision(statusError(503), 0, POLICY, () => 0).retry).toBe(true);
    for (const status of [400, 401, 404, 500, 502]) expect(retryDecision(statusError(status), 0, POLICY), String(status)).toEqual({ retry: false });
    expect(retryDecision(new APIConnectionError({ message: "refused" }), 0, POLICY)).toEqual({ retry: false });
    expect(retryDecision(new Error("boom"), 0, POLICY)).toEqual({ retry: false });
  });

  it("waits what Retry-After asks when it is within the cap", () => {
    expect(retryDecision(statusError(429, { "retry-after": "3" }), 0, POLICY, () => 0.9, NOW)).toEqual({ retry: true, delayMs: 3000 });
    expect(retryDecision(statusError(503, { "retry-after": "10" }), 2, POLICY, () => 0.9, NOW)).toEqual({ retry: true, delayMs: 10_000 });
  });

  it("without Retry-After, backs off exponentially up to the maximum, with at most 25 % jitter off", () => {
    const noJitter = [0, 1, 2].map((n) => retryDecision(statusError(503), n, { ...POLICY, retries: 5 }, () => 0));
    expect(noJitter).toEqual([500, 1000, 2000].map((delayMs) => ({ retry: true, delayMs })));
    expect(retryDecision(statusError(503), 4, { ...POLICY, retries: 5 }, () => 0)).toEqual({ retry: true, delayMs: 4000 });
    expect(retryDecision(statusError(429), 1, POLICY, () => 1)).toEqual({ retry: true, delayMs: 750 });
  });

  it("gives up at once, saying why, when Retry-After is longer than the cap", () => {
    const decision = retryDecision(statusError(429, { "retry-after": "3600" }), 0, POLICY);
    expect(decision.retry).toBe(false);
    const busy = (decision as { busy: ServerBusyError }).busy;
    expect(busy).toBeInstanceOf(ServerBusyError);
    expect(busy.status).toBe(429);
    expect(busy.message).toBe("rate-limited the request (429) and asked to retry after 3600 s, longer than the 10 s this app waits");
  });

  it("gives up after the policy's retries, saying the server stayed busy", () => {
    const decision = retryDecision(statusError(503, { "retry-after": "1" }), 3, POLICY);
    expect(decision).toMatchObject({ retry: false, busy: { status: 503, message: "was busy (503) and was still busy after 3 retries" } });
  });
});

describe("withRetries", () => {
  const instant: RetryPolicy = { retries: 2, baseDelayMs: 0, maxDelayMs: 0, maxRetryAfterMs: 1000 };

  it("returns the first success after busy answers, waiting between them", async () => {
    const answers: unknown[] = [statusError(429, { "retry-after": "0" }), statusError(503), "done"];
    const waits: number[] = [];
    const result = await withRetries(
      async () => {
        const next = answers.shift();
        if (next instanceof Error) throw next;
        return next;
      },
      instant,
      { onRetry: (ms) => waits.push(ms) },
    );
    expect(result).toBe("done");
    expect(waits).toEqual([0, 0]);
  });

  it("rethrows a failure not worth retrying as it is, after one attempt", async () => {
    let attempts = 0;
    const failure = new InternalServerError(500, { message: "crashed" }, undefined, new Headers());
    await expect(
      withRetries(async () => {
        attempts++;
        throw failure;
      }, instant),
    ).rejects.toBe(failure);
    expect(attempts).toBe(1);
  });

  it("throws a ServerBusyError once the retries are spent", async () => {
    let attempts = 0;
    await expect(
      withRetries(async () => {
        attempts++;
        throw statusError(503);
      }, instant),
    ).rejects.toBeInstanceOf(ServerBusyError);
    expect(attempts).toBe(3);
  });

  it("a stop during a wait ends it at once with the stop's reason, with no further attempt", async () => {
    const stop = new AbortController();
    let attempts = 0;
    const run = withRetries(
      async () => {
        attempts++;
        throw statusError(429, { "retry-after": "1" });
      },
      { ...instant, maxRetryAfterMs: 60_000 },
      { signal: stop.signal, onRetry: () => stop.abort(new Error("stopped by the user")) },
    );
    await expect(run).rejects.toThrow("stopped by the user");
    expect(attempts).toBe(1);
  });
});
