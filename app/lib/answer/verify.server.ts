import escapeStringRegexp from "escape-string-regexp";
import { isEnglishWord, isStopWord, tokenize, type QueryTerm } from "../search/index.server";
import { MARKER, markerNumbers, PageNumbering, type SentencePages } from "./citations";
import { abbreviationsDefinedIn, namesThing, readable, requiredNames } from "./coverage.server";
import { definedAbbreviations, frameOf, isNamedDisease, mentionsGroup, sharesWord, mentionsSpecies, otherSpeciesIn, speciesIn, speciesLabel, withDigits, type Frame } from "./frame";
import { quotableSentences } from "./quotes.server";
import { holdsInOrder, holdsTerm } from "./relevance.server";
import { splitSentences } from "../sentences";
import type { NumberedPassage, PassageLike } from "./types";

/**
 * A model's answer is checked like a quote: every sentence must cite a passage, every number (with a unit
 * or without) and every species it names must be in the passage it cites, and most of its words must be
 * there too. A sentence that fails is dropped, and the answer says that part could not be verified. The
 * model writes fluently; this keeps it from writing a dose, a species or a claim the source does not give.
 */

/**
 * Share of a sentence's content words (stop words aside, stems compared) its cited passages must hold. A
 * faithful paraphrase keeps most of the source's words; a small local model's invented sentences cite
 * passage [1] and share little with it (citation precision 0.075 on VetBench before this check).
 */
export const MIN_SUPPORT = 0.5;

export const UNVERIFIED_NOTE = "_Part of the model's answer could not be verified against the cited passages and was left out._";

const UNITS = "mg\\/kg|mg\\/m2|µg\\/kg|μg\\/kg|mcg\\/kg|ml\\/kg|mL\\/kg|iu\\/kg|IU\\/kg|u\\/kg|U\\/kg|mg|µg|μg|mcg|ng|g|kg|ml|mL|l|L|dl|iu|IU|units?|mmol|µmol|mEq|%|per ?cent|percent|min(?:ute)?s?|h|hrs?|hours?|days?|d|wks?|weeks?|months?|mo|years?|yrs?|cm|mm|µm|m|°C|times|fold|x";
/** A number with its unit: "0.1 mg/kg", "12 hours", "35%", "2-3 weeks", "1.5–2 mg", "a 2-3-week life cycle". */
const QUANTITY = new RegExp(`(\\d+(?:[.,]\\d+)?)(?:\\s*(?:-|–|to)\\s*(\\d+(?:[.,]\\d+)?))?\\s*-?\\s*(${UNITS})(?![\\p{L}])`, "giu");

/** The passage numbers a sentence cites. */
const cited = (sentence: string) => [...sentence.matchAll(MARKER)].flatMap((m) => markerNumbers(m[1]!));

const numberForms = (n: string) => {
  const dot = n.replace(",", ".");
  return [dot, dot.replace(/\.0+$/, ""), dot.replace(".", ",")];
};

/** Does the passage text hold this number (as a number, not inside a longer one)? */
function holdsNumber(text: string, n: string): boolean {
  return numberForms(n).some((form) => new RegExp(`(?<![\\d.,])${form.replace(".", "\\.")}(?![\\d]|[.,]\\d)`).test(text));
}

/** One spelling per unit, so "2-3 weeks" matches "2 to 3 wks" and "35 %" matches "35 per cent". */
function unitKey(unit: string): string {
  const u = unit.toLowerCase().replace(/\s+/g, "").replace(/μ|mc(?=g)/g, "µ");
  if (u === "%" || u === "percent") return "%";
  if (/^(?:h|hrs?|hours?)$/.test(u)) return "h";
  if (/^(?:d|days?)$/.test(u)) return "d";
  if (/^(?:wks?|weeks?)$/.test(u)) return "wk";
  if (/^(?:mo|months?)$/.test(u)) return "mo";
  if (/^(?:yrs?|years?)$/.test(u)) return "yr";
  if (/^(?:mins?|minutes?)$/.test(u)) return "min";
  if (/^(?:units?|u)$/.test(u)) return "u";
  if (/^(?:times|fold|x)$/.test(u)) return "x";
  return u;
}

/** A number as a value: "0.10" is "0.1", "1,000" is "1000", "0,5" is "0.5". */
function numberKey(n: string): string {
  const plain = /^\d{1,3}(?:,\d{3})+$/.test(n) ? n.replace(/,/g, "") : n.replace(",", ".");
  return String(Number(plain));
}

/** Every value-with-unit a text gives ("0.1|mg/kg", "3|wk" for "2 to 3 weeks", "0.2|mg/kg" for "0.2 mg per kg"). */
function quantitiesIn(text: string): Set<string> {
  const normal = text
    .replace(/\b(mg|µg|μg|mcg|ml|mL|iu|IU|u|U)\s+(?:per|\/)\s*(kg|m2)\b/g, "$1/$2")
    .replace(/\b(mg|µg|μg|mcg|ml|mL)\s+(kg|m2)\s*(?:-1|−1|–1|⁻¹)/g, "$1/$2");
  const out = new Set<string>();
  for (const m of normal.matchAll(QUANTITY)) {
    const unit = unitKey(m[3]!);
    for (const v of [m[1], m[2]]) if (v) out.add(`${numberKey(v)}|${unit}`);
  }
  return out;
}

