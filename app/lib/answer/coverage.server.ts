import escapeStringRegexp from "escape-string-regexp";
import { isEnglishWord, isStopWord, normalizeText, tokenize, usualShortFormsHolding, type QueryTerm } from "../search/index.server";
import { memoByText } from "../memo.server";
import { signForms, signsIn, synonymsIn } from "../search/synonyms";
import { splitSentences } from "../sentences";
import { countriesNamedIn, namesRegionOf, regionNamesOf } from "./regions";
import { namesClassOf } from "./drug-classes";
import { AGE_ATTRIBUTE, DRUG_CLASS, asksTypedValue, POPULATION_PREFIX, BODY_SITE_ATTRIBUTE, DIE_ATTRIBUTE, HOW_DEADLY_ATTRIBUTE, RESOLUTION_ATTRIBUTE, TIMES_ATTRIBUTE, comparedWith, isAskerLabel, withoutLeadingLabel, inSpeciesName, asksWhetherSpeciesGets, asksWhetherReportedIn, namesAskedSpecies, OF_THE_DISEASE, SEASON_WRITTEN, askingParts, checkedThing, thingInPlace, PART_OF_IT, asksOfThem, BOUND_ATTRIBUTE, ECONOMIC_IMPACT_ATTRIBUTE, GAUGE_ATTRIBUTE, MOLECULAR_SIZE_ATTRIBUTE, SIZE_ATTRIBUTE, TEMPERATURE_ATTRIBUTE, breedsIn, DISTANCE_ATTRIBUTE, STUDY_SIZE_ATTRIBUTE, comparedOnlyWords, isFindingAttribute, isOfAskedClass, OUTSIDE_A_HOST, PERSISTENCE_ATTRIBUTE, SURVIVAL_ATTRIBUTE, definedAbbreviations, DOSING_KINDS, HOW_COMMON_ATTRIBUTE, INSTRUCTION_OPENING, isAskingWord, isAttributeOf, LETTERED_CONDITION, meansPeople, speciesAskedIfInfected, namesDrug, mentionsGroup, mentionsSpecies, groupIndex, otherSpeciesIn, speciesIn, speciesLabel, speciesSpokenOf, TYPED_KINDS, withoutHostsOfItsName, wordsNaming, type AskedKind, type Frame } from "./frame";
import { cleanQuote } from "./quotes.server";
import { holdsInOrder, holdsTerm, match, passageTerms, textTerms, type ScoredPassage } from "./relevance.server";
import type { PassageLike } from "./types";

/**
 * Does the knowledge base cover what the question asks, in the passages that would support the answer?
 * Retrieval finds the topic; this checks the frame against those passages:
 * - every drug, pathogen and named thing (acronym, code, proper noun) of the question is in them;
 * - every asked species is in them: by name, adjective, young, or a group it belongs to ("ruminants"),
 *   in the passage's text, its section heading or its document's title;
 * - a typed question has its typed answer there: a dose needs a number with a dose unit, an interval a
 *   frequency, a rate a percentage or fraction, a count a number, a "when" a year, "which genes" a gene
 *   symbol; and the value sits in a sentence about what was asked (the incubation period, the mortality).
 * When one fails, the answer is the refusal sentence, optionally naming the species that is covered.
 */

/** Supporting passages cover at least this share of the best passage's topic (the question without its species words). */
const SUPPORT_RELATIVE_TO_BEST = 0.75;
/** The passages looked at for the typed detail and the covered species. */
const MAX_SUPPORTING = 4;
/** Passages naming the question's named things must hold at least this share of the best passage's topic. */
const NAMED_WITH_TOPIC = 0.5;
/** A passage beyond the supporting ones that speaks of the asked species must hold this share of their topic. */
const SPECIES_ELSEWHERE_WITH_TOPIC = 0.6;
/** A best passage holding this share of the topic is about it: the rarest sign or condition it holds says what the topic is. */
const TOPIC_HELD_FOR_RAREST = 0.5;
/** Paragraphs of the supporting passages that hold at least this share of the best paragraph's topic. */
const SEGMENT_RELATIVE_TO_BEST = 0.6;

export type Coverage<P extends PassageLike> =
  | {
      covered: true;
      supporting: Array<ScoredPassage<P>>;
      /** Asked species named in passing that the passages do not cover ("…for dogs and cats?" with dogs only). */
      notCovered: string[];
      /** The passages name no species at all: they do not say whether they speak of the asked one. */
      namesNoSpecies?: boolean;
    }
  | {
      covered: false;
      missing: "species" | "name" | "detail";
      /** What is not covered, for logs and tests: species labels, names, or the asked kind. */
      what: string[];
      /** Where the knowledge base covers the topic for other species (the refusal names them). */
      alternative: { passage: ScoredPassage<P>; species: string[] } | null;
    };

/** Words as the checks compare them: soft hyphens and zero-width characters are not word breaks. */
const wordsOf = (s: string) => normalizeText(s.replace(INVISIBLE, "")).match(/[\p{L}\p{N}]+/gu) ?? [];
const INVISIBLE = /[\u00ad\u200b-\u200d\u2060\ufeff]/g;
/** Text as read for names: without invisible characters and math delimiters ("\\(M.\\) canis", "$D$ nodosus" are "M. canis", "D nodosus"). */
export const readable = (text: string) => text.replace(INVISIBLE, "").replace(/\\[()[\]]|\$/g, "");

/**
 * Texts (passages and their paragraphs) whose words this thread remembers: every question reads each of its
 * passages' words and species several times, and the next questions mostly read the same passages.
 */
const REMEMBERED_TEXTS = 500;

/**
 * A text's distinct words as one string (" a b c ": a word is there when " word " is; ~1 KB a passage, where a
 * Set of them took ~10 KB), and the initials of all its words in order (an acronym spelled out is a run of them).
 */
const readWords = memoByText(REMEMBERED_TEXTS, (text): { joined: string; initials: string } => {
  const words = wordsOf(text);
  // (A function word or an adverb spells no letter of an acronym: "tests may show" is not TMS, "greatly enlarged" not GE.)
  return { joined: ` ${[...new Set(words)].join(" ")} `, initials: words.map((w) => (isStopWord(w) || isAdverb(w) ? "_" : w[0])).join("") };
});

/** A word in "-ly" after two letters or more ("usually"), told by its end: a pattern tried from every letter costs far more. */
const isAdverb = (word: string) => word.endsWith("ly") && /^\p{L}{2}$/u.test(word.slice(-4, -2));

/** A text's words in order, as one string (" a b c "): for names read as phrases. */
const wordSequence = memoByText(REMEMBERED_TEXTS, (text) => ({ words: ` ${wordsOf(text).join(" ")} ` }));

/**
 * Does a text write a name of several words only as another's: "African swine fever" is not named by a paragraph whose
 * "swine fever" is always "Classical swine fever", though it says "African countries" elsewhere. (A function word
 * before the rest of the name leaves it as read before: "cats with infectious peritonitis".)
 */
function writesOnlyAnother(parts: string[], text: string): boolean {
  const sequence = wordSequence(text).words;
  if (sequence.includes(` ${parts.join(" ")} `)) return false;
  const rest = ` ${parts.slice(1).join(" ")} `;
  const before: string[] = [];
  for (let at = sequence.indexOf(rest); at >= 0; at = sequence.indexOf(rest, at + 1)) before.push(sequence.slice(sequence.lastIndexOf(" ", at - 1) + 1, at));
  return before.length > 0 && before.every((w) => w !== "" && !isStopWord(w) && w !== parts[0]);
}

/** The species a passage's text speaks of (read once per text, shared: callers must not change it). */
const speciesOfText = memoByText(REMEMBERED_TEXTS / 2, speciesSpokenOf);

/** The text a passage is about: its document title, section heading, lead, text and tail. */
const fullText = (p: Pick<PassageLike, "title" | "heading" | "text" | "lead" | "tail">) => `${p.title}\n${p.heading ?? ""}\n${p.lead ?? ""}\n${p.text}${p.tail ? ` ${p.tail}` : ""}`;

/**
 * A name written in a text in another form: a synonym ("Tembusu" in a passage that writes only "DTMUV") or the long
 * form search read it as ("TB": "tuberculosis").
 */
function namedOtherwise(name: string, text: string, terms: QueryTerm[]): boolean {
  const own = tokenize(name);
  // (A binomial whose epithet is an everyday word is named whole: "babesiosis" names Babesia, not "Babesia major".)
  const binomialAsked = /^\p{Lu}\p{Ll}+ \p{Ll}{3,}$/u.test(name) && isEnglishWord(name.split(" ")[1]!);
  const forms = synonymsIn(own)
    .filter((m) => !binomialAsked || m.terms.join(" ") === own.join(" "))
    .flatMap((m) => m.alternatives);
  if (forms.some((a) => a.every((t) => textTerms(text).has(t)))) return true;
  // Or by the usual abbreviation of what it names, as written ("Newcastle" in a passage that writes only "NDV"), or by that
  // binomial with its genus abbreviated ("Pseudomonas" where it writes "P. aeruginosa").
  for (const { short, long } of usualShortFormsHolding(own.filter((t) => !isStopWord(t)))) {
    if (namesThing(short, text, { spelledOut: false })) return true;
    const binomial = /^(\p{Lu})\p{Ll}+ (\p{Ll}{3,})$/u.exec(long);
    if (binomial && new RegExp(`\\b${binomial[1]}\\.\\s?${binomial[2]}\\b`, "u").test(readable(text))) return true;
  }
  // (Nor by its words read apart: "major" and "babesiosis" in one passage name no "Babesia major".)
  if (binomialAsked) return false;
  const read = own.map((term) => terms.find((t) => t.term === term));
  return read.some((t) => t?.alternatives?.length) && read.every((t) => t !== undefined && holdsTerm(textTerms(text), t));
}

/**
 * Is a name of the question in this text, read as search read it: an abbreviation search read with its usual long
 * forms ("GE": gastroesophageal) is named by them, not by any words with its initials ("gastrointestinal emergency").
 */
function namesAsRead(name: string, text: string, terms: QueryTerm[], asCompound = false): boolean {
  // A compound no passage writes ("ear-notch") is named as one, not by its words apart ("ear canal", "Notch
  // signalling") nor by their other forms ("aural").
  const compound = asCompound ? COMPOUND.exec(name) : null;
  if (compound) return new RegExp(`\\b${compound[1]}[\\s-]?${compound[2]}\\b`, "iu").test(readable(text));
  const own = tokenize(name);
  // (Not the word forms search guessed for a word it never saw: "itfcadment" is no long form of ITFCAD.)
  const longForms = own.length === 1 && terms.some((t) => t.term === own[0] && t.alternatives?.some((a) => !(a.length === 1 && a[0]!.startsWith(t.term))));
  return namesThing(name, text, { spelledOut: !longForms }) || namedOtherwise(name, text, terms);
}

/** Whether a text writes a name as it is written, its words together, or as one of its other names ("parvo": "parvovirus"). */
function writesAsName(name: string, text: string, terms: QueryTerm[]): boolean {
  const words = tokenize(text);
  const inOrder = (phrase: string[]) => holdsInOrder(words, phrase);
  const own = tokenize(name);
  // (Another name of the whole of it: "canine flu" is not named by "influenza" alone.)
  const others = [...synonymsIn(own).filter((m) => m.terms.join(" ") === own.join(" ")).flatMap((m) => m.alternatives), ...(own.length === 1 ? (terms.find((t) => t.term === own[0])?.alternatives ?? []) : [])];
  return inOrder(own) || others.some(inOrder);
}

/**
 * The nouns that end a disease's name made with its host's name ("sheep pox", "duck plague", "African horse sickness"),
 * or a virus's ("bovine papillomaviruses", "dog papillomaviruses").
 */
const HOST_DISEASE_HEAD = /^(?:pox|plague|fever|sickness|cholera|distemper|\p{L}*virus)$/u;
type HostDisease = { name: string; host: string; head: string };
/** A disease named after its host, by that host and its head noun ("caprine pox" and "goat pox" are one). */
function hostDisease(name: string): HostDisease | null {
  const words = name.toLowerCase().split(/\s+/);
  // (A virus in the plural is the same virus: "papillomaviruses".)
  const head = words[words.length - 1]!.replace(/(?<=virus)es$/, "");
  const hosts = [...speciesIn(words.slice(0, -1).join(" ")).species];
  return words.length >= 2 && HOST_DISEASE_HEAD.test(head) && hosts.length === 1 ? { name, host: hosts[0]!, head } : null;
}
/** The diseases named after their hosts that a text names ("Goat pox is…", "SPPV" is not one). */
const hostDiseasesIn = memoByText(REMEMBERED_TEXTS, (text): HostDisease[] =>
  speciesIn(readable(text).replace(/(\p{L})pox\b/giu, "$1 pox"), { asked: true }).diseases.map(hostDisease).filter((d) => d !== null),
);

/** Words this close to each other, in any order, are written together. */
const WRITTEN_NEAR = 2;
/** At most this many passages hold a word that makes two words typed together a name of their own ("ear notch"). */
const RARE_IN_PASSAGES = 1;
/** Two words of letters joined by a hyphen ("ear-notch", "tie-back"). */
const COMPOUND = /^(\p{L}{3,})-(\p{L}{3,})$/u;

/** An acronym of this many letters at least may be spelled out over a function word. */
const MIN_SPELLED_OVER = 4;
/** Initials of consecutive words spell the acronym ("feline immunodeficiency virus" = FIV). */
function spelledOut(acronym: string, initials: string): boolean {
  // "ESCs" is the plural of "ESC".
  const letters = acronym.replace(/(?<=[A-Z])s$/, "").toLowerCase().replace(/[^a-z]/g, "");
  if (letters.length < 2 || /\d/.test(acronym)) return false;
  // (A long one may pass over a function word: "International Task Force on Canine Atopic Dermatitis" = ITFCAD.)
  return initials.includes(letters) || (letters.length >= MIN_SPELLED_OVER && new RegExp(letters.split("").join("_?")).test(initials));
}

/** Is a named thing of the question in this text? Word forms ("Algerian"/"Algeria") and spelled-out acronyms count. */
export function namesThing(name: string, text: string, options: { spelledOut?: boolean } = {}): boolean {
  const parts = wordsOf(name);
  if (!parts.length) return true;
  const { joined, initials } = readWords(text);
  const has = (word: string) => !/\s/.test(word) && joined.includes(` ${word} `);
  // A binomial is found by its epithet with its genus, written out or abbreviated ("Babesia divergens", "B. divergens"):
  // "Babesia bovis" is not "Mycobacterium bovis".
  const [genus, epithet] = name.split(/\s+/);
  if (parts.length === 2 && /^[A-Z]/.test(genus ?? "") && /^[a-z]/.test(epithet ?? "")) {
    if (!has(parts[1]!)) return false;
    const g = parts[0]!.replace(/\.$/, "");
    // An epithet that is also an English word is found beside its genus only: "the major pathogenesis" of babesiosis
    // names no "Babesia major".
    const initial = g[0]!.toUpperCase();
    // (A genus the question abbreviates is any genus with its initial: "C. difficile" is "Clostridium difficile".)
    const genusWritten = g.length === 1 ? `${initial}(?:\\p{Ll}+|\\s*\\.)?` : `(?:${escapeStringRegexp(initial + g.slice(1))}|${initial}\\s*\\.?)`;
    if (isEnglishWord(parts[1]!)) return new RegExp(`\\b${genusWritten}\\s+${escapeStringRegexp(parts[1]!)}\\b`, "u").test(readable(text));
    // "H. contortus", and "$D$ nodosus" or "$B$ . burgdorferi" as PDF-to-LaTeX converters write it.
    return g.length === 1 ? true : has(g) || new RegExp(`\\b${initial}\\s*\\.?\\s+${epithet}\\b`).test(readable(text));
  }
  const found = parts.every((w) => {
    if (has(w)) return true;
    // An inflammation or a disorder compounded with where else or how widely it is names it: "gingivostomatitis" is a
    // stomatitis, "polyarthritis" an arthritis, "polyneuropathy" a neuropathy.
    if (/..(?:itis|pathy)$/.test(w) && new RegExp(`\\p{L}{2,}[oy]${w} `, "u").test(joined)) return true;
    // "Algerian" -> "algeria", "Japanese" -> "japan", "haemolytic"/"hemolytic" are left to query understanding.
    const root = w.replace(/(?:ian|ean|an|ese|ic|n|s)$/, "");
    return root.length >= 4 && joined.includes(` ${root}`);
  });
  if (found && parts.length >= 2 && writesOnlyAnother(parts, text)) return false;
  const singular = /[A-Z]s$/.test(name) && has(name.slice(0, -1).toLowerCase());
  // A genus the passage abbreviates in its binomials and names in its disease ("B. ovis … ovine babesiosis" names Babesia).
  if (!found && parts.length === 1 && /^\p{Lu}\p{Ll}{4,}$/u.test(name)) {
    const stem = parts[0]!.slice(0, 5);
    if (joined.includes(` ${stem}`) && new RegExp(`\\b${name[0]}\\.\\s?\\p{Ll}{3,}`, "u").test(readable(text))) return true;
  }
  // A virus named by its family's word is named by a genus of that family ("ferret … alphacoronavirus") or by its
  // adjective ("coronaviral enteritis", "proviral DNA").
  const virus = parts.length === 1 ? /^(\p{Ll}{3,})virus$/u.exec(parts[0]!) : null;
  // (Or by its family or subfamily, "Parvoviridae", "Parvovirinae", or a genus named with the word, "Dependoparvovirus".)
  if (!found && virus && new RegExp(` (?:\\p{L}{2,})?${virus[1]}vir(?:us|uses|al|idae|inae) `, "u").test(joined)) return true;
  // A drug stem names its family ("one of the new 'flozin' tablets"): two words of the text or more end with it
  // ("empagliflozin", "velagliflozin").
  if (!found && parts.length === 1 && /^\p{Ll}{5,}$/u.test(parts[0]!) && joined.includes(`${parts[0]!} `) && !isEnglishWord(parts[0]!)) {
    const family = new Set([...joined.matchAll(new RegExp(` (\\p{L}{3,}${escapeStringRegexp(parts[0]!)})(?= )`, "gu"))].map((m) => m[1]));
    if (family.size >= 2) return true;
  }
  // A family's abbreviation ("TLRs", "which TLR") is named by its members, each written with its number ("TLR3 and TLR7").
  const family = /^([A-Z]{2,6})s$|^([A-Z]{3,6})$/.exec(name);
  if (!found && family && new RegExp(`\\b${family[1] ?? family[2]}-?\\d{1,3}[a-z]?\\b`).test(cleanQuote(text))) return true;
  // A code typed without its hyphen ("BPI3", "CPV2") is the one the passage writes with it ("BPI-3", "CPV 2").
  const code = /^([A-Za-z]{2,})(\d{1,3}[a-z]?)$/.exec(name);
  if (!found && code && new RegExp(`\\b${code[1]}[-\\s]?${code[2]}\\b`, "i").test(cleanQuote(text))) return true;
  // So is one a series names by its number after the first in full: "CD80, 86 and 40" names CD86 and CD40.
  if (!found && code && inNumberedSeries(code[1]!, code[2]!, cleanQuote(text))) return true;
  // A code typed without its host's initial ("PI-3", "HV-1") is the one the passage writes with it ("BPI-3" for bovine
  // parainfluenza virus-3, "BoHV-1").
  const hostless = /^([A-Z][A-Za-z]*)-?(\d{1,3})$/.exec(name);
  if (!found && hostless && new RegExp(`\\b${HOST_INITIAL}${escapeStringRegexp(hostless[1]!)}[-\\s]?${hostless[2]}\\b`, "u").test(cleanQuote(text))) return true;
  return found || singular || (options.spelledOut !== false && /^[A-Z][A-Za-z]*[A-Z]/.test(name) && spelledOut(name, initials));
}

/** The initial a code's host gives it: bovine, canine, caprine, feline, equine, porcine, swine, ovine, avian, duck, human. */
const HOST_INITIAL = "(?:Bo|Ca|Cp|Fe|Eq|Su|Ov|Av|Du|[BCFEPSOADH])";

/** Whether a series written with its prefix once ("CD80, 86 and 40", "IL-6, -8 and -10") numbers this member. */
function inNumberedSeries(prefix: string, number: string, text: string): boolean {
  const member = String.raw`[-\s]?\d{1,3}[a-z]?`;
  const series = new RegExp(String.raw`\b${escapeStringRegexp(prefix)}${member}(?:\s*(?:,|\band\b|\bor\b|&|\/)\s*(?:and\s+)?-?\d{1,3}[a-z]?\b)+`, "gi");
  return [...text.matchAll(series)].some((m) => (m[0].slice(prefix.length).match(/\d{1,3}[a-z]?/gi) ?? []).some((n) => n.toLowerCase() === number.toLowerCase()));
}

const EXACT_NUMBER_WORD = "(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred)";
const NUMBER_WORD = `(?:${EXACT_NUMBER_WORD}|several|a few|a couple of)`;
// (A number word is a whole word: "tend to" is not "ten d".)
const NUM = `(?:\\d+(?:[.,]\\d+)?|\\b${NUMBER_WORD}\\b)`;
/** A number that counts: "several researchers", "a few" give no count. */
const EXACT_NUM = `(?:\\d+(?:[.,]\\d+)?|\\b${EXACT_NUMBER_WORD}\\b)`;
const RANGE = `${NUM}(?:\\s*(?:-|–|to|and)\\s*${NUM})?`;
// (Deep time too: "a common ancestor of ~1.8 mya", "2.6 million years ago". And short spans: "short (<50 μs) pulses".)
const TIME_UNIT = "(?:secs?|seconds?|ms|milliseconds?|[µμ]s|microseconds?|min(?:ute)?s?|h|hrs?|hours?|d|days?|wks?|weeks?|mo|months?|yrs?|years?|mya|kya|myr|(?:million|thousand)\\s+years?)";
/** A span of time may be "a year" or "an hour" ("can remain viable outside of its host for at least a year"). */
const SPAN = `(?:${RANGE}\\s*-?\\s*${TIME_UNIT}|\\ban?\\s+(?:minute|hour|day|week|month|year))\\b`;

/**
 * How long an animal stays free of signs, said in words: "atherosclerosis could remain asymptomatic for decades", "sheep
 * may stay clinically normal for years". (Not how long anything else lasts in words: "the virus lasts for months" after
 * a sentence on ferrets is no span given of a puppy's parvo.)
 */
const SPAN_IN_WORDS =
  "\\b(?:remains?|remained|stays?|stayed|lies|lie|lay)\\s+(?:[\\w-]+\\s+)?(?:asymptomatic|silent|subclinical|latent|inapparent|undetected|dormant|symptom-?free|clinically\\s+(?:normal|silent|healthy))\\s+for\\s+(?:several\\s+|many\\s+|some\\s+)?(?:decades|years|months|weeks)\\b";

/** A reference to a figure, table or chapter by its number ("Figure 4.5", "Table 2", "Fig. 3a–c"). */
const FIGURE_NUMBER = /\b(?:fig(?:ure)?s?|tables?|chapters?|plates?)\.?\s*\d+(?:\.\d+)*[a-z]?(?:\s*[-–]\s*[a-z\d]+)?\b/i;

/** How often, in words: "every", "twice", "daily", "q12h", "at intervals". */
// ("2-3 times per week", "3x a week": how often.)
const INTERVAL_WORDS = /\b(?:every|once|twice|thrice|three times|daily|weekly|fortnightly|monthly|annually|yearly|hourly|q\d+h|s\.?i\.?d|b\.?i\.?d|t\.?i\.?d|at intervals?|repeated|interval|(?:times|x)\s+(?:per|a|an|each|every)\s+(?:day|week|month|year))\b|\d\s*x\s*(?:\/\s*|(?:per|a|an|each|every)\s+)(?:day|week|wk|d|month|year)\b/i;
/** What makes a span an interval: something done again after it. */
const REPEATED = /\b(?:boosters?|boosted|separated|spaced|between|repeat\w*|again|re-?vaccinat\w*|re-?treat\w*|re-?test\w*|apart|intervals?|second (?:dose|injection|vaccination|treatment)|subsequent|thereafter|later)\b/i;

const NUMBER_VALUES: Record<string, string> = { one: "1", two: "2", three: "3", four: "4", five: "5", six: "6", seven: "7", eight: "8", nine: "9", ten: "10", eleven: "11", twelve: "12", fourteen: "14", twenty: "20", thirty: "30" };
/** A span of time with its number in digits and its unit by its first letters: "two weeks" and "2 wks" are "2w". */
const SPAN_NUMBER = String.raw`\d+(?:\.\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fourteen|twenty|thirty`;
const SPAN_UNIT = "min(?:ute)?s?|h|hrs?|hours?|d|days?|wks?|weeks?|mo|months?|yrs?|years?";
const SPAN_WRITTEN = new RegExp(String.raw`\b(${SPAN_NUMBER})\s*-?\s*(${SPAN_UNIT})\b`, "gi");
/** Two spans offered as the answer's candidates: "3 months or 3 years", "2 or 4 weeks", "every 12 months or every six". */
const OFFERED_SPANS = new RegExp(
  String.raw`\b(?:${SPAN_NUMBER})(?:\s*-?\s*(?:${SPAN_UNIT}))?,?\s+or\s+(?:${SPAN_NUMBER})\s*-?\s*(?:${SPAN_UNIT})\b|\b(?:${SPAN_NUMBER})\s*-?\s*(?:${SPAN_UNIT}),?\s+or\s+every\s+(?:${SPAN_NUMBER})\b`,
  "gi",
);
/** A span offered for the answer to confirm: "What's the longest they should stay on the fairground - is it 72 hours?". */
const SPAN_OFFERED_SOURCE = String.raw`\b(?:is|was|would|should)\s+(?:it|that|this)\s+(?:be\s+)?(?:about\s+|around\s+|roughly\s+|really\s+|still\s+|only\s+)?(?:${SPAN_NUMBER})\s*-?\s*(?:${SPAN_UNIT})\s*\?`;
const SPAN_OFFERED = new RegExp(SPAN_OFFERED_SOURCE, "i");
const SPANS_OFFERED = new RegExp(SPAN_OFFERED_SOURCE, "gi");
const spanKey = (number: string, unit: string) => {
  const u = unit.toLowerCase();
  return `${NUMBER_VALUES[number.toLowerCase()] ?? number}${u.startsWith("mi") ? "min" : u.startsWith("mo") ? "mo" : u[0]}`;
};
/**
 * The spans of time a question states, not counting an age ("Our 1-year-old cat…" states no year of anything) nor the
 * candidates it offers for the answer ("…recovers from stringhalt – 3 months or 3 years?", "…- is it 72 hours?").
 */
