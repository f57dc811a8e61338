import { tokenize } from "./tokenize";

/**
 * Other forms of a word that the tokenizer's stemmer leaves apart. Names: a place and its adjective
 * ("Algeria" / "Algerian", "Brazil" / "Brazilian", "Japan" / "Japanese", "Europe" / "European"). Clinical
 * words: a lesion or state and its adjective ("hepatitic" / "hepatitis", "necrotic" / "necrosis", "uraemic" /
 * "uraemia", "dysplastic" / "dysplasia", "diagnostic" / "diagnosis"). Porter strips inflections, not these
 * derivations. Search tries them only for a question word the knowledge base never uses, so a word it does
 * use ("median", "human") is never read as another.
 *
 * Input and output are index terms (tokenize()'s stems); the candidates are guesses, kept by the caller
 * only when the knowledge base holds them.
 */
const MIN_ROOT = 4;

export function nameForms(term: string): string[] {
  if (term.length < MIN_ROOT || !/^[a-z]+$/.test(term)) return [];
  const out: string[] = [];
  const add = (form: string) => {
    if (form.length >= MIN_ROOT && form !== term && !out.includes(form)) out.push(form);
  };
  // The adjective written, the place in the knowledge base
  if (term.endsWith("ian")) {
    add(term.slice(0, -1)); // algerian -> algeria
    add(term.slice(0, -3)); // brazilian -> brazil
  } else if (term.endsWith("ean")) {
    add(term.slice(0, -1)); // korean -> korea
    add(term.slice(0, -3)); // european -> europ (the stem of "Europe")
  } else if (term.endsWith("an")) {
    add(term.slice(0, -1)); // african -> africa
  } else if (term.endsWith("nes")) {
    add(term.slice(0, -2)); // japanes(e) -> japan
  }
  // The place written, its adjective in the knowledge base
  for (const ending of ["n", "an", "ian", "ean", "es"]) add(term + ending);
  return out;
}

/** Stem endings of a clinical adjective and of its noun, as tokenize() leaves them ("necrot" / "necrosi"). */
const CLINICAL_PAIRS: Array<[adjective: string, noun: string]> = [
  ["it", "iti"], // arthritic / arthritis
  ["it", ""], // hepatitic / hepatitis (Porter stems it to "hepat")
  ["ot", "osi"], // necrotic / necrosis, cirrhotic / cirrhosis
  ["et", "esi"], // paretic / paresis, emetic / emesis
  ["ost", "osi"], // diagnostic / diagnosis
  ["ast", "asia"], // dysplastic / dysplasia, neoplastic / neoplasia
  ["em", "emia"], // uraemic / uraemia, septicaemic / septicaemia
  ["x", "xia"], // hypoxic / hypoxia, pyrexic / pyrexia
  ["oph", "ophi"], // atrophic / atrophy, hypertrophic / hypertrophy
];

export function clinicalForms(term: string): string[] {
  if (term.length < MIN_ROOT || !/^[a-z]+$/.test(term)) return [];
  const out: string[] = [];
  const add = (form: string) => {
    if (form.length >= MIN_ROOT && form !== term && !out.includes(form)) out.push(form);
  };
  for (const [adjective, noun] of CLINICAL_PAIRS) {
    if (term.endsWith(adjective)) add(term.slice(0, term.length - adjective.length) + noun);
    if (noun && term.endsWith(noun)) add(term.slice(0, term.length - noun.length) + adjective);
  }
  return out;
}

/**
 * A parasite's genus and the disease named after it ("Haemonchus" / "haemonchosis", "Babesia" / "babesiosis",
 * "Dirofilaria" / "dirofilariasis", "Toxoplasma" / "toxoplasmosis"), as index terms: a knowledge base that writes
 * the genus only abbreviated ("H. contortus") still names its disease.
 */