/** Words that turn a claim around: a "not" the source does not say makes its sentence say the opposite. */
const NEGATION = /\b(?:not|no|never|cannot|neither|nor|none|without)\b|n['’]t\b/i;

/** How a source says "not": also "unable", "fail to", "lacks" ("histopathological techniques do not enable…"). */
const SOURCE_NEGATION = /\b(?:not|no|never|cannot|neither|nor|none|without|unable|impossible|fail(?:s|ed)? to|lack(?:s|ed|ing)?|absen(?:t|ce))\b|n['’]t\b/i;
/** A negated source sentence holds the claim's "not" when it shares this share of the best-sharing sentence's words. */
const NEGATED_SHARE = 0.6;

/**
 * Does the source say the claim's "not"? A source sentence sharing about as many of the claim's words as the
 * one sharing most must be negated ("The greater omentum does not develop from the mesoderm" from a sentence
 * saying what it develops from is the opposite of a quote).
 */
function negationHeld(claimWords: Set<string>, sourceText: string): boolean {
  const sentences = splitSentences(sourceText).map(({ text }) => {
    const terms = new Set(tokenize(text));
    let shared = 0;
    for (const t of claimWords) if (terms.has(t)) shared++;
    return { shared, negated: SOURCE_NEGATION.test(text) };
  });
  const best = Math.max(0, ...sentences.map((s) => s.shared));
  return sentences.some((s) => s.negated && s.shared >= Math.max(2, NEGATED_SHARE * best));
}

/** Consecutive source sentences a claim may draw on: a paraphrase says what a sentence or two say. */
const SAID_TOGETHER_SENTENCES = 3;
/** Share of the claim's words found in its passage that those few sentences must hold. */
const SAID_TOGETHER_SHARE = 0.75;

/**
 * Does the source say the claim's words together, within a few consecutive sentences? Words found all over a passage can
 * make a claim it never states: "equine influenza causes liver dysfunction" from a paragraph that names the virus in one
 * sentence and the liver several sentences on.
 */
function saidTogether(claimWords: Set<string>, sourceText: string): boolean {
  const sentences = splitSentences(sourceText).map(({ text }) => new Set(tokenize(text)));
  if (sentences.length <= SAID_TOGETHER_SENTENCES) return true;
  const inPassage = [...claimWords].filter((t) => sentences.some((terms) => terms.has(t)));
  for (let i = 0; i + SAID_TOGETHER_SENTENCES <= sentences.length; i++) {
    const window = sentences.slice(i, i + SAID_TOGETHER_SENTENCES);
    const held = inPassage.filter((t) => window.some((terms) => terms.has(t))).length;
    if (held >= SAID_TOGETHER_SHARE * inPassage.length) return true;
  }
  return false;
}

/**
 * The things a claim names (drugs, pathogens, conditions, proper nouns, acronyms and codes, as a question's are read)
 * that its passages do not: "…transmitted by Rhipicephalus bionyx" from a passage naming only the genus, an
 * acronym the model made up. A name is held when the passage writes it, spelled as the question checks read it
 * ("B. ovis", an acronym spelled out) or in another spelling of the same words ("anemia", "anaemia").
 */
function unheldNames(claim: string, sourceText: string, sourceTerms: ReadonlySet<string>, asked: QueryTerm[]): string[] {
  const frame = frameOf(readable(claim));
  const names = [...requiredNames(frame), ...frame.conditions, ...frame.acronyms];
  // (Or the question's own abbreviation as search read it: "TL spine" asked, "thoracolumbar spine" in the passage.)
  const readAs = (t: string) => asked.some((term) => term.term === t && holdsTerm(sourceTerms, term));
  const held = (name: string) => namesThing(name, sourceText) || (!BINOMIAL_FORM.test(name) && tokenize(name).every((t) => sourceTerms.has(t) || readAs(t)));
  // An organism's binomial the question reading takes for a proper noun and a word ("Rhipicephalus bionyx"): a genus and
  // an epithet that are no English words ("Rhipicephalus ticks", "Sheep anthelmintics" are not binomials).
  for (const m of readable(claim).matchAll(BINOMIAL_NAME)) {
    const [genus, epithet] = [m[1]!, m[2]!];
    if ((genus.endsWith(".") || !isEnglishWord(genus)) && !isEnglishWord(epithet)) names.push(`${genus} ${epithet}`);
  }
  return [...new Set(names)].filter((name) => !held(name));
}

/**
 * A word the model made up: no English word, not in its passage (nor another form of a passage's word) and not the
 * question's. "Scrapeye has been found in different breeds…" shares enough words with a passage on scrapie to pass the
 * share of words, and names a disease no one has.
 * (Lower case or capitalised words of letters only: codes and abbreviations are checked as names.)
 */
function madeUpWord(claim: string, sourceText: string, sourceTerms: ReadonlySet<string>, asked: QueryTerm[]): string | null {
  const askedTerms = new Set(asked.map((t) => t.term));
  const sourceStems = [...sourceTerms].filter((t) => t.length >= MADE_UP_PREFIX);
  for (const m of readable(claim).matchAll(/(?<![\p{L}\p{N}-])\p{L}\p{Ll}{4,}(?![\p{L}\p{N}-])(?=(?:\s+(\p{Ll}{3,}))?)/gu)) {
    const word = m[0];
    const [term] = tokenize(word);
    if (!term || sourceTerms.has(term) || askedTerms.has(term) || isEnglishWord(word)) continue;
    // (Another form of a word the passage writes: "granulomas" beside "granulomatous".)
    if (term.length >= MADE_UP_PREFIX && sourceStems.some((t) => t.slice(0, MADE_UP_PREFIX) === term.slice(0, MADE_UP_PREFIX))) continue;
    // (A genus the passage writes by its initial: "Babesia ovis" for "B. ovis".)
    if (m[1] && /^\p{Lu}/u.test(word) && new RegExp(`\\b${word[0]}\\.\\s?${escapeStringRegexp(m[1])}\\b`, "u").test(sourceText)) continue;
    return word;
  }
  return null;
}
/** Letters a word shares at its start with a passage's word to be read as another form of it. */
const MADE_UP_PREFIX = 6;

/** A binomial is held only as one (its epithet with its genus): "Babesia bovis" is not "Mycobacterium bovis". */
const BINOMIAL_FORM = /^\p{Lu}\S*\s+\p{Ll}+$/u;
/** A genus, written out or by its initial, then a lower-case word: "Babesia ovis", "B. ovis". */
const BINOMIAL_NAME = /\b(\p{Lu}\p{Ll}{2,}|\p{Lu}\.)\s+(\p{Ll}{3,})\b/gu;

/**
 * A long form the claim gives is the passage's: its words, or the passage's with a head noun after them ("ubiquitin-specific
 * protease family (UBP)" for the passage's "ubiquitin-specific protease (UBP) family").
 */
const sameLongForm = (claimed: string[], own: string[]) =>
  claimed.every((t) => own.includes(t)) || (own.length > 0 && own.every((t) => claimed.includes(t)) && claimed.length <= own.length + 1);

/** Letters and digits of an abbreviation, as compared ("CAV-1", "CAV 1" and "cav1" are one). */
const abbreviationKey = (abbreviation: string) => abbreviation.toLowerCase().replace(/[^a-z0-9]/g, "");

/**
 * An abbreviation the claim spells out otherwise than its passage: "Canine hepatitis A (CAV-1)" where the passage
 * writes "Canine adenovirus 1 [CAV-1]". The long form must be one the passage gives the abbreviation, or be written in
 * the passage word for word; an abbreviation the passage never writes is left to the other checks.
 */
function misnamedAbbreviation(claim: string, sourceText: string, sourceWords: string[]): string | null {
  for (const defined of definedAbbreviations(readable(claim))) {
    const { abbreviation } = defined;
    // (The shortest long form: "caused by Canine hepatitis A (CAV-1)" spells CAV-1 as "Canine hepatitis A".)
    let from = 0;
    defined.words.forEach((w, i) => {
      if (w[0] === defined.words[0]![0]) from = i;
    });
    const words = defined.words.slice(from);
    const key = abbreviationKey(abbreviation);
    if (!key || (!sourceWords.includes(key) && !sourceWords.some((w, i) => abbreviationKey(`${w}${sourceWords[i + 1] ?? ""}`) === key))) continue;
    const long = tokenize(words.join(" "));
    const given = abbreviationsDefinedIn(sourceText).filter((a) => abbreviationKey(a.abbreviation) === key);
    if (given.some((a) => sameLongForm(long, tokenize(a.words.join(" "))))) continue;
    if (holdsInOrder(sourceWords, long)) continue;
    return `it writes ${abbreviation} as "${words.join(" ")}", which the cited passage does not`;
  }
  return null;
}

/** An author and year as papers cite them: "(Schnittger et al., 2013)", "Kennan and others 2014", "(Nys 1999)". */
const AUTHOR_YEAR = /\b(\p{Lu}[\p{L}'’-]+)(?:\s+(?:et\s+al\.?|and\s+others|(?:and|&)\s+\p{Lu}[\p{L}'’-]+))?,?\s+\(?((?:19|20)\d\d)[a-z]?\b/gu;
/** How far after an author's name the year may follow in the passage ("Schnittger et al., 2012"), within one reference. */
const AUTHOR_YEAR_SPAN = 40;

/** A study the claim attributes to an author and year its passage does not pair ("Schnittger et al, 2013" for 2012). */
function misattributedStudy(claim: string, sourceText: string): string | null {
  const source = readable(sourceText);
  for (const m of claim.matchAll(AUTHOR_YEAR)) {
    const [author, year] = [m[1]!, m[2]!];
    if (!new RegExp(`${escapeStringRegexp(author)}[^;()\\[\\]]{0,${AUTHOR_YEAR_SPAN}}?${year}`, "u").test(source)) return `the cited passage does not give ${author} ${year}`;
  }
  return null;
}

/** A sentence that breaks off inside brackets it opened ("Small ruminants (e."): a fragment, whatever its words. */
function breaksOff(claim: string): boolean {
  const text = readable(claim);
  return (text.match(/\(/g)?.length ?? 0) > (text.match(/\)/g)?.length ?? 0);
}

/**
 * A sentence that ends on a word that needs more after it ("…as an alternative to animal feed for human consumption, and
 * [1].", "…can develop immunity against equine influenza A virus, while [1]."): a fragment. (Not a preposition, which
 * English may end on: "the hosts they live in".)
 */
const ENDS_OPEN = /(?:^|[\s,;])(and|or|but|nor|the|a|an|than|including|whereas|while|although|though|because)[\s.,;:]*$/i;

/**
 * A sentence that breaks off inside LaTeX math it opened ("…including $B."): a model copying a passage's "$B$" cut short.
 * An odd number of dollar signs, one of them opening math (before a letter, a backslash, a brace or a script); a price
 * ("$5") opens none.
 */
function breaksOffInMath(claim: string): boolean {
  const dollars = claim.match(/\$/g)?.length ?? 0;
  return dollars % 2 === 1 && /\$(?=[\p{L}\\{^_])/u.test(claim);
}

/** The number a list or a section puts before a sentence: "1.1.2: …", "3) …", "1.1 In naïve horses…" (dotted, then a capital). */
const LIST_NUMBER = /^\s*(?:\d+(?:\.\d+)*[:.)]\s|\d+(?:\.\d+)+\s+(?=\p{Lu}\p{Ll}))/u;

/** Why a sentence cannot stand on its passages, or null when it can. */
export function unsupported(
  sentence: string,
  passages: Map<number, Pick<PassageLike, "text" | "title" | "heading">>,
  /** The question's terms as searched, with the long forms search read its abbreviations as. */
  questionTerms: QueryTerm[] = [],
): string | null {
  const numbers = cited(sentence).filter((n) => passages.has(n));
  if (!numbers.length) return "cites no passage";
  const sources = numbers.map((n) => passages.get(n)!);
  const sourceText = sources.map((p) => `${p.title}\n${p.heading ?? ""}\n${p.text}`).join("\n");
  // Numbers written as words in the source ("every three months") count as the digits a model writes.
  const sourceNumbers = withDigits(sourceText);
  const claim = sentence.replace(MARKER, " ");
  if (breaksOff(claim)) return "it breaks off inside brackets (a fragment)";
  if (breaksOffInMath(claim)) return "it breaks off inside LaTeX math (a fragment)";
  const open = ENDS_OPEN.exec(readable(claim));
  if (open) return `it breaks off after "${open[1]}" (a fragment)`;
  // A number with a unit must be in the passage with that unit: "2-3 weeks" is not the "2" and "3" of a reference list.
  let given: Set<string> | null = null;
  for (const m of claim.matchAll(QUANTITY)) {
    const values = [m[1]!, m[2]].filter((v): v is string => Boolean(v));
    if (values.some((v) => !holdsNumber(sourceNumbers, v))) return `the number ${m[0].trim()} is not in the cited passage`;
    given ??= quantitiesIn(sourceNumbers);
    const unit = unitKey(m[3]!);
    if (values.some((v) => !given!.has(`${numberKey(v)}|${unit}`))) return `the passage does not give ${m[0].trim()}`;
  }
  // A run of numbers joined by dots ("2.3.4.5.0.6.7…", a small model's babble, or a section number) must be written so.
  // (Not the number a list puts before a sentence, "1.1.2: This passage…", "1.1 In naïve horses…": it says nothing.)
  const listed = claim.replace(LIST_NUMBER, " ");
  for (const m of listed.matchAll(/(?<![\p{L}\d])\d+(?:\.\d+){2,}/gu)) {
    if (!sourceText.includes(m[0])) return `the numbers ${m[0]} are not in the cited passage`;
  }
  // Bare numbers too ("2.3, 4.5 and 6.7"), not only those with a unit
  for (const m of listed.matchAll(/(?<![\p{L}\d.,])\d+(?:[.,]\d+)?(?![\d]|[.,]\d)/gu)) {
    if (!holdsNumber(sourceNumbers, m[0])) return `the number ${m[0]} is not in the cited passage`;
  }
  const named = speciesIn(claim);
  const present = speciesIn(sourceText);
  for (const id of named.species) if (id !== "human" && !mentionsSpecies(present, id)) return `the species "${id}" is not in the cited passage`;
  for (const g of named.groups) if (!mentionsGroup(present, g)) return "a species group is not in the cited passage";
  // "The passages provide a detailed explanation of …" tells the reader nothing the passage says; "The passage
  // shows that X" says X, and is checked as X (its numbers and species were checked above).
  // ("The answer is also included within the response to the question about…" speaks of the answer, not of the subject.)
  if (ABOUT_THE_ANSWER.test(claim.trim())) return "it speaks of the answer instead of saying what the passages say";
  const about = ABOUT_THE_PASSAGES.exec(claim.trim());
  const checked = about ? reportedClaim(claim.trim(), about) : claim;
  if (checked === null) return "it describes the passages instead of saying what they say";
  const words = new Set(tokenize(checked, isStopWord).filter((t) => !/^\d/.test(t)));
  if (!words.size) return "it has no words to check (a bare number or heading)";
  const sourceWords = tokenize(readable(sourceText));
  const held = new Set(sourceWords);
  const share = [...words].filter((t) => held.has(t)).length / words.size;
  if (share < MIN_SUPPORT) return `only ${Math.round(share * 100)} % of its words are in the cited passage`;
  const unheld = unheldNames(claim, sourceText, held, questionTerms);
  if (unheld.length) return `it names ${unheld.join(", ")}, which the cited passage does not`;
  const madeUp = madeUpWord(checked, sourceText, held, questionTerms);
  if (madeUp) return `it writes "${madeUp}", which neither the cited passage nor a dictionary holds`;
  const misnamed = misnamedAbbreviation(claim, sourceText, sourceWords) ?? misattributedStudy(claim, sourceText);
  if (misnamed) return misnamed;
  if (!saidTogether(words, sourceText)) return "its words are in the cited passage, but not said together there";
  if (NEGATION.test(checked) && !negationHeld(words, sourceText)) return "it says \"not\" where its passage does not";
  return null;
}

/**
 * A sentence about the material rather than the question: its subject is the passages ("The passage discusses
 * …", "These passages provide …", "The passage number 2 is about …", "The passage about FCoV can be found …").
 * "The passage of meconium …" and "the source of infection" are medicine, not the material.
 */
// (Behind a list's number or bullet too: "1.1.2: The passage describes how…"; and behind a lead-in: "In summary, the
// passages provide…", "Overall, these sources…".)
const ABOUT_THE_PASSAGES =
  /^(?:\d{1,2}(?:\.\d{1,2})*\s*[.:)]\s*|[-*•]\s+)?(?:(?:in\s+(?:this\s+context|summary|sum|conclusion|short|brief|general|addition|particular)|overall|to\s+(?:summari[sz]e|conclude|sum\s+up)|(?:taken\s+)?together|collectively|altogether|additionally|furthermore|moreover|however|also|finally|thus|therefore|so)\s*,?\s+)?(?:the|these|this|both|all)\s+(?:\w+\s+)?(?:passages?|sources?|texts?|documents?|excerpts?)\b(?!\s+(?:of|through|into|from|for)\b)/i;

/** A sentence whose subject is the answer or the question itself: "The answer is also included…", "The question is…". */
// (Not a response of the body: "The immune response is…", "The response to treatment was…".)
const ABOUT_THE_ANSWER =
  /^(?:\d{1,2}(?:\.\d{1,2})*\s*[.:)]\s*|[-*•]\s+)?(?:(?:also|finally|overall|so|thus|therefore|however)\s*,?\s+)?(?:the|this|that|my|our)\s+(?:answer|question|query|reply)(?:\s+to\s+(?:the|your|this|that)\s+question)?\s+(?:is|was|are|were|can|could|lies|appears|comes|has\s+been|have\s+been)\b/i;

