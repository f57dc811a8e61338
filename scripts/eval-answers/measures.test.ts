import { describe, expect, it } from "vitest";
import { REFUSAL, type Citation } from "../../app/lib/answer/index.server";
import { checkMarkers, citationPages, citesGold, isRefusal, plainText, readerPick, stemOnly, wordCount } from "./measures";

const NOTE = "_Quoted from the knowledge base: no language model is configured to summarise these passages._";
const cite = (page: string | number): Citation => ({ document: "KB", page, documentId: "kb", physicalPage: Number(String(page).split("-")[0]) });
const PAGES: Record<number, string> = {
  1: "Dogs get 5 mg/kg once daily.  Cats   are   different [24].",
  2: "Horses are given 2 mg/kg. Ponies need less.",
};
const pageText = (id: string, page: number) => (id === "kb" ? PAGES[page] : undefined);

describe("isRefusal", () => {
  it("is the exact sentence, after an optional note line, with or without a line on what is covered", () => {
    expect(isRefusal(REFUSAL)).toBe(true);
    expect(isRefusal(`_PubMed could not be searched (timeout)._\n\n${REFUSAL}`)).toBe(true);
    expect(isRefusal(`${REFUSAL} The knowledge base gives this for dogs [1], not for cats.`)).toBe(true);
    expect(isRefusal(`Dogs get 5 mg/kg once daily. [1]\n\n${REFUSAL}`)).toBe(false);
    expect(isRefusal("I cannot find it.")).toBe(false);
  });
});

describe("citations", () => {
  it("names the pages of a page or a range", () => {
    expect(citationPages(cite(12))).toEqual([12]);
    expect(citationPages(cite("12-13"))).toEqual([12, 13]);
    expect(citationPages(cite("32-34"))).toEqual([32, 33, 34]);
    expect(citesGold(cite("32-34"), [{ documentId: "kb", page: 33 }])).toBe(true);
    expect(citesGold(cite("32-34"), [{ documentId: "other", page: 33 }])).toBe(false);
    expect(citesGold(undefined, [{ documentId: "kb", page: 33 }])).toBe(false);
  });

  it("checks the sentence each marker follows against the pages its citation names", () => {
    const content = [
      "Dogs get 5 mg/kg once daily. [1]",
      "- Cats are different \\[24\\]. [2]",
      "- Horses are given 2 mg/kg. [1][2]",
      "Ponies receive a smaller amount than horses [1]. Ponies need less [3].",
      "",
      NOTE,
    ].join("\n");
    const checks = checkMarkers(content, [cite(1), cite("1-2"), cite(2)], pageText);
    expect(checks.map((c) => [c.marker, c.found, c.onFirstPage])).toEqual([
      [1, "verbatim", true],
      [2, "verbatim", true],
      [1, null, false],
      [2, "verbatim", false],
      [1, null, false],
      [3, "verbatim", true],
    ]);
    expect(checks[1]!.sentence).toBe("Cats are different [24].");
  });

  it("counts a reworded sentence when most of its content words are on a cited page", () => {
    const [check] = checkMarkers("Dogs are given 5 mg/kg daily [1].", [cite(1)], pageText);
    expect(check!.found).toBe("tokens");
  });

  it("reads a word the page breaks with a soft hyphen as the one word the quote joins", () => {
    const brokenPage = (_id: string, _page: number) => "Laryngeal sensation is also abnor\u00ad mal. This syndrome has been labeled GOLPP.";
    const [check] = checkMarkers("Laryngeal sensation is also abnormal. [1]", [cite(1)], brokenPage);
    expect(check!.found).toBe("verbatim");
  });

  it("reads a page's LaTeX Greek letters as the quote renders them", () => {
    const latexPage = (_id: string, _page: number) => "Three subtypes, chIFN- $\\alpha$ , chIFN- $\\beta$ and chIFN- $\\kappa$ , are known in chickens.";
    const [check] = checkMarkers("Three subtypes, chIFN-α, chIFN-β and chIFN-κ, are known in chickens. [1]", [cite(1)], latexPage);
    expect(check!.found).toBe("tokens");
    const [other] = checkMarkers("Three subtypes, chIFN-γ, chIFN-δ and chIFN-ε, are known in chickens. [1]", [cite(1)], latexPage);
    expect(other!.found).toBe(null);
  });
});

describe("answer text", () => {
  it("leaves out notes, markers and markdown", () => {
    const content = `Dogs get **5** mg/kg. [1]\n\n**Also in the cited passages:**\n- Cats \\[24\\]. [2]\n\n${NOTE}`;
    expect(plainText(content)).toBe("Dogs get 5 mg/kg.\n\nAlso in the cited passages:\nCats [24].");
    expect(wordCount(content)).toBe(11);
  });
});

describe("readerPick", () => {
  const options = { A: "a dose of 5 mg/kg in dogs", B: "a dose of 2 mg/kg in dogs", C: "no dose in dogs", D: "a dose of 9 mg/kg in dogs" };
  it("picks the option whose distinctive words the answer covers best", () => {
    expect(readerPick("Dogs get 5 mg/kg.", options, "A")).toBe(1);
    expect(readerPick("Dogs get 5 mg/kg.", options, "B")).toBe(0);
  });
  it("splits ties and gives nothing when no option's words are there", () => {
    expect(readerPick("Dogs get 5 or 2 mg/kg.", options, "A")).toBe(0.5);
    expect(readerPick("Horses.", options, "A")).toBe(0);
  });
});

describe("stemOnly", () => {
  const options = { A: "Sertoli cells", B: "Leydig cells", C: "Germ cells", D: "Myoid cells" };
  it("removes options written into the question", () => {
    expect(stemOnly("Which cells form the barrier?\nA. Sertoli cells\nB. Leydig cells", options)).toBe("Which cells form the barrier?");
    expect(stemOnly("Which cells form the barrier?", options)).toBe("Which cells form the barrier?");
  });
});
