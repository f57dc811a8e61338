import { toast } from "./toast";

/**
 * The browser's one way to call the API (spec §7-8): credentials always sent, JSON content
 * type only when there is a body, errors as 'status: text', network failures as
 * 'Network error…', and the retry rules of spec §8.
 */

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly response?: Response,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export function apiPath(path: string | readonly string[]): string {
  return typeof path === "string" ? path : path.join("/");
}

async function send(method: string, url: string, body?: unknown, signal?: AbortSignal): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      credentials: "include",
      // FormData sets its own multipart content type; anything else is sent as JSON.
      headers: body !== undefined && !(body instanceof FormData) ? { "Content-Type": "application/json" } : undefined,
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(`Network error: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!res.ok) {
    const text = (await res.clone().text().catch(() => "")) || res.statusText;
    throw new ApiError(`${res.status}: ${text}`, res.status, res);
  }
  return res;
}

export const MAX_RETRIES = 3;

/** Retry network failures and 5xx (except 501), at most MAX_RETRIES times; never other 4xx. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  if (error instanceof DOMException && error.name === "AbortError") return false;
  const status = error instanceof ApiError ? error.status : undefined;
  if (status === undefined) return true;
  return status >= 500 && status !== 501;
}

const RETRY_AFTER_CAP_MS = 30_000;
const BACKOFF_BASE_MS = 1000;
const BACKOFF_CAP_MS = 8000;

/** Delay before retry number `attempt` (0-based): a 503's Retry-After (capped), else backoff with ≤10 % jitter. */
export function retryDelay(attempt: number, error: unknown, random: () => number = Math.random): number {
  if (error instanceof ApiError && error.status === 503) {
    const header = error.response?.headers.get("retry-after");
    if (header) {
      const seconds = Number(header);
      const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - Date.now();
      if (Number.isFinite(ms) && ms >= 0) return Math.min(ms, RETRY_AFTER_CAP_MS);
    }
  }
  const base = Math.min(BACKOFF_BASE_MS * 2 ** attempt, BACKOFF_CAP_MS);
  return base + Math.floor(base * 0.1 * random());
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type RequestOptions = { retry?: boolean; signal?: AbortSignal };

export async function apiRequest(
  method: string,
  path: string | readonly string[],
  body?: unknown,
  { retry = true, signal }: RequestOptions = {},
): Promise<Response> {
  const url = apiPath(path);
  for (let failures = 0; ; failures++) {
    try {
      return await send(method, url, body, signal);
    } catch (error) {
      if (!retry || !shouldRetry(failures, error)) throw error;
      await sleep(retryDelay(failures, error));
    }
  }
}

/** The default read: GET and parse JSON; with on401 'returnNull' a 401 gives null instead of an error. */
export async function getJson<T>(
  path: string | readonly string[],
  { on401 = "throw", ...options }: RequestOptions & { on401?: "throw" | "returnNull" } = {},
): Promise<T | null> {
  try {
    return (await (await apiRequest("GET", path, undefined, options)).json()) as T;
  } catch (error) {
    if (on401 === "returnNull" && error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof Error && /^401: .*Unauthorized/.test(error.message);
}

export const REDIRECT_DELAY_MS = 500;
export const SESSION_EXPIRED_REDIRECT_DELAY_MS = 1000;

/** Spec §8: a call refused as unauthorized tells the user, then goes to the login page after 500 ms. */
export function handleUnauthorized() {
  toast({ title: "Unauthorized", description: "You are logged out. Logging in again...", variant: "destructive" });
  redirectToLogin();
}

/** Sends the browser to the login page after `delay` ms (time for the toast to be read). */
export function redirectToLogin(delay = REDIRECT_DELAY_MS) {
  setTimeout(() => {
    window.location.href = "/api/login";
  }, delay);
}

/**
 * What the server said went wrong, for a toast: the `message` of a JSON error body, or plain
 * text; null when there is nothing readable (network failures, empty bodies, HTML pages).
 */
export function serverReason(error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  if (!(error instanceof ApiError) || error.status === undefined) {
    return error.name === "StreamError" ? error.message : null;
  }
  const text = error.message.replace(/^\d{3}: /, "").trim();
  if (!text) return null;
  try {
    const body = JSON.parse(text) as { message?: unknown };
    return typeof body.message === "string" && body.message.trim() ? body.message.trim() : null;
  } catch {
    return /^\s*</.test(text) || text.length > 300 ? null : text;
  }
}

/** A failed call, told the user: a 401 goes the way of handleUnauthorized, anything else is a destructive toast. */
export function reportFailure(error: unknown, title: string, description: string) {
  if (isUnauthorizedError(error)) return handleUnauthorized();
  toast({ title, description, variant: "destructive" });
}