/** A verb of reporting, then what is reported: "…show that X", "…provide evidence that X", "…give a detailed account of how X". */
const REPORTS =
  /^\s*(?:\[\d+(?:[,–-]\s*\d+)*\]\s*)?(?:also\s+|further\s+|clearly\s+|briefly\s+)?(?:(?:shows?|showed|states?|stated|says?|said|describes?|described|explains?|explained|indicates?|indicated|suggests?|suggested|notes?|noted|reports?|reported|demonstrates?|demonstrated|confirms?|confirmed|mentions?|mentioned|highlights?|highlighted|discuss(?:es)?|discussed|outlines?|outlined)|(?:provides?|provided|gives?|gave|offers?|offered)\s+(?:(?:a|an|some|clear|strong|further)\s+)?(?:\w+\s+)?(?:evidence|information|details?|explanation|description|account|overview|summary)(?:\s+(?:of|on|about))?)\s+(that|how)\s+(.+)$/i;

/** Content words a reported claim needs to say something ("…describes how it works" says nothing). */
const MIN_REPORTED_WORDS = 3;

/**
 * The claim a sentence about the passages reports ("The passages provide evidence that histopathology alone
 * cannot tell Neospora from Toxoplasma", "This passage describes how the test is read"), or null when it
 * reports none, or only what the passages do not say (an absence is not checkable against them).
 */
