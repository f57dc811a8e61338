import { memoByText } from "../memo.server";
import { adjectiveForms, diseaseForms, shortFormsOfUnwrittenWord, tokenize, unwrittenForms, usualShortFormsHolding, virusForms, type QueryTerm } from "../search/index.server";
import { GENUS_ENDING } from "../search/synonyms";
import { placeAdjectivesIn } from "./frame";
import { regionNamesOf, regionOfAdjective } from "./regions";
import type { PassageLike } from "./types";

/**
 * Is a passage about the question? BM25 scores rank passages within one query but mean nothing
 * across queries, so abstaining looks at what a passage shares with the question instead:
 * - coverage: the share of the question's IDF mass (its content words, weighted by how rare they are
 *   in the knowledge base) that the passage contains. Words the index has never seen count with the
 *   highest IDF, so a question about "ibuprofen in horses" is not answered by a passage about
 *   meloxicam in horses, however well "horses" matches.
 * - evidence: the matched IDF mass itself, in nats. Long questions (a case vignette, a multiple-choice
 *   stem) have many incidental words, so their right passage covers a smaller share but matches far
 *   more rare words than any passage matches for an off-topic question. IDF at a given relative
 *   frequency does not depend on the size of the knowledge base (ln(1 + 1/p)), so this threshold
 *   means the same in a small and a large one: 12 nats is e.g. three words each in ~1% of passages.
 * A passage is relevant when coverage >= ABSTAIN_BELOW, or evidence >= MIN_EVIDENCE with coverage
 * >= MIN_COVERAGE_WITH_EVIDENCE.
 *
 * Calibrated with `npm run eval:answers` (scripts/eval-answers.ts) against 50 off-topic questions (sports,
 * cooking, programming, finance, travel, …): first on the VetBench and PubMedQA dev data ingested as one
 * knowledge base (coverage alone could not separate them: answerable 5th percentile 0.37, off-topic 95th
 * percentile 0.46; the two rules together answered 98 % and abstained on 98 %, grid over 0.4-0.7 x 10-20
 * nats). The answer pipeline now leaves the words that only say what is asked ("dose", "usually") out of
 * the terms it judges with, and the extractive answerer quotes no sentence that shares only one known word
 * with the question; the eval prints the best-coverage percentiles per knowledge base to re-check these.
 */
export const ABSTAIN_BELOW = 0.5;
export const MIN_EVIDENCE = 12;
export const MIN_COVERAGE_WITH_EVIDENCE = 0.2;
/** A passage below the relevance bar still counts when it names what the question names, and holds this much of it. */
export const NAMED_MIN_COVERAGE = 0.3;
/** Passages kept for answering: relevant, and not far below the best one's coverage. */
const KEEP_RELATIVE_TO_BEST = 0.6;

export type ScoredPassage<P extends PassageLike> = P & { coverage: number; evidence: number };

/** Index terms of a passage's text, heading and document title. */
export function passageTerms(passage: Pick<PassageLike, "text" | "heading" | "title">): ReadonlySet<string> {
  return textTerms(`${passage.title}\n${passage.heading ?? ""}\n${passage.text}`);
}

/**
 * Passages whose terms this thread remembers: one question reads each of its passages' terms several
 * times (relevance, coverage, supporting passages), and the next questions mostly read the same passages.
 */
const REMEMBERED_PASSAGES = 500;

/** A text's index terms, and the abbreviated binomials it writes ("H. contortus"). */
export const textTerms: (text: string) => ReadonlySet<string> = memoByText(REMEMBERED_PASSAGES, readTextTerms);

function readTextTerms(text: string): Set<string> {
  const terms = new Set(tokenize(text));
  for (const m of text.matchAll(ABBREVIATED_BINOMIAL)) {
    const epithet = tokenize(m[2]!)[0];
    if (epithet) terms.add(abbreviatedGenusTerm(m[1]!, epithet));
  }
  return terms;
}

/** "H. contortus": a genus written as its initial, as texts do after the first mention. */
const ABBREVIATED_BINOMIAL = /\b([A-Z])\.\s?([a-z]{3,})\b/g;
const abbreviatedGenusTerm = (initial: string, epithetTerm: string) => `${initial.toLowerCase()}.${epithetTerm}`;