const statedSpans = (question: string) =>
  new Set([...question.replace(AN_AGE, " ").replace(OFFERED_SPANS, " ").replace(SPANS_OFFERED, " ").matchAll(SPAN_WRITTEN)].map((m) => spanKey(m[1]!, m[2]!)));
/** A sentence without the spans it shares with the question. */
const withoutSpans = (sentence: string, spans: ReadonlySet<string>) => sentence.replace(SPAN_WRITTEN, (m, number: string, unit: string) => (spans.has(spanKey(number, unit)) ? " " : m));

/** A pH has no unit: "urinary pH (>6.4)", "a pH of 7.2", "pH below 6". */
const PH_VALUE = "\\bpH\\b\\s*(?:\\(\\s*)?(?:of|above|below|over|under|between|less than|greater than|[<>≤≥=~])?\\s*\\d+(?:\\.\\d+)?";

/** How many a year: "81,000 to 138,000 deaths per year", "about 50 outbreaks a year" (how many people die of it a year). */
const COUNT_PER_YEAR = String.raw`\b\d[\d,]*\s+(?:[a-z-]+\s+){0,2}?(?:deaths?|cases?|fatalities|outbreaks?|infections?|bites?|people|animals|herds?|flocks?)\s+(?:per|a|each|every)\s+(?:year|annum)\b`;
/** A part of its own asking how long something lasts: "…, and how long does the immunity last?", "How long does the vaccine actually protect for?" */
// (Or how long after something signs show: "How long after tick exposure do signs usually show…?")
const SPAN_ASKED_OUTRIGHT =
  /(?:^|[,;]\s*(?:and|but)\s+)how long (?:does|do|will|would|is|are|can|could)\s+(?:the\s+|that\s+|this\s+|its\s+|their\s+)?[\w-]+(?:\s+[\w-]+)?\s+(?:actually\s+|really\s+)?(?:last|lasts|persist|persists|stay|stays|remain|remains|protect|protects)\b|(?:^|[,;]\s*(?:and|but)\s+)how long after\s+(?:[\w-]+\s+){1,4}?(?:do|does|did|will|would|can|could)\s+(?:the\s+)?(?:signs?|symptoms?|lesions?|they|it)\s+(?:usually\s+|typically\s+|normally\s+|first\s+)?(?:show|appear|develop|start|begin|occur)\b/i;
/** How often something should be done, asked in so many words: "how often should dogs and cats have a professional dental clean…?" */
const INTERVAL_ASKED_OUTRIGHT = /\bhow often\s+(?:should|must|do|does|would|will|can)\s+(?:i|we|you|they|he|she|it|(?:[\w-]+\s+){0,3}?[\w-]+)\s+(?:have|get|give|be|do|repeat|redo|treat|dose|clean|vaccinate|boost|bath|bathe|wash|worm|deworm|test|retest|check|screen|scale)\b/i;
/** A share asked for as a figure: "is there a figure for how often…". */
const SHARE_ASKED_OUTRIGHT = /\b(?:a|any|the)\s+(?:figure|number|percentage|estimate)\s+(?:for|on)\s+how\s+(?:often|many|common)\b/i;
/** A share of the times a test finds something, or its sensitivity: how good the test is, not how many animals have it. */
const A_TEST_S_RATE = /\bof the time\b|\b(?:sensitivity|specificity)\b/i;
/** What says a share of the animals tested positive: "seroprevalence of 12%", "21% were infected". */
const POSITIVE_SHARE = /\b(?:positive|seropositive|(?:sero)?prevalence|infected|infection rates?)\b/i;
/** Capitals a sentence on genes writes that name no gene: the molecules, the tests, the places. */
const NOT_A_GENE = /^(?:DNA|RNA|cDNA|mRNA|PCR|RT|SNPs?|ELISA|USA|UK|EU)$/;
/** The typed values a sentence must hold to answer each kind. */
const VALUE: Partial<Record<AskedKind, RegExp>> = {
  dose: new RegExp(`\\d(?:[\\d.,]*)\\s*(?:-|–|to)?\\s*\\d*(?:[.,]\\d+)?\\s*(?:mg|µg|μg|mcg|g|ml|mL|l|iu|IU|units?|mmol|ppm|mg\\/kg|ml\\/kg|µg\\/kg)\\b|\\bmg\\/kg\\b|\\bdos(?:e|ed|es|age|ing)\\b[^.]*\\d`, "i"),
  interval: new RegExp(`${INTERVAL_WORDS.source}|${SPAN}`, "i"),
  duration: new RegExp(`${SPAN}|${SPAN_IN_WORDS}`, "i"),
  season: SEASON_WRITTEN,
  // "…at incidence rates of 13 to 24 per 100,000 dogs".
  rate: new RegExp(`\\d\\s*%|\\bper ?cent\\b|\\d\\s+per\\s+(?:\\d[\\d,]*|hundred|thousand|million)\\b|\\b\\d+\\s*(?:of|out of|in)\\s*(?:every\\s*)?\\d+\\b|\\b(?:one|two|three)[- ](?:in|of)[- ](?:two|three|four|five|six|seven|eight|nine|ten|twenty|a hundred|hundred|thousand|every|\\d+)\\b|\\b(?:half|one[- ]third|two[- ]thirds|a third|a quarter|one[- ]quarter|three[- ]quarters)\\b|\\b\\d+\\/\\d+\\b|${COUNT_PER_YEAR}`, "i"),
  // Lengths, masses, volumes, amounts, concentrations (ng/ml, U/ml), pressures (kPa, mmHg), forces (N), areas (cm²),
  // molecular sizes (kDa, kb, bp, nucleotides, amino acids), temperatures, angles (45°).
  // (Or a size given against another's: "one-third the size of the human genome", "twice the size".)
  quantity: new RegExp(
    `\\b(?:(?:one|two|three)[- ](?:third|half|quarter|fifth)s?|half|twice|double|triple|\\d+(?:\\.\\d+)?\\s*times)\\s+(?:of\\s+)?the\\s+(?:size|length|weight|volume)\\b|${RANGE}\\s*(?:cm|mm|m|km|µm|μm|nm|kg|g|mg|µg|μg|ng|pg|l|ml|dl|µl|μl|mmol|µmol|μmol|nmol|pmol|ppm|ppb|iu|u\\/l|°c|°f|degrees|fingers?|times|kpa|pa|mmhg|newtons?|n|cm2|mm2|cm²|mm²|kda|da|kb|kbp|mb|bp|nt|bpm|nucleotides?|amino acids?|aa|residues|base pairs?)\\b|${RANGE}\\s*%|${RANGE}\\s*°|${RANGE}\\s*(?:µg|μg|mg|g|ng|iu|u|ku|miu)\\/\\w+|${PH_VALUE}`,
    "i",
  ),
  // (Or a count in round words, "upregulated hundreds of interferon stimulated genes"; not a chemical's locant,
  // "a 5-triphosphate moiety", nor a code's number, "DHAV-3".)
  // (Or one said as "a single serotype", not "single-stranded".)
  count: new RegExp(`(?<!\\p{L}[-‐]?)\\b${EXACT_NUM}\\b(?!['′]?-\\p{Ll}*(?:phosphate|hydroxy|methyl|deoxy|amino|oxo))|\\b(?:dozens|hundreds|thousands|millions)\\s+of\\b|\\ba\\s+single\\b(?![-‐])`, "iu"),
  year: /\b(?:1[6-9]\d\d|20\d\d)s?\b/,
  // A type's label, after its word or as a code: "genotype II", "serotypes 1 and 2", "serovar Dublin", "GII.4", "H5N1",
  // "A:1", "HEV-3", "SAV 3", "PCV2d", "chIFN-α", or a named one, "S. abortus ovis". (Not how many there are: "which
  // discriminates 22 genotypes".)
  type: /\b(?:[Ss]ub-?genotypes?|[Gg]enotypes?|[Ss]erotypes?|[Ss]ubtypes?|[Ss]erogroups?|[Ss]erovars?|[Gg]enogroups?|[Cc]lades?|[Bb]iotypes?|[Pp]athotypes?)\s+(?:[IVX]{1,5}|\d+(?:\.\d+)*[a-z]?|[A-Z]{1,2}\d*(?::\d+)?|\p{Lu}\p{Ll}+)(?![\p{L}\d])|\bG[IVX]{1,4}\.\d+\b|\bH\d{1,2}N\d{1,2}\b|\b[A-F]:\d{1,2}\b|\b\p{Lu}[\p{L}]{1,5}-\d{1,2}[a-z]?\b|\b\p{Lu}{2,6}\s?\d{1,2}[a-z]?(?![\p{L}\d])|\b\p{L}{2,8}-(?:[α-ω]|alpha|beta|gamma|delta|epsilon|kappa|lambda|omega)(?![\p{L}\d])|\b\p{Lu}\.\s?\p{Ll}{3,}/u,
  // A price in money: "$25", "£1,200", "30 euros".
  cost: /[$£€¥]\s?\d|\b\d[\d.,]*\s?(?:USD|EUR|GBP|dollars?|pounds sterling|euros?)\b/,
  // (Or a retrovirus's own genes, written in lower case: "the pol region", "gag", "env".)
  gene: /\b(?:[A-Z][A-Z0-9]{1,7}[0-9A-Z]?|[A-Z][a-z]{1,3}\d{1,3}[A-Za-z]?|gag|pol|env)\b/,
  drug: /[\p{L}-]{5,}/u,
  // "Bluetongue is a notifiable disease", "must be reported to the authorities", "an Office International des Epizooties
  // (OIE)-listed disease".
  // A product named as one: "Gudair®", "a trade name", "marketed as …", "vaccination with Gudair".
  brand: /[®™]|\b(?:[Bb]rand|[Tt]rade|[Pp]roprietary)[- ]names?\b|\b(?:marketed|sold)\s+(?:as|under)\b|\b(?:with|using|called|named|vaccines?|products?)\s+\p{Lu}[\p{Ll}\d-]{2,}/u,
  // A person named as who did it: "…first described by Cuillé and Chelle", "Prusiner (1982) identified…".
  person: /\b(?:described|discovered|identified|isolated|named|reported|characteri[sz]ed|coined)\s+(?:[\w-]+\s+){0,3}?by\s+\p{Lu}\p{Ll}+|\b\p{Lu}\p{Ll}+(?:\s+et\s+al\.?)?\s*\(\d{4}\)\s+(?:first\s+)?(?:described|discovered|identified|isolated|named|reported|characteri[sz]ed)/u,
  notifiable: /\b(?:notifiable|reportable|notified|notification|must be reported|reported to the (?:authorities|competent authority|state veterinarian)|(?:OIE|WOAH)\)?[- ]listed|listed diseases?)\b/i,
};

/** A year said as when something happened: "since 2013", "in the 1990s", "between 1996 and 1999". */
const YEAR_SAID = /\b(?:since|in|from|until|till|by|before|after|during|between|of|and)\s+(?:the\s+(?:early\s+|late\s+|mid-?)?)?(?:1[6-9]|20)\d\d(?:s|\/\d{2,4})?\b/i;
/**
 * Young animals up to an age, said in a passage ("domestic rabbits' young up to 4 weeks", "kittens under 12 weeks"): an
 * age, not how long anything lasts. (A question's "ducklings under 14 days" still states its span: a passage repeating it
 * does not answer.)
 */
const YOUNG_UP_TO_AGE = new RegExp(String.raw`\b(?:young|kits?|kittens?|puppies|pups|calves|lambs|kids|piglets|foals|chicks|ducklings|goslings|juveniles|neonates|infants)\s+(?:up\s+to|under|below|younger\s+than|less\s+than)\s+${RANGE}\s*-?\s*${TIME_UNIT}\b`, "gi");
/** A span said as an age: "2 weeks of age", "aged 6 months", "6-week-old", "3 months old", "before the age of 3 months". */
const AN_AGE = new RegExp(`\\b(?:aged\\s+)?${RANGE}\\s*-?\\s*${TIME_UNIT}(?:\\s+of\\s+age|-old|\\s+old)\\b|\\baged\\s+${RANGE}\\s*-?\\s*${TIME_UNIT}\\b|\\bthe\\s+age\\s+of\\s+${RANGE}\\s*-?\\s*${TIME_UNIT}\\b`, "gi");

/**
 * Years that date an account, not a span of the disease: "…despite vaccination over the past 30 years". (Not hours or
 * days: "during the last 5 h before oviposition" is one.)
 */
const AN_ACCOUNTS_SPAN = new RegExp(`\\b(?:over|in|during|for|within|throughout)\\s+the\\s+(?:past|last|previous|preceding)\\s+(?:${RANGE}\\s*-?\\s*)?(?:yrs?|years?|decades?)\\b`, "gi");
/**
 * Years since an event ("…in the 12 years since its discovery, has spread…"): how long the thing has been about, which is
 * no span of what a question names (how long protection lasts).
 */
const YEARS_SINCE = new RegExp(`\\b(?:over|in|during|for|within|throughout)\\s+the\\s+${RANGE}\\s*-?\\s*(?:yrs?|years?|decades?)\\s+since\\b`, "gi");

/** A distance: a number with its unit of length. */
const DISTANCE = new RegExp(`${RANGE}\\s*(?:km|kilometres?|kilometers?|m|metres?|meters?|miles?|yards?|feet|ft)\\b`, "i");
/** Units a text writes as LaTeX ("1 - 2\\mathrm{km}") read as plain text. */
const readableMath = (text: string) => text.replace(/\\mathrm\{([^}]*)\}/g, " $1").replace(/\$/g, "");

/** A number and what it counts, a word or two on: "2.4 million people", "70,000 new cases". */
const COUNTED_THINGS = /\b\d[\d,.]*(?:\s+(?:million|billion|thousand|hundred))?\s+((?:[\p{L}-]+\s+)?[\p{L}-]+)/gu;
/** How deadly in words: "the mortality rate … is low", "high mortality", "rarely fatal". */
const DEADLY_IN_WORDS =
  /\b(?:mortality|fatality|death)(?:\s+rates?)?\s+(?:[\w-]+\s+){0,6}?(?:is|are|was|were|remains?)\s+(?:usually\s+|generally\s+|very\s+|extremely\s+|relatively\s+)?(?:low|high|negligible|minimal|rare)\b|\b(?:low|high|negligible|minimal|considerable|significant)\s+(?:mortality|fatality|death rates?)\b|\b(?:rarely|seldom|often|usually|frequently|invariably|always|almost always|commonly)\s+(?:fatal|lethal)\b/i;
/** The regions of an animal's body a lesion is placed on. */
const BODY_REGION =
  /\b(?:head|face|facial|muzzle|nose|nasal planum|ears?|pinnae?|periocular|eyelids?|lips?|chin|jaw|neck|trunk|back|dorsum|flanks?|abdomen|abdominal|ventrum|belly|chest|thorax|thoracic|limbs?|forelimbs?|hindlimbs?|legs?|thighs?|hips?|feet|paws?|pads?|digits?|toes?|tail|spine|ribs|eyes?|rump|gluteal|shoulders?|mane|scalp|perine(?:um|al)|inguinal|groin|axillae?|axillary|udder|teats?|coronary band|pasterns?|hocks?|elbows?|pressure points|extremities|comb|wattles?|shanks?|vent)\b/i;
/** How common something is, said in words. */
const COMMON_IN_WORDS = /\b(?:(?:most|very|more|less|quite|fairly|relatively)\s+(?:common|prevalent|frequent)\w*|common(?:ly)?|uncommon(?:ly)?|rare(?:ly)?|frequent(?:ly)?|infrequent(?:ly)?|prevalent|widespread|predominant|occasional(?:ly)?|sporadic(?:ally)?)\b/i;

/** Words that say a sum is money: an impact, a loss, a cost. */
const ECONOMIC = /\b(?:econom\w*|costs?|costly|losses|financial|spent|spending|revenue|budget|expenditure)\b/i;

/** A needle's gauge: "a 25- to 27-gauge needle", "23 G". */
const A_GAUGE = /\b\d+(?:\s*-?\s*(?:–|to|-)\s*\d+)?\s*-?\s*(?:gauge|G)\b/;
/** A temperature: "56 °C", "20 °F (11 °C)", "37.5 degrees". */
/** A molecule's mass: "approximately 8 kDa", "a 55-kilodalton protein". */
const A_MOLECULAR_SIZE = new RegExp(`${RANGE}\\s*-?\\s*(?:k?Da|kilodaltons?|daltons?)\\b`, "i");
/** The words a question asks of, as one name ("congenital erythropoietic porphyria"), when they are few enough to be one. */
function ownTopicWords(frame: Frame): string[] {
  const words = (frame.askedTopic ?? frame.topic).filter((w) => !speciesIn(w).species.size && !speciesIn(w).groups.size && !isAskingWord(w));
  return words.length >= 1 && words.length <= 3 ? [words.join(" ")] : [];
}
/** Does a question ask of a molecule: by a word for one, or by an abbreviation that names no virus ("RANTES", "IFITM3")? */
const asksOfMolecule = (questionNames: string[]) => MOLECULE_WORD.test(questionNames.join(" ")) || questionNames.some((n) => /^[A-Z][A-Z0-9-]{2,}$/.test(n) && !isVirusAcronym(n));
/** A size: in units of length, area, volume or (an animal's) weight, or against another thing ("twice the size", "the size of a pea"). */
const A_SIZE = new RegExp(
  `${RANGE}\\s*-?\\s*(?:mm|cm|m|km|µm|μm|nm|inch(?:es)?|feet|foot|ft|metres?|meters?|kilometres?|kilometers?|millimetres?|millimeters?|centimetres?|centimeters?|miles?|hectares?|ha|acres?|mm2|cm2|m2|km2|ml|mL|l|L|litres?|liters?|g|kg|grams?|kilograms?|lbs?|pounds?|tonnes?)\\b|\\b(?:the\\s+)?size\\s+of\\s+an?\\s+\\p{L}+|\\b(?:(?:one|two|three)[- ](?:third|half|quarter|fifth)s?|half|twice|double|triple|\\d+(?:\\.\\d+)?\\s*times)\\s+(?:of\\s+)?the\\s+size\\b`,
  "iu",
);
/** The samples and fluids an amount is asked of (the attribute frame reads from "how much serum…", "how much water…"). */
const AMOUNT_OF = /^(?:serum|plasma|blood|urine|milk|colostrum|water|fluids?|saline|feed|faeces|feces|tissue|sample)$/;
/** An amount: a volume, a mass, or a share (of the body weight, of the feed). */
const AN_AMOUNT = new RegExp(`${RANGE}\\s*-?\\s*(?:ml|mL|l|L|dl|dL|µl|μl|cc|litres?|liters?|millilitres?|milliliters?|gallons?|pints?|g|kg|mg|µg|μg|grams?|kilograms?|oz|ounces?|lbs?|pounds?|%|per ?cent|percent)(?![\\p{L}])`, "iu");
/** A size in a molecule's units: "12,300 nucleotides", "approximately 8 kb", "55 kDa", "360 amino acids". */
const A_MOLECULAR_QUANTITY = new RegExp(`${RANGE}\\s*-?\\s*(?:k?Da|kilodaltons?|daltons?|kbp?|Mbp?|Gbp?|bp|nt|nucleotides?|amino acids?|aa|residues|base pairs?)\\b`, "i");
/** Words of a question asking about a molecule, whose size is given in those units. */
const MOLECULE_WORD = /\b(?:genom\w*|genes?|dna|rna|chemokines?|cytokines?|interleukins?|interferons?|hormones?|antibod(?:y|ies)|immunoglobulins?|proteins?|peptides?|sequences?|plasmids?|segments?|molecules?|molecular|nucleotides?|amino|capsids?|virions?|transcripts?|mrnas?|orfs?|antigens?|enzymes?|toxins?|receptors?|chromosomes?)\b/i;
const A_TEMPERATURE = /\d\s*(?:°|º|℃|℉|degrees?\b)|\b\d+(?:\.\d+)?\s?[CF]\b/;

/** Words that say a value bounds the normal or the positive. */
// (Or in words before a measure, not a share: "LncRNAs, more than 200 nucleotides in length", not "more than 50% of cats".)
const STATES_A_BOUND =
  /\b(?:normal|reference (?:range|interval|values?)|(?:upper|lower) (?:limit|bound)s?|breakpoints?|cut-?offs?|thresholds?|within (?:the )?(?:normal )?range|considered (?:positive|negative|abnormal|elevated|increased)|diagnostic (?:of|for)|healthy (?:animals|dogs|cats|horses|cattle|sheep|goats|pigs|birds))\b|[<>≤≥]|\b(?:(?:more|greater|longer|higher|larger|less|fewer|shorter|lower|smaller) than|at (?:least|most)|exceeding|below|above)\s+\d[\d.,]*\s*(?!%|per ?cent|percent)\p{L}/iu;

/** Nouns that say there is a finding, not which: "signs", "lesions", "involvement". */
const FINDING_NOUN = /^(?:with|signs?|lesions?|symptoms?|involvement|disease|problems?|changes?|findings?|abnormalit(?:y|ies))$/i;

/** Doses counted, however the question calls them. */
const DOSES_COUNTED = ["dose", "doses", "shot", "shots", "injection", "injections", "vaccination", "vaccinations", "booster", "boosters", "jab", "jabs"];

/** A share of animals said by what they have: "25% had a history of…", "12% of the cats showed…". */
const SHARE_HAVING = /\d\s*%\s+(?:of\s+(?:the\s+)?[\w-]+(?:\s+[\w-]+){0,2}\s+)?(?:had|have|has|showed|show|shows|carried|carry|carries)\b(?!\s+(?:been|recovered|died|survived))/i;

/** What an attribute may be called in the passage ("seroprevalence" is found as "prevalence" or "seropositive"). */
const MORTALITY_FORMS = ["mortality", "die", "dies", "died", "dying", "death", "deaths", "fatal", "fatality", "lethal", "lethality", "survival", "survive", "survived", "surviving", "survivors"];
const PROTECTION_FORMS = ["protection", "protective", "protected", "protects", "immunity", "immune"];
const ATTRIBUTE_FORMS: Record<string, string[]> = {
  // How many times something happened: "…occurred at least 133 times", "on three occasions".
  [TIMES_ATTRIBUTE]: ["times", "occasions", "events", "episodes", "introductions", "incursions", "spillovers"],
  // How long an animal is kept away from the others: "should be isolated for 3 weeks", "kept separate until…".
  isolation: ["isolation", "isolate", "isolated", "isolating", "separate", "separated", "segregate", "segregated", "quarantine", "quarantined", "apart"],
  seroprevalence: ["seroprevalence", "prevalence", "seropositive", "antibodies"],
  // "…affects 0.7% to 12% of domestic cats", "…were infected": a prevalence said by what the share of animals has.
  prevalence: ["prevalence", "prevalent", "affect", "affects", "affected", "affecting", "infected", "positive", "seropositive", "diagnosed", "cases"],
  incidence: ["incidence", "affect", "affects", "affected", "new cases", "cases", "develop", "developed"],
  // ("…95% of affected cats die within one year"; a share surviving says the same of the rest.)
  mortality: MORTALITY_FORMS,
  // "Do many die?"
  [HOW_DEADLY_ATTRIBUTE]: MORTALITY_FORMS,
  // "How many die?"
  [DIE_ATTRIBUTE]: ["mortality", "die", "dies", "died", "death", "deaths", "fatal", "fatality", "lethal", "lethality"],
  morbidity: ["morbidity", "affected", "attack"],
  // "…can remain viable outside of its host for at least a year": how long a pathogen survives.
  survival: ["survival", "survive", "survived", "surviving", "live", "lived", "die", "died", "succumb", "succumbed", "viable", "viability", "persist", "persists", "persistence"],
  persistence: ["survival", "survive", "surviving", "viable", "viability", "persist", "persists", "persistence", "infectious", "infective", "remain", "remains", "stable", "resistant"],
  gestation: ["gestation", "pregnancy", "gestational"],
  // "How long does the vaccine protection last?": a span said of protection or immunity.
  protection: PROTECTION_FORMS,
  immunity: PROTECTION_FORMS,
  // "How long after recovering are they still contagious?": how long they shed it.
  contagious: ["contagious", "infectious", "shed", "sheds", "shedding", "excreted", "excretion", "carrier", "carriers"],
  // "How long can the made-up solution be kept in the fridge?": how long it keeps, and where.
  storage: ["storage", "store", "stored", "refrigerated", "refrigerator", "fridge", "freezer", "frozen", "shelf", "stability"],
  // A withholding period is the withdrawal period, by its other name.
  withdrawal: ["withdrawal", "withholding", "withheld"],
  withholding: ["withdrawal", "withholding", "withheld"],
  // "When are they due a booster?": "…an annual booster", "revaccinate every 12 months" (not the primary course's gap).
  booster: ["booster", "boosters", "boosted", "revaccination", "revaccinate", "revaccinated", "annual", "annually", "yearly"],
  // "How long does the DNA test take to come back?": how long until results are reported.
  turnaround: ["turnaround", "result", "results", "reported", "available", "returned"],
  // "How long is the incubation for classical scrapie?": "…classical scrapie has a variable pre-clinical period (2-5 years)".
  incubation: ["incubation", "incubate", "incubates", "preclinical"],
  // "How many shots do they need?": "Cattle require two doses separated by 2 weeks".
  doses: DOSES_COUNTED,
  shots: DOSES_COUNTED,
  jabs: DOSES_COUNTED,
  injections: DOSES_COUNTED,
  boosters: DOSES_COUNTED,
  // "When do the signs settle?": "the clinical symptoms are relieved 14 to 18 days after the infection".
  resolution: ["resolve", "resolves", "resolved", "resolution", "relieved", "ease", "eases", "eased", "subside", "subsides", "subsided", "settle", "settles", "recover", "recovered", "recovery", "disappear", "disappeared", "improve", "improved", "improvement", "heal", "healed", "clear", "cleared", "cure", "cured", "remission", "response", "responded", "self-limiting", "return", "returns", "returned", "normalise", "normalised", "normalize", "normalized"],
  "life cycle": ["cycle", "life"],
  lifespan: ["lifespan", "live", "life"],
  "life span": ["lifespan", "live", "life"],
  // "At what age…": "above 2 weeks of age", "puppies younger than 3 months", "6-week-old lambs".
  age: ["age", "aged", "old", "older", "younger", "weaning", "weaned", "birth"],
  // "How long do I run the course for?": a treatment's length is said of the treatment, rarely of "the course".
  // (A vaccine's primary course is its doses: "Cattle require two doses separated by 2 weeks.")
  course: ["course", "treatment", "treated", "therapy", "daily", "given", "administered", "dose", "doses", "booster", "boosters"],
  treatment: ["treatment", "treated", "therapy", "course", "daily", "given", "administered"],
};