export function diseaseForms(term: string): string[] {
  if (term.length < 6 || !/^[a-z]+$/.test(term)) return [];
  const out = new Set<string>();
  const genus = /^(.+?)(us|um|ia|a)$/.exec(term);
  if (genus) {
    const root = genus[2] === "ia" ? `${genus[1]}i` : genus[1]!;
    for (const ending of ["osi", "iasi", "asi"]) out.add(root + ending);
  }
  const disease = /^(.+?)(iasi|osi|asi)$/.exec(term);
  if (disease) for (const ending of ["us", "um", "a", "ia"]) out.add(disease[1]! + ending);
  out.delete(term);
  return [...out].filter((form) => form.length >= MIN_ROOT);
}

/**
 * An everyday adjective in "-y" and the thing it is made of: owners describe what they see ("slimy", "scaly",
 * "scabby", "bloody"), textbooks name it ("slime", "scale", "scab", "blood"). Input: the adjective's index term,
 * which Porter ends in "i" ("slimi"); output: the index terms of the noun with and without a final "e", and
 * without a doubled last consonant.
 */
export function describedForms(term: string): string[] {
  if (term.length < MIN_ROOT + 1 || !/^[a-z]+[b-df-hj-np-tv-z]i$/.test(term)) return [];
  const root = term.slice(0, -1);
  const words = [root, `${root}e`, ...(/([b-df-hj-np-tv-z])\1$/.test(root) ? [root.slice(0, -1)] : [])];
  const out = new Set(words.map((w) => tokenize(w)[0] ?? "").filter((form) => form.length >= MIN_ROOT && form !== term));
  return [...out];
}

/**
 * A condition and its form in several places at once ("neuropathy" / "polyneuropathy", "arthritis" / "polyarthritis",
 * "myositis" / "polymyositis"): a passage on the generalised form speaks of the condition asked. Input and output are
 * index terms.
 */
export function generalisedForms(term: string): string[] {
  if (!/^[a-z]{4,}(?:pathi|iti)$/.test(term) || term.startsWith("poly")) return [];
  // (From the word the stem is of, which Porter stems anew with its prefix: "polyarthritis" is "polyarthr".)
  const word = term.endsWith("pathi") ? `${term.slice(0, -1)}y` : `${term}s`;
  const form = tokenize(`poly${word}`)[0];
  return form && form !== term ? [form] : [];
}

/**
 * A virus named by the clipped form people say ("the pigeon paramyxo thing", "calici", "corona"): the virus, or its
 * family. Input and output are index terms.
 */
export function clippedVirusForms(term: string): string[] {
  if (term.length < MIN_ROOT || !/^[a-z]+$/.test(term) || /viru|virid/.test(term)) return [];
  return [...new Set([`${term}virus`, `${term}viridae`].map((w) => tokenize(w)[0] ?? "").filter((form) => form.length > term.length))];
}

/**
 * A virus and its family: "rhabdoviruses" are the viruses of the Rhabdoviridae, which a passage may name instead
 * ("…in the Novirhabdovirus genus of Rhabdoviridae family"). Input and output are index terms.
 */
export function virusFamilyForms(term: string): string[] {
  const virus = /^([a-z]{3,})virus$/.exec(term);
  if (virus) return tokenize(`${virus[1]}viridae`);
  const family = /^([a-z]{3,})virida$/.exec(term);
  return family ? tokenize(`${family[1]}virus`) : [];
}

/**
 * A code typed with its number joined ("SAV3", "CPV2"), which passages write apart ("SAV 3", "CPV-2"): its index terms
 * as written so, its letters and its number ("sav", "3"). Input and output are index terms.
 */
export function codeForms(term: string): string[] {
  const code = /^([a-z]{2,})(\d{1,3})$/.exec(term);
  return code ? [code[1]!, code[2]!] : [];
}

