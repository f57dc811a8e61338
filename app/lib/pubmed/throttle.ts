/**
 * A request-rate limit for one remote service (NCBI allows 3 requests a second per site, 10 with an API key).
 *
 * A request holds a slot from the moment it is sent until `windowMs` after its response arrived. With
 * `limit` slots, the service cannot receive more than `limit` requests in any `windowMs` whatever the
 * network delays: every earlier request it received had been answered — so had arrived — before the
 * window of a later one opened. (Counting from the moment of sending instead lets two requests sent
 * 1,000 ms apart arrive 990 ms apart, which NCBI counts as too fast.)
 *
 * The limit is shared by everyone, so the wait for it is kept fair and short:
 * - waiters are grouped by key (the user) and served round-robin, so one user's many searches delay
 *   another's by at most one request each, not by all of them;
 * - the queue is bounded, in all and per key: a request beyond a bound is refused at once (ThrottleFullError);
 * - a request may carry a deadline: it leaves the queue when the deadline passes (ThrottleDeadlineError);
 * - a waiter whose signal aborts leaves the queue with the signal's reason.
 */

export type ThrottleOptions = {
  /** Requests allowed in any window. */
  limit: number;
  windowMs?: number;
  now?: () => number;
  /** Most requests waiting at once (all keys); default unbounded. */
  maxWaiting?: number;
  /** Most requests one key may have waiting; default unbounded. */
  maxWaitingPerKey?: number;
};

export type RunOptions = {
  /** Whose request this is (a user id): keys are served round-robin. Requests without one share a key. */
  key?: string;
  signal?: AbortSignal;
  /** When the wait for a slot must end (ms on the throttle's clock). */
  deadline?: number;
};

/** The queue (or this key's share of it) is full: the request was refused without waiting. */
export class ThrottleFullError extends Error {
  constructor(readonly scope: "all" | "key") {
    super(scope === "key" ? "Too many of your requests are waiting" : "Too many requests are waiting");
    this.name = "ThrottleFullError";
  }
}

/** The request's deadline passed before a slot was free. */
export class ThrottleDeadlineError extends Error {
  constructor() {
    super("The deadline passed while waiting for a slot");
    this.name = "ThrottleDeadlineError";
  }
}

type Waiter = { key: string; grant: () => void; cleanup: () => void };

export class RequestThrottle {
  readonly limit: number;
  readonly windowMs: number;
  readonly maxWaiting: number;
  readonly maxWaitingPerKey: number;
  private readonly now: () => number;
  private inFlight = 0;
  /** When answered requests arrived; each holds its slot until windowMs later. */
  private answeredAt: number[] = [];
  /** Waiters per key; the map's order is the round-robin order (a served key moves to the back). */
  private queues = new Map<string, Waiter[]>();
  private waitingCount = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(options: ThrottleOptions) {
    if (!Number.isInteger(options.limit) || options.limit < 1) throw new Error("throttle limit must be a positive integer");
    this.limit = options.limit;
    this.windowMs = options.windowMs ?? 1_000;
    this.now = options.now ?? Date.now;
    this.maxWaiting = options.maxWaiting ?? Infinity;
    this.maxWaitingPerKey = options.maxWaitingPerKey ?? Infinity;
  }

  /** Runs `work` when a slot is free; the slot is held until windowMs after `work` settles. */
  async run<T>(work: () => Promise<T>, options: RunOptions = {}): Promise<T> {
    await this.acquire(options);
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
    return this.waitingCount;
  }

  /** Requests waiting for one key. */
  waitingFor(key: string): number {
    return this.queues.get(key)?.length ?? 0;
  }

  private prune() {
    const cutoff = this.now() - this.windowMs;
    while (this.answeredAt.length && this.answeredAt[0]! <= cutoff) this.answeredAt.shift();
  }

  private acquire({ key = "", signal, deadline }: RunOptions): Promise<void> {
    signal?.throwIfAborted();
    if (deadline !== undefined && deadline <= this.now()) return Promise.reject(new ThrottleDeadlineError());
    if (!this.waitingCount && this.slotsInUse < this.limit) {
      this.inFlight++;
      return Promise.resolve();
    }
    if (this.waitingCount >= this.maxWaiting) return Promise.reject(new ThrottleFullError("all"));
    if (this.waitingFor(key) >= this.maxWaitingPerKey) return Promise.reject(new ThrottleFullError("key"));
    return new Promise<void>((resolve, reject) => {
      let deadlineTimer: ReturnType<typeof setTimeout> | null = null;
      const onAbort = () => {
        this.remove(waiter);
        reject(signal!.reason);
      };
      const waiter: Waiter = {
        key,
        grant: resolve,
        cleanup: () => {
          signal?.removeEventListener("abort", onAbort);
          if (deadlineTimer) clearTimeout(deadlineTimer);
        },
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      if (deadline !== undefined) {
        deadlineTimer = setTimeout(() => {
          this.remove(waiter);
          reject(new ThrottleDeadlineError());
        }, deadline - this.now());
      }
      const queue = this.queues.get(key);
      if (queue) queue.push(waiter);
      else this.queues.set(key, [waiter]);
      this.waitingCount++;
      this.pump();
    });
  }

  private remove(waiter: Waiter) {
    const queue = this.queues.get(waiter.key);
    const index = queue?.indexOf(waiter) ?? -1;
    if (!queue || index < 0) return;
    waiter.cleanup();
    queue.splice(index, 1);
    if (!queue.length) this.queues.delete(waiter.key);
    this.waitingCount--;
  }

  /** The next waiter in round-robin order: the first key's oldest; that key then goes to the back. */
  private next(): Waiter | null {
    const first = this.queues.entries().next();
    if (first.done) return null;
    const [key, queue] = first.value;
    const waiter = queue.shift()!;
    this.queues.delete(key);
    if (queue.length) this.queues.set(key, queue);
    this.waitingCount--;
    waiter.cleanup();
    return waiter;
  }

  private release() {
    this.inFlight--;
    this.answeredAt.push(this.now());
    this.pump();
  }

  /** Grants free slots to waiters, and sets a timer for when the next slot frees. */
  private pump() {
    while (this.waitingCount && this.slotsInUse < this.limit) {
      const waiter = this.next()!;
      this.inFlight++;
      waiter.grant();
    }
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    // All slots in flight: the next release pumps. Otherwise the oldest answer leaves the window first.
    if (this.waitingCount && this.answeredAt.length) {
      const wait = Math.max(1, this.answeredAt[0]! + this.windowMs - this.now() + 1);
      this.timer = setTimeout(() => {
        this.timer = null;
        this.pump();
      }, wait);
    }
  }
}
