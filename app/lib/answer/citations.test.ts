import { describe, expect, it } from "vitest";
import { citationLabel, displayPage, finalizeCitations, narrowToSentence, PageNumbering, sourceUrl, toCitation } from "./citations";
import type { NumberedPassage } from "./types";

const passage = (number: number, over: Partial<NumberedPassage> = {}): NumberedPassage => ({
  number,
  chunkId: 100 + number,
  documentId: `doc-${number}`,
  title: `Book ${number}`,
  pages: [number * 10],
  pageLabel: null,
  heading: null,
  text: "",
  fileType: "pdf",
  ...over,
});

describe("finalizeCitations", () => {
  const passages = [passage(1), passage(2), passage(3)];

  it("removes markers that point to no passage and renumbers the rest in order of first use", () => {
    const { content, cited } = finalizeCitations("Dose is 0.1 mg/kg [3]. Loading dose 0.2 mg/kg [7]. Renal checks [1][3].", passages);
    expect(content).toBe("Dose is 0.1 mg/kg [1]. Loading dose 0.2 mg/kg. Renal checks [2][1].");
    expect(cited.map((p) => [p.number, p.documentId])).toEqual([
      [1, "doc-3"],
      [2, "doc-1"],
    ]);
  });

  it("reads lists and ranges, drops the invalid members, and never cites a passage twice", () => {
    const { content, cited } = finalizeCitations("A [1, 2, 9]. B [2-3]. C [0].", passages);
    expect(content).toBe("A [1][2]. B [2][3]. C.");
    expect(cited.map((p) => p.documentId)).toEqual(["doc-1", "doc-2", "doc-3"]);
  });

  it("leaves links, escaped brackets and code alone", () => {
    const text = "See [1](https://example.org) and \\[2\\] and `arr[2]` and [2].";
    const { content, cited } = finalizeCitations(text, passages);
    expect(content).toBe("See [1](https://example.org) and \\[2\\] and `arr[2]` and [1].");
    expect(cited.map((p) => p.documentId)).toEqual(["doc-2"]);
  });

  it("gives two passages of the same page one number and one source", () => {
    const samePage = [passage(1, { documentId: "book", pages: [5] }), passage(2, { documentId: "book", pages: [5], chunkId: 999 })];
    const { content, cited } = finalizeCitations("X [1]. Y [2]. Z [1][2].", samePage);
    expect(content).toBe("X [1]. Y [1]. Z [1].");
    expect(cited).toHaveLength(1);
  });

  it("cites nothing when the text has no valid marker", () => {
    expect(finalizeCitations("No sources here [42].", passages)).toEqual({ content: "No sources here.", cited: [] });
  });
});

describe("what a citation shows and opens", () => {
  it("shows the printed label when the book has one, else the physical page or range", () => {
    expect(displayPage({ pages: [12], pageLabel: "245" })).toBe("245");
    expect(displayPage({ pages: [12], pageLabel: null })).toBe(12);
    expect(displayPage({ pages: [12, 13], pageLabel: null })).toBe("12-13");
  });

  it("opens every format in the viewer at its physical page, with the quoted sentences to highlight", () => {
    expect(sourceUrl({ documentId: "a b", pages: [12, 13], fileType: "pdf" })).toBe("/documents/a%20b/view?page=12");
    expect(sourceUrl({ documentId: "d", pages: [3], fileType: "docx", quotes: ["Give 0.3 mg/kg once."] })).toBe("/documents/d/view?page=3&q=Give+0.3+mg%2Fkg+once.");
    expect(sourceUrl({ documentId: "pubmed:42", pages: [], fileType: "pubmed" })).toBe("https://pubmed.ncbi.nlm.nih.gov/42/");
  });

  it("labels a source '[document, pg. page]'", () => {
    const c = toCitation(passage(1, { title: "Small Animal Formulary", pages: [12], pageLabel: "245" }));
    expect(c).toMatchObject({ document: "Small Animal Formulary", page: "245", physicalPage: 12, documentId: "doc-1" });
    expect(citationLabel(c)).toBe("[Small Animal Formulary, pg. 245]");
  });
});