function reportedClaim(sentence: string, about: RegExpExecArray): string | null {
  const rest = sentence.slice(about[0].length);
  // (Said by a verb of reporting right after the passages: not a "that" inside a title the sentence quotes, "The passage
  // \"…risk behaviours that increase HIV infection…\" contains passages with numbers", nor after "is a reference to a
  // question that asks about how…".)
  const clause = REPORTS.exec(rest);
  if (!clause || NEGATION.test(rest.slice(0, clause.index))) return null;
  const words = tokenize(clause[2]!, isStopWord).filter((t) => !/^\d/.test(t));
  return words.length >= MIN_REPORTED_WORDS ? clause[2]! : null;
}

/** Words a report of how something happens must add to the question's own for it to say anything. */
const MIN_HOW_WORDS_BEYOND_QUESTION = 2;

/**
 * "The passages provide a detailed explanation of how Sertoli cells promote spermatogenesis and protect germ cells" for
 * "Explain how Sertoli cells promote spermatogenesis and protect germ cells": a report of *how* something happens whose
 * words are the question's own says that the passages answer it, not what they say. ("The passage shows that X" states
 * X, and a yes-or-no question is answered by stating it.)
 */
function reportsHowAsked(claim: string, terms: QueryTerm[]): boolean {
  const about = ABOUT_THE_PASSAGES.exec(claim.trim());
  const clause = about ? REPORTS.exec(claim.trim().slice(about[0].length)) : null;
  if (clause?.[1]?.toLowerCase() !== "how") return false;
  const beyond = tokenize(clause[2]!, isStopWord).filter((t) => !/^\d/.test(t) && !terms.some((term) => holdsTerm(new Set([t]), term)));
  return new Set(beyond).size < MIN_HOW_WORDS_BEYOND_QUESTION;
}

