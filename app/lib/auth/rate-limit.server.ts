import { isIPv6 } from "node:net";

const MAX_KEYS = 10_000;

/** Counts failures per key in a sliding window (in memory: one server process). */
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
    if (this.failures.size > MAX_KEYS) this.sweep();
  }

  reset(key: string) {
    this.failures.delete(key);
  }

  private sweep() {
    for (const key of [...this.failures.keys()]) this.recent(key);
    // Still full of live keys (many made-up e-mail addresses): forget the longest-known ones, so memory
    // stays bounded; the per-address count still holds whoever is making them up.
    for (const key of this.failures.keys()) {
      if (this.failures.size <= MAX_KEYS) break;
      this.failures.delete(key);
    }
  }
}

/**
 * The key one client address counts under. An IPv6 host usually holds a whole /64, so its addresses share
 * one key; an IPv4 address written as IPv6 (`::ffff:10.0.0.1`) counts as itself.
 */
export function addressKey(address: string | null | undefined): string {
  if (!address) return "unknown";
  const ip = address.replace(/%.*$/, "").toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = "", tail] = ip.split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  // An embedded IPv4 part stands for two groups.
  const tailLength = tailGroups.reduce((n, g) => n + (g.includes(".") ? 2 : 1), 0);
  const groups = [...headGroups, ...Array<string>(Math.max(0, 8 - headGroups.length - tailLength)).fill("0"), ...tailGroups];
  return `${groups.slice(0, 4).map((g) => parseInt(g, 16).toString(16)).join(":")}::/64`;
}

/**
 * Failed sign-ins, counted per account and per client address. The per-account limit stops guessing one
 * password from many addresses; the per-address limit, higher, stops one address trying many accounts.
 * Someone mistyping behind a clinic's shared address then blocks only their own account, not everyone
 * behind it. Unknown e-mail addresses count like real ones, so a 429 does not tell which accounts exist.
 */
export class SignInLimiter {
  private readonly accounts: FailureLimiter;
  private readonly addresses: FailureLimiter;

  constructor(perAccount: number, perAddress: number, windowMs = 60_000, now: () => number = Date.now) {
    this.accounts = new FailureLimiter(perAccount, windowMs, now);
    this.addresses = new FailureLimiter(perAddress, windowMs, now);
  }

  private static account(email: string): string {
    return email.trim().toLowerCase().slice(0, 320);
  }

  /** Seconds until this account may be tried from this address again, or 0 when it may now. */
  retryAfterSeconds(attempt: { email: string; address: string | null | undefined }): number {
    return Math.max(
      this.accounts.retryAfterSeconds(SignInLimiter.account(attempt.email)),
      this.addresses.retryAfterSeconds(addressKey(attempt.address)),
    );
  }

  recordFailure(attempt: { email: string; address: string | null | undefined }) {
    this.accounts.recordFailure(SignInLimiter.account(attempt.email));
    this.addresses.recordFailure(addressKey(attempt.address));
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