function attributeStems(attribute: string): Set<string> {
  const forms = ATTRIBUTE_FORMS[attribute] ?? [attribute];
  return new Set(forms.flatMap((f) => tokenize(f)));
}

const AMINO_ACIDS = "alanine|arginine|asparagine|aspartate|aspartic acid|cysteine|glutamine|glutamate|glutamic acid|glycine|histidine|isoleucine|leucine|lysine|methionine|phenylalanine|proline|serine|threonine|tryptophan|tyrosine|valine";
const RESIDUE_NAMED = new RegExp(
  String.raw`\b(?:Ala|Arg|Asn|Asp|Cys|Gln|Glu|Gly|His|Ile|Leu|Lys|Met|Phe|Pro|Ser|Thr|Trp|Tyr|Val)[-\s]?\d{1,4}\b|\b(?:${AMINO_ACIDS})s?(?:\s+residues?)?\s+(?:at\s+)?(?:positions?\s+)?\d{1,4}\b`,
  "i",
);
const RESIDUE_CODED = /\b\d{1,4}[ACDEFGHIKLMNPQRSTVWY]{1,3}\d{1,4}\b|\b[ACDEFGHIKLMNPQRSTVWY]\d{2,4}\b|\bresidues?\s+(?:at\s+)?(?:positions?\s+)?\d{1,4}\b/;
const STUDY_SIZE =
  /\bn\s*=\s*\d|\b\d[\d,]*\s+(?:[\w-]+\s+){0,2}?(?:horses|ponies|dogs|cats|cattle|cows|calves|sheep|goats|pigs|sows|birds|hens|chickens|rabbits|animals|cases|patients|subjects|participants|farms|herds|flocks|samples|individuals|owners|respondents)\b/i;

/** A small number of doses said as such: "two doses", "a single dose", "3 injections", "a booster". */
const PER_ANIMAL_DOSES =
  /\b(?:(?:a|one|single|two|three|four|five|six|1|2|3|4|5|6)(?:\s*(?:or|to|-|–)\s*(?:two|three|four|five|six|2|3|4|5|6))?\s+(?:[\w-]+\s+)?(?:doses?|injections?|jabs?|shots?|boosters?|vaccinations?|treatments?)|(?:single|once|twice|booster)\b)/i;

/** An infection's markers that persist ("viremia persists only for a few weeks"): the infection lasts, not the animal. */
const INFECTION_PERSISTS = /\b(?:viremia|viraemia|antigenemia|antigenaemia|viral load|shedding|infection|excretion)\s+(?:[\w-]+\s+){0,2}(?:persists?|persisted|lasts?|lasted)\b/i;

/** "pre-clinical" is written with or without its hyphen. */
const unhyphenated = (t: string) => t.toLowerCase().replace(/(?<=\p{L})-(?=\p{L})/gu, "");
/** A text's terms as written and with its hyphens dropped (a sentence is read for each kind of value asked). */
const saidTerms = memoByText(REMEMBERED_TEXTS, (text): ReadonlySet<string> => new Set([...tokenize(text), ...tokenize(unhyphenated(text))]));
/** A passage's or segment's sentences as quoted (cleaned): the checks below read the same passages' sentences again and again. */
const quotedSentences = memoByText(REMEMBERED_TEXTS, (text): readonly string[] => Object.freeze(splitSentences(cleanQuote(text)).map((s) => s.text)));

/**
 * What the question names, which a sentence naming it gives no value for ("which antibiotic…?" is not answered by the
 * drug the case gave; its topic holds a drug the case only states where a class is asked).
 */
export const namedByQuestion = (frame: Frame): string[] => [...frame.names, ...frame.acronyms, ...frame.drugs, ...frame.topic.flatMap((w) => w.split("/"))];

/** Does a sentence (with the one before it as context) hold the typed value asked for? */
export function holdsValue(
  kind: AskedKind,
  sentence: string,
  attribute: string | null,
  context = "",
  questionNames: string[] = [],
  /** Abbreviations the passage defines, with their long forms' terms ("rat tail syndrome (RTS)"): not gene symbols. */
  defined: ReadonlyMap<string, readonly string[]> = new Map(),
): boolean {
  // A value written in LaTeX is read as the reader sees it quoted: "at 6 to $24\mathrm{h}$ post-LPS injection".
  if (sentence.includes("\\mathrm")) return holdsValue(kind, readableMath(sentence), attribute, context, questionNames, defined);
  // "What does it cost the industry?": "the economic impact … is estimated to be 10-20 million annually".
  if (kind === "cost" && ECONOMIC.test(sentence) && /\d\s*(?:million|billion|thousand)\b/i.test(sentence)) return true;
  // "What does Fasciola cost the producer?": "…causing important economic losses to livestock producers".
  if (kind === "cost" && attribute === ECONOMIC_IMPACT_ATTRIBUTE) return ECONOMIC.test(sentence) || VALUE.cost!.test(sentence);
  // "Which breeds are predisposed?": a breed the question did not name ("in a growing number of breeds" names none).
  if (kind === "breed") {
    const asked = new Set(breedsIn(questionNames.join(" ")));
    return breedsIn(sentence).some((b) => !asked.has(b));
  }
  // A place on the body is a region of it: "In horses, … the face, neck, trunk, mane and tail".
  if (kind === "location" && attribute === BODY_SITE_ATTRIBUTE) return BODY_REGION.test(sentence);
  // A residue by name and position ("Ser386", "serine 396"), or coded where the sentence speaks of residues ("three residues
  // (M24, L25, and I27)", "12LF13", "residues 50 to 80"); "the E2 protein" or "H5 subtype" names none.
  if (kind === "residue") return RESIDUE_NAMED.test(sentence) || (/\bresidues?\b/i.test(sentence) && RESIDUE_CODED.test(sentence));
  const re = VALUE[kind];
  if (!re) return true;
  // A figure's or table's number is no value: "…before a pink or red color is observed (Figure 4.5)" gives no count.
  if (FIGURE_NUMBER.test(sentence)) return holdsValue(kind, sentence.replace(new RegExp(FIGURE_NUMBER.source, "gi"), " "), attribute, context, questionNames, defined);
  if (kind === "gene") {
    if (!/\b(genes?|loci|locus|alleles?|variants?|mutations?|haplotypes?|(?:gag|pol|env) (?:regions?|sequences?))\b/i.test(`${context} ${sentence}`)) return false;
    const asked = new Set(questionNames.map((n) => n.toUpperCase()));
    // Not an abbreviation being defined ("rat tail syndrome (RTS)") nor part of a web address.
    const text = sentence.replace(/https?:\/\/\S+/g, " ").replace(/\(\s*[A-Z]{2,6}s?\s*\)/g, " ");
    // (Nor the molecule or the test: "a DNA test to detect the mutation" names no gene.)
    return [...text.matchAll(new RegExp(re.source, "g"))].some((m) => !asked.has(m[0].toUpperCase()) && !defined.has(m[0]) && !NOT_A_GENE.test(m[0]) && /\d|[A-Z]{2}|^(?:gag|pol|env)$/.test(m[0]));
  }
  // "Which antibiotic…?": a drug the question did not name itself.
  if (kind === "drug") {
    const asked = new Set(questionNames.map((n) => n.toLowerCase()));
    return drugWordsIn(sentence).some((w) => !asked.has(w.toLowerCase()) && isOfAskedClass(w, attribute));
  }
  // "How far can it travel?": a distance ("in a wind-borne aerosol over 1-2 km"), not "100% morbidity".
  if (kind === "quantity" && attribute === DISTANCE_ATTRIBUTE) return DISTANCE.test(readableMath(sentence));
  // A bound asked ("the normal upper limit", "the MIC breakpoint") is a value the sentence says bounds something: "600
  // RBC/hpf turn urine light pink" is no normal limit.
  if (kind === "quantity" && attribute === BOUND_ATTRIBUTE) return STATES_A_BOUND.test(sentence) && re.test(sentence);
  // A temperature asked is one in degrees: "heat-treating serum" says none.
  if (kind === "quantity" && attribute === TEMPERATURE_ATTRIBUTE) return A_TEMPERATURE.test(readableMath(sentence));
  if (kind === "quantity" && attribute === MOLECULAR_SIZE_ATTRIBUTE) return A_MOLECULAR_SIZE.test(readableMath(sentence));
  // A size asked is one in units of length, area or volume, or said against something ("the size of a pea"); a molecule's
  // where the question is about one ("How big is the CSFV genome?": "approximately 12,300 nucleotides").
  if (kind === "quantity" && attribute === SIZE_ATTRIBUTE) return A_SIZE.test(readableMath(sentence)) || (asksOfMolecule(questionNames) && A_MOLECULAR_QUANTITY.test(sentence));
  // An amount of a sample or a fluid ("how much water does each hen drink?") is a volume, a mass or a share, not a temperature.
  if (kind === "quantity" && attribute !== null && AMOUNT_OF.test(attribute) && !AN_AMOUNT.test(readableMath(sentence))) return false;
  // A needle's size is its gauge: "A 25- to 27-gauge needle attached to a 1-mL syringe".
  if (kind === "quantity" && attribute === GAUGE_ATTRIBUTE) return A_GAUGE.test(sentence);
  // A year said as when is no count: "…has been the predominant viral type in China since 2013" counts nothing.
  if (kind === "count" && YEAR_SAID.test(sentence)) return holdsValue(kind, sentence.replace(YEAR_SAID, " "), attribute, context, questionNames, defined);
  // How many doses (injections, boosters) an animal needs is a small number of them: "over seven million doses used" and
  // "First registered in 2002" give none.
  if (kind === "count" && attribute !== null && DOSES_COUNTED.includes(attribute.toLowerCase())) return PER_ANIMAL_DOSES.test(readableMath(sentence));
  // How many a study took in is a number of them ("…of 296 horses", "n = 40"), not a share it found ("25% had…").
  if (kind === "count" && attribute === STUDY_SIZE_ATTRIBUTE) return STUDY_SIZE.test(sentence.replace(/\d[\d.,]*\s*%/g, " "));
  // "How common is it?": a share, or how common in words ("the most common cause", "rarely").
  if (kind === "rate" && attribute === HOW_COMMON_ATTRIBUTE) return re.test(sentence) || COMMON_IN_WORDS.test(sentence);
  // "Do many die?": a share that die, or how deadly in words ("the mortality rate arising from equine influenza is low").
  if (kind === "rate" && attribute === HOW_DEADLY_ATTRIBUTE && DEADLY_IN_WORDS.test(sentence)) return true;
  // An age ("above 2 weeks of age", "6-week-old") is not how often or how long something is, unless an age is asked
  // (or how long animals survive: "succumb … before 3 months of age").
  if (kind === "interval" || (kind === "duration" && attribute !== AGE_ATTRIBUTE && attribute !== SURVIVAL_ATTRIBUTE)) {
    const withoutAccounts = sentence.replace(AN_AGE, " ").replace(YOUNG_UP_TO_AGE, " ").replace(AN_ACCOUNTS_SPAN, " ");
    // (Years since an event are what "how long has it been about?" asks, with no attribute.)
    const withoutAges = attribute ? withoutAccounts.replace(YEARS_SINCE, " ") : withoutAccounts;
    if (withoutAges !== sentence) return holdsValue(kind, withoutAges, attribute, context, questionNames, defined);
  }
  // A size in a molecule's units ("12,300 nucleotides", "8 kb") is a molecule's: not how big a zone or a wart is.
  if (kind === "quantity" && attribute !== MOLECULAR_SIZE_ATTRIBUTE && questionNames.length > 0 && !asksOfMolecule(questionNames) && A_MOLECULAR_QUANTITY.test(sentence)) {
    return holdsValue(kind, sentence.replace(new RegExp(A_MOLECULAR_QUANTITY.source, "gi"), " "), attribute, context, questionNames, defined);
  }
  if (!re.test(sentence)) return false;
  // An interval said as a span is one between doses or checks: "a booster 2 weeks later", "repeat after 3 weeks", not
  // "a three- to nine-day incubation period".
  if (kind === "interval" && !INTERVAL_WORDS.test(sentence) && !REPEATED.test(sentence)) return false;
  if (!attribute || !isAttributeOf(kind, attribute)) return true;
  // How often something is checked is said of that thing: "the dose is continued one to three times a week" says nothing
  // of how often liver enzymes are checked.
  // (So is how long a thing stays on: "…the tourniquet is removed after bandaging" is said of the tourniquet, "at least 1 week
  // of antibiotic cover" is not.)
  const checked = checkedThing(attribute) ?? thingInPlace(attribute);
  if (checked !== null) {
    const held = new Set(tokenize(sentence));
    const own = tokenize(checked).filter((t) => !isStopWord(t));
    return own.length > 0 && own.every((t) => held.has(t));
  }
  // How long a pathogen lasts outside a host is said with where it lasts: "remain viable outside of its host for at
  // least a year", not "geese that had survived Derzsy's disease … in the initial 1-2 weeks".
  if (attribute === PERSISTENCE_ATTRIBUTE && !OUTSIDE_A_HOST.test(`${context} ${sentence}`)) return false;
  // "Case fatality rate" is a fixed phrase: a sentence giving a "case … rate" gives it, however its middle word is
  // spelled or mistyped ("Case fertility rate of the disease is 55-85% in goats").
  // ("How deadly is PPR?" asks the same share of the cases.)
  if ((attribute === "fatality" || attribute === "mortality" || attribute === DIE_ATTRIBUTE) && /\bcase[- ]\w+ rates?\b/i.test(sentence)) return true;
  // The finding a share is of is named with the share itself, by its own word ("up to 30% of cats with FIP are affected
  // by neurological involvement" for "…have neurological signs", not "…ocular lesions").
  if (isFindingAttribute(attribute)) {
    const own = tokenize(attribute.split(/\s+/).filter((w) => !FINDING_NOUN.test(w)).join(" ")).filter((t) => !isStopWord(t));
    const held = new Set(tokenize(sentence));
    // (A share testing positive is a prevalence, however written: "seroprevalence of 12%", "…were infected".)
    if (own.length === 1 && own[0] === tokenize("positive")[0]) return POSITIVE_SHARE.test(sentence);
    // (Or by a synonym: "neuro" involvement is "neurological".)
    return own.length > 0 && own.every((t) => held.has(t) || synonymsIn([t]).some((m) => m.alternatives.some((a) => a.every((x) => held.has(x)))));
  }
  // "…can cause fatal disease within two to four days of infection": how long until death, said in the sentence itself
  // (a sentence before it calling the disease fatal says nothing of how long it takes).
  if (attribute === SURVIVAL_ATTRIBUTE && /\b(?:fatal|death|kills?|killed)\b/i.test(sentence)) return true;
  // "…demonstrated that 25% had a history of back-related problems": the share of the animals that have it.
  if (attribute === "prevalence" && SHARE_HAVING.test(sentence)) return true;
  // (Not how often a test finds it: "a Wood's lamp will detect positive M. canis infection approximately 70–100% of the time".)
  if (attribute === "prevalence" && A_TEST_S_RATE.test(sentence)) return false;
  // How long an animal lives is not how long its viraemia or shedding persists: "…viremia persists only for a few weeks"
  // gives no survival for an FIV-positive cat.
  if (attribute === SURVIVAL_ATTRIBUTE && INFECTION_PERSISTS.test(sentence) && !/\b(?:surviv\w*|lives?|lived|die[sd]?|succumb\w*|death)\b/i.test(sentence)) return false;
  // How many of an animal there are is a number of them ("an estimated 6 million feral swine") or their population's
  // ("a population of 2.6 million"), not another number said beside them ("…expanded their range to at least 38 states").
  if (kind === "count" && attribute.startsWith(POPULATION_PREFIX)) {
    const asked = speciesIn(attribute);
    const counted = [...asked.species];
    // (A reference's numbers count nothing: "…from both populations (35, 38)".)
    const text = readableMath(sentence).replace(/[([]\s*\d+(?:\s*[,–-]\s*\d+)*\s*[)\]]/g, " ");
    // (Nor their young, "litters of 4-6 piglets", when the grown animals are counted.)
    const countsThem = (words: string) => {
      const named = speciesIn(words);
      return counted.every((id) => named.species.has(id)) && (asked.young || !named.young);
    };
    return (
      [...text.matchAll(COUNTED_THINGS)].some((m) => countsThem(m[1]!)) ||
      (counted.every((id) => speciesIn(text).species.has(id)) && /\bpopulations?\b[^.;]{0,40}?\d|\d[\d,.]*\s*(?:million|billion|thousand)?\s+(?:animals|individuals|head)\b/i.test(text))
    );
  }
  const stems = attributeStems(attribute);
  // An abbreviation stands for its long form: "…when approximately 600 RBC/hpf were present" counts red blood cells.
  let standingFor: string[] | undefined;
  const initials = attributeAsInitials(attribute);
  const countedSpecies = kind === "count" ? [...speciesIn(attribute).species] : [];
  const says = (text: string) => {
    const present = saidTerms(text);
    standingFor ??= [...defined].flatMap(([abbreviation, terms]) => (namesThing(abbreviation, sentence) ? terms : []));
    return (
      [...stems].some((s) => present.has(s) || standingFor!.includes(s)) ||
      unhyphenated(text).includes(unhyphenated(attribute)) ||
      // (Or by a synonym: "structural polypeptides" are counted as "54 structural proteins".)
      synonymsIn(tokenize(attribute)).some((m) => m.alternatives.some((a) => a.length > 0 && a.every((x) => present.has(x)))) ||
      // (Or by its initials: "how many QHs…" is answered by "almost 3 million Quarter Horses".)
      (initials !== null && namesThing(initials, text)) ||
      // (Or, counting a species, by a number of it in another of its words: "how many humans…" by "2.4 million people are infected".)
      (countedSpecies.length > 0 && [...text.matchAll(COUNTED_THINGS)].some((m) => countedSpecies.every((id) => speciesIn(m[1]!).species.has(id))))
    );
  };
  // The sentence before says what the value is of, unless it gives its own: "The virus typically has a three- to nine-day
  // incubation period…" is followed by "RHDV2 was first detected in France in 2010 and, in the 12 years since…".
  return says(sentence) || (context !== "" && !re.test(context) && says(`${context} ${sentence}`));
}

/** Animals of many kinds: "wild and domestic mammals", "vertebrates", "at least 40 species", "other hosts". */
const MANY_KINDS_OF_ANIMALS = /\b(?:mammals|vertebrates|wildlife|(?:wild|domestic(?:ated)?|other)\s+(?:and\s+(?:wild|domestic(?:ated)?)\s+)?(?:animals|mammals|hosts)|\d+\s+(?:(?:different|other)\s+)?(?:host\s+)?species)\b/i;
/** "How many different collagen types…?": kinds counted, which a share never counts ("ca. 30% of the total protein pool"). */
const KINDS_COUNTED = /\bhow many\s+(?:different\s+|distinct\s+|separate\s+)?(?:[\w-]+\s+){0,2}?(?:types|kinds|sorts|classes|forms|varieties|categories|families|genera|serotypes|genotypes|subtypes|serogroups|strains)\b/i;
/** A share asked for by name: "what proportion of those patients die?", "which percentage…", "what % of…". */
const SHARE_ASKED = /\b(?:what|which)\s+(?:[\w-]+\s+)?(?:proportion|percentage|percent|fraction)\b|\b(?:what|which)\s+%/i;
/** A count a year, which is no share: "…with an estimate of more than 100,000 cases per year". */
const COUNTED_PER_YEAR = new RegExp(COUNT_PER_YEAR, "gi");
/** A share written as one: "30%", "30 \%", "12 per cent". */
const SHARE_WRITTEN = /\d+(?:[.,]\d+)?\s*\\?%|\d+(?:[.,]\d+)?\s*per ?cent\b/gi;

/** Greek letters as words and symbols, which name subtypes ("IFN-λ", "TNF-alpha", "PPAR-gamma"). */
const GREEK_LETTERS: Array<[string, string]> = [["alpha", "α"], ["beta", "β"], ["gamma", "γ"], ["delta", "δ"], ["epsilon", "ε"], ["zeta", "ζ"], ["kappa", "κ"], ["lambda", "λ"], ["tau", "τ"], ["omega", "ω"]];
/** An abbreviation's subtype named by a Greek letter: "IFN-lambda", "TNF-α". */
// (Not a compound that goes on after it: "SA-β-gal" is an enzyme's stain.)
const GREEK_SUBTYPE = new RegExp(`\\b([A-Z][A-Za-z]{1,5})[-\\s](${GREEK_LETTERS.flat().join("|")})(?![\\p{L}]|-[\\p{L}\\p{N}])`, "gu");

/** An asked thing typed as initials ("qhs" from "QHs"): a short word no dictionary holds, read as its capitals. */
function attributeAsInitials(attribute: string): string | null {
  const word = attribute.trim();
  if (!/^[a-z]{2,4}s?$/.test(word) || isEnglishWord(word) || isEnglishWord(word.replace(/s$/, ""))) return null;
  return word.endsWith("s") && word.length > 2 ? `${word.slice(0, -1).toUpperCase()}s` : word.toUpperCase();
}

export type SpeciesCheck = { asked: string[]; missing: string[]; missingIds: string[] };

/** The abbreviation the question defined for these words, if any ("SACs" for "south american camelids"). */
function aliasOf(frame: Frame, label: string): string | null {
  const words = label.toLowerCase().split(/\s+/);
  return frame.aliases.find((a) => words.every((w) => a.words.includes(w)) || a.words.every((w) => words.includes(w)))?.abbreviation ?? null;
}

/** Words that say a disease passes to people: what a passage on whether owners can catch it speaks of. */
const PASSES_TO_PEOPLE = /\bzoono/i;

/**
 * The asked species (and groups) a set of passages does not speak of. Humans are required only when the question
 * asks whether people catch an animal's disease ("can the owner catch it?"): medical texts about people rarely say
 * "human", but a passage on FIP in cats that never speaks of people does not say whether owners catch it.
 */
function missingSpecies(frame: Frame, passages: Array<Pick<PassageLike, "title" | "heading" | "text">>, peopleAsked = false): SpeciesCheck {
  const texts = passages.map((p) => fullText(p));
  const mentions = texts.map(speciesOfText);
  const byAlias = (label: string) => {
    const alias = aliasOf(frame, label);
    return alias !== null && texts.some((t) => namesThing(alias, t));
  };
  const missing: string[] = [];
  const missingIds: string[] = [];
  for (const id of frame.species) {
    if (id === "human" && !peopleAsked) continue;
    if (mentions.some((m) => mentionsSpecies(m, id)) || byAlias(speciesLabel(id))) continue;
    if (id === "human" && texts.some((t) => PASSES_TO_PEOPLE.test(t))) continue;
    missing.push(speciesLabel(id));
    missingIds.push(id);
  }
  for (const word of frame.groups) {
    const index = groupIndex(word);
    if (index < 0 || mentions.some((m) => mentionsGroup(m, index)) || byAlias(word)) continue;
    missing.push(word);
    missingIds.push(word);
  }
  return { asked: [...frame.species.filter((id) => id !== "human").map(speciesLabel), ...frame.groups], missing, missingIds };
}