/**
 * Where a code typed as one word may join two the knowledge base writes apart: "h1n1pdm09" as "A(H1N1)pdm09" (the index
 * reads "h1n1" and "pdm09"). Each split falls where letters meet digits, into parts of two characters at least.
 */
export function joinedCodeParts(term: string): Array<[string, string]> {
  if (!/^[a-z0-9]+$/.test(term) || !/\d/.test(term) || !/[a-z]/.test(term)) return [];
  const out: Array<[string, string]> = [];
  for (let at = 2; at <= term.length - 2; at++) {
    if (/\d/.test(term[at - 1]!) !== /\d/.test(term[at]!)) out.push([term.slice(0, at), term.slice(at)]);
  }
  return out;
}

/**
 * The words a query writes as a word and an abbreviation ("circular RNAs", "chicken IFN"), each with the joined forms a
 * knowledge base may write for them: the word clipped to its first three to six letters, then the abbreviation
 * ("circRNA", "chickIFN"). Output: [word's index term, abbreviation's index term, joined index terms].
 */
export function clippedJoins(query: string): Array<[string, string, string[]]> {
  const out: Array<[string, string, string[]]> = [];
  for (const m of query.matchAll(/(?<![\p{L}\d-])(\p{L}{4,})\s+(\p{Lu}{2,5})s?(?![\p{L}\d-])/gu)) {
    const [word, abbreviation] = [m[1]!, m[2]!];
    const [wordTerm] = tokenize(word);
    const [abbreviationTerm] = tokenize(abbreviation);
    if (!wordTerm || !abbreviationTerm || /\p{Lu}/u.test(word.slice(1))) continue;
    const joined = [];
    for (let n = 3; n <= Math.min(6, word.length - 1); n++) joined.push(...tokenize(`${word.slice(0, n)}${abbreviation}`));
    // (Not a form of the word itself: "viraemia EM" joins to "virem", which is "viremia" cut short.)
    const own = joined.filter((j) => !wordTerm.startsWith(j) && !j.startsWith(wordTerm));
    if (own.length) out.push([wordTerm, abbreviationTerm, [...new Set(own)]]);
  }
  return out;
}

/** Every other form of a word to try when the knowledge base never uses it. */
export const wordForms = (term: string): string[] =>
  [...new Set([...nameForms(term), ...clinicalForms(term), ...diseaseForms(term), ...describedForms(term), ...clippedVirusForms(term), ...virusFamilyForms(term)])];

/**
 * A disease's abbreviation and its virus's: "ASF" / "ASFV", "CSF" / "CSFV", "FMD" / "FMDV", "PPR" / "PPRV", "RHD2" / "RHDV2". A
 * question about "the ASF vaccine" is answered by a passage on "an ASFV vaccine". Read from the word as the
 * question writes it (capitals), three letters before the V at least ("FIV" is not "FI"). Output: index terms.
 */
export function virusForms(written: string): string[] {
  // (With its type number after it: "RHD2" / "RHDV2".)
  const virus = /^([A-Z]{3,5})V(\d{0,2})$/.exec(written);
  if (virus) return [`${virus[1]!.toLowerCase()}${virus[2]}`];
  const disease = /^([A-Z]{3,5})(\d{0,2})$/.exec(written);
  return disease ? [`${disease[1]!.toLowerCase()}v${disease[2]}`] : [];
}

/**
 * A noun in "-ment" or "-ent" and its adjective in "-al": Porter's step 4 strips one suffix, so "environment" stems
 * to "environ" while "environmental" keeps "environment" (likewise "development"/"developmental",
 * "accident"/"accidental"). Either stem gives the other; "treatment" and "parent", which keep theirs, give none. So
 * does an adjective in "-ious" give its noun in "-ion" ("infectious" / "infection").
 * Input and output are index terms. (The index keeps Porter's stems, which search is tuned on: answers read the
 * pair as one word.) A guess for a stem with no such adjective ("managment") is simply never found in a text.
 */
