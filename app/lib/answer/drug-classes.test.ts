import { describe, expect, it } from "vitest";
import { classNamedIn, isDrugClassName, namesClassOf } from "./drug-classes";

describe("drug classes", () => {
  it("reads a class named in the passage's own spelling for each of its members", () => {
    const text = "These treatments are limited because of the potential nephrotoxic effects of NSAIDs, aminoglycosides, and polymyxin B.";
    expect(namesClassOf("flunixin", text)).toBe(true);
    expect(namesClassOf("Gentamicin", text)).toBe(true);
    expect(namesClassOf("enrofloxacin", text)).toBe(false);
    expect(namesClassOf("meloxicam", "Nonsteroidal anti-inflammatory drugs are contraindicated in dehydrated patients.")).toBe(true);
    expect(namesClassOf("medetomidine", "α2-agonists cause bradycardia.")).toBe(true);
    expect(classNamedIn("itraconazole", "Azole antifungals inhibit ergosterol synthesis.")).toBe("Azole antifungals");
    expect(classNamedIn("flunixin", "non-steroidal anti-inflammatory drugs (NSAIDs)")).toBe("non-steroidal anti-inflammatory drugs");
  });

  it("knows a class's name of one word, with its plural, and statins by their members", () => {
    expect(["statin", "statins", "NSAID", "nsaids", "Aminoglycosides"].every(isDrugClassName)).toBe(true);
    expect(["stain", "atorvastatin", "non-steroidal"].some(isDrugClassName)).toBe(false);
    expect(namesClassOf("atorvastatin", "Statins lower LDL cholesterol.")).toBe(true);
  });

  it("reads a class only as a whole word, and knows no class of a drug it does not list", () => {
    expect(namesClassOf("itraconazole", "The tetrazole ring of the compound was modified.")).toBe(false);
    expect(namesClassOf("itraconazole", "Azoles inhibit fungal ergosterol synthesis.")).toBe(true);
    expect(namesClassOf("polymyxin", "polymyxins and aminoglycosides")).toBe(false);
  });
});
