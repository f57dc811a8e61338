import { APIError } from "openai";

/**
 * When to try a request to an OpenAI-compatible server again. Only 429 (rate limited) and 503 (busy or
 * loading) are retried: other failures will not mend in a few seconds. The server's Retry-After is
 * honoured up to a cap; a longer one fails at once with the reason, rather than holding an answer or a
 * search silent for minutes. (The official client's own retries sleep whatever Retry-After says, with no
 * cap and no way to stop them, so the client is made with maxRetries: 0 and this policy runs instead.)
 */

export type RetryPolicy = {
  /** Retries after the first attempt. */
  retries: number;
  /** The first backoff when the server gives no Retry-After; doubled each retry up to maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** The longest Retry-After that is waited for. */
  maxRetryAfterMs: number;
};

export const RETRIED_STATUSES: readonly number[] = [429, 503];

/** An answer waits at most 2 × 10 s before its first token for a busy server. */
export const CHAT_RETRY: RetryPolicy = { retries: 2, baseDelayMs: 500, maxDelayMs: 4_000, maxRetryAfterMs: 10_000 };
/** Ingestion runs in the background: it may wait longer for a busy embedding server. */
export const DOCUMENT_EMBEDDING_RETRY: RetryPolicy = { retries: 4, baseDelayMs: 1_000, maxDelayMs: 15_000, maxRetryAfterMs: 60_000 };
/** A search waits for its query's vector only briefly (it falls back to keywords). */
export const QUERY_EMBEDDING_RETRY: RetryPolicy = { retries: 1, baseDelayMs: 250, maxDelayMs: 1_000, maxRetryAfterMs: 2_000 };

/** "150 ms", "2.5 s", "600 s". */
export function duration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${Math.round(ms / 100) / 10} s`;
}

/**
 * How long the server asked us to wait: `retry-after-ms` (vLLM and OpenAI send it), else `Retry-After`
 * as seconds or an HTTP date. Null when absent or unreadable.
 */
export function retryAfterMs(headers: Headers | undefined, now: number = Date.now()): number | null {
  const ms = headers?.get("retry-after-ms");
  if (ms && Number.isFinite(Number(ms))) return Math.max(0, Number(ms));
  const value = headers?.get("retry-after")?.trim();
  if (!value) return null;
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value) * 1000;
  // An HTTP date names its day and month ("Wed, 21 Oct 2026 07:28:00 GMT"); Date.parse would also take "-3"
  const date = /[a-z]{3}/i.test(value) ? Date.parse(value) : NaN;
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/** The server stayed busy, or asked for a longer wait than the policy allows. */
export class ServerBusyError extends Error {
  constructor(
    readonly status: number,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "ServerBusyError";
  }
}

export type RetryDecision = { retry: true; delayMs: number } | { retry: false; busy?: ServerBusyError };

/** Whether to retry after `error`, the `retriesDone`-th failure being this one (0 for the first attempt's). */
export function retryDecision(error: unknown, retriesDone: number, policy: RetryPolicy, random: () => number = Math.random, now: number = Date.now()): RetryDecision {
  if (!(error instanceof APIError) || typeof error.status !== "number" || !RETRIED_STATUSES.includes(error.status)) return { retry: false };
  const status = error.status;
  const what = status === 429 ? "rate-limited the request (429)" : "was busy (503)";
  if (retriesDone >= policy.retries) {
    return { retry: false, busy: new ServerBusyError(status, `${what} and was still busy after ${policy.retries} ${policy.retries === 1 ? "retry" : "retries"}`, { cause: error }) };
  }
  const asked = retryAfterMs(error.headers, now);
  if (asked !== null) {
    if (asked > policy.maxRetryAfterMs) {
      return {
        retry: false,
        busy: new ServerBusyError(status, `${what} and asked to retry after ${duration(asked)}, longer than the ${duration(policy.maxRetryAfterMs)} this app waits`, { cause: error }),
      };
    }
    return { retry: true, delayMs: asked };
  }
  // Exponential backoff with up to 25 % jitter, so many waiting callers do not return at the same instant
  const backoff = Math.min(policy.baseDelayMs * 2 ** retriesDone, policy.maxDelayMs);
  return { retry: true, delayMs: backoff * (1 - random() * 0.25) };
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/**
 * Runs `attempt` until it succeeds, fails in a way not worth retrying (rethrown as is), or the policy
 * gives up (a ServerBusyError). A wait between attempts ends at once when `signal` fires.
 */
export async function withRetries<T>(
  attempt: () => Promise<T>,
  policy: RetryPolicy,
  options: { signal?: AbortSignal; onRetry?: (delayMs: number, error: unknown) => void; random?: () => number } = {},
): Promise<T> {
  for (let retriesDone = 0; ; retriesDone++) {
    try {
      return await attempt();
    } catch (error) {
      const decision = retryDecision(error, retriesDone, policy, options.random);
      if (!decision.retry) throw decision.busy ?? error;
      options.onRetry?.(decision.delayMs, error);
      await sleep(decision.delayMs, options.signal);
    }
  }
}
