import { describe, expect, it } from "vitest";
import spelling from "./spelling.json";
import { americanSpelling } from "./spelling";
import { TermCounter, tokenize } from "./tokenize";

/** British and American spellings of the same word, as clinicians type them. */
const PAIRS: Array<[british: string, american: string]> = [
  ["haemolytic", "hemolytic"],
  ["haemorrhage", "hemorrhage"],
  ["viraemic", "viremic"],
  ["anaemia", "anemia"],
  ["hypoglycaemia", "hypoglycemia"],
  ["ischaemic", "ischemic"],
  ["oedema", "edema"],
  ["oesophagus", "esophagus"],
  ["oesophageal", "esophageal"],
  ["oestrus", "estrus"],
  ["anoestrus", "anestrus"],
  ["faeces", "feces"],
  ["faecal", "fecal"],
  ["caecum", "cecum"],
  ["paediatric", "pediatric"],
  ["orthopaedic", "orthopedic"],
  ["anaesthesia", "anesthesia"],
  ["anaesthetised", "anesthetized"],
  ["aetiology", "etiology"],
  ["foetal", "fetal"],
  ["coeliac", "celiac"],
  ["diarrhoea", "diarrhea"],
  ["dyspnoea", "dyspnea"],
  ["leucocytes", "leukocytes"],
  ["leucosis", "leukosis"],
  ["sulphonamide", "sulfonamide"],
  ["trimethoprim-sulphadiazine", "trimethoprim-sulfadiazine"],
  ["tumour", "tumor"],
  ["behavioural", "behavioral"],
  ["colour", "color"],
  ["unfavourable", "unfavorable"],
  ["centre", "center"],
  ["millilitres", "milliliters"],
  ["titre", "titer"],
  ["fibre", "fiber"],
  ["hospitalised", "hospitalized"],
  ["hospitalisation", "hospitalization"],
  ["sterilise", "sterilize"],
  ["analysed", "analyzed"],
  ["paralysed", "paralyzed"],
  ["labelled", "labeled"],
  ["signalling", "signaling"],
  ["practise", "practice"],
  ["ageing", "aging"],
  ["moulting", "molting"],
  ["grey", "gray"],
  ["judgement", "judgment"],
  ["catalogue", "catalog"],
];

/** Words a careless rule would make equal to another word: they must stay apart. */
const DISTINCT: Array<[string, string]> = [
  ["four", "for"],
  ["pour", "poor"],
  ["hour", "her"],
  ["tour", "tor"],
  ["rise", "rize"],
  ["noise", "nose"],
  ["praise", "prize"],
  ["aerobic", "erobic"],
  ["larvae", "larva"],
  ["aedes", "edes"],
  ["poetry", "petry"],
  ["canoe", "cane"],
  ["calling", "caling"],
  ["spelling", "speling"],
  ["called", "caled"],
];

describe("British and American spelling", () => {
  it.each(PAIRS)("%s and %s give the same index term", (british, american) => {
    expect(tokenize(british)).toEqual(tokenize(american));
    expect(tokenize(british).length).toBeGreaterThan(0);
  });

  it.each(DISTINCT)("%s stays apart from %s", (a, b) => {
    expect(americanSpelling(a)).not.toBe(americanSpelling(b));
  });

  it("leaves words that no rule names unchanged", () => {
    for (const word of ["meloxicam", "dog", "cat", "kidney", "vaccination", "four", "hour", "your", "aerosol", "larvae"]) {
      expect(americanSpelling(word)).toBe(word);
    }
  });

  it("has a note's examples for rules that carry one, and each example folds", () => {
    for (const rule of spelling.rules as Array<{ british: string; note?: string }>) {
      const examples = (rule.note ?? "").split(/[,;]\s*|\s+->\s+/).map((e) => e.split(" ")[0]!.trim()).filter((e) => /^[a-z]+$/.test(e) && e.includes(rule.british));
      for (const example of examples) expect(americanSpelling(example), example).not.toBe(example);
    }
  });

  it("counts British words in text for American query terms, and the reverse (TermCounter)", () => {
    const american = new Map(tokenize("edema hemolytic esophagus estrus").map((t, i) => [t, i]));
    expect([...new TermCounter(american).count("Oedema with haemolytic anaemia; the oesophagus; oestrus; edema.")]).toEqual([2, 1, 1, 1]);
    const british = new Map(tokenize("oedema haemolytic").map((t, i) => [t, i]));
    expect([...new TermCounter(british).count("Edema and hemolytic disease")]).toEqual([1, 1]);
  });
});
