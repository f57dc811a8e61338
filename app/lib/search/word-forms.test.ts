import { describe, expect, it } from "vitest";
import { tokenize } from "./tokenize";
import { adjectiveForms, clippedJoins, codeForms, joinedCodeParts, unwrittenForms, clinicalForms, clippedVirusForms, describedForms, virusFamilyForms, diseaseForms, generalisedForms, nameForms, virusForms, wordForms } from "./word-forms";

const stem = (word: string) => tokenize(word)[0]!;
const formsOf = (word: string) => nameForms(stem(word));

describe("other forms of a name", () => {
  it("gives a place adjective's place, as index terms", () => {
    expect(formsOf("Algerian")).toContain(stem("Algeria"));
    expect(formsOf("Brazilian")).toContain(stem("Brazil"));
    expect(formsOf("African")).toContain(stem("Africa"));
    expect(formsOf("European")).toContain(stem("Europe"));
    expect(formsOf("Korean")).toContain(stem("Korea"));
    expect(formsOf("Japanese")).toContain(stem("Japan"));
  });

  it("gives a place's adjectives", () => {
    expect(formsOf("Algeria")).toContain(stem("Algerian"));
    expect(formsOf("Brazil")).toContain(stem("Brazilian"));
    expect(formsOf("Japan")).toContain(stem("Japanese"));
  });

  it("gives nothing for short words, numbers or other scripts", () => {
    expect(nameForms("an")).toEqual([]);
    expect(nameForms("2.5")).toEqual([]);
    expect(nameForms("猫的")).toEqual([]);
  });
});

describe("other forms of a clinical word", () => {
  const clinical = (word: string) => clinicalForms(stem(word));
  it("gives a clinical adjective's noun, as index terms", () => {
    expect(clinical("hepatitic")).toContain(stem("hepatitis"));
    expect(clinical("arthritic")).toContain(stem("arthritis"));
    expect(clinical("necrotic")).toContain(stem("necrosis"));
    expect(clinical("cirrhotic")).toContain(stem("cirrhosis"));
    expect(clinical("paretic")).toContain(stem("paresis"));
    expect(clinical("diagnostic")).toContain(stem("diagnosis"));
    expect(clinical("dysplastic")).toContain(stem("dysplasia"));
    expect(clinical("uraemic")).toContain(stem("uraemia"));
    expect(clinical("hypoxic")).toContain(stem("hypoxia"));
    expect(clinical("atrophic")).toContain(stem("atrophy"));
  });

  it("gives a clinical noun's adjective", () => {
    expect(clinical("necrosis")).toContain(stem("necrotic"));
    expect(clinical("arthritis")).toContain(stem("arthritic"));
    expect(clinical("uraemia")).toContain(stem("uraemic"));
    expect(clinical("dysplasia")).toContain(stem("dysplastic"));
  });

  it("leaves other words alone, and wordForms joins both kinds", () => {
    expect(clinical("dog")).toEqual([]);
    expect(clinical("meloxicam")).toEqual([]);
    expect(wordForms(stem("Algerian"))).toContain(stem("Algeria"));
    expect(wordForms(stem("necrotic"))).toContain(stem("necrosis"));
  });
});

describe("a disease's abbreviation and its virus's", () => {
  it("pairs 'ASF' with 'ASFV' both ways, from words written in capitals with three letters before the V", () => {
    expect(virusForms("ASF")).toEqual(["asfv"]);
    expect(virusForms("FMDV")).toEqual(["fmd"]);
    expect(virusForms("RHD2")).toEqual(["rhdv2"]);
    expect(virusForms("RHDV2")).toEqual(["rhd2"]);
    expect(virusForms("FIV")).not.toContain("fi");
    expect(virusForms("asf")).toEqual([]);
    expect(virusForms("Dogs")).toEqual([]);
  });
});

