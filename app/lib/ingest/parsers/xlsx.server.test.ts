import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Block, DocumentError, type ParsedDocument } from "../types";
import { parseXlsx } from "./xlsx.server";
import { FIXTURE_DOCUMENTS } from "../../../../tests/support/fixtures";

const CORPUS = `${FIXTURE_DOCUMENTS}/`;

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

const FOOTNOTES = [
  "(a) Sales between segments are not significant.",
  "(b) Operating profit before other operating income/(expenses).",
  "(c) Included in operating profit.",
  "(d) Composed of services not under the segments' management.",
  "(e) Mainly central laboratory and research costs.",
];

/**
 * A workbook laid out like a company's half-year "analyses by segment" report (the layout of a real
 * one, with clinic figures): a merged bold title, a section heading, a unit line ("In thousands of
 * EUR") above multi-line column names with superscript footnote marks, a total row of formulas
 * with cached results, the same table again for the year before, and merged footnote rows.
 */
async function halfYearReport(): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "clinicfinance";
  const small = { size: 8 };
  const marked = (text: string, mark: string) => ({ richText: [{ text, font: small }, { text: ` ${mark}`, font: { size: 8, vertAlign: "superscript" as const } }] });
  const segments = ["Small animal", "Equine", "Farm animal", "Exotics", "Laboratory", "Pharmacy", "Referrals"];
  const segmentTable = (sheet: ExcelJS.Worksheet, top: number, year: number, figures: number[][]) => {
    sheet.getCell(`A${top}`).value = "In thousands of EUR";
    sheet.getCell(`J${top}`).value = `January–June\n${year}`;
    const names = sheet.getRow(top + 1);
    names.getCell(2).value = marked("Sales", "(a)");
    names.getCell(3).value = marked("Underlying operating profit", "(b)");
    names.getCell(4).value = "Operating\nprofit";
    names.getCell(6).value = marked("Other operating income/(expenses)", "(c)");
    names.getCell(7).value = "of which\nimpairment";
    names.getCell(8).value = "of which\nrestructuring costs";
    names.getCell(10).value = "Depreciation \nand amortization";
    const rows = [...segments, "Other services", "Unallocated items"];
    rows.forEach((segment, i) => {
      const row = sheet.getRow(top + 3 + i);
      row.getCell(1).value = i === rows.length - 2 ? marked(segment, "(d)") : i === rows.length - 1 ? marked(segment, "(e)") : segment;
      [2, 3, 4, 6, 7, 8, 10].forEach((column, k) => (row.getCell(column).value = figures[i]![k]!));
    });
    const total = sheet.getRow(top + 3 + rows.length);
    total.getCell(1).value = "Total";
    total.getCell(1).font = { bold: true, size: 8 };
    [2, 3, 4, 6, 7, 8, 10].forEach((column, k) => {
      const letter = String.fromCharCode(64 + column);
      total.getCell(column).value = { formula: `SUM(${letter}${top + 3}:${letter}${top + 2 + rows.length})`, result: figures.reduce((sum, f) => sum + f[k]!, 0) };
    });
  };
  const first = workbook.addWorksheet("Seg.Rev.and results 30 06 2023");
  first.mergeCells("A1:H1");
  first.getCell("A1").value = "3. Analyses by segment";
  first.getCell("A1").font = { bold: true, size: 12 };
  first.mergeCells("A3:J3");
  first.getCell("A3").value = "3.1 Operating segments";
  first.getCell("A3").font = { bold: true, size: 9 };
  first.getCell("A4").value = "Revenue and results";
  first.getCell("A4").font = { bold: true, size: 9 };
  segmentTable(first, 6, 2023, [
    [12553, 2713, 2632, -81, -29, -44, -337],
    [9467, 1570, 1373, -197, -5, -140, -414],
    [9060, 2068, 1985, -83, -49, -16, -259],
    [6082, 1202, 1101, -101, -4, -21, -192],
    [2548, 422, 418, -4, -2, -2, -83],
    [3318, 432, 372, -60, -11, -31, -152],
    [3128, 678, 672, -6, -9, -1, -135],
    [137, -17, -17, 0, -1, 0, -19],
    [0, -1164, -1185, -21, 0, -7, -131],
  ]);
  segmentTable(first, 21, 2022, [
    [12138, 2284, 1829, -455, -33, -41, -348],
    [9283, 1606, 1494, -112, -85, -14, -411],
    [9335, 2198, 2170, -28, -5, -10, -290],
    [5659, 1196, 1160, -36, -6, -4, -178],
    [2677, 400, 403, 3, 2, -6, -93],
    [3167, 435, 101, -334, -6, -8, -144],
    [3190, 777, 757, -20, -8, 0, -143],
    [131, -5, -3, 2, 0, 0, -20],
    [0, -1208, -1227, -19, -1, -4, -129],
  ]);
  FOOTNOTES.forEach((note, i) => {
    first.mergeCells(`A${35 + i}:J${35 + i}`);
    first.getCell(`A${35 + i}`).value = note;
    first.getCell(`A${35 + i}`).font = { size: 7 };
  });
  for (const name of ["Seg.-Other information 30 06 23", "Species Rev. 30 06 2023", "Species-Other 30 06 23"]) {
    const sheet = workbook.addWorksheet(name);
    sheet.getCell("A1").value = "3. Analyses by segment";
    sheet.addRow([]);
    sheet.addRow(["In thousands of EUR", "January–June 2023", "January–June 2022"]);
    for (const [i, species] of ["Dogs", "Cats", "Horses"].entries()) sheet.addRow([species, 1000 + i, 900 + i]);
  }
  const reconciliation = workbook.addWorksheet("Reconciliation 30 06 2023");
  reconciliation.getCell("A1").value = "3. Analyses by segment";
  reconciliation.mergeCells("A3:C3");
  reconciliation.getCell("A3").value = "3.4 Reconciliation from underlying operating profit to profit before taxes";
  reconciliation.getCell("A3").font = { bold: true, size: 9 };
  reconciliation.getCell("A5").value = "In thousands of EUR";
  reconciliation.getCell("B5").value = "January–June\n2023";
  reconciliation.getCell("C5").value = "January–June\n2022";
  reconciliation.getRow(6).values = [marked("Underlying operating profit", "(a)"), 7904, 7683];
  reconciliation.getRow(7).values = ["Other operating income/(expenses)", -553, -999];
  reconciliation.getRow(8).values = ["Operating profit", { formula: "SUM(B6:B7)", result: 7351 }, { formula: "SUM(C6:C7)", result: 6684 }];
  reconciliation.getRow(9).values = ["Net financial income/(expense)", -697, -434];
  reconciliation.getRow(10).values = ["Profit before taxes", { formula: "SUM(B8:B9)", result: 6654 }, { formula: "SUM(C8:C9)", result: 6250 }];
  reconciliation.getCell("A12").value = "(a) Operating profit before other operating income/(expenses).";
  reconciliation.getCell("A12").font = { size: 7 };
  return save(workbook, "half-year-report.xlsx");
}

