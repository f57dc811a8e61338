import { describe, expect, it } from "vitest";
import { reciprocalRankFusion, RRF_K } from "./fusion";

describe("reciprocal rank fusion", () => {
  it("ranks agreement between lists above a single first place", () => {
    const fused = reciprocalRankFusion([
      ["a", "b", "c"],
      ["d", "b", "a"],
    ]);
    expect(fused.map((f) => f.key)).toEqual(["a", "b", "d", "c"]);
    expect(fused[0]).toEqual({ key: "a", score: 1 / (RRF_K + 1) + 1 / (RRF_K + 3), ranks: [1, 3] });
    expect(fused.find((f) => f.key === "d")?.ranks).toEqual([null, 1]);
  });

  it("breaks ties by the best single rank, then by list order", () => {
    expect(reciprocalRankFusion([["x", "y"], ["y", "x"]]).map((f) => f.key)).toEqual(["x", "y"]);
    expect(reciprocalRankFusion([["p"], ["q"]]).map((f) => f.key)).toEqual(["p", "q"]);
  });

  it("counts an item once per list and handles empty lists", () => {
    expect(reciprocalRankFusion([["a", "a"], []])).toEqual([{ key: "a", score: 1 / (RRF_K + 1), ranks: [1, null] }]);
    expect(reciprocalRankFusion<string>([[], []])).toEqual([]);
  });
});
