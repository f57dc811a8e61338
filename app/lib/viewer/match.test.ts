import { describe, expect, it } from "vitest";
import { capQuote, MAX_QUOTE_CHARS, MAX_QUOTES, pageParam, quotesOf, viewerUrl } from "./index";
import { findQuote, findQuotes, fold, joinItems, segmentsOf } from "./match";

const marked = (text: string, quotes: string[]) =>
  findQuotes(text, quotes).map(([s, e]) => text.slice(s, e));

describe("fold", () => {
  it("keeps letters and digits, lower-cased, with where each came from", () => {
    const f = fold("A ﬁne-dose: 0.3 mg");
    expect(f.text).toBe("afinedose03mg");
    // Both letters of the ligature come from its one character.
    expect(f.start.slice(1, 3)).toEqual([2, 2]);
    expect(f.end.slice(1, 3)).toEqual([3, 3]);
  });

  it("drops accents and compatibility forms", () => {
    expect(fold("Café ①").text).toBe("cafe1");
  });
});

describe("findQuote on a page's text", () => {
  it("finds a sentence across line breaks and spacing", () => {
    const page = "Header\nMeloxicam is given once as a\n single   subcutaneous dose of 0.3 mg/kg. Next sentence.";
    expect(marked(page, ["Meloxicam is given once as a single subcutaneous dose of 0.3 mg/kg."])).toEqual([
      "Meloxicam is given once as a\n single   subcutaneous dose of 0.3 mg/kg.",
    ]);
  });

  it("finds a sentence the page hyphenates at a line end", () => {
    const page = "given as a single subcu-\ntaneous dose of 0.3 mg/kg.";
    expect(marked(page, ["given as a single subcutaneous dose of 0.3 mg/kg."])).toEqual(["given as a single subcu-\ntaneous dose of 0.3 mg/kg."]);
  });

  it("matches ligatures and typographic quotes either way", () => {
    const page = "The “ﬁrst” dose is eﬀective in cats.";
    expect(marked(page, ['The "first" dose is effective in cats.'])).toEqual(["The “ﬁrst” dose is eﬀective in cats."]);
  });

  it("highlights the part of a sentence on this page when it goes on to the next", () => {
    const page = "Other text here. The oral maintenance dose of meloxicam is";
    expect(marked(page, ["The oral maintenance dose of meloxicam is 0.05 mg/kg once daily."])).toEqual([
      "The oral maintenance dose of meloxicam is",
    ]);
    const next = "0.05 mg/kg once daily with food. Another sentence.";
    expect(marked(next, ["The oral maintenance dose of meloxicam is 0.05 mg/kg once daily with food."])).toEqual(["0.05 mg/kg once daily with food"]);
  });

  it("finds nothing for a sentence that is not on the page, or too short to place", () => {
    expect(findQuote(fold("Dogs are given 0.2 mg/kg."), "Cats are given a different dose entirely.")).toBeNull();
    expect(findQuote(fold("a b c d"), "b c")).toBeNull();
  });

  it("merges overlapping quotes into one range", () => {
    const page = "One two three four five six seven. Eight nine ten eleven twelve.";
    expect(findQuotes(page, ["One two three four five", "three four five six seven.", "Eight nine ten eleven twelve"])).toEqual([
      [0, 34],
      [35, 63],
    ]);
  });
});

describe("the text layer's items", () => {
  it("cuts a range found across items back into each item's part", () => {
    const items = ["For pain, meloxicam is given sub-", "cutaneously at 0.3 mg/kg", " once."];
    const { text, offsets } = joinItems(items);
    const ranges = findQuotes(text, ["meloxicam is given subcutaneously at 0.3 mg/kg once"]);
    const parts = items.map((s, i) => segmentsOf(text, offsets[i]!, offsets[i]! + s.length, ranges));
    expect(parts[0]).toEqual([
      { text: "For pain, ", marked: false },
      { text: "meloxicam is given sub-", marked: true },
    ]);
    expect(parts[1]).toEqual([{ text: "cutaneously at 0.3 mg/kg", marked: true }]);
    expect(parts[2]).toEqual([
      { text: " once", marked: true },
      { text: ".", marked: false },
    ]);
  });
});

describe("the viewer's address", () => {
  it("carries the page and the quotes, encoded", () => {
    const url = viewerUrl("a b", 12, ["Dose <b>0.3</b> & more", "Dose <b>0.3</b> & more", ""]);
    expect(url).toBe("/documents/a%20b/view?page=12&q=Dose+%3Cb%3E0.3%3C%2Fb%3E+%26+more");
    expect(new URL(url, "http://x").searchParams.getAll("q")).toEqual(["Dose <b>0.3</b> & more"]);
  });

  it("caps the number and length of quotes", () => {
    expect(quotesOf(Array.from({ length: 9 }, (_, i) => `sentence ${i}`))).toHaveLength(MAX_QUOTES);
    const long = "word ".repeat(200);
    expect(capQuote(long).length).toBeLessThanOrEqual(MAX_QUOTE_CHARS);
    expect(capQuote(long).endsWith("word")).toBe(true);
  });

  it("reads only whole page numbers from 1", () => {
    expect(pageParam("350")).toBe(350);
    for (const bad of [null, "0", "-1", "1.5", "abc", "1e3", "9999999"]) expect(pageParam(bad)).toBeNull();
  });
});