describe("citing the page a quoted sentence is printed on", () => {
  // A chunk on physical pages 12-14: page 13 starts at offset 40, page 14 at offset 90.
  const chunk = (labels: [string | null, string | null, string | null]) => ({
    ...passage(1, { title: "Feline Medicine", pages: [12, 13, 14], pageLabel: labels[0] }),
    layout: {
      pages: [
        { offset: 0, page: 12, label: labels[0] },
        { offset: 40, page: 13, label: labels[1] },
        { offset: 90, page: 14, label: labels[2] },
      ],
      rows: [],
    },
  });

  it("cites one page, or the two pages of a sentence across a page break, not the chunk's range", () => {
    const p = chunk([null, null, null]);
    expect(toCitation(p).page).toBe("12-14");
    const onThirteen = toCitation(narrowToSentence(p, { pages: [13], pageLabel: null }));
    expect(onThirteen).toMatchObject({ page: 13, physicalPage: 13, url: "/documents/doc-1/view?page=13", chunkId: 101 });
    expect(citationLabel(onThirteen)).toBe("[Feline Medicine, pg. 13]");
    const across = toCitation(narrowToSentence(p, { pages: [12, 13], pageLabel: null }));
    expect(across).toMatchObject({ page: "12-13", physicalPage: 12, url: "/documents/doc-1/view?page=12" });
    expect(citationLabel(across)).toBe("[Feline Medicine, pg. 12-13]");
  });

  it("shows the printed label of the sentence's page, or both labels when it goes on to a page with another one", () => {
    const p = chunk(["245", "246", "246"]);
    expect(toCitation(narrowToSentence(p, { pages: [13], pageLabel: "246" }))).toMatchObject({ page: "246", physicalPage: 13 });
    expect(toCitation(narrowToSentence(p, { pages: [12, 13], pageLabel: "245" }))).toMatchObject({ page: "245-246", physicalPage: 12 });
    // Two physical pages printed with one label (a plate and its page) read as that label.
    expect(toCitation(narrowToSentence(p, { pages: [13, 14], pageLabel: "246" }))).toMatchObject({ page: "246", physicalPage: 13 });
  });

  it("opens other formats at the sentence's page, and leaves a passage without pages as it is", () => {
    const docx = { ...chunk([null, null, null]), fileType: "docx" };
    expect(sourceUrl(narrowToSentence(docx, { pages: [14], pageLabel: null, raw: "Twice daily." }))).toBe("/documents/doc-1/view?page=14&q=Twice+daily.");
    const pubmed = passage(2, { documentId: "pubmed:123", fileType: "pubmed", pages: [], pageLabel: "PMID 123" });
    expect(narrowToSentence(pubmed, { pages: [], pageLabel: "PMID 123" })).toBe(pubmed);
  });

  it("gives sentences of one chunk on different pages their own sources", () => {
    const p = chunk([null, null, null]);
    const a = { ...narrowToSentence(p, { pages: [12], pageLabel: null }), number: 1 };
    const b = { ...narrowToSentence(p, { pages: [13], pageLabel: null }), number: 2 };
    const c = { ...narrowToSentence(p, { pages: [12], pageLabel: null }), number: 3 };
    const { content, cited } = finalizeCitations("Dose [1]. Interval [2]. Route [3].", [a, b, c]);
    expect(content).toBe("Dose [1]. Interval [2]. Route [1].");
    expect(cited.map((x) => toCitation(x).page)).toEqual([12, 13]);
  });

  it("opens a page at every sentence quoted from it, whichever passage or numbering brought it", () => {
    const p = chunk([null, null, null]);
    const numbering = new PageNumbering();
    const one = numbering.numberOf({ ...p, number: 1 }, { pages: [12], pageLabel: null, raw: "Dose is 0.3 mg/kg." });
    const again = numbering.numberOf({ ...p, number: 1 }, { pages: [12], pageLabel: null, raw: "Give it once." });
    expect(again).toBe(one);
    // Another passage (an overlapping chunk) quoted on the same page is the same source to the reader.
    const other = { ...narrowToSentence({ ...p, chunkId: 102 }, { pages: [12], pageLabel: null, raw: "Not in dehydrated cats." }), number: 2 };
    const { cited } = finalizeCitations("A [1]. B [2].", [...numbering.cited, other]);
    expect(cited).toHaveLength(1);
    const url = new URL(toCitation(cited[0]!).url!, "http://x");
    expect(url.pathname).toBe("/documents/doc-1/view");
    expect(url.searchParams.get("page")).toBe("12");
    expect(url.searchParams.getAll("q")).toEqual(["Dose is 0.3 mg/kg.", "Give it once.", "Not in dehydrated cats."]);
  });
});
