import { describe, expect, it } from "vitest";
import { documentTitle, plausibleHeading, TITLE_MAX_CHARS, titleFromFilename, usableTitle } from "./title";
import type { Block, ParsedPage } from "./types";

const page = (number: number, ...blocks: Block[]): ParsedPage => ({ number, blocks });
const heading = (text: string, level = 1): Block => ({ kind: "heading", text, level });
const paragraph = (text: string): Block => ({ kind: "paragraph", text });

describe("usableTitle", () => {
  it.each([
    "about:blank",
    "Microsoft Word - x.doc",
    "Microsoft PowerPoint - deck.pptx",
    "untitled",
    "Untitled document",
    "Untitled-1",
    "C:\\foo\\bar.pdf",
    "C:\\Users\\vet\\Documents",
    "/tmp/x.docx",
    "\\\\server\\share\\handbook",
    "report_final_v2.pdf",
    "Feline Medicine.docx",
    "",
    "   \n\t ",
    "12345",
    "3.2.1",
    "--- * ---",
    "Document1",
    "Presentation2",
    "Sheet1",
  ])("refuses %j", (title) => {
    expect(usableTitle(title)).toBeNull();
  });

  it("keeps a real title with its own capitalisation, spaces collapsed and table cells joined", () => {
    expect(usableTitle("  Salmonella in   Italy and the EU ")).toBe("Salmonella in Italy and the EU");
    expect(usableTitle("Eliquis | INN-apixaban")).toBe("Eliquis INN-apixaban");
    expect(usableTitle("HIV/AIDS in Cats")).toBe("HIV/AIDS in Cats");
    expect(usableTitle("GAO-23-106826, Cybersecurity")).toBe("GAO-23-106826, Cybersecurity");
  });

  it("cuts a very long title at a word boundary", () => {
    const long = "Dosage ".repeat(60).trim();
    const title = usableTitle(long)!;
    expect(title.length).toBeLessThanOrEqual(TITLE_MAX_CHARS);
    expect(title.endsWith("Dosage…")).toBe(true);
  });
});

describe("plausibleHeading", () => {
  it.each(["CHAPTER 1 – INTRODUCTION", "Chapter IV", "Table of Contents", "Contents", "Introduction", "3. Analyses by segment", "2.1 Methods", "A. PURPOSE", "Page 12"])(
    "refuses the section heading %j",
    (text) => {
      expect(plausibleHeading(text)).toBeNull();
    },
  );

  it("accepts a heading that names the document, numbers that are not section numbers included", () => {
    expect(plausibleHeading("Understanding Breast Cancer")).toBe("Understanding Breast Cancer");
    expect(plausibleHeading("5 Minute Veterinary Consult")).toBe("5 Minute Veterinary Consult");
    expect(plausibleHeading("Introduction to Veterinary Pharmacology")).toBe("Introduction to Veterinary Pharmacology");
  });
});

describe("titleFromFilename", () => {
  it("drops the extension and turns underscores (and a slug's hyphens) into spaces", () => {
    expect(titleFromFilename("war-and-peace_gutenberg.txt")).toBe("war and peace gutenberg");
    expect(titleFromFilename("Feline_Medicine__3rd_ed.pdf")).toBe("Feline Medicine 3rd ed");
    expect(titleFromFilename("Smith-Jones notes.docx")).toBe("Smith-Jones notes");
    expect(titleFromFilename("C:\\scans\\Huck Finn p22.pdf")).toBe("Huck Finn p22");
  });
});

describe("documentTitle", () => {
  it("keeps a usable title from the parser", () => {
    expect(documentTitle({ title: "Small Animal Formulary", pages: [page(1, heading("Other"))] }, "x.pdf")).toBe("Small Animal Formulary");
  });

  it("replaces a useless metadata title with the first heading, as the document capitalises it", () => {
    const pages = [page(1, paragraph("Published by the Ministry")), page(2, heading("Salmonella Surveillance in Italy"), heading("Methods", 2))];
    for (const junk of ["about:blank", "Microsoft Word - x.doc", "untitled", "C:\\foo\\bar.pdf", "/tmp/x.docx", "bar.pdf", "  ", "2009-223", null]) {
      expect(documentTitle({ title: junk, pages }, "efsa_report.pdf")).toBe("Salmonella Surveillance in Italy");
    }
  });

  it("falls back to the file name when the first heading names a section, or there is none", () => {
    const numbered = [page(1, heading("3. INFORMATION ON SPECIFIC ZOONOSES")), page(2, heading("Salmonella Outbreaks"))];
    expect(documentTitle({ title: null, pages: numbered }, "efsa-zoonoses-salmonella_eu-016.pdf")).toBe("efsa zoonoses salmonella eu 016");
    expect(documentTitle({ title: "CHAPTER 1 – INTRODUCTION", pages: [page(1, heading("CHAPTER 1 – INTRODUCTION"))] }, "doj_handbook.docx")).toBe("doj handbook");
    expect(documentTitle({ title: "untitled", pages: [page(1, paragraph("Just text."))] }, "virulence-genes-APEC.xlsx")).toBe("virulence genes APEC");
    expect(documentTitle({ title: null, pages: [] }, "notes.txt")).toBe("notes");
  });

  it("looks for the first heading only near the start", () => {
    const late = [page(1, paragraph("a")), page(2, paragraph("b")), page(3, paragraph("c")), page(4, heading("Some Chapter Name"))];
    expect(documentTitle({ title: null, pages: late }, "my_book.pdf")).toBe("my book");
  });
});
