import { describe, expect, it } from "vitest";
import { LIBRARY_MAX_BYTES, planLibraryUpload, quotaText } from "./library-view";

const file = (name: string, size = 1000) => ({ name, size });

describe("planLibraryUpload", () => {
  it("accepts PDF, DOC and DOCX in any letter case, and refuses other types with the file's name", () => {
    const plan = planLibraryUpload([file("a.pdf"), file("B.DOCX"), file("c.Doc"), file("notes.txt"), file("sheet.xlsx"), file("no-extension")], 0, 20);
    expect(plan.accepted.map((f) => f.name)).toEqual(["a.pdf", "B.DOCX", "c.Doc"]);
    expect(plan.refused.map((r) => r.reason)).toEqual([
      "notes.txt: only PDF, DOC and DOCX files can be added",
      "sheet.xlsx: only PDF, DOC and DOCX files can be added",
      "no-extension: only PDF, DOC and DOCX files can be added",
    ]);
  });

  it("refuses a file over 50MB and keeps one of exactly 50MB", () => {
    const plan = planLibraryUpload([file("big.pdf", LIBRARY_MAX_BYTES + 1), file("edge.pdf", LIBRARY_MAX_BYTES)], 0, 20);
    expect(plan.accepted.map((f) => f.name)).toEqual(["edge.pdf"]);
    expect(plan.refused[0]!.reason).toBe("big.pdf is larger than 50MB");
  });

  it("accepts only as many files as the quota leaves room for, in the order chosen", () => {
    const plan = planLibraryUpload([file("1.pdf"), file("2.pdf"), file("3.pdf")], 18, 20);
    expect(plan.accepted.map((f) => f.name)).toEqual(["1.pdf", "2.pdf"]);
    expect(plan.refused.map((r) => r.reason)).toEqual(["3.pdf: your library is full (18 of 20 documents used)"]);
    expect(planLibraryUpload([file("x.pdf")], 20, 20).accepted).toEqual([]);
  });
});

it("quotaText states the count and the quota", () => {
  expect(quotaText(3, 20)).toBe("3 of 20 documents used");
});