/**
 * Other ways a text writes what the question names, as alternatives of its terms:
 * - a binomial the question writes out ("Haemonchus contortus"), or a synonym of its words stands for, is held by a
 *   passage that writes "H. contortus" (passageTerms adds that form for every abbreviated binomial);
 * - a code typed without its hyphen ("BPI3", "CPV2") by one that writes "BPI-3" (the index reads "bpi" and "3"), and
 *   in the singular by one that writes its plural ("APOBEC3s");
 * - a noun ("environment") by its adjective ("environmental"), which Porter stems apart, and the reverse;
 * - a verb by its act ("exposed" by "exposure"), and the reverse; an animal's state of doing by its doer ("be carrying" by
 *   "carriers");
 * - a prefixed word ("preclinical") by its hyphenated spelling ("pre-clinical");
 * - a word no passage writes by its other forms (see unwrittenForms), a genus by its disease (see diseaseForms).
 */
export function withWrittenForms(terms: QueryTerm[], question: string): QueryTerm[] {
  const forms = new Map<string, string[][]>();
  const add = (term: string, form: string[]) => forms.set(term, [...(forms.get(term) ?? []), form]);
  // "preclinical" is written "pre-clinical" too (the index reads "pre" and "clinical").
  for (const m of question.matchAll(/\b(pre|post|non|anti|sub|inter|intra|peri|co|re|multi|poly|hyper|hypo|semi)([a-z]{4,})\b/gi)) {
    const [whole] = tokenize(m[0]);
    const split = tokenize(`${m[1]}-${m[2]}`);
    if (whole && split.length === 2 && !split.includes(whole)) add(whole, split);
  }
  for (const m of question.matchAll(/\b([A-Z][a-z]{2,})\s+([a-z]{3,})\b/g)) {
    const [genus, epithet] = [tokenize(m[1]!)[0], tokenize(m[2]!)[0]];
    if (genus && epithet) add(genus, [abbreviatedGenusTerm(m[1]![0]!, epithet)]);
  }
  // Typed in lower case ("mycoplasma hyorhinis"): a word ending as a genus does, then a Latin epithet.
  for (const m of question.matchAll(LOWER_CASE_BINOMIAL)) {
    const [genus, epithet] = [tokenize(m[1]!)[0], tokenize(m[2]!)[0]];
    if (genus && epithet) add(genus, [abbreviatedGenusTerm(m[1]![0]!, epithet)]);
  }
  // A proper name inside the question ("Newcastle") is written by the usual abbreviation of what it names ("NDV").
  for (const m of question.matchAll(/(?<=\S\s+)\b(\p{Lu}\p{Ll}{3,})\b/gu)) {
    const [typed] = tokenize(m[1]!);
    if (!typed) continue;
    for (const { short } of usualShortFormsHolding([typed])) if (short.length >= 3) add(typed, tokenize(short));
  }
  // A country no passage writes, told as where the asker is, is spoken of by the region it lies in ("…seconded to a
  // project in Bolivia and asked me about Chagas disease": "Chagas disease occurs primarily in Latin America"). (Not one
  // a question asks of: "How many horses died of AHS in Morocco in 1989-91?" is not answered of North Africa. And by the
  // region's own name, not "the Americas": "North America" is no part of it.)
  const told = question.split(/(?<=[.!?])\s+/).filter((sentence) => !/\?\s*$/.test(sentence)).join(" ");
  const regions = new Map<string, string[][]>();
  for (const [place] of told.matchAll(/\b\p{Lu}\p{Ll}+\b/gu)) {
    const [typed, ...more] = tokenize(place);
    const names = regionNamesOf(place).filter((name) => !/^the\s/i.test(name) && tokenize(name).length > 1);
    if (typed && !more.length && names.length) regions.set(typed, names.map((name) => tokenize(name)));
  }
  const doers = doersAsked(question);
  const placeAdjectives = new Set(placeAdjectivesIn(question).flatMap((word) => tokenize(word)));
  // A disease's abbreviation no passage writes may be written as its virus's, with a V ("RHD2" as "RHDV2"), and the reverse.
  const viruses = new Map<string, string[]>();
  // (Typed in lower case too when a type number says it is a code: "rhd2".)
  for (const [written] of question.matchAll(/\b(?:[A-Z]{3,6}\d{0,2}|[a-z]{3,5}\d{1,2})\b/g)) {
    const [typed] = tokenize(written);
    const [other] = virusForms(written.toUpperCase());
    if (typed && other) viruses.set(typed, [other]);
  }
  for (const t of terms) {
    if (t.df === 0 && viruses.has(t.term)) add(t.term, viruses.get(t.term)!);
    if (t.df === 0) for (const region of regions.get(t.term) ?? []) add(t.term, region);
    // A binomial a synonym stands for ("barber's pole worm": Haemonchus contortus) is written "H. contortus" too.
    for (const alternative of t.alternatives ?? []) if (alternative.length === 2 && /^[a-z]/.test(alternative[0]!)) add(t.term, [abbreviatedGenusTerm(alternative[0]![0]!, alternative[1]!)]);
    const code = /^([a-z]{2,})(\d{1,3})$/.exec(t.term);
    if (code) add(t.term, tokenize(`${code[1]}-${code[2]}`));
    // A code's plural keeps its "s" through the stemmer ("APOBEC3s"): the singular and the plural hold each other.
    if (/^[a-z]+\d+$/.test(t.term)) add(t.term, [`${t.term}s`]);
    else if (/^[a-z]+\d+s$/.test(t.term)) add(t.term, [t.term.slice(0, -1)]);
    for (const form of adjectiveForms(t.term)) add(t.term, [form]);
    // A place the question names by its adjective is written by its name ("a European supplier": "isolates from Europe").
    const region = placeAdjectives.has(t.term) ? regionOfAdjective(t.term) : undefined;
    if (region) add(t.term, [...region]);
    // A verb and its act, which Porter stems apart: "exposed" and "exposure"; and the doer a state asks of: "carrying" and "carriers".
    for (const form of actForms(t.term)) add(t.term, [form]);
    const doer = doers.get(t.term);
    if (doer) add(t.term, [doer]);
    // A word no passage writes, by its other forms: "anaemic" by "anaemia", "glomeruli" by "aglomerular"; a parasite's genus
    // by the disease named after it, "Haemonchus" by "haemonchosis", and the reverse. (Not a word the reviewed vocabulary
    // reads: a "wormer" is an anthelmintic, not a worm.)
    if (t.df === 0 && !t.alternatives?.length) for (const form of [...unwrittenForms(t.term), ...diseaseForms(t.term)]) add(t.term, [form]);
    // A name no passage writes, typed in lower case or carried from an earlier turn ("tembusu virus"), is written by the
    // usual abbreviation of what it names ("DTMUV"), as a capitalised one is above.
    if (t.df === 0) for (const short of shortFormsOfUnwrittenWord(t.term)) add(t.term, tokenize(short));
  }
  if (!forms.size) return terms;
  return terms.map((t) => {
    const form = forms.get(t.term)?.filter((f) => f.length);
    return form?.length ? { ...t, alternatives: [...(t.alternatives ?? []), ...form] } : t;
  });
}

