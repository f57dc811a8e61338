import { describe, expect, it } from "vitest";
import { evalPages } from "./evaluation.server";

describe("evalPages", () => {
  it("puts every paragraph on page 1 by default", () => {
    expect(evalPages({ id: "d", title: "D", paragraphs: ["a", "b"] })).toEqual([
      {
        number: 1,
        blocks: [
          { kind: "paragraph", text: "a" },
          { kind: "paragraph", text: "b" },
        ],
      },
    ]);
  });

  it("groups paragraphs by their page, pages ascending", () => {
    const pages = evalPages({ id: "d", title: "D", paragraphs: ["two", "one", "two again"], pages: [2, 1, 2] });
    expect(pages.map((p) => [p.number, p.blocks.map((b) => b.text)])).toEqual([
      [1, ["one"]],
      [2, ["two", "two again"]],
    ]);
  });
});