/** Markers (and the space before them) at the very start of a split sentence. */
const LEADING_MARKERS = new RegExp(`^(?:\\s*${MARKER.source})+`);

/**
 * A line's sentences, each with the markers that follow its full stop: "Dose is 0.1 mg/kg. [1] Give it
 * daily. [2]" splits as "Dose is 0.1 mg/kg." and "[1] Give it daily. [2]", but "[1]" cites the sentence
 * before it (the extractive answerer and many models place markers so), so it is moved back there.
 */
export function claimSentences(body: string): string[] {
  const out: string[] = [];
  for (const { text } of splitSentences(body)) {
    const lead = out.length ? LEADING_MARKERS.exec(text)?.[0] : undefined;
    if (!lead) {
      out.push(text);
      continue;
    }
    out[out.length - 1] += ` ${lead.trim()}`;
    const rest = text.slice(lead.length).trim();
    if (rest) out.push(rest);
  }
  return out;
}

/** Lines that carry no claim: headings, notes in italics, a lead-in ending with a colon, a blank line. */
const STRUCTURE = /^\s*(#{1,6}\s|_.*_\s*$|\*\*[^*]+\*\*:?\s*$|[^.!?]*:\s*$|$)/;

/** A list item's bullet or number, with the space after it. */
const BULLET = /^\s*(?:[-*+]|\d+[.)])\s+/;