/**
 * A verb and a noun made from it that Porter stems apart, each for the other: a verb and its act in "-sure" or "-lure"
 * ("exposed" is "expos", "exposure" is "exposur"; "fail" and "failure"; not "press" and "pressure").
 */
function actForms(term: string): string[] {
  if (/^[a-z]{3,}(?<!s)[sl]ur$/.test(term)) {
    const root = term.slice(0, -2);
    return [...new Set([tokenize(root)[0], tokenize(`${root}e`)[0]])].filter((form): form is string => form === root || form === `${root}e`);
  }
  // (From the verbs that make such acts, "expose", "close", "compose", "fail": another word is never given a form no text writes.)
  const root = term.replace(/e$/, "");
  if (/^(?:[a-z]{2,}os|fail)$/.test(root) && tokenize(`${root}ure`)[0] === `${root}ur`) return [`${root}ur`];
  return [];
}

/**
 * An animal said to be in the state of doing a thing, by its doer: "can they end up carrying it?", "could the hens be carrying
 * it?" ask whether they are carriers ("carrying" is "carri", "carriers" is "carrier"). (Not "what diseases do they carry?",
 * nor "carry it home".)
 */
function doersAsked(question: string): Map<string, string> {
  const doers = new Map<string, string>();
  for (const m of question.toLowerCase().matchAll(/\b(?:be|being|been|is|are|was|were|end up|ends up|ended up|remain|remains|stay|stays|still)\s+(?:\w+\s+)?([a-z]{3,}ying)\b/g)) {
    const [verb] = tokenize(m[1]!);
    if (verb?.endsWith("i") && tokenize(`${verb}er`)[0] === `${verb}er`) doers.set(verb, `${verb}er`);
  }
  return doers;
}

