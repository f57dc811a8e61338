import { describe, expect, it } from "vitest";
import { memoByText } from "./memo.server";

describe("memoByText", () => {
  it("reads a text once while it is remembered, and again once it has been forgotten", () => {
    const read: string[] = [];
    const words = memoByText(2, (text) => (read.push(text), text.split(" ")));
    const first = words("meloxicam in cats");
    expect(words("meloxicam in cats")).toBe(first);
    expect(read).toEqual(["meloxicam in cats"]);
    words("dose in dogs");
    words("meloxicam in cats"); // the most recently used stays
    words("interval in horses"); // the least recently used ("dose in dogs") goes
    words("dose in dogs");
    expect(read).toEqual(["meloxicam in cats", "dose in dogs", "interval in horses", "dose in dogs"]);
  });

  it("keys by the whole text: a changed text is read afresh", () => {
    const words = memoByText(10, (text) => text.split(" "));
    expect(words("0.1 mg/kg once daily")).toEqual(["0.1", "mg/kg", "once", "daily"]);
    expect(words("0.2 mg/kg once daily")).toEqual(["0.2", "mg/kg", "once", "daily"]);
  });
});
