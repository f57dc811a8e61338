import { describe, expect, it } from "vitest";
import { bar, duration, eta, progressLine, summary, Tally } from "./progress";

describe("bulk-ingest progress", () => {
  it("draws the bar from the share of work done, clamped", () => {
    expect(bar(0, 10)).toBe("[..........]   0%");
    expect(bar(0.456, 10)).toBe("[#####.....]  45%");
    expect(bar(1, 10)).toBe("[##########] 100%");
    expect(bar(1.7, 10)).toBe("[##########] 100%");
  });

  it("writes durations as a person reads them", () => {
    expect(duration(0)).toBe("0s");
    expect(duration(44_600)).toBe("45s");
    expect(duration(187_000)).toBe("3m 07s");
    expect(duration(3_720_000)).toBe("1h 02m");
  });

  it("gives no ETA until there is a pace to go on, then the time left at that pace", () => {
    expect(eta(0.5, 1000)).toBeNull();
    expect(eta(0.005, 60_000)).toBeNull();
    expect(eta(0.25, 10_000)).toBe(30_000);
    expect(eta(1, 10_000)).toBe(0);
  });

  it("counts work in bytes, with the file in hand counted by its own progress", () => {
    const tally = new Tally(3, 1000, 0);
    tally.record({ file: "a.txt", outcome: "done", chunks: 2 }, 100);
    expect(tally.fraction()).toBeCloseTo(0.1);
    // A 800-byte book half read: 100 + 400 of 1000.
    expect(tally.fraction({ bytes: 800, fraction: 0.5 })).toBeCloseTo(0.5);
    // Nothing to read (only refused files): files decide.
    const empty = new Tally(2, 0, 0);
    empty.record({ file: "x.exe", outcome: "skipped", reason: "unsupported file type (.exe)" }, 0);
    expect(empty.fraction()).toBe(0.5);
  });

  it("shows files, rate, ETA, the tally and the file in hand on one line", () => {
    const tally = new Tally(1000, 1_000_000, 0);
    for (let i = 0; i < 250; i++) tally.record({ file: `f${i}.txt`, outcome: i % 50 === 0 ? "failed" : i % 10 === 0 ? "skipped" : "done" }, 1000);
    const line = progressLine(tally, 50_000, { name: "f250.txt", step: "chunking", bytes: 1000, fraction: 0.6 });
    expect(line).toBe(
      "[######..................]  25% 250/1000 files · 5.0 files/s · ETA 2m 30s · 225 done, 20 skipped, 5 failed · chunking: f250.txt",
    );
    expect(progressLine(new Tally(10, 100, 0), 500)).toContain("… files/s · ETA …");
  });

  it("sums up the run and lists what was skipped or failed with the reason, at most 20 of each", () => {
    const tally = new Tally(26, 100, 0);
    tally.record({ file: "/docs/a.txt", outcome: "done", chunks: 3 }, 10);
    tally.record({ file: "/docs/b.txt", outcome: "done", chunks: 1200 }, 10);
    tally.record({ file: "/docs/a-copy.txt", outcome: "skipped", reason: "already in the library as a.txt" }, 10);
    for (let i = 0; i < 23; i++) tally.record({ file: `/docs/bad${i}.pdf`, outcome: "failed", reason: "The file is empty" }, 0);
    const lines = summary(tally, 125_000);
    expect(lines[0]).toBe("Finished in 2m 05s: 2 ingested (1,203 chunks), 1 skipped, 23 failed, of 26 file(s)");
    expect(lines.slice(1, 4)).toEqual(["Skipped:", "  /docs/a-copy.txt: already in the library as a.txt", "Failed:"]);
    expect(lines.filter((l) => l.startsWith("  /docs/bad"))).toHaveLength(20);
    expect(lines.at(-1)).toBe("  … and 3 more");
  });
});