describe("XLSX real files", () => {
  it("a half-year report (built like a real one): 5 sheets, merged titles, stacked headers, a second table re-headed, footnotes", async () => {
    const doc = await parseXlsx(await halfYearReport());
    expect(doc.fileType).toBe("xlsx");
    expect(doc.pageCount).toBe(5);
    expect(doc.pages.map((page) => [page.number, page.name])).toEqual([
      [1, "Seg.Rev.and results 30 06 2023"],
      [2, "Seg.-Other information 30 06 23"],
      [3, "Species Rev. 30 06 2023"],
      [4, "Species-Other 30 06 23"],
      [5, "Reconciliation 30 06 2023"],
    ]);
    const first = blocksOf(doc, "Seg.Rev.and results 30 06 2023");
    expect(first.slice(0, 3)).toEqual([
      { kind: "heading", level: 1, text: "3. Analyses by segment" },
      { kind: "heading", level: 1, text: "3.1 Operating segments" },
      { kind: "heading", level: 2, text: "Revenue and results" },
    ]);
    const rows = first.filter((block) => block.kind === "row");
    // 2023 table: header from the unit line and the column names; the formula's cached result.
    expect(rows[0]).toMatchObject({ text: expect.stringMatching(/^In thousands of EUR: Small animal \| Sales \(a\): 12553 \| .*January–June 2023 \/ Depreciation and amortization: -337$/) });
    expect(rows.find((block) => block.text.includes("Total") && block.text.includes("46293"))).toBeDefined();
    // 2022 table further down has its own header: its rows must not be labelled 2023.
    const smallAnimal2022 = rows.find((block) => block.text.includes("Sales (a): 12138"))!;
    expect(smallAnimal2022.text).toContain("January–June 2022 / Depreciation and amortization: -348");
    expect(smallAnimal2022.text).not.toContain("2023");
    expect(first.at(-1)).toEqual({ kind: "paragraph", text: "(e) Mainly central laboratory and research costs." });
    expect(first.filter((block) => block.kind === "paragraph").map((block) => block.text)).toEqual(FOOTNOTES);
    // A footnote row under a table is a note, not a data row.
    expect(blocksOf(doc, "Reconciliation 30 06 2023").at(-1)).toEqual({ kind: "paragraph", text: "(a) Operating profit before other operating income/(expenses)." });
    expect(doc.title).toBe("3. Analyses by segment");
    expect(doc.authors).toEqual(["clinicfinance"]);
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
