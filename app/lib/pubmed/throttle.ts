/**
 * A request-rate limit for one remote service (NCBI allows 3 requests a second per site, 10 with an API key).
 *
 * A request holds a slot from the moment it is sent until `windowMs` after its response arrived. With
 * `limit` slots, the service cannot receive more than `limit` requests in any `windowMs` whatever the
 * network delays: every earlier request it received had been answered — so had arrived — before the
 * window of a later one opened. (Counting from the moment of sending instead lets two requests sent
 * 1,000 ms apart arrive 990 ms apart, which NCBI counts as too fast.)
 *
 * Waiters are served in order; a waiter whose signal aborts leaves the queue.
 */

export type ThrottleOptions = {
  /** Requests allowed in any window. */
  limit: number;
  windowMs?: number;
  now?: () => number;
};

type Waiter = { grant: () => void; signal?: AbortSignal; onAbort?: () => void };

export class RequestThrottle {
  readonly limit: number;
  readonly windowMs: number;
  private readonly now: () => number;
  private inFlight = 0;
  /** When answered requests arrived; each holds its slot until windowMs later. */
  private answeredAt: number[] = [];
  private waiters: Waiter[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(options: ThrottleOptions) {
    if (!Number.isInteger(options.limit) || options.limit < 1) throw new Error("throttle limit must be a positive integer");
    this.limit = options.limit;
    this.windowMs = options.windowMs ?? 1_000;
    this.now = options.now ?? Date.now;
  }

  /** Runs `work` when a slot is free; the slot is held until windowMs after `work` settles. */
  async run<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    await this.acquire(signal);
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  /** Requests sent or answered within the window: what the service may still be counting. */
  get slotsInUse(): number {
    this.prune();
    return this.inFlight + this.answeredAt.length;
  }

  get waiting(): number {
    return this.waiters.length;
  }

  private prune() {
    const cutoff = this.now() - this.windowMs;
    while (this.answeredAt.length && this.answeredAt[0]! <= cutoff) this.answeredAt.shift();
  }

  private acquire(signal?: AbortSignal): Promise<void> {
    signal?.throwIfAborted();
    if (!this.waiters.length && this.slotsInUse < this.limit) {
      this.inFlight++;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = { grant: resolve, signal };
      if (signal) {
        waiter.onAbort = () => {
          this.waiters = this.waiters.filter((w) => w !== waiter);
          reject(signal.reason);
        };
        signal.addEventListener("abort", waiter.onAbort, { once: true });
      }
      this.waiters.push(waiter);
      this.pump();
    });
  }

  private release() {
    this.inFlight--;
    this.answeredAt.push(this.now());
    this.pump();
  }

  /** Grants free slots to waiters in order, and sets a timer for when the next slot frees. */
  private pump() {
    while (this.waiters.length && this.slotsInUse < this.limit) {
      const waiter = this.waiters.shift()!;
      if (waiter.onAbort) waiter.signal?.removeEventListener("abort", waiter.onAbort);
      this.inFlight++;
      waiter.grant();
    }
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    // All slots in flight: the next release pumps. Otherwise the oldest answer leaves the window first.
    if (this.waiters.length && this.answeredAt.length) {
      const wait = Math.max(1, this.answeredAt[0]! + this.windowMs - this.now() + 1);
      this.timer = setTimeout(() => {
        this.timer = null;
        this.pump();
      }, wait);
    }
  }
}