/** `kept`: the sentences that passed (claims, not headings or notes). */
export type VerifiedAnswer = {
  text: string;
  kept: number;
  dropped: Array<{ sentence: string; reason: string }>;
};

/** A claim's sentence as compared for repeats: markers and punctuation aside. */
const claimKey = (sentence: string) => sentence.replace(MARKER, " ").toLowerCase().replace(/[\s.,;:!?]+/g, " ").trim();

/** The claim sentences of an answer's lines (headings, notes and lead-ins aside). */
function claimsOf(text: string): string[] {
  return text.split("\n").flatMap((line) => (STRUCTURE.test(line) ? [] : claimSentences(line.replace(BULLET, ""))));
}

/** Every sentence of this answer was in the earlier one: a follow-up answered with the last answer again. */
export function repeatsAnswer(text: string, earlier: string | undefined): boolean {
  if (!earlier) return false;
  const said = new Set(claimsOf(earlier).map(claimKey));
  const claims = claimsOf(text);
  return claims.length > 0 && claims.every((c) => said.has(claimKey(c)));
}

/** What was asked, to check a model's sentences against the question as well as against their passages. */
export type AskedQuestion = {
  frame: Pick<Frame, "species" | "groups"> & Partial<Pick<Frame, "conditions" | "pathogens" | "acronyms">>;
  terms: QueryTerm[];
  /** The question as asked: one asking for other diseases ("what else could it be?") is answered by naming them. */
  question?: string;
  /** What the model was told to do (its system message): a sentence saying it again is no claim of the passages. */
  instructions?: string;
};

/** Words in a row a sentence shares with the instructions to be a saying of them ("…must be exactly as passages state them; never convert"). */
const ECHO_RUN = 5;

/** The runs of ECHO_RUN words in a row a text writes. */
const runsOf = (text: string) => {
  const words = tokenize(text);
  return new Set(words.slice(0, Math.max(0, words.length - ECHO_RUN + 1)).map((_, i) => words.slice(i, i + ECHO_RUN).join(" ")));
};

/**
 * Does a sentence repeat the model's instructions: ECHO_RUN content words in a row as the instructions write them, and its
 * cited passages do not? (A clinic's own instructions may name what a passage says too.)
 */
function echoesInstructions(claim: string, told: ReadonlySet<string>, citedTexts: string[]): boolean {
  if (!told.size) return false;
  const sourced = runsOf(citedTexts.join("\n"));
  return [...runsOf(claim)].some((run) => told.has(run) && !sourced.has(run));
}

/** A question asking for diseases besides the one it names: differentials, look-alikes, what else. */
const DIFFERENTIALS = String.raw`differentials?|ddx|what else|which other|other (?:diseases?|conditions?|causes?|infections?)|confused with|mistaken for|looks? like|mimics?|rule out`;
const DIFFERENTIALS_ASKED = new RegExp(String.raw`\b(?:${DIFFERENTIALS})\b`, "i");
/** …or comparing it with others ("distinguish", "related", "similar"). */
const OTHER_DISEASES_ASKED = new RegExp(String.raw`\b(?:${DIFFERENTIALS}|distinguish|tell (?:it|them) apart|related|same (?:bug|virus|thing|disease)|similar)\b`, "i");

/** A sentence that points back to what the answer is about ("It is often confused with orf"). */
// (Not "that" relating a clause: "…a TSE that affects sheep".)
const POINTS_BACK = /\b(?:it|its|this|these|those|(?:that|the) (?:disease|virus|infection|condition|illness|agent|pathogen))\b/i;
/** A condition named for the organism that causes it ("feline coronavirus"): a pathogen, which may be the asked disease's cause. */
const ORGANISM_NAME = /(?:virus|viruses|bacter\w*|coccus|cocci|bacill\w*|plasma|myces)$/i;
/** Do the initials of words written in a row spell the abbreviation ("bovine viral diarrhoea" for "BVD")? */
const spells = (acronym: string, text: string) => {
  const letters = acronym.toLowerCase().replace(/[^a-z]/g, "");
  const initials = text.split(/[^\p{L}]+/u).filter((w) => w && !isStopWord(w.toLowerCase())).map((w) => w[0]!.toLowerCase()).join("");
  return letters.length >= 2 && initials.includes(letters);
};

/**
 * Another disease than the asked one, named by a sentence that names none of the question's own diseases, pathogens or
 * abbreviations and points back to nothing ("Scrapie is a TSE of sheep and goats" in an answer on goat pox): true of its
 * passage, not of what was asked. Null for a question naming no disease, or asking for other diseases.
 */
function anotherDisease(claim: string, { frame, question }: AskedQuestion): string | null {
  const asked = [...(frame.conditions ?? []), ...(frame.pathogens ?? []), ...(frame.acronyms ?? [])];
  if (!asked.length || OTHER_DISEASES_ASKED.test(question ?? "") || POINTS_BACK.test(claim)) return null;
  const named = frameOf(readable(claim)).conditions.filter((c) => isNamedDisease(c) && !ORGANISM_NAME.test(c));
  if (!named.length) return null;
  const words = new Set(tokenize(claim));
  const ofAsked = (thing: string) =>
    tokenize(thing).every((t) => words.has(t)) || spells(thing, claim) || named.some((n) => sharesWord(n, thing) || (!/\s/.test(n) && spells(n, thing)));
  return asked.some(ofAsked) ? null : named[0]!;
}