const LOWER_CASE_BINOMIAL = new RegExp(String.raw`(?<![\p{L}.])([a-z]{4,}${GENUS_ENDING})\s+(?=([a-z]{4,}(?:is|us|um|ae|ii|ensis|ica|oides|ans|ata|ina|ium|ella|ile|genes))\b)`, "gu");

/** Unknown terms (df 0) carry the IDF of a term seen in no chunk. */
export function termWeight(term: QueryTerm): number {
  return term.weight * term.idf;
}

/** Whether a text's terms hold a query term: the term itself, or all terms of one of its synonyms. */
export function holdsTerm(present: ReadonlySet<string>, term: QueryTerm): boolean {
  return present.has(term.term) || (term.alternatives?.some((alternative) => alternative.every((a) => present.has(a))) ?? false);
}

/**
 * Whether a text writes a name the question typed by one of its synonyms or long forms, as search read them: "ringworm"
 * in a paragraph on dermatophytosis, "TB" in one on bovine tuberculosis.
 */
export function writesOtherwise(name: string, text: string, terms: QueryTerm[]): boolean {
  const nameTerms = tokenize(name).map((t) => terms.find((q) => q.term === t));
  if (!nameTerms.length || !nameTerms.every((t) => t?.alternatives?.length)) return false;
  const held = textTerms(text);
  return nameTerms.every((t) => holdsTerm(held, t!));
}

/** Whether a text's terms hold these terms one after another. */
export function holdsInOrder(text: string[], phrase: string[]): boolean {
  if (!phrase.length) return false;
  for (let i = 0; i + phrase.length <= text.length; i++) if (phrase.every((t, k) => text[i + k] === t)) return true;
  return false;
}

export function coverage(terms: QueryTerm[], present: ReadonlySet<string>): number {
  return match(terms, present).coverage;
}

/** Share of the question's IDF mass a text holds, and that mass itself (nats). */
export function match(terms: QueryTerm[], present: ReadonlySet<string>): { coverage: number; evidence: number } {
  let total = 0;
  let matched = 0;
  for (const t of terms) {
    const w = termWeight(t);
    total += w;
    if (holdsTerm(present, t)) matched += w;
  }
  return { coverage: total > 0 ? matched / total : 0, evidence: matched };
}

export function isRelevant(m: { coverage: number; evidence: number }, threshold = ABSTAIN_BELOW): boolean {
  return m.coverage >= threshold || (m.evidence >= MIN_EVIDENCE && m.coverage >= MIN_COVERAGE_WITH_EVIDENCE);
}

export type Relevance<P extends PassageLike> = {
  /** Best coverage among the passages (0 when none). */
  best: number;
  /** Passages worth answering from, best first by coverage then by their search rank. */
  relevant: Array<ScoredPassage<P>>;
  /**
   * The relevant passages, then the others that hold at least NAMED_MIN_COVERAGE of the question: a passage
   * naming the question's pathogen ("T. vivax") can share fewer of its words than one about a relative.
   */
  passing: Array<ScoredPassage<P>>;
  abstain: boolean;
};

/** Coverage in steps of 0.1: within a step, the search's own order decides. */
const band = (c: number) => Math.floor(c * 10 + 1e-9);

export function judgeRelevance<P extends PassageLike>(terms: QueryTerm[], passages: P[], threshold = ABSTAIN_BELOW): Relevance<P> {
  const scored = passages.map((p, rank) => ({ ...p, ...match(terms, passageTerms(p)), rank }));
  const best = scored.reduce((m, p) => Math.max(m, p.coverage), 0);
  const passing = scored.filter((p) => isRelevant(p, threshold));
  if (!terms.length || !passing.length) return { best, relevant: [], passing: [], abstain: true };
  const bestPassing = passing.reduce((m, p) => Math.max(m, p.coverage), 0);
  const relevant = passing
    .filter((p) => p.coverage >= bestPassing * KEEP_RELATIVE_TO_BEST)
    // Search order within a coverage band: BM25/fusion knows term frequency and field weights.
    .sort((a, b) => band(b.coverage) - band(a.coverage) || a.rank - b.rank)
    .map(({ rank: _rank, ...p }) => p as ScoredPassage<P>);
  const relevantIds = new Set(relevant.map((p) => p.chunkId));
  const rest = scored
    .filter((p) => !relevantIds.has(p.chunkId) && p.coverage >= NAMED_MIN_COVERAGE)
    .map(({ rank: _rank, ...p }) => p as ScoredPassage<P>);
  return { best, relevant, passing: [...relevant, ...rest], abstain: false };
}