/**
 * Is a missing species what the question is about? It is when it is the first species the question asks
 * about ("are cats useful sentinels … the way dogs are?"), or the only species of one of its questions
 * ("Which MRSA types predominate in cats? Are they those reported in dogs?"). A species named in passing
 * ("using aging dogs … rather than rodent models") is not. A follow-up that names none asks about its frame's.
 */
function missesFocus(question: string, frame: Frame, missingIds: string[]): boolean {
  if (!missingIds.length) return false;
  const missing = new Set(missingIds);
  // People asked whether they catch it are what the question is about ("can the owner catch it from her cat?").
  if (missing.has("human")) return true;
  // (Not the animals of who asks, said in a label: "Poultry tech here:", "Sheep and goat keeper:".)
  const parts = askingParts(withoutLeadingLabel(question, isAskerLabel)).map((s) => ({ text: mainClause(s), order: speciesIn(mainClause(s), { asked: true }).order.filter((x) => x !== "human") }));
  const named = parts.filter((p) => p.order.length).map((p) => p.order);
  if (!named.length) {
    // (Unless what it tells first names them as one list: "New to keeping goats and a few sheep - … What does it do?")
    const text = withoutLeadingLabel(question, isAskerLabel);
    const order = speciesIn(text, { asked: true }).order.filter((x) => x !== "human");
    // (Or the animals an asker works with, said of themselves: "I'm a hoof trimmer, mostly dairy cattle but I do sheep flocks
    // … How many types of the footrot bug are there?" is answered for the sheep, saying the cattle are not covered.)
    const introduction = /^\s*(?:i['’]?m|i am|we['’]?re|we are|i work|we work|i run|we run|i do|i keep|we keep)\b[^.!?]*[.!?]/i.exec(text)?.[0] ?? "";
    const ofAsker = speciesIn(introduction, { asked: true }).order.filter((x) => x !== "human");
    // (Not where what is asked names a missing one, if only in a disease's name: "I keep canaries next to the goat pen. Is
    // canary pox the same sort of virus as goat pox?")
    const asking = askingParts(question).join(" ");
    const askedOfMissing = missingIds.some((id) => wordsNaming(id).some((w) => new RegExp(`\\b${escapeStringRegexp(w)}\\b`, "i").test(asking)));
    if (ofAsker.length >= 2 && !askedOfMissing && order.every((id) => ofAsker.includes(id)) && order.some((id) => !missing.has(id))) return false;
    // (Nor the animals a case is told of, where what is asked is the nature of the thing it names, which is the same in any
    // host: "Distemper is our biggest fear with ferrets. What proteins does canine distemper virus encode…?", "…give her dog
    // a Lactobacillus reuteri supplement. What sort of bacterium is it…?". Its effect in them is still theirs: "what do
    // these flukes do to cattle?" names them as it asks. So is a thing named for them, "which Orthohepevirus species does
    // avian HEV belong to?", and one asked of them by pointing back: "…snakes, birds and mammals. Is there a parvovirus
    // genus that infects all of those?")
    const animalsAsked = speciesIn(asking);
    const namedForMissing = [...animalsAsked.species].some((id) => missing.has(id)) || animalsAsked.groups.size > 0;
    if (order.length && !frame.inherited.includes("species") && namesItsThing(frame) && NATURE_ASKED.test(asking) && !namedForMissing && !POINTS_BACK_TO_TOLD.test(asking)) return false;
    // (So is a follow-up naming none, that goes on with several: "are most of them the nasty virulent kind?")
    if (!order.length && frame.species.filter((id) => id !== "human").length >= 2 && frame.species.some((id) => id !== "human" && !missing.has(id))) return false;
    return !order.some((id) => missing.has(id) && order.some((other) => !missing.has(other) && namedInOneList(text, id, other)));
  }
  // (The first animal named is the focus, unless it is one of a list: "keeping goats and a few sheep" asks of both.)
  const first = parts.find((p) => p.order.length)!;
  if (missing.has(first.order[0]!) && !first.order.some((id) => !missing.has(id) && namedInOneList(first.text, first.order[0]!, id))) return true;
  // The animals it passes to ("can PPR jump from the goats to the pigs?"): where it goes is what is asked.
  const passedTo = askingParts(question).flatMap((s) => [...s.matchAll(PASSES_TO)].map((m) => m[1]!));
  // (Read after the "to" they follow: "into seals" are the animals.)
  if (passedTo.some((words) => [...speciesIn(`to ${words}`).species].some((id) => missing.has(id)))) return true;
  // The animals something is used on or lives on ("can I use the pig doramectin injection on my goats?", "can chicken lice
  // live on my canaries?"): those are asked of, not the animal the product or the parasite is named for.
  const usedOn = askingParts(question).flatMap((s) => [...s.matchAll(USED_ON)].map((m) => m[1]!));
  if (usedOn.some((words) => [...speciesIn(words).species].some((id) => missing.has(id)))) return true;
  // The animals a question's subject points back to ("…hedgehogs… Do they act as a reservoir for the local dogs?").
  if (askingParts(question).some(asksOfThem) && missingIds.some((id) => !named.some((o) => o.includes(id)))) return true;
  return named.some((o) => o.every((x) => missing.has(x)));
}

/**
 * What a thing is, the same in any host: what it encodes, its genome or proteins, its genus or family and where it sits
 * among its relatives, what sort of organism it is. (Not its types or strains, which differ by host: "which types are
 * involved?" of sarcoids in a cob.)
 */
const NATURE_ASKED =
  /\b(?:encod(?:e|es|ed|ing)|genomes?|genus|genera|taxonom\w*|classif(?:y|ied|ication)|(?:sits?|belongs?|fits?)\s+(?:in|among|to|within)|(?:what|which)\s+(?:sort|kind|type|class)\s+of\s+(?:bacteri(?:um|a)|virus(?:es)?|organisms?|pathogens?|parasites?|fung(?:us|i)|proteins?|molecules?|compounds?|enzymes?|genes?)|(?:what|which)\s+(?:[\w-]+\s+){0,2}?proteins?\s+(?:does|do|did|is|are)\b|species\s+names?)\b/i;
/** Words pointing back to the animals a case told of: "…snakes, birds and mammals. Is there a genus that infects all of those?" */
const POINTS_BACK_TO_TOLD = /\b(?:all|any|each|both|either|most|some|one)\s+of\s+(?:them|those|these)\b|\b(?:in|for|to|into|infects?|infecting|affects?|affecting)\s+(?:them|those|these)\b/i;
/** Does the question name a thing of its own (a pathogen, drug, condition, abbreviation or name)? */
const namesItsThing = (frame: Frame) => frame.pathogens.length + frame.drugs.length + frame.conditions.length + frame.acronyms.length + frame.names.length > 0;

/** At least this share of the topic is what a sentence must hold to say what is asked of the animals it names. */
const SAYS_TOPIC = 0.5;

/**
 * "Are goat kidneys smooth like a sheep's or lobed like a cow's?", "can it attach to ram sperm, the way it does with bull
 * sperm?": where the sentences that say what is asked name the animals the question compares with, and no sentence naming
 * the asked one says as much of it, the passages say it of the others ("Some ruminants have smooth kidneys, e.g. sheep,
 * and some lobed kidneys, e.g. cattle" beside "…share other species of parasite with cattle, sheep and goats").
 * (A sentence naming no animal that says it as well may be of the asked one: the passages are not read as the others'.)
 */
function saysOnlyOfOthersNamed(question: string, frame: Frame, topic: QueryTerm[], segments: Segment[]): boolean {
  const asked = frame.species.filter((id) => id !== "human");
  // (What is asked of them, not who asks: "Vet student:".)
  const askedStems = new Set(tokenize((frame.askedTopic ?? []).join(" ")));
  const own = askedStems.size ? topic.filter((t) => askedStems.has(t.term)) : topic;
  if (!asked.length || !own.length) return false;
  const others = new Set([...speciesIn(comparedOnlyWords(question).join(" ")).species].filter((id) => id !== "human" && !asked.includes(id)));
  if (!others.size) return false;
  let ofOthers = 0;
  let ofAsked = 0;
  for (const segment of segments) {
    const contextNamesAsked = namesAskedSpecies(frame, speciesIn(segment.context));
    for (const sentence of quotedSentences(segment.text)) {
      const said = match(own, textTerms(sentence)).coverage;
      const mentions = speciesSpokenOf(sentence, frame.species);
      const namesAny = mentions.species.size > 0 || mentions.groups.size > 0;
      if (namesAskedSpecies(frame, mentions) || (!namesAny && contextNamesAsked)) ofAsked = Math.max(ofAsked, said);
      else if ([...mentions.species].some((id) => others.has(id))) ofOthers = Math.max(ofOthers, said);
      else if (!namesAny) ofAsked = Math.max(ofAsked, said);
    }
  }
  return ofOthers >= SAYS_TOPIC && ofAsked < ofOthers * SAYS_TOPIC;
}

/** Words that may join the animals of one list: "goats and a few sheep", "cattle, sheep or goats". */
const LIST_WORDS = new Set([",", "and", "or", "&", "plus", "a", "few", "some", "the", "our", "my", "couple", "of", "several"]);

