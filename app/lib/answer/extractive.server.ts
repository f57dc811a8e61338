import escapeStringRegexp from "escape-string-regexp";
import { memoByText } from "../memo.server";
import { isEnglishWord, tokenize, wordBefore, type QueryTerm } from "../search/index.server";
import { PageNumbering, PUBMED_FILE_TYPE } from "./citations";
import { quotableSentences, type QuoteKind } from "./quotes.server";
import { abbreviationsDefinedIn, careAsked, DIAGNOSING, dosedByAnotherRoute, holdsValue, HOW_DIAGNOSED, namedByQuestion, isEssay, isVirusAcronym, namesAnotherVirus, namesThing, ofAnotherVirusBefore, opensWithAnotherVirus, PROGNOSING, requiredNames, speaksOfCare } from "./coverage.server";
import { asksTypedValue, asksWhetherSpeciesGets, DRUG_CLASS, foundUpVerbs, HOW_IT_WORKS_ASKED, KILLS_THEM_ASKED, BODY_SITE_ATTRIBUTE, DISEASE_QUALIFIER, OPENS_WITH_PRONOUN, saysRoleAsked, definedAbbreviations, RISK_ASKED, DOSING_KINDS, namesDrug, namesGroupOfAsked, OF_THE_DISEASE, SEASON_WRITTEN, speciesMeantBy, HOSTS_ASKED, HOW_COMMON_ATTRIBUTE, INSTRUCTION_OPENING, isAskingTerm, isAttributeOf, isFindingAttribute, listAsked, namesHosts, namesAskedSpecies, otherSpeciesIn, speciesIn, speciesSpokenOf, statesList, suspectedDiagnosis, withoutHostsOfItsName, type AskedKind, type Frame } from "./frame";
import { coverage, holdsTerm, termWeight, textTerms, writesOtherwise } from "./relevance.server";
import type { NumberedPassage, PassageLike } from "./types";

/**
 * The built-in answerer for when no language model is configured or reachable: it quotes the
 * sentences of the passages that best answer the question, each with its citation marker, the
 * direct answer first when one sentence clearly answers. It never writes a word of its own about
 * the medicine: every sentence is the source's, so every citation supports its sentence.
 */

export type ExtractiveOptions = {
  /** Most sentences quoted (Think Harder: per section). */
  maxSentences?: number;
  /** Word budget for the quoted sentences (Think Harder: per section). */
  maxWords?: number;
};

/**
 * What the question asks, to choose the sentence that leads: the frame (species, typed value), the
 * terms the question names itself (a follow-up's carried words count half), and sentences already
 * quoted in the previous answer (a follow-up leads with what it asks, not with the last answer again).
 */
export type AnswerGuide = {
  frame: Frame;
  ownTerms: Set<string>;
  /** Terms of the clause that asks ("…which daily consumption best matches the reference range?"): a long stem's scenario is context. */
  askingTerms: Set<string>;
  alreadySaid: Set<string>;
  /** Chunks that carry the question's topic (coverage.server.ts), the one covering most of it first: the answer leads from them. */
  supporting: Set<number>;
};

type Sentence = {
  /** Cleaned for quoting (reference markers removed; a table row with its headers). */
  text: string;
  passage: number;
  /** The pages the sentence is printed on, and its printed label: what it is cited with. */
  pages: number[];
  pageLabel: string | null;
  /** Exactly as the passage has it: what the viewer highlights. */
  raw: string;
  /** Position in the passage, for reading order. */
  index: number;
  terms: ReadonlySet<string>;
  score: number;
  /** How many distinct words of the question it holds. */
  matched: number;
  /**
   * It does not lead while another sentence can: it names species, none of them the asked one; it gives a
   * dose or schedule without naming the asked drug; or, in a follow-up, its paragraph does not name the
   * subject carried from the question before.
   */
  notLead?: boolean;
  /** The previous answer quoted it: a follow-up may lead with it again when it answers, never repeat it below. */
  saidBefore?: boolean;
  /** It holds what is asked (a typed value, how it is diagnosed, the place, the spelled-out name): it may lead. */
  answersAsked?: boolean;
  /** Its paragraph names what the question names (its drug, pathogen, condition or abbreviation). */
  named?: boolean;
  /** In a follow-up carrying its subject, it holds a word the follow-up says itself, in a paragraph naming that subject. */
  ofCarriedSubject?: boolean;
  /** It names no species and gives the value asked where its paragraph names the asked species: it speaks of that species. */
  ofAskedSpecies?: boolean;
  /** The whole sentence right before it in its paragraph: what a pronoun it opens with points back at. */
  before?: Quoted & Pick<Sentence, "index">;
};
/** What quoting a sentence takes: its text, and where it is printed. */
type Quoted = Pick<Sentence, "text" | "passage" | "pages" | "pageLabel" | "raw">;

const DEFAULTS = { maxSentences: 5, maxWords: 170 } as const;
const MIN_WORDS = 4;
const MAX_WORDS = 90;
/** A sentence must carry at least this share of the question's weight to be quoted. */
const MIN_SENTENCE_COVERAGE = 0.2;
const MIN_SENTENCE_SHARE = 0.05;
/** The best sentence is "the direct answer" when it covers this much and clearly beats the next. */
const DIRECT_MIN = 0.55;
const DIRECT_LEAD = 1.2;
/** Questions about amounts prefer sentences with a number and a unit. */
const QUANTITY_QUESTION = /\b(dose|doses|dosage|dosing|how (much|many|long|often)|mg|ml|rate|frequency|interval|duration|concentration|amount|percent(age)?|prevalence|incidence)\b/i;
const QUANTITY = /\d(?:[\d.,]*)\s*(?:%|mg|µg|mcg|g|kg|ml|mL|l|iu|IU|units?|mmol|days?|hours?|h|weeks?|months?|years?|times)\b/;
const QUANTITY_BONUS = 0.15;
/** What a sentence may point back at: its paragraph's pathogen, disease or drug, or the molecule it describes. */
const POINTED_AT =
  "virus|viruses|disease|diseases|infection|infections|parasite|parasites|bacterium|bacteria|pathogen|pathogens|agent|agents|condition|syndrome|tumou?r|drug|drugs|vaccine|vaccines|strain|strains|serovars?|species|protein|proteins|cytokine|cytokines|chemokine|chemokines|enzyme|enzymes|molecule|molecules|peptide|peptides|hormone|hormones|receptor|receptors";
/**
 * A sentence that opens by pointing back at its paragraph's subject ("The virus…", "This disease…", "It…"), or does so after
 * saying where it holds ("In mammals, this small protein of approximately 8 kDa…").
 */
const ANAPHORIC_OPENING = new RegExp(
  String.raw`^(?:(?:The|This|These|Such|Both|Either|Each of the(?:se)?|Both of the(?:se)?) (?:${POINTED_AT})|It|They)\b|^In [\w-]+(?: [\w-]+)?, (?:this|these) (?:[a-z-]+ )?(?:${POINTED_AT})\b`,
);
/** With a frame: a sentence holding the asked typed value (a dose, a rate…) leads; one about another species does not. */
const TYPED_BONUS = 0.35;
/** How common a thing is, said of it: "FIP is relatively uncommon…", "…are rare in cats". */
const SAID_HOW_COMMON = /\b(?:is|are|was|were|remains?|seems?|appears?)\s+(?:(?:very|quite|fairly|relatively|rather|most|more|less|still|extremely|particularly)\s+)?(?:common|uncommon|rare|prevalent|frequent|infrequent|widespread|ubiquitous)\b/i;
const SPECIES_BONUS = 0.1;
const OTHER_SPECIES_PENALTY = 0.25;
/** A sentence whose paragraph names the question's pathogen or drug. */
const NAMES_BONUS = 0.15;
/**
 * What answers a kind of question that is not a typed value, for choosing the lead: clinical signs are
 * listed ("fever, depression, anorexia and …"), an organism is named by its binomial ("Boophilus
 * annulatus", "T. vivax"; not at the sentence's start, where any word is capitalised), a cause or
 * mechanism is said with a causal link ("the result of genetic mutations", "leading to", "due to").
 */