/**
 * Is a sentence drawn from a paragraph that names none of the diseases, pathogens or abbreviations the question names?
 * It then says of that paragraph's own subject what a reader takes of the asked one: "The disease is endemic in many
 * countries worldwide" from the page on PPR in an answer on periodontal disease, or "…there are no direct measures
 * available for measuring liver functions…" from the page after the one on SCID. (Not for a question asking for
 * differentials: the disease pointed back to may be one the answer names.)
 */
function drawnFromElsewhere(claim: string, cited: CitedText, { frame, question }: AskedQuestion): boolean {
  const asked = [...(frame.conditions ?? []), ...(frame.pathogens ?? []), ...(frame.acronyms ?? [])];
  if (!asked.length || DIFFERENTIALS_ASKED.test(question ?? "")) return false;
  // (In the paragraph the sentence is drawn from, the one before it or the passage's heading: a chunk may run on into a
  // page about the asked disease, and a paragraph on a disease may name it only in the one before.)
  const claimWords = tokenize(claim, isStopWord);
  // (The paragraph before on the same page only: SCID on one page says nothing of the liver function the next page speaks of.)
  const paragraphs = cited.text.split(PAGE_BREAK).flatMap((page, pageIndex) =>
    page
      .split(/\n+/)
      .filter((p) => p.trim())
      .map((text) => ({ text, page: pageIndex })),
  );
  const heldIn = (p: string) => new Set(tokenize(readable(p)));
  const shares = paragraphs.map((p) => {
    const held = heldIn(p.text);
    return claimWords.filter((t) => held.has(t)).length;
  });
  const at = shares.indexOf(Math.max(0, ...shares));
  const before = at > 0 && paragraphs[at - 1]!.page === paragraphs[at]!.page ? paragraphs[at - 1]!.text : "";
  const source = [cited.headings, before, paragraphs[at]?.text ?? ""].join("\n");
  const held = heldIn(source);
  return !asked.some((thing) => tokenize(thing).every((t) => held.has(t)) || spells(thing, source));
}
/** The text of the passages a sentence cites, each page's after a PAGE_BREAK, and their titles and headings. */
type CitedText = { text: string; headings: string };

/** Where a page of a cited passage begins, or another passage. */
const PAGE_BREAK = "\f";

/** A passage's text with a PAGE_BREAK where each of its pages after the first begins (by its layout). */
function withPageBreaks(p: PassageLike): string {
  const starts = (p.layout?.pages ?? []).map((x) => x.offset).filter((offset) => offset > 0 && offset < p.text.length);
  return [0, ...starts].map((start, i, all) => p.text.slice(start, all[i + 1])).join(PAGE_BREAK);
}

/**
 * Why a sentence does not answer what was asked, or null: it names species and none of them is asked ("In
 * dogs, 5 mg/kg [1]" in an answer about cats is true of its passage and wrong for the patient), or it holds
 * none of the question's words as searched (a true sentence of the passage about something else).
 */
export function offQuestion(sentence: string, asked: AskedQuestion, cited?: CitedText): string | null {
  const claim = sentence.replace(MARKER, " ");
  const other = otherSpeciesIn(asked.frame, claim);
  if (other.length) return `it is about ${other.map(speciesLabel).join(" and ")}, not the species asked about`;
  const disease = anotherDisease(claim, asked);
  if (disease) return `it is about ${disease}, not the disease asked about`;
  if (cited !== undefined && drawnFromElsewhere(claim, cited, asked)) {
    return POINTS_BACK.test(claim) ? "it says \"the disease\" (or \"it\") of a passage that does not name what was asked" : "it is drawn from a paragraph that does not name what was asked";
  }
  if (!asked.terms.length) return null;
  const words = new Set(tokenize(claim));
  if (!asked.terms.some((t) => holdsTerm(words, t))) return "it holds none of the question's words";
  return reportsHowAsked(claim, asked.terms) ? "it says the passages explain what was asked instead of saying what they say" : null;
}

/**
 * The answer with every sentence that fails its check left out (and a note saying so when one was). With the
 * question, a sentence about other species than the asked ones, or about none of its words, fails too.
 */
export function verifyModelAnswer(text: string, passages: Array<NumberedPassage<PassageLike>>, asked?: AskedQuestion): VerifiedAnswer {
  const byNumber = new Map(passages.map((p) => [p.number, p]));
  // (The instructions' runs of words, read once for all the answer's sentences.)
  const told = runsOf(asked?.instructions ?? "");
  const dropped: VerifiedAnswer["dropped"] = [];
  let keptSentences = 0;
  const said = new Set<string>();
  const lines: string[] = [];
  for (const line of text.split("\n")) {
    if (STRUCTURE.test(line)) {
      lines.push(line);
      continue;
    }
    const bullet = BULLET.exec(line)?.[0] ?? "";
    const body = line.slice(bullet.length);
    const kept = claimSentences(body).filter((sentence) => {
      // A small model says the same sentence again (markers aside): once is enough, and it is not a failed check.
      const key = claimKey(sentence);
      if (said.has(key)) return false;
      said.add(key);
      // (A small model may say its instructions back as if the passages said them: "The passage for the answer … is: 'Doses,
      // species, routes and intervals must be exactly as passages state them; never convert.'")
      const citedTexts = cited(sentence).flatMap((n) => byNumber.get(n)?.text ?? []);
      const echo = echoesInstructions(sentence.replace(MARKER, " "), told, citedTexts) ? "it repeats the model's instructions" : null;
      const headings = cited(sentence).flatMap((n) => [byNumber.get(n)?.title ?? "", byNumber.get(n)?.heading ?? ""]);
      const pages = cited(sentence).flatMap((n) => (byNumber.has(n) ? [withPageBreaks(byNumber.get(n)!)] : []));
      const reason = echo ?? unsupported(sentence, byNumber, asked?.terms) ?? (asked ? offQuestion(sentence, asked, { text: pages.join(PAGE_BREAK), headings: headings.join("\n") }) : null);
      if (reason) dropped.push({ sentence, reason });
      return !reason;
    });
    keptSentences += kept.length;
    if (kept.length) lines.push(bullet + kept.join(" "));
  }
  let out = lines.join("\n").replace(/\n{3,}/g, "\n\n").trim();
  // Headings or lead-ins left with nothing under them say nothing.
  if (!/[.!?)\]]/.test(out.replace(STRUCTURE_LINES, ""))) out = "";
  if (dropped.length && out) out = `${out}\n\n${UNVERIFIED_NOTE}`;
  return { text: out, kept: out ? keptSentences : 0, dropped };
}