describe("a code typed with its number joined", () => {
  it("gives its letters and its number as passages write them apart ('SAV3': 'SAV 3')", () => {
    expect(codeForms(stem("SAV3"))).toEqual(["sav", "3"]);
    expect(codeForms(stem("CPV2"))).toEqual(["cpv", "2"]);
    expect(codeForms(stem("H5N1"))).toEqual([]);
    expect(codeForms(stem("vaccine"))).toEqual([]);
  });

  it("splits a code typed as one word where letters meet digits ('H1N1pdm09': 'H1N1' and 'pdm09')", () => {
    expect(joinedCodeParts(stem("H1N1pdm09"))).toContainEqual(["h1n1", "pdm09"]);
    // (Parts of two characters at least; a plain word or number has none.)
    expect(joinedCodeParts(stem("SAV3"))).toEqual([]);
    expect(joinedCodeParts(stem("vaccine"))).toEqual([]);
    expect(joinedCodeParts("2009")).toEqual([]);
  });
});

describe("a virus and its family", () => {
  it("reads rhabdoviruses as the Rhabdoviridae, and the family as its viruses", () => {
    expect(virusFamilyForms(stem("rhabdoviruses"))).toEqual([stem("Rhabdoviridae")]);
    expect(virusFamilyForms(stem("Herpesviridae"))).toEqual([stem("herpesvirus")]);
    expect(wordForms(stem("rhabdoviruses"))).toContain(stem("Rhabdoviridae"));
    expect(virusFamilyForms(stem("virus"))).toEqual([]);
  });
});

describe("a word and an abbreviation a passage may write joined", () => {
  it("gives the word clipped, then the abbreviation ('circular RNAs': 'circRNA'), as index terms", () => {
    const [join] = clippedJoins("in what other ways can circular RNAs act?");
    expect(join?.slice(0, 2)).toEqual([stem("circular"), stem("RNA")]);
    expect(join?.[2]).toContain(stem("circRNA"));
    expect(clippedJoins("chicken IFN-gamma")).toEqual([]);
    // (Only a word in lower case before an abbreviation in capitals: "RNA viruses", "mRNA" and "viral RNA" are no such pair.)
    expect(clippedJoins("RNA viruses and mRNA")).toEqual([]);
    expect(clippedJoins("chicken IFN")[0]?.[2]).toContain(stem("chickIFN"));
    // (Nor the word itself cut short: "viraemia of carp virus on EM" gives no "virEM", which reads as "viremia".)
    expect(clippedJoins("spring viraemia EM").flatMap(([, , joined]) => joined)).not.toContain("virem");
  });
});

describe("a noun and its adjective in '-al', which the stemmer leaves apart", () => {
  it("gives the adjective's stem for the noun's and the reverse, and nothing for a noun that keeps its '-ment'", () => {
    expect(stem("environment")).not.toBe(stem("environmental"));
    expect(adjectiveForms(stem("environment"))).toContain(stem("environmental"));
    expect(adjectiveForms(stem("environmental"))).toEqual([stem("environment")]);
    expect(adjectiveForms(stem("developmental"))).toEqual([stem("development")]);
    expect(adjectiveForms(stem("accidental"))).toEqual([stem("accident")]);
    expect(adjectiveForms(stem("treatment"))).toEqual([]);
    expect(adjectiveForms(stem("parent"))).toEqual([]);
  });

  it("gives an adjective in '-ious' the stem of its noun in '-ion' ('is she still infectious?': 'infection')", () => {
    expect(stem("infectious")).not.toBe(stem("infection"));
    expect(adjectiveForms(stem("infectious"))).toEqual([stem("infection")]);
    expect(adjectiveForms(stem("contagious"))).toEqual([]);
  });
});

