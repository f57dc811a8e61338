import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiRequest, getJson, isUnauthorizedError, retryDelay, serverReason, shouldRetry } from "./api-client";
import { StreamError } from "./chat-client";

const err = (status?: number, headers?: Record<string, string>) =>
  new ApiError(`${status}: x`, status, status ? new Response("x", { status, headers }) : undefined);

describe("shouldRetry", () => {
  it("retries network failures (no status) and 5xx except 501, at most 3 times", () => {
    expect(shouldRetry(0, new ApiError("Network error: down"))).toBe(true);
    for (const s of [500, 502, 503, 504, 599]) expect(shouldRetry(0, err(s))).toBe(true);
    expect(shouldRetry(0, err(501))).toBe(false);
    expect(shouldRetry(2, err(503))).toBe(true);
    expect(shouldRetry(3, err(503))).toBe(false);
    expect(shouldRetry(3, new ApiError("Network error: down"))).toBe(false);
  });

  it("never retries 4xx", () => {
    for (const s of [400, 401, 403, 404, 409, 422, 429]) expect(shouldRetry(0, err(s))).toBe(false);
  });
});

describe("retryDelay", () => {
  it("doubles from 1 s up to 8 s with at most 10 % jitter", () => {
    expect(retryDelay(0, err(500), () => 0)).toBe(1000);
    expect(retryDelay(1, err(500), () => 0)).toBe(2000);
    expect(retryDelay(2, err(500), () => 0)).toBe(4000);
    expect(retryDelay(3, err(500), () => 0)).toBe(8000);
    expect(retryDelay(6, err(500), () => 0)).toBe(8000);
    expect(retryDelay(0, err(500), () => 0.999)).toBe(1099);
    expect(retryDelay(5, err(500), () => 0.999)).toBe(8799);
  });

  it("uses a 503's Retry-After in seconds, capped at 30 s", () => {
    expect(retryDelay(0, err(503, { "Retry-After": "3" }))).toBe(3000);
    expect(retryDelay(0, err(503, { "Retry-After": "120" }))).toBe(30000);
    expect(retryDelay(1, err(503), () => 0)).toBe(2000);
    // Retry-After only counts for 503
    expect(retryDelay(0, err(502, { "Retry-After": "3" }), () => 0)).toBe(1000);
  });
});

describe("apiRequest", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("sends credentials, and a JSON content type only with a body", async () => {
    const calls: RequestInit[] = [];
    vi.stubGlobal("fetch", async (_url: string, init: RequestInit) => {
      calls.push(init);
      return new Response("{}", { status: 200 });
    });
    await apiRequest("GET", ["/api", "conversations"]);
    await apiRequest("POST", "/api/feedback", { message: "hello there" });
    expect(calls[0]).toMatchObject({ method: "GET", credentials: "include", headers: undefined, body: undefined });
    expect(calls[1]).toMatchObject({
      method: "POST",
      credentials: "include",
      headers: { "Content-Type": "application/json" },
      body: '{"message":"hello there"}',
    });
  });

  it("raises 'status: text' errors, status text when the body is empty, and 'Network error' for fetch failures", async () => {
    vi.stubGlobal("fetch", async () => new Response('{"message":"Unauthorized"}', { status: 401 }));
    const e1 = await apiRequest("GET", "/api/auth/user").catch((e: unknown) => e);
    expect((e1 as Error).message).toBe('401: {"message":"Unauthorized"}');
    expect(isUnauthorizedError(e1)).toBe(true);

    vi.stubGlobal("fetch", async () => new Response("", { status: 404, statusText: "Not Found" }));
    expect(((await apiRequest("GET", "/x").catch((e: unknown) => e)) as Error).message).toBe("404: Not Found");
    expect(isUnauthorizedError(new Error("403: Unauthorized"))).toBe(false);

    vi.stubGlobal("fetch", async () => {
      throw new TypeError("fetch failed");
    });
    const e3 = await apiRequest("GET", "/x", undefined, { retry: false }).catch((e: unknown) => e);
    expect((e3 as Error).message).toMatch(/^Network error/);
  });

  it("retries a 503 then succeeds, and gives up after 3 retries", async () => {
    vi.useFakeTimers();
    let n = 0;
    vi.stubGlobal("fetch", async () => (++n < 3 ? new Response("busy", { status: 503 }) : new Response('{"ok":true}')));
    const p = getJson<{ ok: boolean }>("/api/x");
    await vi.runAllTimersAsync();
    expect(await p).toEqual({ ok: true });
    expect(n).toBe(3);

    n = 0;
    vi.stubGlobal("fetch", async () => {
      n++;
      return new Response("down", { status: 500 });
    });
    const q = apiRequest("GET", "/api/x").catch((e: unknown) => e);
    await vi.runAllTimersAsync();
    expect(((await q) as ApiError).status).toBe(500);
    expect(n).toBe(4);
  });

  it("does not retry a 4xx, and getJson can turn a 401 into null", async () => {
    let n = 0;
    vi.stubGlobal("fetch", async () => {
      n++;
      return new Response("Unauthorized", { status: 401 });
    });
    expect(await getJson("/api/auth/user", { on401: "returnNull" })).toBeNull();
    await expect(getJson("/api/auth/user")).rejects.toThrow("401: Unauthorized");
    expect(n).toBe(2);
  });
});

describe("handleUnauthorized", () => {
  it("shows the 'Unauthorized' toast, then goes to /api/login after 500 ms", async () => {
    const { handleUnauthorized } = await import("./api-client");
    const { getToasts } = await import("./toast");
    vi.useFakeTimers();
    vi.stubGlobal("window", { location: { href: "/app" } });
    handleUnauthorized();
    expect(getToasts()[0]).toMatchObject({ title: "Unauthorized", description: "You are logged out. Logging in again...", variant: "destructive" });
    vi.advanceTimersByTime(499);
    expect(window.location.href).toBe("/app");
    vi.advanceTimersByTime(1);
    expect(window.location.href).toBe("/api/login");
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });
});

describe("serverReason", () => {
  it("reads the message of a JSON error body, plain text, or nothing", () => {
    expect(serverReason(new ApiError('413: {"message":"Message is too long"}', 413))).toBe("Message is too long");
    expect(serverReason(new ApiError("503: Service Unavailable", 503))).toBe("Service Unavailable");
    expect(serverReason(new ApiError("500: <!DOCTYPE html><html></html>", 500))).toBeNull();
    expect(serverReason(new ApiError("Network error: Failed to fetch"))).toBeNull();
    expect(serverReason(new StreamError("The model stopped"))).toBe("The model stopped");
    expect(serverReason("nope")).toBeNull();
  });
});
