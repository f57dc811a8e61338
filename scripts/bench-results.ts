// `npm run bench` keeps its figures: bench-results/latest.json (this run) and previous.json (the run before),
// and prints this run's figures beside the previous run's, flagging each one more than 20 % worse. The files
// are this machine's (timings depend on it and on what else runs on it): not committed.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** A figure worse than the previous run's by more than this share is flagged. */
export const WORSE_BY = 0.2;

export type Direction = "lower" | "higher";

/** What a run writes: when, where, and every figure the sections produced (nested as they print them). */
export type BenchRun = {
  at: string;
  sections: string[];
  machine: { cpus: number; loadAverageAtStart: number[]; loadAverageAtEnd: number[] };
  figures: Record<string, unknown>;
};

/**
 * Which way is better for a figure, from its name (or, for "memoryMb.idleAtStart", its parent's): rates,
 * shares answered and retrieval quality up; times, sizes, memory, ratios and errors down. Null for settings
 * and counts of work done (connections, requests, chunks) and for shares of a whole, which are not compared.
 */
export function directionOf(name: string): Direction | null {
  const parts = name.split(".");
  for (const key of [parts[parts.length - 1]!, parts[parts.length - 2] ?? ""]) {
    if (/^(connections|durationS|requests|amount|users|questions|chunks|pages|runs|dimensions|vectors|k|prompt tokens)$/i.test(key)) return null;
    if (/^shareOf/i.test(key)) return null;
    if (/(PerSecond|Percent|ndcg|mrr|recall|speedup|same top)/i.test(key) || /\/s\b/.test(key)) return "higher";
    if (/(Ms|Mb|MB|Bytes|Seconds|Rss|Ratio|errors|non2xx|failed)$/.test(key) || /(\bms\b|\bMB\b|\bs$|\(MB\)|p\d\d$)/i.test(key)) return "lower";
  }
  return null;
}

/** Every number in a nested figures object, by its dotted path ("server.authUser.p95Ms"). */
export function flattenFigures(value: unknown, prefix = ""): Map<string, number> {
  const out = new Map<string, number>();
  if (typeof value === "number" && Number.isFinite(value)) {
    out.set(prefix, value);
  } else if (value && typeof value === "object" && !Array.isArray(value)) {
    for (const [key, inner] of Object.entries(value)) {
      for (const [k, v] of flattenFigures(inner, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
    }
  }
  return out;
}

export type Comparison = {
  figure: string;
  previous: number | null;
  current: number;
  /** (current - previous) / previous, null without a previous figure (or one of 0). */
  change: number | null;
  direction: Direction | null;
  /** More than WORSE_BY worse than the previous run (an error count above a previous 0 counts too). */
  worse: boolean;
};

/** This run's figures beside the previous run's, in this run's order. */
export function compareFigures(previous: Record<string, unknown> | null, current: Record<string, unknown>): Comparison[] {
  const before = previous ? flattenFigures(previous) : new Map<string, number>();
  return [...flattenFigures(current)].map(([figure, now]) => {
    const was = before.get(figure) ?? null;
    const direction = directionOf(figure);
    const change = was === null || was === 0 ? null : (now - was) / Math.abs(was);
    let worse = false;
    if (was !== null && direction === "lower") worse = was === 0 ? now > 0 : now > was * (1 + WORSE_BY);
    if (was !== null && direction === "higher") worse = now < was * (1 - WORSE_BY);
    return { figure, previous: was, current: now, change, direction, worse };
  });
}

const shown = (n: number | null) => (n === null ? "" : Number.isInteger(n) ? n : Math.round(n * 100) / 100);

/** The comparison as console.table rows, worse figures marked. */
export function comparisonRows(comparisons: Comparison[]): Record<string, Record<string, string | number>> {
  const rows: Record<string, Record<string, string | number>> = {};
  for (const c of comparisons) {
    rows[c.figure] = {
      previous: shown(c.previous),
      now: shown(c.current),
      change: c.change === null ? "" : `${c.change > 0 ? "+" : ""}${Math.round(c.change * 1000) / 10} %`,
      better: c.direction ?? "",
      flag: c.worse ? `WORSE > ${WORSE_BY * 100} %` : "",
    };
  }
  return rows;
}

export const RESULTS_DIR = "bench-results";

/** Writes this run as latest.json, the run before it kept as previous.json; returns the previous run (null for the first). */
export function saveRun(root: string, run: BenchRun): BenchRun | null {
  const dir = path.join(root, RESULTS_DIR);
  fs.mkdirSync(dir, { recursive: true });
  const latest = path.join(dir, "latest.json");
  let previous: BenchRun | null = null;
  if (fs.existsSync(latest)) {
    try {
      previous = JSON.parse(fs.readFileSync(latest, "utf8")) as BenchRun;
    } catch {
      previous = null; // an unreadable file is replaced, not compared
    }
    fs.renameSync(latest, path.join(dir, "previous.json"));
  }
  fs.writeFileSync(latest, `${JSON.stringify(run, null, 2)}\n`);
  return previous;
}

export const loadAverage = () => os.loadavg().map((n) => Math.round(n * 100) / 100);