describe("other forms of a word no passage writes", () => {
  it("gives a condition's noun for its adjective, a Latin plural's adjective, and an adjective's root", () => {
    expect(unwrittenForms(stem("anaemic"))).toContain(stem("anaemia"));
    expect(unwrittenForms(stem("anaemia"))).toContain(stem("anaemic"));
    expect(unwrittenForms(stem("glomeruli"))).toEqual(expect.arrayContaining([stem("glomerular"), stem("aglomerular")]));
    expect(unwrittenForms(stem("yeasty"))).toContain(stem("yeast"));
    expect(unwrittenForms(stem("scabby"))).toContain(stem("scab"));
    expect(unwrittenForms(stem("dog"))).toEqual([]);
  });

  it("gives a Latin noun's genitive, as anatomy writes it ('glottis': 'rima glottidis')", () => {
    expect(unwrittenForms(stem("glottis"))).toContain(stem("glottidis"));
    expect(unwrittenForms(stem("epididymis"))).toContain(stem("epididymidis"));
  });

  it("gives an organism's genus in '-soma' for its English name ('trypanosome': Trypanosoma)", () => {
    expect(unwrittenForms(stem("trypanosome"))).toContain(stem("Trypanosoma"));
    expect(unwrittenForms(stem("schistosomes"))).toContain(stem("Schistosoma"));
  });

  it("gives the verb of one who does it ('killers': kill, 'shedders': shed)", () => {
    expect(unwrittenForms(stem("killers"))).toContain(stem("kill"));
    expect(unwrittenForms(stem("shedder"))).toContain(stem("shed"));
    expect(unwrittenForms(stem("spreader"))).toContain(stem("spread"));
  });

  it("gives the colour a word in '-ish' hedges ('pinkish': pink, 'yellowish': yellow)", () => {
    expect(unwrittenForms(stem("pinkish"))).toContain(stem("pink"));
    expect(unwrittenForms(stem("yellowish"))).toContain(stem("yellow"));
    expect(unwrittenForms(stem("fish"))).toEqual([]);
  });
});

describe("a parasite's genus and the disease named after it", () => {
  it("gives the disease for the genus and the reverse, as index terms", () => {
    expect(diseaseForms(stem("Haemonchus"))).toContain(stem("haemonchosis"));
    expect(diseaseForms(stem("Dirofilaria"))).toContain(stem("dirofilariasis"));
    expect(diseaseForms(stem("Toxoplasma"))).toContain(stem("toxoplasmosis"));
    expect(diseaseForms(stem("babesiosis"))).toContain(stem("Babesia"));
    expect(wordForms(stem("Haemonchus"))).toContain(stem("haemonchosis"));
    expect(diseaseForms(stem("dog"))).toEqual([]);
  });
});

describe("a condition and its generalised form", () => {
  it("gives 'polyneuropathy' for 'neuropathy' and 'polyarthritis' for 'arthritis', and nothing for other words", () => {
    const stem = (word: string) => tokenize(word)[0]!;
    expect(generalisedForms(stem("neuropathy"))).toEqual([stem("polyneuropathy")]);
    expect(generalisedForms(stem("arthritis"))).toEqual([stem("polyarthritis")]);
    expect(generalisedForms(stem("polyarthritis"))).toEqual([]);
    expect(generalisedForms(stem("lameness"))).toEqual([]);
  });
});

describe("a virus named by its clipped form", () => {
  it("gives the virus and its family for 'paramyxo' and 'calici', and nothing for a virus's own name", () => {
    expect(clippedVirusForms(stem("paramyxo"))).toEqual([stem("paramyxovirus"), stem("paramyxoviridae")]);
    expect(wordForms(stem("calici"))).toContain(stem("calicivirus"));
    expect(clippedVirusForms(stem("paramyxovirus"))).toEqual([]);
    expect(clippedVirusForms(stem("flu"))).toEqual([]);
  });
});

describe("an everyday adjective in '-y' and the thing it names", () => {
  it("gives the noun's index terms for the adjective's, with and without a final 'e' or a doubled consonant", () => {
    expect(describedForms(tokenize("slimy")[0]!)).toContain(tokenize("slime")[0]);
    expect(describedForms(tokenize("bloody")[0]!)).toEqual([tokenize("blood")[0]]);
    expect(describedForms(tokenize("scaly")[0]!)).toContain(tokenize("scale")[0]);
    expect(describedForms(tokenize("scabby")[0]!)).toContain("scab");
    expect(wordForms(tokenize("crusty")[0]!)).toContain("crust");
  });

  it("gives nothing for other words, or for short ones", () => {
    expect(describedForms("slime")).toEqual([]);
    expect(describedForms("dai")).toEqual([]);
    expect(describedForms("antibiot")).toEqual([]);
  });
});