const CAUSAL = /\b(result(?:s|ed)? (?:of|from)|lead(?:s|ing)? to|due to|because|owing to|since (?:there (?:is|are)|it (?:is|has|lacks)|they (?:are|have|lack))|mutat\w+|arises?|gives? rise|responsible for|consequence of|risk factors?|predispos\w+|the cause|causes? (?:is|are|can be|include)|(?:common|frequent|usual|likely|main|major|primary|leading|important) causes? of|causative|a?etiolog\w*)\b/i;
/** A disease ranked among what kills: "the leading cause of death in young cats" says how deadly it is, not what causes it. */
const CAUSE_OF_DEATH = /\b(?:the\s+)?(?:most\s+)?(?:common|frequent|usual|main|major|primary|leading|important|significant)\s+causes?\s+of\s+(?:death|deaths|mortality|loss|losses|morbidity)\b/gi;
/** Deaths asked of ("what is the main cause of death in…?"): then a cause of death is what is asked. */
const DEATHS_ASKED = /\b(?:death|deaths|die|dies|dying|died|mortality|kill|kills|killing|fatal|losses)\b/i;
/** A sentence that speaks of dying. */
const DEATH_SAID = /\b(?:die|dies|died|dying|death|deaths|fatal|lethal|succumb\w*|kill\w*|mortality)\b/i;
/** "Which sequence…", "in what order…", "the causal chain by which…": steps in their order are asked. */
// (Not a taxon's order: "what order, family and genus is it in?")
const SEQUENCE_ASKED = /\b(?:which|what)\s+(?:is\s+the\s+)?sequence\b|\bin\s+(?:what|which)\s+order\b|\bwhat\s+is\s+the\s+order\s+(?:of|in\s+which)\b|\bcausal\s+chain\b|\bsequence\s+of\s+(?:steps|events)\b|\bstep[- ]by[- ]step\b/i;
/** Steps said in their order: "first separate in the epiblast … and then move down … and subsequently…", "followed by". */
const SEQUENCE_SAID = /\b(?:first|initially)\b[^.;]*\b(?:then|subsequently|afterwards|later|followed\s+by|finally)\b|\bsubsequently\b|\bfollowed\s+by\b|→/i;
/** How a drug acts: "by inhibiting urinary glucose reabsorption", "acts on GABA receptors", "binds to…". */
const ACTION_SAID = /\b(?:by\s+(?:inhibiting|blocking|binding|increasing|decreasing|reducing|preventing|stimulating|activating|suppressing|killing|disrupting|interfering|paralys\w+|paralyz\w+)|acts?\s+(?:by|on|as|against)|inhibit(?:s|ing|ion of)|block(?:s|ing|ade of)|binds?\s+to|mechanism of action|mode of action|agonist|antagonist)\b/i;
/** Which one causes most of it: "which germ is behind most…", "what usually causes…", "the main cause". */
const MOST_ASKED = /\b(?:behind|causes?|causing|responsible\s+for)\s+(?:the\s+)?most\b|\busually\s+(?:cause|causes|behind|responsible)\b|\b(?:main|commonest|most\s+common|usual|predominant|major)\s+(?:cause|culprit|germ|bug|pathogen|organism|agent)\b/i;
/** A sentence naming the cause of most of it. */
const MAIN_CAUSE_SAID = /\b(?:predominant|main|major|principal|leading|primary|commonest|most\s+common|most\s+frequent|usual)\s+(?:causes?|causative\s+agents?|agents?|pathogens?|organisms?)\b/i;
// ("What makes a cat more likely to turn up positive?" asks the risk factors.)
const RISK_SAID = /\b(?:risk factors?|predispos\w+|(?:increased|higher|greater) risk|at risk)\b/i;
const LEAD_VALUE: Partial<Record<AskedKind, (sentence: string, frame: Frame, question: string) => boolean>> = {
  // "What does FIP stand for?": the sentence that spells it out ("feline infectious peritonitis (FIP)").
  // "What even is scrapie?": the sentence that says what kind of thing it is ("Classical scrapie is a … fatal
  // neurodegenerative disease of sheep and goats").
  // ("People keep calling pigs 'mixing vessels' for flu - what does that mean?": the sentence that quotes the term too.)
  definition: (s, frame, question) =>
    (frame.acronyms.length > 0 && definedAbbreviations(s).some((d) => frame.acronyms.includes(d.abbreviation))) ||
    [...frame.conditions, ...frame.pathogens].some((name) => saysWhatItIs(name, s)) ||
    frame.topic.some((word) => definesInQuotes(word, s)) ||
    quotedTerms(question).some((term) => new RegExp(String.raw`['‘"“]${escapeStringRegexp(term)}['’"”]`, "i").test(s)),
  signs: (s) => /\b(signs?|symptoms?|present(?:s|ed)? with|characteri[sz]ed by|manifest\w*)\b/i.test(s) && (s.match(/,|\band\b/g) ?? []).length >= 2,
  // "What are the risk factors…?": the sentence that names them, not one on what the disease leads to.
  // (Not what a disease leads among as a killer, "it is the leading cause of death in young cats", unless deaths are asked.)
  // ("What ends up killing them?": a cause said of their dying, "…die within 1 to 3 years … due to all the pathologies…".)
  // ("How do they work?": the sentence that says how they act, "…facilitate urinary glucose excretion by inhibiting…".)
  cause: (s, _frame, question) =>
    RISK_ASKED.test(question) ? RISK_SAID.test(s) : HOW_IT_WORKS_ASKED.test(question) ? ACTION_SAID.test(s) : KILLS_THEM_ASKED.test(question) ? DEATH_SAID.test(s) && CAUSAL.test(s) && !RISK_SAID.test(s) : CAUSAL.test(DEATHS_ASKED.test(question) ? s : s.replace(CAUSE_OF_DEATH, " ")),
  // "How is goat pox told apart from sheep pox?": the sentence that distinguishes or contrasts them.
  comparison: (s) => /\b(?:distinguish\w*|differentiat\w*|differ(?:s|ed|ence|ences|ent)?|whereas|unlike|in contrast|compared|similar(?:ly)?|indistinguishable)\b/i.test(s),
  // "How is it diagnosed?": the sentence that says how ("Diagnosis of EMS is based partly on…"). "Which diagnosis
  // fits?" asks for a disease's name instead.
  diagnosis: (s, _frame, question) => HOW_DIAGNOSED.test(question) && DIAGNOSING.test(s),
  // "Where…": a place or a distribution ("more common in some parts of Europe", "endemic in", "worldwide"), or a
  // site in the body ("harbours in the abomasum", "is generated in the bursa", "the most common site for blood
  // collection"). (Not an anatomical region: "along the cervical region" says where an organ runs.)
  // (Or where it builds up: "PrPSc progressively accumulates in peripheral lymphoid tissues and the brain"; not "the
  // accumulation of an abnormal isoform", which says what builds up.)
  location: (s) =>
    /\b(?:located|found|harbou?r(?:s|ed)?|lives?|resides?|inhabits?|lodge[sd]?|situated|localized|localised|generated|produced|synthesi[sz]ed|formed|stored|secreted|replicates?|takes? place)\s+(?:mainly\s+|mostly\s+|primarily\s+)?(?:in|within|inside|on)\s+the\b|\b(?:sites?|spots?)\s+(?:for|of)\b/i.test(s) ||
    /\b(?:accumulat(?:es|ed|ing)|deposited|builds? up|built up|concentrat(?:es|ed))\s+(?:\w+\s+){0,2}?(?:in|within|inside)\s+(?:the\s+)?\w+/i.test(s) ||
    /\b(?:in|across|throughout|from)\s+(?:(?:some|many|most|parts?|areas?|regions?|of|the|southern|northern|eastern|western|central)\s+){0,4}\p{Lu}\p{Ll}{2,}|\b(?:endemic|enzootic|distribut\w+|worldwide|continents?|countries)\b|\b(?:in|across|throughout)\s+(?:(?:many|several|some|most|all|the|tropical|temperate|endemic|other)\s+){0,2}regions?\b/u.test(s),
  season: (s) => SEASON_WRITTEN.test(s),
  // "Prognosis?": the sentence on how it ends ("…fatal in 91% of untreated pups", "the prognosis is poor").
  prognosis: (s) => PROGNOSING.test(s),
  // (Not a list of who is at risk: "Common risk factors are … outdoor contact with … cat communities" says who gets it.)
  transmission: (s, _frame, question) => TRANSMITTING.test(s) && (RISK_ASKED.test(question) || !RISK_SAID.test(s)),
  // "Anything we can treat them with?": the sentence on treating it ("There is no specific treatment for BTV").
  treatment: (s, _frame, question) => speaksOfCare(careAsked(question), s),
  // (A binomial other than the question's own: "What is the bacterium living inside Dirofilaria immitis?" is not answered by
  // "…the adult D. immitis worms are located in the pulmonary arteries".)
  organism: (s, frame) =>
    [...s.matchAll(/\b[A-Z]\.\s?[a-z]{3,}\b|(?<=\S\s+)\b[A-Z][a-z]{2,}\s+[a-z]{3,}(?:us|um|a|ae|i|ii|is|es|ensis|ata|alis|oides)\b/g)].some((m) => !frame.pathogens.some((p) => namesThing(p, m[0]))) ||
    // (At the start too, where its species name is no English word: "Staphylococcus pseudintermedius is a commensal bacterium…".)
    (binomialOpening(s) && !frame.pathogens.some((p) => namesThing(p, s.split(/\s+/).slice(0, 2).join(" ")))) ||
    // "…transmitted by triatomine vectors of the order Hemiptera": the vector named without a binomial.
    /\b(?:transmitted|spread|carried) by\b/i.test(s),
};
/** A sentence that opens with a binomial: a capitalised genus, then a Latin epithet no English dictionary holds. */
function binomialOpening(sentence: string): boolean {
  const m = /^[A-Z][a-z]{2,}\s+([a-z]{3,}(?:us|um|a|ae|i|ii|is|es|ensis|ata|alis|oides))\b/.exec(sentence);
  return m !== null && !isEnglishWord(m[1]!);
}
/** Terms of a few words a question quotes ("calling pigs 'mixing vessels'"), as written. */
const quotedTerms = (question: string) => [...question.matchAll(/(?:^|[\s(])['‘"“]([\p{L}-]+(?:\s+[\p{L}-]+){0,3})['’"”]/gu)].map((m) => m[1]!);
/** A term a sentence quotes and then explains: 'Many cats develop a "regressive infection", in which the immune response…'. */
function definesInQuotes(word: string, sentence: string): boolean {
  return new RegExp(String.raw`["“‘][^"”’]*\b${escapeStringRegexp(word)}\w*[^"”’]*["”’],?\s+(?:in which|where|which (?:is|means)|that is|i\.e\.|meaning|defined as)\b`, "i").test(sentence);
}
/** Whether a sentence says what kind of thing a disease or pathogen is: "Classical scrapie is a … neurodegenerative disease". */
function saysWhatItIs(name: string, sentence: string): boolean {
  const kind = String.raw`(?:disease|diseases|infection|infections|condition|disorder|syndrome|virus|bacterium|pathogen|parasite|illness|zoonosis|encephalopathy)`;
  return new RegExp(String.raw`\b${escapeStringRegexp(name)}\b(?:\s*\([^)]*\))?\s+(?:is|are)\s+(?:an?|the)\s+(?:[\w-]+,?\s+){0,6}?${kind}\b`, "i").test(sentence);
}
/**
 * How an infection passes: "by inhalation of aerosols", "through contact with", "via ingestion", "transmitted by ticks"
 * (not how it spreads within the body: "spreading to target tissues"). Or to what other animals: "the potential to infect
 * other avian species", "spillover from poultry".
 */
const TRANSMITTING =
  /\b(?:transmi\w+|contagious|spread\w*\b(?!\s+(?:of\s+the\s+virus\s+is\s+produced|(?:to|into|through(?:out)?|within)\s+(?:the\s+)?(?:target\s+)?(?:tissues?|organs?|cells?|bone|marrow|lymph\w*|blood(?:stream)?|body|brain|liver|spleen|kidneys?|intestin\w*)))|cross-?over infections?|cross[- ]infections?|inhal\w*\b(?!\s+(?:an?\s+)?(?:foreign|grass|seeds?|awns?|objects?))|ingest\w*\b(?!\s+(?:an?\s+)?(?:foreign|objects?))|aerosols?|droplets?|(?:direct |close )?contact with|fomites?|vectors?|bites?|f(?:a)?ecal-oral|oral route|respiratory route|route of (?:infection|transmission)|acquired (?:by|through|via|from)|infected (?:by|through|via) |infect\w*\s+other\s+(?:[\w-]+\s+)?(?:species|animals|hosts|birds|mammals)\b|spill-?overs?\b|cross-species\b)/i;
const LEAD_VALUE_BONUS = 0.25;
/** An instruction's sentence from the supporting passage that covers most of the question. */
const ESSAY_SOURCE_BONUS = 0.3;
/** A sentence of a passage that carries the question's topic (not only some of its words). */
const SUPPORTING_BONUS = 0.15;
/** The question's species and named things weigh this much in choosing among the topic's sentences. */
const TOPICAL_WEIGHT = 0.5;

/** Index terms of the question's species words and named things (drugs, pathogens, conditions, proper nouns). */
function topicalTerms(question: string, frame: Frame): Set<string> {
  const named = [...frame.drugs, ...frame.pathogens, ...frame.conditions, ...frame.names];
  return new Set(tokenize([...speciesIn(question).words, ...named].join(" ")));
}

/** Words carried over from the previous question weigh this much in a follow-up's sentence choice. */
const CARRIED_WEIGHT = 0.5;
/** The topic words a follow-up must name of its own (its rarest ones) for its carried ones not to be asked of the lead's paragraph. */
const MIN_OWN_TOPIC = 2;
/** A sentence the previous answer already gave (a follow-up leads with something new when it can). */
const ALREADY_SAID_FACTOR = 0.75;
/** How much the asking clause's words count in choosing sentences, against all the question's words. */
const ASKING_SHARE = 0.5;
/**
 * After the lead, how much a sentence's share of new question words (not held by the sentences already
 * chosen) counts against its score: a question of several parts gets each part early, not the lead's
 * point again in other words.
 */
const NOVELTY_WEIGHT = 0.75;
/** A sentence holding what is asked leads when its score is at least this share of the best one's. */
const ANSWERING_LEAD_SHARE = 0.5;
/** Kinds whose lead value says the asked thing itself (not merely a causal link or a list). */
const ANSWERING_KINDS: ReadonlySet<AskedKind> = new Set(["definition", "diagnosis", "location", "season", "transmission"]);
/** The weight of a sentence's coverage by words rare among the candidates (added to its score). */
const LOCAL_RARITY_SHARE = 1.0;

const wordCount = (s: string) => s.split(/\s+/).filter(Boolean).length;

/**
 * Quoted text must stay text: markdown syntax at a line start would restyle it, and brackets would
 * read as citation markers ("[12]" in a paper is its reference 12, not our passage 12).
 */
export function quoteInline(text: string): string {
  return text
    .replace(/\s+/g, " ")
    .replace(/([\\`*_[\]<>|])/g, "\\$1")
    .replace(/^(#{1,6}\s|[-+]\s|\d+[.)]\s|>)/, "\\$1")
    .trim();
}

function overlap(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let shared = 0;
  for (const t of a) if (b.has(t)) shared++;
  return shared / Math.max(1, Math.min(a.size, b.size));
}

/**
 * Does a paragraph name a subject, as written, by a genus's initial ("B. ovis" names Babesia) or the disease named after
 * the genus ("ovine babesiosis"), or by an abbreviation its document defines with the subject's words ("NDV" names
 * Newcastle disease when "Newcastle disease virus (NDV)" is defined)?
 */
function namesSubject(subject: string, paragraph: string, abbreviations: Array<readonly [string, string[]]>): boolean {
  if (namesThing(subject, paragraph)) return true;
  if (/^\p{Lu}\p{Ll}{3,}$/u.test(subject)) {
    const stem = subject.toLowerCase().replace(/(?:um|us|a|e)$/, "");
    if (new RegExp(`\\b${subject[0]}\\.\\s?\\p{Ll}{3,}`, "u").test(paragraph) || new RegExp(`\\b${stem}(?:osis|oses|iasis|iases)\\b`, "i").test(paragraph)) return true;
  }
  const own = tokenize(subject);
  return abbreviations.some(([abbreviation, words]) => own.every((t) => words.includes(t)) && namesThing(abbreviation, paragraph));
}

/**
 * Does a paragraph name a subject by a one-word synonym search read it with, an abbreviated binomial among them
 * ("heartworm": "dirofilariasis", "D. immitis")? (Not by a synonym of several words, whose words may each be written
 * about something else: "tick fever" in a paragraph on African swine fever and ticks.)
 */
function namesBySynonymWord(subject: string, paragraph: string, terms: QueryTerm[]): boolean {
  const own = tokenize(subject);
  if (!own.length) return false;
  const held = textTerms(paragraph);
  const oneWord = (term: string) => (terms.find((t) => t.term === term)?.alternatives ?? []).filter((a) => a.length === 1).map((a) => a[0]!);
  if (own.length === 1) return oneWord(own[0]!).some((word) => held.has(word));
  // (A disease's name of several words by a one-word name of the whole, none of its own words, its organism's short form
  // nor an abbreviation: "milk fever" by "hypocalcaemia", not "pullorum disease" by "S. pullorum". Not an organism's: a
  // paragraph on heartworm in cats does not name "Dirofilaria immitis".)
  if (/^\p{Lu}\p{Ll}+\s+\p{Ll}+$/u.test(subject)) return false;
  return oneWord(own[0]!).some((word) => /^\p{Ll}{6,}$/u.test(word) && !own.includes(word) && own.every((t) => oneWord(t).includes(word)) && held.has(word));
}

export const sentenceKey = (text: string) => text.toLowerCase().replace(/\s+/g, " ").trim();

/** What an answer quotes: whole sentences and table rows; never captions, fragments or text written to a model. */
const QUOTED_KINDS: ReadonlySet<QuoteKind> = new Set(["sentence", "row"]);

/** Sentences this thread remembers the words and species of: the same passages come back question after question. */
const REMEMBERED_SENTENCES = 2000;
/** Most sentences name no species: they share one reading of that (a reading holds five sets). */
const NO_SPECIES = speciesIn("");
const readSentence = memoByText(REMEMBERED_SENTENCES, (text) => {
  const species = speciesSpokenOf(text);
  const none = !species.order.length && !species.words.size && !species.diseases.length && !species.young;
  // A cross-reference ("(see also Chapter 5, occult blood)") says where else to read, not what the sentence says.
  const read = text.replace(CROSS_REFERENCE, " ");
  // (With the abbreviated binomials it writes: "H. contortus" is the barber's pole worm a question names.)
  return { terms: textTerms(read), species: none ? NO_SPECIES : species };
});
/**
 * A virus's abbreviation: a capital, then letters, ending in V ("FIV", "FeLV", "BVDV", "FCoV"). (Roman numerals look like
 * one: "genotype XIV".)
 */
const CROSS_REFERENCE = /\(\s*(?:see|cf\.?|compare)\b[^()]*\)/gi;

/** Prefixes that negate a word written joined to it ("nonenveloped", "unvaccinated"), and the shortest stem they negate. */
const NEGATING_PREFIXES = ["non", "un"];
const MIN_NEGATED_STEM = 5;

/** "Carried out", "carry out": done, which is no carrying of a disease. */
const CARRIED_OUT = /\bcarr(?:y|ies|ied|ying)\s+out\b/i;
/** "Carry" said otherwise in the same sentence. */
const CARRIED_NOT_OUT = /\bcarr(?:y|ies|ied|ying)\b(?!\s+out\b)/i;
const CARRY_TERM = tokenize("carry")[0]!;

/** Words that only stress a question ("actually", "really"). */
const STRESS_TERMS = tokenize("actually really basically literally honestly truly");

/**
 * Abbreviations with the index terms of what they stand for, one made on another standing for that one's words too: "ASF
 * virus (ASFV)" after "African swine fever (ASF)" is African swine fever's virus.
 */
function chained(definitions: ReadonlyArray<readonly [string, string[]]>): Array<readonly [string, string[]]> {
  const wordsOf = new Map(definitions.map(([abbreviation, words]) => [tokenize(abbreviation).join(" "), words] as const));
  return definitions.map(([abbreviation, words]) => {
    const own = tokenize(abbreviation).join(" ");
    return [abbreviation, words.flatMap((w) => (w !== own && wordsOf.has(w) ? [...wordsOf.get(w)!, w] : [w]))] as const;
  });
}

/**
 * A virus the question names in words, by the abbreviation a passage defines for it: "chicken anaemia virus" is the
 * "Chicken infectious anemia virus (CIAV)" of its passage, so "…natural reservoirs or carriers of NDV" is about another.
 */
function virusesNamedInWords(question: string, passages: NumberedPassage<PassageLike>[]): string[] {
  // (Any tail of the words before "virus" of two words or more: "…said chicken anaemia virus".)
  // (Not a tail past the word that tells the disease from another of its name: "swine fever" of "African swine fever" is
  // classical swine fever's too.)
  const named = [...question.matchAll(/\b((?:[\p{L}-]+\s+){1,3})virus\b/giu)].flatMap((m) => {
    const written = m[1]!.trim().split(/\s+/);
    const words = tokenize(m[1]!);
    return written
      .map((_, i) => tokenize(written.slice(i).join(" ")))
      .filter((tail, i) => tail.length > 0 && tail.length >= Math.min(2, words.length) && !(i > 0 && DISEASE_QUALIFIER.test(written[i - 1]!.toLowerCase())));
  });
  if (!named.length) return [];
  const found = new Set<string>();
  const definitions = chained(passages.flatMap((p) => definedAbbreviations(p.text).map((a) => [a.abbreviation, tokenize(a.words.join(" "))] as const)));
  for (const [abbreviation, words] of definitions) {
    if (!isVirusAcronym(abbreviation)) continue;
    const defined = new Set(words);
    if (named.some((asked) => asked.every((t) => defined.has(t)))) found.add(abbreviation);
  }
  return [...found];
}

function sentencesOf(passages: NumberedPassage<PassageLike>[], terms: QueryTerm[], question: string, guide?: AnswerGuide): Sentence[] {
  const wantsQuantity = QUANTITY_QUESTION.test(question);
  // (A type's label, "genotype II", is what coverage checks the passages hold; it does not choose sentences: other
  // viruses' genotypes, "PCV2F becomes the predominant genotype…", would crowd an answer on swine HEV.)
  const typed = guide ? guide.frame.asked.filter((k) => asksTypedValue(k, guide.frame.attribute) && k !== "type") : [];
  const list = guide ? listAsked(question) : null;
  // The asked attribute's own terms ("mortality"), when it names one a typed value is of.
  const attribute = guide?.frame.attribute ?? null;
  // (A place on the body is said by the region's name, not the words "body site".)
  const attributeTerms = attribute && attribute !== BODY_SITE_ATTRIBUTE && typed.some((k) => isAttributeOf(k, attribute)) && !isFindingAttribute(attribute) ? tokenize(attribute) : [];
  const hostsAsked = Boolean(guide) && HOSTS_ASKED.test(question);
  const sequenceAsked = Boolean(guide) && SEQUENCE_ASKED.test(question);
  // The hosts whose word names the question's own virus, asked of another species ("Can bovine papillomavirus infect
  // horses?"): in "…are bovine PV types 1, 2, and 13" that word names the virus, not cattle spoken of.
  const subjectHosts = guide ? speciesIn(question, { asked: true }).hosts.filter((id) => !guide.frame.species.includes(id)) : [];
  // The passages are about the question's topic already: its species and named things count less in
  // choosing among their sentences than the words that say what is asked ("clinical signs", "dose").
  const topical = guide ? topicalTerms(question, guide.frame) : new Set<string>();
  // "How long…", "how many…", "how often…": the typed value answers them; a sentence saying "long" does not.
  const howWords = tokenize([...question.matchAll(/\bhow\s+(long|many|much|often|soon|far)\b/gi)].map((m) => m[1]).join(" "));
  // (Nor do words that only stress the question: "what does that actually mean?" is not answered by "…there may actually be
  // more than 20".)
  // (Nor the verb of "turn up", "show up", "end up": "where do the lesions normally turn up at the abattoir?" asks where
  // they are found, not answered by "…they can turn into malignant tumours".)
  const phrasal = tokenize(foundUpVerbs(question).join(" "));
  const unasked = new Set([...howWords, ...STRESS_TERMS, ...phrasal]);
  // (A question that carries, not one that asks how something is carried out.)
  const carryUnasked = !CARRIED_OUT.test(question);
  const askedTerms = terms.some((t) => !unasked.has(t.term)) ? terms.filter((t) => !unasked.has(t.term)) : terms;
  // A word for the species that no passage writes, a breed's ("Labrador"), is held by every sentence naming the species:
  // it weighs as a species word the passages write ("turkeys" beside "drakes"), or else as the question's middling written
  // word, not as a word the knowledge base lacks (which would lead with any sentence on dogs, "Copper accumulates in the
  // liver of dogs…", over the mast cell tumour asked of).
  const namedSpecies = guide ? new Set([...speciesIn(question).words].flatMap((w) => tokenize(w))) : new Set<string>();
  const writtenSpecies = askedTerms.filter((t) => t.df > 0 && namedSpecies.has(t.term)).map(termWeight);
  const written = askedTerms.filter((t) => t.df > 0 && !namedSpecies.has(t.term)).map(termWeight).sort((a, b) => a - b);
  const capWeight = writtenSpecies.length ? Math.max(...writtenSpecies) : written.length ? written[Math.floor(written.length / 2)]! : 0;
  const asked = askedTerms.map((t) => (t.df === 0 && namedSpecies.has(t.term) && capWeight > 0 && termWeight(t) > capWeight ? { ...t, weight: (t.weight * capWeight) / termWeight(t) } : t));
  const weighted = guide
    ? asked.map((t) => {
        const w = (guide.ownTerms.has(t.term) ? 1 : CARRIED_WEIGHT) * (topical.has(t.term) ? TOPICAL_WEIGHT : 1);
        return w === 1 ? t : { ...t, weight: t.weight * w };
      })
    : asked;
  const asksSpecies = guide && (guide.frame.species.length > 0 || guide.frame.groups.length > 0);
  // (A diagnosis put forward for a case in an animal asks that too: "…our young tigers have tongue ulcers and runny eyes.
  // Could this be calicivirus?" is answered first by "Cats, tigers, cheetahs and other wild felines are susceptible".)
  // (A pathogen or disease the question names, not a word a follow-up carries nor an adjective: "Vet said it's 'metabolic'".)
  const putForward = guide && !guide.frame.inherited.length ? suspectedDiagnosis(question) : null;
  const diseaseNamed = new Set(tokenize([...(guide?.frame.pathogens ?? []), ...(guide?.frame.conditions ?? []).filter((c) => /\s/.test(c.trim())), ...(guide?.frame.acronyms ?? [])].join(" ")));
  const speciesGetsAsked = Boolean(asksSpecies) && (asksWhetherSpeciesGets(question) || (putForward !== null && tokenize(putForward).some((t) => diseaseNamed.has(t))));
  const asking = guide ? weighted.filter((t) => guide.askingTerms.has(t.term)) : [];
  const out: Sentence[] = [];
  // The question's condition counts too: a sentence whose paragraph names "gingivostomatitis" is about it. (Not beside
  // its pathogen: "C. diff colitis" is about C. difficile in a paragraph that calls the disease CDAD.)
  // (Not a place when where is asked: "where is it a problem at the moment - should we worry here in Europe?" after PPR is
  // about PPR, not answered by "Ovine babesiosis … occurs in small ruminants in many European … countries".)
  const askedPlaces = guide?.frame.asked.includes("location") ? (guide.frame.places ?? []) : [];
  const required = guide ? [...requiredNames(guide.frame).filter((n) => !askedPlaces.includes(n)), ...(guide.frame.pathogens.length ? [] : guide.frame.conditions)] : [];
  // An abbreviation is the subject when it is all the question names ("the incubation of RHDV2 in rabbits").
  const names = required.length || !guide ? required : guide.frame.acronyms;
  // A virus's abbreviation names what the answer is about: "FeLV positive… what does that mean for her long term?" does
  // not lead with "Sperm cryopreservation allows for a long-term preservation…" from a paragraph that never names FeLV.
  // (Not any abbreviation: "BMI screening" is about screening, and "Hb vs Mb" are written out in full.)
  const subjectAbbreviations = required.length ? [] : names.filter(isVirusAcronym);
  // A follow-up's subject is carried, not typed: it weighs little in search, so a passage about something
  // else that shares the new words ("sheep") must not lead.
  const nameTerms = tokenize(names.join(" "));
  const subjectCarried = names.length > 0 && Boolean(guide?.frame.inherited.some((k) => k === "drugs" || k === "pathogens" || k === "conditions" || k === "names" || k === "acronyms"));
  /** The words the question says itself (a follow-up's, not those it carries). */
  const questionWords = new Set(tokenize(question));
  // The question's own subject (its drug, pathogen or condition): "What ticks transmit African swine fever?" does not
  // lead with "Ovine babesiosis… transmitted by ixodid ticks" from a paragraph that never names it.
  // (Or, naming none of those, its other names: "What does Fasciola actually do to cattle?" does not lead with a sentence on
  // bovine papillomaviruses from the paragraph before.)
  const namedSubjects = guide ? [...guide.frame.drugs, ...guide.frame.pathogens, ...guide.frame.conditions] : [];
  const subjects = namedSubjects.length || !guide ? namedSubjects : guide.frame.names;
  // (Each subject where a word could stand before it; that word is read backwards from it.)
  const subjectNamed = subjects.map((n) => new RegExp(`(?<=\\s)${escapeStringRegexp(n)}\\b`, "giu"));
  // A subject carried only as topic words ("heartworm", which no vocabulary names): "Can people get it?" must not
  // lead with a sentence about people from a paragraph that says nothing of heartworm.
  // (Only when no name says the subject: "can dogs pick it up?" after "what age kittens does FCV mainly affect?" is
  // about FCV, not about "age".)
  // (A case's signs are carried as its topic: "and in cats?" after "…brings his food back up… getting skinny".)
  const carriedWords = guide ? [...(guide.frame.inherited.includes("topic") ? guide.frame.topic : []), ...(guide.frame.inherited.includes("signs") ? guide.frame.signs : [])] : [];
  // (Carried: not the follow-up's own words, "what exercises?" after "…why bother with core work?" carries "core".)
  const ownWords = new Set(tokenize(question));
  // (But a word it points back to is carried: "Why doesn't blocking those nerves knock out sympathetic function…?" after
  // "Which nerves am I blocking…?" asks of those nerves.)
  const pointedBack = new Set(tokenize([...question.matchAll(/\b(?:those|these|the same)\s+(\p{L}[\p{L}-]*)/giu)].map((m) => m[1]!).join(" ")));
  const carriedTopic = !names.length && carriedWords.length ? terms.filter((t) => (!ownWords.has(t.term) || pointedBack.has(t.term)) && carriedWords.some((w) => tokenize(w).includes(t.term))) : [];
  // (Nor of a paragraph holding every topic word the follow-up names of its own, two at least: "what saddle pressure is
  // considered too much?" after "How common is back trouble in sport horses?" is answered by a paragraph on saddle pressure
  // that never says "sport"; "do they suck blood?" after lice is not answered by one on blood that never names them.)
  // (Its rarest two: "considered" says little of what a paragraph is about.)
  const ownTopicTerms = terms
    .filter((t) => ownWords.has(t.term) && t.df > 0 && !isAskingTerm(t.term) && !speciesIn(t.term).species.size)
    .sort((a, b) => a.df - b.df)
    .slice(0, MIN_OWN_TOPIC);
  // Likewise its species: "what about flubendazole?" after a question about pigs asks about pigs without saying so.
  const speciesCarried = Boolean(guide?.frame.inherited.includes("species"));
  const dosingDrugs = guide?.frame.asked.some((k) => DOSING_KINDS.has(k)) ? guide.frame.drugs : [];
  // "Explain how…", "Describe…": an account, best begun from the one passage that covers most of what it asks.
  const essay = isEssay(question);
  const essaySource = guide && INSTRUCTION_OPENING.test(question) ? [...guide.supporting][0] : undefined;
  // "Do cattle spread it to people?": a sentence on "bovines" and "human schistosomiasis" holds the question's species words.
  // (And "Do they live off the bird at all?" by one on chickens: where the question names no species, a group's word that
  // points at the asker's animals, "the bird", "my birds", by a sentence naming one of its members. Not "wild bird
  // reservoirs", a kind of bird.)
  const pointsAtAnimal = (word: string) => !guide?.frame.species.length && new RegExp(String.raw`\b(?:the|my|our|his|her|their|your)\s+${escapeStringRegexp(word)}\b`, "i").test(question);
  const speciesWords = guide ? [...speciesIn(question).words].map((w) => ({ ids: pointsAtAnimal(w) ? speciesMeantBy(w) : [...speciesIn(w).species], terms: tokenize(w) })) : [];
  // Subtypes asked for by a hyphenated abbreviation ("FeLV-B"), with the pattern of its siblings ("FeLV-A", "FeLV-C").
  const subtypes = (guide?.frame.acronyms ?? []).flatMap((a) => {
    const m = /^(.+)-[A-Z0-9]{1,4}$/.exec(a);
    return m ? [[a, new RegExp(`\\b${escapeStringRegexp(m[1]!)}-[A-Z0-9]{1,4}\\b`)] as const] : [];
  });
  // A virus asked for by its abbreviation ("FIV"): a sentence naming only another virus's ("FeLV-infected cats die within
  // 1 to 3 years after the initial diagnosis") is about that one, though its paragraph names both.
  // (A disease asked by its abbreviation, "FIP", by it or by its virus's, "FIPV": "Virulent, systemic FCV is associated
  // with … a mortality rate as high as 67%" is no outlook for FIP.)
  // (Only where the passages write that virus's abbreviation: "URT" names no "URTV".)
  const writesVirusOf = (a: string) => passages.some((p) => new RegExp(`\\b${escapeStringRegexp(a)}V\\b`).test(p.text));
  const askedViruses = [
    ...(guide?.frame.acronyms ?? []).flatMap((a) => (isVirusAcronym(a) ? [a] : /^[A-Z]{2,5}$/.test(a) && writesVirusOf(a) ? [a, `${a}V`] : [])),
    ...(guide ? virusesNamedInWords(question, passages) : []),
  ];
  // (A virus the question names in another form, "PPMV-1", is not another virus.)
  const ownViruses = new Set((guide?.frame.acronyms ?? []).flatMap((a) => a.split(/[^\p{L}]+/u)).filter(isVirusAcronym));
  // (Or one that opens with another virus, whatever it names after it: "CSFV is genetically and serologically related to
  // other pestiviruses, including … (BVDV)-1" is about CSFV.)
  const opensWithOtherVirus = (text: string) => opensWithAnotherVirus(text, askedViruses, ownViruses);
  // (Or, asked of a virus by its disease's name, one naming another virus by its own and not the asked one: "…the
  // human-associated GII.4 genotype in swine … a reservoir of norovirus" for "porcine hepatitis E virus". A genus,
  // "Orthohepevirus", is written capitalised and names no other virus.)
  const askedByName = guide && /\bvirus\b/i.test(question) ? [...guide.frame.conditions, ...guide.frame.pathogens] : [];
  const virusWordsAsked = new Set((question.match(/\p{L}+virus(?:es)?\b/giu) ?? []).map((w) => w.toLowerCase()));
  // (Nor the family its passage puts the asked one in: "The replicative complex of paramyxoviruses…" where the passage says
  // "CDV belongs to … the family Paramyxoviridae".)
  const familyIn = (word: string, passage: string) => /virus(?:es)$/i.test(word) && new RegExp(String.raw`\b${escapeStringRegexp(word.replace(/virus(?:es)$/i, ""))}viridae\b`, "i").test(passage);
  const namesOtherVirusByName = (text: string, passage: string) =>
    askedByName.length > 0 &&
    (text.match(/\b\p{Ll}{3,}virus(?:es)?\b/gu) ?? []).some((w) => !virusWordsAsked.has(w.toLowerCase()) && !familyIn(w, passage)) &&
    !askedByName.some((n) => namesThing(n, text));
  const namesOtherVirus = (text: string, passage: string) => namesAnotherVirus(text, askedViruses, ownViruses) || opensWithOtherVirus(text) || namesOtherVirusByName(text, passage);
  // The question's topic words as search terms (their synonyms with them).
  const topicStems = new Set(tokenize([...(guide?.frame.topic ?? []), ...(guide?.frame.signs ?? [])].join(" ")));
  const topic = terms.filter((t) => topicStems.has(t.term));
  // A question that names nothing and carries nothing is about its own words: "What sort of foot problems usually cause
  // that?" does not lead with "…megaesophagus is the most common cause of regurgitation in the dog" from a paragraph
  // that holds none of them.
  // (Its words as searched, the clinical words for its signs with them, without its species and asking words.)
  const speciesTerms = new Set(speciesWords.flatMap((w) => w.terms));
  const ownTopic = guide && !subjects.length && !names.length && !guide.frame.inherited.length ? terms.filter((t) => !speciesTerms.has(t.term) && !isAskingTerm(t.term)) : [];
  const binomials = (guide?.frame.pathogens ?? []).filter((n) => /^\p{Lu}\p{Ll}+\s+\p{Ll}{3,}$/u.test(n)).map((n) => [n, tokenize(n)] as const);
  // An abbreviation its document defines stands for its words: "CPV-2 infections … 91% in untreated pups" is about
  // canine parvovirus when the sentence before says "Canine parvovirus type 2 (CPV-2)", and so is a passage after it.
  const definedIn = new Map<string, Array<readonly [string, string[]]>>();
  if (guide) {
    for (const p of passages) {
      const known = definedIn.get(p.documentId) ?? [];
      for (const a of abbreviationsDefinedIn(`${p.lead ?? ""} ${p.text}`)) if (!known.some(([abbreviation]) => abbreviation === a.abbreviation)) known.push([a.abbreviation, tokenize(a.words.join(" "))]);
      definedIn.set(p.documentId, known);
    }
    for (const [documentId, known] of definedIn) definedIn.set(documentId, chained(known));
  }
  for (const p of passages) {
    const units = quotableSentences({ ...p, layout: p.layout ?? null }).filter((q) => QUOTED_KINDS.has(q.kind));
    const abbreviations = definedIn.get(p.documentId) ?? [];
    const abbreviationTerms = new Map(abbreviations);
    // A sentence whose paragraph names the question's pathogen or drug is about it; a neighbour's is not.
    // Likewise for the asked species: "Small group treatment may be carried out by in-water medication of
    // flubendazole…" is about pigs when its paragraph is.
    /** The question's subject named with another animal's word before it: "Ovine babesiosis" for a question on cattle. */
    const subjectOfOtherHost = (paragraph: string) =>
      subjectNamed.some((named) =>
        [...paragraph.matchAll(named)].some((m) => {
          const hosts = [...speciesIn(wordBefore(paragraph, m.index, HOST_WORD_PART)).species];
          return hosts.length > 0 && hosts.every((id) => !guide!.frame.species.includes(id));
        }),
      );
    const paragraphs = new Map<number, { names: boolean; species: boolean; otherSpecies: boolean; topic: boolean; subject: boolean; ownTopic: boolean; wholeTopic: boolean; text: string; terms?: ReadonlySet<string> }>();
    const paragraphOf = (start: number) => {
      const from = p.text.lastIndexOf("\n", start) + 1;
      let known = paragraphs.get(from);
      if (known === undefined) {
        const to = p.text.indexOf("\n", start);
        // The passage's first paragraph is read with its lead (its start, in the chunk before).
        const paragraph = `${from === 0 && p.lead ? `${p.lead} ` : ""}${p.text.slice(from, to < 0 ? undefined : to)}`;
        const paragraphTerms = carriedTopic.length || ownTopic.length ? new Set(tokenize(paragraph)) : null;
        const namesAll = names.length > 0 && names.every((n) => namesThing(n, paragraph) || writesOtherwise(n, paragraph, terms));
        const speciesHere = Boolean(asksSpecies) && namesAskedSpecies(guide!.frame, paragraph);
        known = {
          names: namesAll,
          species: speciesHere,
          // (One on the subject in another animal, never naming the asked one: "Ovine babesiosis … occurs in small
          // ruminants…" for cattle; or, naming no subject of the question, one on another animal: "…rider back pain…
          // saddle slip" in a paragraph on horses for a dog's lame paw. Not one that names people only, as a paragraph on
          // animals often does in passing: "…in humans and other animals".)
          otherSpecies:
            Boolean(asksSpecies) &&
            !speciesHere &&
            (subjectOfOtherHost(paragraph) || (!namesAll && !namesGroupOfAsked(guide!.frame, paragraph) && [...speciesIn(paragraph).species].some((id) => id !== "human"))),
          topic:
            !carriedTopic.length ||
            carriedTopic.some((t) => holdsTerm(paragraphTerms!, t)) ||
            (ownTopicTerms.length >= MIN_OWN_TOPIC && ownTopicTerms.every((t) => holdsTerm(paragraphTerms!, t))),
          subject:
            (!subjects.length || subjects.some((n) => namesSubject(n, paragraph, abbreviations) || namesBySynonymWord(n, paragraph, terms))) &&
            (!subjectAbbreviations.length || subjectAbbreviations.some((n) => namesThing(n, paragraph) || writesOtherwise(n, paragraph, terms))),
          ownTopic: !ownTopic.length || ownTopic.some((t) => holdsTerm(paragraphTerms!, t)),
          wholeTopic: carriedTopic.length > 0 && carriedTopic.every((t) => holdsTerm(paragraphTerms!, t)),
          text: paragraph,
        };
        paragraphs.set(from, known);
      }
      return known;
    };
    // A sentence that names no species and opens on what the one before spoke of speaks of the species that one named: "It
    // may produce melaenic faeces…" after "…a parvovirus lethal to mink, but in ferrets it produces diarrhoea" is of ferrets.
    let lastNamed: { paragraph: number; other: boolean } | null = null;
    // Likewise a sentence that names no virus speaks of the virus the last one naming one opened with (in its paragraph).
    const paragraphOfUnit = units.map((unit) => p.text.lastIndexOf("\n", unit.start) + 1);
    const afterOtherVirus = new Map(
      [...new Set(paragraphOfUnit)].flatMap((start) => {
        const inIt = units.filter((_, k) => paragraphOfUnit[k] === start);
        return ofAnotherVirusBefore(inIt.map((unit) => unit.text), askedViruses, ownViruses).map((other, k) => [inIt[k]!, other] as const);
      }),
    );
    units.forEach((unit, i) => {
      const text = unit.text;
      const reading = readSentence(text);
      // (A sentence naming the asked virus speaks of it, not of the host another virus it names is named after: "FCoV serotype I
      // is more prevalent than serotype II, which appears to be derived from recombination with canine coronavirus".)
      const hosts = askedViruses.some((a) => namesThing(a, text)) ? [...reading.species.species].filter((id) => !guide!.frame.species.includes(id)) : subjectHosts;
      const mentions = hosts.length ? withoutHostsOfItsName(reading.species, text, hosts) : reading.species;
      const paragraphStart = paragraphOfUnit[i]!;
      const named = mentions.species.size > 0 || mentions.groups.size > 0;
      const ofOtherBefore = !named && lastNamed?.paragraph === paragraphStart && lastNamed.other && ANAPHORIC_OPENING.test(text);
      if (asksSpecies && named) lastNamed = { paragraph: paragraphStart, other: !namesAskedSpecies(guide!.frame, mentions) && otherSpeciesIn(guide!.frame, mentions).length > 0 };
      const ofOtherVirusBefore = afterOtherVirus.get(unit) ?? false;
      const words = wordCount(text);
      if (words < MIN_WORDS || words > MAX_WORDS) return;
      const added: string[] = [];
      // "B. divergens" is "Babesia divergens": the abbreviated genus counts as written out.
      for (const [name, nameTerms] of binomials) if (nameTerms.some((t) => !reading.terms.has(t)) && namesThing(name, text)) added.push(...nameTerms);
      for (const [abbreviation, longTerms] of abbreviations) if (longTerms.some((t) => !reading.terms.has(t)) && namesThing(abbreviation, text)) added.push(...longTerms);
      // "Is it one of the enveloped ones?" is answered by "…a small, nonenveloped … virus", as by "non-enveloped", whose
      // hyphen the index splits.
      for (const t of weighted) if (t.term.length >= MIN_NEGATED_STEM && !reading.terms.has(t.term) && NEGATING_PREFIXES.some((n) => reading.terms.has(n + t.term))) added.push(t.term);
      // Named as that species, not as a group it belongs to ("ruminants" is not "ovine").
      for (const word of speciesWords) if (word.ids.some((id) => mentions.species.has(id))) added.push(...word.terms);
      const context = units[i - 1]?.text ?? "";
      // (Read once, and only when needed: for the attribute's words, or once the sentence holds some of the question's.)
      let heldKinds: AskedKind[] | undefined;
      // (A dose by another route than the one asked is none: "can I just jab them myself? what dose" is not answered by an
      // in-water dose.)
      const held = () =>
        (heldKinds ??= typed.filter(
          (k) => holdsValue(k, text, guide!.frame.attribute, context, namedByQuestion(guide!.frame), abbreviationTerms) && !dosedByAnotherRoute(k, question, text, paragraphOf(unit.start).text),
        ));
      // "The virus typically has…" in a paragraph naming RHDV2 speaks of RHDV2.
      if (names.length && ANAPHORIC_OPENING.test(text) && paragraphOf(unit.start).names) added.push(...nameTerms);
      // So does one saying what a follow-up asks of the subject it carries: "what are the treatment options?" after
      // "Could this be canine theileriosis?" is answered by "Recently atovaquone or buparvaquone plus azithromycin
      // therapy showed better clinical efficacy", in the paragraph on canine theileriosis.
      // And so does the typed value a follow-up asks of it: "what % are we likely to lose?" after "Is this duck plague?" by
      // "…increased morbidity and mortality (5%-100%)…" in the paragraph on duck plague.
      else if (subjectCarried && paragraphOf(unit.start).names && (guide!.frame.asked.some((k) => LEAD_VALUE[k]?.(text, guide!.frame, question)) || held().length > 0)) added.push(...nameTerms);
      // As does one giving every value a follow-up asks of the topic it carries, in a paragraph holding all of it: "post-op meds
      // and for how long?" after questions on an enucleation, by "The animal should receive antibiotics and NSAIDs for a
      // minimum of 5 days".
      // (Drugs asked of at large are given by their class.)
      else if (typed.length && paragraphOf(unit.start).wholeTopic && typed.every((k) => held().includes(k) || (k === "drug" && DRUG_CLASS.test(text)))) added.push(...carriedTopic.map((t) => t.term));
      // The typed value asked, said of the asked attribute in its own words: "Both strains can cause death in up to 90% of
      // birds affected" gives the mortality, and holds the word "mortality" as far as what it answers goes.
      // (Of a kind the attribute is of: a mortality given beside an asked incubation period says nothing of incubation.)
      if (attributeTerms.length && attributeTerms.some((t) => !reading.terms.has(t)) && held().some((k) => isAttributeOf(k, attribute!))) added.push(...attributeTerms);
      const withAdded: ReadonlySet<string> = added.length ? new Set([...reading.terms, ...added]) : reading.terms;
      // ("What diseases do they carry?" is not answered by "Treatment should be carried out in adults…": done, not carried.)
      const sentenceTerms = carryUnasked && CARRIED_OUT.test(text) && !CARRIED_NOT_OUT.test(text) ? new Set([...withAdded].filter((t) => t !== CARRY_TERM)) : withAdded;
      let score = coverage(weighted, sentenceTerms);
      if (asking.length && asking.length < weighted.length) score = (1 - ASKING_SHARE) * score + ASKING_SHARE * coverage(asking, sentenceTerms);
      /** It holds what is asked: the typed value, the listed signs, the organism's name. */
      let answersAsked = false;
      /** …and says it outright, so it may lead: a typed value, how it is diagnosed, the place, the spelled-out name. */
      let leads = false;
      if (score > 0 && typed.length) {
        // (Each value asked that it holds: "how long before a rabbit could fall ill, how quickly does it kill, and what
        // percentage die?" is answered by the sentence with the incubation period and the mortality before one with a
        // mortality alone.)
        if (held().length) {
          score += TYPED_BONUS * held().length;
          answersAsked = true;
          leads = true;
          // ("How common is FIP really?": how common it is, as a figure or said of it, "FIP is relatively uncommon in the
          // general cat population", before where it is common, "…which commonly occurs in multicat environments".)
          if (attribute === HOW_COMMON_ATTRIBUTE && held().includes("rate") && (SAID_HOW_COMMON.test(text) || holdsValue("rate", text, null))) score += QUANTITY_BONUS;
        }
      } else if (score > 0 && wantsQuantity && QUANTITY.test(text)) score += QUANTITY_BONUS;
      // "What are the three ASF transmission cycles?": the sentence that says there are three ("Three independent
      // epidemiologic cycles (sylvatic, tick-pig, and domestic) have been described"). "Which species can M. bovis
      // infect?": the one that names them.
      if (score > 0 && ((list && statesList(text, list)) || (hostsAsked && namesHosts(text)) || (sequenceAsked && SEQUENCE_SAID.test(text)))) {
        score += LEAD_VALUE_BONUS;
        answersAsked = true;
        leads = true;
      }
      const leadValues = score > 0 && guide ? guide.frame.asked.filter((k) => LEAD_VALUE[k]?.(text, guide.frame, question)) : [];
      if (leadValues.length) {
        score += LEAD_VALUE_BONUS;
        answersAsked = true;
        // ("What else should we watch out for?": the signs, when they are all that is asked; not "how long till the signs settle?")
        const onlySigns = guide!.frame.asked.length === 1 && leadValues.includes("signs");
        if (onlySigns || leadValues.some((k) => ANSWERING_KINDS.has(k) || (k === "cause" && (RISK_ASKED.test(question) || KILLS_THEM_ASKED.test(question) || HOW_IT_WORKS_ASKED.test(question))))) leads = true;
        // "Prognosis?": how it ends said with a figure ("95% of affected cats die within one year") says it outright.
        if (leadValues.includes("prognosis") && holdsValue("rate", text, null)) leads = true;
      }
      // ("Which germ is behind most dog skin infections…?": the one said to cause most, "…it is the predominant cause of
      // canine pyoderma and otitis externa", before "Pseudomonas aeruginosa is another pathogen frequently involved…".)
      if (score > 0 && guide?.frame.asked.includes("organism") && MOST_ASKED.test(question) && MAIN_CAUSE_SAID.test(text)) score += LEAD_VALUE_BONUS;
      /** The sentence names no species, and its paragraph names the asked one: it speaks of that species. */
      let speciesFromParagraph = false;
      let otherSpecies = false;
      // (A value of the disease's own, such as whether it is notifiable, whichever animal the sentence saying it names.)
      if (score > 0 && asksSpecies && !held().some((k) => OF_THE_DISEASE.has(k))) {
        if (namesAskedSpecies(guide!.frame, mentions)) score += SPECIES_BONUS;
        else if ((otherSpeciesIn(guide!.frame, mentions).length || ofOtherBefore) && !saysRoleAsked(question, text)) {
          score -= OTHER_SPECIES_PENALTY;
          otherSpecies = true;
          // (In a follow-up carrying the species, or where it says what is asked: "Individual treatments can be given by i.m.
          // injection of doramectin at 3 mg/10 kg…" is a dose for the pigs its paragraph names.)
        } else speciesFromParagraph = (speciesCarried || answersAsked) && paragraphOf(unit.start).species;
      }
      const inNamedParagraph = score > 0 && paragraphOf(unit.start).names;
      if (inNamedParagraph) score += NAMES_BONUS;
      if (score > 0 && guide?.supporting.has(p.chunkId)) score += SUPPORTING_BONUS;
      if (score > 0 && p.chunkId === essaySource) score += ESSAY_SOURCE_BONUS;
      const saidBefore = Boolean(guide?.alreadySaid.size && guide.alreadySaid.has(sentenceKey(text)));
      // Said before and not what the follow-up asks: it yields the lead. ("How many die?" may lead with the last
      // answer's sentence that gave the mortality along with the incubation period.)
      if (saidBefore && !answersAsked) score *= ALREADY_SAID_FACTOR;
      // A sentence that holds what is asked, in a paragraph naming the question's subject, is about that
      // subject even when it does not repeat its name ("… are the predominant signs.")
      // In a follow-up, the carried species its paragraph names counts as one of the question's words it holds.
      // So does the asked species named by a group that covers it ("…losses in the poultry sector…" for hens), where the
      // sentence holds none of the question's words for it.
      const namesSpecies = Boolean(asksSpecies) && namesAskedSpecies(guide!.frame, mentions);
      const speciesByGroup = namesSpecies && !speciesWords.some((w) => w.terms.every((t) => sentenceTerms.has(t)));
      // (So is a sentence naming the asked species in a paragraph naming the subject, when what is asked is whether that
      // species gets it: "Most felines (e.g., cats, tigers, and cheetahs) are susceptible" after "Feline calicivirus…".)
      const getsIt = namesSpecies && inNamedParagraph && !answersAsked && speciesGetsAsked;
      // (A follow-up carrying its subject may, where no sentence holds two of its words, be answered by one holding a word
      // it says itself in a paragraph naming that subject: "so what makes one of those plaques dangerous rather than
      // stable?" after atherosclerosis, by "…stable lesions have a small lipid core and a thick fibrous cap, while
      // vulnerable lesions have…". A word carried from before says nothing of what it asks: "diarrhoea" in a paragraph on
      // goose parvovirus is no answer to "how long will it hang about in the garden?" after a puppy's parvo.)
      const ofCarriedSubject = subjectCarried && inNamedParagraph && terms.some((t) => questionWords.has(t.term) && holdsTerm(sentenceTerms, t));
      let matched = terms.reduce((k, t) => k + (holdsTerm(sentenceTerms, t) ? 1 : 0), 0) + ((answersAsked || getsIt) && inNamedParagraph ? 1 : 0) + (speciesFromParagraph || speciesByGroup ? 1 : 0);
      // Likewise a paragraph that holds the question's topic ("Canine parvovirus…") for its sentence that says the
      // asked value without it ("The virus … can remain viable outside of its host for at least a year").
      // So does the topic a follow-up carries ("and in cats?" after regurgitation in dogs) for a sentence in a paragraph
      // that holds it ("…megaesophagus is a rare finding in the domestic cat").
      // And one that names the asked species in a paragraph on the topic ("is chagas something dogs actually get?": "In
      // endemic countries it is recommended to routinely evaluate dogs, which are one of the principal domestic hosts").
      if ((answersAsked || carriedTopic.length > 0 || namesSpecies) && !inNamedParagraph && matched < 2 && topic.length) {
        const paragraph = paragraphOf(unit.start);
        paragraph.terms ??= new Set(tokenize(paragraph.text));
        if (topic.some((t) => !holdsTerm(sentenceTerms, t) && holdsTerm(paragraph.terms!, t))) matched++;
      }
      // A dose (interval, duration, route) of another drug never leads an answer about this one. (One that names no drug
      // is of the drugs its paragraph speaks of: "…most cases are given daily therapy for 20–30 days" after
      // "Ketoconazole … and itraconazole … are the most effective oral therapeutic options".)
      const otherDrug = dosingDrugs.length > 0 && !dosingDrugs.some((d) => namesThing(d, text)) && ((text.match(/[\p{L}-]{5,}/gu) ?? []).some((w) => namesDrug(w)) || !dosingDrugs.some((d) => namesThing(d, paragraphOf(unit.start).text)));
      // "Is FeLV-B contagious?": a sentence about FeLV-A (another subtype of the same name) does not lead.
      const otherSubtype = subtypes.length > 0 && subtypes.every(([asked, stem]) => !namesThing(asked, text) && stem.test(text));
      // (A sentence naming no species does not lead from a paragraph about another: "The main clinical symptoms include
      // fever, hemoglobinuria…" in the paragraph on ovine babesiosis is no answer for cattle.)
      const ofOtherParagraph = !named && paragraphOf(unit.start).otherSpecies;
      // Nor does a dose by another route than the one asked ("in-water medication of flubendazole at 1 mg/kg" for "can I just
      // jab them myself? what dose").
      const otherRoute = typed.includes("dose") && dosedByAnotherRoute("dose", question, text, paragraphOf(unit.start).text) && holdsValue("dose", text, guide!.frame.attribute);
      const notLead = otherSpecies || ofOtherParagraph || otherDrug || otherRoute || otherSubtype || namesOtherVirus(text, p.text) || ofOtherVirusBefore || (subjectCarried && !inNamedParagraph) || (!essay && !paragraphOf(unit.start).subject) || !paragraphOf(unit.start).topic || !paragraphOf(unit.start).ownTopic;
      const prior = units[i - 1];
      // (Not one the previous answer quoted: the reader has it already.)
      const priorSaid = Boolean(prior && guide?.alreadySaid.has(sentenceKey(prior.text)));
      const before = prior && !priorSaid && prior.start >= paragraphStart && !p.text.slice(prior.end, unit.start).trim() ? { text: prior.text, passage: p.number, pages: prior.pages, pageLabel: prior.pageLabel, raw: prior.raw, index: i - 1 } : undefined;
      out.push({ text, passage: p.number, pages: unit.pages, pageLabel: unit.pageLabel, raw: unit.raw, index: i, terms: sentenceTerms, score, matched, notLead, saidBefore, answersAsked: leads && !essay, named: inNamedParagraph, ofCarriedSubject, ofAskedSpecies: speciesFromParagraph && typed.length > 0 && held().length > 0, before });
    });
  }
  return guide ? withLocalRarity(out, asking.length && asking.length < weighted.length ? asking : weighted, speciesTerms) : out;
}

/**
 * Words every candidate sentence shares (the topic: "footrot", "goat pox") do not tell them apart; the
 * question's words that few of them hold ("serogroup", "protease") do. Part of each sentence's score is
 * its coverage of the question weighted by how rare each word is among the candidates themselves.
 */
function withLocalRarity(sentences: Sentence[], terms: QueryTerm[], speciesTerms: ReadonlySet<string>): Sentence[] {
  const n = sentences.length;
  if (n < 2) return sentences;
  // (A sentence that speaks of the asked species by its paragraph holds the species' word: "The virus typically has a three-
  // to nine-day incubation period…", of rabbits, is not outweighed by a sentence on another genotype that writes "rabbits".)
  const holds = (s: Sentence, t: QueryTerm) => holdsTerm(s.terms, t) || (Boolean(s.ofAskedSpecies) && speciesTerms.has(t.term));
  const weights = terms.map((t) => {
    const df = sentences.reduce((k, s) => k + (holds(s, t) ? 1 : 0), 0);
    return { term: t, w: df ? termWeight(t) * Math.log(1 + n / df) : 0 };
  });
  const total = weights.reduce((sum, x) => sum + x.w, 0);
  const best = Math.max(...sentences.map((s) => s.score));
  if (!total || best <= 0) return sentences;
  // In proportion to how much the sentence is about the question at all: a word rare among the candidates
  // ("lesions") does not make a sentence of another topic's passage an answer.
  return sentences.map((s) => {
    if (s.score <= 0) return s;
    const local = weights.reduce((sum, x) => sum + (holds(s, x.term) ? x.w : 0), 0) / total;
    return { ...s, score: s.score + LOCAL_RARITY_SHARE * local * (s.score / best) };
  });
}

/**
 * The best non-repetitive sentences within the budgets, in the order they are to be read: the best one,
 * then each next by its score weighed by what it adds to the sentences before it.
 */
function pick(candidates: Sentence[], options: Required<ExtractiveOptions>, exclude: Set<string>, minMatched = 1, terms: QueryTerm[] = []): Sentence[] {
  const chosen: Sentence[] = [];
  let words = 0;
  const sorted = [...candidates].sort((a, b) => b.score - a.score || a.passage - b.passage || a.index - b.index);
  // A long question (a case vignette) shares only a few words with any one sentence: the bar is
  // relative to the best sentence then, but never zero.
  const floor = Math.max(MIN_SENTENCE_SHARE, Math.min(MIN_SENTENCE_COVERAGE, (sorted[0]?.score ?? 0) * 0.5));
  const pool = sorted.filter((s) => s.score >= floor && s.matched >= minMatched && !exclude.has(s.text.toLowerCase()));
  const covered = new Set<string>();
  const novelty = (s: Sentence) => {
    let held = 0;
    let fresh = 0;
    for (const t of terms) {
      if (!holdsTerm(s.terms, t)) continue;
      const w = termWeight(t);
      held += w;
      if (!covered.has(t.term)) fresh += w;
    }
    return held ? fresh / held : 0;
  };
  // The answer leads with the asked species and subject: "Ovine babesiosis…" does not open an answer about cattle,
  // nor a sentence about scrapie one about goat pox in sheep.
  const leadChosen = pool.some((s) => !s.notLead);
  // The lead holds what is asked when a sentence that does is nearly as good as the best: "How is FIP diagnosed?"
  // leads with the sentence about diagnosing it, not the one that defines FIP. (An account of several parts,
  // "Describe (1)… (2)…", begins where most of it is said instead: its sentences never claim this.)
  const leadable = pool.filter((s) => !(leadChosen && s.notLead));
  const bestLead = Math.max(0, ...leadable.map((s) => s.score));
  // (Said where what the question names is named, when some such sentence may lead: "what is SCID, how is it passed on…?"
  // does not lead with "Equine influenza A virus causes a contagious respiratory tract infection…".)
  const namedLeads = leadable.some((s) => s.named);
  const answering = (s: Sentence) => Boolean(s.answersAsked) && (!namedLeads || Boolean(s.named));
  const answeringLead = leadable.some((s) => answering(s) && s.score >= bestLead * ANSWERING_LEAD_SHARE);

  while (pool.length && chosen.length < options.maxSentences) {
    let bestIndex = -1;
    let bestValue = -Infinity;
    pool.forEach((s, i) => {
      if (!chosen.length && leadChosen && s.notLead) return;
      if (!chosen.length && answeringLead && !answering(s)) return;
      if (chosen.length && s.saidBefore) return;
      const value = chosen.length ? s.score * (1 - NOVELTY_WEIGHT + NOVELTY_WEIGHT * novelty(s)) : s.score;
      if (value > bestValue) {
        bestValue = value;
        bestIndex = i;
      }
    });
    if (bestIndex < 0) break;
    const [s] = pool.splice(bestIndex, 1);
    // Chunks overlap, so the same sentence can come from two passages: quote it once.
    if (chosen.some((c) => overlap(c.terms, s!.terms) > 0.8)) continue;
    const w = wordCount(s!.text);
    if (chosen.length && words + w > options.maxWords) continue;
    chosen.push(s!);
    for (const t of terms) if (holdsTerm(s!.terms, t)) covered.add(t.term);
    words += w;
  }
  return chosen;
}

/** Each quoted sentence is cited with the page(s) it is printed on. */
type Citer = { numbering: PageNumbering; passages: Map<number, NumberedPassage<PassageLike>> };
const citerOf = (passages: Array<NumberedPassage<PassageLike>>): Citer => ({ numbering: new PageNumbering(), passages: new Map(passages.map((p) => [p.number, p])) });
const lineOf = (s: Quoted, citer: Citer) => `${quoteInline(s.text)} [${citer.numbering.numberOf(citer.passages.get(s.passage)!, s)}]`;

/**
 * One answer body: the sentence that answers first, then the rest in the order they were chosen (a reader
 * of the first lines gets the most). Without a guide (Think Harder's sections) the best sentence leads only
 * when it clearly beats the next, and the rest keep their reading order. A lead that opens with a pronoun is read
 * after the sentence it points back at ("The outer membrane protein H (OmpH) … has displayed potential as a protective
 * antigen… It has been incorporated into a fowl cholera vaccine…"), each cited with its own page.
 */
function compose(chosen: Sentence[], citer: Citer, alwaysLead = false): string {
  if (!chosen.length) return "";
  const [best, second] = chosen;
  const direct = alwaysLead || (best!.score >= DIRECT_MIN && (!second || best!.score >= second.score * DIRECT_LEAD)) ? best! : null;
  const antecedent = direct && alwaysLead && OPENS_WITH_PRONOUN.test(direct.text) ? direct.before : undefined;
  const isAntecedent = (s: Sentence) => antecedent !== undefined && s.passage === antecedent.passage && s.index === antecedent.index;
  const others = chosen.filter((s) => s !== direct && !isAntecedent(s));
  const rest = alwaysLead ? others : others.sort((a, b) => a.passage - b.passage || a.index - b.index);
  const parts: string[] = [];
  if (direct) parts.push(antecedent ? `${lineOf(antecedent, citer)} ${lineOf(direct, citer)}` : lineOf(direct, citer));
  if (rest.length) {
    if (direct) parts.push("**Also in the cited passages:**");
    parts.push(rest.map((s) => `- ${lineOf(s, citer)}`).join("\n"));
  }
  return parts.join("\n\n");
}

export const EXTRACTIVE_NOTE = "_Quoted from the knowledge base: no language model is configured to summarise these passages._";

/** The closing note, naming where the quoted sentences came from (PubMed abstracts are not the knowledge base). */
export function extractiveNote(quoted: Array<Pick<PassageLike, "fileType">>): string {
  const pubmed = quoted.some((p) => p.fileType === PUBMED_FILE_TYPE);
  const knowledgeBase = quoted.some((p) => p.fileType !== PUBMED_FILE_TYPE);
  if (!pubmed) return EXTRACTIVE_NOTE;
  const where = knowledgeBase ? "the knowledge base and PubMed abstracts" : "PubMed abstracts";
  return `_Quoted from ${where}: no language model is configured to summarise these passages._`;
}

/** The passages the chosen sentences were quoted from. */
const quotedPassages = (chosen: Sentence[], passages: NumberedPassage<PassageLike>[]) => passages.filter((p) => chosen.some((s) => s.passage === p.number));

/** The answer, and the passages it cites narrowed to the quoted sentences' pages, numbered as its markers. */
export type ExtractiveAnswer = { text: string; quoted: number; cited: Array<NumberedPassage<PassageLike>> };

/** An answer made of the passages' own sentences, or empty text when no sentence is relevant enough. */
export function extractiveAnswer(
  question: string,
  terms: QueryTerm[],
  passages: NumberedPassage<PassageLike>[],
  options: ExtractiveOptions = {},
  guide?: AnswerGuide,
): ExtractiveAnswer {
  const sentences = sentencesOf(passages, terms, question, guide);
  const minMatched = minMatchedFor(terms);
  let chosen = pick(sentences, { ...DEFAULTS, ...options }, new Set(), minMatched, terms);
  // (Where none holds enough of the question, a follow-up's sentences on the subject it carries count its name as held.)
  if (!chosen.length) chosen = pick(sentences.map((s) => (s.ofCarriedSubject ? { ...s, matched: s.matched + 1 } : s)), { ...DEFAULTS, ...options }, new Set(), minMatched, terms);
  if (!chosen.length) return { text: "", quoted: 0, cited: [] };
  const citer = citerOf(passages);
  const body = compose(chosen, citer, Boolean(guide));
  return { text: `${body}\n\n${extractiveNote(quotedPassages(chosen, passages))}`, quoted: chosen.length, cited: citer.numbering.cited };
}

/** A quoted sentence holds at least two of the question's words the knowledge base knows (one, for a one-word question). */
const minMatchedFor = (terms: QueryTerm[]) => Math.min(2, terms.filter((t) => t.df > 0).length);

export type ExtractiveSection = { heading: string; terms: QueryTerm[]; passages: NumberedPassage<PassageLike>[] };

/**
 * Think Harder without a model: an overview for the whole question, then one section per aspect,
 * each quoting its own best sentences (a sentence is quoted once in the whole answer).
 */
export function extractiveSections(question: string, overview: ExtractiveSection, sections: ExtractiveSection[]): ExtractiveAnswer {
  const used = new Set<string>();
  const parts: string[] = [];
  const citer = citerOf([overview, ...sections].flatMap((section) => section.passages));
  const sources: Array<Pick<PassageLike, "fileType">> = [];
  let quoted = 0;
  const budget = { maxSentences: 3, maxWords: 120 };
  const add = (section: ExtractiveSection, heading: string | null) => {
    const chosen = pick(sentencesOf(section.passages, section.terms, question), budget, used);
    if (!chosen.length) return;
    for (const s of chosen) used.add(s.text.toLowerCase());
    sources.push(...quotedPassages(chosen, section.passages));
    quoted += chosen.length;
    parts.push(heading ? `### ${quoteInline(heading)}\n\n${compose(chosen, citer)}` : compose(chosen, citer));
  };
  add(overview, null);
  for (const section of sections) add(section, section.heading);
  if (!quoted) return { text: "", quoted: 0, cited: [] };
  return { text: `${parts.join("\n\n")}\n\n${extractiveNote(sources)}`, quoted, cited: citer.numbering.cited };
}

/** The characters of a host's word before a subject's name ("Ovine" of "Ovine babesiosis", "non-human"). */
const HOST_WORD_PART = /[\p{L}-]/u;
