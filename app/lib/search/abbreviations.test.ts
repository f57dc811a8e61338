import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { fixtureEutils } from "../../../tests/support/fixtures";
import { findAbbreviations, mayDefineAnyOf } from "./abbreviations";

const abstractText = (name: string) => fs.readFileSync(fixtureEutils(name), "utf8").replace(/<[^>]*>/g, " ");

describe("abbreviations a text defines (Schwartz and Hearst)", () => {
  it("finds the long form before a parenthesised short form, in real PubMed abstracts", () => {
    expect(findAbbreviations(abstractText("biopython_pubmed6.xml"))).toEqual(
      expect.arrayContaining([
        { short: "MLSS", long: "Maximal Lactate Steady State" },
        { short: "LT", long: "Lactate Threshold" },
      ]),
    );
    expect(findAbbreviations(abstractText("biopython_pubmed5.xml"))).toEqual(
      expect.arrayContaining([
        { short: "TSH", long: "Thyroid-stimulating hormone" },
        { short: "anti-TPO", long: "antithyroid peroxidase" },
      ]),
    );
    expect(findAbbreviations(abstractText("biopython_pubmed4.xml"))).toContainEqual({ short: "TERT", long: "telomerase reverse transcriptase" });
  });

  it("takes the shortest long form whose words hold the short form's letters in order", () => {
    expect(findAbbreviations("Cats with feline infectious peritonitis (FIP) develop effusions.")).toEqual([{ short: "FIP", long: "feline infectious peritonitis" }]);
    expect(findAbbreviations("Outbreaks of African swine fever virus (ASFV) in wild boar.")).toEqual([{ short: "ASFV", long: "African swine fever virus" }]);
    expect(findAbbreviations("Peste des petits ruminants virus (PPRV) infects goats.")).toEqual([{ short: "PPRV", long: "Peste des petits ruminants virus" }]);
  });

  it("finds the reverse form, a short form before its spelled-out name", () => {
    expect(findAbbreviations("Vaccination against FeLV (feline leukemia virus) is advised.")).toEqual([{ short: "FeLV", long: "feline leukemia virus" }]);
  });

  it("ignores parentheses that are not definitions", () => {
    for (const text of [
      "Twelve dogs were enrolled (n = 12) and followed.",
      "Lesions were multifocal (Figure 3) and mild.",
      "Mortality was higher (p < 0.05) in calves.",
      "The dose was 0.2 mg/kg (mg/kg body weight) daily.",
      "Cats were treated (see Table 2) twice.",
      "As described previously (Smith et al. 2019) the assay works.",
      "Signs resolved (in most cases) within a week.",
      "It binds I$\\kappa$B kinase (IKK) in cells.",
    ]) {
      expect(findAbbreviations(text), text).toEqual([]);
    }
  });

  it("keeps repeats, which count how often a definition is given", () => {
    const text = "Feline infectious peritonitis (FIP) is fatal. Later, feline infectious peritonitis (FIP) was confirmed.";
    expect(findAbbreviations(text)).toHaveLength(2);
  });
});

describe("mayDefineAnyOf", () => {
  const texts = [
    "Mycoplasma gallisepticum (Mg) is an avian pathogen. Studies reported that Mg adhere to the host cells.",
    "FIP (feline infectious peritonitis) is fatal. Headache (12 patients) and nausea (5%) were reported (Table 2).",
    "Bovine viral diarrhoea virus types 1 (BVDV-1) and 2 (BVDV-2); classical swine fever virus (CSFV, Pestivirus C).",
  ];

  it("is true for every short form findAbbreviations reads, and false for words no parenthesis could define", () => {
    for (const text of texts) for (const { short } of findAbbreviations(text)) expect(mayDefineAnyOf(text, new Set([short]))).toBe(true);
    expect(mayDefineAnyOf(texts[0]!, new Set(["Studies", "host"]))).toBe(false);
    // (A count or a share in parentheses defines nothing, nor the word before it.)
    expect(mayDefineAnyOf(texts[1]!, new Set(["Headache", "nausea", "12", "Table"]))).toBe(false);
  });
});
