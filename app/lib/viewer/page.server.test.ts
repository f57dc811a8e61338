import { describe, expect, it } from "vitest";
import type { PageChunk } from "../ingest/index.server";
import { pageBlocks, pageText } from "./page.server";

const chunk = (id: number, text: string, layout: PageChunk["layout"], heading: string | null = null): PageChunk => ({
  id,
  heading,
  text,
  pages: [...new Set(layout?.pages.map((p) => p.page) ?? [1])],
  pageLabel: null,
  layout,
});

describe("an extracted page rebuilt from its chunks", () => {
  const first = "Dose is 0.3 mg/kg. Give it once.";
  const second = "Give it once. Monitor renal values.";
  const chunks = [
    chunk(1, `Page one text.\n${first}`, { pages: [{ offset: 0, page: 1, label: null }, { offset: 15, page: 2, label: "ii" }], rows: [], sentences: [[0, 14], [15, 33], [34, 47]] }, "Guide > Dosing"),
    chunk(2, second, { pages: [{ offset: 0, page: 2, label: "ii" }], rows: [], sentences: [[0, 13], [14, 35]] }, "Guide > Dosing"),
  ];

  it("keeps only this page's part of each chunk and shows the sentences a chunk repeats from the one before once", () => {
    expect(pageText(chunks, 2).text).toBe("Dose is 0.3 mg/kg. Give it once.\nMonitor renal values.");
    expect(pageText(chunks, 1).text).toBe("Page one text.");
  });

  it("marks only the quoted sentences, under the section's heading", () => {
    expect(pageBlocks(chunks, 2, ["Monitor renal values."])).toEqual([
      { kind: "heading", text: "Dosing" },
      { kind: "paragraph", segments: [{ text: "Dose is 0.3 mg/kg. Give it once.", marked: false }] },
      { kind: "paragraph", segments: [{ text: "Monitor renal values.", marked: true }] },
    ]);
  });

  it("puts each 'column: value' of an indexed row under its column, a missing value left empty", () => {
    const text = "Drug | Dose | Route\nDrug: Meloxicam | Route: PO";
    const table = chunk(4, text, { pages: [{ offset: 0, page: 1, label: null }], rows: [{ start: 20, end: 47, header: "Drug | Dose | Route" }] });
    expect(pageBlocks([table], 1, ["Drug: Meloxicam | Route: PO"])).toEqual([
      { kind: "table", header: ["Drug", "Dose", "Route"], rows: [[[{ text: "Meloxicam", marked: true }], [], [{ text: "PO", marked: true }]]] },
    ]);
  });

  it("gives a table's row labels (under an empty corner cell, left out of the indexed header) a column of their own", () => {
    // As the DOCX parser indexes docling's word_sample.docx table.
    const header = "Food | Calories per portion";
    const rows = ["Leaves | Food: Ash, Elm, Maple | Calories per portion: 50", "Berries | Food: Blueberry, Strawberry, Cranberry | Calories per portion: 150"];
    const text = `${header}\n${rows.join("\n")}`;
    const start = header.length + 1;
    const table = chunk(5, text, {
      pages: [{ offset: 0, page: 1, label: null }],
      rows: [
        { start, end: start + rows[0]!.length, header },
        { start: start + rows[0]!.length + 1, end: text.length, header },
      ],
    });
    expect(pageBlocks([table], 1, [rows[1]!])).toEqual([
      {
        kind: "table",
        header: ["", "Food", "Calories per portion"],
        rows: [
          [[{ text: "Leaves", marked: false }], [{ text: "Ash, Elm, Maple", marked: false }], [{ text: "50", marked: false }]],
          [[{ text: "Berries", marked: true }], [{ text: "Blueberry, Strawberry, Cranberry", marked: true }], [{ text: "150", marked: true }]],
        ],
      },
    ]);
  });

  it("shows table rows as a table under their header, a quoted row marked", () => {
    const text = "Drug | Dose\nMeloxicam | 0.1 mg/kg\nRobenacoxib | 1 mg/kg";
    const table = chunk(3, text, {
      pages: [{ offset: 0, page: 1, label: null }],
      rows: [
        { start: 12, end: 33, header: "Drug | Dose" },
        { start: 34, end: 55, header: "Drug | Dose" },
      ],
    });
    expect(pageBlocks([table], 1, ["Robenacoxib | 1 mg/kg"])).toEqual([
      {
        kind: "table",
        header: ["Drug", "Dose"],
        rows: [
          [[{ text: "Meloxicam", marked: false }], [{ text: "0.1 mg/kg", marked: false }]],
          [[{ text: "Robenacoxib", marked: true }], [{ text: "1 mg/kg", marked: true }]],
        ],
      },
    ]);
  });
});
