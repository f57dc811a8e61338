/**
 * What the bulk-ingest command shows: one progress line for the whole run (bar, files, rate, ETA and the
 * tally so far) and the summary at the end. Pure functions of the tally and the clock, so they are tested
 * without a terminal.
 */

export type Outcome = "done" | "skipped" | "failed";

export type FileResult = { file: string; outcome: Outcome; reason?: string; chunks?: number };

/** The run so far. Work is counted in bytes, so a folder of one book and many notes has an honest ETA. */
export class Tally {
  readonly results: FileResult[] = [];
  private bytesFinished = 0;

  constructor(
    readonly totalFiles: number,
    readonly totalBytes: number,
    readonly startedAt: number,
  ) {}

  record(result: FileResult, bytes: number) {
    this.results.push(result);
    this.bytesFinished += bytes;
  }

  count(outcome: Outcome): number {
    return this.results.filter((r) => r.outcome === outcome).length;
  }

  get filesFinished(): number {
    return this.results.length;
  }

  /** Share of the work done: finished files' bytes, plus the current file's bytes times its own progress. */
  fraction(current?: { bytes: number; fraction: number }): number {
    if (this.totalBytes <= 0) return this.totalFiles ? this.filesFinished / this.totalFiles : 1;
    const inFlight = current ? current.bytes * Math.max(0, Math.min(1, current.fraction)) : 0;
    return Math.min(1, (this.bytesFinished + inFlight) / this.totalBytes);
  }
}

export function bar(fraction: number, width = 24): string {
  const clamped = Math.max(0, Math.min(1, fraction));
  const filled = Math.round(clamped * width);
  return `[${"#".repeat(filled)}${".".repeat(width - filled)}] ${String(Math.floor(clamped * 100)).padStart(3)}%`;
}

/** "45s", "3m 07s", "1h 02m". */
export function duration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m ${String(s % 60).padStart(2, "0")}s`;
  return `${Math.floor(m / 60)}h ${String(m % 60).padStart(2, "0")}m`;
}

/**
 * Time left at the pace so far, or null while there is too little to go on (under 2 s or 1 % of the
 * work: the first file's start-up would make any figure a guess).
 */
export function eta(fraction: number, elapsedMs: number): number | null {
  if (fraction >= 1) return 0;
  if (elapsedMs < 2000 || fraction < 0.01) return null;
  return (elapsedMs / fraction) * (1 - fraction);
}

/** The one progress line: bar, files finished of total, files per second, ETA, the tally, and the file being read. */
export function progressLine(tally: Tally, now: number, current?: { name: string; step: string; bytes: number; fraction: number }): string {
  const fraction = tally.fraction(current);
  const elapsed = now - tally.startedAt;
  const left = eta(fraction, elapsed);
  // Like the ETA, no rate in the first seconds (files refused up front finish at once).
  const rate = elapsed >= 2000 ? (tally.filesFinished * 1000) / elapsed : null;
  const parts = [
    `${bar(fraction)} ${tally.filesFinished}/${tally.totalFiles} files`,
    `${rate === null ? "…" : rate >= 10 ? Math.round(rate) : rate.toFixed(1)} files/s`,
    `ETA ${left === null ? "…" : duration(left)}`,
    `${tally.count("done")} done, ${tally.count("skipped")} skipped, ${tally.count("failed")} failed`,
  ];
  if (current) parts.push(`${current.step}: ${current.name}`);
  return parts.join(" · ");
}

const LISTED = 20;

/** The closing summary: how long, how many of each, and which files were skipped or failed, with why. */
export function summary(tally: Tally, now: number): string[] {
  const done = tally.results.filter((r) => r.outcome === "done");
  const chunks = done.reduce((sum, r) => sum + (r.chunks ?? 0), 0);
  const lines = [
    `Finished in ${duration(now - tally.startedAt)}: ${done.length} ingested (${chunks.toLocaleString("en-US")} chunks), ${tally.count("skipped")} skipped, ${tally.count("failed")} failed, of ${tally.totalFiles} file(s)`,
  ];
  for (const outcome of ["skipped", "failed"] as const) {
    const listed = tally.results.filter((r) => r.outcome === outcome);
    if (!listed.length) continue;
    lines.push(`${outcome === "skipped" ? "Skipped" : "Failed"}:`);
    for (const r of listed.slice(0, LISTED)) lines.push(`  ${r.file}: ${r.reason ?? outcome}`);
    if (listed.length > LISTED) lines.push(`  … and ${listed.length - LISTED} more`);
  }
  return lines;
}
