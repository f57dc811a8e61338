import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { compareFigures, comparisonRows, directionOf, flattenFigures, saveRun, type BenchRun } from "./bench-results";

describe("which way a bench figure is better", () => {
  it("reads it from the figure's name, or its parent's", () => {
    for (const name of ["server.authUser.p95Ms", "ingest.peakRssMb", "search.lexical p50/p95 ms", "x.build s", "server.memoryMb.idleAtStart", "start.unset.health.non2xx", "x.binary p95", "ingest.medianRatio"]) {
      expect(directionOf(name), name).toBe("lower");
    }
    for (const name of ["server.authUser.requestsPerSecond", "local.tokens/s p50", "answer.extractive.10k chunks.answeredPercent", "search.gold MRR@10", "search.recall10"]) {
      expect(directionOf(name), name).toBe("higher");
    }
    for (const name of ["server.authUser.connections", "server.authUser.durationS", "answer.timeToFirstToken.questions", "ingest.shareOfUploadPercent"]) {
      expect(directionOf(name), name).toBeNull();
    }
  });
});

describe("comparing a bench run with the previous one", () => {
  const previous = { server: { authUser: { requestsPerSecond: 1000, p95Ms: 10, non2xx: 0, connections: 50 } }, search: { "lexical p95 ms": 40 } };

  it("flags a figure more than 20 % worse in its own direction, and only those", () => {
    const current = { server: { authUser: { requestsPerSecond: 790, p95Ms: 12, non2xx: 0, connections: 10 } }, search: { "lexical p95 ms": 48.5 } };
    const byFigure = new Map(compareFigures(previous, current).map((c) => [c.figure, c]));
    expect(byFigure.get("server.authUser.requestsPerSecond")).toMatchObject({ previous: 1000, current: 790, worse: true });
    expect(byFigure.get("server.authUser.requestsPerSecond")!.change).toBeCloseTo(-0.21);
    // 20 % slower exactly is not more than 20 %.
    expect(byFigure.get("server.authUser.p95Ms")).toMatchObject({ worse: false });
    expect(byFigure.get("search.lexical p95 ms")).toMatchObject({ worse: true });
    expect(byFigure.get("server.authUser.non2xx")).toMatchObject({ worse: false, change: null });
    // A setting that changed is shown, never flagged.
    expect(byFigure.get("server.authUser.connections")).toMatchObject({ previous: 50, current: 10, direction: null, worse: false });
  });

  it("never flags a figure that got better, however much", () => {
    const current = { server: { authUser: { requestsPerSecond: 5000, p95Ms: 1, non2xx: 0, connections: 50 } }, search: { "lexical p95 ms": 4 } };
    expect(compareFigures(previous, current).filter((c) => c.worse)).toEqual([]);
  });

  it("flags errors that appear where there were none", () => {
    const current = { server: { authUser: { requestsPerSecond: 1000, p95Ms: 10, non2xx: 3, connections: 50 } } };
    expect(compareFigures(previous, current).find((c) => c.figure === "server.authUser.non2xx")).toMatchObject({ previous: 0, current: 3, worse: true });
  });

  it("shows new figures with no previous value, and a first run without flags", () => {
    const current = { answer: { "10k chunks": { p95Ms: 200 } } };
    expect(compareFigures(previous, current)).toEqual([{ figure: "answer.10k chunks.p95Ms", previous: null, current: 200, change: null, direction: "lower", worse: false }]);
    expect(compareFigures(null, previous).some((c) => c.worse)).toBe(false);
  });

  it("prints a row per figure with the change and the flag", () => {
    const rows = comparisonRows(compareFigures(previous, { search: { "lexical p95 ms": 60 } }));
    expect(rows["search.lexical p95 ms"]).toEqual({ previous: 40, now: 60, change: "+50 %", better: "lower", flag: "WORSE > 20 %" });
  });

  it("flattens nested figures to dotted names, numbers only", () => {
    expect([...flattenFigures({ a: { b: 1, c: "text", d: [1, 2], e: null, f: { g: 2.5 } }, h: Number.NaN })]).toEqual([
      ["a.b", 1],
      ["a.f.g", 2.5],
    ]);
  });
});

describe("the results files", () => {
  it("keep this run as latest.json and the one before as previous.json", () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "bench-results-"));
    try {
      const run = (n: number): BenchRun => ({ at: `run ${n}`, sections: ["server"], machine: { cpus: 2, loadAverageAtStart: [1, 1, 1], loadAverageAtEnd: [1, 1, 1] }, figures: { n } });
      expect(saveRun(root, run(1))).toBeNull();
      expect(saveRun(root, run(2))).toEqual(run(1));
      expect(saveRun(root, run(3))).toEqual(run(2));
      const read = (name: string) => JSON.parse(fs.readFileSync(path.join(root, "bench-results", name), "utf8")) as BenchRun;
      expect(read("latest.json")).toEqual(run(3));
      expect(read("previous.json")).toEqual(run(2));
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
