/**
 * What the chat models on a model server (Ollama, OpenAI-compatible) share: a probed status trusted for
 * a while, and a call that stops on the caller's signal or when the server goes quiet for too long.
 */

/** How long a model server's probed status is trusted: an outage costs one probe per 15 s, not one per question. */
export const CHAT_STATUS_CACHE_MS = { up: 60_000, down: 15_000 } as const;

export type CachedStatus<S> = {
  /** The last probe's answer while it is fresh, else a new probe's. */
  get(): Promise<S>;
  /** After a failed call: the cached "available" is stale, so the next get() probes again. */
  forget(): void;
};

export function cachedStatus<S extends { available: boolean }>(probe: () => Promise<S>, now: () => number): CachedStatus<S> {
  let cached: { status: S; until: number } | null = null;
  return {
    async get() {
      if (cached && cached.until > now()) return cached.status;
      const status = await probe();
      cached = { status, until: now() + (status.available ? CHAT_STATUS_CACHE_MS.up : CHAT_STATUS_CACHE_MS.down) };
      return status;
    },
    forget() {
      cached = null;
    },
  };
}

export type IdleAbort = {
  /** Fires when the caller's signal fires or the wait armed last runs out. */
  readonly signal: AbortSignal;
  /** True once a wait ran out (not when the caller stopped the call). */
  readonly timedOut: boolean;
  /** Starts the wait again: the call is aborted unless arm, pause or dispose comes within `ms`. */
  arm(ms: number): void;
  /** Stops the wait without aborting (a pause between retries that the retry policy bounds). */
  pause(): void;
  /** Clears the wait and lets go of the caller's signal; call it when the call ends, however it ends. */
  dispose(): void;
};

/** A signal for one streamed call: the caller's stop passes through, and a silence longer than the armed wait aborts it. */
export function idleAbort(callerSignal?: AbortSignal): IdleAbort {
  const controller = new AbortController();
  const onCallerAbort = () => controller.abort(callerSignal?.reason);
  callerSignal?.addEventListener("abort", onCallerAbort, { once: true });
  let timedOut = false;
  let timer: NodeJS.Timeout | undefined;
  return {
    signal: controller.signal,
    get timedOut() {
      return timedOut;
    },
    arm(ms) {
      clearTimeout(timer);
      timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, ms);
    },
    pause() {
      clearTimeout(timer);
    },
    dispose() {
      clearTimeout(timer);
      callerSignal?.removeEventListener("abort", onCallerAbort);
    },
  };
}
