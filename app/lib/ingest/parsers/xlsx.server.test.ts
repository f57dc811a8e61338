import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Block, DocumentError, type ParsedDocument } from "../types";
import { parseXlsx } from "./xlsx.server";

const CORPUS = fileURLToPath(new URL("../../../../../shared/corpora/documents/", import.meta.url));

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "xlsx-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function blocksOf(doc: ParsedDocument, name: string): Block[] {
  return doc.pages.find((page) => page.name === name)?.blocks ?? [];
}

async function save(workbook: ExcelJS.Workbook, name: string): Promise<string> {
  const file = path.join(dir, name);
  await workbook.xlsx.writeFile(file);
  return file;
}

describe("XLSX real files", () => {
  it("half-year-analyses-by-segment-2023.xlsx: 5 sheets, merged titles, stacked headers, a second table re-headed, footnotes", async () => {
    const doc = await parseXlsx(`${CORPUS}half-year-analyses-by-segment-2023.xlsx`);
    expect(doc.fileType).toBe("xlsx");
    expect(doc.pageCount).toBe(5);
    expect(doc.pages.map((page) => [page.number, page.name])).toEqual([
      [1, "OS-Rev.and results 30 06 2023"],
      [2, "OS-Other information 30 06 2023"],
      [3, "Prod.Rev.and results 30 06 2023"],
      [4, "Prod.-Other inform. 30 06 23"],
      [5, "Reconciliation 30 06 2023"],
    ]);
    const first = blocksOf(doc, "OS-Rev.and results 30 06 2023");
    expect(first.slice(0, 3)).toEqual([
      { kind: "heading", level: 1, text: "3. Analyses by segment" },
      { kind: "heading", level: 1, text: "3.1 Operating segments" },
      { kind: "heading", level: 2, text: "Revenue and results" },
    ]);
    const rows = first.filter((block) => block.kind === "row");
    // 2023 table: header from the unit line and the column names; the formula's cached result.
    expect(rows[0]).toMatchObject({ text: expect.stringMatching(/^In millions of CHF: Zone NA \| Sales \(a\): 12553 \| .*January–June 2023 \/ Depreciation and amortization: -337$/) });
    expect(rows.find((block) => block.text.includes("Total") && block.text.includes("46293"))).toBeDefined();
    // 2022 table further down has its own header: its rows must not be labelled 2023.
    const zoneNa2022 = rows.find((block) => block.text.includes("Sales (a): 12138"))!;
    expect(zoneNa2022.text).toContain("January–June 2022 / Depreciation and amortization: -348");
    expect(zoneNa2022.text).not.toContain("2023");
    expect(first.at(-1)).toEqual({ kind: "paragraph", text: "(e) Mainly corporate expenses as well as research and development costs." });
    // A footnote row under a table is a note, not a data row.
    expect(blocksOf(doc, "Reconciliation 30 06 2023").at(-1)).toEqual({ kind: "paragraph", text: "(a) Trading operating profit before Net other trading income/(expenses)." });
    expect(doc.title).toBe("3. Analyses by segment");
    expect(doc.authors).toEqual(["ibays"]);
  });

  it("virulence-genes-APEC.xlsx: 3 sheets of text tables", async () => {
    const doc = await parseXlsx(`${CORPUS}virulence-genes-APEC.xlsx`);
    expect(doc.pageCount).toBe(3);
    expect(doc.pages.map((page) => page.name)).toEqual(["APEC_Virulence_genes", "Ark3", "ColV_genes"]);
    const genes = blocksOf(doc, "APEC_Virulence_genes");
    expect(genes).toHaveLength(11);
    expect(genes[0]).toEqual({ kind: "row", header: "Gene_name | Location | Name_plasmid | VirulenceFinder", text: "Gene_name: iutA | Location: plasmid | Name_plasmid: ColV" });
    expect(blocksOf(doc, "Ark3")).toEqual([{ kind: "row", text: "iutA | iss | papC | iucC | tsh | irp2 | ompT | hlyF | iroN | astA | cvaC" }]);
    expect(blocksOf(doc, "ColV_genes")).toContainEqual({ kind: "row", header: "Gene_name | Present_in_VirulenceFinder", text: "Gene_name: iroN | Present_in_VirulenceFinder: x" });
  });
});