export function adjectiveForms(term: string): string[] {
  if (term.length < MIN_ROOT || !/^[a-z]+$/.test(term)) return [];
  // An adjective in "-ious" and its noun in "-ion": "infectious" stems to "infecti", "infection" to "infect".
  if (term.endsWith("i") && tokenize(`${term}ous`)[0] === term) {
    const noun = tokenize(`${term.slice(0, -1)}ion`)[0];
    return noun && noun !== term && !noun.endsWith("ion") ? [noun] : [];
  }
  if (term.endsWith("ent")) {
    const noun = tokenize(term)[0];
    return noun && noun !== term ? [noun] : [];
  }
  return ["ment", "ent"].map((suffix) => term + suffix).filter((adjective) => tokenize(adjective)[0] === term && tokenize(`${adjective}al`)[0] === adjective);
}

/**
 * Other forms of a word the knowledge base never writes, as index terms (guesses, asked only of terms no passage holds,
 * where a wrong one is simply never found):
 * - a condition's adjective in "-ic" and its noun in "-ia": "anaemic" / "anaemia", "hypoxic" / "hypoxia";
 * - a Latin plural in "-i" and its adjective in "-ar" (also negated with "a-"): "glomeruli" / "glomerular",
 *   "aglomerular", "alveoli" / "alveolar";
 * - an adjective in "-y" and the word it is made from: "wheezy" / "wheezing", "yeasty" / "yeast", "scabby" / "scab";
 * - a noun in "-er" for the one who does it, and its verb: "killer" / "kill", "shedder" / "shed";
 * - an adjective in "-ish" and the one it hedges: "pinkish" / "pink", "yellowish" / "yellow";
 * - an organism's English name in "-some" and its genus in "-soma": "trypanosome" / "Trypanosoma", "schistosome" /
 *   "Schistosoma".
 */
export function unwrittenForms(term: string): string[] {
  if (term.length < MIN_ROOT || !/^[a-z]+$/.test(term)) return [];
  const forms: Array<string | undefined> = [];
  if (term.endsWith("ia")) forms.push(tokenize(`${term.slice(0, -2)}ic`)[0]);
  else if (!term.endsWith("i") && tokenize(`${term}ia`)[0] === `${term}ia` && tokenize(`${term}ic`)[0] === term) forms.push(`${term}ia`);
  // (Porter writes an adjective's final "y" as "i", and leaves a Latin plural's "i" as it is: "glomeruli".)
  if (term.endsWith("i")) {
    const root = term.slice(0, -1);
    forms.push(tokenize(`${root}ar`)[0], tokenize(`a${root}ar`)[0], tokenize(`${root}us`)[0]);
    forms.push(tokenize(root)[0], tokenize(`${root}e`)[0], ...(/([b-df-hj-np-tv-z])\1$/.test(root) ? [tokenize(root.slice(0, -1))[0]] : []));
    // (And a Latin noun's genitive, "glottis" in "rima glottidis", "epididymis" in "cauda epididymidis".)
    forms.push(tokenize(`${term}dis`)[0]);
  }
  if (term.endsWith("er") && term.length >= MIN_ROOT + 2) {
    const root = term.slice(0, -2);
    forms.push(tokenize(root)[0], ...(/([b-df-hj-np-tv-z])\1$/.test(root) && !/(?:ll|ss)$/.test(root) ? [tokenize(root.slice(0, -1))[0]] : []));
  }
  if (term.endsWith("ish") && term.length >= MIN_ROOT + 3) {
    const root = term.slice(0, -3);
    forms.push(tokenize(root)[0], ...(/([b-df-hj-np-tv-z])\1$/.test(root) ? [tokenize(root.slice(0, -1))[0]] : []));
  }
  if (term.endsWith("som")) forms.push(`${term}a`);
  return [...new Set(forms.filter((f): f is string => f !== undefined && f !== term && f.length >= MIN_ROOT))];
}
