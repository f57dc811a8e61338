import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DocumentError } from "../types";
import { gridTableBlocks, headerText, parseCsv, parseCsvContent, rowBlock, sniffDelimiter, tableRowText } from "./csv.server";
import { FIXTURE_DOCUMENTS } from "../../../../tests/support/fixtures";

const CORPUS = `${FIXTURE_DOCUMENTS}/`;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "csv-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("table rows (shared by CSV, XLSX, DOCX, PPTX)", () => {
  it("writes 'column: value' pairs, leaves out empty values and labels blank columns by value alone", () => {
    expect(tableRowText(["Drug", "Dose", "", "Route"], ["Meloxicam", " 0.1  mg/kg ", "note", ""])).toBe("Drug: Meloxicam | Dose: 0.1 mg/kg | note");
    expect(headerText(["Drug", "Dose", "Dose", "", "Route"])).toBe("Drug | Dose | Route");
    expect(rowBlock(["A", "B"], ["", " "])).toBeNull();
    expect(rowBlock(null, ["x", "y"])).toEqual({ kind: "row", text: "x | y" });
  });

  it("lays out merged grids: a merged header names every column it spans, a vertical merge repeats its value", () => {
    const blocks = gridTableBlocks(
      [
        [
          { text: "Species", gridStart: 0, span: 1, continuesAbove: false },
          { text: "Dose", gridStart: 1, span: 2, continuesAbove: false },
        ],
        [
          { text: "", gridStart: 0, span: 1, continuesAbove: true },
          { text: "mg/kg", gridStart: 1, span: 1, continuesAbove: false },
          { text: "route", gridStart: 2, span: 1, continuesAbove: false },
        ],
        [
          { text: "Dog", gridStart: 0, span: 1, continuesAbove: false },
          { text: "0.2", gridStart: 1, span: 1, continuesAbove: false },
          { text: "PO", gridStart: 2, span: 1, continuesAbove: false },
        ],
        [
          { text: "", gridStart: 0, span: 1, continuesAbove: true },
          { text: "0.1", gridStart: 1, span: 1, continuesAbove: false },
          { text: "SC", gridStart: 2, span: 1, continuesAbove: false },
        ],
      ],
      2,
    );
    expect(blocks).toEqual([
      { kind: "row", header: "Species | Dose / mg/kg | Dose / route", text: "Species: Dog | Dose / mg/kg: 0.2 | Dose / route: PO" },
      { kind: "row", header: "Species | Dose / mg/kg | Dose / route", text: "Species: Dog | Dose / mg/kg: 0.1 | Dose / route: SC" },
    ]);
  });
});

describe("CSV delimiter sniffing", () => {
  it("finds comma, semicolon and tab, ignoring delimiters inside quotes", () => {
    expect(sniffDelimiter("a,b,c\n1,2,3\n4,5,6")).toBe(",");
    expect(sniffDelimiter('name;note\n"Smith, J";"a, b, c"\nLee;x')).toBe(";");
    expect(sniffDelimiter("a\tb\n1\t2,5\n3\t4,5")).toBe("\t");
    expect(sniffDelimiter("just one column\nof values\nhere")).toBeNull();
  });
});

describe("CSV parsing", () => {
  it("vet-amr-isolates-metadata.csv: 980 records (990 lines; some quoted values span lines) in 10 pages of 100 rows", async () => {
    const doc = await parseCsv(`${CORPUS}vet-amr-isolates-metadata.csv`);
    expect(doc.fileType).toBe("csv");
    expect(doc.pageCount).toBe(10);
    expect(doc.pages.map((page) => page.blocks.length)).toEqual([100, 100, 100, 100, 100, 100, 100, 100, 100, 80]);
    const header = "sample_id | host_animal_species | host_animal_common | specimen_source_tissue | final_diagnosis | animal_infection_site_uti";
    expect(doc.pages[0]!.blocks[0]).toEqual({
      kind: "row",
      header,
      text: "sample_id: e87003f65a020ebb3c47265141b6b683 | host_animal_species: Felis catus | host_animal_common: cat | specimen_source_tissue: bile | final_diagnosis: cholangitis | animal_infection_site_uti: Not UTI/urine/urinary tract",
    });
    // A quoted value holding a line break stays one value of one row.
    expect(doc.pages[0]!.blocks.find((block) => block.text.includes("b7c6e081689c49ce4a5941b52a9338d0"))?.text).toContain("final_diagnosis: mild enteritis--coccidia detected | animal_infection_site_uti");
    expect(doc.notes).toEqual(["A CSV has no pages: 980 rows are cited as 10 pages of 100 rows"]);
  });

  it("reads semicolon CSV in windows-1252 and UTF-16 with BOM", async () => {
    const latin = path.join(dir, "latin.csv");
    await writeFile(latin, Buffer.from("Dyr;Dose\nKatt;0,05 mg/kg \x96 oral\n", "latin1"));
    const doc = await parseCsv(latin);
    expect(doc.pages[0]!.blocks).toEqual([{ kind: "row", header: "Dyr | Dose", text: "Dyr: Katt | Dose: 0,05 mg/kg – oral" }]);
    expect(doc.notes).toContain("Read as windows-1252 text");
    const utf16 = path.join(dir, "utf16.csv");
    await writeFile(utf16, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("Art\tDosis\nHund\t5 µg\n", "utf16le")]));
    expect((await parseCsv(utf16)).pages[0]!.blocks).toEqual([{ kind: "row", header: "Art | Dosis", text: "Art: Hund | Dosis: 5 µg" }]);
  });

  it("survives malformed quotes, ragged rows and blank header cells", () => {
    const stray = parseCsvContent('drug,note\nmeloxicam,say "hi" now\nrobenacoxib,ok\n');
    expect(stray.pages[0]!.blocks.map((block) => block.text)).toEqual(['drug: meloxicam | note: say "hi" now', "drug: robenacoxib | note: ok"]);
    const unclosed = parseCsvContent('drug,note\nmeloxicam,"never closed\nrobenacoxib,ok\n');
    expect(unclosed.pages[0]!.blocks.map((block) => block.text)).toEqual(['drug: meloxicam | note: "never closed', "drug: robenacoxib | note: ok"]);
    expect(unclosed.notes[0]).toMatch(/malformed quoting .* read with quotes as ordinary characters/);
    const ragged = parseCsvContent("a,,c\n1,2,3,4\n5\n");
    expect(ragged.pages[0]!.blocks.map((block) => block.text)).toEqual(["a: 1 | Column 2: 2 | c: 3 | 4", "a: 5"]);
  });

  it("keeps a header-only file findable and refuses empty files", async () => {
    expect(parseCsvContent("drug,dose\n").pages[0]!.blocks).toEqual([{ kind: "row", text: "drug | dose" }]);
    expect(() => parseCsvContent("\n\n,,\n")).toThrow("The file contains no rows");
    const empty = path.join(dir, "empty.csv");
    await writeFile(empty, "");
    await expect(parseCsv(empty)).rejects.toThrow(new DocumentError("The file is empty"));
  });
});
