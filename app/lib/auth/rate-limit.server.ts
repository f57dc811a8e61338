/**
 * Counts failures per key in a sliding window (in memory: one server process).
 * Used to slow down password guessing from one address.
 */
export class FailureLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  private recent(key: string): number[] {
    const cutoff = this.now() - this.windowMs;
    const list = (this.failures.get(key) ?? []).filter((t) => t > cutoff);
    if (list.length) this.failures.set(key, list);
    else this.failures.delete(key);
    return list;
  }

  /** Seconds until another attempt is allowed, or 0 when allowed now. */
  retryAfterSeconds(key: string): number {
    const list = this.recent(key);
    if (list.length < this.limit) return 0;
    const oldest = list[list.length - this.limit]!;
    return Math.max(1, Math.ceil((oldest + this.windowMs - this.now()) / 1000));
  }

  recordFailure(key: string) {
    const list = this.recent(key);
    list.push(this.now());
    this.failures.set(key, list);
    if (this.failures.size > 10_000) this.sweep();
  }

  reset(key: string) {
    this.failures.delete(key);
  }

  private sweep() {
    for (const key of [...this.failures.keys()]) this.recent(key);
  }
}

const HOUR_MS = 60 * 60 * 1000;
let signUps: FailureLimiter | null = null;

/**
 * Sign-ups per address in a sliding hour: every sign-up that reaches account creation counts, whether the
 * address was new or not (the answer is the same either way), so one address cannot mass-create accounts
 * or probe which e-mail addresses have one.
 */
export function signUpsPerAddress(limitPerHour: number): FailureLimiter {
  signUps ??= new FailureLimiter(limitPerHour, HOUR_MS);
  return signUps;
}