describe("XLSX built here", () => {
  it("drops hidden sheets, rows, columns and ;;;-formatted cells, keeping sheet numbers in tab order", async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.creator = "A. Vet; B. Vet";
    workbook.title = "Clinic formulary";
    const doses = workbook.addWorksheet("Doses");
    doses.mergeCells("A1:C1");
    doses.getCell("A1").value = "Canine analgesics";
    doses.addRow([]);
    doses.addRow(["Drug", "Dose (mg/kg)", "Route", "Internal"]);
    doses.addRow(["Meloxicam", 0.1, "PO", "hidden column value"]);
    const secret = doses.addRow(["Secret drug", 99, "IV"]);
    secret.hidden = true;
    doses.addRow(["Robenacoxib", { formula: "B4*10", result: 1 }, { richText: [{ text: "P" }, { text: "O" }] }]);
    const invisible = doses.addRow(["Gabapentin", 10, "invisible"]);
    invisible.getCell(3).numFmt = ";;;";
    doses.getColumn(4).hidden = true;
    workbook.addWorksheet("Hidden", { state: "hidden" }).addRow(["secret sheet", 1]);
    workbook.addWorksheet("Very", { state: "veryHidden" }).addRow(["very secret", 2]);
    workbook.addWorksheet("Notes").addRow(["Store below 25 °C."]);
    const doc = await parseXlsx(await save(workbook, "hidden.xlsx"));
    expect(doc.pageCount).toBe(4);
    expect(doc.pages.map((page) => [page.number, page.name])).toEqual([
      [1, "Doses"],
      [4, "Notes"],
    ]);
    expect(blocksOf(doc, "Doses")).toEqual([
      { kind: "heading", level: 1, text: "Canine analgesics" },
      { kind: "row", header: "Drug | Dose (mg/kg) | Route", text: "Drug: Meloxicam | Dose (mg/kg): 0.1 | Route: PO" },
      { kind: "row", header: "Drug | Dose (mg/kg) | Route", text: "Drug: Robenacoxib | Dose (mg/kg): 1 | Route: PO" },
      { kind: "row", header: "Drug | Dose (mg/kg) | Route", text: "Drug: Gabapentin | Dose (mg/kg): 10" },
    ]);
    const text = JSON.stringify(doc.pages);
    for (const hidden of ["Secret drug", "secret sheet", "very secret", "hidden column value", "invisible"]) expect(text).not.toContain(hidden);
    expect(doc.notes).toEqual([
      "Dropped 2 hidden sheet(s): Hidden, Very",
      "Dropped 1 hidden row(s)",
      "Dropped 2 value(s) in hidden columns",
      "Dropped 1 value(s) hidden by their number format",
    ]);
    expect(doc.title).toBe("Clinic formulary");
    expect(doc.authors).toEqual(["A. Vet", "B. Vet"]);
  });

  it("shows dates as ISO dates, percentages as shown, hyperlinks by text, errors by code; repeats vertical merges", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Cases");
    sheet.addRow(["Species", "Seen", "Response", "Reference", "Check"]);
    sheet.addRow(["Cat", new Date(Date.UTC(2024, 2, 5)), 0.25, { text: "Plumb's", hyperlink: "https://example.org" }, { error: "#N/A" }]);
    sheet.addRow([null, new Date(Date.UTC(2024, 2, 6, 14, 30)), 0.5, "", ""]);
    sheet.mergeCells("A2:A3");
    sheet.getCell("C2").numFmt = "0%";
    sheet.getCell("C3").numFmt = "0%";
    const doc = await parseXlsx(await save(workbook, "values.xlsx"));
    expect(doc.pages[0]!.blocks.map((block) => block.text)).toEqual([
      "Species: Cat | Seen: 2024-03-05 | Response: 25% | Reference: Plumb's | Check: #N/A",
      "Species: Cat | Seen: 2024-03-06 14:30 | Response: 50%",
    ]);
  });

  it("refuses an empty file and a workbook with nothing visible", async () => {
    const empty = path.join(dir, "empty.xlsx");
    await writeFile(empty, "");
    await expect(parseXlsx(empty)).rejects.toThrow(new DocumentError("The file is empty"));
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet("Blank");
    await expect(parseXlsx(await save(workbook, "blank.xlsx"))).rejects.toThrow("The workbook contains no visible data");
  });
});