/** Does a text name these two animals in one list ("goats and a few sheep"), not one as the focus and one aside? */
function namedInOneList(text: string, a: string, b: string): boolean {
  const words = text.toLowerCase().match(/[\p{L}'’-]+|[,&]/gu) ?? [];
  const at = (id: string) => words.findIndex((w) => speciesIn(w).species.has(id));
  const [i, j] = [at(a), at(b)];
  if (i < 0 || j < 0) return false;
  const between = words.slice(Math.min(i, j) + 1, Math.max(i, j));
  return between.length > 0 && between.length <= 4 && between.every((w) => LIST_WORDS.has(w)) && between.some((w) => [",", "and", "or", "&", "plus"].includes(w));
}

/**
 * A question without the condition it opens with, when what it then asks names an animal of its own: "If PPR gets into
 * the goats, can the pigs catch it too?" asks of the pigs. ("If my dog has it, what's the dose?" keeps its dog.)
 */
function mainClause(question: string): string {
  const m = /^\s*(?:if|when|once|since|after|now that)\b[^,?]*,\s*(.+)$/is.exec(question);
  return m && speciesIn(m[1]!, { asked: true }).order.length ? m[1]! : question;
}

/** What something is used on or lives on, said last in its clause: "use the pig doramectin on my goats", "live on my canaries". */
const USED_ON =
  /\b(?:use|using|give|giving|put|putting|apply|applying|try|trying|live|living|survive|surviving)\b(?:\s+[\p{L}'’-]+){0,6}?\s+(?:on|in|for)\s+((?:(?:the|our|my|their|your|his|her|these|those|a|an)\s+)[\p{L}-]+(?:\s+[\p{L}-]+)?)\s*(?=[?.!,]|$)/giu;

/** What a disease passes to: "jump from the goats to the pigs", "spread into the cattle", "pass over to our dogs". */
const PASSES_TO =
  /\b(?:jump|jumps|jumped|jumping|spread|spreads|spreading|pass|passes|passed|passing|transmit(?:s|ted|ting)?|transfer(?:s|red|ring)?|cross|crosses|crossed|crossing|move|moves|moved|moving|spill|spills|spilled|spilt|spilling|carry|carries|carried|apply|applies|applied|extend|extends|extrapolate[sd]?|translate[sd]?)\b(?:\s+(?!to\b|into\b)[\p{L}'’-]+){0,5}?\s+(?:over\s+|across\s+)?(?:to|into)\s+((?:(?:the|our|my|their|your|his|her|any|other|nearby|neighbouring|neighboring)\s+)*[\p{L}-]+(?:\s+[\p{L}-]+)?)/giu;

/**
 * Everyday verbs and fillers of a question ("Do ducks see colour the same way…?"), and the words that only ask how
 * much or how often ("how many jabs does a cow need, and how far apart do they go?"): never what a passage is about.
 */
const TOPICLESS = new Set(
  tokenize("see seen sees saw way ways look looks like know knows think get gets got make makes take takes thing things lot lots bit kind sort many much far apart often need needs needed go goes going matter matters loads ones round since"),
);

/** The question's content terms without its species words and fillers: what the passage must be about. */
function topicTerms(terms: QueryTerm[], frame: Frame): QueryTerm[] {
  // (And "people", "children" beside another species: words for humans that their label does not stem to.)
  const humansCompared = frame.species.includes("human") && frame.species.length > 1;
  const written = new Set(terms.map((t) => t.term));
  const speciesStems = new Set(
    [...frame.species.map(speciesLabel), ...frame.groups, ...(humansCompared ? wordsNaming("human") : [])]
      .flatMap((label) => tokenize(label))
      .concat(frame.species.flatMap((id) => tokenize(id)))
      // (And a name of theirs in several words the question writes whole: "Oryctolagus cuniculus", "Texel ewes".)
      .concat(frame.species.filter((id) => id !== "human").flatMap((id) => wordsNaming(id).map((w) => tokenize(w)).filter((name) => name.length > 1 && name.every((t) => written.has(t))).flat())),
  );
  const own = terms.filter((t) => !speciesStems.has(t.term) && !speciesIn(t.term).species.size && !TOPICLESS.has(t.term));
  return own.length ? own : terms;
}

/** The relevant passages that carry the question's topic (not only its species word), best first. */
function supportingPassages<P extends PassageLike>(terms: QueryTerm[], frame: Frame, relevant: Array<ScoredPassage<P>>, essay: boolean): Array<ScoredPassage<P>> {
  if (!relevant.length) return [];
  const topic = topicTerms(terms, frame);
  // Among passages that hold the topic as well, those naming the asked species first ("Do ducks see colour…?": the
  // one on ducks' vision before those on the colour of urine).
  // (Read only for passages tied on the topic.)
  const asked = frame.species.filter((id) => id !== "human");
  const named = new Map<PassageLike, number>();
  const namesAsked = (p: PassageLike) => {
    if (!named.has(p)) named.set(p, asked.some((id) => mentionsSpecies(speciesIn(fullText(p)), id)) ? 1 : 0);
    return named.get(p)!;
  };
  // A question asking one thing is judged with the rest of the paragraph a passage ends in ("There are vaccines …
  // Cattle require two doses" after bluetongue); an essay, by what each passage says itself.
  const scored = relevant.map((p) => ({ p, c: match(topic, !essay && (p.tail || p.lead) ? textTerms(fullText(p)) : passageTerms(p)).coverage }));
  const best = Math.max(...scored.map((s) => s.c));
  const supporting = scored.filter((s) => s.c >= best * SUPPORT_RELATIVE_TO_BEST).sort((a, b) => b.c - a.c || (asked.length ? namesAsked(b.p) - namesAsked(a.p) : 0));
  // Of a subject carried, the passages that name it: "and what does it cost farmers in the US?" after scrapie is not
  // answered by what necrotic enteritis costs the US poultry industry.
  const namesSubject = subjectNamer(terms, frame);
  const ofSubject = namesSubject ? supporting.filter((s) => namesSubject(s.p)) : [];
  return (ofSubject.length ? ofSubject : supporting).slice(0, MAX_SUPPORTING).map((s) => s.p);
}

/**
 * Whether a passage names one of the named subjects (conditions, pathogens, drugs, names) a follow-up carries from the
 * question before; null without one. (A question naming its own subject is found by its words already.)
 */
function subjectNamer(terms: QueryTerm[], frame: Frame): ((p: PassageLike) => boolean) | null {
  const carried = (["conditions", "pathogens", "drugs", "names"] as const).filter((slot) => frame.inherited.includes(slot));
  const subjects = carried.flatMap((slot) => frame[slot]);
  // (By the terms search read for it, with their other forms, or as its name is written: "B. ovis" names Babesia.)
  const spelled = (name: string) => tokenize(name).map((t) => terms.find((q) => q.term === t));
  const holds = (name: string, text: string) => {
    const read = spelled(name);
    return read.length > 0 && read.every((t) => t !== undefined && holdsTerm(textTerms(text), t));
  };
  return subjects.length ? (p) => subjects.some((name) => holds(name, fullText(p)) || namesAsRead(name, fullText(p), terms)) : null;
}

/** A virus's abbreviation ("FeLV", "RHDV"): capitals, then a V. */
export const isVirusAcronym = (word: string) => /^[A-Z][A-Za-z]{1,4}V$/.test(word) && !/^[IVXLCDM]+$/.test(word);

/**
 * Does a text name, by abbreviation, only a virus other than those asked ("Usually, FeLV-infected cats die within 1 to 3
 * years" asked of FIV)? Not one the question names in another form (`own`: "PPMV" of "PPMV-1").
 */
export function namesAnotherVirus(text: string, asked: string[], own: ReadonlySet<string>): boolean {
  return asked.length > 0 && !asked.some((a) => namesThing(a, text)) && text.split(/[^\p{L}]+/u).some((w) => isVirusAcronym(w) && !asked.includes(w) && !own.has(w));
}

/** Does a text open with, by abbreviation, a virus other than those asked ("CSFV is genetically related to… (BVDV)-1")? */
export function opensWithAnotherVirus(text: string, asked: string[], own: ReadonlySet<string>): boolean {
  const first = /^[\p{L}\p{N}-]+/u.exec(text)?.[0] ?? "";
  return asked.length > 0 && isVirusAcronym(first) && !asked.includes(first) && !own.has(first);
}

/**
 * Which of a paragraph's sentences speak of another virus than those asked without naming one: those after a sentence that
 * opens with another ("FeLV infection results in several different disease outcomes… Many cats develop a 'regressive
 * infection'…", asked of FIV), until one names a virus again.
 */
export function ofAnotherVirusBefore(sentences: string[], asked: string[], own: ReadonlySet<string>): boolean[] {
  // (No virus asked, none is another: nothing to read, for every sentence of every passage.)
  if (!asked.length) return sentences.map(() => false);
  let other = false;
  return sentences.map((s) => {
    const namesVirus = asked.some((a) => namesThing(a, s)) || s.split(/[^\p{L}]+/u).some(isVirusAcronym);
    const before = !namesVirus && other;
    if (namesVirus) other = opensWithAnotherVirus(s, asked, own);
    return before;
  });
}

/** A paragraph of a supporting passage, read with its passage's heading and title. */
type Segment = { text: string; context: string };

/**
 * The paragraphs that carry the topic: a chunk can hold several paragraphs (and pages), and the species
 * or the value asked for must be where the topic is, not in a neighbouring paragraph about something else.
 */
function topicSegments(terms: QueryTerm[], frame: Frame, passages: PassageLike[]): Segment[] {
  const topic = topicTerms(terms, frame);
  // The first paragraph continues its lead (the start of it, in the chunk before): that is what it is about. The
  // last goes on in its tail (the rest of it, in the chunk after): what it says there is said where the topic is.
  // (Paragraphs are judged on the passage's own text: a long tail must not raise the bar for the others.)
  const segments = passages.flatMap((p) => {
    const paragraphs = p.text.replace(INVISIBLE, "").split(/\n+/);
    return paragraphs
      .map((text, i) => ({
        text: p.tail && i === paragraphs.length - 1 ? `${text} ${p.tail.replace(INVISIBLE, "")}` : text,
        judged: text,
        context: `${p.title}\n${p.heading ?? ""}${i === 0 && p.lead ? `\n${p.lead}` : ""}`,
      }))
      .filter((segment) => segment.text.trim());
  });
  const scored = segments.map((s) => ({ s, c: match(topic, textTerms(`${s.context}\n${s.judged}`)).coverage }));
  const best = Math.max(0, ...scored.map((x) => x.c));
  // (Though one may reach the bar with its tail: "The feline calicivirus (FCV) belongs…" goes on "…The clinical
  // symptoms are relieved 14 to 18 days after the infection" in the chunk after.)
  const reaches = (x: (typeof scored)[number]) => x.c >= best * SEGMENT_RELATIVE_TO_BEST || (x.s.text !== x.s.judged && match(topic, textTerms(`${x.s.context}\n${x.s.text}`)).coverage >= best * SEGMENT_RELATIVE_TO_BEST);
  return scored.filter(reaches).map((x) => ({ text: x.s.text, context: x.s.context }));
}

/** Words that say a thing is given: the word next to them names what is given ("metformin dose", "protocol for melarsomine"). */
const GIVEN = /^(?:dose|doses|dosage|dosing|protocol|protocols|regimen|regimens|tablets?|injections?|concentrations?|dilutions?)$/i;
/** A form a product is applied in: the word before it names the product when it is written as one ("a chloramine-T bath", "a permethrin spray"), not "a lukewarm dip". */
const APPLIED_AS = /^(?:baths?|dips?|drenches?|sprays?|shampoos?|ointments?|creams?|drops)$/i;
/** Testing, screening or vaccinating an animal for a thing: the word after "for" or "against" names that thing. */
const TESTED_FOR = /^(?:swab|swabs|swabbed|swabbing|test|tests|tested|testing|screen|screens|screened|screening|vaccinate|vaccinated|vaccinating|vaccination)$/i;
/** Verbs of giving before a word name what is given ("can I use melarsomine in a cat?"). */
const GIVING = /^(?:use|using|give|giving|prescribe|prescribing|try|trying|start|starting)$/i;
/** Verbs of putting an amount of a thing in or on an animal, its food or water ("how much X should we add?"). */
const AMOUNT_GIVING = /^(?:add|adding|give|giving|use|using|put|putting|feed|feeding|mix|mixing|include|including|dose|dosing|supplement|supplementing)$/i;
/** Words that offer one thing against another: "X or Y", "X than Y", "X versus Y", "X instead of Y". */
const ALTERNATIVE_WORD = /^(?:or|than|versus|vs|instead|rather)$/i;
/** Verbs that say an animal gets a disease ("could our peccaries catch it?"). */
const CATCHES = /^(?:catch|get|contract|carry|harbour|harbor)$/i;
/**
 * Written as a name: a long word in capitals ("FAMACHA"), capitals with a number ("PCV3") or a name with inner
 * capitals ("LaSota"), or a short one ending in a capital, as bacterial genes and toxins are written ("NetB", "TcdA"). Short
 * capitals ("GTPV", "CuAH") are abbreviations a passage may spell out instead.
 */
const NAME_SHAPED = /^(?:[A-Z]{6,}|[A-Z]{2,}\d+[A-Za-z]?|[A-Z][a-z]+[A-Z][a-z]{3,}|[A-Z][a-z]{2,3}[A-Z]\d?)$/;
/** Endings of words that describe ("intramuscular dose", "guiding", "weekly") rather than name a thing. */
// (Or compares: "a compounded itraconazole that's way cheaper, worth it?")
const DESCRIBING = /(?:al|ar|ous|ive|ic|ly|ing|ed|ory|ful|less)$|^(?:cheaper|dearer|pricier|costlier|better|safer|stronger|weaker|quicker|faster|slower|easier|harder|simpler|newer|older)$/i;
/** A compound's first word saying what state its thing is in ("live-bird tests", "whole-blood samples"), naming no procedure. */
const STATE_OF_THING = /^(?:live|living|dead|whole|raw|fresh|frozen|dry|wet|cold|warm|hot|full|half|young|adult|healthy|sick)$/i;
const LINKING = /^(?:of|for|with|the|a|an)$/i;
/** Words that say which one of a kind is meant, by age or rank ("the older vaccine", "the current test"), naming nothing. */
const WHICH_ONE = /^(?:old|older|oldest|new|newer|newest|earlier|earliest|later|latest|original|current|previous|former|usual|standard|routine|same|other|first|second|third|last|next)$/i;
/** Nouns a procedure's or test's name comes before ("tie-back surgery", "ear-notch antigen test"). */
const PROCEDURE_HEAD = /^(?:surgery|surgeries|procedures?|operations?|techniques?|repairs?|tests?|testing|assays?|elisas?|pcr|samples?|sampling|biops(?:y|ies)|vaccines?|methods?)$/i;
/** Nouns that end a disease's name ("… foal syndrome", "… fever", "… disease"). */
const DISEASE_HEAD = /^(?:syndrome|disease|fever|plague|pox|sickness|complex|deficiency|dystrophy|myopathy|ataxia|encephalopathy)$/i;

/** People by who they are to an animal or a place: "kennel staff", "farm workers", "the shelter volunteers". */
const PEOPLE_WORD = /^(?:staff|workers?|employees?|owners?|handlers?|keepers?|volunteers?|famil(?:y|ies)|team|crew|kids|children)$/i;

/**
 * Names the knowledge base has never written, read from the question's words that search found in no passage
 * (after spelling correction): a word written as a name that no passage uses ("FAMACHA", "PCV3", "LaSota"), or a word named as
 * what is given ("metformin dose", "the melarsomine protocol"). The drug vocabulary cannot list every drug; a
 * word no passage holds, asked as the thing given, is one the passages cannot speak of. `writtenOtherwise` tells
 * a word the passages write in another form (a synonym), which is not unseen.
 */
export function unseenNames(
  question: string,
  terms: QueryTerm[],
  writtenOtherwise: (term: QueryTerm) => boolean = () => false,
  /** Does the knowledge base write these words next to each other ("ear notch"), or near each other? */
  written: (words: string, near?: number) => boolean = () => true,
): string[] {
  const words = question.match(/[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu) ?? [];
  // A procedure or test named by a compound no passage writes ("ear-notch antigen test", "tie-back surgery"): its
  // words may each be found elsewhere ("ear", "Notch signalling"), the thing itself is not.
  const beforeHead = (i: number) => [words[i + 1], words[i + 2]].some((w) => w !== undefined && PROCEDURE_HEAD.test(w));
  const compounds = words.filter((word, i) => {
    const m = COMPOUND.exec(word);
    return m !== null && !DESCRIBING.test(m[2]!) && !STATE_OF_THING.test(m[1]!) && beforeHead(i) && !written(`${m[1]} ${m[2]}`);
  });
  // So is one typed without its hyphen ("ear notch samples", "ear notch antigen test"), when its second word is one the
  // passages hardly write ("Notch signalling"): two common words ("heartworm antigen test") name what the passages speak
  // of, however placed.
  const dfOf = new Map(terms.map((t) => [t.term, t.df]));
  // (Each written somewhere, the rare one in another sense: a word no passage holds is judged as an unseen word, below.)
  const seen = (word: string) => tokenize(word).every((t) => (dfOf.get(t) ?? 0) >= 1);
  const rare = (word: string) => seen(word) && tokenize(word).every((t) => (dfOf.get(t) ?? Infinity) <= RARE_IN_PASSAGES);
  const plain = (word: string) => !isStopWord(word.toLowerCase()) && !isAskingWord(word) && !PROCEDURE_HEAD.test(word);
  // (Words typed next to each other: a comma or bracket between them ends a name.)
  const typed = question.split(/\s+/);
  const word = (k: number) => (/^\p{L}{3,}$/u.test(typed[k] ?? "") ? typed[k]! : null);
  const head = (k: number) => PROCEDURE_HEAD.test((typed[k] ?? "").replace(/[?!.,;:]+$/, ""));
  typed.forEach((_, i) => {
    const [first, second] = [word(i), word(i + 1)];
    // (Nor one that only says which of them: "the older RHD vaccine" is a vaccine against RHD.)
    if (!first || !second || !plain(first) || !plain(second) || DESCRIBING.test(second) || WHICH_ONE.test(first) || !seen(first) || !rare(second)) return;
    if (!head(i + 2) && !(word(i + 2) && plain(word(i + 2)!) && head(i + 3))) return;
    // (Nor a pair the passages write in the other order, or with a word between.)
    const pair = `${first} ${second}`;
    if (!written(pair, WRITTEN_NEAR) && !compounds.includes(pair)) compounds.push(pair);
  });
  // A sickness named by a word the passages never write before it ("equine grass sickness"): a disease they do not
  // hold, though they hold "African horse sickness". ("Sickness" after a word is always part of a disease's name.)
  typed.forEach((_, i) => {
    const [first, second] = [word(i), typed[i + 1]?.replace(/[?!.,;:]+$/, "")];
    if (!first || !second || !/^sickness$/i.test(second) || !plain(first) || DESCRIBING.test(first) || speciesIn(first).species.size) return;
    const pair = `${first} ${second}`;
    if (!written(pair) && !compounds.includes(pair)) compounds.push(pair);
  });
  // So is a syndrome named by a word before its host ("lethal white foal syndrome", "infectious salmon anaemia") that the
  // passages never write so.
  typed.forEach((_, i) => {
    const [first, host, last] = [word(i), word(i + 1), typed[i + 2]?.replace(/[?!.,;:]+$/, "")];
    // (A disease's other heads, "anaemia", "pox", only after a word that names a kind of disease: "suspects goat pox" names
    // goat pox.)
    const head = /^(?:syndrome|disease|sickness)$/i.test(last ?? "") || (/^(?:anaemia|anemia|fever|pox|plague|hepatitis|enteritis)$/i.test(last ?? "") && DISEASE_KIND_WORD.test(first ?? ""));
    if (!first || !host || !last || !head || !plain(first) || !speciesIn(host).species.size || speciesIn(first).species.size) return;
    const name = `${first} ${host} ${last}`;
    if (!written(name) && !compounds.includes(name)) compounds.push(name);
  });
  // So is a disease named by a hyphenated phrase the passages never write ("hole-in-the-head disease"; they write
  // "foot-and-mouth disease").
  words.forEach((word, i) => {
    if (word.split("-").length < 3 || !DISEASE_HEAD.test(words[i + 1] ?? "") || DESCRIBING.test(word)) return;
    if (!written(word.replace(/-/g, " ")) && !compounds.includes(word)) compounds.push(word);
  });
  // A word the passages write another way ("wormer" for "anthelmintic") is seen in that form.
  const unseen = new Set(terms.filter((t) => t.df === 0 && !writtenOtherwise(t)).map((t) => t.term));
  if (!unseen.size) return compounds;
  // A question typed in capitals throughout ("PREVALENCE OF STREPTOCOCCUS…") writes no word as a name by its case.
  const inCapitals = words.filter((w) => /^[A-Z]{2,}$/.test(w)).length > words.length / 2;
  const out: string[] = [];
  words.forEach((word, i) => {
    const own = tokenize(word);
    // A hyphenated code ("ASFV-G-ΔI177L") is one name: unseen when a part of it with digits is. So is an assay's
    // abbreviation ("RT-QuIC"), when a part typed with two capitals is.
    // (Typed in mixed case: an all-capitals part, "GDF" of "GDF-8", is read as any abbreviation is.)
    const codePart = (part: string) => (/\d/.test(part) && /\p{L}/u.test(part)) || (/\p{Ll}/u.test(part) && /^\p{L}*\p{Lu}\p{L}*\p{Lu}\p{L}*$/u.test(part));
    // (So is a company's compound number, "GS-441524", whose letters no passage writes.)
    const letters = /^([A-Z]{1,5})-\d{3,}$/.exec(word)?.[1];
    if (letters && tokenize(letters).length > 0 && tokenize(letters).every((t) => unseen.has(t))) {
      if (!out.includes(word)) out.push(word);
      return;
    }
    if (own.length > 1 && /[A-Z]{2}/.test(word) && word.split("-").some((part) => codePart(part) && tokenize(part).some((t) => unseen.has(t)))) {
      if (!out.includes(word)) out.push(word);
      return;
    }
    // ("chloramine-T": a hyphenated name is unseen when its first part is; "DL-methionine", when its last part is.)
    const hyphenatedName = own.length > 1 && (/^\p{L}{4,}-\p{L}{1,3}$/u.test(word) || /^\p{L}{1,3}-\p{L}{4,}$/u.test(word));
    const named = hyphenatedName && /^\p{L}{1,3}-/u.test(word) ? own[own.length - 1]! : own[0]!;
    if ((own.length !== 1 && !hyphenatedName) || !unseen.has(named) || (word.length < 5 && !NAME_SHAPED.test(word)) || GIVEN.test(word) || isAskingWord(word) || speciesIn(word).species.size || speciesIn(word).groups.size) return;
    const before = [words[i - 1], LINKING.test(words[i - 1] ?? "") ? words[i - 2] : undefined];
    // (Or named as an example: "is it a plant like flatweed?", "a drug such as X".)
    const example = /^like$/i.test(words[i - 1] ?? "") || (/^as$/i.test(words[i - 1] ?? "") && /^such$/i.test(words[i - 2] ?? ""));
    // (Or weighed as a thing to do: "is famacha worth doing?"; or asked whether it is on record: "Is hepatotoxicity recorded
    // for ketoconazole?")
    // (Or whether it will do: "is Virkon S enough to kill it…?", past a letter or number of the product's name.)
    const after = /^(?:[A-Z]|\d+)$/.test(words[i + 1] ?? "") ? words[i + 2] : words[i + 1];
    const weighed =
      /^worth$/i.test(words[i + 1] ?? "") ||
      (/^(?:is|are|any)$/i.test(words[i - 1] ?? "") && /^(?:recorded|reported|documented|described|listed|known)$/i.test(words[i + 1] ?? "")) ||
      (/^(?:is|are|would|will)$/i.test(words[i - 1] ?? "") && /^(?:enough|sufficient|adequate|effective)$/i.test(after ?? ""));
    // (Or the amount of it to give: "how much DL-methionine should we add…?")
    const amountGiven = /^much$/i.test(words[i - 1] ?? "") && /^how$/i.test(words[i - 2] ?? "") && words.slice(i + 1, i + 8).some((w) => AMOUNT_GIVING.test(w));
    // (Or asked whether it catches the disease: "could our collared peccaries (javelinas) catch it…?")
    // (Not a word of a name the species lexicon knows: "can a jenny catch it?" asks of a jenny donkey. Nor one that says
    // whose people catch it: "could my kennel staff catch it?")
    const catcher =
      words.slice(i + 1, i + 3).some((w) => CATCHES.test(w)) && words.slice(Math.max(0, i - 4), i).some((w) => /^(?:can|could|do|does|did|will|would|might|may)$/i.test(w)) && !inSpeciesName(word) && !PEOPLE_WORD.test(words[i + 1] ?? "");
    // (Or weighed against a drug: "is smectite a safer add-on than metronidazole?", "ketoconazole or smectite?")
    const drugNear = (from: number) => words.slice(Math.max(0, from), from + 2).some((w) => namesDrug(w));
    const againstDrug =
      words.slice(i + 1, i + 6).some((w, k) => ALTERNATIVE_WORD.test(w) && drugNear(i + 2 + k + (/^(?:instead|rather)$/i.test(w) ? 1 : 0))) ||
      words.slice(Math.max(0, i - 2), i).some((w, k, near) => /^(?:or|versus|vs|than)$/i.test(w) && drugNear(i - near.length + k - 2));
    // (Or weighed against another word no passage holds, neither of them English nor an abbreviation, which a passage may
    // spell out: "should D-penicillamine or trientine be the first choice?", not "…in LMICs vs HICs?")
    const unseenWord = (w: string | undefined) => w !== undefined && /\p{Ll}{4}/u.test(w) && tokenize(w).some((t) => unseen.has(t)) && !isEnglishWord(w.replace(/^\p{L}{1,3}-/u, ""));
    const againstUnseen =
      unseenWord(word) && ((/^(?:or|versus|vs)$/i.test(words[i + 1] ?? "") && unseenWord(words[i + 2])) || (/^(?:or|versus|vs)$/i.test(words[i - 1] ?? "") && unseenWord(words[i - 2])));
    const appliedAs = APPLIED_AS.test(words[i + 1] ?? "") && (hyphenatedName || !isEnglishWord(word));
    // (Or what an animal is tested, screened or vaccinated for: "should we swab for chytrid…?")
    const testedFor = /^(?:for|against)$/i.test(words[i - 1] ?? "") && TESTED_FOR.test(words[i - 2] ?? "");
    // (A giving word said of a noun describes it: "set starting ration sizes", "the starting dose".)
    const givenBy = GIVING.test(words[i - 1] ?? "") && !/^(?:the|a|an|my|our|their|his|her|its|your|set|setting|of)$/i.test(words[i - 2] ?? "");
    const given = GIVEN.test(words[i + 1] ?? "") || appliedAs || testedFor || before.some((w) => w !== undefined && GIVEN.test(w)) || givenBy || amountGiven || example || weighed || catcher || againstDrug || againstUnseen;
    // A word no passage holds that names a disease with the noun after it ("Tyzzer disease", "lavender foal syndrome"): that
    // disease. (Not a describing word: "broader neurologic syndrome" names none.)
    const host = words[i + 1] !== undefined && speciesIn(words[i + 1]!).species.size > 0;
    // (Not the words saying it is a name: "the vet said the words 'duck plague'".)
    // (Nor a body part in everyday words: "the deadly tummy disease FIP" says where the disease is.)
    const namesDisease = !DESCRIBING.test(word) && !/^(?:words?|terms?|names?|phrases?|called)$/i.test(word) && !LAY_BODY_PART.test(word) && (DISEASE_HEAD.test(words[i + 1] ?? "") || (host && DISEASE_HEAD.test(words[i + 2] ?? "")));
    // (Or names a surgical procedure by its ending, proposed to be done: "should we do a left-sided gastropexy?". One only
    // named, "success rate of digital extensor tenectomy", may be written in a longer word, "myotenectomy".)
    const proposed = SURGICAL_PROCEDURE.test(word) && words.slice(Math.max(0, i - 3), i).some((w) => /^(?:do|doing|perform|performing|carry|try)$/i.test(w));
    // (Or a gene or its product named by a word in lower case no dictionary holds: "the chicken ovalbumin gene" is no gene
    // a passage on the lysozyme gene speaks of. Not a code, which passages may write otherwise: "PrPsc", "PrP^Sc".)
    const namesGene = GENE_HEAD.test(words[i + 1] ?? "") && /^\p{Ll}{5,}$/u.test(word) && !DESCRIBING.test(word) && !isEnglishWord(word);
    if (((!inCapitals && NAME_SHAPED.test(word)) || (given && (!DESCRIBING.test(word) || example)) || namesDisease || proposed || namesGene) && !out.includes(word)) out.push(word);
  });
  return [...out, ...compounds.filter((c) => !out.includes(c))];
}

/** Nouns a gene's or its product's name comes before ("ovalbumin gene", "TLR4 receptor"). */
const GENE_HEAD = /^(?:genes?|promoters?|loci|locus|alleles?|transcripts?|mRNAs?|proteins?|enzymes?|receptors?)$/i;

/** Words that name a kind of disease before its host and head: "infectious salmon anaemia", "epizootic haemorrhagic…". */
const DISEASE_KIND_WORD = /^(?:infectious|contagious|viral|epidemic|epizootic|enzootic|ha?emorrhagic|malignant|transmissible)$/i;

/** Body parts in everyday words, which say where a disease is, not which one: "tummy bug", "belly trouble". */
const LAY_BODY_PART = /^(?:tummy|tum|belly|guts?|bowels?|innards|waterworks|ticker|noggin|peepers|gob|chops|paws?|hooves|trotters)$/i;

/** A surgical procedure's name, by its ending: "gastropexy", "enterotomy", "ovariectomy", "tracheostomy", "arthrodesis". */
const SURGICAL_PROCEDURE = /\p{L}{3,}(?:pexy|ectomy|otomy|ostomy|plasty|rrhaphy|desis|centesis)$/iu;

/** The abbreviations a passage defines, remembered by its text: each question reads the same passages again. */
// (Read without LaTeX math marks: "$C$ difficile associated disease (CDAD)" defines CDAD.)
export const abbreviationsDefinedIn = memoByText(500, (text: string) => definedAbbreviations(readable(text)));

/** Named things of the frame that must appear: drugs, pathogens, acronyms, codes and proper nouns. */
export const requiredNames = (frame: Frame) => [...frame.drugs, ...frame.pathogens, ...frame.names];


/** The names where the question writes them (-1 where it does not, as typed), in that order. */
const placedNames = (lower: string, names: string[]) => names.map((n) => ({ n, at: lower.indexOf(n.toLowerCase()) })).sort((a, b) => a.at - b.at);

/** Whether two of the names are offered as alternatives ("X, or is Y…", "X vs Y", "X compared with Y", "X than Y"). */
function offeredAsAlternatives(question: string, names: string[]): boolean {
  const lower = question.toLowerCase();
  const at = placedNames(lower, names).filter((p) => p.at >= 0).map((p) => p.at);
  return at.slice(1).some((end, i) => ALTERNATIVE.test(lower.slice(at[i]!, end)));
}
/** The names grouped by the things they name: names the question writes next to each other are one ("Black South Africans"). */
function namesWrittenTogether(question: string, names: string[]): string[][] {
  const lower = question.toLowerCase();
  const placed = placedNames(lower, names);
  const things: string[][] = [];
  let end = -1;
  for (const { n, at } of placed) {
    const last = things[things.length - 1];
    if (last && at >= 0 && end >= 0 && /^[\s-]*$/.test(lower.slice(end, at))) last.push(n);
    else things.push([n]);
    end = at >= 0 ? at + n.length : -1;
  }
  return things;
}
const ALTERNATIVE = /\b(?:or|vs|versus|compared (?:with|to)|than|rather than|instead of)\b/;

/** A dose asked for in so many words: "what's the dose of…", "at what dose", "how much should I give". */
const DOSE_ASKED_OUTRIGHT = /\b(?:what(?:['’]s|\s+is)?\s+(?:the\s+|a\s+|an\s+)?(?:usual\s+|recommended\s+|correct\s+|right\s+|typical\s+|standard\s+)?dos(?:e|age)|(?:at|in)\s+what\s+dos(?:e|age)|which\s+dos(?:e|age)|how\s+much\s+(?:should|do|can|would)\s+(?:i|we|you)\s+(?:give|use|inject|administer))\b/i;

/** Spans a case's question may ask however long it is: each is of one thing only. */
/** An age asked for in so many words: "at what age…", "how old should they be…". */
const AGE_ASKED_OUTRIGHT = /\b(?:at|from|by)\s+what\s+age\b|\bhow old\s+(?:should|must|do|does|can|are|is)\b/i;
const OWN_SPANS: ReadonlySet<string> = new Set(["withdrawal", "withholding", "storage", "contagious"]);

/** An exam stem's ask, answered by choosing among options: "Which vertebral interval best fits this risk profile?" */
const CHOICE_STEM = /\b(?:best|most)\s+(?:fits?|match(?:es)?|describes?|explains?|reflects?|supports?|accounts?|consistent|likely|appropriate|suitable)\b/i;
/** Questions longer than this are read as essays or cases with several parts. */
const ESSAY_WORDS = 30;
/** Three question words or more ("what's the prevalence, how often…, and what are…"): several questions in one. */
const MANY_PARTS = 3;
export const isEssay = (question: string) =>
  INSTRUCTION_OPENING.test(question) ||
  question.split(/\s+/).filter(Boolean).length > ESSAY_WORDS ||
  (question.match(/\b(what|which|how|when|where|why|who)\b/gi) ?? []).length >= MANY_PARTS;

/** "Is that connected?", "same thing?", "is that part of it?": whether a sign belongs to what was spoken of. */
const ASKS_IF_CONNECTED = new RegExp(
  String.raw`\b(?:(?:is|could|might|would|can)\s+(?:that|this|it|they|those|these)\s+(?:be\s+)?(?:connected|related|linked|${PART_OF_IT}|the same thing|(?:from|because of|due to|caused by) (?:it|that|this|the same)|the (?:virus|disease|infection|condition|problem) (?:too|as well|again))|same thing(?!\s+as\b)|(?:all )?(?:connected|related|linked)(?= ?\?))`,
  "i",
);

/** The signs a question asks to belong to its subject ("…drinking way more than usual lately - is that connected?"). */
function signsAskedOf(question: string): string[] {
  return ASKS_IF_CONNECTED.test(question) ? signsIn(question) : [];
}

/** "Does Linda virus cause congenital tremor…?", "can it give them diarrhoea?": whether the subject causes what follows. */
const ASKS_IF_CAUSES = /^\s*(?:(?:and|so|but)\s+)?(?:does|do|did|can|could|will|would|might|may)\s+(?:[\p{L}\p{N}-]+\s+){1,4}?(?:cause|give|produce|trigger|lead to|result in)\s+/iu;

/** The signs a question asks whether its subject causes ("does Linda virus cause congenital tremor in the piglets?"). */
function signsAskedAsCaused(question: string): string[] {
  const causes = askingParts(question)
    .map((part) => ASKS_IF_CAUSES.exec(part))
    .find((m) => m !== null);
  return causes ? signsIn(causes.input.slice(causes[0].length)) : [];
}

/**
 * `relevant`: the passages close to the best; `passing`: every passage about the question (relevant first).
 * Passages that name the question's named things are looked for among all of them.
 */
export function checkCoverage<P extends PassageLike>(
  question: string,
  terms: QueryTerm[],
  frame: Frame,
  relevant: Array<ScoredPassage<P>>,
  passing: Array<ScoredPassage<P>> = relevant,
): Coverage<P> {
  if (!relevant.length) return { covered: true, supporting: [], notCovered: [] };
  // What the question compares with is not what the passages must be about ("…the way equine flu does?").
  const compared = new Set(comparedOnlyWords(question).flatMap((w) => tokenize(w)));
  if (compared.size && terms.some((t) => !compared.has(t.term))) terms = terms.filter((t) => !compared.has(t.term));
  // Named things first: the passages that name the question's drug, pathogen or named thing are the candidates.
  // (A drug the case only states, when what is asked names a class of drugs, is not in the frame: "…the treating vet gave
  // flunixin. Anything documented about NSAIDs in that situation?" asks of NSAIDs.)
  const askingText = askingParts(question).join(" ").toLowerCase();
  const onlyStated = (name: string) => question.toLowerCase().includes(name.toLowerCase()) && !askingText.includes(name.toLowerCase());
  const names = requiredNames(frame);
  let candidates = relevant;
  // The question's abbreviations name its subject ("RHDV2"): when some passages name them, the other names must
  // be found among those ("When was RHDV2 first detected in the United States?" is not answered by a passage
  // that names the United States about horses), and the answer is theirs ("What mortality does DHAV-3 cause in
  // goslings?" is not answered by a passage on goose parvovirus beside the one on DHAV-3 in ducklings).
  // (A question of several parts may name abbreviations that no one passage holds together.)
  const naming =
    frame.acronyms.length && !isEssay(question)
      ? passing.filter((p) => {
          const text = fullText(p);
          return frame.acronyms.every((a) => namesAsRead(a, text, terms));
        })
      : [];
  if (!names.length && naming.length) {
    const relevantNaming = relevant.filter((p) => naming.includes(p));
    candidates = relevantNaming.length ? relevantNaming : naming;
  }
  // A passage may name a thing by the abbreviation its document defines for it: "SAV 3 has so far only been detected
  // in Norway" names the salmonid alphavirus that a passage before spelled out ("Salmonid alphavirus (SAV)").
  // (Read only when a name is not found as written.)
  let defined: Map<string, Frame["aliases"]> | null = null;
  const definedFor = (documentId: string) => {
    if (!defined) {
      defined = new Map();
      for (const p of passing) defined.set(p.documentId, [...(defined.get(p.documentId) ?? []), ...abbreviationsDefinedIn(fullText(p))]);
    }
    return defined.get(documentId) ?? [];
  };
  // A drug is named by its class where its safety is asked, which is the class's ("…flunixin, gentamicin… a worry for the
  // kidneys?" by "the nephrotoxic effects of NSAIDs, aminoglycosides"); never where a dose, interval, duration or route is,
  // nor whether it works (a class's members differ in what they treat and what resists them).
  // (So is a prescription checked against a concern the case states: "…that also has kidney compromise - the script has
  // polymyxin B, gentamicin and flunixin on it. Should I query it?")
  const byClass = !frame.asked.some((k) => DOSING_KINDS.has(k)) && (SAFETY_ASKED.test(askingText) || (PRESCRIPTION_CHECKED.test(askingText) && SAFETY_ASKED.test(question)));
  const byAbbreviationOf = (n: string, definitions: Frame["aliases"], text: string) => {
    const words = wordsOf(n);
    return definitions.some((a) => words.every((w) => a.words.some((d) => d.toLowerCase() === w)) && namesThing(a.abbreviation, text));
  };
  const namesIn = (n: string, p: PassageLike) => {
    const text = fullText(p);
    if (namesAsRead(n, text, terms, frame.names.includes(n)) || (aliasOf(frame, n) !== null && namesThing(aliasOf(frame, n)!, text))) return true;
    if (byClass && frame.drugs.includes(n) && namesClassOf(n, readable(text))) return true;
    // (A place asked of is spoken of by its region: "In South American countries…" speaks of Brazil.)
    if (frame.places?.includes(n) && namesRegionOf(n, readable(text))) return true;
    // (A scheme named after its authors is spoken of where every scheme of its kind is: "do I apply the usual
    // Patnaik/Kiupel grading?" by "…grading these tumours with any of the cutaneous grading systems".)
    const scheme = namedSchemeHead(question, n);
    if (scheme && new RegExp(String.raw`\b(?:any|all|none|either|neither) of (?:the|these|those) (?:[\w-]+ ){0,2}?${scheme}\w*(?: (?:systems?|schemes?|scales?|criteria))?\b`, "i").test(readable(text))) return true;
    return byAbbreviationOf(n, definedFor(p.documentId), text);
  };
  if (names.length) {
    // (Where the passages naming its abbreviations name none of the pathogens it asks of, the abbreviation says where it
    // happened, not the subject: "aborted lamb in for PM - can histopath tell me whether it's Neospora or Toxoplasma?".
    // A place is still found among them: "When was RHDV2 first detected in the United States?")
    const namedBeside = naming.some((p) => names.some((n) => namesIn(n, p))) || !names.every((n) => frame.pathogens.includes(n));
    const found = (naming.length && namedBeside ? naming : passing).map((p) => ({ p, hits: names.filter((n) => namesIn(n, p)) }));
    const absent = names.filter((n) => !found.some((f) => f.hits.includes(n)));
    if (absent.length) return { covered: false, missing: "name", what: absent, alternative: null };
    const most = Math.max(...found.map((f) => f.hits.length));
    candidates = found.filter((f) => f.hits.length === most).map((f) => f.p);
    // The named things must be where the topic is: "RHDV2 … in the United States" is not answered by a passage
    // that names the United States about something else.
    const topic = topicTerms(terms, frame);
    const topicOf = (p: PassageLike) => match(topic, passageTerms(p)).coverage;
    const bestOverall = Math.max(...relevant.map(topicOf));
    if (Math.max(...candidates.map(topicOf)) < bestOverall * NAMED_WITH_TOPIC) {
      const inTopic = relevant.filter((p) => topicOf(p) >= bestOverall * NAMED_WITH_TOPIC);
      const absentThere = names.filter((n) => !inTopic.some((p) => namesIn(n, p)));
      return { covered: false, missing: "name", what: absentThere.length ? absentThere : names, alternative: null };
    }
    // Nor are they named apart, in a question of one part: "Has canine theileriosis (T. annae) been reported in
    // Australia?" is not answered by the passage on T. annae and another that names Australia about cattle.
    // (Apart on one page is together: a chunk may end mid-page. Names offered as alternatives, "could that be the
    // Salmonella, or is Campylobacter fetus the better bet?", are each answered where it is named.)
    // (Words of one name written together, "British Armed Forces", are one thing: a passage holding some of them holds it.)
    if (most < names.length && !isEssay(question) && !offeredAsAlternatives(question, names)) {
      const things = namesWrittenTogether(question, names);
      const onPage = new Map<string, Set<string>>();
      for (const f of found) {
        for (const page of f.p.pages) {
          const key = `${f.p.documentId}:${page}`;
          onPage.set(key, new Set([...(onPage.get(key) ?? []), ...f.hits]));
        }
      }
      const holdsAll = (held: Set<string>) => things.every((thing) => thing.some((n) => held.has(n)));
      if (![...onPage.values()].some(holdsAll)) {
        const withTopic = found.filter((f) => f.hits.length > 0).sort((a, b) => topicOf(b.p) - topicOf(a.p))[0]!;
        return { covered: false, missing: "name", what: things.filter((thing) => !thing.some((n) => withTopic.hits.includes(n))).flat(), alternative: null };
      }
    }
  }
  // A disease named after its host is not its sibling named after another: "sheep pox" is not answered by passages
  // that speak of goat pox (and name sheep beside it). (One such disease asked about: "can serology tell goat pox
  // from sheep pox?" names both.)
  // (Not one the question only states: "…with sheep pox? goat pox is 50–100%" asks of sheep pox.)
  const hostNamed = frame.conditions.filter((c) => !onlyStated(c)).map(hostDisease).filter((d) => d !== null);
  if (hostNamed.length === 1) {
    const [asked] = hostNamed;
    const written = passing.map((p) => hostDiseasesIn(fullText(p)));
    const same = written.some((ds) => ds.some((d) => d.head === asked!.head && d.host === asked!.host));
    // (Not the sibling named after the animal the question is about: "Goat, pock lesions all over … serology won't separate
    // it from sheep pox - right?" asks of the goat's pox.)
    const sibling = written.some((ds) => ds.some((d) => d.head === asked!.head && d.host !== asked!.host && !frame.species.includes(d.host)));
    // (A virus is named after its host where a sentence names the virus, or its abbreviation, and that host: "antibodies
    // against GPV could be delivered from breeder geese" speaks of goose parvovirus; none speaks of dog papillomaviruses.)
    const ofHost = (sentence: string) =>
      (sentence.toLowerCase().includes(asked!.head) || new RegExp(`\\b[A-Z]{1,4}${asked!.head[0]!.toUpperCase()}V\\b`).test(sentence)) && mentionsSpecies(speciesIn(sentence), asked!.host);
    const virusOfHost = asked!.head.endsWith("virus") && passing.some((p) => quotedSentences(fullText(p)).some(ofHost));
    if (!same && !virusOfHost && sibling) return { covered: false, missing: "name", what: [asked!.name], alternative: null };
  }
  // An abbreviation asked about that the knowledge base never writes, nor spells out, in place of one the question states and
  // the passages name (an entity swapped in what is said again), is another thing: "Knocking out METTL3 unbalances stem cells. What does knocking out the m6A eraser
  // FTO do?" is not answered by the passage on METTL3. (Only there: clinicians type many abbreviations that no passage
  // writes, "C. diff colitis w/ SIRS: CFR?", and the passages answer them.)
  const askingWords = askingParts(question).join(" ");
  const inAsking = (n: string) => new RegExp(`(?<![\\p{L}\\d])${escapeStringRegexp(n)}(?![\\p{L}\\d])`, "u").test(askingWords);
  const writtenAnywhere = (n: string) => tokenize(n).some((t) => (terms.find((q) => q.term === t)?.df ?? 0) > 0);
  const ownNames = [...frame.acronyms, ...frame.names, ...frame.drugs, ...frame.pathogens];
  // (The question says again of it what it stated of the other: "knocking out", "stem cells"; not "GOLPP in older dogs -
  // which n. supplies the DCA m.?", where the abbreviation is a part of the disease stated.)
  const nameTerms = new Set(ownNames.flatMap((n) => tokenize(n)));
  const toldTerms = new Set(tokenize(question.replace(askingWords, " ")).filter((t) => !isStopWord(t) && !nameTerms.has(t)));
  const saidAgain = new Set(tokenize(askingWords).filter((t) => toldTerms.has(t))).size >= 2;
  const namedInPassing = (n: string) => passing.some((p) => namesAsRead(n, fullText(p), terms));
  const unwrittenAcronyms =
    !saidAgain || isEssay(question) || ownNames.some((n) => inAsking(n) && writtenAnywhere(n)) || !ownNames.some((n) => !inAsking(n) && writtenAnywhere(n))
      ? []
      : frame.acronyms.filter((a) => /^\p{Lu}{2,}\d*$/u.test(a) && inAsking(a) && !writtenAnywhere(a) && !namedInPassing(a));
  if (unwrittenAcronyms.length) return { covered: false, missing: "name", what: unwrittenAcronyms, alternative: null };
  // Genotypes offered to choose from ("which MSTN genotype - C/C, C/T or T/T - …?") are answered only where a passage
  // writes one of them.
  const offered = offeredGenotypes(askingWords);
  if (offered.length && !passing.some((p) => offered.some((g) => new RegExp(String.raw`(?<![\p{L}\d/])${escapeStringRegexp(g)}(?![\p{L}\d/])`, "u").test(fullText(p))))) {
    return { covered: false, missing: "detail", what: offered, alternative: null };
  }
  // A numbered sibling of the one it states, asked in its place, is answered only where a sentence names it and says what
  // is asked: "TRAF6 was fished out by yeast two-hybrid… How was TRAF2 originally isolated?" is not answered by "TRAF6 was
  // originally isolated by yeast two-hybrid screening…" beside "TRAF family members (TRAF1-7)…".
  const codeLetters = (n: string) => /^(\p{Lu}{2,})-?\d+$/u.exec(n)?.[1];
  const siblingStated = (a: string) => ownNames.some((n) => n !== a && !inAsking(n) && codeLetters(n) === codeLetters(a) && namedInPassing(n));
  const swappedSiblings = isEssay(question) ? [] : frame.acronyms.filter((a) => codeLetters(a) !== undefined && inAsking(a) && siblingStated(a));
  if (swappedSiblings.length) {
    const askedTerms = new Set(tokenize(askingWords).filter((t) => !isStopWord(t) && !isAskingWord(t) && !nameTerms.has(t)));
    const says = (a: string) => passing.some((p) => quotedSentences(fullText(p)).some((x) => namesThing(a, x) && tokenize(x).some((t) => askedTerms.has(t))));
    const unsaid = swappedSiblings.filter((a) => !says(a));
    if (unsaid.length) return { covered: false, missing: "name", what: unsaid, alternative: null };
  }
  // A subtype is another virus: "CAV-2" is not answered by passages on CAV-1.
  // (A numbered one, or a virus's lettered one, "FeLV-B"; not a suffix such as "HDL-C", cholesterol.)
  const subtypes = frame.acronyms.filter((a) => /^[A-Za-z]{2,}-\d{1,3}$|^[A-Za-z]*V-[A-Z]$/.test(a));
  const unnamedSubtypes = subtypes.filter((a) => {
    const [base, sub] = a.split("-");
    // ("BTV-8" is written "BTV serotype 8" too, and "PI-3" with its host's initial, "BPI-3".)
    const written = new RegExp(`\\b${HOST_INITIAL}?${base}(?:[-\\s]?|\\s+(?:sero)?(?:type|genotype|strain)\\s+)${sub}\\b`, "i");
    // (Or by another of its names: "HHV-8" is "Kaposi's sarcoma-associated herpesvirus".)
    return !passing.some((p) => written.test(readable(fullText(p))) || namedOtherwise(a, fullText(p), terms));
  });
  if (unnamedSubtypes.length) return { covered: false, missing: "name", what: unnamedSubtypes, alternative: null };
  // So is a disease named by another letter: "duck hepatitis B virus" is not answered by passages on duck hepatitis A
  // virus and swine hepatitis E virus. (Written with its letter, or as its abbreviation: "HEV", "swHEV".)
  // (Named so by the question: not "colitis, C. diff" nor "footrot D nodosus", where the letter begins a binomial.)
  const letteredInQuestion = (c: string) => new RegExp(`\\b${escapeStringRegexp(c).replace(" ", "[-\\s]")}(?:\\s+(?:virus(?:es)?|infections?|in|of|and|or|is|are|was|were|from|for|with|that|which|than|to|at|on|as|by|but|so|can|could|would|will|may|might|does|do|did|has|have|had)\\b|\\s*[-–—?,;:)]|\\s*$)`, "i").test(question);
  const unnamedLettered = frame.conditions.filter((c) => LETTERED_CONDITION.test(c) && letteredInQuestion(c) && !onlyStated(c)).filter((c) => {
    const [head, letter] = c.split(" ") as [string, string];
    const written = new RegExp(`\\b[${head[0]!.toUpperCase()}${head[0]!.toLowerCase()}]${escapeStringRegexp(head.slice(1))}[-\\s]+${letter}(?![\\p{L}\\d])|\\b\\p{L}{0,3}${head[0]!.toUpperCase()}${letter}V\\b`, "u");
    return !passing.some((p) => written.test(readable(fullText(p))));
  });
  if (unnamedLettered.length) return { covered: false, missing: "name", what: unnamedLettered, alternative: null };
  // So is one named by a Greek letter: "IFN-lambda" is not answered by passages on chIFN-α, -β and -κ.
  const greekSubtypes = [...question.matchAll(GREEK_SUBTYPE)].map((m) => ({ name: m[0], base: m[1]!, letter: m[2]!.toLowerCase() }));
  const unnamedGreek = greekSubtypes.filter(({ base, letter }) => {
    const [word, symbol] = GREEK_LETTERS.find(([w, sym]) => w === letter || sym === letter)!;
    // (Or in LaTeX: "IFN- $\beta$".)
    const written = new RegExp(`${escapeStringRegexp(base)}[-\\s]*\\\\?(?:${word}|${symbol})(?![\\p{L}])`, "iu");
    return !passing.some((p) => written.test(readable(fullText(p))));
  });
  if (unnamedGreek.length) return { covered: false, missing: "name", what: unnamedGreek.map((g) => g.name), alternative: null };
  // So is a kind named by capitals no passage writes, where the passages name its siblings so: "ATTR amyloid" is not
  // answered by a passage on "AA amyloid" and "AL amyloid".
  const unnamedKinds = frame.acronyms.filter((a) => {
    if (!/^\p{Lu}{2,}\d*$/u.test(a) || writtenAnywhere(a) || passing.some((p) => namesAsRead(a, fullText(p), terms))) return false;
    const head = new RegExp(`(?<![\\p{L}\\d-])${escapeStringRegexp(a)}\\s+(\\p{Ll}{4,})\\b`, "u").exec(question)?.[1];
    if (!head || isStopWord(head) || isAskingWord(head)) return false;
    const sibling = new RegExp(`(?<![\\p{L}\\d-])\\p{Lu}{2,}\\d*\\s+${escapeStringRegexp(head)}\\b`, "u");
    return passing.some((p) => sibling.test(fullText(p)));
  });
  if (unnamedKinds.length) return { covered: false, missing: "name", what: unnamedKinds, alternative: null };
  const essay = isEssay(question);
  let supporting = supportingPassages(terms, frame, candidates, essay);
  let segments = topicSegments(terms, frame, supporting);
  // "…she's drinking way more than usual lately - is that connected?": a sign asked to belong to the subject is written
  // where the subject is (by its clinical name or an everyday one), or the passages do not say it belongs.
  const signsAsked = signsAskedOf(question);
  const namesSign = (among: PassageLike[], signs: string[]) => among.some((p) => signs.some((sign) => signForms(sign).some((form) => form.every((t) => passageTerms(p).has(t)))));
  if (signsAsked.length && !namesSign(supporting, signsAsked)) {
    return { covered: false, missing: "detail", what: signsAsked, alternative: null };
  }

  // The species must be where the subject is: "DHAV-3 … in goslings?" is not covered by the neighbouring paragraph
  // on goose parvovirus, when a paragraph names DHAV-3.
  // (Not a name told only beside the questions, where they name a pathogen or disease of their own: "…has read about BVD in
  // her dad's cattle. Have pestiviruses ever been found in rats?" asks of pestiviruses.)
  const askedIn = (n: string) => new RegExp(`(?<![\\p{L}\\d])${escapeStringRegexp(n.toLowerCase())}(?![\\p{L}\\d])`, "u").test(askingText);
  const asksOwnSubject = [...frame.pathogens, ...frame.conditions].some(askedIn);
  const subject = [...names, ...frame.acronyms].filter((n) => !asksOwnSubject || askedIn(n));
  const peopleAsked = frame.species.includes("human") && meansPeople(question);
  // (Or by the abbreviation the question gives it: "Toll-like receptors … which TLRs" is named by "TLR3 and TLR7".)
  const namesAsReadOrAlias = (n: string, text: string) => namesAsRead(n, text, terms) || (aliasOf(frame, n) !== null && namesThing(aliasOf(frame, n)!, text));
  const speciesMissingFrom = (among: Segment[]) => {
    const namingSegments = subject.length ? among.filter((x) => subject.every((n) => namesAsReadOrAlias(n, `${x.context}\n${x.text}`))) : [];
    return missingSpecies(frame, (namingSegments.length ? namingSegments : among).map((x) => ({ title: "", heading: x.context, text: x.text })), peopleAsked);
  };
  let species = speciesMissingFrom(segments);
  // "Can horses get bluetongue?": whether the species gets the subject is said where a sentence names the species and,
  // itself or the one before it, the subject ("Feline calicivirus (FCV) is… Most felines (e.g., cats, tigers, and
  // cheetahs) are susceptible"); a paragraph on horses saying "Both AHS and bluetongue viruses are transmitted by the
  // biting midges" does not say that horses get bluetongue.
  const gotSubject = [...frame.pathogens, ...frame.conditions, ...frame.acronyms];
  // (The animals after "infect", where it asks so: "Does ferret epizootic coronaviral enteritis also infect mink?" is not
  // answered by a sentence on the disease in ferrets.)
  const infected = speciesAskedIfInfected(question).filter((id) => frame.species.includes(id));
  const getting = infected.length ? { ...frame, species: infected } : frame;
  const saysSpeciesGets = (among: Segment[], subjects = gotSubject, names = (n: string, text: string) => namesAsRead(n, text, terms)) =>
    subjects.length > 0 &&
    among.some((x) => {
      const sentences = quotedSentences(x.text);
      return sentences.some((s, i) => namesAskedSpecies(getting, speciesSpokenOf(s)) && subjects.some((n) => names(n, s) || names(n, sentences[i - 1] ?? "")));
    });
  // (Named as a disease or pathogen, not a sign, "bloody diarrhoea" in dogs says nothing of parvo in dogs; nor one the
  // question only compares with, "the way equine flu does".)
  const namedSubject = gotSubject.filter((n) => !signsIn(n).length && !comparedWith(question, n));
  // (So is whether it has been reported in them: "Has congenital erythropoietic porphyria been reported in dogs?" is not
  // answered by "…have been described in cats" in a paragraph that names dogs elsewhere. Naming no disease the frame knows,
  // it is named by the words asked of.)
  const reportedIn = asksWhetherReportedIn(question);
  const askedThing = gotSubject.length ? gotSubject : reportedIn ? ownTopicWords(frame) : [];
  if (!species.missing.length && askedThing.length && frame.species.length && !frame.inherited.length && (asksWhetherSpeciesGets(question) || reportedIn)) {
    if (!saysSpeciesGets(segments, askedThing)) species = { ...species, missing: frame.species.map(speciesLabel), missingIds: [...frame.species] };
  }
  if (!species.missing.length && saysOnlyOfOthersNamed(question, frame, topicTerms(terms, frame), segments)) {
    species = { ...species, missing: frame.species.filter((id) => id !== "human").map(speciesLabel), missingIds: frame.species.filter((id) => id !== "human") };
  }
  // Passages that name no species at all, nor a group ("the affected animal"), are not about another species: they
  // answer, and the answer says that they name none.
  // (Not for whether people catch it: passages that name no one do not say that they do.)
  // (Nor of an animal the knowledge base never names: "Which fungus do hedgehogs usually carry…?" is not answered by a passage
  // on Wood's lamps that names none.)
  const namesNoSpecies = () =>
    !peopleAsked &&
    !species.missingIds.some((id) => frame.unnamed?.includes(id)) &&
    segments.every((s) => {
      const named = speciesIn(`${s.context}\n${s.text}`);
      return named.species.size === 0 && named.groups.size === 0;
    });
  if (missesFocus(question, frame, species.missingIds) && !namesNoSpecies()) {
    // Another passage about the question's topic and subject may speak of the asked species: "can dogs catch it?" after
    // questions on equine influenza is answered by the one on its transmission to dogs, not by the best on horses.
    const topic = topicTerms(terms, frame);
    const topicOf = (p: PassageLike) => match(topic, passageTerms(p)).coverage;
    const bestTopic = Math.max(...supporting.map(topicOf));
    // (One that names the subject holds its name, however written: "ovine babesiosis … B. ovis" names Babesia.)
    const namedTerms = names.flatMap((n) => tokenize(n));
    const topicOfNaming = (p: PassageLike) => match(topic, new Set([...passageTerms(p), ...namedTerms])).coverage;
    // (And of what is asked, when a statement follows the question: "how common is cognitive dysfunction in elderly
    // cats? The dog figure is about 60%…" is not answered by a passage on cats that holds "dysfunction" and a figure.)
    const end = question.lastIndexOf("?");
    const before = new Set(tokenize(question.slice(0, end + 1)));
    const after = end >= 0 ? tokenize(question.slice(end + 1)).filter((t) => !before.has(t)) : [];
    // (Nor the words that say what is asked of it: "how common".)
    const askedOf = new Set([...after, ...tokenize(frame.attribute ?? "")]);
    const askedTopic = after.length ? topic.filter((t) => !askedOf.has(t.term) && !isAskingWord(t.term)) : topic;
    const stated = askedTopic.length > 0 && askedTopic.length < topic.length;
    const askedTopicOf = (p: PassageLike) => match(askedTopic, new Set([...passageTerms(p), ...namedTerms])).coverage;
    const bestAsked = stated ? Math.max(...supporting.map(askedTopicOf)) : 0;
    // (And, written as it is, the rarest word of the signs or conditions the question names that the best passage holds:
    // "…looks like alopecia areata. Is it described in goats?" is not answered by a passage on scrapie in goats that shares
    // the question's everyday words, "hair", "loss".)
    const bestHeld = passageTerms(supporting[0]!);
    const signsAndConditions = new Set(tokenize([...frame.signs, ...frame.conditions].join(" ")));
    // (Only of a best passage that is about the topic: one holding a word of it in passing says nothing of what is rare in it.)
    const rarest = bestTopic >= TOPIC_HELD_FOR_RAREST ? topic.filter((t) => signsAndConditions.has(t.term) && bestHeld.has(t.term) && t.df > 0).sort((a, b) => a.df - b.df)[0] : undefined;
    // (A passage where a sentence says the asked species gets the disease or pathogen named needs neither: "our cheetah cubs
    // have mouth ulcers and runny eyes. Could it be calicivirus?" is answered by "Feline calicivirus (FCV) is… Most felines
    // (e.g., cats, tigers, and cheetahs) are susceptible", in a paragraph that names the ulcers but not the eyes; "one pup in
    // my 7-week litter has bloody diarrhoea and the vet is testing for parvo" by "Canine parvovirus type 2 (CPV-2) … causes
    // fatal gastroenteritis in young dogs", not by a passage on geese that shares the case's everyday words.)
    // (Written as its name is, or as another of its names: "infectious sinusitis in turkeys and … disease in chickens" does
    // not name "chicken infectious anaemia virus".)
    const saysOfSpecies = (p: PassageLike) => saysSpeciesGets(topicSegments(terms, frame, [p]), namedSubject, (n, text) => writesAsName(n, text, terms));
    // (Naming the subject, where the passages found for the topic do: they were narrowed to those.)
    const namesSubject = subjectNamer(terms, frame);
    const subjectOnly = namesSubject !== null && supporting.some(namesSubject);
    // (Naming the question's own subject too, where the passages found name it: "Can DHAV-3 kill goslings as well?" is not
    // answered by a passage on Salmonella in poultry that names geese.)
    const namesOwnSubject = (p: PassageLike) => subject.every((n) => namesAsReadOrAlias(n, fullText(p)));
    const subjectFound = subject.length > 0 && supporting.some(namesOwnSubject);
    // (Named only by a group it belongs to, in a paragraph that speaks of the topic itself, against the best paragraph found:
    // "We've started doing embryo transfer in jennies…" is not answered by a chunk whose paragraph on papillomas in equids
    // sits beside others on viral RNA and cells. A paragraph naming the animal itself, "…in rabbits and hares", is read as
    // before.)
    const topicOfSegment = (x: Segment) => match(topic, textTerms(`${x.context}\n${x.text}`)).coverage;
    const bestSegment = Math.max(0, ...segments.map(topicOfSegment));
    const namesAskedAnimal = (x: Segment) => frame.species.some((id) => speciesIn(`${x.context}\n${x.text}`).species.has(id));
    const segmentsOnTopic = (p: PassageLike) =>
      topicSegments(terms, frame, [p]).filter((x) => saysOfSpecies(p) || namesAskedAnimal(x) || topicOfSegment(x) >= bestSegment * SPECIES_ELSEWHERE_WITH_TOPIC);
    const elsewhere = (naming.length ? naming : passing).filter(
      (p) =>
        !supporting.includes(p) &&
        (namesSubject === null || !subjectOnly || namesSubject(p)) &&
        (!subjectFound || namesOwnSubject(p)) &&
        names.every((n) => namesIn(n, p)) &&
        (((!rarest || passageTerms(p).has(rarest.term) || namedTerms.length > 0) && topicOfNaming(p) >= bestTopic * SPECIES_ELSEWHERE_WITH_TOPIC) || saysOfSpecies(p)) &&
        (!stated || askedTopicOf(p) >= bestAsked * SPECIES_ELSEWHERE_WITH_TOPIC) &&
        !missesFocus(question, frame, speciesMissingFrom(segmentsOnTopic(p)).missingIds),
    );
    if (elsewhere.length) {
      supporting = elsewhere.slice(0, MAX_SUPPORTING);
      segments = topicSegments(terms, frame, supporting);
      species = speciesMissingFrom(segments);
    }
  }
  if (missesFocus(question, frame, species.missingIds) && !namesNoSpecies()) {
    // The species its paragraphs on the topic name, not those of a neighbouring paragraph of the same chunk
    // (never the asked one: "gives this for goats …, not for goats" would contradict itself).
    const coveredIn = (text: string) => [...speciesIn(text).species].filter((id) => id !== "human" && !species.missingIds.includes(id)).map(speciesLabel);
    const segmentsText = (p: PassageLike) => topicSegments(terms, frame, [p]).map((x) => `${x.context}\n${x.text}`).join("\n");
    // Where the question names its subject, the species said in the sentences naming it: "Both AHS and bluetongue viruses
    // are transmitted by the biting midges" in a paragraph on horses gives nothing for horses of bluetongue; "Bluetongue
    // is a disease of sheep and goats" gives it for them.
    const subjectNames = [...subject, ...frame.conditions];
    const ofSubject = (p: PassageLike) =>
      subjectNames.length
        ? coveredIn(
            splitSentences(segmentsText(p))
              .map((x) => x.text)
              .filter((sentence) => subjectNames.some((n) => namesAsRead(n, sentence, terms)))
              .join(" "),
          )
        : [];
    const bySubject = [...supporting, ...candidates.filter((p) => !supporting.includes(p))].map((p) => ({ p, species: ofSubject(p) })).find((x) => x.species.length);
    const best = bySubject?.p ?? supporting[0]!;
    // (Offered only for what the question is about: its subject, or its own topic words beside the signs it tells. "My
    // budgie is fluffed up and sleepy" is not given "for salmon and trout" by a passage on lethargic fish.)
    const signStems = new Set(frame.signs.flatMap((sign) => [...tokenize(sign), ...signForms(sign).flat()]));
    const ownTopic = topicTerms(terms, frame).filter((t) => t.df > 0 && !signStems.has(t.term) && !(t.alternatives ?? []).some((a) => a.some((x) => signStems.has(x))));
    // (Every one of its topic words: "Is it safe to vaccinate a pregnant mare against flu?" is not given "for sheep" by a
    // paragraph on vaccinating pregnant ewes that never names flu.)
    const aboutIt = subjectNames.length > 0 || frame.drugs.length > 0 || (ownTopic.length > 0 && ownTopic.every((t) => holdsTerm(passageTerms(best), t)));
    // (Where the question names its subject, only where sentences naming it name the species: "Is it safe to vaccinate a
    // pregnant mare against flu?" is not given "for sheep" by a paragraph on bluetongue vaccines that never names flu.)
    const covered = !aboutIt ? [] : subjectNames.length > 0 ? (bySubject?.species ?? []) : coveredIn(segmentsText(best));
    // "Gives this for sheep" says the passage holds what is asked: for a value asked (a milk withdrawal period), only when
    // it states one.
    const asksValue = isEssay(question) ? [] : frame.asked.filter((k) => TYPED_KINDS.has(k));
    const givesValue = asksValue.every((kind) => quotedSentences(segmentsText(best)).some((x) => holdsValue(kind, x, frame.attribute)));
    return { covered: false, missing: "species", what: species.missing, alternative: covered.length && givesValue ? { passage: best, species: covered } : null };
  }
  // Whether the subject causes a sign is said where the sign is: "does Linda virus cause congenital tremor in the piglets?"
  // is not answered by the passage that lists Linda virus among pestiviruses of piglets and names no tremor.
  const causedAsked = signsAskedAsCaused(question);
  if (causedAsked.length && !namesSign(supporting, causedAsked)) {
    return { covered: false, missing: "detail", what: causedAsked, alternative: null };
  }

  // A breed asked of ("he's a German Shepherd - is it a breed thing?", "are Labradors overrepresented for GOLPP?") must
  // be named by the passages that answer: what they say of breeds in general, or of another breed, is not said of it.
  if (BREED_ASKED.test(question) || CARRIES_GENE.test(question)) {
    // ("Labrador Retrievers" names Labradors.)
    const written = supporting.map((p) => ` ${tokenize(fullText(p)).join(" ")} `);
    const unnamed = breedsIn(question).filter((breed) => !written.some((text) => text.includes(` ${breed} `)));
    if (unnamed.length) return { covered: false, missing: "name", what: unnamed, alternative: null };
  }

  // A product's form asked of ("can I use a doramectin pour-on on my pigs instead of injecting them?") must be one the
  // passages name: a dose by injection says nothing of a pour-on.
  const unnamedForms = [...question.matchAll(FORMULATION)]
    .filter((m) => !ANY_DRENCH.test(question.slice(0, m.index + m[0].length)))
    .map((m) => m[0])
    .filter((form) => !supporting.some((p) => namesForm(form, readable(fullText(p)))));
  if (unnamedForms.length) return { covered: false, missing: "name", what: unnamedForms, alternative: null };

  // A state the question asks of ("is oral itraconazole safe in pregnancy?"): what the passages say of the animal is not
  // said of a pregnant or lactating one unless they speak of that state (or of breeding and birth, for pregnancy); nor of
  // a drug given with food unless they speak of feeding.
  let state = askedState(askingParts(question).join(" "));
  // (Not eating or selling what the animals give said by who asks: "Guidance for small producers selling eggs at the
  // farmers' market: should dirty eggs be washed…?" asks nothing of eating them.)
  if (state === "consumption") state = askedState(askingParts(withoutLeadingLabel(question)).join(" "));
  // (By a passage that names what the question asks it of: "Is Gudair safe in pregnant ewes?" is not answered by a passage
  // on Gudair beside one on abortions caused by toxoplasma.)
  // (Its paragraphs that name it, of a chunk that may hold the next page's too.)
  // (Whether people may eat what the animals give is said where the disease is: "can we eat the eggs?" after duck plague is
  // not answered by a leaflet on raw milk.)
  const stateSubjects = state === "consumption" ? [...frame.drugs, ...frame.names, ...frame.pathogens, ...frame.conditions, ...frame.acronyms] : [...frame.drugs, ...frame.names];
  const stateTexts = stateSubjects.length
    ? supporting.flatMap((p) => fullText(p).split(/\n+/).filter((paragraph) => stateSubjects.some((n) => namesThing(n, paragraph))))
    : supporting.map(fullText);
  if (state && !stateTexts.some((text) => STATE_SPOKEN_OF[state].test(readable(text)))) return { covered: false, missing: "detail", what: [state], alternative: null };

  // The typed check is for a question that asks one thing ("what is the dose…"), not for an essay's many parts.
  // (Except a temperature, which no essay asks in passing: "We run a small Pekin breeder unit… What temperature does the
  // live vaccine have to be kept at…?" is not answered by a paragraph on duck plague vaccines that gives none.)
  // (Nor a span that only one thing has, which no essay asks in passing either: "Milking about 300 ewes for cheese… how long
  // does their milk have to stay out of the tank?", how long a solution keeps, how long animals stay contagious, how long a
  // tourniquet may stay on.)
  // (Nor is a case told before one short question an essay: "Farm nutritionist here: it's a 400-ewe flock … How many grams
  // of supplementary crude protein per ewe per day does it recommend?" asks one value.)
  // (One thing: one value asked in one short sentence, not an exam stem choosing among options, "which … best fits?".)
  const asking = askingParts(question);
  // (A share or an amount is one value said either way: "the maximum blood volume … as a percentage of body weight or in
  // mL/kg?")
  const oneValueEitherWay = frame.asked.length === 2 && frame.asked.includes("rate") && frame.asked.includes("quantity");
  // (So is the share that recovers, read as an outcome too: "what percent of cats actually get better after full mouth
  // extractions??")
  const shareRecovering = frame.asked.length === 2 && frame.asked.includes("rate") && frame.asked.includes("prognosis") && frame.attribute === RESOLUTION_ATTRIBUTE;
  const asksOneThing =
    !INSTRUCTION_OPENING.test(question) &&
    (frame.asked.length === 1 || oneValueEitherWay || shareRecovering) &&
    !CHOICE_STEM.test(asking.join(" ")) &&
    asking.length === 1 &&
    asking[0]!.split(/\s+/).filter(Boolean).length <= ESSAY_WORDS &&
    (asking[0]!.match(/\b(what|which|how|when|where|why|who)\b/gi) ?? []).length < MANY_PARTS;
  // (Nor a dose asked of a drug the question names, "what xylazine dose in mg/kg…?" after a case: a dose of another drug,
  // or none, must not stand in for it however long the question.)
  const doseOfNamedDrug = (k: AskedKind) => k === "dose" && frame.drugs.some((d) => asking.some((part) => /\bdos(?:e|es|age|ing)\b/i.test(part) && namesThing(d, part)));
  // (Nor a dose asked outright, "What's the dose of the injectable treatment for babesiosis in cattle, and do you repeat
  // it?", "…and at what dose and frequency?": the rest of an answer does not stand in for it.)
  // (Read in the question as written: its asking part drops "at what", "…first choice for C. difficile in horses, and at what
  // dose and frequency?".)
  const doseAskedOutright = (k: AskedKind) => k === "dose" && (asking.some((part) => DOSE_ASKED_OUTRIGHT.test(part)) || DOSE_ASKED_OUTRIGHT.test(question));
  const ownSpan = (attribute: string | null) => attribute !== null && (OWN_SPANS.has(attribute) || thingInPlace(attribute) !== null);
  // ("At what age should goslings get a DVE vaccine, and is it the same vaccine?": an age asked outright is asked.)
  const ageAskedOutright = (k: AskedKind) => k === "duration" && frame.attribute === AGE_ATTRIBUTE && asking.some((part) => AGE_ASKED_OUTRIGHT.test(part));
  // ("…which vaccine strain is used, and how long does the immunity last?": a span asked outright, in a part of its own.)
  // (Or offered for the answer to confirm: "What's the longest … - is it 72 hours?".)
  const spanAskedOutright = (k: AskedKind) => k === "duration" && frame.attribute !== AGE_ATTRIBUTE && asking.some((part) => SPAN_ASKED_OUTRIGHT.test(part) || SPAN_OFFERED.test(part));
  // ("…is there a figure for how often cheetahs with FIP develop neurological signs?": a share asked outright.)
  const shareAskedOutright = (k: AskedKind) => k === "rate" && asking.some((part) => SHARE_ASKED_OUTRIGHT.test(part));
  // ("Vet student on a small-animal rotation: how often should dogs and cats have a professional dental clean…?": an interval
  // asked outright, however long the question.)
  const intervalAskedOutright = (k: AskedKind) => k === "interval" && asking.some((part) => INTERVAL_ASKED_OUTRIGHT.test(part));
  // (Residues are asked outright by their word, "which serine residues…", however long the question.)
  const typed = frame.asked.filter(
    (k) => asksTypedValue(k, frame.attribute) && (!essay || asksOneThing || (k === "quantity" && frame.attribute === TEMPERATURE_ATTRIBUTE) || (k === "duration" && ownSpan(frame.attribute)) || doseOfNamedDrug(k) || doseAskedOutright(k) || ageAskedOutright(k) || spanAskedOutright(k) || shareAskedOutright(k) || intervalAskedOutright(k) || k === "residue"),
  );
  // A span the question states itself ("After the two bluetongue doses 2 weeks apart, how often…?") is not what it asks.
  const stated = statedSpans(question);
  // (A value said of another virus is not said of the asked one: "FeLV-infected cats die within 1 to 3 years" of FIV.)
  const askedViruses = frame.acronyms.filter(isVirusAcronym);
  const ownViruses = new Set(frame.acronyms.flatMap((a) => a.split(/[^\p{L}]+/u)).filter(isVirusAcronym));
  // A value said of another country is not said of the place asked: "prevalence values ranging from 5% to 80% in sheep" in
  // "Central and southern Italy" gives none for the Balkan countries.
  const askedPlaces = [...new Set([...(frame.places ?? []), ...frame.names.filter((n) => regionNamesOf(n).length > 0)])];
  const ofAnotherPlace = (sentence: string) => {
    if (!askedPlaces.length) return false;
    const text = readable(sentence);
    const countries = countriesNamedIn(text);
    return countries.length > 0 && !askedPlaces.some((place) => countries.includes(place.toLowerCase()) || namesThing(place, text) || namesRegionOf(place, text));
  };
  const kindsCounted = KINDS_COUNTED.test(question);
  // (A share asked is not given by a count a year: "What proportion of those patients actually die of it?" is not answered
  // by "the most lethal … is meningeal tuberculosis with an estimate of more than 100,000 cases per year".)
  const shareAsked = SHARE_ASKED.test(question);
  const asRead = (kind: AskedKind, s: string) => (kind === "count" && kindsCounted ? s.replace(SHARE_WRITTEN, " ") : kind === "rate" && shareAsked ? s.replace(COUNTED_PER_YEAR, " ") : s);
  // (Said as an amount, or as a share in a sentence that speaks of what is measured: "no more than 1% of the body weight
  // should be taken in blood volume", not another share the passage gives, "up to 80% mortality".)
  const measured = tokenize((frame.askedTopic ?? []).filter((w) => !speciesIn(w).species.size && !speciesIn(w).groups.size).join(" "));
  // "How common is complementary medicine among dog owners?": how common, in words, of the thing measured ("CAVM use appears
  // to be a common practice…", by the abbreviation its passage defines), not of another ("These common infections
  // represent the main reason for antimicrobial prescription in dogs"). (A figure is read as one.)
  const commonOfAnother = (kind: AskedKind, attribute: string | null, s: string, defined: Map<string, string[]>) =>
    kind === "rate" &&
    attribute === HOW_COMMON_ATTRIBUTE &&
    measured.length > 0 &&
    !VALUE.rate!.test(s) &&
    ![...tokenize(s), ...[...defined].filter(([abbreviation]) => new RegExp(`\\b${escapeStringRegexp(abbreviation)}s?\\b`).test(s)).flatMap(([, words]) => words)].some((t) => measured.includes(t));
  const saysValue = (kind: AskedKind, among: Segment[], attribute = frame.attribute) =>
    among.some((segment) => {
      const sentences = quotedSentences(segment.text).map((s) => (stated.size ? withoutSpans(s, stated) : s));
      // A sentence that names no species speaks of those the sentences before it last named: "Peripheral eosinophilia is
      // present in <50% of cases" after "Diagnosis of feline heartworm disease remains difficult." is no figure for dogs.
      // (Each sentence is read for its species once.)
      // (An animal named by the abbreviation the paragraph defines for it, "The Tsushima leopard cat (TLC)…", is that animal
      // where the abbreviation is written: "…the number of TLCs continues to decrease…" is of leopard cats, not cats.)
      const definitions = definedAbbreviations(segment.text);
      // (Its name ends in the animal, "…leopard cat": "Rabbit haemorrhagic disease virus (RHDV)" names a virus.)
      const animals = definitions.filter((a) => speciesIn(a.words[a.words.length - 1] ?? "").species.size > 0 && speciesIn(a.words.join(" ")).species.size > 0);
      const withAnimals = (s: string) => {
        const named = animals.filter((a) => new RegExp(`\\b${escapeStringRegexp(a.abbreviation.replace(/(?<=[A-Z])s$/, ""))}s?\\b`).test(s));
        return named.length ? `${s} (${named.map((a) => a.words.join(" ")).join(", ")})` : s;
      };
      let lastNamed: string[] = [];
      const ofOtherVirus = ofAnotherVirusBefore(sentences, askedViruses, ownViruses);
      const ofOtherSpecies = sentences.map((s) => {
        // (A sentence naming the asked virus speaks of it, not of the host another virus it names is named after: "FCoV
        // serotype I is more prevalent than serotype II, which appears to be derived from recombination with canine
        // coronavirus" gives FCoV's serotype in cats.)
        const spoken = speciesSpokenOf(withAnimals(s), frame.species);
        const mentions = askedViruses.some((a) => namesThing(a, s)) ? withoutHostsOfItsName(spoken, s, [...spoken.species].filter((id) => !frame.species.includes(id))) : spoken;
        if (mentions.species.size > 0 || mentions.groups.size > 0) lastNamed = otherSpeciesIn(frame, mentions);
        // (One that speaks of animals of many kinds speaks of no animal named before it: "S. japonicum is transmitted by at
        // least 40 species of wild and domestic mammals" after "…230 million people in need of preventative treatment".)
        else if (MANY_KINDS_OF_ANIMALS.test(s)) lastNamed = [];
        return lastNamed.length > 0;
      });
      const defined = new Map(definitions.map((a) => [a.abbreviation.replace(/(?<=[A-Z])s$/, ""), tokenize(a.words.join(" "))] as const));
      // The value is for the asked species: "Cattle require two doses separated by 2 weeks" does not give the goats' schedule,
      // though its paragraph names goats. And for the asked drug: "…flubendazole at 1 mg/kg" is no dose of xylazine.
      // (Not a value of the disease's own, such as whether it is notifiable, whichever animal the sentence names.)
      return sentences.some(
        (s, i) =>
          (!ofOtherSpecies[i] || OF_THE_DISEASE.has(kind)) &&
          (!ofAnotherPlace(s) || OF_THE_DISEASE.has(kind)) &&
          !dosesAnotherDrug(kind, s, frame) &&
          !dosedByAnotherRoute(kind, question, s, segment.text) &&
          !ofOppositeState(question, s) &&
          !namesAnotherVirus(s, askedViruses, ownViruses) &&
          !ofOtherVirus[i] &&
          !commonOfAnother(kind, attribute, s, defined) &&
          holdsValue(kind, asRead(kind, s), attribute, sentences[i - 1] ?? "", namedByQuestion(frame), defined),
      );
    });
  // A question of two parts ("how deadly is goat pox, and do local breeds cope better?") may be answered in a paragraph
  // that names its subject but shares few of its other words: the value may be said there.
  // (Its disease, pathogen or drug: a place or people it names, "European", need not be in that paragraph.)
  // (An abbreviation no passage writes, "on TMS", is not said of anything there; nor is the condition beside its
  // pathogen: "C. diff … diarrhoea" is about C. difficile in a paragraph that calls the disease colitis.)
  const named = [
    ...frame.drugs,
    ...frame.pathogens,
    ...frame.acronyms.filter((a) => passing.some((p) => namesIn(a, p))),
    ...(frame.pathogens.length ? [] : frame.conditions),
  ];
  const subjectNames = named.length ? named : frame.names;
  const subjectSegments = (among: PassageLike[]) =>
    among.flatMap((p) =>
      p.text
        .replace(INVISIBLE, "")
        .split(/\n+/)
        // (By an abbreviation the passage defines: "The clinical symptoms are relieved 14 to 18 days after the infection,
        // but the FCV is still excreted…" is of the calicivirus. Not one defined elsewhere in its document, which may
        // mean another thing there.)
        .filter((text) => text.trim() && subjectNames.every((n) => namesThing(n, text) || byAbbreviationOf(n, abbreviationsDefinedIn(fullText(p)), text)))
        .map((text) => ({ text, context: `${p.title}\n${p.heading ?? ""}` })),
    );
  /** Is the value of this kind said in the supporting passages, or in another that then supports the answer? */
  const valueFound = (kind: AskedKind, attribute = frame.attribute): boolean => {
    // (A value of the disease's own is said where that disease is: "This disease is OIE-notifiable" in the paragraph on
    // SVC says nothing of RHDV2 beside it.)
    const ofSubjectOnly = OF_THE_DISEASE.has(kind) && subjectNames.length > 0;
    if ((!ofSubjectOnly && saysValue(kind, segments, attribute)) || (subjectNames.length > 0 && saysValue(kind, subjectSegments(supporting), attribute))) return true;
    // Or in another passage's paragraph naming it, relevant or nearly ("Usually, FeLV-infected cats die within 1 to 3 years"), which
    // then supports the answer.
    const naming = subjectNames.length > 0 ? passing.find((p) => !supporting.includes(p) && saysValue(kind, subjectSegments([p]), attribute)) : undefined;
    if (naming) {
      supporting.push(naming);
      return true;
    }
    // A share of the animals with a finding is said with the finding ("up to 30% of cats with FIP are affected by
    // neurological involvement"): another relevant passage that says it so supports the answer.
    // Likewise a drug named for the question's subject ("The most common antibiotics associated with CDAD in horses are
    // erythromycin…") in another passage that names it, where that passage speaks of the topic.
    const giving = isFindingAttribute(attribute)
      ? candidates.find((p) => !supporting.includes(p) && quotedSentences(fullText(p)).some((x) => otherSpeciesIn(frame, x).length === 0 && holdsValue(kind, asRead(kind, x), attribute)))
      : // Or, for a question that names no subject ("…carrying scrapie before it shows anything"), another relevant
        // passage whose paragraphs on the topic say it.
        (kind === "drug" && names.length) || !subjectNames.length
        ? candidates.find(
            (p) =>
              !supporting.includes(p) &&
              topicSegments(terms, frame, [p]).some((segment) =>
                quotedSentences(segment.text).some((x) => otherSpeciesIn(frame, x).length === 0 && holdsValue(kind, asRead(kind, x), attribute, "", namedByQuestion(frame))),
              ),
          )
        : undefined;
    if (giving) supporting.push(giving);
    return giving !== undefined;
  };
  const shareOfMeasured = () =>
    segments.some((segment) => quotedSentences(segment.text).some((x) => otherSpeciesIn(frame, x).length === 0 && holdsValue("rate", asRead("rate", x), frame.attribute) && tokenize(x).some((t) => measured.includes(t))));
  if (oneValueEitherWay && typed.length === 2) {
    if (!valueFound("quantity") && !shareOfMeasured()) return { covered: false, missing: "detail", what: typed, alternative: null };
  } else for (const kind of typed) if (!valueFound(kind)) return { covered: false, missing: "detail", what: [kind], alternative: null };
  // An age asked in so many words is asked beside whatever else is ("From what age can the calves have the first of the two
  // doses, and … how often do they need a booster?"): some sentence must give an age.
  const ageAlsoAsked = frame.asked.includes("duration") && frame.attribute !== AGE_ATTRIBUTE && !typed.includes("duration") && asking.some((part) => AGE_ASKED_OUTRIGHT.test(part));
  if (ageAlsoAsked && !valueFound("duration", AGE_ATTRIBUTE)) return { covered: false, missing: "detail", what: ["duration"], alternative: null };
  // A question of several short parts, each asking a value ("what's the maximum number of days pigs should stay on the
  // fairground, and how long should exhibitors keep them apart after?"), is answered where one of them is said at least.
  // (A part may open with a preposition, "…and for how many weeks?", or ask yes or no: "…last, and do heifers need a booster?")
  const parts = asking.flatMap((part) =>
    part.split(/,?\s+(?:and|or)\s+(?=(?:(?:for|in|at|by|from|after|within|to|of|with)\s+)?(?:what|which|how|when|where|who)\b|(?:do|does|is|are|should|would|will|can|could|must)\s+\w)/i),
  );
  const partsTyped = essay && !typed.length && parts.length > 1 && parts.every((part) => part.split(/\s+/).filter(Boolean).length <= ESSAY_WORDS) ? frame.asked.filter((k) => TYPED_KINDS.has(k)) : [];
  // (Two values at least: one alone, in a long question, may be misread.)
  if (partsTyped.length > 1 && !partsTyped.some((k) => valueFound(k))) return { covered: false, missing: "detail", what: partsTyped, alternative: null };
  // "How is it treated?": some sentence where the topic is must speak of treating it (or of preventing it, when that
  // is asked). A yes/no question that only mentions a treatment ("Does managed care improve…?") asks something else.
  // "How is FIP diagnosed?": likewise of diagnosing it ("Which diagnosis fits?" asks for a disease's name instead).
  const asks = careAsked(question);
  const toxinAsked = CLASS_ASKED.exec(question)?.[1];
  const toxinWord = toxinAsked ? new RegExp(String.raw`\b[\p{L}-]*${toxinAsked}s?\b`, "iu") : null;
  const thingsNamed = namesAskedOf(question);
  const askedCountries = countriesNamedIn(question);
  const details: Array<{ kind: AskedKind; says: (sentence: string) => boolean }> = essay
    ? []
    : [
        // (A typed value asked of the treatment, "how many doses of the vaccine?", is checked as that value.)
        // (Or whether it is treated or vaccinated so: "Can ferrets be vaccinated against Aleutian disease?")
        ...(((frame.asked.includes("treatment") && (/\b(?:how|what|which)\b/i.test(question) || ASKS_IF_THERE_IS.test(question))) || ASKS_IF_TREATED.test(question)) && !typed.length
          ? [{ kind: "treatment" as const, says: (t: string) => speaksOfCare(asks, t) }]
          : []),
        ...(frame.asked.includes("diagnosis") && HOW_DIAGNOSED.test(question) ? [{ kind: "diagnosis" as const, says: (t: string) => DIAGNOSING.test(t) }] : []),
        ...(frame.asked.includes("prognosis") && PROGNOSIS_ASKED.test(question) ? [{ kind: "prognosis" as const, says: (t: string) => PROGNOSING.test(t) }] : []),
        // "Is stringhalt heritable - should I breed from her?": where the topic is, some sentence must speak of inheriting it.
        ...(HEREDITY_ASKED.test(question) ? [{ kind: "cause" as const, says: (t: string) => HEREDITY_SAID.test(t) }] : []),
        // "What should I be feeding her while she recovers?", "which kidney diet is best?": some sentence must speak of feeding.
        ...(FEEDING_ASKED.test(question) ? [{ kind: "treatment" as const, says: (t: string) => FEEDING_SAID.test(t) }] : []),
        // "Does mouth rot in snakes have a particular smell?": some sentence must speak of a smell.
        // (Asked of, not told as a sign: "my cat's breath smells off - what is it?" asks what it is.)
        ...(askingParts(question).some((part) => SMELL_ASKED.test(part)) ? [{ kind: "signs" as const, says: (t: string) => SMELL_SAID.test(t) }] : []),
        // "Which C. perfringens toxin…?": some sentence must speak of a toxin.
        ...(toxinWord ? [{ kind: "type" as const, says: (t: string) => toxinWord.test(t) }] : []),
        // "What are the two host proteins it needs called?": some sentence must name one of them.
        ...(thingsNamed ? [{ kind: "type" as const, says: (t: string) => namesOneOf(thingsNamed, t, question) }] : []),
        // "In which country were Hobi-like pestiviruses first isolated?": some sentence must name a country the question does not.
        ...(COUNTRY_ASKED.test(question) ? [{ kind: "location" as const, says: (t: string) => countriesNamedIn(t).some((c) => !askedCountries.includes(c)) || COUNTRIES_BY_REGION.test(t) }] : []),
        // "What frequency, in MHz, is used…?": some sentence must give a number in that unit.
        ...unitsAskedIn(question).map((unit) => ({ kind: "quantity" as const, says: (t: string) => new RegExp(String.raw`\d\s*${escapeStringRegexp(unit)}(?![\p{L}])`, "u").test(readable(t)) })),
      ];
  for (const detail of details) {
    if (segments.some((segment) => quotedSentences(segment.text).some((s) => detail.says(s)))) continue;
    // Another relevant passage on the topic may say it ("post-mortem diagnosis of FIP is…"): it supports the answer then.
    const saying = candidates.find(
      (p) => !supporting.includes(p) && topicSegments(terms, frame, [p]).some((segment) => quotedSentences(segment.text).some((s) => detail.says(s))),
    );
    if (!saying) return { covered: false, missing: "detail", what: [detail.kind], alternative: null };
    supporting.push(saying);
  }
  return { covered: true, supporting, notCovered: species.missing, namesNoSpecies: species.missing.length > 0 && namesNoSpecies() };
}

/**
 * A genotype written with its two alleles ("C/T", "A/G", "E/e"), offered in a list of two or more ("C/C, C/T or T/T"). (Not
 * a route typed short, "s/c or i/m", which passages write out.)
 */
const GENOTYPE = String.raw`\b[A-Z][a-z]?\d{0,2}\/[A-Za-z][a-z]?\d{0,2}\b`;
const OFFERED_GENOTYPES = new RegExp(String.raw`${GENOTYPE}(?:\s*,\s*${GENOTYPE})*\s*,?\s+(?:or|vs\.?|versus)\s+${GENOTYPE}`, "g");
const offeredGenotypes = (text: string) => [...text.matchAll(OFFERED_GENOTYPES)].flatMap((m) => m[0].match(new RegExp(GENOTYPE, "g")) ?? []);

/** Units of measure that name what they measure (no word of English is written so): "in MHz", "(kDa)". */
const MEASURE_UNIT = String.raw`GHz|MHz|kHz|Hz|kDa|nm|µm|μm|mmHg|kPa|dB|Gy|mSv|ppm|ppb`;
const ASKED_IN_UNIT = new RegExp(String.raw`(?:\b(?:in|as)\s+|\()(${MEASURE_UNIT})(?![\p{L}])`, "gu");
/** The units a question asks its value in: "What ultrasound frequency, in MHz, is used…?" asks a number in MHz. */
const unitsAskedIn = (question: string) => [...new Set(askingParts(question).flatMap((part) => [...part.matchAll(ASKED_IN_UNIT)].map((m) => m[1]!)))];

/** A country asked: "in which country…?", "what countries…?", "which nation…?". */
/** Countries named by their region: "…in many European, Asian, African, and the Far Eastern countries". */
const COUNTRIES_BY_REGION = /\b\p{Lu}\p{Ll}+(?:an|ese|ish|ic)\b[^.;]{0,60}?\bcountries\b/u;
const COUNTRY_ASKED = /\b(?:which|what)\s+(?:[\p{L}-]+\s+)?(?:country|countries|nations?)\b/iu;

/** What to feed asked: "what should I be feeding her?", "what to feed", "which kidney diet is best?". */
const FEEDING_ASKED =
  /\b(?:(?:what|which)\s+(?:[\p{L}-]+\s+){0,2}?(?:diet|diets|food|foods|feed)\b(?!\s+(?:additive|additives|efficiency|conversion|intake)\b)|what\s+(?:should|can|do|could|would|must)\s+(?:i|we|you|they|owners?)\s+(?:be\s+)?(?:feed|feeding)\b|what\s+to\s+feed\b)/iu;
/** A sentence on feeding: feed, diet, food, nutrition, forage, ration. */
const FEEDING_SAID = /\b(?:feed|feeds|feeding|fed|diet\w*|food|foods|nutrition\w*|nutrient\w*|forage|hay|silage|ration|rations|eat|eats|eating)\b/i;
/** A smell asked of: "does it have a particular smell?", "what does it smell like?", "is the odour typical?". */
/**
 * The names of things the question counts or points at, asked outright: "what are the two host proteins it needs called?",
 * "what are the two main oestrogen receptors called?". (Not what one disease is called: "what's this condition called?")
 */
const NAMES_ASKED = /\bwhat\s+(?:are|were)\s+(?:the|these|those|its|their)\s+((?:[\p{L}\p{N}-]+\s+){1,5}?)called\b/iu;
/** A name as such things are written: capitals with another capital or a digit ("ERα", "FeLIX", "Pit1", "nsP1"), or a Greek letter's. */
const WRITTEN_NAME = /(?<![\p{L}\p{N}])(?:\p{L}*\p{Lu}\p{L}*[\p{Lu}\p{N}][\p{L}\p{N}]*|\p{L}+-?[αβγδκλ])(?:-[\p{L}\p{N}]+)?(?![\p{L}\p{N}])/gu;
/** Words written in capitals that name a method or a kind of molecule, not one of the things asked. */
const NOT_A_THING_NAMED = new Set(["DNA", "RNA", "PCR", "ELISA", "mRNA", "cDNA", "DNAs", "RNAs"]);
/**
 * Which one of a class of things is asked, where passages write the class's word with what they name: "Which Clostridium
 * perfringens toxin is the key virulence factor…?" is answered by "NetB toxin", "alpha-toxin", "an enterotoxin".
 */
const CLASS_ASKED = /\b(?:which|what)\s+(?:[\p{L}\p{N}.-]+\s+){0,3}?(toxin)s?\b/iu;
/** What a question asks the names of, as an index term ("protein" of "proteins"), when it asks them outright. */
function namesAskedOf(question: string): string | null {
  const m = NAMES_ASKED.exec(question);
  const word = m?.[1]!.trim().split(/\s+/).find((w) => /^\p{L}{3,}s$/u.test(w) && !isStopWord(w.toLowerCase()));
  return word ? (tokenize(word)[0] ?? null) : null;
}
/** Does a sentence name one of those things by a name the question does not write? */
function namesOneOf(thing: string, sentence: string, question: string): boolean {
  if (!tokenize(sentence).includes(thing)) return false;
  const asked = question.toLowerCase();
  return [...sentence.matchAll(WRITTEN_NAME)].some((m) => !NOT_A_THING_NAMED.has(m[0]) && !asked.includes(m[0].toLowerCase()));
}
const SMELL_ASKED = /^\s*(?:(?:and|so|but)\s+)?(?:does|do|is|are|would|will|can|could|what|which|how)\b[^?]*\b(?:smells?|smell like|odou?rs?|stinks?|stink like)\b/i;
const SMELL_SAID = /\b(?:smell\w*|odou?r\w*|malodo\w*|fetid|foetid|foul|stench|putrid|putrefact\w*|rancid|ammonia\w*|sweet-smelling|stink\w*)\b/i;
/** Forms a veterinary product comes in that say how it is given: "pour-on", "spot-on", "drench", "bolus", "implant". */
const FORMULATION = /\b(?:pour[- ]?ons?|spot[- ]?ons?|drench(?:es)?|(?:intraruminal )?bolus(?:es)?|implants?|(?:flea |tick )?collars?|ear[- ]tags?)\b/gi;
/**
 * "Resistant to every drench", "which drench?", "Drenches are failing": a farmer's word for the wormer itself, no form
 * it is given in.
 */
const ANY_DRENCH = /(?:\b(?:every|any|all|each|which|what|other|another|the|their|our|my)\s+drench(?:es)?|(?:^|[.!?:;]\s*)drenches)$/i;
/** Does a text name this form, however spaced or hyphenated ("pour-on" as "pour on", "pour-ons")? */
const namesForm = (form: string, text: string) => text.toLowerCase().replace(/[- ]/g, "").includes(form.toLowerCase().replace(/[- ]/g, "").replace(/(?:es|s)$/, ""));

/**
 * A question about breeds: whether one is predisposed, over-represented or a carrier. (Not "breed" said of what an asker
 * or an animal does, "I breed Bengals", "is it safe to breed from them?".)
 */
const BREED_ASKED = /\b(?:(?<!\b(?:i|we|they|you|to|also|who|will|would|can|could|should|not|don'?t|never|still)\s+)breeds?|breed-related|predispos\w*|over-?represented)\b/i;
/** Whether a breed carries a heritable disorder: "do Appaloosas carry HYPP…?", "…carry the mutation?". */
const CARRIES_GENE = /\b[Cc]arr(?:y|ies|ying|ier|iers)\s+(?:(?:the|a|that|this)\s+)?(?:genes?\b|mutations?\b|alleles?\b|[A-Z]{2,}\b)/;

/** Pregnancy or lactation, asked of ("…safe in pregnancy?", "can I give it to a lactating ewe?"). */
function askedState(asking: string): keyof typeof STATE_SPOKEN_OF | null {
  // ("in pig" is a sow carrying piglets, "in-calf heifers" heifers carrying calves; "in pig lungs" is where.)
  if (/\b(?:pregnan\w*|gestat\w*|gravid|in[- ](?:foal|calf|lamb|kid|pup|kit|pig)\b(?!\s+(?!(?:heifers?|cows?|ewes?|mares?|sows?|gilts?|does|nannies|bitch(?:es)?|queens?|jills?|jennies|hinds?|alpacas?|llamas?|camels?)\b)[a-z]))/i.test(asking)) return "pregnancy";
  // ("…with a bit of nursing training": the asker's trade, no nursing mother.)
  if (/\b(?:lactat\w*|(?<!\b(?:veterinary|vet|human|hospital|ward|student)\s)nursing(?!\s+(?:training|course|degree|background|experience|qualifications?|students?|staff|team|home|care|notes|duties|skills|school|homes))|suckling (?:her|their) (?:young|litter|kittens|puppies|lambs|kids|piglets|foals?|calf|calves))\b/i.test(asking)) return "lactation";
  // "Can we eat the eggs?", "is the milk safe to drink?": whether people may eat or drink what the animals give.
  if (/\b(?:eat|eating|drink|drinking|consume|consuming|sell|selling)\s+(?:the\s+|their\s+|its\s+|her\s+|his\s+)?(?:eggs?|milk|meat|carcass(?:es)?|carcases?|flesh|pork|beef|lamb|mutton|chicken|honey)\b|\b(?:eggs?|milk|meat|carcass(?:es)?|carcases?|pork|beef)\s+(?:still\s+)?(?:safe|ok|okay|fit)\b/i.test(asking)) return "consumption";
  // "With food?", "on an empty stomach?": whether a drug is given with a meal.
  if (/\b(?:with(?:out)?|before|after|alongside|in)\s+(?:(?:a|the|their|her|his|some)\s+)?(?:food|meals?|feeds?|feeding|breakfast|dinner)\b|\bempty stomach\b|\bfasted\b/i.test(asking)) return "feeding";
  // "Is it more common in bitches than in male dogs?", "any sex predisposition?": whether one sex is more at risk.
  if (SEXES_COMPARED.test(asking)) return "sex";
  return null;
}
const STATE_SPOKEN_OF = {
  pregnancy: /\b(?:pregnan\w*|gestat\w*|gravid|foetus\w*|fetus\w*|f(?:o)?etal|teratogen\w*|embryo\w*|in[- ](?:foal|calf|lamb|kid|pig)|prepartum|antepartum|abort\w*|born|births?|offspring|mat(?:ed|ing)|bred|breeding|litters?)\b/i,
  lactation: /\b(?:lactat\w*|milk|nursing|suckl\w*|neonat\w*|colostrum)\b/i,
  feeding: /\b(?:food|meals?|fed|feeds?|feeding|in-feed|fasted|fasting|empty stomach|absorption)\b/i,
  consumption: /\b(?:eat|eating|eaten|consum\w*|edible|withdrawal|withholding|foodborne|food-borne|human food|food chain|food safety|raw|undercooked|cooked|fit for human consumption)\b/i,
  sex: /\b(?:males?|females?|sex|sexes|gender|bitch(?:es)?|queens?|tom(?:cat)?s?|entire|intact|neutered|castrated|spayed|men|women)\b/i,
};
const SEX_WORD = String.raw`(?:males?|females?|bitch(?:es)?|queens?|tom(?:cat)?s?|entire|intact|neutered|castrated|spayed)`;
const SEXES_COMPARED = new RegExp(
  String.raw`\b(?:more|less)\s+(?:common|likely|prone|often|frequent|frequently|susceptible|at risk)\b[^?]*\b${SEX_WORD}\b|\b${SEX_WORD}\b[^?]*\b(?:more|less)\s+(?:common|likely|prone|often|frequent|frequently|susceptible|at risk)\b|\b(?:sex|gender)\s+(?:predispos\w*|differences?|bias|linked|related)|\bpredispos\w*\s+(?:by|to)\s+(?:sex|gender)\b`,
  "i",
);

/** States that a prefix turns to their opposite: treated and untreated animals, vaccinated and unvaccinated ones. */
const OPPOSABLE_STATE = String.raw`(?:treated|vaccinated|infected|immuni[sz]ed)`;
const OPPOSITE_OF_STATE = new RegExp(String.raw`\b(?:un|non-?)(${OPPOSABLE_STATE})\b`, "gi");
const NOT_IN_STATE = new RegExp(String.raw`\b(?:not|never|no longer|(?:\w+)n['’]t)\s+(?:(?:be|been|being|get|gets|got|getting|yet)\s+)?(${OPPOSABLE_STATE})\b`, "gi");
const PLAIN_STATE = new RegExp(String.raw`(?<![\p{L}-])${OPPOSABLE_STATE}\b`, "giu");
/** "With intensive treatment", "with vaccination": the animals are treated (vaccinated). */
const WITH_TREATMENT = /\bwith\s+(?:[\w-]+\s+)?(?:treatment|therapy|(vaccination))\b/gi;
/**
 * Is a sentence's value said of the opposite state of the animals the question asks of? "…mortality, which can reach 91% in
 * untreated pups" gives no survival of treated ones; a figure for vaccinated herds none for unvaccinated ones.
 */
export function ofOppositeState(question: string, sentence: string): boolean {
  const states = (text: string) => ({
    plain: new Set([...text.matchAll(PLAIN_STATE)].map((m) => m[0].toLowerCase())),
    opposite: new Set([...text.matchAll(OPPOSITE_OF_STATE)].map((m) => m[1]!.toLowerCase())),
  });
  // ("…pups that don't get treated", "if it isn't treated": the question's own negation is the opposite state.)
  // ("With intensive treatment, what's the mortality…?" asks of treated animals.)
  const asked = states(question.replace(NOT_IN_STATE, (_, state: string) => `un${state}`).replace(WITH_TREATMENT, (_, vaccination?: string) => (vaccination ? "vaccinated" : "treated")));
  const said = states(sentence);
  const opposes = (a: Set<string>, b: Set<string>, bOwn: Set<string>) => [...a].some((state) => b.has(state) && !bOwn.has(state));
  return opposes(asked.plain, said.opposite, said.plain) || opposes(asked.opposite, said.plain, said.opposite);
}

/** A dose (interval, course, route) said of another drug than the asked ones: "…flubendazole at 1 mg/kg" for xylazine. */
function dosesAnotherDrug(kind: AskedKind, sentence: string, frame: Frame): boolean {
  // (A vaccine's dose is said of a vaccine: "Fluconazole (5–10 mg/kg/day)" is no dose of "the domestic cat vaccine".)
  if (kind === "dose" && !frame.drugs.length && frame.topic.some((w) => /^vaccines?$/i.test(w))) return !/\bvaccin\w*|\bjabs?\b|\bboosters?\b/i.test(sentence);
  if (!DOSING_KINDS.has(kind) || !frame.drugs.length || frame.drugs.some((d) => namesThing(d, sentence))) return false;
  return DRUG_CLASS.test(sentence) || drugWordsIn(sentence).length > 0;
}
/**
 * A dose asked for one route ("What's the intravenous fluconazole dose?") is not given by a dose for another: the sentence
 * must name the asked route, or, naming none, sit in a paragraph that names it or names no route at all ("Fluconazole
 * (5–10 mg/kg/day) is another option" in a paragraph on oral therapeutic options gives no intravenous dose). Any of the
 * routes named will do ("inj doses? in-feed interval?"), and any injection is one where none is named by its route ("by
 * i.m. injection" for "inj", not for "intravenous").
 */
export function dosedByAnotherRoute(kind: AskedKind, question: string, sentence: string, paragraph: string): boolean {
  if (kind !== "dose") return false;
  const named = routesIn(question);
  // (An injection asked of in general is given by any route that injects; one asked by its route only by that route.)
  const asked = named.some((r) => INJECTED_ROUTES.has(r)) ? named.filter((r) => r !== "injection") : named;
  if (!asked.length) return false;
  const said = routesIn(sentence);
  if (said.length) return !said.some((r) => asked.includes(r));
  const around = routesIn(paragraph);
  return around.length > 0 && !around.some((r) => asked.includes(r));
}
/** Routes of giving a drug, each by the ways a text writes it. */
const ROUTES: Array<[string, RegExp]> = [
  ["intravenous", /\bintravenous(?:ly)?\b|\bi\.v\.|\bIV\b/],
  ["intramuscular", /\bintramuscular(?:ly)?\b|\bi\.m\.|\bIM\b/],
  ["subcutaneous", /\bsubcutaneous(?:ly)?\b|\bs\.c\.|\bs\/c\b|\b(?:SC|SQ)\b/],
  ["oral", /\b(?:oral(?:ly)?|per os|by mouth|in[- ]feed|in[- ]water|drench(?:ed)?)\b|\bp\.o\.|\bPO\b/i],
  ["topical", /\btopical(?:ly)?\b/i],
];
const INJECTED_ROUTES = new Set(["intravenous", "intramuscular", "subcutaneous"]);
/** By injection, whichever way: "inj doses", "want to inject", "by i.m. injection". */
const INJECTED = /\b(?:inj|injections?|injectable|inject(?:ed|ing)?|jabs?|jabbed|jabbing)\b|\b(?:intravenous|intramuscular|subcutaneous)(?:ly)?\b|\b(?:i\.v\.|i\.m\.|s\.c\.)|\b(?:IV|IM|SC|SQ)\b|\bs\/c\b/;
const routesIn = (text: string) => [...ROUTES.filter(([, re]) => re.test(text)).map(([route]) => route), ...(INJECTED.test(text) ? ["injection"] : [])];
/** The words of a sentence that name a drug. */
const drugWordsIn = (sentence: string) => (sentence.match(/[\p{L}-]{5,}/gu) ?? []).filter((w) => namesDrug(w));
/** Drugs named by their class: "Local anaesthetic … a single very deep injection of 5 ml" is no dose of xylazine. */
/** What asks whether a drug is safe: its adverse effects, toxicity, contraindications or interactions. */
const SAFETY_ASKED = /\b(?:safe|safely|safety|unsafe|toxic\w*|nephrotox\w*|hepatotox\w*|ototox\w*|side[- ]effects?|adverse|contraindicat\w*|worry|worries|worr(?:ied|ying)|careful|caution|cautious|avoid|avoided|harm\w*|damag\w*|interact\w*|kidneys?|renal)\b/i;
/** "Should I query it?", "anything to flag?", "is that OK?": a prescription checked, as a pharmacist or a nurse would. */
const PRESCRIPTION_CHECKED = /\b(?:query|queried|flag|flagged|concerns?|okay|ok|fine|alright|appropriate|problems?)\b/i;
/** What a named scheme is ("Patnaik grading", "the Kiupel system", "FAMACHA scores"): the word's stem after the name. */
const SCHEME_NOUN = /^(grad|scor|stag|classif|criteri|scal|system)(?:e|es|ed|ing|ication|ications|a|on|ons|s)?$/i;
/**
 * The stem of the scheme a question names after this name ("…apply the usual Patnaik/Kiupel grading": "grad" for both
 * names), or null where the name stands before no scheme's word.
 */
function namedSchemeHead(question: string, name: string): string | null {
  const after = new RegExp(String.raw`\b${escapeStringRegexp(name)}(?:['’]s)?(?:\s*(?:[/&,]|and)\s*\p{Lu}[\p{L}-]+(?:['’]s)?)*\s+([\p{L}]+)`, "u").exec(question);
  return after ? (SCHEME_NOUN.exec(after[1]!)?.[1]?.toLowerCase() ?? null) : null;
}

/** "Is there a vaccine for it?", "is there any treatment?": asks whether one is given, so some sentence must speak of it. */
/** "Is it treated with…?", "can ferrets be vaccinated against it?": whether it is cared for so. */
const ASKS_IF_TREATED = /^\s*(?:and\s+|so\s+)?(?:is|are|can|could|should)\s+(?:[\w-]+\s+){1,5}?(?:be\s+)?(?:treated|vaccinated|cured|immuni[sz]ed)\b/i;
const ASKS_IF_THERE_IS = /\b(?:is|are) there (?:a|an|any)\s+(?:[\w-]+\s+)?(?:vaccines?|jabs?|treatments?|cures?|therap(?:y|ies)|drugs?|medications?|medicines?|way to (?:treat|prevent|cure))\b/i;

/**
 * "How is FIP diagnosed?", "how do you diagnose it", "how do I confirm it?", "how is it detected?": asks how, not
 * which disease ("Which diagnosis fits?").
 */
export const HOW_DIAGNOSED = /\bhow(?:\s+[\w'’-]+){0,6}?\s+(?:diagnos|confirm|detect|test(?:ed|ing)?\b)|\b(?:best|which|what|preferred|easiest|quickest)\s+(?:[\w-]+\s+){0,2}(?:way|ways|method|methods|means)\s+(?:to|of)\s+(?:confirm|diagnos|detect|test)|\b(?:best|which|what|preferred)\s+(?:[\w-]+\s+){0,2}(?:tests?|assays?)\b(?!\s+(?:results?|values?)\b)|\b(?:best|preferred|definitive|gold[- ]standard)\s+dx\b|^\s*dx\s*\?*\s*$|\b(?:is there|are there|any|which|what|best)\s+(?:[\w-]+\s+){0,2}(?:bio)?markers?\b/i;
/** What a sentence about diagnosing says: a diagnosis, a test, a finding that confirms it ("Diagnosis of EMS is based partly on…"). */
export const DIAGNOSING =
  /\b(?:diagnos\w*|detect(?:ed|ion|s)?|confirm(?:ed|s|ation)?|tests?|testing|assays?|PCR|ELISA|serolog\w*|isolation|histopatholog\w*|cytolog\w*|radiograph\w*|ultrasonograph\w*|biops\w+|necropsy|post-mortem|(?:bio)?markers?)\b/i;
/** "What's the prognosis for…", "median survival": asks for the outcome itself (not "does X predict the prognosis?"). */
/**
 * Whether a disease is inherited: "is it heritable?", "does it run in the line?", "should I breed from her?" (not a
 * disease's name, "hereditary spherocytosis").
 */
const HEREDITY_ASKED =
  /\b(?:heritability|inheritance|(?:heritable|hereditary|inherited|inheritable)(?=\s*(?:[?.,;:!—–-]|$|(?:in|or|and|from|through|to|at|then)\b))|genetic(?:ally)?\s+(?:linked|passed|transmitted|basis|cause|component)|runs?\s+in\s+(?:the\s+)?(?:family|families|line|lines|bloodlines?)|breed\s+(?:from|with)\s+(?:her|him|it|them|an?\s+(?:affected|carrier)\b))/i;
/**
 * A sentence on inheriting a disease: heritable, hereditary, genetic, familial, congenital, carriers (not a virus's genetic
 * variants or mutations).
 */
const HEREDITY_SAID = /\b(?:heritab\w*|hereditar\w*|inherit\w*|genetic(?:ally)?(?!\s+(?:variants?|mutations?|materials?|diversity|sequences?|analys[ie]s|characteri[sz]ation|typing|groups?|lineages?|changes?|recombination)\b)|familial|congenital|carriers?|autosomal|recessive|breeding\s+(?:stock|programmes?|programs?)|before mating)\b/i;
const PROGNOSIS_ASKED = /\b(?:what(?:'s|\s+is)?\s+(?:the\s+)?(?:long-term\s+)?(?:prognosis|outcome)|prognosis\s+(?:for|once|after)|median survival|life expectancy|how long do(?:es)?\s+(?:\w+\s+){1,4}(?:survive|live))\b/i;
/** What a sentence about the outcome says: the prognosis, survival, recovery or death. */
export const PROGNOSING = /\b(?:prognos\w*|surviv\w*|succumb\w*|outcomes?|recover\w*|fatal\w*|mortality|die[sd]?|death|deaths|euthan\w*|life expectancy|resolv\w*|relaps\w*|cured?|poor|guarded|favou?rable)\b/i;

/** What a sentence about treating says: a therapy, a drug, a procedure. */
const TREATING = /\b(?:(?<!\bheat[- ])treat\w*|therap\w*|diet\w*|manag\w*|weight loss|withdraw\w*|discontinu\w*|drugs?|medicat\w*|(?<!\b(?:human|veterinary|internal|preventive|preventative|comparative|evidence-based|clinical|conservation|zoo|equine|bovine|porcine|feline|canine|avian|exotic|shelter|herd|production|laboratory|sports|emergency|tropical|one)\s)medicines?|antibiotics?|antimicrobials?|antifungals?|antivirals?|anthelmintics?|antiparasitic\w*|administ\w*|dos(?:e|es|ed|age|ing)|mg\/kg|surg\w*|excis\w*|resect\w*|amputat\w*|supportive|fluids?|cure[ds]?|curative|regimens?|prescri\w*|inject\w*|infusions?|euthan\w*|soak\w*|baths?|moisten\w*|lubricat\w*|irrigat\w*|flush\w*|bandag\w*|splint\w*)\b/i;
/** What a sentence about preventing or controlling says. */
const PREVENTING = /\b(?:prevent\w*|control\w*|vaccin\w*|immuni[sz]\w*|prophyla\w*|biosecurity|hygiene|quarantin\w*|isolat\w*|disinfect\w*|eradicat\w*|cull\w*|avoid\w*|reduc\w*|minimi[sz]\w*|screen\w*|treat\w*)\b/i;

type CareAsked = { treating: boolean; preventing: boolean; vaccinating?: boolean };
/** What a sentence about vaccinating says. */
// (A farmer's "jab" is a vaccine: "is there a jab we can give the heifers?")
const VACCINATING = /\b(?:vaccin\w*|immuni[sz]\w*|bacterins?|toxoids?|jabs?)\b/i;
/** Treating, preventing or both; a follow-up that says neither ("what about in sheep?") takes either. */
export function careAsked(question: string): CareAsked {
  const treating = /\b(?:treat\w*|therap\w*|manag\w*|cure[ds]?)\b/i.test(question);
  const preventing = /\b(?:prevent\w*|control\w*)\b/i.test(question);
  // "Is there a vaccine for that one?" asks of a vaccine, not of control in general ("…if not controlled").
  if (!treating && !preventing && VACCINATING.test(question)) return { treating: false, preventing: false, vaccinating: true };
  return treating || preventing ? { treating, preventing: preventing || VACCINATING.test(question) } : { treating: true, preventing: true };
}

export function speaksOfCare(asks: CareAsked, sentence: string): boolean {
  if (asks.vaccinating) return VACCINATING.test(sentence);
  if (asks.preventing && PREVENTING.test(sentence)) return true;
  return asks.treating && (TREATING.test(sentence) || (sentence.match(/[\p{L}-]+/gu) ?? []).some(namesDrug));
}