const STRUCTURE_LINES = /^\s*(#{1,6}\s.*|_.*_|\*\*[^*]+\*\*:?|[^.!?\n]*:)\s*$/gm;

/** A model sentence is cited at the page of its passage's sentence that holds at least this share of its words. */
const SAME_SENTENCE_SHARE = 0.5;

/**
 * The two sentences of a passage a model sentence sums up, where no one sentence holds SAME_SENTENCE_SHARE of its words
 * and the two together do, on one page or two pages running ("…is 0.1 mg/kg orally, a COX-2 inhibitor used in cats."):
 * cited at their pages, not the chunk's whole range; null where no two do.
 */
function drawnFromTwo(units: ReadonlyArray<{ terms: Set<string>; pages: number[]; pageLabel: string | null; raw: string }>, claim: Set<string>): SentencePages | null {
  if (!claim.size) return null;
  const held = (unit: { terms: Set<string> }) => [...claim].filter((t) => unit.terms.has(t));
  let best: { pages: number[]; pageLabel: string | null; raw: string; also: string[] } | null = null;
  let bestCovered = Math.ceil(claim.size * SAME_SENTENCE_SHARE) - 1;
  for (const [i, a] of units.entries()) {
    const fromA = held(a);
    for (const b of units.slice(i + 1)) {
      const covered = new Set([...fromA, ...held(b)]).size;
      const pages = [...new Set([...a.pages, ...b.pages])].sort((x, y) => x - y);
      // (Each must add words of its own, and they must be on pages running on: else the claim is the passage's.)
      if (covered <= bestCovered || covered === fromA.length || covered === held(b).length || pages[pages.length - 1]! - pages[0]! > 1) continue;
      best = { pages, pageLabel: a.pages[0] === pages[0] ? a.pageLabel : b.pageLabel, raw: a.raw, also: [b.raw] };
      bestCovered = covered;
    }
  }
  return best;
}

/**
 * Cites each sentence of a (verified) model answer at the page it draws on: the page of the cited
 * passage's sentence that shares most of its words, so "[2]" names "pg. 34", not the chunk's "32-34".
 * Markers are renumbered over the narrowed passages; a sentence that sums up two of its sentences is cited at
 * their pages, and one that matches neither one nor two keeps its passage's pages.
 */
export function citeSentencePages(text: string, passages: Array<NumberedPassage<PassageLike>>): { text: string; passages: Array<NumberedPassage<PassageLike>> } {
  const byNumber = new Map(passages.map((p) => [p.number, p]));
  const sentencesOf = new Map<
    number,
    Array<{
      terms: Set<string>;
      pages: number[];
      pageLabel: string | null;
      raw: string;
    }>
  >();
  const unitsOf = (p: NumberedPassage<PassageLike>) => {
    let units = sentencesOf.get(p.number);
    if (!units) {
      units = quotableSentences({ ...p, layout: p.layout ?? null }).map((q) => ({
        terms: new Set(tokenize(q.text)),
        pages: q.pages,
        pageLabel: q.pageLabel,
        raw: q.raw,
      }));
      sentencesOf.set(p.number, units);
    }
    return units;
  };
  const numbering = new PageNumbering();
  const numberFor = (p: NumberedPassage<PassageLike>, claim: Set<string>): number => {
    let best: {
      pages: number[];
      pageLabel: string | null;
      raw: string;
    } | null = null;
    let bestShare = SAME_SENTENCE_SHARE;
    for (const unit of unitsOf(p)) {
      let shared = 0;
      for (const t of claim) if (unit.terms.has(t)) shared++;
      const share = claim.size ? shared / claim.size : 0;
      if (share >= bestShare) [best, bestShare] = [unit, share + 1e-9];
    }
    return numbering.numberOf(p, best ?? drawnFromTwo(unitsOf(p), claim));
  };
  const out = text
    .split("\n")
    .map((line) => {
      if (line.search(MARKER) < 0) return line;
      const bullet = BULLET.exec(line)?.[0] ?? "";
      const body = line.slice(bullet.length);
      return (
        bullet +
        claimSentences(body)
          .map((sentence) => {
            const claim = new Set(tokenize(sentence.replace(MARKER, " ")));
            return sentence.replace(MARKER, (whole, spec: string) => {
              const renumbered = markerNumbers(spec)
                .map((n) => byNumber.get(n))
                .filter((p): p is NumberedPassage<PassageLike> => Boolean(p))
                .map((p) => `[${numberFor(p, claim)}]`);
              return renumbered.length ? renumbered.join("") : whole;
            });
          })
          .join(" ")
      );
    })
    .join("\n");
  return { text: out, passages: numbering.cited };
}
