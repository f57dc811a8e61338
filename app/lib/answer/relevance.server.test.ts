import { describe, expect, it } from "vitest";
import { tokenize } from "../search/index.server";
import { regionNamesOf } from "./regions";
import { ABSTAIN_BELOW, isRelevant, judgeRelevance, match, MIN_EVIDENCE, passageTerms, withWrittenForms, writesOtherwise } from "./relevance.server";

const term = (t: string, idf: number, df = 5) => ({ term: t, weight: 1, df, idf });
/** The share of a question a text holds, its words read with the other forms a passage may write them in. */
const held = (question: string, text: string, df = 5) => {
  const terms = withWrittenForms(tokenize(question).map((t) => term(t, 3, df)), question);
  return match(terms, passageTerms({ title: "", heading: null, text })).coverage;
};

describe("relevance", () => {
  it("measures the share of the question's IDF mass a passage holds, unknown words included", () => {
    const terms = [term("meloxicam", 6), term("cat", 2), term("ibuprofen", 8, 0)];
    expect(match(terms, new Set(["meloxicam", "cat"]))).toEqual({ coverage: 0.5, evidence: 8 });
  });

  it("answers a short question only when most of it is covered, a long one when it matches much rare evidence", () => {
    expect(isRelevant({ coverage: ABSTAIN_BELOW, evidence: 3 })).toBe(true);
    expect(isRelevant({ coverage: ABSTAIN_BELOW - 0.01, evidence: MIN_EVIDENCE - 0.1 })).toBe(false);
    expect(isRelevant({ coverage: 0.25, evidence: MIN_EVIDENCE })).toBe(true);
    expect(isRelevant({ coverage: 0.1, evidence: MIN_EVIDENCE * 2 })).toBe(false);
  });

  it("keeps relevant passages near the best, in search order within a coverage band", () => {
    const p = (chunkId: number, text: string) => ({ chunkId, documentId: "d", title: "", pages: [1], pageLabel: null, heading: null, text, fileType: "txt" });
    const terms = [term("meloxicam", 6), term("cat", 2)];
    const judged = judgeRelevance(terms, [p(1, "cats"), p(2, "meloxicam for cats"), p(3, "meloxicam in cats, dose")]);
    expect(judged.abstain).toBe(false);
    expect(judged.relevant.map((x) => x.chunkId)).toEqual([2, 3]);
    expect(judgeRelevance(terms, [p(1, "dogs")]).abstain).toBe(true);
  });

  it("reads other ways a passage writes the question's words: a code's plural, a binomial abbreviated", () => {
    expect(held("APOBEC3", "FIV Vif counteracts feline APOBEC3s restriction factors")).toBe(1);
    expect(held("Haemonchus contortus", "H. contortus feeds on blood in the abomasum")).toBe(1);
    // (Typed in lower case too; not any two words.)
    expect(held("mycoplasma hyorhinis", "M. hyorhinis causes polyserositis in nursery pigs")).toBe(1);
    expect(held("dose rate", "D. rate")).toBeLessThan(1);
    expect(held("environment", "resistant to environmental conditions")).toBe(1);
    expect(held("preclinical period", "scrapie has a variable pre-clinical period")).toBe(1);
  });

  it("reads a proper name by the usual abbreviation of what it names ('Newcastle' in a passage that writes 'NDV')", () => {
    expect(held("Are ducks resistant to Newcastle", "Ducks are resistant to NDV strains")).toBe(1);
    expect(held("Are ducks resistant to Marek", "Ducks are resistant to NDV strains")).toBeLessThan(1);
  });

  it("reads a name no passage writes, typed in lower case, by the usual abbreviation of what it names ('tembusu' where passages write 'DTMUV')", () => {
    expect(held("ducks tembusu", "DTMUV severely reduces egg production in ducks", 0)).toBe(1);
    // (Only a word no passage writes: one they do write is read as written.)
    expect(held("ducks tembusu", "DTMUV severely reduces egg production in ducks", 5)).toBeLessThan(1);
  });

  it("reads a disease's abbreviation no passage writes as its virus's ('RHD2' in a passage on RHDV2), and the reverse", () => {
    expect(held("RHD2", "RHDV2 infects both domestic and wild lagomorphs", 0)).toBe(1);
    expect(held("ASFV", "ASF is notifiable", 0)).toBe(1);
    // (Typed in lower case with its type number: "if the new one had rhd2".)
    expect(held("and if the new one had rhd2 how fast would it show", "RHDV2 infects both domestic and wild lagomorphs", 0)).toBeGreaterThan(held("and if the new one had rhd2 how fast would it show", "Myxomatosis infects both domestic and wild lagomorphs", 0));
    // (Not one the knowledge base writes as typed: "ECE" is no "ECEV".)
    expect(withWrittenForms([term("ec", 3, 1)], "Ferret ECE")[0]!.alternatives ?? []).toEqual([]);
  });

  it("reads a word no passage writes by its other forms ('glomeruli' in a passage on aglomerular kidneys), not one it writes", () => {
    expect(held("glomeruli", "Some marine fish have aglomerular kidneys.", 0)).toBe(1);
    expect(held("yeasty", "Malassezia is a yeast of the skin.", 0)).toBe(1);
    // A parasite's genus by the disease named after it, and the reverse.
    expect(held("haemonchus", "a workable strategy to control haemonchosis in sheep", 0)).toBe(1);
    expect(held("babesiosis", "Babesia ovis is transmitted by Rhipicephalus ticks", 0)).toBe(1);
    expect(held("glomeruli", "Some marine fish have aglomerular kidneys.", 2)).toBe(0);
    expect(held("killers", "Their economic impact is due to their killing effect.", 0)).toBe(1);
    // (Not a word the reviewed vocabulary reads: a "wormer" is an anthelmintic, not a worm.)
    const wormer = withWrittenForms([{ ...term("wormer", 3, 0), alternatives: [tokenize("anthelmintic")] }], "the wormer");
    expect(match(wormer, passageTerms({ title: "", heading: null, text: "Adult worms live in the pulmonary arteries." })).coverage).toBe(0);
  });

  it("reads a place named by its adjective ('a European supplier') by the region's name, not an adjective in a disease's name", () => {
    expect(held("stock came from a European supplier", "isolates from Europe belong to genotypes 1b, 1c, and 1d")).toBeGreaterThan(held("stock came from a European supplier", "isolates belong to genotypes 1b, 1c, and 1d"));
    expect(held("Which genotype of African swine fever is in the west?", "Genotype I is associated with outbreaks in western Africa")).toBe(held("Which genotype of African swine fever is in the west?", "Genotype I is associated with outbreaks in western parts"));
  });

  it("reads a verb by its act that Porter stems apart ('exposed' in a passage on exposure), and an animal's state of carrying by its doer ('carriers')", () => {
    expect(held("exposure", "pigs exposed prenatally may be persistently infected", 2)).toBe(1);
    expect(held("exposed", "Exposure to infected cattle is the main risk.", 2)).toBe(1);
    expect(held("fail", "Treatment failure is common.", 2)).toBe(1);
    // (Not "press" for "pressure", nor a form no text writes: "killure".)
    expect(held("pressure", "head pressing is seen", 2)).toBe(0);
    expect(withWrittenForms([term("kill", 3, 2)], "how fast does it kill")[0]!.alternatives ?? []).toEqual([]);
    // "Can they end up carrying it?" asks whether they are carriers; "what diseases do they carry?" and "carry it home" do not.
    const carrying = (question: string) => withWrittenForms(tokenize(question).map((t) => term(t, 3, 2)), question).find((t) => t.term === "carri")?.alternatives ?? [];
    expect(carrying("and the sows, can they end up carrying it?")).toContainEqual(["carrier"]);
    expect(carrying("could the hens be carrying it too?")).toContainEqual(["carrier"]);
    expect(carrying("feral hogs near our pigs, what diseases do they carry?")).not.toContainEqual(["carrier"]);
    expect(carrying("Can my dog carry it home to my rabbit?")).not.toContainEqual(["carrier"]);
  });

  it("reads a country told and no passage writes by the region it lies in ('Bolivia' in a passage on Latin America), not one asked of", () => {
    const told = "Volunteering in Bolivia. Chagas in dogs?";
    const latin = "Chagas disease occurs primarily in Latin America, where dogs are tested.";
    const north = "Chagas disease occurs in North America too, where dogs are tested.";
    expect(held(told, latin, 0)).toBeGreaterThan(held(told, north, 0));
    // (A country the passages write is read as written.)
    expect(held(told, latin, 2)).toBe(held(told, north, 2));
    // (Nor a country the question asks of: "…died in Morocco?" is not answered of North Africa.)
    expect(held("How many horses died in Morocco?", "Many horses died in North Africa.", 0)).toBe(held("How many horses died in Morocco?", "Many horses died in South America.", 0));
    expect(regionNamesOf("Bolivia")).toContain("Latin America");
    expect(regionNamesOf("Atlantis")).toEqual([]);
  });

  it("reads a name written by its synonym or long form, as search found them", () => {
    const terms = [{ ...term("ringworm", 3, 0), alternatives: [tokenize("dermatophytosis")] }, { ...term("tb", 3), alternatives: [tokenize("tuberculosis")] }, term("cat", 1)];
    expect(writesOtherwise("ringworm", "A Wood's lamp screens for dermatophytosis.", terms)).toBe(true);
    expect(writesOtherwise("TB", "Mycobacterium bovis causes bovine tuberculosis.", terms)).toBe(true);
    expect(writesOtherwise("TB", "BVDV spreads through herds.", terms)).toBe(false);
    // (A word with no synonym is named as written, or not at all.)
    expect(writesOtherwise("cat", "Feline patients.", terms)).toBe(false);
  });
});
