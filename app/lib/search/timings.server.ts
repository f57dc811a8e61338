/**
 * How long searches took over the last hour, for the admin Overview: a ring of one histogram per minute
 * (60 of them), each counting searches in buckets 10 % wide from 0.1 ms to about 2 minutes. Memory stays
 * the same however many searches run (a list of timings would hold a few minutes at 150 answers/s), and a
 * percentile read from it is at most one bucket (10 %) above the true value.
 */

const MINUTE_MS = 60_000;
export const SEARCH_WINDOW_MS = 60 * MINUTE_MS;
const MINUTES = SEARCH_WINDOW_MS / MINUTE_MS;
const SMALLEST_MS = 0.1;
const GROWTH = 1.1;
const BUCKETS = 150;

/** The bucket of a duration: the first whose upper bound, SMALLEST_MS × GROWTH^i, is at least it. */
function bucketOf(ms: number): number {
  if (!(ms > SMALLEST_MS)) return 0;
  return Math.min(BUCKETS - 1, Math.ceil(Math.log(ms / SMALLEST_MS) / Math.log(GROWTH)));
}

const upperBound = (bucket: number) => SMALLEST_MS * GROWTH ** bucket;

export class TimingRing {
  private readonly counts = Array.from({ length: MINUTES }, () => new Uint32Array(BUCKETS));
  /** The minute (since the epoch) each slot holds; a slot of an older minute is stale. */
  private readonly minuteOf = new Float64Array(MINUTES).fill(-1);

  record(ms: number, now = Date.now()) {
    const minute = Math.floor(now / MINUTE_MS);
    const slot = minute % MINUTES;
    if (this.minuteOf[slot] !== minute) {
      this.counts[slot]!.fill(0);
      this.minuteOf[slot] = minute;
    }
    this.counts[slot]![bucketOf(ms)]!++;
  }

  /** Searches in the last hour (the current minute included) and their p95 in ms (null with none). */
  summary(now = Date.now()): { count: number; p95Ms: number | null } {
    const minute = Math.floor(now / MINUTE_MS);
    const merged = new Uint32Array(BUCKETS);
    let count = 0;
    for (let slot = 0; slot < MINUTES; slot++) {
      const at = this.minuteOf[slot]!;
      if (at < 0 || at > minute || minute - at >= MINUTES) continue;
      const counts = this.counts[slot]!;
      for (let b = 0; b < BUCKETS; b++) {
        merged[b]! += counts[b]!;
        count += counts[b]!;
      }
    }
    if (!count) return { count, p95Ms: null };
    const rank = Math.ceil(0.95 * count);
    let seen = 0;
    for (let b = 0; b < BUCKETS; b++) {
      seen += merged[b]!;
      if (seen >= rank) return { count, p95Ms: Math.round(upperBound(b) * 10) / 10 };
    }
    return { count, p95Ms: Math.round(upperBound(BUCKETS - 1) * 10) / 10 };
  }
}

const searches = new TimingRing();

/** Records one search's duration (the request thread's record: threads report theirs to it). */
export function recordSearchTime(ms: number, now?: number) {
  searches.record(ms, now);
}

/** Searches over the last hour and their p95 (ms). */
export function recentSearchTimes(now?: number): { count: number; p95Ms: number | null } {
  return searches.summary(now);
}
