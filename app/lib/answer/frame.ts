import escapeStringRegexp from "escape-string-regexp";
import lexicon from "./species.json";
import clinicalAbbreviations from "../search/clinical-abbreviations.json";
import { findAbbreviations } from "../search/abbreviations";
import { GENUS_ENDING, shorthandBinomials, shorthandNames, signsIn, synonymsIn } from "../search/synonyms";
import { isStopWord } from "../search/stopwords";
import { tokenize } from "../search/tokenize";
import { topicWords } from "./questions";
import { isDrugClassName } from "./drug-classes";
import { memoByText } from "../memo.server";

// A question, the sentences of its passages and single words are read again and again by one answer (and the next
// question reads the same passages): what was read of the last texts is remembered.
const REMEMBERED_TEXTS = 2000;
// Questions: each turn of a conversation reads all its earlier questions again, so the recent turns of the conversations
// going on are remembered. (With the species readings above: about 5 MB of heap after 386 distinct questions.)
const REMEMBERED_QUESTIONS = 1000;
const speciesNamedIn = memoByText(REMEMBERED_TEXTS, (text) => readSpecies(text, false));
const speciesAskedIn = memoByText(REMEMBERED_TEXTS, (text) => readSpecies(text, true));

/**
 * One clinical reading of a question, used everywhere an answer is made: which species (and life
 * stage) it asks about, which drugs, pathogens, conditions and other named things, and what kind of
 * fact it asks for (a dose, an interval, a rate…). A follow-up inherits the previous question's frame
 * and replaces only the slots it names; a question that names its own topic starts a new frame.
 *
 * Deterministic and index-free: the same text gives the same frame on the server, in tests and in the
 * evaluation. Whether the knowledge base covers the frame is checked elsewhere (coverage.server.ts).
 */

export type AskedKind =
  | "dose"
  | "interval"
  | "duration"
  | "route"
  | "rate"
  | "quantity"
  | "count"
  | "year"
  | "cost"
  | "gene"
  | "drug"
  | "breed"
  | "diagnosis"
  | "prognosis"
  | "cause"
  | "comparison"
  | "definition"
  | "treatment"
  | "location"
  | "signs"
  | "organism"
  | "season"
  | "transmission"
  | "notifiable"
  | "brand"
  | "person"
  | "type"
  | "residue";

/** Kinds whose answer is a typed value the passage must hold (a dose needs a number with a unit). */
export const TYPED_KINDS: ReadonlySet<AskedKind> = new Set(["dose", "interval", "duration", "rate", "quantity", "count", "year", "cost", "gene", "drug", "breed", "season", "notifiable", "brand", "person", "type", "residue"]);
/**
 * Typed kinds whose value is the disease's own, said in a paragraph naming it, whatever animal the sentence names:
 * "Bluetongue is a notifiable disease… asymptomatic in cattle" answers it for sheep.
 */
export const OF_THE_DISEASE: ReadonlySet<AskedKind> = new Set(["notifiable"]);
/** A time of year as texts write it: a season, a month, the wet or warm months. */
export const SEASON_WRITTEN = /\b(?:spring|summer|autumn|fall|winter|rainy|wet season|dry season|monsoon|seasonal\w*|(?:warm|warmer|cold|colder|hot|hotter|wet|wetter|dry|drier)\s+(?:months|seasons?|weather|periods?)|January|February|March|April|May|June|July|August|September|October|November|December)\b/;

export type Frame = {
  /** Species ids of the lexicon the question asks about (its question sentences; else all of it). */
  species: string[];
  /** Group words asked about ("birds", "ruminants"): covered by the group or any member. */
  groups: string[];
  /** The question names the young of a species (puppy, calf, foal…). */
  young: boolean;
  drugs: string[];
  /** Pathogens as written ("Babesia divergens", "S. suis", "norovirus"). */
  pathogens: string[];
  conditions: string[];
  /** Other named things that must be in the passages: codes and proper nouns ("A2059G", "GS-441524", "Charolais"). */
  names: string[];
  /**
   * Acronyms ("MRSA", "FeLV"): shown and carried, but not required, as a passage may spell them out or use
   * another short form (the knowledge base's own abbreviations are query understanding's to expand).
   */
  acronyms: string[];
  /** Remaining content words (lower case). */
  topic: string[];
  /** Clinical signs the question describes, by their clinical names ("brings his food back up": regurgitation). */
  signs: string[];
  /**
   * The topic words of what the question asks, not of the case it describes first ("Half my ewes have runny, squinty
   * eyes … What causes pink eye in sheep?"): what a follow-up carries.
   */
  askedTopic?: string[];
  /** Names the question writes as where something is ("…the main one in China?"): not carried into a follow-up. */
  places?: string[];
  /** The asked species no document of the knowledge base names by any of their words (set where the index is known). */
  unnamed?: string[];
  /** Where the patient asked about is kept ("kennel 4", "bed 3"): another one is another patient. */
  patient?: string;
  /** The animals a question on whether people catch their disease was asked of ("can it jump to the owners?"). */
  animalsOfPeople?: string[];
  /** The animals spoken of that a question on whether others catch it from them is searched with ("…jump to them?"). */
  passesFrom?: string[];
  /**
   * What a turn refused for the animals it swapped in asked: asked again of the animals a follow-up names ("how many doses
   * do the sheep need?" refused, then "and for the cattle?").
   */
  refusedAsked?: { asked: AskedKind[]; attribute: string | null };
  asked: AskedKind[];
  /** The noun the asked value is about ("incubation", "mortality", "serotypes"), when the question names one. */
  attribute: string | null;
  /** Abbreviations the question defines: "duck Tembusu virus (DTMUV)" -> the words it abbreviates. */
  aliases: Array<{ abbreviation: string; words: string[] }>;
  /** Slots carried over from the previous question (a follow-up); empty for a question that stands alone. */
  inherited: Array<"species" | "drugs" | "pathogens" | "conditions" | "names" | "acronyms" | "topic" | "signs">;
};

type SpeciesEntry = { id: string; label: string; words: string[]; young: string[]; acronyms?: string[]; breeds?: string[] };
/** `young`: words for the young of any member ("chicks" of ostriches as of hens), read as the young of the member named. */
type GroupEntry = { words: string[]; members: string[]; broad?: boolean; acronyms?: string[]; young?: string[] };

const SPECIES = lexicon.species as SpeciesEntry[];
const GROUPS = lexicon.groups as GroupEntry[];
const LABELS = new Map(SPECIES.map((s) => [s.id, s.label]));

type Term = { kind: "species"; id: string; young: boolean } | { kind: "group"; index: number };

/** Every lexicon phrase by its words, longest first per first word (multi-word names win). */
const PHRASES = (() => {
  const byFirst = new Map<string, Array<{ words: string[]; term: Term }>>();
  const add = (phrase: string, term: Term) => {
    const words = phrase.split(" ");
    const list = byFirst.get(words[0]!) ?? [];
    list.push({ words, term });
    byFirst.set(words[0]!, list);
  };
  for (const s of SPECIES) {
    for (const w of [...s.words, ...(s.breeds ?? [])]) add(w, { kind: "species", id: s.id, young: false });
    for (const w of s.young) add(w, { kind: "species", id: s.id, young: true });
  }
  GROUPS.forEach((g, index) => g.words.forEach((w) => add(w, { kind: "group", index })));
  for (const list of byFirst.values()) list.sort((a, b) => b.words.length - a.words.length);
  return byFirst;
})();

/** The words of the lexicon's names of several words ("jenny" of "jenny donkey"): an animal's word, though alone it names none. */
const WORDS_OF_NAMES = new Set([...PHRASES.values()].flat().filter((p) => p.words.length > 1 && p.term.kind === "species").flatMap((p) => p.words));
export const inSpeciesName = (word: string) => WORDS_OF_NAMES.has(word.toLowerCase());

/** The lexicon's one-word names of species, for reading a mistyped one ("pupy"). */
const SPECIES_WORDS = [...PHRASES.values()].flat().filter((p) => p.words.length === 1 && p.term.kind === "species");

/**
 * Is `typed` a slip of `word` that keeps its letters: a doubled letter typed once or a letter typed twice ("pupy",
 * "catt"), or two letters swapped ("gaot")? (A letter changed or added makes another word too often: "lami" is no lamb.)
 */
function slipOf(typed: string, word: string): boolean {
  let i = 0;
  while (i < typed.length && typed[i] === word[i]) i++;
  if (typed.length === word.length) return i < typed.length - 1 && typed[i] === word[i + 1] && typed[i + 1] === word[i] && typed.slice(i + 2) === word.slice(i + 2);
  const [long, short] = typed.length > word.length ? [typed, word] : [word, typed];
  return long.length === short.length + 1 && long.slice(i + 1) === short.slice(i) && (long[i] === long[i - 1] || long[i] === long[i + 1]);
}

/**
 * The species word a short typed word is a slip of ("pupy": puppy), when it is a slip of the names of one species only
 * and starts as they do. For words too short for the spelling correction (whose caller has found the word in no
 * dictionary and nowhere in the knowledge base).
 */
export function speciesWordNear(typed: string): string | null {
  const lower = typed.toLowerCase();
  const near = SPECIES_WORDS.filter((p) => p.words[0]![0] === lower[0] && p.words[0]!.length >= 3 && slipOf(lower, p.words[0]!));
  const ids = new Set(near.map((p) => (p.term.kind === "species" ? p.term.id : "")));
  return ids.size === 1 ? near[0]!.words[0]! : null;
}

/** Abbreviations of species and groups, as written in capitals ("SACs"), by that spelling. */
const ACRONYMS = new Map<string, Term>([
  ...SPECIES.flatMap((s) => (s.acronyms ?? []).map((a): [string, Term] => [a, { kind: "species", id: s.id, young: false }])),
  ...GROUPS.flatMap((g, index) => (g.acronyms ?? []).map((a): [string, Term] => [a, { kind: "group", index }])),
]);

const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;

export type SpeciesMentions = {
  readonly species: ReadonlySet<string>;
  readonly groups: ReadonlySet<number>;
  readonly young: boolean;
  readonly words: ReadonlySet<string>;
  /** Disease names made with a species word ("goat pox"), when reading a question. */
  readonly diseases: readonly string[];
  /** The species those disease names are named after ("canine flu": dog). */
  readonly hosts: readonly string[];
  /** Species ids and group words in the order the text names them. */
  readonly order: readonly string[];
  /** Groups named whole ("all species of Equidae", "all ruminants"): every member is spoken of, whatever else is named. */
  readonly whole: ReadonlySet<number>;
};

/** Words before "seals" that make it the animals, not the verb ("into seals", "the seals", "grey and harbour seals"). */
const SEALS_AFTER = /^(?:into|in|from|to|of|for|with|among|like|and|or|the|our|my|their|your|these|those|wild|rescued|stranded|sick|baby|young|two|three|some|many|captive|rehabilitated|do|did|can|could|would|will|should|might|may|must|are|were)$/;
/** "Seals" in quotes: the asker's figure ("the 'seals' between the cells"), not the animals. */
const QUOTED_SEALS = /['‘"“]seals['’"”]/i;
/** The seals, by the lexicon's entry for seal pups. */
const SEALS = (() => {
  const pups = PHRASES.get("seal")?.find((c) => c.words.join(" ") === "seal pups");
  return pups ? { ...pups, words: ["seals"] } : undefined;
})();
/** A word made of an animal's and its keeping ("goat-keeping", "pig-farming", "sheep-rearing"). */
const KEEPING_COMPOUND = /^(\p{L}+)-(?:keeping|keeper|keepers|farming|farmer|farmers|rearing|rearer|rearers|raising|breeding|breeder|breeders|owning|owner|owners|producing|producer|producers)$/iu;

/** Words after a species word that make it part of a disease's name ("goat pox", "African horse sickness", "bovine TB"). */
const DISEASE_NAME_NEXT = new Set(
  "pox plague sickness cholera influenza flu fever hepatitis enteritis anaemia anemia tuberculosis tb distemper leukaemia leukemia parvovirus herpesvirus coronavirus calicivirus immunodeficiency viral virus pestivirus spongiform infectious panleukopenia rhinotracheitis pleuropneumonia".split(
    " ",
  ),
);
/** Words that tell apart diseases named alike ("classical swine fever", "atypical scrapie"). */
export const DISEASE_QUALIFIER = /^(?:classical|classic|atypical|typical|african|asian|european|american)$/;
/** A word before a species word that makes it the end of a disease's name ("peste des petits ruminants"). */
const DISEASE_NAME_BEFORE = new Set(["petits"]);

/**
 * The species and groups a text names, as whole words (the longest name wins: "guinea pig" is not "pig").
 * `asked`: a question's species, where one inside a disease's name ("sheep pox") is not what is asked about.
 */
export function speciesIn(text: string, options: { asked?: boolean } = {}): SpeciesMentions {
  return options.asked ? speciesAskedIn(text) : speciesNamedIn(text);
}

function readSpecies(text: string, asked: boolean): SpeciesMentions {
  // ("A goat-keeping district", "pig-farming areas": the animals kept.)
  const words = (text.toLowerCase().match(WORD) ?? []).map((w) => w.replace(/['’]s$/, "").replace(KEEPING_COMPOUND, "$1"));
  // As written, for abbreviations (lower-casing can change a word's length in a few scripts: then none are read)
  const written = (text.match(WORD) ?? []).map((w) => w.replace(KEEPING_COMPOUND, "$1"));
  const asWritten = written.length === words.length ? written : [];
  const out = { species: new Set<string>(), groups: new Set<number>(), young: false, words: new Set<string>(), diseases: [] as string[], hosts: [] as string[], order: [] as string[], whole: new Set<number>() };
  let previous: { id: string; end: number } | null = null;
  // Species named only by a word for their young, and species named otherwise.
  const youngOnly = new Map<string, string>();
  const adultNamed = new Set<string>();
  for (let i = 0; i < words.length; i++) {
    const acronym = ACRONYMS.get(asWritten[i] ?? "");
    // ("Has CDV spilled from dogs into seals?": the animals, after a word that says so; "the cuticle seals the pores" is a verb.)
    // ("Do seals act as intermediate hosts?" asks of the animals; "the 'seals' between the cells" is a figure, quoted.)
    const seals = words[i] === "seals" && SEALS_AFTER.test(words[i - 1] ?? "") && !QUOTED_SEALS.test(text) ? SEALS : undefined;
    const candidates = seals ? [seals] : PHRASES.get(words[i]!);
    if (!candidates && !acronym) continue;
    const hit = acronym ? { words: [words[i]!], term: acronym } : candidates!.find((c) => c.words.every((w, k) => words[i + k] === w));
    if (!hit) continue;
    const next = words[i + hit.words.length] ?? "";
    // "(Bullock 1972)", "Lamb et al. 2010": an author cited, no animal.
    if (/^\p{Lu}/u.test(asWritten[i] ?? "") && (/^(?:1[89]|20)\d\d[a-z]?$/.test(next) || (next === "et" && words[i + hit.words.length + 1] === "al"))) continue;
    // "Porcine circovirus", "Duck Tembusu virus": a virus named after its host.
    // (Not "…of carp which virus…": a function word is no part of a virus's name.)
    // ("Bovine PV types 1, 2 and 13", "bovine papillomaviruses": by its abbreviation, or a family's name in the plural;
    // "emerging pig viruses" are viruses of pigs.)
    const namesVirus =
      /^(?:virus|.+virus(?:es)?)$/.test(next) || /^[A-Z]{1,5}Vs?$/.test(asWritten[i + hit.words.length] ?? "") || ((words[i + hit.words.length + 1] ?? "") === "virus" && !isStopWord(next));
    if (asked && (DISEASE_NAME_NEXT.has(next) || namesVirus)) {
      // "Classical swine fever" is not African swine fever: a word that tells such diseases apart is part of the name.
      const qualifier = DISEASE_QUALIFIER.test(words[i - 1] ?? "") ? [words[i - 1]!] : [];
      // ("Duck virus enteritis": the disease its virus causes ends the name.)
      const after = words[i + hit.words.length + 1] ?? "";
      const caused = next === "virus" && /(?:itis|osis|aemia|emia)$/.test(after) ? [after] : [];
      out.diseases.push([...qualifier, ...hit.words, next, ...caused].join(" "));
      if (hit.term.kind === "species" && !out.hosts.includes(hit.term.id)) out.hosts.push(hit.term.id);
      i += hit.words.length + caused.length;
      continue;
    }
    // "Equine metabolic syndrome in a donkey", "avian influenza in cats": a disease named by its host's adjective, asked of
    // another species.
    const namedFor = asked && hit.words.length === 1 && HOST_ADJECTIVE.test(hit.words[0]!) ? askedOfAnother(words, i + 1, hit.term) : 0;
    if (namedFor) {
      out.diseases.push(words.slice(i, i + namedFor).join(" "));
      if (hit.term.kind === "species" && !out.hosts.includes(hit.term.id)) out.hosts.push(hit.term.id);
      i += namedFor - 1;
      continue;
    }
    // "Can my racing pigeons catch it, and should I give them the duck vaccine?": a product named after the animal it is
    // made for, given to another.
    if (asked && hit.term.kind === "species" && hit.words.length === 1 && PRODUCT_FOR_HOST.test(next) && namesAnotherSpecies(words, hit.term.id!)) continue;
    // "Spring viraemia of carp", "plague of ducks": a disease named after its host.
    const ofDisease = words[i - 1] === "of" && /(?:aemia|emia|itis|osis|plague|pox|fever|disease|sickness|enteritis)$/.test(words[i - 2] ?? "");
    if (asked && (DISEASE_NAME_BEFORE.has(words[i - 1] ?? "") || ofDisease)) {
      i += hit.words.length - 1;
      continue;
    }
    // "What's the steer on gilt development?": guidance, not a bullock.
    // ("The steer on the scales", "a steer on our farm" are one.)
    const guidance = /^(?:the|any|some|your|quick|clear|firm)$/.test(words[i - 1] ?? "") && !/^(?:the|a|an|our|my|his|her|their|your|its|this|that|these|those)$/.test(words[i + 2] ?? "");
    if (hit.words.length === 1 && hit.words[0] === "steer" && next === "on" && guidance) continue;
    // "Broiler and breeder ducks": a production type said of another bird is that bird.
    if (hit.words.length === 1 && hit.words[0] === "broiler" && qualifiesAnotherSpecies(words, i + 1, hit.term)) continue;
    // "Pheasant poults": the young named after another species' word are that species' young.
    if (hit.term.kind === "species" && hit.term.young && previous && previous.end === i && previous.id !== hit.term.id) {
      out.young = true;
      i += hit.words.length - 1;
      continue;
    }
    // "A yearling bull", "yearling ewes": an age said of the animal named next, not a young horse.
    if (hit.term.kind === "species" && hit.term.young && hit.words.length === 1 && AGE_OF_YOUNG.test(hit.words[0]!) && namesSpeciesAt(words, i + 1, hit.term.id!)) {
      out.young = true;
      continue;
    }
    // "A tiger salamander", "a leopard tortoise": an animal's word before a wild animal's name is part of that name.
    if (hit.term.kind === "species" && isSpeciesModifier(text, words, i, hit)) continue;
    // "Our two bird dogs", "a deer hound": a quarry's word before a dog's says the dog's work, no animal spoken of.
    if (isDogsWork(text, words, i, hit)) continue;
    // "Goats from India to improve the dairy herd": a herd or flock is of the animal the text names, if it names another.
    if (hit.term.kind === "species" && hit.words.length > 1 && COLLECTIVE.test(hit.words.at(-1)!) && namesAnotherSpecies(words, hit.term.id)) {
      i += hit.words.length - 1;
      continue;
    }
    if (hit.term.kind === "species") previous = { id: hit.term.id, end: i + hit.words.length };
    if (hit.term.kind === "species") {
      out.species.add(hit.term.id);
      out.order.push(hit.term.id);
      if (hit.term.young) {
        out.young = true;
        // (Pointed at, "the chicks", "their chicks": "chicks and ducks" lists hens' chicks beside ducks.)
        if (hit.words.length === 1 && /^(?:the|their|its|these|those|her|his|our|my|your)$/.test(words[i - 1] ?? "")) youngOnly.set(hit.term.id, hit.words[0]!);
      } else adultNamed.add(hit.term.id);
    } else {
      out.groups.add(hit.term.index);
      out.order.push(groupLabel(hit.term.index));
      if (namedWhole(words, i)) out.whole.add(hit.term.index);
    }
    hit.words.forEach((w) => out.words.add(w));
    i += hit.words.length - 1;
  }
  // "Ostrich farm with feather lice on the chicks": a word any member's young are called by is the young of the member
  // named ("chicks" are hens' only where no other bird is named).
  for (const [id, word] of youngOnly) {
    if (adultNamed.has(id)) continue;
    const sharing = GROUPS.filter((g) => g.young?.includes(word) && g.members.includes(id));
    if (!sharing.some((g) => [...adultNamed].some((other) => other !== id && g.members.includes(other)))) continue;
    out.species.delete(id);
    for (let k = out.order.indexOf(id); k >= 0; k = out.order.indexOf(id)) out.order.splice(k, 1);
    out.words.delete(word);
  }
  return out;
}

/** The animals of farm, home and people: before another animal's name they say whose it is ("a pig doramectin", "sheep dog"). */
const KEPT_ANIMALS = new Set(["dog", "cat", "horse", "cattle", "sheep", "goat", "pig", "chicken", "rabbit", "human"]);
type SpeciesHit = { words: string[]; term: { kind: string; id?: string; young?: boolean } };
/** Is the species word at `at` (one word, singular) the first word of a wild animal's name ("tiger salamander")? */
function isSpeciesModifier(text: string, words: string[], at: number, hit: SpeciesHit): boolean {
  if (hit.words.length !== 1 || /s$/.test(words[at]!)) return false;
  const k = at + 1;
  const next = (PHRASES.get(words[k] ?? "") ?? []).find((c) => c.words.every((w, j) => words[k + j] === w));
  // (Not before another animal's word for its young, "pheasant poults" are pheasants; nor in a list, "cattle/buffalo".)
  return (
    next !== undefined &&
    next.term.kind === "species" &&
    !next.term.young &&
    next.term.id !== hit.term.id &&
    !KEPT_ANIMALS.has(next.term.id!) &&
    new RegExp(String.raw`\b${escapeStringRegexp(words[at]!)}\s+${escapeStringRegexp(words[k]!)}\b`, "i").test(text)
  );
}
/** Is the word at `at` (one word, singular, no farm or home animal's) the quarry before a dog's word ("bird dogs", "deer hound")? */
function isDogsWork(text: string, words: string[], at: number, hit: SpeciesHit): boolean {
  if (hit.words.length !== 1 || /s$/.test(words[at]!) || !DOG_WORD.test(words[at + 1] ?? "")) return false;
  if (hit.term.kind === "species" && (hit.term.id === "dog" || KEPT_ANIMALS.has(hit.term.id!))) return false;
  return new RegExp(String.raw`\b${escapeStringRegexp(words[at]!)}\s+${escapeStringRegexp(words[at + 1]!)}\b`, "i").test(text);
}
const DOG_WORD = /^(?:dogs?|hounds?)$/;

/** The words that only qualify a wild animal's name ("tiger" of "tiger salamander"): no animal, nor a topic. */
export function speciesModifiers(text: string): string[] {
  const words = (text.toLowerCase().match(WORD) ?? []).map((w) => w.replace(/['’]s$/, ""));
  return words.filter((w, i) => {
    // (The name read as speciesIn reads it: "leopard gecko" is one name, not "leopard" before "gecko".)
    const hit = (PHRASES.get(w) ?? []).find((c) => c.words.every((x, j) => words[i + j] === x));
    return hit !== undefined && ((hit.term.kind === "species" && isSpeciesModifier(text, words, i, hit)) || isDogsWork(text, words, i, hit));
  });
}
const COLLECTIVE = /^(?:herds?|flocks?)$/;
/** Products named after the animal they are made for ("the duck vaccine", "dog wormer"). */
const PRODUCT_FOR_HOST = /^(?:vaccines?|jabs?|wormers?|food|feed|shampoo)$/;
/** Does a text's words name a species other than this one (by a word that is no herd or flock)? */
/** Words for the young that say an age any farm animal has ("yearling"), not which animal. */
const AGE_OF_YOUNG = /^(?:yearlings?|weanlings?)$/;
/** Does the text name an adult of another species than this one at word `at` ("bull" after "yearling")? */
function namesSpeciesAt(words: string[], at: number, id: string): boolean {
  return (PHRASES.get(words[at] ?? "") ?? []).some((c) => c.term.kind === "species" && c.term.id !== id && !c.term.young && c.words.every((x, j) => words[at + j] === x));
}
function namesAnotherSpecies(words: string[], id: string): boolean {
  return words.some((w, k) =>
    (PHRASES.get(w) ?? []).some((c) => c.term.kind === "species" && c.term.id !== id && !COLLECTIVE.test(c.words.at(-1)!) && c.words.every((x, j) => words[k + j] === x)),
  );
}

/**
 * "All (species of) …" before the word at `at`: the whole group. So is the group a disease affects at large: "affects
 * numerous cultured fish species" speaks of trout ("a normal bacterium in various bird species" says nothing of a disease).
 */
function namedWhole(words: string[], at: number): boolean {
  const before = words.slice(Math.max(0, at - 4), at).join(" ");
  if (/(?:^|\s)all(?:\s+(?:species|kinds|types|members|breeds)\s+of)?(?:\s+the)?$/.test(before)) return true;
  const many = /(?:^|\s)(?:many|numerous|various|most|several)(?:\s+(?:cultured|farmed|wild|domestic|domesticated|captive|freshwater|marine|other|different))?$/.exec(before);
  if (!many || !/^species$/.test(words[at + 1] ?? "")) return false;
  const start = at - many[0].trim().split(/\s+/).length;
  return words.slice(Math.max(0, start - 3), start).some((w) => /^(?:affects?|affecting|infects?|infecting|kills?|killing|threatens?)$/.test(w));
}

/** A species' adjective that names diseases after it ("equine metabolic syndrome", "avian influenza"). */
const HOST_ADJECTIVE = /^(?:equine|bovine|canine|feline|porcine|ovine|caprine|avian|camelid|cervine|lapine)$/;
const ARTICLE = /^(?:a|an|the|my|our|his|her|their|your|this|these|young|pet)$/;

/**
 * The length of a disease's name that starts with a host's adjective, when the words after it ask of another species
 * ("equine metabolic syndrome in a donkey": 3), else 0. The name is the adjective and up to three words before "in".
 */
function askedOfAnother(words: string[], from: number, term: Term): number {
  const anotherAfter = (k: number) => {
    let j = k + 1;
    while (j < words.length && ARTICLE.test(words[j]!)) j++;
    const hit = PHRASES.get(words[j] ?? "")?.find((c) => c.words.every((w, n) => words[j + n] === w));
    return hit !== undefined && hit.term.kind === "species" && (term.kind !== "species" || hit.term.id !== term.id);
  };
  for (let k = from + 1; k <= Math.min(words.length - 2, from + 3); k++) {
    if (words[k] !== "in") continue;
    return anotherAfter(k) ? k - from + 1 : 0;
  }
  // (Or asked of it further on, the name ending in a disease's word: "is equine metabolic syndrome managed the same way in
  // donkeys?")
  const end = words.slice(from, from + 3).findIndex((w) => DISEASE_WORD_END.test(w));
  if (end < 0) return 0;
  for (let k = from + end + 1; k < Math.min(words.length - 1, from + end + 12); k++) if (words[k] === "in" && anotherAfter(k)) return end + 2;
  return 0;
}
/** Words that end a disease's name: "…syndrome", "…disease", "…itis". */
const DISEASE_WORD_END = /(?:syndrome|disease|sickness|fever|itis|osis|a?emia|pathy|influenza|flu|pox|plague)$/;

/** A species set against what a text speaks of: "Unlike dogs, cardiac chambers are unlikely to be changed…". */
const CONTRASTED = /\b(?:unlike|in contrast to|contrary to)\s+(?:in\s+)?(?:the\s+)?[\p{L}-]+(?:\s+(?:and|or)\s+[\p{L}-]+)?/giu;

/** An author cited with a year ("(Fox, 2002)", "Lamb et al. 2019"): a surname, not an animal. */
const AUTHOR_CITED = /\b\p{Lu}\p{Ll}+(?:\s+et\s+al\.?|\s+(?:and|&)\s+\p{Lu}\p{Ll}+)?,?\s+\(?(?:1[89]|20)\d\d[a-z]?\b/gu;

/** Venom, bites and stings spoken of: the venomous animal named there is what bites, not the patient. */
const VENOM_SPOKEN = /\b(?:venom\w*|envenom\w*|antivenom\w*|antivenin\w*|bites?|bitten|stings?|stung)\b/i;
const VENOMOUS = /\b(?:snakes?|vipers?|cobras?|kraits?|adders?|rattlesnakes?|spiders?|scorpions?|bees?|wasps?|hornets?)\b/gi;
/** The species lexicon's animals that bite or sting with venom. */
const VENOMOUS_SPECIES = new Set(["snake", "spider", "scorpion", "bee"]);

/**
 * The species a passage's text speaks of: those it names, but not those it sets its subject against nor cited authors.
 * Where the animals asked of are none that bite or sting with venom, nor the snake of a snakebite ("Worldwide, there are
 * … deaths per year due to snake envenomation" is of people).
 */
export const speciesSpokenOf = (text: string, asked: readonly string[] | null = null): SpeciesMentions => {
  const spoken = text.replace(CONTRASTED, " ").replace(AUTHOR_CITED, " ");
  const agents = asked !== null && !asked.some((id) => VENOMOUS_SPECIES.has(id)) && VENOM_SPOKEN.test(spoken);
  return speciesIn(agents ? spoken.replace(VENOMOUS, " ") : spoken);
};

/** A sentence's species without those of `hosts` it names only within a virus's name ("bovine PV types 1, 2, and 13"). */
export function withoutHostsOfItsName(mentions: SpeciesMentions, text: string, hosts: readonly string[]): SpeciesMentions {
  const asNamed = speciesIn(text, { asked: true });
  const named = hosts.filter((id) => mentions.species.has(id) && !asNamed.species.has(id) && asNamed.hosts.includes(id));
  if (!named.length) return mentions;
  return { ...mentions, species: new Set([...mentions.species].filter((id) => !named.includes(id))), order: mentions.order.filter((id) => !named.includes(id)) };
}

/** A species noun of another kind within the next few words ("broiler [and breeder] ducks"). */
function qualifiesAnotherSpecies(words: string[], from: number, term: { kind: string; id?: string }): boolean {
  for (let k = from; k < Math.min(words.length, from + 3); k++) {
    const hit = PHRASES.get(words[k]!)?.find((c) => c.words.every((w, j) => words[k + j] === w));
    if (hit) return hit.term.kind === "species" && hit.term.id !== term.id;
  }
  return false;
}

/** Does a text with these mentions speak of this species (by name, or by a narrow group it belongs to)? */
export function mentionsSpecies(mentions: SpeciesMentions, id: string): boolean {
  if (mentions.species.has(id)) return true;
  // (A narrow group speaks of this member unless the text names its other members instead: "…colonization in the chicken
  // intestinal tract. It costs the US poultry industry…" speaks of chickens, not of ducks.)
  const namesOthers = (g: number) => GROUPS[g]!.members.some((member) => member !== id && mentions.species.has(member));
  // (Unless it names the group whole: "…affecting all species of Equidae" speaks of mules, though "African horse sickness"
  // names horses.)
  for (const g of mentions.groups) if (GROUPS[g]!.members.includes(id) && (mentions.whole.has(g) || (!GROUPS[g]!.broad && !namesOthers(g)))) return true;
  return false;
}

/** Does a text with these mentions speak of this group (by its name or one of its members)? */
export function mentionsGroup(mentions: SpeciesMentions, index: number): boolean {
  const members = GROUPS[index]!.members;
  // (Or by a narrower group within it: "SACs" are camelids.)
  const within = (g: number) => GROUPS[g]!.members.length > 0 && GROUPS[g]!.members.every((id) => members.includes(id));
  return mentions.groups.has(index) || members.some((id) => mentions.species.has(id)) || [...mentions.groups].some(within);
}

/** Does a text (or what speciesIn read of it) name one of the frame's species or groups? */
export function namesAskedSpecies(frame: Pick<Frame, "species" | "groups">, text: string | SpeciesMentions): boolean {
  const mentions = typeof text === "string" ? speciesIn(text) : text;
  return frame.species.some((id) => mentionsSpecies(mentions, id)) || frame.groups.some((g) => mentionsGroup(mentions, groupIndex(g)));
}

/** The species a word names, or the members of the group it names ("bird": chickens, ducks, pigeons…). */
export function speciesMeantBy(word: string): string[] {
  const named = speciesIn(word);
  return [...named.species, ...[...named.groups].flatMap((g) => GROUPS[g]?.members ?? [])];
}

/**
 * The species a text names when none of them is one the question asks about ("In dogs, …" in an answer about cats), else
 * none; and the groups it names that hold none of the asked species ("The virus persists in the infected fish…" in an
 * answer about puppies), by their labels.
 */
/** Whether a text names a group holding an asked species, however broad: "fish" for a question on trout. */
export function namesGroupOfAsked(frame: Pick<Frame, "species">, text: string): boolean {
  return [...speciesIn(text).groups].some((g) => GROUPS[g]!.members.some((id) => frame.species.includes(id)));
}

export function otherSpeciesIn(frame: Pick<Frame, "species" | "groups">, text: string | SpeciesMentions): string[] {
  if (!frame.species.length && !frame.groups.length) return [];
  const mentions = typeof text === "string" ? speciesSpokenOf(text) : text;
  if (namesAskedSpecies(frame, mentions)) return [];
  // (Or members of an asked group: "birds" speaks of poultry.)
  const askedMembers = new Set([...frame.species, ...frame.groups.flatMap((label) => GROUPS[groupIndex(label)]?.members ?? [])]);
  const holdsAsked = (g: number) => frame.groups.includes(groupLabel(g)) || GROUPS[g]!.members.some((id) => askedMembers.has(id));
  return [...mentions.species, ...[...mentions.groups].filter((g) => !holdsAsked(g)).map(groupLabel)];
}

/** Every word that names a species: its own words, its young, and the narrow groups it belongs to ("small ruminants"). */
export function wordsNaming(id: string): string[] {
  const entry = SPECIES.find((s) => s.id === id);
  if (!entry) return [];
  return [...entry.words, ...(entry.breeds ?? []), ...entry.young, ...GROUPS.filter((g) => !g.broad && g.members.includes(id)).flatMap((g) => g.words)];
}

/** Breed names, longest first (a "border collie" is not read as "collie"), as whole words. */
const BREEDS = new RegExp(
  String.raw`\b(?:${SPECIES.flatMap((s) => s.breeds ?? [])
    .sort((a, b) => b.length - a.length)
    .map((b) => escapeStringRegexp(b).replace(/ /g, String.raw`[\s-]+`))
    .join("|")})\b`,
  "gi",
);

/** The breeds a text names, each as its index terms joined ("German Shepherds" -> "german shepherd"). */
export function breedsIn(text: string): string[] {
  return [...new Set([...text.matchAll(BREEDS)].map((m) => tokenize(m[0]).join(" ")))];
}

/**
 * The words that name a group: its own (`words`) and the others that name it too (`others`: its abbreviations, "SACs",
 * and for a narrow group its members' names).
 */
export function groupNaming(index: number): { words: string[]; others: string[] } {
  const group = GROUPS[index];
  if (!group) return { words: [], others: [] };
  return { words: group.words, others: [...(group.acronyms ?? []), ...(group.broad ? [] : group.members.flatMap((id) => SPECIES.find((s) => s.id === id)?.words ?? []))] };
}

export const speciesLabel = (id: string) => LABELS.get(id) ?? id;
export const groupLabel = (index: number) => GROUPS[index]?.words[GROUPS[index]!.words.length > 1 ? 1 : 0] ?? "";
export const groupIndex = (word: string) => GROUPS.findIndex((g) => g.words.includes(word));
const PETS = groupIndex("pets");

/**
 * International nonproprietary name stems (WHO) and the usual veterinary ones: a word ending like this
 * is a drug ("itraconazole", "ivermectin", "meloxicam", "imidocarb", "GS-441524" is a code, below).
 */
const DRUG_STEM =
  /^[a-z][a-z-]{3,}(?:mycin|micin|cillin|cycline|floxacin|oxacin|conazole|azole|bendazole|mectin|ectin|profen|coxib|icam|fenac|olac|caine|pril|sartan|olol|dipine|semide|thiazide|statin|prazole|tidine|setron|amivir|ciclovir|clovir|desivir|piravir|zepam|zolam|barbital|fentanil|fentanyl|afil|orphine|orphanol|adone|asone|isone|olone|parin|platin|rubicin|tinib|citinib|fungin|penem|mab|pramine|triptyline|oxetine|tomidine|azine|promazine|xazine|carb|uron|pronil|antel|amisole|azuril|fenicol|amulin|nixin|butazone|sporine|tocin|relin|prost|prostenol|goline|quone|mustine|cristine|phosphamide|ambucil|xifen|ifen|sulfa\w*|trim|prim|opril|flurane|ofol|alone|adol|pentin|pitant|endan|thyroxine|methrin|cloprid|olaner|laner|ginone|omidium|amidium|thidium|gliflozin|gliptin|glitazone)$/;
/** Drugs the stems miss (common veterinary ones). */
const DRUG_WORDS = new Set(
  "tiamulin valnemulin ketamine xylazine atropine epinephrine adrenaline insulin heparin warfarin digoxin furosemide tramadol lidocaine diazepam midazolam propofol praziquantel pyrantel permethrin selamectin monensin lasalocid amprolium suramin interferon cephalexin cefalexin ceftiofur cefovecin cefazolin amoxicillin clavulanate enrofloxacin marbofloxacin metronidazole doxycycline oxytetracycline tetracycline tylosin florfenicol gentamicin amikacin trimethoprim sulfadiazine chloramphenicol rifampicin isoniazid ivermectin moxidectin milbemycin fenbendazole albendazole oxfendazole levamisole closantel nitroxynil triclabendazole toltrazuril diclazuril imidocarb diminazene buparvaquone isometamidium halofuginone oseltamivir acyclovir famciclovir remdesivir molnupiravir fipronil fluralaner afoxolaner sarolaner imidacloprid prednisolone prednisone dexamethasone hydrocortisone cyclosporine ciclosporin oclacitinib lokivetmab maropitant ondansetron metoclopramide omeprazole famotidine sucralfate misoprostol meloxicam carprofen robenacoxib firocoxib phenylbutazone flunixin ketoprofen aspirin paracetamol acetaminophen methadone buprenorphine butorphanol morphine fentanyl hydromorphone medetomidine dexmedetomidine acepromazine alfaxalone isoflurane sevoflurane bupivacaine gabapentin amantadine phenobarbital levetiracetam bromide pimobendan enalapril benazepril amlodipine spironolactone methimazole carbimazole levothyroxine trilostane mitotane deslorelin cabergoline oxytocin altrenogest cloprostenol dinoprost toceranib vincristine cyclophosphamide doxorubicin carboplatin lomustine chlorambucil tamoxifen itraconazole ketoconazole fluconazole terbinafine griseofulvin nystatin clindamycin erythromycin azithromycin tulathromycin tilmicosin gamithromycin tildipirosin penicillin ampicillin cloxacillin streptomycin neomycin colistin metformin pergolide glipizide trazodone mirtazapine cisapride lactulose ursodiol emodepside clorsulon nitenpyram spinosad diethylcarbamazine melarsomine mannitol dobutamine dopamine vasopressin naloxone atipamezole yohimbine flumazenil grapiprant tolfenamic mavacoxib".split(
    " ",
  ),
);
/** Words naming a disease or lesion by their ending (hepatitis, babesiosis, hyperammonaemia, hepatopathy…). */
/** Diseases named by a word that ends like no condition ("classical scrapie", "bluetongue"). */
const DISEASE_WORDS = new Set(["scrapie", "bluetongue", "distemper", "strangles", "footrot", "stringhalt", "rabies", "anthrax", "botulism", "tetanus", "glanders", "blackleg", "parvo", "ringworm", "mange", "lepto", "flystrike", "orf", "scours", "heartworm", "lungworm", "hydatid", "hydatids"]);
const CONDITION_ENDING = /^[a-z]{3,}(?:itis|osis|iasis|aemia|emia|pathy|oma|omas|algia|plasia|trophy|rrhoea|rrhea|uria|penia|cytosis|ectasia|megaly|oedema|edema|pox|derma|thorax)$|^mega(?:o?esophagus|colon|rectum|ureters?|ca?ecum|cystis)$/;
/** Parasites that are the disease themselves, named in everyday words ("lice on the hens"): a follow-up naming one asks of it. */
const PARASITE_NAMED = /\b(?:lice|louse|fleas?|mites?)\b/i;
/**
 * Words naming a pathogen by their ending (norovirus, Salmonella, Staphylococcus…); not the cells and body parts that end
 * so ("spermatozoa", "patella", "flagella").
 */
const PATHOGEN_ENDING = /^(?!(?:sperm(?:at)?o?zo(?:a|on)|metazoa|patella|flagella|lamella|umbrella)$)[a-z]{3,}(?:virus|viruses|bacter|bacterium|plasma|coccus|cocci|bacillus|ella|monas|myces|spora|sporidium|zoon|zoa)$/;
/** The fish group's word for farming in water, which farms other animals too. */
const AQUACULTURE = "aquaculture";
/**
 * The virus a word clips, where the synonym vocabulary writes it out so ("calici": "calicivirus"), else null. (Not a genus
 * clipped, "staph": passages name its species, "S. aureus"; nor a word written as another, "kneecap".)
 */
const clippedVirusName = (word: string): string | null => {
  const [stem, ...more] = tokenize(word);
  if (stem === undefined || more.length) return null;
  const virus = synonymsIn([stem]).flatMap((m) => m.alternatives).find((a) => a.length === 1 && a[0] !== stem && a[0]!.startsWith(stem) && /virus$/.test(a[0]!));
  return virus ? virus[0]! : null;
};
/** How a species' or subspecies' epithet ends ("venerealis", "canadensis", "ruminantium", "gallinarum"): a name, never English. */
const EPITHET_ENDING = /^[a-z]{4,}(?:alis|ensis|aris|icola|philus|ii|orum|arum|antium|entium)$/;
/** The organ a condition's name is made on ("dermat-itis", "enter-itis", "mast-itis"). */
const ORGAN_ROOT =
  /^(?:derm|enter|mast|arthr|hepat|nephr|col|gastr|ot|kerat|conjunctiv|pneum|encephal|mening|myo|stomat|gingiv|cyst|metr|vagin|card|peri|endo|bronch|rhin|sinus|lamin|tend|myel|laryng|pharyng|tonsil|o?esophag|pancreat|periton|pleur|vascul|phleb|uve|blephar|chol|proct|ile|duoden|jejun|orch|prostat|spondyl|trache|lymph|cellul|pannicul|fasc|pod|vulv|ureth|glomerul|pyel|oste|chondr|synov|burs|neur|radicul|poly|omphal|typhl|balan|sial|aort|arter|ven|lymphang|epididym|funicul|mastoid|ret|scler|irid|cycl|chor|dacry|ophthalm|gloss|cheil|laryngotrache)/;
/** A word ending as a genus does. */
const GENUS = new RegExp(`${GENUS_ENDING}$`);
/** A binomial: capitalised genus then a lower-case epithet ("Babesia divergens"), or its short form ("B. divergens"). */
const BINOMIAL = /\b([A-Z][a-z]{2,}|[A-Z]\.)\s+([a-z]{3,})\b/g;
/** Codes: letters with 3+ digits ("GS-441524", "A2059G"): a compound or a mutation the passage must name exactly. */
const CODE = /^(?=[^a-z]*[A-Z])[A-Za-z]{1,4}-?\d{3,}[A-Za-z]?$/;
/** Acronyms and codes: at least two capitals ("MRSA", "FeLV", "RHDV2", "OmpH"), or letters with 3+ digits ("GS-441524", "A2059G"). */
const LOWER_CASE_CODE = /^[a-z]{2,5}\d+[a-z\d]{0,3}$/;
const LOWER_PREFIXED_CODE = /^\p{Ll}{1,3}\p{Lu}{2,}\d*(?:-\d{1,3}[a-z]?)?$/u;
// A subtype after a hyphen belongs to it: "FeLV-B", "CPV-2", "BPI-3", "IL-6".
const ACRONYM = /^(?=(?:[^A-Z]*[A-Z]){2})[A-Z][A-Za-z]*[A-Z0-9][a-z0-9]*(?:-[A-Z0-9]{1,4})?$|^(?=[^a-z]*[A-Z])[A-Za-z]{1,4}-?\d{3,}[A-Za-z]?$/;
/** Acronyms that name a technique, a unit or an agency, not a thing the answer must be about. */
const GENERIC_ACRONYMS = new Set(
  // (With a case's signalment: sex and neuter status, "4yo MN DSH", "3yo FS podenco"; coat, "DSH", "DLH". And the people
  // and places of a practice: "the GP wants it graded…", "RVN", "OOH", "ER"; a note's form, "SOAP".)
  "DNA RNA PCR RT qPCR MRI CT ECG EKG ELISA IFA IV IM SC SQ PO BID SID TID QID EOD PRN ICU US USA UK EU WHO OIE WOAH FDA EMA CI SD SE OR RR NSAID NSAIDS II III IV VI VII VIII IX XI XII HPF MN MC FS FN FE MK DSH DLH DMH MOA OK GP GPs RVN RVNs VN VNs DVM MRCVS BVSc BVMS OOH ER ED SOAP UV CS".split(" "),
);
/** Words before a test or method that say it is the means of seeing a thing ("on EM", "by FNA", "under TEM"). */
const READ_BY = /\b(?:on|by|under|via|using|with|at)\s+(?:an?\s+|the\s+)?$/i;
/** A horse's breed written short before what the horse is ("8yo TB gelding", "QH mare"): not tuberculosis. */
const HORSE_BREED_SHORT = /^(?:TB|TBx|TBX|QH|WB|ISH)$/;
const HORSE_WORD = /^(?:gelding|geldings|mare|mares|stallion|stallions|colt|colts|filly|fillies|horse|horses|x|cross|broodmare|yearling|foal|foals)$/i;
/** Lower-case words that follow a capitalised word without making it a binomial. */
const NOT_EPITHET = new Set(
  "and are can does did for from via per has have how infection infections its not the was were which with what when who why will would should could may might that this these those there their then than also only into onto over under after before about between among against during isolates isolate strains strain species virus vaccine vaccines disease diseases studies study cells cell bacteria bacterium analysis diagnosis prognosis basis crisis emphasis hypothesis synthesis status focus data area media criteria formula stimulus uterus sinus census consensus apparatus genus thesis axis iris pelvis cervix index complex reflex plus versus thus".split(
    " ",
  ),
);
/** A code of capitals and numbers written apart: "CA 15-3", "CA 27.29". */
const SPACED_CODE = /\b[A-Z]{2,5}\s\d+(?:[.-]\d+)+\b/g;
/** Capitalised words that are not names when they open a clause or stand mid-sentence. */
const NOT_NAMES = new Set(
  "i i'm i've i'd we our a an the in on at is are what which when where how why who whom whose does do did can could should would will may might must has have had if for and or but not no yes type grade stage class group phase year form level week day month table figure lab anything something everything nothing anyone someone everyone anybody somebody any some every besides whereas although though unless perhaps maybe otherwise hence thus also apart aside after before during since until upon within without between among against across beyond behind under over mr mrs ms miss dr prof monday tuesday wednesday thursday friday saturday sunday".split(
    " ",
  ),
);

/** Words that say what kind of fact is asked (or are too general to be a topic). */
/**
 * A question's topic words, a noun's possessive read as the noun: "the louse's life cycle" is of the louse. (Not "it's", nor
 * "is" run into its noun, "which bug's mainly to blame?": a possessive comes before the noun it owns.)
 */
function topicWordsOf(text: string): string[] {
  const owners = new Set(
    // (Not a person's, "my mate's Quarter Horse": who owns the animal is no topic.)
    [...text.toLowerCase().matchAll(/(?<!\b(?:my|our|your|his|her|their)\s+)\b(\p{L}{3,})['’]s\s+(\p{L}+)/gu)].filter((m) => !isStopWord(m[1]!) && !isStopWord(m[2]!) && !/ly$/.test(m[2]!) && !GENERIC_WORDS.has(m[2]!)).map((m) => m[1]!),
  );
  return topicWords(text).map((w) => (/^\p{L}{3,}['’]s$/u.test(w) && owners.has(w.slice(0, -2)) ? w.slice(0, -2) : w));
}

const GENERIC_WORDS = new Set(
  `dose doses dosage dosing given give giving administer administered administration route routes often frequency interval repeat repeated
  long duration period time times length much many percent percentage proportion fraction rate rates prevalence incidence common
  usual usually typical typically normal normally recommended recommend recommendation best main key major most least predominant
  cause causes caused causing why reason reasons rationale mechanism explain explains happen happens way ways work works
  diagnose diagnosed diagnosis diagnostic test tests testing detect detected detection confirm confirmed
  prognosis outcome outcomes survive survival expect expected picture
  treat treated treating treatment treatments therapy manage managed management options option meds
  control controlled controlling prevent prevented preventing prevention
  differ difference differences different compare compared comparison versus distinguish distinguished distinguishing similar same
  tell told apart differentiate differentiated differentiating differentiation
  definition define defined mean means meaning called term terms known respect regard regards
  sign signs symptom symptoms clinical feature features finding findings effect effects
  use used using need needed needs get gets got make makes made should would could case patient patients buy buying bought
  risk risks factor factors year years day days week weeks month months hour hours first new old young adult
  timeline timelines chronology history trend trends formula formulae
  roughly approximately about around exactly also else other others another again still really actually
  safe effective effectiveness efficacy work able likely possible possibly important role roles type types kind kinds
  happen occur occurs occurred found find show shown reported report reports described describe tend tends tended
  unrelated different separate switching switch going back topic question become becomes became infected infect infects catch catches caught instead alternatively
  planning plan suspect suspected go going there here large big already strongly highly quite very well just even ever maybe perhaps
  always sometimes occasionally constantly generally mostly currently recently especially particular particularly probably truly simply anything something everything thing things lot lots
  bit idea okay please thanks know think want wonder tell sure guess seem seems look looks try whats basic basics peak peaks
  say literature sensible routine ok deal deals handle couple individuals individual mainly primarily chiefly largely form forms
  prone place whereabouts vs vet vets doc docs backyard says said hit hardest worst die dies died dying pet pets schedule eventually commonest shot shots
  her hers his him she he ask asks asked asking whether culprit culprits owner owners client clients season seasons seasonal seasonality far apart
  hang hangs hanging linger lingers bug bugs behind worth trying tried mention mentioned seen see cases outlook deadly help helps helped useful helpful
  worry worried worrying concern concerned concerning serious seriously dangerous harmless bad badly severely stand stands remind reminder bother bothering
  totally completely entirely staff household handlers keepers workers knock knocks dent dents quickly quick soon without catching avoid avoiding
  sort sorts talk talking anyway anyways realistically honestly fine yesterday today tonight reckon reckons thinks yr yrs yo yard yards field fields paddock paddocks flock flocks herd herds wrong expectancy ill unwell poorly related connected linked organism organisms buck bucks doe does
  conclude concludes concluded conclusion conclusions candidate candidates distractor distractors quiz lecture lectures seminar seminars webinar webinars podcast podcasts saw heard news story stories article articles online internet google tv trust rely numbers stats statistics sorry aftercare moa hi hiya hello hey saying mine rang phoned understand understood handover handovers realistic adopt adopted adopting adopter adopters adoption rehome rehomed rehoming smallholder smallholders smallholding true
  rounds blanked blank coordinate coordinates coordinating coordinator coordinators stray strays
  next door neighbour neighbours neighbor neighbors neighbouring neighboring nearby road arrive arrives arriving arrived brewing brew brews brewed
  zoonosis zoonoses guy guys girls boys ladies lads gals shop chance chances looked never really handful actual
  statement statements accurately accurate correctly correct characterizes characterises characterize characterise reflects reflect
  scenario scenarios pairing pairings description descriptions describes option options combination combinations directly represents
  represent fits fit supports support consistent consistently following integrates integrate explains explanation strongly likely
  take takes taking took taken pick picks picked picking settle settles settled stop stops stopped stopping start starts started starting
  run runs running ran keep keeps keeping kept put puts putting bring brings bringing carry carries carrying come comes coming came goes went gone
  let lets letting allow allowed allowing wait waiting getting gotten soon later lately tho though pls approx inj bigger smaller
  till until once max maximum minimum min end ends ended enough predict predicts behave behaves suddenly away hit hits drag drags protocol protocols regimen regimens schedule schedules
  gives affected last lasts afterwards afterward beforehand nasty nastier nastiest biggest problem problems issue issues like properly
  loads ones round since thinking matter matters worked higher one wants wanted wanting locum locums practice practices brought consult consults farmer farmers
  oh ah um uh erm hmm btw alright forgot forget forgotten someone somebody mentor mentors morning mornings evening evenings afternoon afternoons
  top list suspicious suspicion looking somewhere read telling warn warns warned warning meant batch batches watch watching
  brother brothers sister sisters sibling siblings grandson grandsons granddaughter granddaughters grandchild grandchildren grandkids grandma grandpa
  grandmother grandfather grandparents nephew niece son daughter husband wife mum mom dad cant dont wont isnt doesnt didnt wouldnt shouldnt couldnt
  pretty riddled basically essentially literally name names causal real quote quoted quoting love loves loved helping
  recognised recognized aware volunteer volunteers stud studs worse student students placement placements fortnight fortnights rip rips ripped ripping
  ngl tbh lol lmao idk imo imho omg smh plz thx tysm fyi asap afaik friend friends pal pals weird weirdly
  fight fights fighting fought paper papers
  caller callers listener listeners viewer viewers definitely certainly surely tomorrow tiny crawling crawl crawls
  everyone everybody anyone anybody episode episodes podcast podcasts plain layman laymans layperson eli5 tells ought genuinely genuine
  lady ladies afford affordable prioritise prioritize little answer answers
  project projects homework coursework science random teacher teachers tutor tutors gran granny nan nana nanna im retired query queries enquiry enquiries complaint complaints gp gps
  happened happens happening luck lucky unlucky nightmare nightmares swear swears swore sworn plans either
  shrug shrugs shrugged aka lab labs decide decides decided deciding sit sits etc curiosity curious taxonomically yet`.split(/\s+/),
);

const NUMBER_WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"];
const NUMBER_WORD = new RegExp(`\\b(${NUMBER_WORDS.join("|")})\\b`, "gi");

/** Small numbers written as words, as digits. */
export const withDigits = (text: string) => text.replace(NUMBER_WORD, (w) => String(NUMBER_WORDS.indexOf(w.toLowerCase())));

/**
 * A list asked by its length ("What are the three ASF transmission cycles?", "the 3 cycles"): the number and the noun's
 * index term. Null when the question asks none.
 */
export function listAsked(question: string): { count: string; noun: string } | null {
  const m = /\bthe\s+(\d{1,2})\s+(?:[\p{L}-]+\s+){0,2}?([\p{L}-]{3,}s)\b/iu.exec(withDigits(question));
  if (!m || Number(m[1]) < 2) return null;
  const noun = tokenize(m[2]!)[0];
  return noun ? { count: m[1]!, noun } : null;
}

/** "Do tigers actually get calicivirus?", "can goats catch it?": whether the species gets the subject at all. */
const SPECIES_GETS_ASKED =
  /^\s*(?:and\s+|so\s+|but\s+)?(?:do|does|can|could|will|would|may|might)\s+(?:[\w'’-]+\s+){1,4}?(?:actually\s+|ever\s+|really\s+|also\s+|even\s+)?(?:get|catch|contract|develop|be infected (?:with|by)|become infected (?:with|by))\b|^\s*(?:and\s+|so\s+|but\s+)?(?:can|could|will|would|may|might|does|do)\s+(?:it|this|that|they|the\s+[\w-]+)\s+(?:also\s+|even\s+|ever\s+|actually\s+)?(?:spread|pass|jump|transfer|be passed|be transmitted|be spread)\s+(?:on\s+|across\s+|over\s+)?(?:to|into)\b/i;
/** "Does ferret epizootic coronaviral enteritis also infect mink?": whether the animals after "infect" get it. */
const INFECTS_ASKED = /^\s*(?:and\s+|so\s+|but\s+)?(?:do|does|can|could|will|would|may|might)\s+(?:[\w'’-]+\s+){1,5}?(?:also\s+|ever\s+|even\s+|actually\s+)?(?:infect|affect)\s+((?:[\w'’-]+\s+){0,2}[\w'’-]+)/i;
/** The animals a question asks whether it infects, named after "infect" ("…also infect mink?"); none where it asks otherwise. */
export const speciesAskedIfInfected = (question: string) => askingParts(question).flatMap((part) => [...speciesIn(INFECTS_ASKED.exec(part)?.[1] ?? "").species]);
export const asksWhetherSpeciesGets = (question: string) => askingParts(question).some((part) => SPECIES_GETS_ASKED.test(part)) || speciesAskedIfInfected(question).length > 0;
/** "Has congenital erythropoietic porphyria been reported in dogs?", "does GOLPP occur in cats?": whether it is known in them. */
const REPORTED_IN_ASKED =
  /^\s*(?:and\s+|so\s+|but\s+)?(?:has|have|is|are|was|were)\s+(?:[\w'’-]+\s+){1,5}?(?:been\s+)?(?:ever\s+)?(?:reported|described|documented|recorded|diagnosed)\s+(?:in|among)\b|^\s*(?:and\s+|so\s+|but\s+)?(?:does|do|can)\s+(?:[\w'’-]+\s+){1,5}?(?:occur|happen)\s+(?:in|among)\b/i;
export const asksWhetherReportedIn = (question: string) => askingParts(question).some((part) => REPORTED_IN_ASKED.test(part));

/**
 * "Which species can Mycobacterium bovis infect?", "what animals get it?": the hosts are asked, answered by a sentence
 * that names several species ("M. bovis infects numerous mammals, including cattle, goats, dogs, pigs…").
 */
// ("Which animals have turned up positive for it?": the ones found infected.)
export const HOSTS_ASKED = /\b(?:which|what)\s+(?:other\s+)?(?:host\s+)?(?:species|animals|hosts)\b(?:\s+[\w'’-]+){0,5}?\s+(?:infect(?:s|ed)?|affect(?:s|ed)?|get|gets|catch|carry|carries|susceptible|harbou?r|hit|hits|strike|strikes|attack|attacks|(?:turn(?:s|ed)?\s+up|test(?:s|ed)?|come\s+up|came\s+up|found)\s+positive)\b/i;
export const namesHosts = (sentence: string) => speciesIn(sentence).species.size >= 3;
/**
 * The role of an animal a question asks ("What's the natural reservoir?", "which is the vector?"): the answer names
 * another species than the question's, in a sentence that says that role.
 */
const ROLE_ASKED = /\b(?:what|which)(?:['’]s|\s+is|\s+are)?\s+(?:the\s+)?(?:[\p{L}-]+\s+){0,3}?(reservoir|vector|carrier)s?\b/iu;
export function saysRoleAsked(question: string, sentence: string): boolean {
  const role = ROLE_ASKED.exec(question)?.[1];
  return role !== undefined && new RegExp(`\\b${role}s?\\b`, "i").test(sentence);
}

/** Does a sentence state the list by its length ("Three independent epidemiologic cycles … have been described")? */
export function statesList(sentence: string, list: { count: string; noun: string }): boolean {
  const m = new RegExp(`\\b${list.count}\\s+((?:[\\p{L}-]+\\s+){0,2}[\\p{L}-]+)`, "iu").exec(withDigits(sentence));
  return m !== null && tokenize(m[1]!).includes(list.noun);
}

/** Does this word name a drug (by its INN stem or as a usual veterinary drug)? */
export function namesDrug(word: string): boolean {
  const lower = word.toLowerCase();
  // (In the plural too: "Oxytetracyclines are ideal…".)
  const singular = lower.endsWith("s") && !lower.endsWith("ss") ? lower.slice(0, -1) : lower;
  return [lower, singular].some((w) => DRUG_WORDS.has(w) || (DRUG_STEM.test(w) && !GENERIC_WORDS.has(w)));
}

/** Is this word one that says what kind of fact is asked, not what it is about ("dose", "roughly", "usually")? */
export const isAskingWord = (word: string) => GENERIC_WORDS.has(word.toLowerCase());
/** The same as index terms ("caus" for "cause", "causes"). */
const ASKING_TERMS = new Set(tokenize([...GENERIC_WORDS].join(" ")));
export const isAskingTerm = (term: string) => ASKING_TERMS.has(term);

/** Words that say the question leaves the topic before ("Unrelated", "Switching topics", "Different case"). */
// ("Next case", not "the next one": "…so we catch the next one early?" is the next case of what was spoken of.)
const SWITCH_WORDS = String.raw`(?:(?:completely|totally|entirely|quite)\s+)?(?:different|diff) (?:case|q|qs|question|topic|subject|thing|matter|issue)|another (?:thing|matter|topic)|(?<!\bthe\s)(?:one\s+)?other thing(?=\s+then\b|\s*[:,.\-–—])|(?:totally|completely|entirely|something) (?:different|else|separate|unrelated)|separate (?:one|thing|matter)|(?:(?:oh|and|but)\s+)*separately|on a separate note|unrelated|new topic|new question|separate question|switching (?:topics?|subjects?|gears)|changing gears|change of (?:topic|subject|tack)|changing (?:the )?(?:topic|subject)|another question|on (?:another|a different) note|moving on|(?<!\bthe\s)next (?:one|case|patient|question|slide|sample|caller|animal)|(?:sorry|apologies) (?:to|for) (?:jump(?:ing)? about|jump(?:ing)? around|chang(?:e|ing) (?:the )?(?:subject|topic))|going off on a tangent|on a tangent|while (?:i'?ve got you|i have you|you'?re (?:here|there|on the (?:phone|line))|i remember)|before i forget|side (?:q|qs|question|questions|note|issue)|off[- ]topic`;
/** Markers that a question stands alone although it opens with "and" or names no topic of its own. */
// (Going back to something opens a clause: "be back to normal" is no switch.)
// (A question that opens on another kind of subject is one, however it goes on: "Different zoonosis for the same lecture -
// …", where the same lecture is the asker's, not the subject's. Only as the opening: "is it a different virus from FeLV?"
// compares.)
const SWITCH = new RegExp(
  String.raw`\b(${SWITCH_WORDS})\b|(?:^|[,.;:!?–—-]\s*|\b(?:ok(?:ay)?|right|so|and|now)\s+)(?:switching to|going back to|back to|returning to|coming back to)\b|^\s*(?:(?:oh|ah|and|but|also|ok|okay|right|so)[,\s]+)*(?:(?:completely|totally|entirely|quite)\s+)?(?:different|separate)\s+(?:disease|zoono(?:sis|ses)|infection|condition|parasite|pathogen|bug|germ|virus|organism)\b`,
  "i",
);
/** A switch marker that opens the question, up to its colon or comma ("Switching topics:", "Different case,"). */
// (After a word that only opens a turn: "oh while I remember -".)
// ("Right, changing subject completely.", "Switching topics entirely:")
const SWITCH_LEAD = new RegExp(String.raw`^\s*(?:(?:oh|ah|and|but|also|ok|okay|right|so)[,\s]+)*(?:${SWITCH_WORDS})(?:\s+(?:completely|entirely|totally|altogether|now|here))?\s*[:,.\-–—]\s*`, "i");
/** The words of a switch marker that opens the question ("oh while I remember -", "Side q:"): they say nothing of its topic. */
export const switchLeadWords = (question: string): string[] => SWITCH_LEAD.exec(question)?.[0].match(/[\p{L}\p{N}]+/gu) ?? [];
/** A word that takes the answer before and goes on ("Right,", "Good.", "Thanks -", "Great, and…"). */
// ("ok fair.", "Fair enough -", "ah makes sense,")
const ACKNOWLEDGED = String.raw`(?:(?:ok|okay|alright|right|ah|oh)\s+)?(?:right|ok|okay|alright|all right|well|anyway|good|great|thanks|thank you|cheers|perfect|lovely|brilliant|nice|cool|got it|gotcha|fair enough|fair|makes sense|understood|noted|i see)(?: then)?`;
/**
 * A chat's opening word or call that says nothing of the topic ("Right,", "OK,", "Right, quiz time.", "Quick one:", "and a
 * harder one on that -").
 */
const OPENER = new RegExp(
  String.raw`^\s*(?:${ACKNOWLEDGED}\s*[,.!:\-–—]\s*)?(?:(?:quiz|question) time|quick (?:one|question|check|q)(?:\s+before\s+(?:we|i)\s+(?:record|go (?:live|on air)|air (?:it|this)|film|publish|print|post))?|pop quiz|(?:and\s+)?(?:a|an|one|another)\s+(?:harder|easier|tougher|trickier|simpler|bonus|follow-up)\s+(?:one|question|q)(?:\s+on\s+(?:that|this|it))?)\s*[,.!:?\-–—]\s*|^\s*${ACKNOWLEDGED}\s*[,.!:\-–—]\s*`,
  "i",
);
/**
 * Who is asking, said before the question on a phone or in a chat ("Lab calling about a dog urine:", "Path lab here -",
 * "Hi, it's the practice nurse,"): it says nothing of the topic. ("My Lab here has…" is a dog: the caller is followed
 * by a break or by what the call is about.)
 */
const CALLER =
  /^\s*(?:(?:hi|hello|hey|morning|afternoon)\s*[,!.]?\s*)?(?:(?:this is|it'?s|it is)\s+)?(?:the\s+)?(?:(?:path(?:ology)?|diagnostic|referral|reference|in-?house|practice|clinic)\s+)?(?:lab|laboratory|practice|clinic|surgery|reception|receptionist|nurse|vet|locum|pharmacy|pharmacist|pathologist|technician|tech)\s+(?:here\s*[,.!:\-–—]+|calling(?:\s+(?:about|re|regarding|with))?\b\s*[,.!:\-–—]*)\s*/i;

/** A name after a species word ("cat Mochi", "lab cross Max"), compiled once per word of the lexicon. */
const namesAfter = new Map<string, RegExp>();
function nameAfter(word: string): RegExp {
  let re = namesAfter.get(word);
  if (!re) {
    // (Not a pathogen named after a place: "duck Tembusu virus".)
    // (The species word in any case, the name capitalised: "my other cat, Smudge" too.)
    re = new RegExp(String.raw`\b${escapeStringRegexp(word)}(?:\s+(?:cross|x|mix))?,?\s+(?:called\s+|named\s+)?(\p{L}\p{Ll}{2,})\b(?!['’]s\s+(?:disease|syndrome)|\s+(?:virus|disease|fever|syndrome|strain|serotype|type|vaccine|test)\b)`, "giu");
    namesAfter.set(word, re);
  }
  return re;
}

/**
 * The names an owner gives animals ("our rescue cat Mochi", "my lab cross Max", "Barney, my little terrier", "Bella's
 * wee"): who the animal is, not what the passages must speak of.
 */
export function petNames(text: string): string[] {
  const out = new Set<string>();
  for (const word of speciesIn(text).words) {
    // (Not after a host's adjective: "canine Theileria" names a parasite of dogs.)
    if (HOST_ADJECTIVE.test(word)) continue;
    for (const m of text.matchAll(nameAfter(word))) if (/^\p{Lu}\p{Ll}+$/u.test(m[1]!)) out.add(m[1]!);
  }
  for (const m of text.matchAll(/\b(\p{Lu}\p{Ll}{2,}),\s+(?:my|our|his|her|their)\s/gu)) out.add(m[1]!);
  for (const m of text.matchAll(POSSESSED_BY_PET)) out.add(m[1]!);
  return [...out].filter((name) => !NOT_NAMES.has(name.toLowerCase()));
}
/** People named by their title ("Dr Patel wants to know…", "Prof. Okafor asked…"): who asks, not what about. */
const PERSON = /\b(?:Dr|Doctor|Prof|Professor|Mr|Mrs|Ms|Miss|Sister)\.?\s+(\p{Lu}[\p{L}'’-]+)/gu;
/** The names of those people ("Patel"). */
export const personNames = (text: string) => [...new Set([...text.matchAll(PERSON)].map((m) => m[1]!))];
/** How they are named, title and name ("Dr Patel"). */
export const personMentions = (text: string) => [...new Set([...text.matchAll(PERSON)].map((m) => m[0]))];
/** A capitalised possessive before an everyday noun ("Bella's wee"), not an eponym's ("Johne's disease", "Koch's postulates"). */
const POSSESSED_BY_PET =
  /\b(\p{Lu}\p{Ll}{2,})['’]s\s+(?!(?:disease|syndrome|vaccines?|vaccination|test|solution|medium|stain|sign|agar|phenomenon|law|triad|reaction|criteria|classification|score|formula|method|technique|procedure|operation|postulates|node|gland|organ|ducts?|layer|membrane|loop|canal|capsule|cells?|bod(?:y|ies)|corpuscles?|fever|lymphoma|sarcoma|ulcer|tumou?r|palsy|paralysis|infection|virus|bacillus|cyst|hernia|space|line|fluid|tube|sheath)\b)\p{Ll}/gu;

/**
 * What a question puts before a colon or a spaced dash at its start, when a question follows ("New grad here, first solo
 * derm consult: …", "Mentor question: …", "hi, sorry the video's a bit laggy - Bella's wee has gone pink…"): often who
 * asks, where from, or how the call is going; null when there is none.
 */
/** A person by their work, after the animals they work with ("livestock officer", "poultry vet"). */
const ASKERS_ROLE = String.raw`(?:officers?|farmers?|keepers?|vets?|veterinarians?|inspectors?|advis[eo]rs?|workers?|managers?|technicians?|producers?|dealers?|auctioneers?|journalists?|specialists?|extension agents?)`;
/** A label that says who asks or what they are doing: "Shelter manager:", "Police dog handler -", "Translating a leaflet:". */
const ASKER_LABEL =
  /\b(?:manager|handler|nurse|technician|tech|inspector|officer|adviser|advisor|lad|student|owner|farmer|keeper|breeder|groom|assessor|translator|journalist|locum|pharmacist|rehabber|rehabilitator|sitter|walker|coordinator|hobbyist|enthusiast|fancier|vet|here|resident|registrar|intern|consultant|researcher|lecturer|surgeon|physician|doctor|paramedic|midwife|trainee|postdoc|\p{L}+(?:olog|thet|tion|therap|cial|ent)ist)(?:\s+(?:for|at|from|with|in|on|of|\p{L}+ing)\b[^:]*)?\s*$|^\s*(?:translating|writing|reading|checking|fact-?checking|studying|revising)\b|\b(?:listener|caller|viewer|reader|follower|subscriber)s?\b|^\s*(?:an?\s+|another\s+|next\s+)?(?:e-?mail|letter|message|text|dm|question|query|enquiry|inquiry|request|call)\s+(?:in\s+)?from\b/iu;
export const isAskerLabel = (label: string) => ASKER_LABEL.test(label);

export function leadingLabel(question: string): string | null {
  const m = LEADING_LABEL.exec(question);
  const label = m ? (m[1] ?? m[2]!) : "";
  // (Not a question itself: "how long does it hang about in the hutch - when's it safe…?")
  if (m && /^\s*(?:what|which|how|why|when|where|who|is|are|does|do|did|can|could|should|would|will)\b/i.test(label)) return null;
  return m && /[?]|\b(?:what|which|how|why|when|where|who|is|are|does|do|did|can|could|should|would|will)\b/i.test(question.slice(m[0].length)) ? label : null;
}
/** The question after its leading label ("Poultry tech here: which vein…?" -> "which vein…?"), when it has one the test accepts. */
export function withoutLeadingLabel(question: string, accept: (label: string) => boolean = () => true): string {
  const label = leadingLabel(question);
  return label && accept(label) ? question.slice(question.indexOf(label) + label.length).replace(/^\s*(?:[:,]|[-–—])\s*/, "") : question;
}
// (Or who asks, then a comma: "Breeder here, one pup…".)
const LEADING_LABEL = /^\s*((?:[^\s:?!.]+\s+){0,9}?[^\s:?!.]+)\s*(?::|\s[-–—]\s)\s*(?=\S)|^\s*((?:[^\s,:?!.]+\s+){1,3}here)\s*,\s*(?=\S)/i;

/** A spacing between doses told in a question: "two shots a fortnight apart", "every 3 weeks". */
const STATED_SPACING = /\b(?:\d+|an?|one|two|three|four|five|six|seven|eight|ten|twelve)\s+(?:days?|weeks?|months?|years?|fortnights?)\s+apart\b|\bevery\s+(?:\d+\s+|other\s+|two\s+|three\s+|four\s+|six\s+)?(?:days?|weeks?|months?|years?|fortnights?)\b/i;
/** A question choosing among things told before it: "which of the two…?", "is either one…?", "which one works faster?". */
const CHOICE_AMONG_TOLD = /\b(?:(?:which|what)\s+(?:one\s+)?of\s+(?:the\s+(?:two|three|four|both)|these|those|them)|either\s+(?:one|of\s+(?:them|those|these))|the\s+two\s+(?:of\s+them|options|products|drugs|treatments)|which\s+one)\b/i;

/** "Is that part of it?", "part of the same picture": whether something belongs to what was spoken of. */
export const PART_OF_IT = String.raw`part of (?:it|this|that|the (?:same )?(?:thing|problem|picture|disease))`;

/** A tag that asks for agreement after the question ("…like ewes, right?", "…, yeah?"). */
const AGREEMENT_TAG = /,\s*(?:right|yeah|yes|eh|correct|true|no)\s*(?=\?*\s*$)/i;
/** "Is she right?", "am I right?": whether what was said is true, no right side. */
const IS_IT_RIGHT = /\b(?:is|am|are)\s+(?:she|he|i|they|we|you|that|this|it)\s+right\s*\?/gi;
/** "For my science fair project", "a school project": what the asker is doing, no school nor county fair. */
const SCHOOL_WORK = /\b(?:science|school)\s+(?:fair|project)(?:\s+project)?\b/gi;
/** "The rest of the string", "the rest of the flock": the other animals, no rest. */
const REST_OF_THE = /\bthe rest of (?:the|my|our|his|her|their|your)\s+/gi;
/** The question without a switch marker or a chat's opener before it, a tag after it or an idiom for "as well": none says what it is about. */
/** "…there's yeast on top of it too": an idiom for "as well", no place. */
const AS_WELL_IDIOM = /\s*\bon top of (?:it|that|this|everything|all that)\b/gi;
/** "What should they keep an eye out for?": to watch for, no eye. */
const WATCH_IDIOM = /\b(?:keep|keeps|keeping|kept)\s+(?:an?\s+)?(?:close\s+|careful\s+|beady\s+)?eyes?\s+(?=out\b|on\b)/gi;
/** "Is there one gene that tips it one way or the other?": what determines it, no tip. */
const TIPS_IDIOM = /\b(?:tips?|tipped|tipping)\s+(?:it|this|that|things|the balance|the scales)\s+(?:one way or the other|either way)\b/gi;
/** "And off the record, …", "between you and me,": how it is said, not what about. */
const ASIDE_IDIOM = /\s*\b(?:off the record|between (?:you and me|ourselves))\b,?/gi;
/**
 * "For the discharge sheet -", "for the FeLV info sheet -", "for the outcome section -": what the asker is writing, not
 * what it is about. The words of the document go; a name among them stays ("FeLV").
 */
const WRITING_FOR = new RegExp(
  String.raw`\b[Ff]or (?:the|a|an|my|our|your|this|that)\s+((?:[\p{Lu}\p{N}][\p{L}\p{N}-]*\s+){0,2})(?:(?:(?:info|information|client|owner|discharge|revision|consent|fact|care|teaching|training)\s+)?(?:sheets?|handouts?|leaflets?|notes|posters?|slides?|essay|assignment|write-?up|newsletter|flash ?cards?|checklist|webinar|thesis|dissertation|grant(?: application)?|sitrep|sit-rep|situation report|outbreak report|briefing|bulletin)|(?:outcome|background|methods|results|discussion|intro|introduction)\s+(?:section|paragraph|part|bit))\b(?:\s*[-–—:,](?=\s))?`,
  "gu",
);
/** "e.g.", "i.e.": they introduce what follows and name nothing (the index would read their letters as words). */
const FOR_EXAMPLE = /(?<![\p{L}.])(?:e\.\s?g|i\.\s?e|viz)\.?(?=[\s,:]|$),?/giu;
/** "Rehab-wise", "survival-wise": as regards rehab, survival (no "wise" to search for). */
const REGARDING_SUFFIX = /\b(\p{L}{3,})-wise\b/giu;
/** "everyone at the market was on about…", "someone at the club said…": where the talk was heard, not what it is about. */
const HEARSAY_SETTING =
  /\b(everyone|everybody|people|folks?|someone|somebody|the (?:lads|others|other (?:owners|breeders|keepers|farmers)))\s+(?:at|in|on|from|down at|round at|over at)\s+(?:the\s+|my\s+|our\s+|this\s+|that\s+)?[\p{L}-]+(?=\s+(?:was|were|is|are|has|have|keeps?|kept|said|says|say|told|tells|reckons?|reckoned|mentioned|thinks?|thought|swears?|swore)\b)/giu;
/** "Where else in the world…?": where, asked of the world at large (no "world" a passage must write). */
const WHERE_IN_THE_WORLD = /\b((?:any)?where(?:\s+else)?)\s+in\s+the\s+world\b/giu;
/** "A visiting researcher said…", "my neighbour reckons…": who said a thing, not what it is about. */
const REPORTER =
  /\b(?:a|an|the|my|our|one|his|her|their)\s+(?:[\p{L}-]+\s+)?(?:researchers?|scientists?|colleagues?|friends?|neighbou?rs?|consultants?|lecturers?|professors?|tutors?|advis[eo]rs?|reps?|owners?|clients?)(?=\s+(?:said|says|told|tells|reckons?|reckoned|mentioned|thinks?|thought|claims?|claimed|warned|suggested|swears?|swore|insists?|insisted)\b)(?:\s+(?:swears?|swore|insists?|insisted)\b)?/giu;
/** "…at her booster the vet said…": the visit where the vet said it, not what it is about. */
const OCCASION_OF_REMARK =
  /\b(?:at|during)\s+(?:her|his|their|its|the|our|my)\s+(?:last\s+|annual\s+|yearly\s+|recent\s+)?(?:boosters?|vaccinations?|jabs?|check-?ups?|appointment|visit|consult(?:ation)?|health\s+check)(?=\s*,?\s+(?:the|her|his|our|my)\s+vets?\s+(?:said|says|told|found|noticed|mentioned|spotted|thinks|thought|reckons|reckoned|diagnosed)\b)/giu;
/**
 * "I'm the SQP on the counter at a farm-and-pet merchant.": a sentence that only says who asks. (Not one that names the
 * animal or what ails it: "I'm a vet with a coughing foal.")
 */
const SELF_INTRODUCTION = /(?:^|(?<=[.!?]\s+))(?:(?:hi|hello|hey)\s*[,!.]?\s*)?(?:i['’]?m|i am|we['’]?re|we are)\s+(?:a|an|the|one of the)\s+[^.!?]{2,100}[.!]\s+(?=\S)/giu;
const introducesOnlyAsker = (sentence: string) => {
  const animals = speciesIn(sentence);
  // (The role is no topic, written short or not: "I'm the SQP", "I'm an RVN".)
  const things = namedThings(sentence.replace(/^.*?\b(?:a|an|the|one of the)\s+\S+/iu, ""));
  return !animals.species.size && !animals.groups.size && !things.drugs.length && !things.pathogens.length && !things.conditions.length && !things.acronyms.length && !things.names.length;
};
/**
 * "what dose it do to young chicks?", "dose it spread to people?": "does" typed as "dose", before a pronoun and a verb
 * that takes no dose ("what dose it need?" may ask a dose, "does" left out).
 */
const DOES_TYPED_AS_DOSE =
  /\bdose(?=\s+(?:it|he|she|they|this|that)\s+(?:do|mean|cause|look|affect|spread|work|happen|come|live|infect|kill|show|present|survive|last|transmit|differ|replicate|go|pass|jump|hurt|harm|matter)\b)/gi;
export const withoutChatter = (text: string) =>
  text
    .replace(DOES_TYPED_AS_DOSE, (typed) => (typed[0] === "D" ? "Does" : "does"))
    .replace(SELF_INTRODUCTION, (sentence) => (introducesOnlyAsker(sentence) ? "" : sentence))
    .replace(HEARSAY_SETTING, "$1")
    .replace(REPORTER, "")
    .replace(OCCASION_OF_REMARK, "")
    .replace(WHERE_IN_THE_WORLD, "$1")
    .replace(DICTATED_MARK, (_m, mark: string) => DICTATED_MARKS[mark.toLowerCase().replace(/\s+/g, " ")] ?? " ")
    .replace(FOR_EXAMPLE, " ")
    .replace(REGARDING_SUFFIX, "$1")
    .replace(SWITCH_LEAD, "")
    .replace(OPENER, "")
    .replace(CALLER, "")
    .replace(AGREEMENT_TAG, "")
    .replace(AS_WELL_IDIOM, "")
    .replace(REST_OF_THE, "the other ")
    .replace(SCHOOL_WORK, "project")
    .replace(IS_IT_RIGHT, "is that true?")
    .replace(WATCH_IDIOM, "watch ")
    .replace(ASIDE_IDIOM, "")
    .replace(TIPS_IDIOM, "determines it")
    .replace(NOT_ABOUT_ANIMAL, (whole, one: string | undefined, other: string | undefined) => {
      const named = speciesIn(one ?? other ?? "");
      return named.species.size || named.groups.size ? "" : whole;
    })
    .replace(WRITING_FOR, (_m, names: string) => (names.trim() ? `${names.trim()}:` : ""))
    .trim() || text;

/**
 * An animal the asker says the question is not about ("Not a chicken question this time - my house rabbit…", "Nothing to
 * do with the hens:"): the question is about the other one.
 */
const NOT_ABOUT_ANIMAL =
  /(?<=^|[.!?]\s+)(?:(?:this|it)(?:['’]s|\s+is)\s+)?(?:not\s+(?:a|an|about\s+(?:the|my|our)|(?:to do with|related to)\s+(?:the|my|our))?\s*([\p{L}-]+(?:\s+[\p{L}-]+)?)\s+(?:question|one|query|thing)s?|nothing\s+to\s+do\s+with\s+(?:the|my|our)\s+([\p{L}-]+(?:\s+[\p{L}-]+)?))(?:\s+(?:this time|today|for once|now))?\s*[,.:;!\-–—]+\s*/giu;

/**
 * Punctuation said aloud to voice dictation ("…under sedation full stop what local do I use question mark"). (Not a word
 * of a name: "comma-shaped rods".)
 */
const DICTATED_MARKS: Record<string, string> = { "full stop": ".", comma: ",", "question mark": "?", "exclamation mark": "!", semicolon: ";" };
const DICTATED_MARK = /\s*\b(full\s+stop|comma|question\s+mark|exclamation\s+mark|semicolon)\b(?![-\w])/gi;

/** An opening that goes on from the question before ("and in cats?", "what about the dose?"). */
// ("ok and whereabouts on the wing…?": after a word taking the answer in.)
const GOES_ON = /^\s*(?:(?:ok(?:ay)?|right|cool|great|thanks|got it)(?:[,!.]|\s+[–—-])?\s+)?(?:and|or|but|so|then|what about|how about|what if|in which of)\b/i;
/** "The European one", "can the methicillin-resistant one pass to people?": one of what was just spoken of. */
const THE_ONE = String.raw`\bthe\s+(?:[\w-]+\s+)?ones?(?![\w-])(?!\s+health\b)`;
/** Words that lean on an earlier question ("is it safe?", "what about cats?", "the same in dogs?"). */
// ("If one goes to slaughter…", "one of them": one of the animals spoken of.)
/** A person the asker tells of ("my gran says…", "our neighbour reckons…"), whom "she" or "he" after it means. */
const PERSON_TOLD =
  /\b(?:my|our|the)\s+(?:gran|granny|grandma|grandmother|grandad|grandpa|grandfather|nan|nana|nanna|mum|mom|mother|dad|father|wife|husband|partner|sister|brother|son|daughter|aunt|auntie|uncle|neighbour|neighbor|friend|boss|teacher|mate)\b/i;
const PERSON_PRONOUN = /\b(?:she|her|hers|he|him|his)\b/gi;
const LEANS = new RegExp(
  String.raw`\b(it|its|it's|itself|this|that|these|those|they|them|their|theirs|he|him|his|she|her|hers|mine|ours|same|such|above|previous|mentioned|former|latter|as well|too|either|also|instead)\b|\bwhich ones?\b(?!\s+of\b)|${THE_ONE}|${GOES_ON.source}|\bthen\s*(?:[?,–—-]|$)|\bone of (?:them|those|these)\b|^\s*(?:if|when|once|say)\s+one\s+(?:of\s+\w+\s+)?(?:goes|is|gets|dies|comes|has|does|turns)\b`,
  "i",
);

/**
 * A yes/no question ("Can it infect hares?", "Is that also used in cats?") asks whether, in its own words:
 * as a follow-up it does not take the previous question's kind (the incubation period, the dose) unless it
 * says it asks the same ("Does the same happen in ferrets?", "Is the dose the same in cats?").
 */
const AUXILIARY = "is|are|was|were|can|could|does|do|did|should|would|will|may|might|must|has|have|had";
const YES_NO_OPENING = new RegExp(`^\\s*(?:and\\s+|but\\s+|so\\s+)?(?:${AUXILIARY})\\b`, "i");
/** The same without its auxiliary, as typed in a hurry: "sows affected too?", "calves susceptible as well?". */
const YES_NO_ELLIPTIC = /^\s*(?:and\s+|but\s+|so\s+)?(?:the\s+)?(?:[\p{L}-]+\s+){1,2}(?:affected|susceptible|infected|at risk|immune|resistant|protected|carriers?|sick|ill)(?:\s+(?:too|as well|also|then))?\s*\?\s*$/iu;
// (Or after what it tells: "there's a few dogs running round the yard too, can they pick it up?")
const asksWhether = (question: string) =>
  YES_NO_OPENING.test(question) || YES_NO_ELLIPTIC.test(question) || (/\?\s*$/.test(question) && YES_NO_OPENING.test(question.split(/[,;:]\s+|\s[—–-]\s|[.!?]\s+/).pop() ?? ""));
// (Not where the animals are: "are the geese on the same pond at risk?")
const ASKS_THE_SAME =
  /\b(?:the same|similar(?:ly)?|likewise)\b(?!\s+(?:pond|lake|field|farm|yard|house|household|home|room|pen|shed|barn|stable|paddock|cage|tank|pool|flock|herd|litter|kennel|building|site|premises|water|area|holding|unit|ward|hutch|aviary|enclosure|pasture|run|land|ground)s?\b)/i;

/** "Apart from cattle", "besides dogs and cats", "other than horses": species a question sets aside. */
const SET_ASIDE = /\b(?:apart from|aside from|besides|other than|except(?: for)?|excluding|not counting)\s+(?:the\s+)?(?:[\p{L}-]+(?:,\s*|\s+and\s+|\s+or\s+)){0,3}[\p{L}-]+/giu;
/**
 * "…or, like white-tailed deer, are they not susceptible?", "…5% of body weight as in amphibians?", "is resistance a
 * worry in pigs the way it is in sheep?", "could it be plant pigment like it is in rabbits?": the species compared with
 * is not the one asked about; nor is it in "same 2-3 wks as chicken lice?", "…on the wind the way equine flu does?" or
 * "…the way you would in sheep/goats?", "soak him the way you would a gecko?", "how does it compare to the sheep figures?", "is there DNA
 * evidence for it, as there is for chickens?", "…the way Eimeria maxima does it in
 * broilers?", nor in "what do I clean the skin with? we use surgical spirit on the dogs", nor in "is it the same 3 mg per 10 kg
 * that's used for pigs?" after a case of bullocks. ("The same way in donkeys as in horses"
 * asks of donkeys; "the same myostatin gene they talk about in horses" compares with horses; "looks like alopecia
 * areata" puts forward what it may be; "…in ducks, or is that purely a chicken thing?" asks of ducks.)
 */
const COMPARED_WITH =
  /\b(?:like|as)\s+(?:the|those)\s+(?:one|ones|figures?|values?|numbers?|data|rates?)\s+(?:[\p{L}-]+\s+){0,2}?(?:for|in|of)\s+(?:the\s+)?[\p{L}-]+|\bthe way\s+(?:[\p{L}\p{N}-]+\s+){1,6}?(?:is|are|was|were|does|do|did)(?=\s*[?.!]|\s*$)|\bor\s+(?:is|are)\s+(?:it|that|this|they)\s+(?:really\s+|mostly\s+|mainly\s+)?(?:just|only|purely|solely|strictly|simply)\s+(?:an?\s+)?[\p{L}-]+(?:\s+[\p{L}-]+)?\s+(?:things?|diseases?|problems?|issues?|conditions?)\b|(?<!-)\blike\s+[\p{L}\p{N}'’-]+\s+in\s+(?:the\s+)?[\p{L}-]+|\b(?:(?:the way|as|like) (?:it|they) (?:is|are|was|were|does|do|did|has|have|had) in|as there (?:is|are|was|were|has been|have been) (?:for|in|with)|(?<!\b(?:does|do|did|can|could|will|would|may|might|to)\s)(?:that |which )?(?:it|they) (?:causes?|gives?|produces?) in|(?:the way|like|as) (?:you|we|i)(?:'d| would| do)?(?: do(?: it)?| (?:see|get|find|have|saw|had)(?: it| them)?)? (?:in|for|with|on)|(?<!\b(?:looks?|looked|looking|sounds?|sounded|seems?|seemed|feels?|felt)\s|-)like(?: (?:you|we|i)(?:(?:'d| would)(?: do)?| do))?(?: (?:for|with|in))?|(?:the way|like) (?:you|we|i)(?:'d| would)(?! (?:expect|think|imagine|guess|say|see|in|for|with)\b)|compare[sd]? (?:it |them )?(?:to|with)|(?:they|you|we|people|i) (?:talk|talked|read|hear|heard|speak|spoke) (?:about )?in|as in|as with|as for|as do|as does|(?:the )?same (?:(?!(?:in|for|with|among)\b)[\w%.,–-]+ ){0,3}?(?:as|(?:quoted|given|reported|cited|described) (?:for|in))(?! (?:you|we|i)(?:'d| would| do)\b)|or (?:is it |are they )?(?:really |mostly |mainly )?(?:just|only)(?: in)?)\s+(?:the\s+|an?\s+)?(?:(?!(?:like|such|including)\b)[\p{L}/-]+\s+(?:(?:and|or)\s+)?){0,2}(?!(?:like|such|including)\b)[\p{L}/-]+|\b(?:tell|told|telling)\s+(?:it|them|this|that)\s+apart\s+from\s+(?:[\p{L}-]+\s+){0,2}?in\s+(?:the\s+)?[\p{L}-]+(?:\s+[\p{L}-]+)?|\bthe way (?:the\s+)?[\p{L}-]+(?:\s+[\p{L}-]+){0,2}\s+(?:does|do|did|is|are|was|were)\b(?:\s+(?:it|this|that|so))?(?:\s+(?:in|for|with)\s+(?:the\s+)?[\p{L}-]+)?|\b(?:at|use|using|with|give|giving) (?:the\s+)?[\p{L}-]+(?=\s+(?:doses?|dosages?|dosing|rates?)\b)|(?<=\bsame (?:[\p{L}-]+\s+){1,7})(?:(?:that|which)\s+)?(?:[\p{L}-]+\s+)?[\p{L}-]+\s+(?:get|gets|have|has|had|got|catch|catches)\b|(?<=\bsame (?:[\p{L}\p{N}/-]+\s+){1,7})(?:that|which)(?:['’]s|\s+is|\s+are|\s+was)?\s+(?:used|given|licensed|recommended|prescribed)\s+(?:for|in|with)\s+(?:the\s+)?[\p{L}-]+|(?<=\?\s*)(?:but\s+|and\s+)?(?:we|i)\s+(?:normally\s+|usually\s+|always\s+|just\s+)?(?:use|used|give|gave)\s+(?:[\p{L}-]+\s+){1,3}?(?:on|for|with|in)\s+(?:the|our|my)\s+[\p{L}-]+|\b(?:that|which|than)\s+(?:people|humans|we)\s+(?:can['’]?t|cannot|can|could|couldn['’]?t|do|don['’]?t)\b|\bthan\s+(?:it|that|this|they)\s+(?:would|will|might|could|does|do|is|are)(?:\s+be)?\s+(?:in|for|with)\s+(?:an?\s+|the\s+)?[\p{L}-]+|(?<=\bas\s+[\p{L}-]+\s+(?:for|in|to|with)\s+(?:them|it|him|her|these|those|(?:[\p{L}\p{N}-]+\s+){1,3}))as\s+(?:[\p{L}\p{N}'’-]+\s+){0,6}?[\p{L}-]+(?=\s*[?.!,]|$)/giu;
/**
 * People said to say, think or call something ("why do people compare it to malaria?", "some people call it…"), or to use
 * it ("what dose do people use?", "which vein do most people go for?": those who treat, no patients), or what works for
 * them ("why not, if it helps people?": people are what it is likened to).
 */
const PEOPLE_SAYING =
  /\b(?:people|folk|folks|everyone|everybody|someone|somebody)\s+(?:(?:always|often|usually|still|sometimes|keep|tend to|seem to)\s+)?(?:compare[sd]?|say|says|said|think|thinks|thought|call|calls|called|talk|talks|mention|mentions|recommend|recommends|suggest|suggests|reckon|reckons|claim|claims|believe|believes|write|writes|argue|argues|describe|describes|refer|refers|use|uses|give|gives|prescribe|prescribes|go for|goes for|opt for|choose|chooses|prefer|prefers)\b|\b(?:helps?|helped|works?|worked)\s+(?:in\s+|for\s+|on\s+)?(?:people|humans)\b/gi;
/** "…, since that parvovirus hits mink and ferrets?": a reason given, whose animals are told, not asked about. */
const REASON_GIVEN = /,?\s*\b(?:since|because|given that|seeing as|seeing that)\s+(?:it|that|this|the|they|these|those)\b[^?.!,;]*/giu;
/** What the asker kept or did before ("Used to keep bees, now I've got a dozen hens."): not what is asked about now. */
// (Or kept for years before a switch, "I kept bees for years and have just switched to hens", or swapped for what is kept now,
// "Swapped my hives for a backyard flock".)
/** A disease's head after a name: "Aleutian disease", "Marek's disease". */
const NAMES_DISEASE_AFTER = /^(?:['’]s)?\s+(?:disease|fever|syndrome|plague|sickness)\b/i;
/** Words that only weigh what was told: "is that a good idea?", "is it safe?", "worth it?". */
const WEIGHED = /^(?:good|bad|ok|okay|fine|safe|wise|idea|sensible|worth|worthwhile|right|wrong|true|normal|advisable|hype|hyped|overhyped|legit|myth|real|work|works)$/i;
const KEPT_BEFORE =
  /\b(?:(?:i|we)\s+)?used to\s+(?:keep|have|own|breed|farm|raise|rear|run|work with|look after)\b[^.,;:!?—–]*|\b(?:i|we)(?:['’]ve|\s+have)?\s+(?:kept|had|herded|bred|farmed|raised|reared|worked with)\s+[^.,;:!?—–]*?\b(?:for\s+(?:years|ages|decades|a long time|a while)|all\s+(?:my|our)\s+(?:life|lives))\b|\b(?:swapped|traded|exchanged|gave up)\s+(?:my|our|the)\s+[\p{L}-]+(?=\s+for\b)/giu;
/** The asker's business named after what it farms: "Our salmon company is setting up a whiteleg shrimp unit…". */
const ASKERS_BUSINESS = /\b(?:our|my|the)\s+[\p{L}-]+\s+(?:company|business|firm|corporation|co-?op|cooperative)\b/giu;
/**
 * The species a question asks about are named outside what it sets aside, compares with, gives as a reason or kept before,
 * and outside the name of the asker's business where another animal is named ("…the shrimp unit": shrimp, not salmon).
 */
const askedAbout = (text: string) => {
  const asked = text.replace(PEOPLE_SAYING, " ").replace(SET_ASIDE, " ").replace(COMPARED_WITH, " ").replace(REASON_GIVEN, " ").replace(KEPT_BEFORE, " ");
  const beyondBusiness = asked.replace(ASKERS_BUSINESS, " ");
  return beyondBusiness !== asked && speciesIn(beyondBusiness, { asked: true }).order.length ? beyondBusiness : asked;
};

/** Whether a question names this only in what it compares with ("…on the wind the way equine flu does?": "equine flu"). */
export const comparedWith = (question: string, name: string) => {
  const lower = name.toLowerCase();
  const { compared, rest } = comparisonsIn(question);
  return compared.some((c) => c.includes(lower)) && !rest.includes(lower);
};

/**
 * What a question compares with, in lower case, and the rest of it: read once per question (the pattern is long, and one
 * answer asks this of its question many times).
 */
const comparisonsIn = memoByText(REMEMBERED_QUESTIONS, (question): { compared: readonly string[]; rest: string; onlyCompared: readonly string[] } => {
  const compared = [...question.matchAll(COMPARED_WITH)].map((m) => m[0].toLowerCase());
  const rest = question.replace(COMPARED_WITH, " ").toLowerCase();
  const comparedWords = compared.flatMap((c) => c.match(/[\p{L}\p{N}]+/gu) ?? []);
  const restWords = new Set(rest.match(/[\p{L}\p{N}]+/gu) ?? []);
  return Object.freeze({ compared, rest, onlyCompared: [...new Set(comparedWords.filter((w) => !restWords.has(w)))] });
});

/** The words a question names only in what it compares with ("…on the wind the way equine flu does?": equine). */
export function comparedOnlyWords(question: string): string[] {
  return [...comparisonsIn(question).onlyCompared];
}

/** A verb that makes a clause a statement ("X is licensed for cats", "X causes…"). */
// (Or what the asker does: "In hens I'd go for the wing vein - which vein is best in a pelican?")
const STATES = /\b(?:is|are|was|were|has|have|had|['’]ve|got|causes?|caused|affects?|affected|occurs?|licensed|approved|used|given|reported|found|shown)\b|\b(?:i|we)(?:['’]d|\s+would|\s+usually|\s+normally|\s+always)?\s+(?:go for|use|give|pick|choose|bleed)\b/i;

/** People named by their role, who catch, are infected or are given something ("can the owners catch it?"). */
const PEOPLE_BY_ROLE = String.raw`(?:owners?|famil(?:y|ies)|staff|farmers?|farm workers?|workers?|handlers?|keepers?|stockmen|stockpeople|vets|veterinarians|clients?|household)`;
/** Passing a disease on: "spreads to", "can jump over to", "passed on to". */
const PASSES_ON_TO = String.raw`(?:pass(?:ed|es)?|spread(?:s)?|transmit(?:ted|s)?|jump(?:s|ed)?|go(?:es)?|cross(?:es)?) (?:\w+ )?(?:on |over )?(?:to|into)`;
const PEOPLE_MEANT = new RegExp(
  // (Or people named, then pointed back to: "Owners always ask if the resistant version can jump to them.")
  String.raw`\b${PEOPLE_BY_ROLE}\b[^.?!]*?\b${PASSES_ON_TO} them\b|\b${PASSES_ON_TO} (?:the |their |its |his |her |my |our |your )?(?:\w+ )?${PEOPLE_BY_ROLE}\b|\b${PEOPLE_BY_ROLE} (?:\w+ )?(?:(?:\w+ ){0,3}(?:avoid|prevent|stop) )?(?:catch|catching|get|getting|pick (?:it |this |that |them )?up|contract|contracting|be infected|become infected|get infected|get sick)\b|\b(?:risk|danger|dangerous|safe|zoonotic risk) (?:to|for) (?:the |their |my |our |your )?(?:\w+ )?${PEOPLE_BY_ROLE}\b|\b(?:worry|worried|concerned|fear|afraid) (?:about|for) (?:the |their |his |her |my |our |your )?(?:\w+ )?(?:${PEOPLE_BY_ROLE}|children|child)\b|\b(?:worry|worried|concerned|fear|afraid) (?:about|for) (?:his|my|our|your) kids\b`,
  "i",
);
/** A role word before an animal says whose animal it is, not people: "could the household dog catch it?". */
const ROLE_BEFORE_WORD = new RegExp(String.raw`\b${PEOPLE_BY_ROLE}\s+([\p{L}]+)`, "giu");
const namesAnimal = (word: string) => [...speciesIn(word).species].some((id) => id !== "human");
/** "Can we catch it?", "could I get it from him?", "will my kids pick it up?", "one that people can get": people catching it. */
// ("Can people get it?", "do humans catch it?": people in general.)
const WE_CATCH =
  /\b(?:can|could|will|would|might|may|do|does|did)\s+(?:we|i|us|people|humans?|persons?|children|kids|anyone|anybody|(?:my|our)\s+(?:kids|children|family|husband|wife|partner))\s+(?:also\s+|ever\s+|really\s+)?(?:catch|contract|get (?:it|this|that|infected|sick|ill)|pick (?:it|this|that) up|be infected|become infected)\b|\b(?:one|something|anything|a disease|a thing|the kind)\s+(?:that\s+|which\s+)?(?:people|humans|persons)\s+(?:can|could|do|might|may|will)\s+(?:also\s+|ever\s+)?(?:catch|contract|get)\b(?!\s+(?:rid|round|around|away|used|to)\b)/i;
export const meansPeople = (question: string) =>
  WE_CATCH.test(question) || PEOPLE_MEANT.test(question.replace(ROLE_BEFORE_WORD, (whole, word: string) => (namesAnimal(word) ? word : whole)));

const AGE_WORDS = String.raw`(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)[\s-]*(?:yr|yrs|year|years|yo|y\/o|month|months|mo|mos|wk|wks|week|weeks)(?:[\s-]*old)?`;
/** An animal's age, as a case opens: "6yo dog", "10 wk old kitten". */
const A_CASE_AGE = new RegExp(String.raw`\b${AGE_WORDS}\b`, "i");
const LAB_DESCRIBED = "(?:black|yellow|chocolate|young|old|elderly|senior|geriatric|male|female|neutered|spayed|entire)";
/** Words that describe a dog, never a laboratory ("an elderly Lab", not "an old lab we trust"). */
const DOG_LAB_DESCRIBED = "(?:black|yellow|chocolate|elderly|senior|geriatric|male|female|neutered|spayed|entire)";
/** A Labrador by its pet name: "my lab", "our 12 year old lab", "a 10 wk old lab x" (not "could the lab mix them up?"), "Old Lab with…", "an elderly Lab", "lab cross", "my 12-year-old Lab's breathing". */
const PET_LAB = new RegExp(
  String.raw`(?:(?:\b(?:my|our|his|her|their|your)\s+(?:${AGE_WORDS}\s+)?|\b${AGE_WORDS}\s+)(?:${LAB_DESCRIBED}\s+)?|^\s*(?:an?\s+)?${LAB_DESCRIBED}\s+|\b(?:an?|the)\s+${DOG_LAB_DESCRIBED}\s+)labs?\b(?!['’]s\b|\s+(?:tests?|results?|work|findings?|values?|techs?|technicians?))|\b${AGE_WORDS}\s+(?:${LAB_DESCRIBED}\s+)?lab['’]s\b|\blabs?\s+(?:x|cross|crosses|mix(?!\s+(?:them|it|this|that|those|these|the|things|up|samples?)\b)|retrievers?)\b`,
  "i",
);
/** The question with a pet Labrador called what search can find ("my lab" -> "my dog"). */
const withPetLabAsDog = (text: string) => text.replace(new RegExp(PET_LAB.source, "gi"), (m) => m.replace(/\blabs?\b/i, (w) => (w.toLowerCase() === "labs" ? "dogs" : "dog")));

/**
 * How a pet is kept, said before its name ("house rabbit", "housebound cats"): no topic, and searched as the animal alone.
 * (Not "indoor" or "outdoor": passages write "outdoor pigs" as a way of farming them.)
 */
const KEPT_AS = /\b(house|housebound)\s+([\p{L}-]+)/giu;
const keepingWords = (text: string) => new Set([...text.matchAll(KEPT_AS)].filter((m) => speciesIn(m[2]!).species.size > 0).map((m) => m[1]!.toLowerCase()));
const withoutKeepingWords = (text: string) => text.replace(KEPT_AS, (m, _kept: string, animal: string) => (speciesIn(animal).species.size > 0 ? animal : m));

/** Pronouns that point back at the previous question's subject. */
// ("You mentioned ticks. How do ticks get domestic pigs involved?": what the answer said is taken up, not a new subject.)
const REFERS = new RegExp(String.raw`\b(?:it|its|it's|itself|they|them|their|this|that|these|those|same|such)\b|${THE_ONE}|\byou\s+(?:mentioned|said|brought up|talked about|spoke of)\b`, "i");

/**
 * "How many (cats) die / survive / recover", "how many of the really acute ones die?": a share of the animals, asked as a
 * count ("how many died in 1719" is a count).
 */
// (Not how many days or weeks: "how many days can the lice survive off the birds?" asks a span.)
const HOW_MANY_OUTCOME = String.raw`(?:how many(?! (?:minutes?|mins?|hours?|hrs?|days?|weeks?|wks?|months?|mos?|years?|yrs?)\b)|what (?:%|percent(?:age)?|proportion|share)) (?:of )?(?:[\w-]+ ){0,4}(?:die|dies|survive|survives|recover|recovers|are affected|get (?:sick|ill|infected)|become (?:sick|ill|infected)|(?:will|would|might|could) (?:we|you|i|they) lose|(?:likely|going) to lose|(?:sero)?positive|test negative)\b`;
/** "What do I dust them with?", "what should we spray the pen with?": what they are treated with. */
export const TREATED_WITH = /\b(dust|spray|dip|bathe|wash|rub|paint|dose|drench)\s+(?:it|them|him|her|the\s+[\w-]+)\s+with\b/i;
/** "How likely is he to die from it?", "what are the chances of dying?", "how often is it fatal?": what share die. */
const LIKELY_TO_DIE = String.raw`how likely (?:[\w'’-]+ ){0,4}(?:to die|to survive|to pull through|dies|will die)|(?:chances?|odds|risk) of (?:him |her |them |it )?(?:dying|death|survival|surviving)|how (?:often|frequently) (?:is|are|was|were) (?:it|they|this|that) (?:fatal|deadly|lethal)|how (?:often|frequently) does (?:it|this|that) kill`;
const LIKELY_TO_DIE_ASKED = new RegExp(String.raw`\b(?:${LIKELY_TO_DIE})\b`);
/** "Do many die?", "is it usually fatal?": whether many die, which words answer as well as a share ("the mortality rate … is low"). */
const MANY_DIE = String.raw`(?:do|does|did|will|would|could)\s+(?:many|most|lots|a lot|all)\s+(?:of\s+(?:them|those|these)\s+)?(?:\w+\s+)?(?:die|survive|pull through)|(?:is|are)\s+(?:it|they|that|this)\s+(?:often|usually|always|commonly|generally|normally)\s+(?:fatal|deadly|lethal)`;
const MANY_DIE_ASKED = new RegExp(String.raw`\b(?:${MANY_DIE})\b`, "i");

/** A disease named with its letter: "hepatitis E". */
export const LETTERED_CONDITION = /^\S+ [A-H]$/;

/**
 * "How many (pet) cats get/have/develop…", "how many dogs are infected": the counted are animals, so the answer is a share of them.
 * (Not how many there have been: "how many goat cases have there been in Europe?" asks for their number.)
 */
const HOW_MANY_ANIMALS = /\bhow many\s+((?:[\p{L}-]+\s+){0,2}?)([\p{L}-]+)\s+(?:get|gets|have(?!\s+(?:there|been)\b)|has(?!\s+(?:there|been)\b)|develop|develops|suffer|show|carry|shed|are|become|test|end up|go on to|come down with|catch)\b/iu;
const HOW_MANY_OF_THEM = /\bhow many\s+(?:of (?:them|those)\s+)?(?:end up|go on to|get|develop|have(?!\s+been)|show|become|are left)\b/i;
const ANIMALS = /^(?:animals?|patients?|people|individuals|herds?|flocks?|farms?|holdings|cases)$/i;
/** "…how many per 100,000?", "how many out of a thousand": a share of a round number of animals, not a weight. */
const HOW_MANY_PER_ROUND = /\bhow many\b[^?]*?\b(?:per|out of|in every|of every)\s+(?:10+|10+(?:,000)+|1(?:,000)+|a (?:hundred|thousand|million)|(?:one )?(?:hundred|thousand|million))\b(?!\s*(?:kg|g|mg|ml|l|lbs?|litres?|liters?|grams?|kilograms?|km|miles?)\b)/i;
/** "How many feral swine are there…", "how many wild horses live…": how many of the animals there are. */
const POPULATION_ASKED = /\bhow many\s+((?:[\w-]+\s+){0,2}?[\w-]+)\s+(?:are there|are left|exist|live|remain)\b/i;
/** "…estimate of the total feral swine population", "the population of wild horses": a population named. */
const POPULATION_NAMED = /\b((?:[\w-]+\s+){0,2}?[\w-]+)\s+populations?\b|\bpopulations?\s+of\s+(?:the\s+)?((?:[\w-]+\s+){0,2}?[\w-]+)/gi;
/** The attribute of a population counted: "population of feral swine". */
export const POPULATION_PREFIX = "population of ";
/** The animals whose number a count asks, by "how many … are there" or by their population named ("feral swine"). */
function populationCounted(text: string): string | null {
  const isAnimals = (words: string | undefined) => words !== undefined && speciesIn(words.split(/\s+/).pop()!).species.size > 0;
  const asked = POPULATION_ASKED.exec(text)?.[1];
  if (isAnimals(asked)) return asked!;
  for (const m of text.matchAll(POPULATION_NAMED)) if (isAnimals(m[1] ?? m[2])) return (m[1] ?? m[2])!;
  return null;
}
function countsAnimalsAffected(text: string): boolean {
  // "How many end up with neuro signs?": no noun counted, so the animals spoken of are.
  if (HOW_MANY_OF_THEM.test(text) || HOW_MANY_PER_ROUND.test(text)) return true;
  const m = HOW_MANY_ANIMALS.exec(text);
  // "How many people are infected worldwide?", "…each year", "WHO's estimate of how many humans are infected…, and across how
  // many countries?": a number of them, not a share.
  // ("How many feral swine are there in the US?": how many of them there are, a population.)
  if (!m || /\b(?:worldwide|globally|in the world|each year|every year|per year|a year|annually|estimated?\s+(?:of\s+)?how many|(?:across|in)\s+how many\s+countries)\b/i.test(text) || populationCounted(text) !== null) return false;
  const counted = m[2]!;
  const mentions = speciesIn(counted);
  return ANIMALS.test(counted) || mentions.species.size > 0 || mentions.groups.size > 0;
}

/** A reason told by how many, how much or how common something is: "given how many dogs get neck problems". */
const GIVEN_HOW = /\b(?:given|considering|despite|knowing|seeing)\s+how\s+(?:many|much|common|often|frequent(?:ly)?|prevalent|widespread)\b[^,;:?.!]*/gi;

/** A yes/no question whose question word only opens what it asks about: "Does training change how fast drugs clear?" */
const ASKS_WHETHER_IT_CHANGES =
  /^\s*(?:and\s+|but\s+|so\s+)?(?:does|do|did|can|could|will|would|might|may|is|are)\b[^?]*\b(?:change|changes|alter|alters|affect|affects|influence|influences|modify|modifies|impact|impacts|shorten|shortens|lengthen|lengthens|predict|predicts)\s+(?:how|what|when|which|where)\b/i;
/** "Case fatality rate of PPR in goats?", "ivermectin dose if I inject them?": a short query with no verb that asks whether. */
const ASKS_WHETHER = new RegExp(`\\b(?:${AUXILIARY})\\b`, "i");
const NOUN_PHRASE_WORDS = 14;
const isNounPhraseQuery = (text: string) =>
  (text.split(/\s+/).filter(Boolean).length <= NOUN_PHRASE_WORDS && !ASKS_WHETHER.test(text)) ||
  // "max blood volume I can safely take…", "usual dose for…": a value asked by its noun.
  /^\s*(?:max|maximum|min|minimum|typical|usual|normal|recommended)\b/i.test(text);

/** The noun the previous question's typed value was of ("preclinical", however hyphenated). */
const isAskedAttribute = (word: string, attribute: string | null) => attribute !== null && word.toLowerCase().replace(/-/g, "") === attribute.replace(/-/g, "");

/** A word that on its own says what kind of thing is asked ("incubation", "mortality", "dose", "signs"). */
const namesAskedKind = (word: string) => ASKED.some(([, re]) => re.test(word));

/** "How many doses (shots, jabs, injections) does a cow need?": a count of doses, not an amount. */
/** Whether a number matters, not what it is: "does how many he's got matter?", "does it matter how many there are?". */
const NUMBER_MATTERS = /\b(?:does|do|did|would|will)\s+how many\b[^?.]*?\b(?:matters?|make|makes|count)\b|\b(?:does|do|would|will)\s+it\s+matter\s+how many\b/i;
const COUNTED_DOSES = /\bhow many (?:\w+ )?(?:doses?|shots?|jabs?|injections?|boosters?)\b/i;
/** "Eggs ok to eat while treating?", "can we drink the milk?": how long the food is withheld. */
// ("…before I can send her off for slaughter?", "…before it can go for slaughter?", "how long does their milk have to stay
// out of the tank?": until the animal or its milk may enter the food chain.)
const FOOD_SAFE_DURING = String.raw`(?:eggs?|milk|meat)\s+(?:ok|okay|safe|fine|fit|alright|all right)\s+to\s+(?:eat|drink|sell|use)|(?:can|could|should)\s+(?:we|i|you|they)\s+(?:still\s+)?(?:eat|drink|sell|use)\s+(?:the\s+|their\s+|her\s+)?(?:eggs?|milk|meat)|(?:send|sell|take|ship|load)\s+(?:(?:her|him|them|it|the\s+[\w-]+)\s+)?(?:off\s+)?(?:for|to)\s+(?:slaughter|the\s+(?:abattoir|slaughterhouse|works|kill))|(?:before|until)\s+(?:it|she|he|they|the\s+[\w-]+|(?:any|all|some|each)\s+of\s+(?:them|those|these|the\s+[\w-]+))\s+(?:can|could|may)\s+go\s+(?:off\s+)?(?:for|to)\s+(?:slaughter|the\s+(?:abattoir|slaughterhouse|works|kill))|milk\s+(?:has\s+to|have\s+to|must|should|needs?\s+to)\s+(?:stay|be\s+kept|be\s+held|go)\s+out\s+of\s+the\s+(?:bulk\s+)?(?:tank|vat|supply)|(?:discard|dump|throw\s+away|withhold)\s+(?:the\s+|their\s+|her\s+)?milk|milk\s+(?:can\s+)?go\s+(?:back\s+)?in(?:to)?\s+the\s+(?:bulk\s+)?(?:tank|vat)`;
const FOOD_SAFE_ASKED = new RegExp(String.raw`\b(?:${FOOD_SAFE_DURING})\b`, "i");
// ("What's the longest I can safely leave the tourniquet on?": a span's bound.)
/** Units of time a count asks in, as typed ("how many wk?", "how many hrs"). */
const TIME_UNITS = String.raw`days?|weeks?|wks?|months?|mos?|hours?|hrs?|years?|yrs?`;
/** A count of units of time or of times ("how many days", "how many times"). */
const COUNT_OF_TIME = new RegExp(String.raw`how many (?:${TIME_UNITS}|times)\b`, "i");
const DURATION_ASKED = new RegExp(String.raw`\b(how long|duration|when\s+(?:do|does|should|can|could|will|are|is)\s+(?:the\s+|her\s+|his\s+|its\s+|their\s+)?(?:[\w-]+\s+){1,2}?(?:come\s+out|come\s+off|be\s+(?:removed|taken\s+out|taken\s+off)|removed|taken\s+out)|(?:what(?:'s|’s|\s+is)|which is)\s+the\s+(?:longest|shortest|maximum|max|minimum|min)(?=\s+(?:time|period|duration|course|i|we|you|one|it|they|that|he|she)\b|\s+(?:the|a|an)\s+[\w-]+\s+(?:can|could|should|may|might)\s+(?:safely\s+)?(?:stay|remain|be left|be kept)\b)|incubation|(?<!\b(?:in|during|through|throughout|mid|early|late|of late|of early)\s(?:the\s)?)gestation(?!\s+(?:day|week|month)s?\b)|(?:pre-?patent|patent|latent|shedding) periods?|(?:withdrawal|withholding) (?:period|time)s?|(?:withdrawal|withholding)(?= (?:on|for|after)\b)|how many (?:${TIME_UNITS})|life ?span|life cycle|survival time|half[- ]li(?:fe|ves)|time to (?:peak|onset|maximum)|onset of (?:action|effect)|median survival|(?:what|which|expected|average|typical|usual)\s+survival(?!\s+(?:rates?|percentages?|proportions?|odds|chances?))|(?:meat|milk|egg) (?:withdrawal|withholding)|${FOOD_SAFE_DURING}|what age|how old|how young|(?:youngest|earliest|minimum|min) age|age (?:of|at) onset|how (?:quickly|fast|soon)|when (?:do|does|will|should|did) (?:[\w-]+ ){1,5}(?:settle|subside|resolve|clear|disappear|go away|improve|stop|end|heal|ease|recover|get better|feel better)(?:s|d)?)\b`, "i");
// ("How long after a dose do levels peak?" dates the span asked: it asks no dose.)
// ("Is there a painkiller I can give her, and how much?": how much of what is given.)
/**
 * A length asked, not a span of time: "how long is the mammalian protein?", "how long does an RNA have to be to count as
 * a long non-coding RNA?" (Not "how long does she have to be kept in?")
 */
// The size of a population or a family is how many there are: "size of the national goat population", "how big is the
// parvovirus family - how many genera…?" ask a count, not an amount.
const SIZE_OF_A_MANY =
  /\b(?:(?:size|sizes)\s+of\s+(?:the\s+|a\s+|an\s+|its\s+|their\s+)?(?:[\w-]+\s+){0,3}?|how\s+(?:big|large)\s+(?:is|are|was|were)\s+(?:the\s+|a\s+|an\s+|its\s+|their\s+)?(?:[\w-]+\s+){0,3}?)(?:populations?|famil(?:y|ies)|herds?|flocks?|colon(?:y|ies)|genus|genera|census)\b/i;
const LENGTH_ASKED = /\bhow long\s+(?:is|are|was|were)\s+(?:the\s+|a\s+|an\s+|its\s+|their\s+)?(?:[\w-]+\s+){0,2}?(?:proteins?|genes?|genomes?|sequences?|rnas?|dnas?|peptides?|chains?|molecules?|transcripts?|tails?|worms?|tapeworms?|intestines?|guts?|needles?|catheters?)\b(?!\s*(?:['’]s|of)\b)|\bhow long\s+(?:does|do|must|should)\s+(?:an?\s+|the\s+)?(?:[\w-]+\s+){1,3}?(?:have|need)\s+to\s+be\b(?!\s+(?:[\w-]+ed|kept|left|held|off|on|in|out|away|apart)\b)/i;
/** "Where does malassezia come into it?", "where do the lice fit in?": what part it plays, not where it is. */
const PART_PLAYED = String.raw`\s+(?:does|do|did|would|will)\s+(?:[\w-]+\s+){1,4}?(?:come|comes|fit|fits)\s+in(?:to)?\b`;
const DOSE_ASKED = /\b((?<!\b(?:after|since|following|before|from)\s+(?:an?\s+|the\s+|each\s+|every\s+|one\s+)?(?:[\w-]+\s+)?)(?:dose|doses|dosage|dosing)|how much\b.*\b(give|use|administer)|mg\s*\/\s*kg)\b|\b(?:give|use|administer)\b.*\bhow much\s*\??\s*$/i;
/** "What sort of illnesses does it cause?", "which problems can it cause?": what follows from it. */
const DISEASES_CAUSED = /\b(?:what|which)\s+(?:(?:sort|sorts|kind|kinds|type|types)\s+of\s+)?(?:illness(?:es)?|diseases?|problems?|conditions?|health problems?|issues?)\s+(?:does|do|can|could|will|would|might)\s+(?:it|this|that|they|these)\s+cause\b/i;
/** A verb of causing with a rate as its object: "drives peak mortality", "increases the losses". */
const CAUSES_RATE =
  /\b(?:drives?|driving|drove|push(?:es|ed|ing)?|causes?|caused|causing|increases?|raises?|reduces?|lowers?|affects?|influences?|determines?|predicts?|leads? to|results? in|triggers?|worsens?|explains?|associated with|linked (?:to|with)|tied to|responsible for)\s+(?:the\s+)?(?:[\w-]+\s+)?(?:mortality|morbidity|deaths?|losses|fatalit(?:y|ies))\b/i;

/** Where a question's clauses part: "…, and which…", "; how…". */
const CLAUSE_BREAK = /;|,?\s+(?:and|but)\s+(?=(?:what|which|how|when|where|why|who)\b)/i;

/** "When is mortality highest?", "when do most cases occur?": when something peaks. */
const WHEN_PEAKS =
  /\bwhen (?:is|are|was|were|do|does|did|will) (?:the )?(?:[\w-]+ ){0,3}?(?:highest|greatest|worst|heaviest|peaks?|at (?:its|their) (?:highest|peak|worst)|most (?:common|likely|severe|cases)|(?:occur|seen|happen)\w* most)\b/i;

/** Seeing a thing in the animals one meets ("how often do you actually see it in the eye?"): how common it is. */
const SEEING = String.raw`(?:(?:actually|really|ever|usually|typically|normally|generally)\s+)?(?:see|find|encounter|meet|come across|diagnose|pick (?:it|this|that|them) up)`;
/** What asks for a share or a rate ("how common", "what percentage", "how often does it occur"; not "given how common it is"). */
// ("Is that the same in goats - do they get it as often?": as common as in the species before.)
const AS_COMMON = String.raw`as (?:common|prevalent|frequent)\b|\b(?:get|gets|got|have|has|develop|develops|see|catch|occur|occurs|happen|happens)\s+(?:(?:it|this|that|them)\s+)?as (?:often|commonly|frequently)`;
/**
 * Risk factors asked: "risk factors", "what makes a cat more likely to…", "which cats get it most", "who is most at risk",
 * "which kinds of cats are known to be higher risk?".
 */
/** "What ends up killing them?", "what do they usually die of?": what causes their death. */
const KILLS_THEM = String.raw`what\s+(?:(?:usually|actually|eventually|normally|finally|mostly|ends?\s+up|ended\s+up)\s+)?(?:kills?|killed|killing)\s+(?:them|it|him|her|the\s+[\w-]+)|what\s+(?:do|does|did)\s+(?:they|it|he|she|most)\s+(?:usually\s+|actually\s+|eventually\s+|normally\s+|mostly\s+|end\s+up\s+)?(?:die|dying)\s+(?:of|from)`;
/** "How do they work?", "how does ivermectin actually work?": how a drug (or a test) acts. Not how well it works. */
const HOW_IT_WORKS = String.raw`how\s+(?:do|does|did)\s+(?:it|they|these|those|this|that|[\w-]+(?:\s+[\w-]+)?)\s+(?:actually\s+|really\s+|even\s+)?work`;
export const HOW_IT_WORKS_ASKED = new RegExp(String.raw`\b${HOW_IT_WORKS}\b`, "i");
/** "What ends up killing them?": the cause asked is of their death. */
export const KILLS_THEM_ASKED = new RegExp(String.raw`\b(?:${KILLS_THEM})\b`, "i");
const RISK = String.raw`risk factors?|(?:most|more)\s+likely\s+to\s+(?:test|come\s+up|turn\s+up|be)\s+positive|what makes (?:[\w-]+\s+){0,3}?(?:more|less) (?:likely|prone|susceptible|at risk)|(?:which|what)\s+(?:[\w-]+\s+){0,2}?(?:get|gets|catch|catches)\s+(?:it|this|that|them)?\s*(?:the\s+)?most\b|(?:most|more)\s+at\s+risk|(?:which|what|who)\b[^?.;]{0,60}?\b(?:at\s+)?(?:a\s+)?(?:higher|greater|increased|highest|greatest)\s+risk\b(?!\s+of\s+(?:dying|death|transmission|spread))`;
export const RISK_ASKED = new RegExp(String.raw`\b(?:${RISK}|predispos\w+)\b`, "i");
/** How often one meets a thing: "how often should I expect…", "how often do vets see…". */
const EXPECTED_OCCURRENCE = /\bhow (?:often|frequently)\s+(?:should|would|will|do|does|did|might|can|could|am|are|is)\s+(?:i|we|you|one|they|vets|people)\s+(?:be\s+)?(?:likely\s+to\s+)?(?:expect(?:ing)?(?:\s+to\s+(?:see|find|meet|get))?(?!\s+to\b)|see(?:ing)?|find(?:ing)?|come across|encounter(?:ing)?|run into)\b/i;
const ASKED_RATE = new RegExp(
  String.raw`\b(prevalence|seroprevalence|incidence|mortality|morbidity|case fatality|fatality|percent|percentage|proportion|fraction|what share|(?<!\b(?:given|considering|despite|knowing)\s)how (?:common|prevalent)|how often do(?:es)?|how (?:often|frequently)\s+(?:[\w-]+\s+){1,4}?(?:develop|develops|show|shows|go on to|goes on to|end up with|present with|presents with)|${AS_COMMON}|(?<!\b(?:heart|respiratory|breathing|pulse|resting|growth|infusion|flow|fluid|drip)\s)rate of|(?:success|recovery|survival|death|fatality|attack|recurrence|relapse|cure|remission|complication|response|reinfection|conception|pregnancy|hatch(?:ing|ability)?|seroconversion) rates?|carrier frequency|allele frequenc(?:y|ies)|how (?:deadly|fatal|lethal)|how much (?:[\w-]+ ){0,4}(?:does|do|did) (?:it|they|[\w-]+) account for|how much (?:[\w-]+ ){0,4}(?:is|are) (?:actually |really |mainly |mostly )?(?:down to|due to|caused by|attributable to|from) (?:it|them|[\w-]+)|${HOW_MANY_OUTCOME}|${LIKELY_TO_DIE}|${MANY_DIE})\b|\(\s*%\s*\)|(?<![\d.,]\s?)%\s+(?:of|dead|die|died|dying|affected|infected|positive|survive|surviving|survival|mortality|recover|recovering|recovery)\b|\b(?:what|which)\s+%`,
  "i",
);
/** What a drug asked for is called: "which antibiotic…", "what's the drug of choice". */
const DRUG_NOUNS = String.raw`(?:drugs?|meds|shampoos?|ointments?|painkillers?|pain ?killers?|preventives?|preventatives?|parasiticides?|wormers?|antibiotics?|abx|antimicrobials?|antifungals?|antivirals?|anthelmintics?|dewormers?|medications?|medicines?|analgesics?|sedatives?|anaesthetics?|anesthetics?|nsaids?|benzodiazepines?|fluoroquinolones?|tetracyclines?|penicillins?|cephalosporins?)`;
/**
 * Control asked as a treatment: "how do we control it?", "control of lice". Not what a named thing itself controls ("what
 * does kisspeptin actually control in reproduction?", "which fish pathogens can Bacillus probiotics control?"): that asks
 * its role or its targets.
 */
const CONTROL_AS_TREATMENT = String.raw`(?<!\b(?:what|which)\b[^?.!]*\b(?:does|do|did|can|could|will|would)\s+(?!(?:i|we|you|they|one|it|people|farmers|owners|vets)\s)(?:[\w-]+\s+){0,2}(?!to\s)[\w-]+\s+(?:actually\s+|really\s+|also\s+)?)control(?:led)?`;
/** Where a test's findings are seen ("on the smear", "after a CSF tap"): what is seen there is no sign. */
const TEST_MEDIA = String.raw`smears?|x-?rays?|radiographs?|scans?|ultrasound|csf|necropsy|post-?mortem|histo\w*|cytology|bloods?|tests?`;
/** "What would I actually notice?" of an animal: its signs (not what a test told before, or named after, shows). */
const NOTICED_ASKED = String.raw`(?<!\b(?:${TEST_MEDIA}|tap|tapped|biops\w*|urinalysis)\b.*)what (?:would|will|do|does|should|might|could|can) (?:i|we|you|an? owners?|the owners?|the farmer|farmers)\s+(?:actually\s+|usually\s+|typically\s+|first\s+)?(?:notice|spot|see|expect to see)(?!\s+(?:on|in|under|at)\s+(?:the\s+|a\s+|an\s+|his\s+|her\s+|their\s+|its\s+|my\s+|our\s+)?(?:${TEST_MEDIA}|slides?|films?|pm|biops(?:y|ies)|blood (?:work|tests?|smears?)|microscope|culture|gel|results?))\b`;

/** Words for animals of any kind, whose kinds are species. */
const ANIMALS_IN_GENERAL = /^(?:animals|hosts|mammals|creatures|vertebrates|wildlife)$/;
/**
 * What follows "how far" when it asks no distance: how far apart (an interval), how far into a course, how far someone
 * has got with something ("how far has China got with eliminating it?"), which asks progress, and how far a thing has
 * spread ("how far have they spread?"), which asks where it is now. (How far it can spread or travel is a distance.)
 */
const NOT_A_DISTANCE = String.raw`(?!\s+(?:apart|into|along|through|on\s+in)\b)(?!\s+(?:has|have|had|did)\s+(?:[\w-]+\s+){1,4}?(?:got|gotten|come|progressed|advanced|gone)\s+(?:with|towards?|in|on)\b)(?!\s+(?:has|have|had)\s+(?:[\w-]+\s+){1,4}?(?:spread|expanded|extended|reached)\b)`;
/** "How far can it travel?": a distance asked. */
const DISTANCE_ASKED = new RegExp(String.raw`\bhow far${NOT_A_DISTANCE}\b`);
const ASKED: Array<[AskedKind, RegExp]> = [
  ["dose", DOSE_ASKED],
  // "How often should it be given/repeated": a dosing interval; "how often do cats show bleeding": a rate (below).
  // ("How often should I dip her?": how often one does something is its interval; so is "…should she be on, and how often?"
  // "How often do we see that combination?" asks how common it is.)
  // ("How often?" alone, after a dose: how often it is given.)
  ["interval", new RegExp(String.raw`^\s*(?:and\s+|so\s+|ok\s+)?how (?:often|frequently)\s*\?*\s*$|\b(how (?:often|frequently) (?:should|must|do|can) (?:i|we|you)\b(?!\s+${SEEING}\b)|how (?:often|frequently)\b(?:\W+\w+){0,5}?\W+(?:give|given|giving|administer(?:ed|ing)?|repeat(?:ed|ing)?|dose[ds]?|dosing|treat(?:ed|ing)?|appl(?:y|ied|ying)|inject(?:ed|ing)?|(?:re)?vaccinat(?:e[ds]?|ing)|boost(?:ers?|ed|ing|s)?|retest(?:ed|ing)?|deworm(?:ed|ing)?|drench(?:ed|ing)?|worm(?:ed|ing)?|bath(?:e|ed|es|ing)?|wash(?:ed|es|ing)?|shampoo(?:ed|s|ing)?|soak(?:ed|s|ing)?|clean(?:ed|s|ing)?|chang(?:e|ed|es|ing)|replac(?:e|ed|es|ing)|check(?:ed|s|ing)?|monitor(?:ed|s|ing)?|test(?:ed|s|ing)?|need(?:ed|s)?)|,?\s+and how (?:often|frequently)(?=\s*\?*\s*$)|how (?:often|frequently) (?:should|must) (?:[\w-]+ ){1,5}?(?:have|get|receive) (?:a|an|their|the|its)\b|(?:dosing|booster|dose|vaccination|vaccine|treatment|retreatment|worming|testing|retest) interval|(?:what|which) (?:[\w-]+ ){0,2}interval|interval between|gaps? between|intervals|repeated?(?!\s+(?:infections?|bouts?|episodes?|attacks?|exposures?|relapses?|abortions?|seizures?|injur(?:y|ies)|failures?))|repeat the|how many times(?!\s+(?:the|as|that|its|their|his|her|normal|higher|lower|larger|bigger|greater|smaller|wider|longer|more|is|are|was|were|has|have|had|did)\b)|how (?:far|long|much time|many (?:days|weeks|months)) apart|every how many|schedules?|(?:due|need|needs|needed|get|gets|require[sd]?)\s+(?:a|an|their|the|another|its)\s+(?:annual\s+|yearly\s+)?boosters?|when (?:is|are|'s) (?:the |their |its |a )?(?:next |second |first )?(?:boosters?|revaccination|second (?:dose|jab|shot)) (?:due|given|needed|done))\b`, "i")],
  // "At what age…", "how old…": an age, said as a span of time ("above 2 weeks of age").
  ["duration", DURATION_ASKED],
  ["route", /\b(route|routes|orally|intravenous(?:ly)?|subcutaneous(?:ly)?|intramuscular(?:ly)?|topical(?:ly)?|how (?:is|should|do) (?:it|they|\w+) (?:be )?(?:given|administered))\b/i],
  ["rate", ASKED_RATE],
  // ("max blood volume I can safely take", "what IOP in mmHg", "what humidity %")
  // ("What force and cross-sectional area should I assign to the neck muscles?": a physical quantity, in its units.)
  // ("The normal respiratory rate of a rabbit": a vital sign's value, not a share of animals.)
  // ("What are the normal creatinine and urea reference ranges?": values, in their units.)
  ["quantity", new RegExp(String.raw`\b((?:heart|respiratory|breathing|pulse|resting)\s+rates?|concentrations?|thresholds?|cut-?offs?|max(?:imum)?\s+(?!how\b|what\b)(?:safe\s+)?[\w-]+|min(?:imum)?\s+(?!how\b|what\b)[\w-]+|in\s+(?:mmHg|mg\/dl|mmol\/l|g\/l|kg|grams|ml|cm|mm|°C|degrees)|how (?:warm|hot|cold|cool|large|big(?!\s+(?:of\s+)?an?\s+(?:[\w-]+\s+){0,2}?(?:risk|problem|deal|concern|threat|issue|worry)\b)|wide|heavy|tall|deep|far${NOT_A_DISTANCE})|how much (?:[\w-]+\s+){0,2}(?:serum|plasma|blood|urine|sample|samples|tissue|fluid|milk|csf|faeces|feces)\s+(?:(?:do|does|should|can|must|would|will)\s+(?:i|we|you|they)\s+(?:safely\s+|usually\s+|normally\s+)?(?:need|send|submit|take|collect|draw)|(?:is|are)\s+(?:needed|required))|how much (?:[\w-]+\s+){0,2}(?:do|does|did|should|would|will|can|must)\s+(?:[\w-]+\s+){1,3}?(?:drink|eat|consume|produce|weigh)\b|how (?:low|high)(?!(?:\s+[\w-]+){0,3}\s+(?:mortality|morbidity|prevalence|incidence|rates?|percentage|proportion|losses))|diameter|width|weight of|size of|(?:what|which) size(?!\s+(?:of\s+)?(?:[\w-]+\s+)?(?:needles?|catheters?|cannulas?|tubes?)\b)|(?:(?:^|[-–—:,])\s*|\b(?:shape|length|width|weight)\s+and\s+)size(?=\s*\?)|molecular (?:mass|size)|in (?:k?da|kilodaltons?)|levels? of|reference (?:ranges?|intervals?|values?)|normal (?:[\w-]+\s+){0,2}(?:ranges?|values?|temperatures?|temps?)|(?:what|which) (?:size|gauge)\s+(?:of\s+)?(?:[\w-]+\s+)?(?:needles?|catheters?|cannulas?|tubes?)|(?:upper|lower) (?:limit|bound)s?|breakpoints?|(?:surgical |lateral |deep )?margins?)\b|\b(?:what|which)\s+(?:[\w-]+\s+){1,2}%|\b(?:what|which)\s+(?:[\w-]+\s+){0,2}(?:pressures?|temperatures?|temps?)\b|\b(?:what|which)\s+(?:[\w-]+\s+){0,2}?(?:forces?(?!\s+(?:drive|drives|driving|drove|shape|shapes|shaping|behind|underlie|underlying|at\s+(?:play|work))\b)|torques?|stiffness|cross-sectional\s+areas?|tensile\s+strength)\b`, "i")],
  // "The vertebral (dental) formula" is how many of each there are.
  // ("What ICPI value…", "which FAMACHA score…": a number without a unit.)
  ["count", /\bhow many\b|\b(?:vertebral|dental|digital|spinal)\s+formulae?\b|\b(?:what|which)\s+(?:[\w-]+\s+){0,2}(?:values?|scores?|index|indices|ratios?)\b/i],
  // "What does the DNA test cost?", "price of a course?", "is it expensive?"
  // ("What compensation will he get?", "how much is paid per pig?": money paid.)
  // ("Is there a cheap way to stop that?" asks for a way, not a price.)
  ["cost", /\b(?:costs?|costing|price[ds]?|pricing|expensive|cheap(?:er|est)?(?!\s+(?:ways?|options?|alternatives?|methods?|fix(?:es)?)\b)|compensat(?:e|ed|ion)|how much\s+(?:[\w'’-]+\s+){0,3}?(?:paid|pays?|charged?|charges))\b/i],
  // "Is it notifiable?", "do I have to report a suspect case?": whether the law says it must be reported.
  ["notifiable", /\b(?:notifiable|reportable|notif(?:y|ied|ication)|(?:have|need|must|required|obliged|duty)\s+to\s+(?:report|notify)|report(?:ing)?\s+(?:obligations?|requirements?|duty|duties|rules)|legal(?:ly)?\s+(?:obligat\w+|requir\w+|duty|duties))\b/i],
  ["year", /\b(when (?:was|were|did|has|have)\b.*\b(first|detected|discovered|reported|described|identified|introduced|emerged)|in (?:what|which) year|what year)\b/i],
  // "What brand of ivermectin…?", "trade name?": a product's name, which passages give as such ("Gudair®", "marketed as…").
  ["brand", /\b(?:(?:which|what)\s+(?:[\w-]+\s+){0,2}?(?:brands?|manufacturers?)|brand[- ]names?|trade[- ]names?|proprietary\s+names?|(?:which|what)\s+(?:[\w-]+\s+){0,2}?products?\s+(?:should|do|can|would)\s+(?:i|we|you)\s+(?:buy|get|order|use))\b/i],
  // "Who first described scrapie?", "which scientist discovered FCV?": a person, named as who did it.
  ["person", /\b(?:who\s+(?:first\s+|originally\s+)?(?:described|discovered|identified|isolated|named|reported|found|characteri[sz]ed|coined)|(?:which|what)\s+(?:scientists?|researchers?|vets?|veterinarians?|person|people|group|team)\s+(?:first\s+)?(?:described|discovered|identified|isolated|named|reported|found|characteri[sz]ed|coined))\b/i],
  // "Which p72 genotype was it?", "which serotype is usually behind it?": a type's label ("genotype II", "serotype A:1").
  // (Not how many there are: "how many genotypes…?" is a count.)
  ["type", /\b(?:which|what)\s+(?:[\w/-]+\s+){0,3}?(?:sub-?genotypes?|genotypes?|serotypes?|subtypes?|serogroups?|serovars?|genogroups?|clades?|biotypes?|pathotypes?)\b/i],
  // "Which serine residues does TBK1 phosphorylate?", "which Vif residues govern…": residues by name and position.
  // (Not a drug's residues in food: "which antibiotic residues should we test the milk for?")
  ["residue", /\b(?:which|what)\s+(?!(?:[\w-]+\s+){0,2}?(?:drugs?|antibiotics?|antimicrobials?|pesticides?|chemicals?|medicines?|wormers?|anthelmintics?|crop|plant)\s)(?:[\w-]+\s+){0,3}?residues?\b(?![^?.;]{0,30}?\b(?:in|of|from)\s+(?:the\s+|our\s+|their\s+)?(?:milk|meat|eggs?|tissues?|food|feed|carcass(?:es)?|honey|urine|liver|kidneys?|muscle|soil|water)\b)/i],
  // "Which genes…": a gene symbol. "Which mutation…" is answered by a variant of the asked gene, not by another gene.
  // (Not a disease of one gene: "what single gene diseases should i know about in quarter horses?" asks for diseases.)
  // (Not a kind of gene: "what sort of gene encodes COX-2?" is answered by "a fast-response gene".)
  ["gene", /\b(which|what)\s+(?!(?:sorts?|kinds?|types?|class(?:es)?)\s+of\b)(?:\w+\s+){0,2}(genes?|loci|locus|alleles?)\b(?![\s-]+(?:diseases?|disorders?|conditions?|defects?|traits?)\b)/i],
  // "Which antibiotic…", "what drug…": answered by a drug's name.
  // ("What is the antibiotic actually aimed at?" asks what it targets, not which drug.)
  // ("Post-op meds and for how long?": the drugs named alone, opening a question that has no verb before them.)
  ["drug", new RegExp(String.raw`\b(?:(?:which|what)(?:['’]s)?\s+(?:[\w-]+\s+){0,2}${DRUG_NOUNS}(?!\s+(?:actually\s+|really\s+|meant\s+to\s+be\s+|supposed\s+to\s+be\s+)?(?:aimed|targeting|targeted|directed)\b)|${DRUG_NOUNS}\s+of\s+choice)\b|^\s*(?:(?:and|ok|okay|so|right|also)[,.\s]+)*(?:[\w-]+\s+){0,2}${DRUG_NOUNS}\s*(?:\?|,|\band\b)`, "i")],
  // "Which breeds are predisposed…?": answered by a breed's name.
  ["breed", /\b(?:which|what)\s+(?:[\w-]+\s+){0,2}?breeds?\b|\bbreeds?\s+(?:predispos\w*|(?:are |is )?(?:most |more )?(?:at (?:higher |greater |increased )?risk|(?:commonly |often |frequently )?affected))|\bbreed predispositions?\b/i],
  // ("Once a cat is diagnosed with FIP, what's the prognosis?" tells what is known, it does not ask how.)
  // ("What's top of my list?", "top differential?": the likeliest diagnosis.)
  // ("…survive after diagnosis?" dates the span asked; it asks no diagnosis. "How do cats usually get tested for FIV?" asks
  // the test.)
  // (Not what a receptor detects: "Which Toll-like receptors do chickens rely on to detect RNA viruses?")
  ["diagnosis", /\b(firm(?:s|ed|ing)? (?:it|this|that|the (?:diagnosis|dx)) up|top of (?:my|the|your|our) (?:list|differentials?|ddx)|top differentials?|(?<!\b(?:after|since|from|before|following|at)\s+(?:the\s+|(?:the\s+)?(?:initial|first)\s+)?)diagnos(?!ed\s+with\b)\w*|dx(?!['’]d)|test(?:s|ing)?|how\s+(?:are|is|were|was|should|would|can|could|do|does)\s+(?:[\w-]+\s+){0,3}?(?:get\s+|be\s+)?tested|stain(?:s|ing)?|biopsy|(?<!\b(?:receptors?|sensors?|PRRs?|TLRs?)\b[^?.]{0,40})detect\w*|confirm\w*|differentiate|tell (?:\w+ )?from)\b/i],
  // ("So what are his chances?": his prognosis; "what are the chances the other cat catches it?" is a risk.)
  // ("What predicts how it'll behave?": how a tumour will behave is its prognosis.)
  // ("…the vet said calicivirus - is that bad?", "how serious is it?": an owner asks what it means for the animal.)
  ["prognosis", /\b(prognos\w*|outcomes?|outlook|(?:possible\s+)?ways\s+(?:this|it|that|things)\s+(?:can|could|might|may|will)\s+go|(?:his|her|their|its)\s+chances?|chances? of (?:survival|surviving|recovery|recovering|making it|pulling through)|(?:is|was|are)\s+(?:that|it|this|they)\s+(?:really\s+|very\s+)?(?:bad|serious|dangerous)(?=\s*(?:for\s+[\w-]+\s*)?[?.!]*\s*$)|how (?:bad|serious)(?:\s+is\s+(?:it|that|this)\b|(?=\s+(?:at|in|for)\s)|(?=\s*\?))|survive|survival|recover(?:y)?|come right|get(?:s|ting)? better|pull through|(?:come|comes|came|coming) through(?:\s+(?:it|this|that))?(?=\s*[?.!]*\s*$)|life expectancy|(?:mean|means|meant)\s+for\s+(?:her|him|them|it|the\s+[\w-]+)\s+(?:in\s+the\s+)?long[- ]?(?:term|run)|long[- ]?term (?:outlook|future|chances?)|biological behaviou?r|(?:predict\w*|tell)\s+how\s+(?:it|they|the [\w-]+)(?:['’]ll| will| is going to| are going to)\s+behave|what\s+(?:usually\s+|typically\s+|generally\s+|then\s+)?(?:tends?\s+to\s+happen|happens|will\s+happen)\s+to\s+(?:her|him|them|it))\b/i],
  // ("What's driving it?": what causes it.)
  // ("Is it because show pigs are sicker that they're the flu risk?" asks what the cause is.)
  ["cause", new RegExp(String.raw`\b(cause[sd]?|causing|why|(?:sets?|setting|triggers?|kicks?|kicked) (?:it|this|that|them) off|aetiolog\w*|etiolog\w*|${RISK}|pathogenesis|mechanism|${HOW_IT_WORKS}|what(?:'s|’s|s| is| are) driving|(?:is|was|are|were) (?:it|that|this) (?:just |only |mainly |really )?because|${KILLS_THEM})\b`, "i")],
  // ("How do I separate myoglobin from Hb?", "tell it from sheep pox": told apart.)
  // ("Can histopath tell me whether it's Neospora or Toxoplasma?": whether it tells them apart.)
  ["comparison", /\b(differ\w*|compare\w*|comparison|versus|vs\.?|distinguish\w*|same as|better than|(?:tell|told) (?:\w+ )?apart|(?:separate|separating|tell|telling)\s+(?:[\w-]+\s+){1,3}?from|(?:what|which)\s+(?:separates|sets apart)\s+(?:[\w-]+\s+){1,4}?from|(?:tell|tells|telling)\s+(?:me|us|you|them)?\s*(?:whether|if)\s+(?:it['’]?s|it is|it was|this is)\s+[\p{L}-]+\s+or)\b/iu],
  // (The "?" after "What is X" ends the question, not a word.)
  // ("What does effusive actually mean?" asks it of a word; "what does that mean for her?" asks what follows.)
  ["definition", /\bwhat(?:'s|’s| (?:actually |exactly |really |even )?(?:is|are))(?: (?:actually|exactly|really|even))? (?:an? |the (?!(?:course|regimen|protocol|schedule|plan|dose|dosage|dosing)\??$))?[\w-]+\??$|\b(?:defin\w*|meaning of|stands? for|short for|abbreviation)\b|\bwhat\s+(?:does|do)\s+(?!(?:this|that|it|these|those|they|he|she)\b)(?:['‘"“]?[\w-]+['’"”]?\s+){1,3}(?:actually\s+|exactly\s+|really\s+)?mean\s*(?:\?\s*$|$|[,;]\s*(?:and|or|but)\b)|\bwhat\s+(?!(?:this|that|it|these|those|they|he|she)\b)(?:['‘"“]?[\w-]+['’"”]?\s+){1,3}(?:actually\s+|exactly\s+|really\s+)?means\b/i],
  // ("Anything you can do for it?", "what can be done about it?")
  ["treatment", new RegExp(String.raw`\b((?:medicines?|medications?|cure)\s+for\s+(?:this|that|it|her|him|them)|treat\w*|(?<!\b(?:renal|kidney|liver|hepatic|heart|cardiac|lung|organ|marrow|islet|corneal)\s)tx|rx|aftercare|after-care|therapy|therapies|therapeutic|manage\w*|${CONTROL_AS_TREATMENT}|prevent\w*|vaccines?|vaccination|(?:is there|are there|any)\s+(?:an?\s+)?(?:[\w-]+\s+)?jabs?\b|jabs?\s+(?:for|against)\b|surgery|surgical(?:ly)?|operat(?:e|ion)|(?:anything|something|what|much)\s+(?:(?:you|we|i|they|one)\s+)?(?:can|could|should)\s+(?:(?:you|we|i|they|one)\s+)?(?:be\s+)?(?:do|done)\s+(?:for|about)|what\s+(?:do|should|can|could|would)\s+(?:we|i|you|they)\s+do(?:\s+(?:now|next|then|about\s+(?:it|this|that|them)))?(?=\s*[?.!]*\s*$)|(?:does|do|did|will|would|has|have)\s+(?:anything|something|nothing)\s+(?:\w+\s+)?(?:work|worked|help|helped)|what\s+(?:actually\s+|really\s+)?(?:works|helps)|${TREATED_WITH.source})\b`, "i")],
  // "Where is it found?", "explain where estrogens are synthesized", not the relative "in sheep where Mycoplasma is suspected".
  [
    "location",
    new RegExp(String.raw`(?:^|[.?!;:,–—-]\s*|\b(?:and|but|or|so|explain|describe|state|tell|know|ask|show|determine|identify|find|affect|affects|influence|influences|predict|predicts)\s+)where\b(?!${PART_PLAYED})|\bwhere(?!${PART_PLAYED})\s+(?:is|are|was|were|do|does|did|can|could|should|would|will|in|on|exactly|else|to)\b|\bwhereabouts\s+(?:on|in|exactly|do|does|is|are|should|would)\b|\b(?:which|what)\s+(?:parts?|areas?|regions?)\s+of\s+(?:the|its|their|his|her)\s+body\b`, "i"),
  ],
  // ("When cattle catch it, what does it look like?": how the disease shows, not what the pathogen looks like under a lens.)
  ["signs", new RegExp(String.raw`\b(clinical signs?|signs|symptoms?|clinical (?:picture|presentation|features)|(?:usual|typical|classic(?:al)?) (?:clinical )?(?:picture|presentation)|what (?:does|do|would|will) (?:it|that|this) look like(?!\s+(?:under|on|in (?:the|a) (?:microscope|smear|slide|culture|gel)|down))|(?:would|will|do|does|did)\s+(?:they|it|he|she)\s+look\s+(?:the\s+same|any\s+different|different|similar)|present(?:s|ing)? with|(?:watch|look)(?:ing)? out for|(?:watch|monitor)(?:ing)? (?:her|him|them|it|\w+) for|keep (?:an )?eyes? (?:out )?for|${NOTICED_ASKED})\b`, "i")],
  // "How do cattle usually pick it up?", "how is it spread?", "which type spreads cat to cat?", "so how does it get from them to
  // pigs?": the way it passes to an animal.
  // ("Could it have caught it off the horse in the next stable?", "are they still spreading it?", "is she a risk to the
  // others?": whether it passes that way; "why did it rip through the whole litter so fast?": how it spread.)
  // ("Is it likely to jump to my neighbour's chickens?": whether it passes to other animals; not "spread to the lungs".)
  // (Not a test that picks it up: "how do the in-house kits pick it up?" asks how it is detected.)
  [
    "transmission",
    /\b(?:how (?:do|does|did|can|could|would|might) (?!(?:[\w-]+ ){0,3}?(?:kits?|tests?|assays?|scans?|pcrs?|elisas?|labs?|machines?|analy[sz]ers?) pick\b)(?:[\w-]+ ){0,3}(?:pick (?:it |this |that )?up|catch (?:it|this|that)|(?:end|ended|wind|wound) up (?:catching|getting|picking up|contracting) (?:it|this|that)|get (?:it|infected)|get (?:from|into)\b|become infected|contract (?:it|this|that)|spread|get about|get around|travel|move)|how (?:is|are|was|were) (?:[\w-]+ ){0,3}?(?:picking (?:it|this|that) up|catching (?:it|this|that)|getting (?:it|this|that|infected)|contracting (?:it|this|that))|how (?:is|are|was|were) (?:[\w-]+ ){1,4}?(?:usually |normally |mainly |mostly )?(?:spread|transmitted|passed on|caught|acquired)|route of (?:infection|transmission)|transmission(?!\s+(?:cycles?|dynamics|chains?|models?))|transmitted|mode of spread|(?:rip|rips|ripped|ripping|sweep|sweeps|swept|sweeping|race|races|raced|racing|go|goes|going|went|run|runs|running|ran|tear|tears|tearing|tore)\s+through\s+(?:the\s+|our\s+|my\s+)?(?:whole\s+|entire\s+)?(?:litter|litters|flock|flocks|herd|herds|kennels?|cattery|group|pen|pens|shed|house|yard|stables?|barn|colony|unit|farm|ward)\b|(?:spreads?|spreading|pass(?:es|ed)?(?:\s+on)?|jumps?)\s+(?:from\s+)?(?:an?\s+|one\s+)?(?<host>[\w-]+?)s?\s+to\s+(?:an?\s+|another\s+|other\s+)?\k<host>s?|(?:spreads?|spreading|pass(?:es|ed)?)\s+between\s+(?:the\s+)?[\w-]+|(?:can|could|will|would|might)\s+(?:(?:our|my|the|his|her|their)\s+)?other\s+[\w-]+\s+(?:catch|get)\s+(?:it|this|that)|(?:give|gives|pass|passes|spread|spreads)\s+(?:it|this|that)\s+(?:on\s+)?to\s+(?:(?:my|our|the|his|her|their|your)\s+)?(?:other|another)\b|(?:is|are)\s+(?:it|this|that|they|these|those)\s+(?:really\s+|very\s+|that\s+|so\s+)?(?:catching|contagious|infectious)|(?:catch|catches|caught|get|gets|got|pick|picked)\s+(?:it|this|that)\s+(?:up\s+)?(?:off|from)\s+(?:the|a|an|another|other|his|her|their|our|my|one)\b|\bstill\s+(?:be\s+)?(?:spreading|shedding|contagious|infectious|catching)\b|\b(?:a\s+)?(?:risk|danger|threat)\s+to\s+(?:the\s+|my\s+|our\s+|her\s+|his\s+|their\s+)?(?:others|other\s+[\w-]+|rest)\b|\b(?:it|this|that)\s+(?:(?:likely|going|able)\s+)?(?:to\s+)?(?:jump|spread|pass|cross|spill)(?:s|es|ed|ing)?\s+(?:over\s+|on\s+|across\s+)?(?:to|into)\s+(?!(?:the|its|his|her|their)\s+(?:lungs?|brain|liver|kidneys?|joints?|eyes?|bones?|blood|heart|skin|udder|uterus|f(?:o|oe)etus|lymph)\b))\b/i,
  ],
  // "When in the year do you see most cases?": a season or the months.
  // ("Peak season?", a flash card's shorthand, asks it too.)
  ["season", /\b(?:(?:what|which) (?:time|times|months?|part) of (?:the )?year|when in the year|(?:what|which) seasons?|what months?|seasonal(?:ity)?|time of year|peak (?:season|months?|time of (?:the )?year))\b/i],
  // "Which ticks…", "what bacteria…": answered by an organism's name ("Boophilus annulatus", "T. vivax").
  // ("Vector known?" asks which one it is.)
  ["organism", /\bvectors?(?=\s+(?:known|identified|involved|responsible)\b)|\b(which|what)\s+(?:[\w-]+\s+){0,2}(ticks?|vectors?|insects?|bugs?|midges?|fleas?|lice|louse|mites?|snails?|bacteri(?:a|um)|viruse?s?|parasites?|pathogens?|agents?|organisms?|micro-?organisms?|microbes?|germs?|mosquito(?:e?s)?|flies|fly|worms?|helminths?|nematodes?|protozoa(?:ns?)?|fungi|fungus|genus|genera|serotypes?|serovars?|strains?|subtypes?)\b/i],
];

/** A share of the animals with a finding: "what proportion of cats with FIP have ocular lesions" -> "with ocular lesions". */
const FINDING_PREFIX = "with ";
export const DISTANCE_ATTRIBUTE = "distance";
/** "When are they due a booster?": the interval between boosters, not the primary course's. */
export const BOOSTER_ATTRIBUTE = "booster";
/**
 * "How many horses were in the study?": how many the study took in, not any figure it gives. (Or how many a survey must
 * take in: "how many pigs do we need to sample to be sure we'd pick up brucellosis?" is not answered by "feral swine in
 * 38 states".)
 */
export const STUDY_SIZE_ATTRIBUTE = "study size";
const STUDY_SIZE_ASKED =
  /\bhow many\b[^?.]*?\b(?:need|needs|have|has|ought|should|must)\s+(?:to\s+)?(?:be\s+)?(?:sample|sampled|test|tested|bleed|bled|swab|swabbed|screen|screened)\b|\bhow many\b[^?]*?\b(?:were|was)\s+(?:there\s+)?(?:in|enrolled|included|studied|sampled|examined|surveyed|tested|recruited)\b[^?]*\b(?:study|studies|trial|survey|sample|cohort|research)\b|\b(?:size|number)\s+of\s+(?:the\s+)?(?:study|trial|survey|sample|cohort)\b|\bhow (?:big|large) (?:was|is) (?:the|that|this) (?:study|trial|survey|sample|cohort)\b/;
/**
 * "How many doses of the vaccine were used in its first few years?": doses used, sold or given out in all, not how many
 * one animal needs ("With over seven million doses used within its first few years of release").
 */
export const DOSES_USED_ATTRIBUTE = "doses used";
const DOSES_USED_ASKED =
  /\bhow many\s+(?:[a-z-]+\s+)?(?:doses|vials|packs|units)\b[^?.]*?\b(?:were|was|have been|has been|are|got|get|been)\s+(?:[a-z]+\s+)?(?:used|sold|distributed|administered|manufactured|produced|shipped|supplied|given out|deployed)\b/;
export const BOUND_ATTRIBUTE = "bound";
export const TEMPERATURE_ATTRIBUTE = "temperature";
export const GAUGE_ATTRIBUTE = "gauge";
/** "What's the molecular weight of APP in kDa?": a molecule's mass in daltons, not any figure given beside it. */
export const MOLECULAR_SIZE_ATTRIBUTE = "molecular size";
export const SIZE_ATTRIBUTE = "size";
/** "What does Fasciola cost the producer?": the economic impact, which a passage may say in words, not a price. */
export const ECONOMIC_IMPACT_ATTRIBUTE = "economic impact";
const COST_IMPACT =
  /\bcosts?\s+(?:to\s+)?(?:the\s+|a\s+|an\s+|our\s+|their\s+)?(?:[\w-]+\s+){0,2}?(?:producers?|farmers?|farms?|industr(?:y|ies)|sectors?|econom(?:y|ies)|livestock|growers?|countr(?:y|ies))\b|\b(?:a|an|the)\s+(?:[\w-]+\s+)?costs?\s+of\s+(?:it|this|that|the disease)\b|\beconomic(?:al(?:ly)?)?\b/;
const BOUND_ASKED = /\b(?:normal|reference (?:range|interval|values?)|(?:upper|lower) (?:limit|bound)s?|breakpoints?|cut-?offs?|thresholds?)\b/;
export const isFindingAttribute = (attribute: string | null) => attribute?.startsWith(FINDING_PREFIX) ?? false;
/** An interval between checks of something: "how often do you check liver enzymes?" -> "checks of liver enzymes". */
const CHECKS_PREFIX = "checks of ";
const CHECKED =
  /\b(?:check|checks|checked|checking|monitor|monitors|monitored|monitoring|recheck|rechecks|rechecked|rechecking|measure|measured|measuring|repeat|repeated|repeating)\s+(?:the\s+|their\s+|its\s+|his\s+|her\s+)?((?:[a-z-]+\s+){0,2}?(?:enzymes?|bloods?|bloodwork|levels?|values?|counts?|panels?|biochemistry|haematology|hematology|function|parameters|titres?|titers?|weights?|urine|urinalysis))\b/;
/** Testing an animal again: "before testing her again", "when to retest", "a second test". */
const RETESTED = /\b(?:re-?test(?:s|ed|ing)?|test(?:s|ed|ing)?\s+(?:(?:her|him|it|them|the\s+[a-z-]+)\s+)?again|(?:another|a second|a repeat|the next)\s+test|repeat(?:ing)?\s+the\s+test)\b/;
/** The thing whose checks an interval (or the span before the next) asked is between, or null. */
export const checkedThing = (attribute: string | null) => (attribute?.startsWith(CHECKS_PREFIX) ? attribute.slice(CHECKS_PREFIX.length) : null);
/** How long a thing may stay on or in the animal: "how long can the catheter stay in?" -> "time in place of catheter". */
const IN_PLACE_PREFIX = "time in place of ";
const LEFT_IN_PLACE =
  /\b(?:how long|longest|maximum|max)\b[^?.!]*?\b(?:the|a|an|this|that|her|his|its|their|my|our)\s+([a-z-]{4,})\s+(?:(?:can|could|should|may|might|will|is|be)\s+)?(?:safely\s+|be\s+safely\s+)?(?:(?:be\s+)?(?:left|kept)|stay|stays|remain|remains)\s+(?:(?:on|in)(?=\s*(?:[?.!,;]|$|for\b|before\b))|in\s+place|applied|fitted)/;
/** The thing whose time left in place a duration asked is, or null. */
export const thingInPlace = (attribute: string | null) => (attribute?.startsWith(IN_PLACE_PREFIX) ? attribute.slice(IN_PLACE_PREFIX.length) : null);
const FINDING_SHARE =
  /\b(?:(?:what|which) (?:proportion|percentage|share|fraction|percent) of (?:[\w-]+ ){0,6}?|how many (?:of (?:them|those) )?|how (?:often|frequently) (?:[\w-]+ ){1,4}?(?=(?:develop|develops|show|shows|go on to)\b))(?:have|has|develop|develops|show|shows|get|gets|present with|suffer from|end up with|become|becomes|remain|remains|stay|stays|test|tests|tested|go on to (?:have|develop|show|get|become)) (?!been\b)([\w-]{4,}(?: [\w-]{4,})?)/;

/** A share named by the words before it: "what lean meat percentage", "which hatch-to-sale proportion". */
const SHARE_OF_NAMED = /\b(?:what|which)\s+([a-z-]{3,}(?:\s+[a-z-]{3,}){0,2}?)\s+(?:percentage|percent|proportion|share)s?\b/;

/** "How common is mitral valve disease in dogs?" is answered by a share, or in words: "the most common acquired heart disease". */
const HOW_COMMON = new RegExp(String.raw`\bhow (?:common|frequent|prevalent|rare)\b|\b${AS_COMMON}\b|\bhow (?:often|frequently) (?:do|does|did) (?:i|we|you|they|vets|people)\s+${SEEING}\b`);
const AS_COMMON_ASKED = new RegExp(String.raw`\b(?:${AS_COMMON})\b`, "i");
export const HOW_COMMON_ATTRIBUTE = "how common";
/** "Do many die?": answered by a share, or in words ("the mortality rate … is low", "rarely fatal"). */
export const HOW_DEADLY_ATTRIBUTE = "how deadly";

/** Nouns that name what a time span (duration, interval) or a share (rate) is of. */
// (Of a drug too: its half-life, how long until its levels or effect peak.)
const SPAN_ATTRIBUTE = /\b(turnaround|booster|isolation|incubation|gestation|survival|persistence|resolution|life cycle|lifespan|life span|withdrawal|withholding|recovery|treatment|course|shedding|infectious|contagious|storage|latent|prepatent|patent|pre-?clinical|subclinical|protection|immunity|half-life|half life|peak)\b/;
const RATE_ATTRIBUTE = /\b(seroprevalence|prevalence|incidence|mortality|morbidity|fatality|heritability|sensitivity|specificity|efficacy|survival|resolution|success|recurrence|relapse|cure|remission|complication)\b/;

/** "At what age", "how old", "how young can they have it": the span asked is an age ("above 2 weeks of age"). */
const AGE_ASKED = /\b(?:what age|how old|how young|(?:youngest|earliest|minimum|min) age|age (?:of|at) onset)\b/;
export const AGE_ATTRIBUTE = "age";
/** "How long do they survive?": the span asked is how long they live. */
export const SURVIVAL_ATTRIBUTE = "survival";
/**
 * Where a pathogen lasts outside a host: "how long can parvo survive in the environment?", "how long do oocysts
 * persist in soil?". Asked of a place, survival is the pathogen's, not the patient's.
 */
export const PERSISTENCE_ATTRIBUTE = "persistence";
/** "When do the signs settle?", "how long until it clears up?": the span asked ends when the disease resolves. */
export const RESOLUTION_ATTRIBUTE = "resolution";
/** "What proportion of them die?", "how many are we likely to lose?": how many die, as a share or a count. */
export const DIE_ATTRIBUTE = "die";
/** A recovery said not to come ("it will not recover", "won't heal", "no chance of recovering"). */
const NOT_RESOLVING = /\b(?:not|never|won['’]?t|can['’]?t|cannot|no chance of|unlikely to)\s+(?:\w+\s+)?(?:settl|subsid|resolv|clear|disappear|go away|improv|heal|recover|eas)\w*\b/gi;
/**
 * A recovery said of the animals, not asked of them: "…maternal antibody from vaccinated or recovered breeder geese" (they
 * got over it before; how long they protect is asked). The participle stands before the animals it describes.
 */
const RECOVERED_ANIMALS = /\b(?:recovered|cured|healed)\s+((?:[\w-]+\s+){0,2}[\w-]+)/gi;
const withoutRecoveredAnimals = (s: string) =>
  s.replace(RECOVERED_ANIMALS, (m, words: string) => (!isStopWord(words.split(/\s+/)[0]!.toLowerCase()) && (speciesIn(words).species.size > 0 || /\b(?:animals?|birds?|hosts?|breeders?|survivors?|carriers?|dams?)\b/i.test(words)) ? " " : m));
const RESOLVES = /\b(?:settle|subside|resolve|clear up|disappear|go away|improve|heal|recover|ease)(?:s|d|ed)?\b|\b(?:get|gets|feel|feels)\s+better\b|\b(?:be|is|'s|’s|are|get|gets)\s+sound\b|\bback\s+(?:out\s+)?(?:on|to|in)\s+(?:grass|work|full work|normal)\b|\b(?:get|gets|be|is|'s|’s)\s+over\s+(?:it|this|that|the worst)\b/;
export const OUTSIDE_A_HOST = /\b(?:environment\w*|outside (?:of )?(?:the |its |a )?(?:host|body|animal)s?|soils?|surfaces?|fomites?|pastures?|bedding|premises|faeces|feces|manure|litter|water)\b/i;
/** Where an owner says a pathogen lasts ("how long can the virus survive in the house and garden?"): outside a host. */
// (Or where the animal is kept: "…before bringing a new bunny into that hutch".)
const OWNERS_PLACE = String.raw`(?:the |my |our |your |his |her |their |a |that |this )?(house|home|garden|yard|kennels?|shed|barn|stables?|floors?|carpets?|grass|ground|fields?|hutch(?:es)?|cages?|coops?|enclosures?|aviar(?:y|ies)|crates?|lofts?|tanks?|ponds?|aquari(?:um|ums|a)|trailers?|lorr(?:y|ies)|trucks?|vans?|horsebox(?:es)?|cars?|cabs?|pavements?|sidewalks?|streets?|parks?|paths?|footpaths?|roads?|lawns?|playgrounds?)`;
// ("…on the pavements and in the park?")
const OWNERS_PLACES = new RegExp(String.raw`\b(?:in|into|on|around|about|at) ${OWNERS_PLACE}(?: and (?:(?:in|into|on|around|about|at) )?${OWNERS_PLACE})?\b`);

/** Kept away from the other animals: "keep him apart", "stay isolated", "how long in quarantine?". */
const KEPT_APART =
  /\b(?:keep|kept|keeping|house|housed|housing|stay|stays|remain|remains|be)\s+(?:(?:him|her|it|them|the\s+[\p{L}-]+|[\p{L}-]+)\s+){0,2}?(?:apart|separate|separated|segregated|isolated|quarantined|away from (?:the |my |our )?(?:others?|rest|[\p{L}-]+ (?:others?|ones?)))\b|\b(?:in|into|of) (?:isolation|quarantine)\b/u;
export const ISOLATION_ATTRIBUTE = "isolation";
/** The clauses of a (lower-cased) question that ask how long: "how long…", "how many weeks…", "until when…". */
const spanClauses = (question: string) =>
  question
    .split(/[?;.!]\s*|,\s*(?=(?:and|but|or)\s)|\s+and\s+(?=(?:how|what|when|which|where|why)\b)/)
    .filter((clause) => /\bhow\s+(?:long|many\s+(?:[\p{L}-]+\s+)?(?:minutes|hours|days|weeks|months|years))\b|\buntil when\b/u.test(clause));
/** Living away from the animals: "live off the birds", "survive without a host", "last away from the sheep". */
const OFF_THE_HOST = /\b(?:live|lives|living|survive|survives|surviving|last|lasts)\s+(?:for\s+(?:long\s+)?)?(?:off|away from|without)\s+(?:the|its|their|a|an)\s+([\p{L}-]+)/gu;
const PERSISTS = /\b(?:surviv(?:e|es|ed|ing|al)|persist(?:s|ed|ing|ence)?|last(?:s|ed|ing)?|remains?|stays?|viable|infectious|infective|linger(?:s|ed|ing)?|(?:hang|hangs|hanging|stick|sticks|sticking) (?:around|about))\b/;

/**
 * The places an owner names where a pathogen lasts ("…hang around in the house and garden?"): they say outside a
 * host, which the asked persistence already says, so a passage need not name them.
 */
export function placesOfPersistence(question: string): string[] {
  const s = question.toLowerCase();
  // (Or where it is caught: "could the others catch it in the trailer?")
  const m = PERSISTS.test(s) || CATCHING.test(s) ? OWNERS_PLACES.exec(s) : null;
  // (Or the place emptied of its animals, with the word that says so: "Once we've emptied the block, how long could the
  // virus still be hanging about in there?")
  const emptied = PERSISTS.test(s) ? EMPTIED_PLACE.exec(s) : null;
  return [...(m ? [m[1]!, ...(m[2] ? [m[2]] : [])] : []), ...(emptied ? [emptied[1]!, emptied[2]!] : [])];
}
const EMPTIED_PLACE = /\b(emptied|cleared out|cleaned out|depopulated|destocked)\s+(?:the |my |our |their |that |this |your )?([\p{L}-]+)/u;

/**
 * Drug classes whose members their INN stems tell: "which local anaesthetic goes in?" is not answered by a sentence
 * naming xylazine. (Class as asked, its members' names.)
 */
const DRUG_CLASS_MEMBERS: Array<[asked: RegExp, member: RegExp]> = [
  [/\blocal an(?:a)?esthetics?\b/, /caine$/],
  [/\bnsaids?\b/, /(?:profen|coxib|oxicam)$|^(?:flunixin|phenylbutazone|aspirin|metamizole|dipyrone|tolfenamic)/],
  [/\bbenzodiazepines?\b/, /(?:azepam|azolam)$/],
  [/\bfluoroquinolones?\b/, /floxacin$/],
  [/\btetracyclines?\b/, /cycline$/],
  [/\bpenicillins?\b/, /cillin$/],
  [/\bcephalosporins?\b/, /^ce(?:f|ph)/],
  [/\bantifungals?\b/, /(?:conazole|fungin)$|^(?:terbinafine|griseofulvin|amphotericin|nystatin|natamycin)/],
];

/** The drug class a "which drug" question asks for, as its attribute ("local anaesthetic"), when its members can be told. */
function drugClassAsked(s: string): string | null {
  const which = /\b(?:which|what)\s+((?:[\w-]+\s+){0,2}[\w-]+)\b/g;
  for (const m of s.matchAll(which)) {
    for (const [asked] of DRUG_CLASS_MEMBERS) {
      const named = asked.exec(m[1]!);
      if (named) return named[0];
    }
  }
  return null;
}

/** Is this drug name a member of the asked class (any drug, when the class is not one whose members can be told)? */
export function isOfAskedClass(drug: string, attribute: string | null): boolean {
  const entry = attribute ? DRUG_CLASS_MEMBERS.find(([asked]) => asked.test(attribute)) : undefined;
  return !entry || entry[1].test(drug.toLowerCase());
}

/** Words for kinds of a thing: what they count is the thing they are kinds of. */
const CLASSIFIER = /^(?:types|kinds|sorts|classes|forms|varieties|categories)$/;

/** "How long can the made-up solution be kept in the fridge?", "shelf life", "how long does an opened bottle keep?": how long something keeps. */
const STORAGE_ASKED = /\b(?:opened|once open(?:ed)?|after opening|made[- ]up)\b[^?]*\b(?:keep|keeps|last|lasts|good for|stable|usable)\b|\b(?:kept|keep|keeps|stored?|storing|lasts?)\s+(?:[\w-]+\s+){0,3}?(?:in\s+(?:the\s+|a\s+)?(?:fridge|freezer|refrigerator)|refrigerated|frozen|at\s+room\s+temperature)\b|\bshelf[- ]life\b|\bstorage\b/i;
/** "How long does the test take to come back?", "turnaround for the PCR?": how long until a test's results are back. */
// ("How long does the immunochromatography kit take?", "…how long they'll have to wait for results.")
const TURNAROUND_ASKED = /\bturn-?around\b|\b(?:tests?|results?|swabs?|samples?|pcr|bloods?)\b(?:\s+[\w'’-]+){0,4}?\s+(?:to\s+)?(?:come|comes|coming|get|gets|getting)\s+back\b|\bback from the lab\b|\bhow long\s+(?:does|do|will|would|did)\s+(?:the\s+|a\s+|an\s+|this\s+|that\s+)?(?:[\w-]+\s+){0,2}?(?:tests?|kits?|assays?|pcr|elisa|cultures?)\s+(?:usually\s+|normally\s+|typically\s+)?take\b|\bwait(?:ing)?\s+(?:for\s+)?(?:the\s+)?results\b/i;
/** "How long do affected foals last?": what lasts, before "last". */
const LASTS_ASKED = /\bhow long\s+(?:do|does|will|would|can|could|might)\s+((?:[\w-]+\s+){0,3}?)(?:usually\s+|normally\s+|typically\s+|generally\s+)?last\b/;
/** What lasts is an illness: "the disease", "the infection", "the flu", "coronavirus enteritis", "the diarrhoea". */
const A_DISEASE_LASTS = /\b(?:disease|infection|illness|sickness|fever|flu|diarrh\w*|\p{L}{3,}(?:itis|osis|iasis|pathy|aemia|emia))\s*$/u;
/**
 * "How long before we'd know…?", "how soon would he show signs?", "how fast would it show", "how long after exposure would
 * signs show?": until signs show.
 */
const UNTIL_SIGNS_SHOW =
  /\b(?:how long\b(?:\s+[\w'’]+){0,4}?\s+(?:before|until|till|til)|how soon|how many (?:days|hours|weeks) (?:before|until|till|til))\b[^?]*?\b(?:(?:we|you|i|they|the owner)(?:'d|’d| would| will| can| could)? (?:know|tell|notice|see)\b|(?:show|shows|showing|develop|develops|get|gets) (?:any )?(?:signs|symptoms)|(?:get|gets|fall|falls|become|becomes|go|goes) (?:sick|ill|poorly)|(?:signs|symptoms) (?:appear|show|start|develop))|\bhow (?:fast|quickly|soon)\s+(?:would|will|does|do|did|can|could)\s+(?:it|they|this|that|signs|symptoms|the signs|the symptoms)\s+(?:show|appear|come on|start|kick in|develop)\b|\bhow long after (?:the\s+|initial\s+|first\s+)?(?:exposure|infection|contact|being (?:exposed|infected|bitten))\b[^?]*?\b(?:(?:signs|symptoms)\s+(?:show|shows|appear|appears|start|starts|develop|develops)|show|shows|appear|appears|(?:get|gets|fall|falls|become|becomes|go|goes)\s+(?:sick|ill))\b/;
/**
 * Bringing new animals in where sick ones were: "before getting a new bunny", "before we can take new puppies in", "restock"
 * (or the place emptied of them: "once we've emptied the block").
 */
const RESTOCKING =
  /\b(?:before|until|till)\s+(?:(?:we|i|you|they)\s+)?(?:(?:can|could|should)\s+)?(?:get|getting|bring|bringing|take|taking|put|putting|introduce|introducing|buy|buying|have|having|restock|restocking)\s+(?:in\s+)?(?:a\s+|an\s+|any\s+|some\s+)?(?:new|another|more|fresh)\b|\b(?:restock|destock|depopulat)\w*|\b(?:once|after|when|now)\s+(?:(?:we|i|they|you)(?:['’]ve|\s+have)?\s+)?(?:emptied|cleared out|cleaned out)\b/;

/** How many times something happened, counted ("How many times has pdm09 spilled back into pigs?"). */
export const TIMES_ATTRIBUTE = "times";

/** "Where on the body do the lesions appear?", "which parts of the body…": a place on the animal, answered by a body region. */
const BODY_SITE_ASKED =
  /\bwhere\s+on\s+(?:the|its|their|his|her|my|our|your|a|an)\s+(?:[\w-]+\s+)?(?:body|skin|coat)\b|\b(?:which|what)\s+(?:parts?|areas?|regions?|sites?)\s+of\s+(?:the|its|their|his|her)\s+body\b|\bbody\s+(?:regions?|sites?|areas?)\b/;
export const BODY_SITE_ATTRIBUTE = "body site";
/** Is the value asked of this kind one a sentence holds or not (a dose, a span, a share… or a place on the body)? */
export const asksTypedValue = (kind: AskedKind, attribute: string | null) => TYPED_KINDS.has(kind) || (kind === "location" && attribute === BODY_SITE_ATTRIBUTE);

/** The noun a typed value is about: "the incubation period", "how many serotypes", "mortality". */
function attributeOf(sentence: string, asked: AskedKind[]): string | null {
  const s = sentence.toLowerCase();
  if (asked.includes("location") && BODY_SITE_ASKED.test(s)) return BODY_SITE_ATTRIBUTE;
  // "Which local anaesthetic…": the class (only when no other value is asked, which the class would be read as being of).
  if (asked.includes("drug") && asked.every((k) => k === "drug" || !TYPED_KINDS.has(k))) return drugClassAsked(s);
  if (asked.includes("duration") || asked.includes("interval")) {
    // (How often a treated animal's bloods are checked is not how often the drug is given.)
    const checked = asked.includes("interval") ? CHECKED.exec(s) : null;
    if (checked) return `${CHECKS_PREFIX}${checked[1]}`;
    // "How many weeks should we wait before testing her again?": the span is between tests, said of testing.
    if (RETESTED.test(s)) return `${CHECKS_PREFIX}test`;
    if (asked.includes("interval") && /\bboosters?\b|\brevaccinat/.test(s)) return BOOSTER_ATTRIBUTE;
    if (asked.includes("duration") && PERSISTS.test(s) && (OUTSIDE_A_HOST.test(s) || OWNERS_PLACES.test(s))) return PERSISTENCE_ATTRIBUTE;
    // "How long can chicken body lice live off the birds?": off the host.
    // (Said in the clause that asks how long: "do they live off the bird at all? how long's their life cycle?" asks the life cycle.)
    const offTheHost = (clause: string) => [...clause.matchAll(OFF_THE_HOST)].some((m) => /^(?:hosts?|bod(?:y|ies)|animals?)$/.test(m[1]!) || speciesIn(m[1]!).species.size > 0 || speciesIn(m[1]!).groups.size > 0);
    if (asked.includes("duration") && spanClauses(s).some(offTheHost)) return PERSISTENCE_ATTRIBUTE;
    // "How long should I wait before getting a new bunny?", "…before we take new puppies in?": how long the pathogen lasts
    // where the animals were.
    if (asked.includes("duration") && RESTOCKING.test(s)) return PERSISTENCE_ATTRIBUTE;
    // "How many weeks should I keep him apart from my other two?": how long the animal is kept away from the others.
    // (Not "…when do the signs ease, and why should they stay isolated after they look better?")
    if (asked.includes("duration") && spanClauses(s).some((clause) => KEPT_APART.test(clause))) return ISOLATION_ATTRIBUTE;
    // "What's the longest the tourniquet can safely stay on?": the tourniquet's time in place, said of the tourniquet.
    const inPlace = asked.includes("duration") ? LEFT_IN_PLACE.exec(s) : null;
    if (inPlace && !speciesIn(inPlace[1]!).species.size && !speciesIn(inPlace[1]!).groups.size) return `${IN_PLACE_PREFIX}${inPlace[1]}`;
    // A yes/no question beside it asks no span: "how long do the signs take to settle, and do they stop shedding then?"
    const clauses = s.split(/,\s*(?=(?:and|but|or)\s)|\s+and\s+(?=(?:how|what|when|which|where|why)\b)|[?;]\s*|\s[—–-]\s/).map((c) => c.trim()).filter(Boolean);
    const questions = clauses.filter((c) => !/^(?:(?:and|but|or)\s+)?(?:do|does|did|is|are|was|were|can|could|will|would|should|has|have)\b/.test(c));
    // A statement before the question says what is known, not what is asked: "Scrapie has a 2-5 year preclinical
    // period — once signs appear, how long until death?"
    const asking = questions.filter((c) => isQuestionSentence(c) || DURATION_ASKED.test(c) || /\bhow\b/.test(c));
    // (Of several questions, the one that asks how long: "what course does this take and how long do they survive?")
    const howLong = asking.filter((c) => DURATION_ASKED.test(c));
    const spans = howLong.length ? howLong : asking.length ? asking : questions;
    const m = SPAN_ATTRIBUTE.exec(spans.length ? spans.join(" ") : s);
    if (m) return m[1]!;
    // "How long does the DNA test take to come back from the lab?": a test's turnaround, not any span of the disease.
    if (asked.includes("duration") && TURNAROUND_ASKED.test(spans.length ? spans.join(" ") : s)) return "turnaround";
    // "How long can the made-up solution be kept in the fridge?": how long it keeps.
    if (STORAGE_ASKED.test(spans.length ? spans.join(" ") : s)) return "storage";
    // "Eggs ok to eat while treating?": how long they are withheld.
    if (FOOD_SAFE_ASKED.test(s)) return "withdrawal";
    // "How long before we'd know if she's caught it?", "how soon would he show signs?": until signs show, the incubation.
    if (asked.includes("duration") && UNTIL_SIGNS_SHOW.test(s)) return "incubation";
    // "How soon after the jab are they protected?": how long until the vaccine protects.
    if (asked.includes("duration") && /\bprotected\b/.test(s)) return "protection";
    // "How long are pigs pregnant for?", "how long does her pregnancy last?": the gestation.
    if (asked.includes("duration") && /\bhow long\b[^?.!]*\b(?:pregnant|pregnancy|pregnancies|in (?:pig|calf|lamb|kid|foal|kindle|whelp))\b/.test(s)) return "gestation";
    // "How long do lice take to go from egg to adult?": their life cycle.
    if (/\bfrom (?:the )?eggs? to (?:the )?adults?\b|\begg[- ]to[- ]adult\b/.test(s)) return "life cycle";
    // "How long until the signs settle?": the span is until they resolve. (Not when a rate is asked beside it, which
    // is of something else: "morbidity, mortality, and how long until young ferrets recover?")
    // (Not a recovery denied: "After we remove the eye because it will not recover, how many days of antibiotics?")
    if (asked.includes("duration") && !asked.includes("rate") && RESOLVES.test(withoutRecoveredAnimals((spans.length ? spans.join(" ") : s).replace(NOT_RESOLVING, " ")))) return RESOLUTION_ATTRIBUTE;
    // "At what age…", "how old…": an age.
    if (asked.includes("duration") && AGE_ASKED.test(s)) return AGE_ATTRIBUTE;
    // "How long do they survive?" asks how long the survival is (not what share survives: a rate asked beside it
    // is of something else, "mortality if untreated, and how long does it survive?").
    // (Or how long the patient lives, with a disease: "How long she can live?")
    // ("How long do FIV positive cats live?"; not "how long do they live on the bird?", where lice spend their lives.)
    if (!asked.includes("rate") && /\bsurviv(?:e|es|ed|ing)\b|\b(?:until|till|before) (?:death|they die|it dies)\b|\bhow long\s+(?:(?:will|can|could|would|does|might)\s+)?(?:she|he|it|(?:my|our|the|this)\s+[\w-]+)\s+(?:(?:will|can|could|would|might|has to|is going to)\s+)?(?:live|lives)\b|\bhow long\s+(?:do|does|will|would|can|could|might)\s+(?:[\w-]+\s+){1,4}?(?:live|lives)\b(?!\s+(?:on|in|off|outside|inside|without|under|at|for\s+off))/.test(s)) return SURVIVAL_ATTRIBUTE;
    // "How long do affected foals last?", "…born with it, how long do they usually last?": how long the animals live.
    const lasting = LASTS_ASKED.exec(s);
    // "How long does ferret coronavirus enteritis usually last in young ones?": the disease's course, until it resolves
    // (the animal named in the disease's name does not make it how long the animals live).
    if (asked.includes("duration") && !asked.includes("rate") && lasting && A_DISEASE_LASTS.test(lasting[1]!)) return RESOLUTION_ATTRIBUTE;
    if (!asked.includes("rate") && lasting && (/\b(?:they|he|she|affected)\b/.test(lasting[1]!) || speciesIn(lasting[1]!).species.size > 0) && !/\b(?:vaccin\w*|immun\w*|protect\w*|drugs?|tablets?|doses?|effects?|lesions?|signs?|symptoms?)\b/.test(s)) return SURVIVAL_ATTRIBUTE;
    // "How fast does RHDV2 kill rabbits?": how long until death.
    if (!asked.includes("rate") && /\bhow (?:fast|quickly|soon|long)\b[^?]*\bkills?\b|\bhow long (?:until|till|before) (?:they|it) (?:dies?|die)\b/.test(s)) return SURVIVAL_ATTRIBUTE;
  }
  // "…cost the producer?", "is condemnation a recognised cost of it?": its economic impact ("important economic losses to
  // livestock producers"). ("How much does the test cost?" asks a price.)
  if (asked.includes("cost") && !/\b(?:how much|price[ds]?|pricing|expensive|cheap(?:er|est)?)\b/.test(s) && COST_IMPACT.test(s)) return ECONOMIC_IMPACT_ATTRIBUTE;
  // "How far can it travel?": a distance.
  if (asked.includes("quantity") && DISTANCE_ASKED.test(s)) return DISTANCE_ATTRIBUTE;
  // "How much serum do I need to send?", "how much blood can I take?": an amount of that sample, not any figure of the topic.
  const sample = asked.includes("quantity") ? /\bhow much\s+(serum|plasma|blood|urine|milk|colostrum|water|fluids?|saline|feed|faeces|feces|tissue|sample)\b/.exec(s) : null;
  if (sample) return sample[1]!;
  // "What's the normal upper limit…?", "what MIC breakpoint…?", "which cut-off…?": a value that bounds the normal or
  // the positive, not any value of the thing.
  if (asked.includes("quantity") && BOUND_ASKED.test(s)) return BOUND_ATTRIBUTE;
  // "What temperature…?": a temperature, not any amount.
  // "What size needle…?": its gauge.
  if (asked.includes("quantity") && /\b(?:size|gauge)\s+(?:of\s+)?(?:[\w-]+\s+)?(?:needles?|catheters?|cannulas?)\b/.test(s)) return GAUGE_ATTRIBUTE;
  // ("temp" is how it is typed.)
  // ("How warm does the water have to get?" asks one too.)
  if (asked.includes("quantity") && /\btemp(?:erature)?s?\b|\bhow (?:warm|hot|cold|cool)\b/.test(s)) return TEMPERATURE_ATTRIBUTE;
  if (asked.includes("quantity") && /\bmolecular (?:weight|mass|size)\b|\b(?:in|how many) (?:k?da|kilodaltons?|daltons?)\b/i.test(s)) return MOLECULAR_SIZE_ATTRIBUTE;
  // "How big would the protection zone be?", "what size do the warts get?": a size, not any figure of the topic.
  if (asked.includes("quantity") && /\bhow (?:big|large)\b|\bwhat size\b|\bsize of\b/.test(s)) return SIZE_ATTRIBUTE;
  if (asked.includes("rate")) {
    if (MANY_DIE_ASKED.test(s)) return HOW_DEADLY_ATTRIBUTE;
    const m = RATE_ATTRIBUTE.exec(s);
    if (m) return m[1]!;
    // "How specific is a Wood's lamp?", "how sensitive is the snap test?": the test's specificity or sensitivity.
    const ofTest = /\bhow (specific|sensitive)\b/.exec(s);
    if (ofTest) return ofTest[1] === "specific" ? "specificity" : "sensitivity";
    // "How deadly is parvo?", "what percentage die?": what share die.
    if (/\bhow (?:deadly|fatal|lethal)\b/.test(s) || LIKELY_TO_DIE_ASKED.test(s)) return "mortality";
    // ("How many are we likely to lose?": how many die.)
    if (/\b(?:percentage|proportion|share|fraction|percent|how many)\b(?:\s+[\w-]+){0,6}?\s+(?:die|dies|died|dying|lose)\b/.test(s)) return DIE_ATTRIBUTE;
    // "What percentage of dogs clear up on itraconazole?", "…improve after extraction?": the share that recover.
    if (/\b(?:percentage|proportion|share|fraction|percent|how many)\b(?:\s+[\w-]+){0,6}?\s+(?:clear up|improve|improves|improved|recover|recovers|recovered|respond|responds|resolve|resolves|resolved|are cured|get better)\b/.test(s)) return RESOLUTION_ATTRIBUTE;
    // "What proportion of cats with FIP have ocular lesions?": the share is of those with the finding.
    const finding = FINDING_SHARE.exec(s);
    if (finding) return `${FINDING_PREFIX}${finding[1]}`;
    // "What lean meat percentage does the Black Muscovy duck reach?": the share is of what the words before it name ("high
    // lean meat rate" and "about 50% of body weight" give none).
    const named = SHARE_OF_NAMED.exec(s);
    if (named && named[1]!.split(/\s+/).every((w) => !isStopWord(w) && !isAskingWord(w))) return `${FINDING_PREFIX}${named[1]}`;
    if (HOW_COMMON.test(s)) return HOW_COMMON_ATTRIBUTE;
  }
  if (asked.includes("count")) {
    // "Roughly how many feral swine are there in the US?", "…the current estimate of the total feral swine population?": how
    // many of those animals there are.
    // (The animals are the counted noun: "how many bovine papillomavirus types are there?" counts types.)
    const population = populationCounted(s);
    if (population) return `${POPULATION_PREFIX}${population}`;
    if (STUDY_SIZE_ASKED.test(s)) return STUDY_SIZE_ATTRIBUTE;
    if (DOSES_USED_ASKED.test(s)) return DOSES_USED_ATTRIBUTE;
    // "How many Dichelobacter nodosus serogroups", "how many classical swine fever outbreaks": the counted thing is the
    // plural noun that ends the phrase.
    const plural = /\bhow many\s+(?:[a-z-]+\s+){0,3}?([a-z-]{3,}s)\b(?=\s+(?:are|is|do|does|did|have|has|can|could|were|was|will|there|of|in|exist|known|recogni[sz]ed)\b|\s*[?,.]|$)/.exec(s);
    // ("How many cone types…", "how many types of vaccine…": a word for kinds counts what it is of.)
    const kindsOf = (word: string) => {
      if (!CLASSIFIER.test(word)) return word;
      const counted = new RegExp(String.raw`\b${word}\s+of\s+([a-z-]{3,})`).exec(s)?.[1] ?? new RegExp(String.raw`\b(?!many\b|different\b)([a-z-]{3,})\s+${word}\b`).exec(s)?.[1];
      // (Kinds of animals are species: "how many kinds of animals can carry it?" by "…at least 40 species of wild and
      // domestic mammals".)
      if (counted && ANIMALS_IN_GENERAL.test(counted)) return "species";
      return counted ?? word;
    };
    // ("How many in dogs?" counts something in dogs, not dogs: the species counted among is no counted thing.)
    if (/^how many (?:in|among|for|per|with)\b/.test(s.slice(s.indexOf("how many")))) return null;
    // ("How many are approved altogether?": a verb after "how many" counts what was spoken of, no thing named.)
    if (/^how many (?:are|is|were|was|do|does|did|have|has|had|can|could|will|would|should|might|may)\b/.test(s.slice(s.indexOf("how many")))) return null;
    if (plural && !["times", "days", "weeks", "months", "hours", "years"].includes(plural[1]!)) return kindsOf(plural[1]!);
    // ("How many intact red cells per high-power field…": the plural noun after its describing words.)
    const described = /\bhow many\s+(?:[a-z-]+\s+){1,2}?([a-z-]{3,}[^s\W]s)\b/.exec(s);
    if (described && !["times", "days", "weeks", "months", "hours", "years"].includes(described[1]!)) return kindsOf(described[1]!);
    const m = /\bhow many\s+([a-z-]+)(?:\s+([a-z-]+))?/.exec(s);
    if (m) {
      // "how many lumbar vertebrae": the counted thing is the last noun of the phrase; its first word is kept as written.
      const first = m[1]!;
      if (!["times", "days", "weeks", "months", "hours", "years", "of", "different", "distinct", "known", "main", "major"].includes(first)) return kindsOf(first);
      // ("How many times has it…": no thing counted is named, but how often it happened is counted: "…at least 133 times".)
      if (first === "times" && (!m[2] || isStopWord(m[2]))) return TIMES_ATTRIBUTE;
      if (m[2] && first !== "of" && !isStopWord(m[2])) return m[2];
    }
  }
  return null;
}

/**
 * Whether the question's attribute is what a kind's value is of: "What is the success rate of X, and how long does
 * recovery take?" asks a rate of nothing named and a duration of recovery, so the rate need not be beside "recovery".
 */
export function isAttributeOf(kind: AskedKind, attribute: string): boolean {
  if (checkedThing(attribute) !== null) return kind === "interval" || kind === "duration";
  if (thingInPlace(attribute) !== null) return kind === "duration";
  if (kind === "duration" || kind === "interval") return SPAN_ATTRIBUTE.test(attribute) || attribute === AGE_ATTRIBUTE;
  // "Doses for pigs – and at what age should growers be done?": the age is of when, not of the dose.
  if (attribute === AGE_ATTRIBUTE) return false;
  if (kind === "rate") return RATE_ATTRIBUTE.test(attribute) || attribute === DIE_ATTRIBUTE || attribute === HOW_DEADLY_ATTRIBUTE || attribute === HOW_COMMON_ATTRIBUTE || attribute.startsWith(FINDING_PREFIX);
  // ("How common is FIP really, and which FCoV serotype is the usual one?": how common is said of the share, not the type.)
  return !SPAN_ATTRIBUTE.test(attribute) && !RATE_ATTRIBUTE.test(attribute) && attribute !== HOW_COMMON_ATTRIBUTE && attribute !== HOW_DEADLY_ATTRIBUTE;
}

/** Sentences of a question; an abbreviated genus ("B. burgdorferi", "T. annae") or "spp." does not end one. */
// (A capital's full stop ends no sentence, "M. bovis", unless a sentence opens after it: "…against influenza A. Does Mx1
// protect ostriches?")
const clauseSplit = (text: string) =>
  text
    .split(/(?<=[?.!])(?<!(?:^|[\s(])\p{Lu}\.)(?<!\b(?:spp|sp|vs|approx|ca|cf|e\.g|i\.e|Dr|Fig)\.)\s+|(?<=[\s(]\p{Lu}\.)\s+(?=(?:Does|Do|Did|Is|Are|Was|Were|Can|Could|Should|Would|Will|What|Which|How|Why|When|Where|Who|Has|Have|And|But|So|I|We|My|Our)\s)|\n+/u)
    .map((s) => s.trim())
    .filter(Boolean);
// ("…my mum says he could get FIV. like which cats get it most": a texted question after a filler.)
const isQuestionSentence = (s: string) => /\?\s*$/.test(s) || /^(?:(?:like|so|ok|okay)\s+)?(what|which|how|when|where|why|who|is|are|does|do|did|can|could|should|would|will|has|have)\b/i.test(s);

/** What glosses the question before it: "ie meat withdrawal in days", "i.e. …", "as in …", "meaning …". */
const GLOSS = /^\s*(?:ie|i\.e\.?|eg|e\.g\.?|as in|meaning|in other words|that is)\b/i;

/** A question that ends asking whether the same holds of something else ("do dolphins as well?", "cats too?"). */
const ALIKE = /\b(?:as well|too|also|either)\s*\?\s*$/i;

/** The subject of a yes/no question: "can the ostriches catch…" -> "ostriches". */
const ASKS_OF_SUBJECT = new RegExp(String.raw`^\s*(?:and\s+|but\s+|so\s+)?(?:${AUXILIARY})\s+(?:(?:the|my|our|his|her|their|these|those|a|an|any)\s+)?((?:[\w'’-]+\s+)?[\w'’-]+)`, "i");

/** Where a statement ends and a question about it begins: a spaced dash, a semicolon, or a comma before "is it the same…". */
const ASKS_AFTER_STATEMENT = new RegExp(String.raw`\s[—–-]\s|;\s|,\s+(?=(?:${AUXILIARY})\s+(?:it|that|this|they|these|those)\s+(?:\w+\s+)?(?:the\s+)?same\b)`, "i");

/** A question asked as what the asker needs to know: "I need to know how long…", "trying to work out whether…". */
const INDIRECT_QUESTION = /\b(?:need|needs|want|wants|would like|['’]d like|trying|try|have|has)\s+to\s+(?:know|find out|work out|figure out|understand)\s+(?:how|what|which|when|where|why|whether|if)\b/i;
/** A question whose subject is a pronoun for the animals before it: "…do they have both receptor types?" */
const PRONOUN_SUBJECT = new RegExp(String.raw`^\s*(?:and\s+|but\s+|so\s+)?(?:${AUXILIARY})\s+(?:they|these|those)\b`, "i");

/**
 * The words of a question's sentences that only set the asker's scene ("We run a wildlife rescue and take in orphaned fawns
 * every spring."): said of the asker, they ask nothing and name no drug, pathogen, condition, abbreviation, name or sign.
 * (A sentence that tells the case, "One cat tested antigen-negative…", "…has noisy breathing and the vet diagnosed
 * laryngeal paralysis", is no scene.)
 */
export function sceneWords(question: string): string[] {
  const sentences = clauseSplit(withoutChatter(question));
  if (!sentences.some(isQuestionSentence)) return [];
  const asked = speciesIn(askingParts(withoutChatter(question)).join(" "));
  const scene = sentences.filter((sentence) => {
    // (Said of the asker's own setting: "We run a wildlife rescue…", "I keep a few hens…".)
    if (!/^\s*(?:we|i)\b/i.test(sentence) || isQuestionSentence(sentence) || signsIn(sentence).length) return false;
    // (Nor one about the asker's own animal, "I've had such a fright - my pet rabbit's wee was bright red this morning.", nor
    // one that gives the animal the question asks of: "I coordinate a cat rescue. A new stray…")
    const animals = speciesIn(sentence);
    if ((animals.species.size || animals.groups.size) && /\b(?:my|our)\b/i.test(sentence)) return false;
    if ([...animals.species].some((id) => !asked.species.has(id)) || [...animals.groups].some((g) => !asked.groups.has(g))) return false;
    const things = namedThings(sentence);
    return !things.drugs.length && !things.pathogens.length && !things.conditions.length && !things.acronyms.length && !things.names.length;
  });
  // (The animals it names are no scene: they are what the question is about.)
  return scene.flatMap((sentence) => topicWords(sentence)).filter((w) => !speciesIn(w).species.size && !speciesIn(w).groups.size);
}

/** A sentence that opens as a yes/no question does: "Should I…", "Can they…", "Is it…". */
const YES_NO_START = new RegExp(String.raw`^\s*(?:(?:and|but|so|ok|okay)\s*,?\s+)?(?:${AUXILIARY})\s+(?:i|we|you|they|he|she|it|this|that|these|those|there|the|my|our|a|an)\b`, "i");
/** A question that only asks what to answer someone: "What do I tell her?", "What should I say to the owner?", "Any advice?" */
const TELL_ONLY =
  /^\s*(?:(?:so|and|ok|okay)\s*,?\s+)?(?:(?:what|how)\s+(?:do|can|should|shall|would|could)\s+(?:i|we)\s+(?:tell|say\s+to|advise|answer|reply\s+to|explain\s+to)\s+(?:her|him|them|the\s+(?:owner|owners|client|keeper|farmer|breeder))|(?:what|how)\s+(?:do|can|should|shall|would|could)\s+(?:i|we)\s+(?:say|answer|reply|advise)|any\s+advice|what(?:['’]s|\s+is)\s+the\s+answer|(?:can|could|would)\s+(?:you|anyone|somebody|someone)\s+(?:please\s+)?help(?:\s+(?:me|us))?(?:\s+out)?(?:\s+(?:with|explain)\s+(?:this|that|it))?|any\s+help|(?:please\s+)?help)\s*[?.!]*\s*$/i;
/** A question relayed in someone's words: "…asks whether she should wash them", "…wants to know how long it lasts". */
const relayedQuestion = (sentence: string): string | undefined => RELAYED_QUESTION.exec(sentence)?.[1];
// ("New groom asked me if African horse sickness passes horse to horse…")
const RELAYED_QUESTION = /\b(?:asks|asked|asking|wants\s+to\s+know|wanted\s+to\s+know|wonders|wondered|wondering)(?:\s+(?:me|us|him|her|them))?\s+((?:whether|if|how|what|why|when|which|where|who)\b[^.!?]*)/i;
/**
 * The parts of a question that ask, for reading which species it is about: its question sentences, and of one
 * that states something first and then asks about it for a species ("Elephant and hyrax testes stay
 * intra-abdominal — is that also the case in dolphins?"), the part after the dash or semicolon. ("PPR case
 * fatality in camels — closer to goats or sheep?" asks about camels.) With what they set aside or compare with removed.
 * (Read by the frame, the coverage check and the search text of one answer: remembered, shared and frozen.)
 */
export const askingParts = memoByText(REMEMBERED_QUESTIONS, (question): readonly string[] => Object.freeze(readAskingParts(question)));

function readAskingParts(question: string): string[] {
  const sentences = clauseSplit(question);
  const asking = sentences.filter(isQuestionSentence);
  const relayed = asking.length && asking.every((s) => TELL_ONLY.test(s)) ? sentences.map(relayedQuestion).findLast(Boolean) : undefined;
  if (relayed) return [relayed];
  return (asking.length ? asking : sentences).map((sentence) => {
    // (Or a comma before a question that points back: "in rabbits that's just plant pigment, is it the same in chinchillas?")
    const parts = sentence.split(ASKS_AFTER_STATEMENT).map((p) => p.trim()).filter(Boolean);
    const last = askedAbout(parts[parts.length - 1] ?? sentence);
    // "Velagliflozin is licensed for cats — is any SGLT2 inhibitor approved for horses?": a statement (a clause with its
    // verb, not a topic like "PPR in camels") then a question about another species.
    const stated = parts.length > 1 && parts.slice(0, -1).every((p) => !isQuestionSentence(p) && STATES.test(p));
    // ("…elephants and hyraxes keep their testes in the abdomen — do dolphins as well?": the question is of dolphins.)
    // (Not after a part that names what is asked about: "what about the rabbit - can she catch it off the cats?")
    const namesAsked = /^\s*(?:and\s+|but\s+)?(?:what|how)\s+about\b/i.test(parts[0] ?? "");
    // ("Mixed farm with ducks and a few ostriches - can the ostriches catch duck plague off the ducks?": the question's
    // subject is an animal.)
    const asksOfAnimal = speciesIn(ASKS_OF_SUBJECT.exec(last)?.[1] ?? "", { asked: true }).order.length > 0;
    // (Not one whose subject is a pronoun for the animals before it: "Are dromedary camels a 'mixing vessel' for flu … - do they
    // have both the avian and human receptor types?" asks of camels.)
    const ofThoseBefore = !stated && PRONOUN_SUBJECT.test(last);
    // (Nor after a part that asks itself, in other words: "I need to know how long the pigeon louse life cycle is - is it the
    // same 2-3 weeks as the chicken body louse?" asks of the pigeon louse.)
    const askedBefore = parts.slice(0, -1).some((p) => INDIRECT_QUESTION.test(p));
    const asksOfStatement = parts.length > 1 && !namesAsked && !ofThoseBefore && !askedBefore && isQuestionSentence(last) && (REFERS.test(last) || stated || ALIKE.test(last) || asksOfAnimal) && speciesIn(last, { asked: true }).order.length > 0;
    return asksOfStatement ? last : askedAbout(sentence);
  });
}

/**
 * A disease called by its own name ("bluetongue", "goat pox", "parvo"), not by an organ's inflammation or a sign
 * ("septic pedal arthritis", "diarrhoea") whose other words in the question are part of what it names.
 */
export const isNamedDisease = (condition: string) =>
  DISEASE_WORDS.has(condition) || (!CONDITION_ENDING.test(condition.split(/\s+/).pop() ?? "") && !signsIn(condition).length);

/** A rank below the species and its name: "subsp. venerealis", "var. bovis", "serovar Dublin". */
const INFRASPECIFIC = /\b(?:subsp|ssp|var|serovar|biovar|pathovar)\.?\s+([A-Za-z][a-z]{3,})\b/g;

/** A short word the synonym vocabulary spells out ("abx": antibiotics). */
const isShorthand = (word: string) => word.length <= 5 && synonymsIn(tokenize(word)).some((m) => m.terms.length === 1 && m.alternatives.length > 0);

/** Named things of a text: drugs, pathogens, conditions and other names (acronyms, codes, proper nouns). */
function namedThings(text: string) {
  const drugs: string[] = [];
  const pathogens: string[] = [];
  const conditions: string[] = [];
  const names: string[] = [];
  const acronyms: string[] = [];
  const push = (list: string[], v: string) => {
    if (!list.some((x) => x.toLowerCase() === v.toLowerCase())) list.push(v);
  };
  const inBinomial = new Set<string>();
  // Words of species and group names ("South American camelids") are species, not names.
  const speciesWords = speciesIn(text).words;
  for (const m of text.matchAll(BINOMIAL)) {
    const [, genus, epithet] = m;
    // "Babesia major", "Leishmania minor": a Latin genus's comparative epithet, though "major" is an everyday word.
    if (/^(?:major|minor)$/.test(epithet!) && genus!.length > 2 && GENUS.test(genus!) && !NOT_NAMES.has(genus!.toLowerCase()) && !speciesIn(genus!).species.size) {
      push(pathogens, `${genus} ${epithet}`);
      inBinomial.add(genus!.toLowerCase()).add(epithet!);
      continue;
    }
    // (Nor a word of the sentence's own: "…a rescue dog from Romania while clipping".)
    if (NOT_EPITHET.has(epithet!) || isStopWord(epithet!) || NOT_NAMES.has(genus!.toLowerCase()) || GENERIC_WORDS.has(epithet!) || /virus$/.test(epithet!)) continue;
    if (speciesIn(epithet!).species.size || speciesIn(genus!).species.size || speciesWords.has(genus!.toLowerCase())) continue;
    // A capitalised sentence opener followed by an ordinary word is not a genus: the epithet must look Latin.
    // ("Dirofilaria immitis" ends like a condition, but names no organ as "Malassezia dermatitis" does.)
    // (A genus repeated as its epithet is a binomial however it ends: "Heterophyes heterophyes".)
    const tautonym = epithet === genus!.toLowerCase();
    if (tautonym) {
      push(pathogens, `${genus} ${epithet}`);
      inBinomial.add(epithet!);
      continue;
    }
    if (!/(?:is|us|um|ae|ii|i|a|ens|ensis|ense|ica|oides|ans|ata|ina|ium|ex|ax|ix|ox|ella|ans|ile|are|ale|genes)$/.test(epithet!) || (CONDITION_ENDING.test(epithet!) && (ORGAN_ROOT.test(epithet!) || !/(?:aria|ia|ella|coccus|bacter|ium)$/.test(genus!)))) continue;
    // A genus has a Latin or Greek ending ("Babesia", "Mycobacterium", "Campylobacter"); "Following intravenous…" is not one.
    if (genus!.length > 2 && !GENUS.test(genus!)) continue;
    push(pathogens, `${genus} ${epithet}`);
    inBinomial.add(genus!.toLowerCase()).add(epithet!.toLowerCase());
  }
  // "C. diff" names Clostridioides difficile: held as the binomial's short form, which passages are read for.
  for (const { written, binomial } of shorthandBinomials(text)) {
    const [genus, epithet] = binomial.split(" ");
    push(pathogens, `${genus![0]!.toUpperCase()}. ${epithet}`);
    for (const w of written.split(" ")) inBinomial.add(w);
  }
  // "…pretty sure it's lar par" names laryngeal paralysis: a condition carried by its name, which passages write.
  // (Only a condition's name, by the word it ends on, and not a sign's.)
  for (const { name } of shorthandNames(text)) {
    const head = name.split(" ").pop()!;
    if (!signsIn(name).length && (readsAsDisease(head) || CONDITION_HEAD.test(head))) push(conditions, name);
  }
  // "C. fetus subsp. venerealis", "S. enterica serovar Dublin": a subspecies, variety or serovar names what is asked of.
  for (const m of text.matchAll(INFRASPECIFIC)) {
    push(names, m[1]!);
    inBinomial.add(m[1]!.toLowerCase());
  }
  // "CA 15-3", "CA 27.29": a marker's code, its letters and numbers apart, is one name.
  for (const m of text.matchAll(SPACED_CODE)) push(names, m[0]);
  for (const sentence of clauseSplit(text)) {
    const tokens = sentence.match(/[\p{L}\p{N}]+(?:[-'’][\p{L}\p{N}]+)*/gu) ?? [];
    // A title ("Does Viral Co-Infection Influence the Severity…") capitalises its words: they are not names.
    const long = tokens.slice(1).filter((t) => t.length >= 4);
    const titleCase = long.length >= 3 && long.filter((t) => /^\p{Lu}\p{Ll}/u.test(t)).length / long.length >= 0.6;
    tokens.forEach((raw, i) => {
      const word = raw.replace(/['’]s$/, "");
      const lower = word.toLowerCase();
      if (inBinomial.has(lower) || speciesWords.has(lower)) return;
      if (speciesIn(lower).species.size || speciesIn(lower).groups.size) return;
      // "FeLV-positive": the abbreviation without its lower-case suffix.
      const core = word.replace(/-[a-z]+$/, "");
      if (HORSE_BREED_SHORT.test(core) && HORSE_WORD.test(tokens[i + 1] ?? "")) return;
      // (Nor a test's or method's abbreviation read as the means: "what does the virus look like on EM?")
      if (TEST_ABBREVIATIONS.has(core.toUpperCase()) && READ_BY.test(sentence.slice(0, sentence.indexOf(raw)))) return;
      if (ACRONYM.test(core) && !GENERIC_ACRONYMS.has(core.toUpperCase())) return push(CODE.test(core) ? names : acronyms, core);
      // Typed in lower case ("rhdv2", "h5n1"): letters and digits together are an abbreviation all the same.
      if (LOWER_CASE_CODE.test(word)) return push(acronyms, word.toUpperCase());
      // So is one whose lower-case prefix says whose it is ("hBD-2", human beta-defensin 2; "chIFN", chicken interferon), not a
      // kind of nucleic acid ("mRNA", "lncRNAs").
      if (LOWER_PREFIXED_CODE.test(core) && !/(?:RNA|DNA)s?$/.test(core)) return push(acronyms, core);
      if (namesDrug(lower)) return push(drugs, lower);
      if (PATHOGEN_ENDING.test(lower)) return push(pathogens, lower);
      // "diagnosis", "prognosis" end like a condition but say what is asked.
      // ("Hepatitis E", "influenza A": the letter names which one.)
      if ((CONDITION_ENDING.test(lower) || DISEASE_WORDS.has(lower)) && !GENERIC_WORDS.has(lower)) return push(conditions, /^[A-H]$/.test(tokens[i + 1] ?? "") ? `${lower} ${tokens[i + 1]}` : lower);
      // A virus called by the clipped name the vocabulary knows it by ("could be virulent systemic calici"): the virus, by
      // the name passages write.
      const virus = clippedVirusName(lower);
      if (virus) return push(pathogens, virus);
      // A capitalised word that does not open its sentence (or clause) is a proper noun: a place, a breed, a genus.
      // (Or opens the sentence after a quoted one: "…'cancer-sniffing dogs are now 99% accurate.' Fair summary?")
      // (Or opens a quoted message: "Reception message: 'Owner says her house rabbit's urine…'".)
      const opensClause = i === 0 || /(?:[:;]|[.!?]['"’”)\]]+|(?:^|\s)['"‘“])\s*$/.test(sentence.slice(0, sentence.indexOf(raw)));
      // "Chagas-endemic": the name is the capitalised part.
      // Taxa above the genus ("Caliciviridae", "Herpesvirales") are classification, not what a passage is about.
      // ("Abx", "Rads": a clinical shorthand the vocabulary reads as its words is no name.)
      if (!opensClause && !titleCase && /^\p{Lu}\p{Ll}{2,}/u.test(word) && !NOT_NAMES.has(lower) && !/(?:idae|inae|aceae|ales)$/.test(lower) && !isShorthand(lower)) push(names, word.split("-")[0]!);
    });
  }
  // A disease named after a person, typed in lower case ("the incubation for aujeszky's disease"): the person's name is a
  // name all the same. (Not one of whose: "the dog's disease", "my neighbour's syndrome".)
  for (const m of text.matchAll(LOWER_CASE_EPONYM)) {
    if (!speciesIn(m[1]!).species.size && !speciesIn(m[1]!).groups.size && !isStopWord(m[1]!) && !NOT_NAMES.has(m[1]!)) push(names, m[1]![0]!.toUpperCase() + m[1]!.slice(1));
  }
  // A disease the vocabulary names, typed in lower case ("as vulnerable to newcastle disease as chickens are?"): its name,
  // though no capital marks it.
  const typed = text.match(/[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu) ?? [];
  typed.forEach((word, i) => {
    if (!/^\p{Ll}/u.test(word)) return;
    for (let n = 2; n <= 3 && i + n <= typed.length; n++) {
      const phrase = typed.slice(i, i + n);
      // (Not a kind of disease: "a genetic disease", "viral diseases".)
      if (!LOWER_CASE_DISEASE_HEAD.test(phrase[n - 1]!) || phrase.some((w) => /^\p{Lu}/u.test(w) || isStopWord(w.toLowerCase())) || phrase.slice(0, -1).every((w) => /(?:ic|al|ous|ive|ary|ed|ing|able|ible)$/.test(w))) continue;
      const stems = tokenize(phrase.join(" "));
      // (Nor one named after a host before it: "sheep tick fever" is not the cattle's tick fever.)
      const host = typed[i - 1] !== undefined && speciesIn(typed[i - 1]!).species.size > 0;
      if (synonymsIn(stems).some((m) => m.terms.join(" ") === stems.join(" ")) && !speciesIn(phrase[0]!).species.size && !host) push(conditions, phrase.join(" ").toLowerCase());
    }
  });
  return { drugs, pathogens, conditions, names, acronyms };
}
/** A class of animals wider than any species group: what is said of it is asked of no one species. */
const WHOLE_TAXON = /\b(?:mammals?|mammalian|vertebrates?)\b/i;
/** A lower-case word owning a disease or syndrome, not after a word that says whose ("aujeszky's disease"). */
const LOWER_CASE_EPONYM = /(?<!\b(?:the|a|an|my|our|your|his|her|their|its|this|that|these|those|every|each|one|another)\s+)\b(\p{Ll}{4,})['’]s\s+(?:disease|syndrome)\b/gu;
/** Words that end a disease's name ("newcastle disease", "lumpy skin disease"). */
const LOWER_CASE_DISEASE_HEAD = /^(?:disease|fever|plague|sickness|syndrome)$/i;
/** The last word of a condition's name written out ("laryngeal paralysis", "renal failure"). */
const CONDITION_HEAD = /^(?:disease|fever|plague|sickness|syndrome|paralysis|paresis|failure|insufficiency|disorder|dysplasia)$/i;

/**
 * How far search may correct a question word it has never seen (a typo): species words never (a species
 * the knowledge base lacks must stay absent, not become another), words that read as a drug, pathogen or
 * condition name by one edit only (two edits can make another drug: prednisone, prednisolone), other
 * words as far as search's own limit.
 */
export function correctableEdits(word: string): number {
  const lower = word.toLowerCase();
  if (speciesIn(lower).species.size || speciesIn(lower).groups.size) return 0;
  // (A drug class named as it is spelled is no typo of a word near it: "start him on a statin" is not a "stain".)
  if (isDrugClassName(lower)) return 0;
  if (DRUG_WORDS.has(lower) || DRUG_STEM.test(lower) || PATHOGEN_ENDING.test(lower) || CONDITION_ENDING.test(lower) || EPITHET_ENDING.test(lower)) return 1;
  return Number.POSITIVE_INFINITY;
}

/**
 * The reading of a question on its own (no earlier turn). One answer reads its question several times (the frame, the
 * coverage check, the guide), and each new turn reads the conversation's earlier questions again: remembered by text.
 * Frozen, as every caller shares it: a caller that wants another frame makes a new object.
 */
export const frameOf = memoByText(REMEMBERED_QUESTIONS, (text): Frame => frozen(readFrame(text)));

function frozen(frame: Frame): Frame {
  for (const value of Object.values(frame)) if (Array.isArray(value)) Object.freeze(value);
  return Object.freeze(frame);
}

function readFrame(text: string): Frame {
  // "Different question:", "Switching topics -", "Right, quiz time.": the lead says nothing of what is asked ("different" is
  // no comparison).
  const question = withoutChatter(text);
  const sentences = clauseSplit(question);
  // ("…before the pigs can go for slaughter? ie meat withdrawal in days": a gloss after a question is part of it.)
  const asking = sentences.filter((s, i) => isQuestionSentence(s) || (i > 0 && GLOSS.test(s) && isQuestionSentence(sentences[i - 1]!)));
  // ("New groom asked me if African horse sickness passes horse to horse… Can you help?": a question that only asks for
  // help or a reply asks what was relayed before it.)
  const relayed = asking.length && asking.every((s) => TELL_ONLY.test(s)) ? sentences.map(relayedQuestion).filter((r) => r !== undefined) : [];
  const focus = relayed.length ? relayed : asking.length ? asking : sentences;
  // "Apart from cattle, which mammals…": the species set aside is not the one asked about.
  // ("Why do people compare it to malaria?": people who say or think something are no patients.)
  let mentions = speciesIn(askingParts(question).join(" ").replace(PEOPLE_SAYING, " "), { asked: true });
  // ("I know poultry see four colours, but where does the cone peak sit in budgerigars?": what the asker knows of one
  // animal, before the "but" that asks of another, is not asked.)
  if (askingParts(question).some((p) => KNOWN_BEFORE_BUT.test(p))) {
    const knownApart = askingParts(question).map((p) => p.replace(KNOWN_BEFORE_BUT, " ")).join(" ");
    const askedApart = speciesIn(knownApart.replace(PEOPLE_SAYING, " "), { asked: true });
    const setApart = [...mentions.species].some((id) => !askedApart.species.has(id)) || [...mentions.groups].some((g) => !askedApart.groups.has(g));
    if ((askedApart.species.size || askedApart.groups.size) && setApart) mentions = askedApart;
  }
  // A label before the question that names an animal says where the asker is ("on my way to a calving, quick one - what's the
  // ivermectin dose for a pig?"): the question after it, naming its own, asks of that one.
  // (Not a label that is the question's own topic: "PPR case fatality rate in camels — closer to goats or sheep?")
  const leading = leadingLabel(question);
  const labelOwnTopic = (label: string) => {
    const things = namedThings(label);
    return things.drugs.length + things.pathogens.length + things.conditions.length + things.acronyms.length > 0 || ASKED.some(([, re]) => re.test(label));
  };
  let ofWholeTaxon = false;
  if (leading && !labelOwnTopic(leading)) {
    const afterText = question.slice(question.indexOf(leading) + leading.length);
    const askedAfter = askingParts(afterText).join(" ");
    const afterLabel = speciesIn(askedAfter, { asked: true });
    // (Not where it compares with another animal: "donkey spine: … same 18 thoracic / 6 lumbar as horses?")
    const compares = /\b(?:same|similar|as|like|than|compared|versus|vs)\b/i.test(afterText);
    // (Nor a label that says what the question is about: "For my science fair project about ducks - can they see colours
    // that people can't?")
    const about = /\b(?:about|regarding|concerning|re)\b/i.test(leading) && speciesIn(leading).species.size > 0;
    if (!compares && !about && (afterLabel.species.size || afterLabel.groups.size) && [...mentions.species].some((id) => !afterLabel.species.has(id))) mentions = afterLabel;
    // (Nor when it asks of all mammals or vertebrates, which no species names: "Pig immunology lecturer: how big is
    // mammalian RANTES?" is not asked of pigs.)
    else if (!compares && !about && !afterLabel.species.size && !afterLabel.groups.size && WHOLE_TAXON.test(askedAfter)) {
      mentions = afterLabel;
      ofWholeTaxon = true;
    }
  }
  // (A label naming the question's own topic in an animal asks of that animal where the question after it asks of "it": "bTB
  // in cattle - which LNs and organs does it usually hit, … and is EPTB in people on the rise?" asks of cattle and people.)
  if (leading && labelOwnTopic(leading) && (mentions.species.size || mentions.groups.size)) {
    const labelled = [...speciesIn(leading, { asked: true }).species].filter((id) => !mentions.species.has(id));
    const firstClause = question.slice(question.indexOf(leading) + leading.length).split(/[,;?]/)[0]!;
    if (labelled.length && /\b(?:it|its)\b/i.test(firstClause)) mentions = { ...mentions, species: new Set([...labelled, ...mentions.species]), order: [...labelled, ...mentions.order] };
  }
  // A question sentence that names no species ("what dose is used?") asks about the species of its context.
  // (Not one that asks which animals: "I model measles outbreaks in people… which animals does it actually hit?")
  if (!ofWholeTaxon && !mentions.species.size && !mentions.groups.size && !HOSTS_ASKED.test(askingParts(question).join(" "))) mentions = speciesIn(askedAbout(question), { asked: true });
  // A disease named after its host asks of no species ("…behind African horse sickness?"), unless the question compares
  // it with another's ("can canine flu spread on the wind the way equine flu does?"): then of its host.
  // (So is one asked of its host beside the animals it is compared with: "Is there a camel hepatitis E genotype, and is it
  // zoonotic the way HEV-3 and HEV-4 from pigs are?" asks of camels.)
  const comparedOnly = mentions.hosts.length ? new Set(comparedOnlyWords(question)) : new Set<string>();
  // (People it may pass to are asked of beside them: "…does it infect people the way the pig genotypes do?")
  // (By its own words: "servals, or only in the wild felids?" compares with the felids, not with the servals they hold.)
  const notCompared = [...mentions.species].filter((id) => id !== "human" && !wordsNaming(id).some((w) => comparedOnly.has(w.toLowerCase()) && !GROUPS.some((g) => g.words.includes(w))));
  if (!notCompared.length && !mentions.groups.size && mentions.hosts.length && comparedOnly.size) {
    const people = mentions.species.has("human") ? ["human"] : [];
    mentions = { ...mentions, species: new Set([...mentions.hosts, ...people]), order: [...mentions.hosts, ...people] };
  }
  // Nor does one that says only "the bird" of the racing pigeon its context names: that bird is asked about.
  else if (!mentions.species.size && [...mentions.groups].every((g) => GROUPS[g]!.broad)) {
    const context = speciesIn(askedAbout(question), { asked: true });
    const members = [...context.species].filter((id) => [...mentions.groups].some((g) => GROUPS[g]!.members.includes(id)));
    if (members.length) mentions = { ...context, species: new Set(members), groups: new Set() };
  }
  // "Lots of wild hedgehogs come through… Do they act as a reservoir of Theileria annae for the local dogs?": the animals
  // a question's subject points back to are asked about beside those it names.
  const pointing = sentences.findIndex(asksOfThem);
  if (pointing > 0) {
    const before = speciesIn(sentences.slice(0, pointing).join(" "), { asked: true });
    const added = [...before.species].filter((id) => !mentions.species.has(id));
    if (added.length && (mentions.species.size || mentions.groups.size)) mentions = { ...mentions, species: new Set([...added, ...mentions.species]), order: [...added, ...mentions.order] };
  }
  // "Can MRSP pass to the owners?", "how do farm staff pick it up?": the people are humans.
  if (meansPeople(question) && !mentions.species.has("human")) mentions = { ...mentions, species: new Set([...mentions.species, "human"]) };
  // "My 12 year old lab", "10 wk old lab x": a pet Labrador, not a laboratory.
  if (PET_LAB.test(question) && !mentions.species.has("dog")) mentions = { ...mentions, species: new Set([...mentions.species, "dog"]) };
  // "…a rabbit virus has been killing pets round her way": pets said beside an animal they do not list are that animal's kind
  // in passing, not dogs and cats asked about as well.
  const inPassing = [...mentions.groups].filter((g) => g === PETS && mentions.species.size > 0 && !GROUPS[g]!.members.some((id) => mentions.species.has(id)));
  if (inPassing.length) mentions = { ...mentions, groups: new Set([...mentions.groups].filter((g) => !inPassing.includes(g))) };
  // (Nor is a broad group that names the asker's work, beside one of its members: a livestock officer asks of the goat.)
  const askersWork = (g: number) => GROUPS[g]!.words.some((w) => new RegExp(String.raw`\b${escapeStringRegexp(w)}\s+${ASKERS_ROLE}\b`, "i").test(question));
  const broadBeside = [...mentions.groups].filter((g) => GROUPS[g]!.broad && askersWork(g) && GROUPS[g]!.members.some((id) => mentions.species.has(id)));
  if (broadBeside.length) mentions = { ...mentions, groups: new Set([...mentions.groups].filter((g) => !broadBeside.includes(g))) };
  // (Nor one the question asks which of, beside a member it names: "Which wild bird are domestic chickens descended from?"
  // asks of chickens.)
  const askedWhich = (g: number) => GROUPS[g]!.words.some((w) => new RegExp(String.raw`\b(?:which|what)\s+(?:[\w-]+\s+){0,2}?${escapeStringRegexp(w)}\b`, "i").test(question));
  const whichOf = [...mentions.groups].filter((g) => askedWhich(g) && GROUPS[g]!.members.some((id) => mentions.species.has(id)));
  if (whichOf.length) mentions = { ...mentions, groups: new Set([...mentions.groups].filter((g) => !whichOf.includes(g))) };
  // (Nor the fish aquaculture is read as, where the question names the animal farmed and it is none: "Aquaculture placement
  // on a vannamei farm" asks of shrimp.)
  const namedWord = (w: string) => new RegExp(String.raw`\b${escapeStringRegexp(w)}\b`, "i").test(question);
  const byAquaculture = [...mentions.groups].filter(
    (g) => GROUPS[g]!.words.includes(AQUACULTURE) && namedWord(AQUACULTURE) && !GROUPS[g]!.words.some((w) => w !== AQUACULTURE && namedWord(w)) && [...mentions.species].some((id) => !GROUPS[g]!.members.includes(id)),
  );
  if (byAquaculture.length) mentions = { ...mentions, groups: new Set([...mentions.groups].filter((g) => !byAquaculture.includes(g))) };
  const named = namedThings(question);
  // The name an owner gives the animal is who it is, not what the passages must speak of ("her rabbit Thumper's wee").
  // (Nor is a person the question names by title.)
  // (Nor the language a translator writes in: "Translating a pathology glossary into Italian".)
  const pets = new Set([...petNames(question), ...personNames(question), ...translationLanguages(question)]);
  if (pets.size) named.names = named.names.filter((n) => !pets.has(n));
  // Nor another name the question gives a thing it names ("STING aka TMEM173"): the passages may use either.
  const otherNames = new Set([...question.matchAll(OTHER_NAME_GIVEN)].map((m) => m[1]!));
  if (otherNames.size) named.names = named.names.filter((n) => !otherNames.has(n));
  // Nor a place or name only the label saying who asks gives ("Email from a listener in Leeds: can dogs…?").
  const afterAsker = withoutLeadingLabel(question, isAskerLabel);
  if (afterAsker !== question) named.names = named.names.filter((n) => new RegExp(`\\b${escapeStringRegexp(n)}\\b`, "i").test(afterAsker));
  // A drug the case only states is not what is asked of when the question names a class of drugs: "…the owner really doesn't
  // want to inject insulin twice a day. Which SGLT2 inhibitors are approved for cats?" asks of SGLT2 inhibitors, and so do
  // the follow-ups that go on from it.
  const askingText = askingParts(question).join(" ").toLowerCase();
  if (DRUG_CLASS.test(askingText)) named.drugs = named.drugs.filter((d) => askingText.includes(d.toLowerCase()));
  // A place or breed only in the case told before the questions ("A 4-year-old Suffolk ewe shows…", "…imported from
  // Spain: fever, …") says where the animal is from, not what is asked: no passage need name it.
  const firstAsking = sentences.findIndex(isQuestionSentence);
  if (firstAsking > 0) {
    // ("Aujeszky's disease": the name owns the disease.)
    const askedWords = new Set(sentences.slice(firstAsking).join(" ").toLowerCase().split(/[^\p{L}\p{N}'’]+/u).map((w) => w.replace(/['’]s$/, "")));
    // (A genus the case reports found is what it is about: "…big Babesia piroplasms on the smear. Which species…?")
    // (So are the things the questions choose between: "…whether Apoquel or Cytopoint would stop her scratching quicker.
    // Which of the two acts faster?")
    const choosesAmongThem = named.names.length >= 2 && CHOICE_AMONG_TOLD.test(sentences.slice(firstAsking).join(" "));
    // (A name of several words, "CA 27.29", as it is written there.)
    // (Nor the disease a name begins: "The manager keeps going on about Aleutian disease. What is it?")
    named.names = named.names.filter((n) => choosesAmongThem || askedWords.has(n.toLowerCase()) || (/\s/.test(n) && sentences.slice(firstAsking).join(" ").toLowerCase().includes(n.toLowerCase())) || FOUND_ORGANISM.test(question.slice(question.indexOf(n) + n.length)) || NAMES_DISEASE_AFTER.test(question.slice(question.indexOf(n) + n.length)));
  }
  // "What does a hydatid cyst look like on ultrasound?", "what am I looking for on the lateral chest radiograph?": what that
  // imaging shows is asked, and a passage must speak of it.
  const imaging = IMAGING_ASKED.exec(focus.join(" "));
  if (imaging && !named.names.some((n) => n.toLowerCase() === imaging[1]!.toLowerCase())) named.names.push(imaging[1]!);
  for (const d of speciesIn(question, { asked: true }).diseases) if (!named.conditions.includes(d)) named.conditions.unshift(d);
  // ("Equine flu" is the disease named, not flu as well; "hepatitis E" is, not "porcine hepatitis".)
  const lettered = named.conditions.filter((c) => LETTERED_CONDITION.test(c)).map((c) => c.split(" ")[0]!);
  named.conditions = named.conditions.filter((c) => !named.conditions.some((other) => other !== c && other.split(/\s+/).includes(c)) && !(lettered.includes(c.split(/\s+/).pop()!) && !LETTERED_CONDITION.test(c)));
  // The diagnosis a case puts forward is the condition asked about ("…Neighbour says bluetongue — what spreads it?").
  const suspected = suspectedCondition(question) ?? fearedDisease(question, named);
  if (suspected) {
    // (The case's signs are what it is told by, not a condition asked about: "…bloody diarrhoea… Parvo?" asks of parvo.)
    // (Nor does a sign inside the name put forward stand for it: "the vet says septic pedal arthritis" asks of that.)
    // (A disease named with a sign's word stays: "lab says African swine fever".)
    const conditions = named.conditions.filter((c) => !signsIn(c).length || namedDiseases([c]).length);
    // (A place-like word of its name is no other name of it: "African" of "African swine fever".)
    const alreadyNamed =
      [...conditions, ...named.pathogens, ...named.acronyms, ...named.drugs].some((n) => n.toLowerCase().includes(suspected) || suspected.includes(n.toLowerCase())) ||
      named.names.some((n) => n.toLowerCase().includes(suspected));
    named.conditions = [...conditions, ...(alreadyNamed ? [] : [suspected])];
  }
  // (Not the label saying who asks: "Practice manager updating our poster: which salmonella types…?" asks of no management.)
  // (Nor a reason told by "given how many…": "…a neck model for dogs, given how many dogs get neck problems?" asks no rate.)
  const askedText = withoutLeadingLabel(focus.join(" "), isAskerLabel).replace(GIVEN_HOW, " ");
  // A yes/no question ("does BMI influence mortality?") asks whether, not for a value: typed kinds need a wh-question,
  // or a query typed as a noun phrase ("Case fatality rate of PPR in goats?", "ivermectin dose for pigs"), after any
  // label ("Research facility question: max blood volume … as a percentage of body weight?").
  // ("Does hard training change how fast a gelding clears drugs?" asks whether it changes, not how fast.)
  const whQuestion = (/\b(what|which|how|when|where|at what)\b|\bwhat'?s\b/i.test(askedText) && !ASKS_WHETHER_IT_CHANGES.test(askedText)) || isNounPhraseQuery(askedText) || isNounPhraseQuery(withoutLeadingLabel(askedText));
  // ("Do goats get it as often?" asks how common it is there, as a yes/no question; so does "do many die?" how deadly.)
  const asCommon = AS_COMMON_ASKED.test(askedText) || MANY_DIE_ASKED.test(askedText);
  // ("Is it notifiable?" asks for what the passages must say, as a yes/no question.)
  const matched = ASKED.filter(([kind, re]) => re.test(askedText) && (whQuestion || !TYPED_KINDS.has(kind) || (kind === "rate" && asCommon) || kind === "notifiable" || kind === "person")).map(([kind]) => kind);
  // ("…something about it maybe being 'regressive'. what does that mean?": the word quoted before it is to be defined.)
  const toldBefore = question.slice(0, Math.max(0, question.indexOf(focus[0] ?? "")));
  // (A term of a few words quoted, "calling pigs 'mixing vessels' for flu - what does that actually mean?", as well.)
  if (!matched.includes("definition") && /\bwhat\s+(?:does|do)\s+(?:that|this|it)\s+(?:actually\s+|exactly\s+|really\s+)?mean\b/i.test(askedText) && /['‘"“][\w-]+(?:\s+[\w-]+){0,3}['’"”]/.test(`${toldBefore} ${askedText.split(/\bwhat\s+(?:does|do)\s+(?:that|this|it)\b/i)[0]}`)) matched.push("definition");
  // ("What is SFTS and what causes it?", "…mention SFTS - what is it and how is it spread?": what it is, then the rest.)
  // (One word, a name or a pronoun: "what is the dose and how often?" asks no definition of the dose.)
  if (!matched.includes("definition") && /\bwhat(?:['’]s|\s+is|\s+are)\s+(?!(?:the|an?)\s)[\p{L}\p{N}-]+\s*,?\s+and\s+(?:what|how|which|why|where|who)\b/iu.test(askedText)) matched.push("definition");
  // "How often should I expect hydatid cysts in cattle down there?" asks how common they are, not a span between them.
  if (EXPECTED_OCCURRENCE.test(askedText)) {
    if (matched.includes("interval")) matched.splice(matched.indexOf("interval"), 1);
    if (!matched.includes("rate")) matched.push("rate");
  }
  // "How often do they need bathing?" asks an interval; "how often does it occur?" a rate.
  const rateOnlyByHowOften = matched.includes("interval") && !ASKED_RATE.test(askedText.replace(/\bhow often do(?:es)?\b/gi, " "));
  // "What water quality drives peak mortality?" asks what causes it: the mortality is what is caused, not a value asked.
  // (Read in the clause that names it: "After how many days do outbreaks appear, and which water conditions are linked to
  // peak mortality?" counts days in another clause.)
  const causedClause = askedText.split(CLAUSE_BREAK).find((clause) => CAUSES_RATE.test(clause));
  const rateOnlyAsCaused =
    matched.includes("rate") && causedClause !== undefined && /\b(?:what|which)\b/i.test(causedClause) && !/\bhow (?:much|many)\b|\bpercent|\bproportion\b/i.test(causedClause) && !ASKED_RATE.test(askedText.replace(new RegExp(CAUSES_RATE.source, "gi"), " "));
  // "When is mortality highest?" asks when it peaks: a season or time, not a value of the mortality.
  const whenPeaks = WHEN_PEAKS.test(askedText);
  const rateOnlyAsPeaking = whenPeaks && !ASKED_RATE.test(askedText.replace(new RegExp(WHEN_PEAKS.source, "gi"), " "));
  const asked = rateOnlyByHowOften || rateOnlyAsCaused || rateOnlyAsPeaking ? matched.filter((k) => k !== "rate") : matched;
  // "What sort of illnesses does it cause?" asks what it does to the animal, not what causes it.
  if (DISEASES_CAUSED.test(askedText)) {
    if (asked.includes("cause")) asked.splice(asked.indexOf("cause"), 1);
    if (!asked.includes("signs")) asked.push("signs");
  }
  if (rateOnlyAsCaused && !asked.includes("cause")) asked.push("cause");
  if (whenPeaks && !asked.includes("season")) asked.push("season");
  // "How many cats get it?" asks what share of the animals do: a rate.
  const animalsAffected = countsAnimalsAffected(askedText);
  if (animalsAffected && !asked.includes("rate")) asked.push("rate");
  // "How many days/times" is a duration or an interval, and "how many die" a rate, not a count.
  const notCount =
    (asked.includes("count") && (asked.includes("duration") || asked.includes("interval")) && COUNT_OF_TIME.test(askedText)) ||
    new RegExp(HOW_MANY_OUTCOME, "i").test(askedText) ||
    animalsAffected ||
    // ("Does how many he's got matter?" asks whether the number matters, not what it is.)
    NUMBER_MATTERS.test(askedText) ||
    // ("What cut-off values…?" asks one bound, an amount, not how many values there are.)
    (asked.includes("quantity") && BOUND_ASKED.test(askedText) && !/\bhow many\b/i.test(askedText));
  // "How many doses does a cow need?" counts the doses; it asks no amount.
  const countsDoses = COUNTED_DOSES.test(askedText) && !DOSE_ASKED.test(askedText.replace(new RegExp(COUNTED_DOSES.source, "gi"), " "));
  // "How fast does the globe enlarge compared with an adult's?" compares a speed; it asks no span.
  // "How fast do feral hogs breed?" asks how fast they multiply, not a span.
  const breedingSpeed = /\bhow (?:fast|quickly)\b(?:\s+[\w-]+){0,4}?\s+(?:breed|breeds|reproduce|reproduces|multiply|multiplies)\b/i.test(askedText) && !DURATION_ASKED.test(askedText.replace(/\bhow (?:quickly|fast)\b/gi, " "));
  const comparesSpeed = asked.includes("comparison") && /\bhow (?:quickly|fast)\b/i.test(askedText) && !new RegExp(DURATION_ASKED.source, "i").test(askedText.replace(/\bhow (?:quickly|fast)\b/gi, " "));
  // "…same as the cows, two shots a fortnight apart, or is it different for goats?": the spacing told for another is what
  // is asked of these.
  const spacingCompared = asked.includes("comparison") && !asked.includes("interval") && STATED_SPACING.test(question);
  // "How long is the protein?" asks its length: an amount, not a span.
  const lengthAsked = LENGTH_ASKED.test(askedText) && !DURATION_ASKED.test(askedText.replace(new RegExp(LENGTH_ASKED.source, "gi"), " "));
  // "What separates an unstable plaque from a stable one in terms of cap thickness and size of the lipid core?": what the
  // comparison is in terms of is how they differ, not an amount asked.
  const quantityAsked = ASKED.find(([kind]) => kind === "quantity")![1];
  const dimensionsCompared = asked.includes("comparison") && asked.includes("quantity") && !quantityAsked.test(askedText.replace(/\bin terms of\b[^?]*/gi, " "));
  const sizeCounted = asked.includes("quantity") && SIZE_OF_A_MANY.test(askedText) && !quantityAsked.test(askedText.replace(new RegExp(SIZE_OF_A_MANY.source, "gi"), " "));
  // "How long could it take before they show signs?" asks how long until the signs show, not what they are.
  const signsAsked = ASKED.find(([kind]) => kind === "signs")![1];
  const signsOnlyAsOnset = asked.includes("signs") && asked.includes("duration") && new RegExp(UNTIL_SIGNS_SHOW.source, "i").test(askedText) && !signsAsked.test(askedText.replace(new RegExp(UNTIL_SIGNS_SHOW.source, "gi"), " "));
  const counted = (notCount ? asked.filter((k) => k !== "count") : asked)
    .filter((k) => !(countsDoses && k === "dose") && !((comparesSpeed || breedingSpeed || lengthAsked) && k === "duration") && !((dimensionsCompared || sizeCounted) && k === "quantity") && !(signsOnlyAsOnset && k === "signs"))
    .concat(spacingCompared ? ["interval"] : [], lengthAsked && !asked.includes("quantity") ? ["quantity"] : [], sizeCounted && !asked.includes("count") ? ["count"] : []);
  const attribute = attributeOf(askedText, counted);
  // A pathogen lasting in the environment is no patient's prognosis.
  const kinds = attribute === PERSISTENCE_ATTRIBUTE ? counted.filter((k) => k !== "prognosis") : counted;
  const namedWords = new Set(
    [...named.drugs, ...named.pathogens, ...named.conditions, ...named.names, ...named.acronyms, ...[...shorthandBinomials(question), ...shorthandNames(question)].map((s) => s.written)].flatMap((n) => n.toLowerCase().split(/\s+/)),
  );
  // (Wherever the question names them: "Suckler beef herd - …how many injections do they need?" names cattle in its label.)
  const speciesWordsUsed = new Set([...mentions.words, ...speciesIn(question).words]);
  // (Nor the words that ask a share, "what share of", or only link it, "turn out to be malignant".)
  const linking = new Set([...question.toLowerCase().matchAll(/\b(?:what|which)\s+(share)\s+of\b|\b(turns?|turned|turning)\s+out\b/g)].flatMap((m) => m.slice(1).filter(Boolean)) as string[]);
  const kept = keepingWords(question);
  const topic = topicWordsOf(question).filter((w) => !linking.has(w) && !kept.has(w) && w.length >= 3 && !/['’]/.test(w) && !GENERIC_WORDS.has(w) && !namedWords.has(w) && !speciesWordsUsed.has(w) && !speciesIn(w).species.size && !speciesIn(w).groups.size && !/^\d/.test(w));
  // ("…The GP wants it graded on the usual cutaneous system. Is that valid?" asks of the case it points back to.)
  const parts = askingParts(question);
  const pointsBack = parts.every((p) => p.split(/\s+/).length <= SHORT_POINTING_BACK && /\b(?:it|that|this|they|these|those)\b/i.test(p)) && clauseSplit(question).length > 1;
  // ("From the repro lecture - roughly when do the testes pass…?": a label that names no animal, sign or thing says
  // where the question comes from, not what it asks.)
  const label = leadingLabel(question);
  const namesThingOrSign = (text: string) => {
    const things = namedThings(text);
    return signsIn(text).length + things.drugs.length + things.pathogens.length + things.conditions.length + things.acronyms.length > 0;
  };
  const namesAnimal = (text: string) => speciesIn(text).species.size + speciesIn(text).groups.size > 0;
  const afterLabel = label ? topicWords(question.slice(question.indexOf(label) + label.length)) : [];
  const labelOnly = new Set(label && !namesAnimal(label) && !namesThingOrSign(label) ? topicWords(label).filter((w) => !afterLabel.includes(w)) : []);
  // (A label saying who asks or what for, "Shelter manager:", "Translating a leaflet:", is no topic at all.)
  // (Nor, beside the animals it names, is "Koi hobbyist here,": the animals are the question's, the hobbyist is not.)
  const askerWords =
    label && isAskerLabel(label)
      ? namesAnimal(label) && !namesThingOrSign(label)
        ? new Set(topicWords(label).filter((w) => !namesAnimal(w) && !afterLabel.includes(w)))
        : labelOnly
      : new Set<string>();
  // ("Tortoise in with yellow cheesy plaques in its mouth … - what's usually behind mouth rot in tortoises?": the case told
  // before the dash is not what a follow-up goes on asking about; the question after it, naming its own topic, is.)
  // (Not a question that points back to what was told, "Gastroesophageal intussusception in dogs — what age group gets it?",
  // nor one after a short statement, "Leopard gecko is struggling to shed – what should I change in the setup?".)
  const askedPart = (part: string) => {
    const after = part.split(/\s[—–-]\s/).pop()!;
    const told = part.slice(0, part.length - after.length);
    const own = topicWordsOf(after).filter((w) => topic.includes(w) || namedWords.has(w));
    const caseTold = told.split(/\s+/).length >= 1.5 * after.split(/\s+/).length && !/\b(?:it|its|they|them|their|this|that|these|those)\b/i.test(after);
    return after !== part && caseTold && /^\s*(?:what|which|how|why|when|where|who)\b/i.test(after) && own.length >= 2 ? after : part;
  };
  // (A question whose subject is a pronoun asks of what the sentence before it told: "Found lice on my hens this morning.
  // How long do they live on the bird and what are they eating?" asks of the lice. Where the question names its subject,
  // "…twitchy about African swine fever. How deadly is it?", the name says it, not the scene's other words.)
  const firstPart = parts[0] ?? "";
  const namesItsThing = named.drugs.length + named.pathogens.length + named.conditions.length + named.acronyms.length + named.names.length > 0;
  // (A short one, that brings in what "they" are; a long case told before the question is its scene.)
  const toldLast = question.slice(0, Math.max(0, question.indexOf(firstPart))).split(/[.!?]+\s+/).filter((x) => x.trim()).pop() ?? "";
  const sentenceBefore = firstPart && !namesItsThing && ASKED_OF_PRONOUN.test(firstPart) && toldLast.split(/\s+/).length <= SHORT_TOLD_SUBJECT && !isAskerLabel(toldLast) ? toldLast : "";
  // (A longer one that opens on its subject tells what "it" is: "Viperin keeps turning up near the top of the
  // interferon-stimulated genes in our flu-challenged birds. What is actually known about how it works…?" asks of viperin.)
  const subjectBefore = firstPart && !namesItsThing && !sentenceBefore && /\bit\b/i.test(firstPart) ? (openingSubjectOf(toldLast) ?? "") : "";
  const askedWords = new Set(pointsBack ? [] : [...parts, sentenceBefore, subjectBefore, quotedTermAsked(question)].flatMap((p) => topicWordsOf(askedPart(p))).filter((w) => !labelOnly.has(w)));
  return {
    species: [...mentions.species],
    groups: [...mentions.groups].map(groupLabel),
    young: mentions.young,
    ...named,
    topic: topic.filter((w) => !askerWords.has(w)),
    // (A case that puts a diagnosis forward asks of that diagnosis: "…coughing, lots of mosquitoes round here – heartworm?")
    askedTopic: suspected ? [] : topic.filter((w) => askedWords.has(w)),
    places: named.names.filter((n) => new RegExp(`\\b(?:in|from|across|throughout)\\s+(?:the\\s+)?${escapeStringRegexp(n)}\\b`).test(question) || placeAdjective(n, question)),
    patient: patientPlace(question),
    signs: signsIn(namedDiseases(named.conditions).reduce((text, name) => text.replace(new RegExp(`\\b${escapeStringRegexp(name)}\\b`, "gi"), " "), question)),
    asked: kinds,
    attribute,
    aliases: questionAbbreviations(question),
    inherited: [],
  };
}

/**
 * Conditions named with a sign's word after words that are no sign, which make them one disease: "African swine fever".
 * The sign's word in them is no sign of the case.
 */
const namedDiseases = (conditions: string[]) => conditions.filter((c) => /^(?:[\p{L}-]+\s+)+(?:fever|cough|diarrh(?:o)?ea|abortion)$/iu.test(c.trim()) && !signsIn(c.replace(/\S+$/, "")).length);

/** A short code in parentheses: "(RTS)", "(DHAV-3)". */
const ABBREVIATION_IN_PARENTHESES = /\(\s*([A-Za-z][A-Za-z0-9-]{1,9})\s*\)/g;
/** A word before it (it may open or close a quotation: '"rat tail syndrome" (RTS)'), or a genus's initial ("S. aureus"). */
const WORD_BEFORE = /^["“‘]?[\p{L}\p{N}'’-]+["”’]?$|^\p{Lu}\.$/u;
const MAX_WORDS_BEFORE = 8;

/**
 * The matches of `(1-8 words) (CODE)` in a text as a regular expression finds them left to right (the leftmost start
 * whose words run to the code), as [whole, words, code]. Each code in parentheses is found first and its words read
 * backwards from it: matching the words from every position of a long text cost most of the time of answering.
 */
function* wordsBeforeParentheses(text: string): Generator<[string, string, string]> {
  const space = (i: number) => /\s/.test(text[i] ?? "x");
  let from = 0;
  for (const code of text.matchAll(ABBREVIATION_IN_PARENTHESES)) {
    // (Words never span a parenthesis: those of one code lie after the one before.)
    const floor = from;
    from = code.index + code[0].length;
    // Back over the whitespace before the code (there must be some), then word by word.
    let end = code.index;
    while (end > floor && space(end - 1)) end--;
    if (end === code.index) continue;
    let start = end;
    let words = 0;
    while (words < MAX_WORDS_BEFORE && end > floor && !space(end - 1)) {
      let chunkStart = end;
      while (chunkStart > floor && !space(chunkStart - 1)) chunkStart--;
      const chunk = text.slice(chunkStart, end);
      if (WORD_BEFORE.test(chunk)) {
        start = chunkStart;
        words++;
        end = chunkStart;
        while (end > floor && space(end - 1)) end--;
        continue;
      }
      // A word that ends a longer run of other marks starts after them ("(see" is "see").
      for (let i = 1; i < chunk.length; i++) {
        if (WORD_BEFORE.test(chunk.slice(i))) {
          start = chunkStart + i;
          words++;
          break;
        }
      }
      break;
    }
    if (!words) continue;
    const run = text.slice(start, code.index);
    yield [run + code[0], run, code[1]!];
  }
}

/**
 * Abbreviations defined in the text as "long form (ABBR)": the long form's words whose initials spell the
 * abbreviation (Schwartz and Hearst's rule: the abbreviation's first letter starts the long form), so a
 * passage that only uses "DTMUV" still names "duck Tembusu virus".
 */
export function definedAbbreviations(text: string): Frame["aliases"] {
  const out: Frame["aliases"] = [];
  for (const m of wordsBeforeParentheses(text)) {
    const abbreviation = m[2]!;
    if (!/[A-Z]/.test(abbreviation)) continue;
    const letters = abbreviation.replace(/(?<=[A-Z])s$/, "").replace(/[^A-Za-z]/g, "").toLowerCase();
    const words = m[1]!.trim().replace(/["“”‘’]/g, "").split(/\s+/);
    // The shortest tail of the preceding words that starts with the abbreviation's first letter (or its last capital's).
    const first = letters[0]!;
    const capital = (abbreviation.replace(/^[a-z]+/, "")[0] ?? first).toLowerCase();
    let start = -1;
    for (let i = words.length - 1; i >= Math.max(0, words.length - letters.length - 2); i--) {
      const initial = words[i]![0]!.toLowerCase();
      if (initial === first || initial === capital) start = i;
    }
    if (start < 0) continue;
    out.push({ abbreviation, words: words.slice(start).map((w) => w.toLowerCase().replace(/['’]s$/, "")) });
  }
  // The other way round: "DTMUV (duck Tembusu virus)".
  for (const pair of findAbbreviations(text)) {
    if (/[A-Z].*[A-Z]/.test(pair.short) && !out.some((a) => a.abbreviation === pair.short)) out.push({ abbreviation: pair.short, words: pair.long.toLowerCase().split(/[\s-]+/).filter(Boolean) });
  }
  return out;
}

/**
 * A question's abbreviations: those it defines, and those it writes beside words whose initials spell them ("…sensing by
 * Toll-like receptors … which TLRs do birds use?"). (Only a question's: a passage's long text would pair words by chance.)
 */
function questionAbbreviations(question: string): Frame["aliases"] {
  const out = definedAbbreviations(question);
  for (const pair of spelledApart(question)) if (!out.some((a) => a.abbreviation === pair.abbreviation)) out.push(pair);
  return out;
}

/**
 * Abbreviations a text writes beside words whose initials spell them, in a row and none a function word ("Toll-like
 * receptors" for "TLRs"): three letters at least, so that chance cannot pair them.
 */
function spelledApart(text: string): Frame["aliases"] {
  const out: Frame["aliases"] = [];
  const words = text.match(/\p{L}+/gu) ?? [];
  for (const abbreviation of new Set(text.match(/\b[A-Z]{3,6}s?\b/g) ?? [])) {
    const letters = abbreviation.replace(/s$/, "").toLowerCase();
    for (let i = 0; i + letters.length <= words.length; i++) {
      const run = words.slice(i, i + letters.length);
      if (run.every((w, k) => w[0]!.toLowerCase() === letters[k] && w.length > 1 && !isStopWord(w.toLowerCase())) && run.join("").toLowerCase() !== letters) {
        out.push({ abbreviation, words: run.map((w) => w.toLowerCase()) });
        break;
      }
    }
  }
  return out;
}

/** The question (or frame) names a drug, pathogen, condition, proper noun or abbreviation of its own. */
// (A place is where it is asked of, not a subject: "seen in Asia at all?" goes on with the disease spoken of.)
export const namesOwnThing = (f: Frame) => f.drugs.length + f.pathogens.length + f.conditions.length + f.names.filter((n) => !f.places?.includes(n)).length + f.acronyms.length > 0;

/** A question names its own topic with a named thing, or with several topic words in a question of some length. */
const hasOwnTopic = (f: Frame, question: string) => {
  // ("Which vaccine do you use and how long does immunity last?": "vaccine" says what is asked, not of what.)
  const topic = f.topic.filter((w) => !namesAskedKind(w));
  return (
    namesOwnThing(f) ||
    topic.length >= 3 ||
    // "Commonest cause of regurgitation in a dog?": a sign, its species and what is asked of it.
    (f.signs.length > 0 && f.species.length + f.groups.length > 0 && f.asked.length > 0) ||
    // "How is blood collected from chickens?": its own subject and its own species, short as it is.
    (topic.length >= 2 && (question.split(/\s+/).length >= 8 || f.species.length + f.groups.length > 0))
  );
};

/** A part of the body, said with "the" of the case spoken of ("why does the trachea end up so damaged?"). */
const BODY_PART = String.raw`trachea|windpipe|larynx|lungs?|airways?|liver|kidneys?|heart|spleen|guts?|intestines?|bowels?|stomach|rumen|abomasum|bladder|udder|uterus|womb|brain|spinal cord|skin|gills|joints?|hoof|hooves|beak|crop|gizzard|oviduct|ovar(?:y|ies)|testes|testicles?|lymph nodes?|nerves?|muscles?|bones?|teeth|gums|mouth|eyes?|ears?`;
/**
 * "How long does the virus survive?", "Is the disease zoonotic?": a kind of thing with "the" and no name is
 * the one just spoken of, unless the question names one of its own.
 */
const DEFINITE_KIND = new RegExp(
  String.raw`\b(?:the|this|that|these|those)\s+(?:(?:local|native|indigenous|imported|exotic|last|first|latest|index|new|sick|affected|infected|usual|standard|routine|regular)\s+|(?:domestic\s+)?[a-z-]+\s+(?=vaccines?\b))?(?:breeds?|virus(?:es)?|disease|parasites?|bacteri(?:um|a)|infection|condition|drugs?|medications?|meds|treatments?|wormers?|dewormers?|drenches|anthelmintics?|antibiotics?|course|regimen|protocol|therapy|dose|dosage|vaccine|form|strains?|variants?|serogroups?|serotypes?|pathogen|organism|agent|syndrome|tumou?r|cancer|worms?|mites?|ticks?|fung(?:us|i)|toxin|outbreak|lesions?|flock|herd|litter|patients?|animals?|case|site|samples?|procedure|surgery|operation|amputation|castration|enucleation|[a-z]+ectomy|[a-z]+otomy|wound|bugs?|germs?|microbes?|critters?|smears?|swabs?|scrapes?|scrapings?|biops(?:y|ies)|results?|bloods|${BODY_PART})\b`,
  "i",
);
/** Every such kind a question names. */
const DEFINITE_KINDS = new RegExp(DEFINITE_KIND.source, "gi");

/**
 * "…for the cows?", "is it safe in the ewes?": the animals already spoken of. (After a word or two saying which of them:
 * "before the in-contact goats start showing signs?")
 */
const theAnimals = (question: string) =>
  [...question.matchAll(/\bthe((?:\s+[\p{L}-]+){1,3})/giu)].some((m) => {
    const words = m[1]!.trim().split(/\s+/);
    const animal = words.findIndex((w) => speciesIn(w).species.size > 0 || speciesIn(w).groups.size > 0);
    return animal >= 0 && words.slice(0, animal).every((w) => !isStopWord(w.toLowerCase()));
  });

/**
 * "What dose of buparvaquone would I use?" in a chat about canine theileriosis: a drug's dose (interval, route, course)
 * asked with no disease, pathogen or species of its own is for the case spoken of.
 */
const dosesForTheCase = (own: Frame, previous: Frame | null = null) =>
  own.drugs.length > 0 &&
  !own.pathogens.length &&
  !own.conditions.length &&
  !own.acronyms.length &&
  // (Or for the species of the case: "what do you treat a positive dog with – benznidazole?" in a chat about dogs.)
  ((!own.species.length && !own.groups.length) || (own.species.length > 0 && !own.groups.length && own.species.every((id) => previous?.species.includes(id)))) &&
  own.asked.some((k) => DOSING_KINDS.has(k) || k === "treatment");
/** What is asked of a drug itself: how much, how often, how long, how given. */
export const DOSING_KINDS: ReadonlySet<AskedKind> = new Set(["dose", "interval", "duration", "route"]);

/**
 * Does a pronoun of the question point back past it? Not one after a case the question tells first: in "Bearded dragon
 * - agamid with crusty swelling round the lips. Which bacterium does that?", "that" is the swelling.
 */
function pointsBackBeyond(question: string, own: Frame): boolean {
  // ("Collie that won't bear weight…", "we've got a salamander in that needs bloods": a relative pronoun after an animal,
  // or after an animal that is in, points at that animal, not back.)
  // (An animal of two words too: "a bearded dragon in that needs bloods".)
  const unrelated = question.replace(/\b((?:[\p{L}-]+\s+)?[\p{L}-]+)(?:\s+(?:in|here|now))?\s+(?:that|which|who)\b/giu, (whole, words: string) => (speciesIn(words).order.length ? words : whole));
  // ("A kitten with scaly patches on its ears": a possessive after an animal in its own clause is that animal's; "The
  // ducklings … heads thrown right back when they go": so is a pronoun for animals.)
  const parts = unrelated
    .split(/(?<=[.!?])\s+|\s[—–-]\s/)
    .filter((p) => p.trim())
    .map((part) => {
      const lower = part.toLowerCase();
      const animal = Math.min(...[...speciesIn(part).words].map((w) => lower.indexOf(w.toLowerCase())).filter((i) => i >= 0));
      return Number.isFinite(animal) ? part.slice(0, animal) + part.slice(animal).replace(/\b(?:its|his|her|their|they|them|he|him|she)\b/gi, " ") : part;
    })
    // ("…we've got warthogs arriving next month. Do they carry African swine fever?": so is "they" after a sentence naming animals.)
    .map((part, i, all) => (i > 0 && all.slice(0, i).some((before) => speciesIn(before).order.length > 0) ? part.replace(/\b(?:they|them|their)\b/gi, " ") : part));
  if (parts.length < 2) return REFERS.test(parts.join(" "));
  // ("My dog keeps sniffing round their pen. Can he catch it off them?": what is caught is the disease spoken of before,
  // whichever animal the case names, when the question names none.)
  if (!namesOwnThing(own) && CAUGHT_IT.test(parts.at(-1)!)) return true;
  // ("…standing at stud this year." says when.)
  const opening = parts.slice(0, -1).join(" ").replace(TIME_OF_DAY, " ");
  // ("…vaccinated against the old RHD. Does that cover them for this one?": the new one against the old is the one spoken of.)
  if (/\bthe\s+(?:old|older|original|previous|classic(?:al)?)\s+\S+/i.test(opening) && /\b(?:this|the new)\s+(?:one|strain|virus|type|variant)\b/i.test(parts.at(-1)!)) return true;
  const tellsCase = speciesIn(opening).order.length > 0 && own.topic.some((w) => opening.toLowerCase().includes(w.toLowerCase()));
  return REFERS.test(tellsCase ? opening : parts.join(" "));
}

/** Does the question ask whether a disease spoken of before is caught or passed on, by a pronoun ("can he catch it off them?")? */
export const asksIfCaught = (question: string) => CAUGHT_IT.test(question);
/**
 * The verbs that ask whether a disease passes to another ("could it jump to the dogs?": "jump"; "pass it on to"), or how
 * it passes, said without a pronoun after the verb ("how does the harmless version get passed round?": "passed").
 */
export const passingVerbs = (question: string) => [
  ...[...question.matchAll(new RegExp(CAUGHT_IT.source, "gi"))].map((m) => m[3] ?? m[4] ?? "").filter(Boolean),
  ...[...question.matchAll(PASSED_ROUND)].map((m) => m[1]!),
];
const PASSED_ROUND = /\b(?:get|gets|got|getting|gotten|is|are|was|were|be|being|been)\s+(?:it\s+|they\s+|this\s+|that\s+)?(passed|spread)\s+(?:round|around|about|on|between)\b/gi;
/**
 * The verb of "turn up", "show up", "crop up", "pop up", "end up": "where do the lesions normally turn up?", "which animals
 * have turned up positive?" ask where or in what it is found; the verb names nothing the passages must hold.
 */
export const foundUpVerbs = (question: string, followedBy?: RegExp) =>
  [...question.matchAll(/\b(turn|show|crop|pop|end)(?:s|ed|ing|n|ped|ping)?\s+up\b/gi)].filter((m) => !followedBy || followedBy.test(question.slice(m.index + m[0].length))).map((m) => m[1]!);
/**
 * A disease caught or passed on, by a pronoun: "can he catch it off them?", "could she pass it on to the dog?", "could it
 * jump to the dogs on board?".
 */
const CAUGHT_IT =
  /\b(catch(?:es|ing)?|caught|contract(?:s|ing)?)\s+(?:it|this|that)\b|\b(?:get|gets|getting|got)\s+(?:it|this|that)\s*(?:too|as well|also|\?)|\b(pick(?:s|ed|ing)?)\s+(?:it|this|that)\s+up\b|\b(pass(?:es|ed|ing)?|spread(?:s|ing)?|give|gives|giving|gave)\s+(?:it|this|that)\s+(?:on|to)\b|\b(?:it|this|that|they)\s+(?:(?:likely|going|able|ever|also|really|actually)\s+)?(?:to\s+)?(jump(?:s|ed|ing)?|spread(?:s|ing)?|pass(?:es|ed|ing)?|cross(?:es|ed|ing)?)\s+(?:on\s+|over\s+|across\s+)?(?:to|into)\b/i;

/** An animal said to have come in: "we've got a salamander in", "a ferret came in", "just had a goat brought in". */
const ARRIVED =
  /\b(?:(?:we|i|they)(?:'ve|\s+have)?\s+(?:just\s+)?(?:got|had)\s+(?:an?|one|this)\s+(?:[\p{L}-]+\s+){1,3}?(?:in|brought in|admitted)\b|(?:an?|one)\s+(?:[\p{L}-]+\s+){1,3}?(?:(?:has|have|just)\s+)?(?:came|come|arrived|been brought|was brought|got brought|presented)\b)/iu;

/** "Also, …", "oh also -": a question added in the same talk, about the same thing or not. */
const ALSO_OPENING = /^\s*(?:oh,?\s+|and\s+)?also\b\s*[,:\-–—]?\s*/i;

/** "Sorry, …", "oh and…", "oops, …": an aside that goes on in the same talk. */
const ASIDE_OPENING = /^\s*(?:sorry|sry|soz|apologies|oops|oh)\b[\s,—–-]/i;

/** Does this question lean on the one before it (and not announce a new topic)? */
const SHORT_YES_NO_WORDS = 6;

/** How a test's or procedure's name ends. */
const TEST_HEAD = /\b(?:aspirat(?:e|es|ion)|biops(?:y|ies)|counts?|ind(?:ex|ices)|reactions?|tests?|testing|assays?|scans?|tomography|imaging|radiograph(?:s|y)?|ultrasound|ultrasonography|echocardiograph(?:y|ic)?|electrocardiograph(?:y|ic)?|endoscopy|microscopy|panels?|profiles?|cytology|histopathology|culture|analysis|centesis|lavage|resonance imaging|post-mortem(?: examination)?|necrops(?:y|ies)|test(?:ing)? \w+)$/i;
/** Shipped abbreviations whose usual meanings share no word ("CSF": cerebrospinal fluid or classical swine fever). */
const OF_UNRELATED_MEANINGS = new Set(
  Object.entries(clinicalAbbreviations.abbreviations as Record<string, string[]>)
    .filter(([, longs]) => longs.some((a, i) => longs.slice(i + 1).some((b) => !tokenize(a, isStopWord).some((t) => tokenize(b, isStopWord).includes(t)))))
    .map(([short]) => short.toUpperCase()),
);

/** How a procedure is done or a drug given ("general anesthesia", "constant rate infusion"): the means, never a subject. */
const MEANS_HEAD = /\b(?:an(?:a)?esthesia|sedation|analgesia|infusion|ventilation|intubation|transfusion)$/i;
/** Abbreviations of such a means ("GA"). */
const MEANS_ABBREVIATIONS = new Set(
  Object.entries(clinicalAbbreviations.abbreviations as Record<string, string[]>)
    .filter(([, longs]) => longs.length > 0 && longs.every((long) => MEANS_HEAD.test(long)))
    .map(([short]) => short.toUpperCase()),
);

/** Abbreviations of a test or procedure ("FNA": fine-needle aspiration, "CBC": complete blood count). */
const TEST_ABBREVIATIONS = new Set(
  Object.entries(clinicalAbbreviations.abbreviations as Record<string, string[]>)
    .filter(([, longs]) => longs.length > 0 && longs.every((long) => TEST_HEAD.test(long)))
    .map(([short]) => short.toUpperCase()),
);

/** A frame without the diseases its question only compares with: "Does the virus keep changing the way human flu does?" */
const withoutCompared = (frame: Frame, question: string): Frame => ({
  ...frame,
  conditions: frame.conditions.filter((c) => !comparedWith(question, c)),
  pathogens: frame.pathogens.filter((c) => !comparedWith(question, c)),
  // ("…vaccinated against the old RHD. Does that cover them for this one?": the old one is what this one is set against.)
  acronyms: frame.acronyms.filter((a) => !new RegExp(String.raw`\bthe\s+(?:old|older|original|previous|classic(?:al)?)\s+${escapeStringRegexp(a)}\b`, "i").test(question)),
});

/**
 * Whether a topic shares a word with the one before, in any of its forms: "is one of the two the nastier isoform?" after a
 * question on the KIT isoforms goes on with them, whatever species it names.
 */
const sharesTopicWord = (own: readonly string[], previous: readonly string[]) => {
  const before = new Set(previous.flatMap((w) => tokenize(w)));
  return own.some((w) => tokenize(w).some((t) => before.has(t)));
};

function isFollowUp(question: string, named: Frame, previous: Frame): boolean {
  if (SWITCH.test(question)) return false;
  // (What it only compares with is not its own.)
  const asked = withoutCompared(named, question);
  // "The blocked tom in kennel 6 has a urine pH of 7…" after "Cat in kennel 4 with really angry gums…": another patient.
  if (asked.patient && previous.patient && asked.patient !== previous.patient) return false;
  // Such an abbreviation names no subject by itself where no species says which it is: "neuro case - what would CSF
  // show?" asks of the case spoken of.
  const own = asked.species.length || asked.groups.length ? asked : { ...asked, acronyms: asked.acronyms.filter((a) => !OF_UNRELATED_MEANINGS.has(a.toUpperCase())) };
  // "Also, got a corn snake in with tiny red-black dots under the scales — mites?": a species and a topic of its own,
  // neither spoken of before, and nothing pointing back, whatever word it opens with.
  // (Or a group of its own: "Aeromonas dhakensis in warm-water fish farms — is it a real problem?")
  // (Not a group the animals spoken of belong to: "My dealer imports fish from Asia and Europe…" after questions on carp.)
  const holdsSpokenOf = (g: string) => previous.species.length > 0 && previous.species.every((id) => (GROUPS[groupIndex(g)]?.members ?? []).includes(id));
  const newSpecies =
    own.species.length + own.groups.length > 0 && own.species.every((id) => !previous.species.includes(id)) && own.groups.every((g) => !previous.groups.includes(g) && !holdsSpokenOf(g));
  // (Or an animal that has come in, with whatever it needs: "we've got a salamander in that needs bloods".)
  // (Not one that opens on "and…", "what about…": it goes on from the question before.)
  if (newSpecies && (hasOwnTopic(own, question) || ARRIVED.test(question)) && !pointsBackBeyond(question, own) && !GOES_ON.test(question) && !sharesTopicWord(own.topic, previous.topic)) return false;
  // "Arabian foal, one infection after another, and the owner says SCID is in the line. What is it?": a case that names a
  // subject of its own, none spoken of before, told before a question whose pronouns point to it, not back.
  const spokenOf = new Set([...previous.drugs, ...previous.pathogens, ...previous.conditions, ...previous.names, ...previous.acronyms].map((n) => n.toLowerCase()));
  const ownThings = [...own.drugs, ...own.pathogens, ...own.conditions, ...own.names.filter((n) => !own.places?.includes(n)), ...own.acronyms];
  const toldBefore = question.split(/(?<=[.!?])\s+/).filter((part) => part.trim()).length > 1;
  if (toldBefore && REFERS.test(question) && ownThings.length > 0 && ownThings.every((n) => !spokenOf.has(n.toLowerCase())) && !pointsBackBeyond(question, own) && !GOES_ON.test(question) && !ASIDE_OPENING.test(question)) return false;
  // "Also, what's the incubation period of bluetongue?": a subject of its own, none spoken of before, after "also" and
  // nothing else that points back.
  const also = ALSO_OPENING.exec(question);
  const afterAlso = also ? question.slice(also[0].length) : null;
  if (afterAlso !== null && ownThings.length > 0 && ownThings.every((n) => !spokenOf.has(n.toLowerCase())) && !LEANS.test(afterAlso)) return false;
  // ("Also, I've a Quarter Horse stallion at stud this year. Which single-gene disorders should he be tested for?": a case
  // with a topic of its own, sharing no word with the one before, whose pronouns point at its own animal.)
  if (afterAlso !== null && hasOwnTopic(own, afterAlso) && !sharesTopicWord(own.topic, previous.topic) && !pointsBackBeyond(question, own)) return false;
  // ("My gran says you should never wash eggs from her hens. Is she right?": she is the gran, no one spoken of before.)
  if (LEANS.test(PERSON_TOLD.test(question) ? question.replace(PERSON_PRONOUN, " ") : question)) return true;
  // "Sorry, what am I actually looking for under the scope?": an aside in the same talk, unless it names a subject or species.
  if (ASIDE_OPENING.test(question) && !namesOwnThing(own) && !own.species.length && !own.groups.length) return true;
  if (dosesForTheCase(own, previous)) return true;
  if ((DEFINITE_KIND.test(question) || theAnimals(question)) && !namesOwnThing(own)) return true;
  // "Roughly how many end up in the bad progressive group?": a count that names no counted thing counts the animals
  // spoken of.
  if (HOW_MANY_OF_THEM.test(question) && !namesOwnThing(own) && !own.species.length && !own.groups.length) return true;
  // "How come there's still no vaccine? we've had vaccines for loads of pig diseases for ages": a vaccine or cure said to be
  // missing still is one against the disease spoken of, whatever the question compares it with.
  if (STILL_NO_VACCINE.test(question) && !namesOwnThing(own) && own.species.every((id) => previous.species.includes(id)) && !own.groups.length) return true;
  // "Which vaccine strain should we push, and how long does one shot protect?" after questions on PPR: a vaccine, naming no
  // disease or animal, is one against the disease spoken of.
  if (VACCINE_ASKED.test(question) && !namesOwnThing(own) && !own.species.length && !own.groups.length && previous.pathogens.length + previous.conditions.length + previous.acronyms.length > 0) return true;
  // "Are local breeds any tougher?": a short yes/no question naming no subject or species asks about the one spoken of.
  if (YES_NO_OPENING.test(question) && question.split(/\s+/).length <= SHORT_YES_NO_WORDS && !namesOwnThing(own) && !own.species.length && !own.groups.length) return true;
  // "Most common cause of regurgitation in a dog?" after questions on goat pox: a subject and a species of its own,
  // neither spoken of before.
  if (newSpecies && own.topic.length === 1 && !sharesTopicWord(own.topic, previous.topic) && own.asked.length > 0) return false;
  // "How does a calf end up PI in the first place?" after "…calves tested persistently infected with BVDV. Why does one PI
  // calf matter so much?": all it names was named just before, of the same animals, and it says nothing new beside them.
  const sameSubject =
    ownThings.length > 0 && ownThings.every((n) => spokenOf.has(n.toLowerCase())) && own.species.every((id) => previous.species.includes(id)) && own.groups.every((g) => previous.groups.includes(g));
  if (sameSubject && own.topic.every((w) => previous.topic.includes(w))) return true;
  return !hasOwnTopic(own, question);
}

/** "…which species is most pathogenic?" after a question about one species of the genus: it asks for a member. */
const asksWhichMember = (question: string, own: Frame) => !own.pathogens.length && /\b(?:which|what)\s+(?:[\w-]+\s+)?(?:species|strains?|serotypes?|genotypes?|serovars?|subtypes?)\b/i.test(question);
/** Binomials carried into such a question keep their genus only ("Babesia divergens" -> "Babesia"). */
const genera = (names: string[]) => [...new Set(names.map((n) => (/^\p{Lu}\p{Ll}+\s+\p{Ll}{3,}$/u.test(n) ? n.split(/\s+/)[0]! : n)))];

/** Kinds of question about a disease itself, never about a drug given for it. */
const DISEASE_KINDS: ReadonlySet<AskedKind> = new Set(["signs", "cause", "location", "organism", "diagnosis", "prognosis", "rate", "definition"]);
const DISEASE_ATTRIBUTES = /^(?:incubation|gestation|prepatent|patent|shedding|latent|infectious|life cycle|lifespan|life span|survival|persistence|resolution)$/;
/** A vaccine or cure said to be missing still: "still no vaccine", "no cure yet", "why isn't there a vaccine". */
const STILL_NO_VACCINE = /\b(?:still\s+(?:no|not\s+(?:a|any))|no\s+(?:[\w-]+\s+)?(?:vaccines?|cures?)\s+(?:yet|still)|(?:isn['’]t|is\s+not|aren['’]t)\s+there\s+(?:still\s+)?(?:a|an|any))\s+(?:[\w-]+\s+)?(?:vaccines?|vaccinations?|jabs?|cures?)\b/i;
/** A vaccine asked about: "which vaccine strain…", "how long does one shot protect?". */
const VACCINE_ASKED = /\b(?:vaccines?|vaccinat(?:e|es|ed|ing|ion|ions)|jabs?|boosters?)\b/i;
/** A vaccine or cure for what was spoken of: "no vaccine for it", "a cure for this". */
const AGAINST_IT = /\b(?:vaccines?|vaccinations?|jabs?|cures?)\s+(?:for|against)\s+(?:it|this|that)\b/i;
/** Catching or passing on: what is caught is a disease, never a drug ("can the owner catch it?"). */
// (Or brought or carried to them: "could the wild hares be bringing it in?", "could the hens be carrying it too?")
const CATCHING = /\b(?:catch|catching|caught|contract|contracting|pick (?:it|this|that) up|get infected|be infected|become infected|contagious|zoonotic|transmissible|(?:bring|brings|bringing|brought) (?:it|this|that) in|(?:carry|carries|carrying) (?:it|this|that))\b/i;
/** Passing it on to other animals: "jump to them", "spread into the hens", "could the goats catch it?". */
const PASSES_TO_ANIMALS = new RegExp(String.raw`\b(?:jump|spread|pass|transmit|spill|cross)(?:s|es|ed|ing|ted|ting|led|ling)?\s+(?:(?:it|this|that)\s+)?(?:on\s+|over\s+|across\s+)?(?:to|into)\b|${CATCHING.source}`, "i");
/** Imaging a question asks the findings of ("…look like on ultrasound", "…on the lateral chest radiograph"). */
const IMAGING = String.raw`ultrasound|ultrasonography|sonography|radiographs?|radiography|x-?rays?|rads|CT|MRI|echocardiography|endoscopy`;
const IMAGING_ASKED = new RegExp(String.raw`\b(?:on|in|with|by)\s+(?:an?\s+|the\s+|their\s+|his\s+|her\s+)?(?:[\w-]+\s+){0,2}?(${IMAGING})\b`, "i");
const IMAGING_WORD = new RegExp(String.raw`^(?:${IMAGING})$`, "i");

/** What follows a genus the case reports found: its forms, a test's result or "spp." ("Babesia piroplasms", "Giardia cysts"). */
const FOUND_ORGANISM = /^\s+(?:spp\.?|sp\.|species|piroplasms?|organisms?|parasites?|infection|oocysts?|cysts?|eggs?|ova|larvae|trophozoites?|serology|titres?|titers?|PCR|antibod(?:y|ies)|antigen|positive|negative|(?:was |were |is |are )?(?:found|seen|detected|isolated|cultured))\b/i;

/** Where a hospital keeps the patient a question is about: "kennel 4", "bed 3", "stable 2" (lower case); undefined when it says none. */
function patientPlace(question: string): string | undefined {
  const m = /\b(kennel|bed|cage|stall|box|pen|ward|bay|crate|stable|run|cubicle|isolation)\s+(?:no\.?\s*|number\s+|#\s*)?(\d{1,3}[a-z]?)\b/i.exec(question);
  return m ? `${m[1]!.toLowerCase()} ${m[2]!.toLowerCase()}` : undefined;
}

/** Does a question ask only about the disease (its signs, cause, incubation period…), not about a treatment? */
const asksOfDisease = (own: Frame, question: string) =>
  (own.asked.length > 0 && own.asked.every((k) => DISEASE_KINDS.has(k) || ((k === "duration" || k === "interval") && DISEASE_ATTRIBUTES.test(own.attribute ?? "")))) ||
  (!own.asked.length && CATCHING.test(question));

/**
 * The frame of a question in a conversation: a follow-up keeps the previous frame and replaces the
 * slots it names ("what about in cattle?" changes the species; "how often should it be repeated?"
 * keeps drug and species and asks for an interval); a question with its own topic stands alone.
 */
/** "What else causes…?", "any other causes of…?": the causes besides the one spoken of. */
const OTHER_CAUSES_ASKED = /\bwhat else (?:causes?|could cause|can cause|might cause|would cause|leads? to)\b|\b(?:any|what|which) other (?:causes?|reasons?)\b/i;

/** An abbreviation whose usual long forms all name a disease: "FIP" (feline infectious peritonitis), not "CSF" or "AGP". */
function namesDisease(abbreviation: string): boolean {
  const longs = shippedLongForms(abbreviation);
  return longs.length > 0 && longs.every((long) => readsAsDisease(long.split(/\s+/).pop() ?? ""));
}

/** The shipped long forms of an abbreviation, as written first ("FeLV" is shipped in its own capitals). */
function shippedLongForms(abbreviation: string): string[] {
  const shipped = clinicalAbbreviations.abbreviations as Record<string, string[]>;
  return shipped[abbreviation] ?? shipped[abbreviation.toUpperCase()] ?? [];
}

/** Does a shipped abbreviation name a disease or its virus ("FIP", "FeLV")? */
function namesInfection(abbreviation: string): boolean {
  const longs = shippedLongForms(abbreviation);
  return namesDisease(abbreviation) || (longs.length > 0 && longs.every((long) => /\bvirus$/i.test(long)));
}

/** A class of drugs named: "NSAIDs", "antibiotics", or by what its members act on, "SGLT2 inhibitors", "beta blockers". */
export const DRUG_CLASS = /\b(?:an(?:a)?esthetics?|antibiotics?|antimicrobials?|NSAIDs?|anthelmintics?|analgesics?|(?:cortico)?steroids?|antifungals?|antivirals?|vaccines?|[\p{L}\p{N}-]+\s+(?:inhibitors?|blockers?|antagonists?|agonists?))\b/iu;
/** A class of drugs named in the plural: the class at large, not one drug of it spoken of before. */
// (Drugs at large too, "post-op meds", but not those pointed at: "the meds" are the drug spoken of.)
const CLASS_AT_LARGE = /\b(?:(?<!\b(?:the|these|those|his|her|its|their|your|our|my)\s+)(?:meds|medications|medicines)|wormers|dewormers|anthelmintics|antibiotics|antimicrobials|antifungals|antivirals|nsaids|painkillers|sedatives|analgesics|anaesthetics|anesthetics)\b/i;

export function readQuestion(question: string, asked: Frame | null): Frame {
  const typed = frameOf(question);
  // (After a question on whether people catch it, the animals it was asked of. After one on whether other animals catch
  // it from them, those it passes from: "her eyes are all gunky too" after "can the dog catch it off her?" is the kitten's.)
  const caseAnimals = asked?.animalsOfPeople?.length ? asked.animalsOfPeople : asked?.passesFrom;
  const previous = caseAnimals?.length ? { ...asked!, species: caseAnimals } : asked;
  if (!previous || !isFollowUp(question, typed, previous)) return typed;
  // (A follow-up goes on with its subject: what it only compares with replaces nothing.)
  const own = withoutCompared(typed, question);
  const inherited: Frame["inherited"] = [];
  const asksOutcome = own.asked.includes("prognosis") || own.attribute === SURVIVAL_ATTRIBUTE;
  const take = <K extends "drugs" | "pathogens" | "conditions" | "names" | "acronyms" | "topic" | "signs">(key: K, replaced: boolean): string[] => {
    // Of the topic, the words that said what the earlier questions asked are not carried ("incubation" in
    // "incubation period of RHDV2?" is not carried into "and the mortality?").
    // Nor is the attribute it asked about ("preclinical" in "How long is the preclinical period?").
    // (A case whose question asks nothing of its own and names nothing, "…green slimy poo. What is it?", is itself what
    // was asked about.)
    // (Nor is one asked only whether it is wise: "The students want to scrub the eggs clean. Is that a good idea?" asks of
    // scrubbing the eggs.)
    const weighsOnly = (previous.askedTopic ?? []).every((w) => WEIGHED.test(w));
    const previousTopic = (previous.askedTopic?.length && !weighsOnly) || namesOwnThing(previous) ? (previous.askedTopic ?? previous.topic) : previous.topic;
    const carried =
      key === "topic"
        ? previousTopic.filter((w) => !namesAskedKind(w) && !isAskedAttribute(w, previous.attribute))
        : key === "names"
          ? // (Nor the imaging its findings were asked of: "what would you expect on thoracic rads?", then "and where do the
            // adults sit in a dog?")
            previous.names.filter((n) => !previous.places?.includes(n) && !IMAGING_WORD.test(n))
          : key === "acronyms"
            ? // (Not a test the case was worked up with: "…FNA showed mast cells…", then "and the prognosis with surgery alone?")
              // (Nor the means a procedure was asked to be done by: "…can it be done without a full GA?", then "how do I
              // block the nerve behind the eye?")
              // (Nor, into a question on the outcome, what was measured where a disease is carried: "…what are we looking at
              // survival-wise?" after questions on FIP, its AGP and CSF, is about FIP.)
              previous.acronyms.filter((a) => !TEST_ABBREVIATIONS.has(a.toUpperCase()) && !MEANS_ABBREVIATIONS.has(a.toUpperCase()) && (!asksOutcome || !previous.acronyms.some(namesDisease) || namesDisease(a)))
            : previous[key];
    if (replaced || !carried.length) return own[key];
    inherited.push(key);
    return [...carried, ...own[key].filter((v) => !carried.includes(v))];
  };
  // "Are those the same midges behind African horse sickness?" names a disease by its host: the cattle of the
  // question before are not asked about.
  // ("…once a fish has had it…" after questions on salmon: the group the animals spoken of belong to names them again.)
  // (Said as one of them, "a fish", "the birds": "which farm birds get it worst?" asks of others.)
  const saidAsThem = (g: string) =>
    (GROUPS[groupIndex(g)]?.words ?? []).some((w) => new RegExp(String.raw`\b(?:a|an|the|this|that|these|those|each|every|any)\s+${escapeStringRegexp(w)}\b`, "i").test(question));
  const sameAnimalsByGroup =
    own.species.length === 0 &&
    own.groups.length > 0 &&
    previous.species.length > 0 &&
    own.groups.every((g) => saidAsThem(g) && previous.species.every((id) => (GROUPS[groupIndex(g)]?.members ?? []).includes(id)));
  const ownSpecies = !sameAnimalsByGroup && (own.species.length > 0 || own.groups.length > 0 || speciesIn(question, { asked: true }).diseases.length > 0);
  // "Is it…", "distinguish it from sheep pox": a pronoun points back, so what it names is added to the previous
  // subject. Without one ("and where is Babesia divergens most common?"), a named drug or pathogen replaces
  // what the previous question was about, its topic words with it.
  // ("This morning" points back to nothing.)
  // ("And the ducks on the pond next door - are they as vulnerable…?": "they" are the animals it has just named.)
  const firstAnimal = own.species.length ? speciesIn(question).words : new Set<string>();
  const animalAt = Math.min(...[...firstAnimal].map((w) => question.toLowerCase().search(new RegExp(`\\b${escapeStringRegexp(w)}\\b`))).filter((at) => at >= 0));
  const ofOwnAnimals = (text: string) => text.replace(/\b(?:they|them|their)\b/gi, (m, at: number) => (at > animalAt ? " " : m));
  const refersBack = REFERS.test(ofOwnAnimals(question.replace(TIME_OF_DAY, " ")));
  // (A drug's dose asked for the case keeps the disease it is given for. Another animal with a condition of its own is
  // another case: "ok, and the dog in kennel 3 - hit by a car, breathing fast and shallow. pneumothorax likely?")
  const anotherAnimal = own.species.length > 0 && !own.species.some((id) => previous.species.includes(id));
  // (So is a disease of its own in place of the one spoken of: "and off the record, is undercooked pork a hepatitis risk as
  // well?" after questions on swine flu at fairs.)
  const anotherDisease = own.conditions.length > 0 && previous.conditions.length > 0 && !own.conditions.some((c) => previous.conditions.some((p) => sharesWord(c, p)));
  // (And so is a sign of its own whose cause is asked: "He's regurgitating as well. Most common cause of regurgitation in a dog?")
  const signCauseAsked = own.signs.length > 0 && own.asked.includes("cause") && !namesOwnThing(own);
  // (Or a sign of its own whose treatment is asked: "One of the girls also has a bad stuck shed… What can I do for that?"
  // after questions on mites and ivermectin asks how dysecdysis is treated, not what ivermectin does.)
  const signTreatmentAsked = own.signs.some((sign) => !previous.signs.includes(sign)) && own.asked.includes("treatment") && !namesOwnThing(own);
  // (As is one asking what else causes a thing of its own: "what else causes pneumonia in the young ones?" after questions on
  // BVD asks of the other causes, so BVD is not carried into it.)
  const otherCauses = OTHER_CAUSES_ASKED.test(question) && own.topic.length > 0;
  const newSubject = otherCauses || (!refersBack && (own.pathogens.length > 0 || PARASITE_NAMED.test(question) || (own.drugs.length > 0 && !dosesForTheCase(own, previous)) || ((anotherAnimal || anotherDisease) && own.conditions.length > 0) || signCauseAsked || signTreatmentAsked));
  if (!ownSpecies && (previous.species.length || previous.groups.length)) inherited.push("species");
  // Whether people catch it is asked of them, and the animals spoken of are kept for the next question: "and the ear
  // cases…?" after "Owners always ask if the resistant version can jump to them" is asked of the dogs again.
  const peopleCatchIt = ownSpecies && own.species.length === 1 && own.species[0] === "human" && !own.groups.length && meansPeople(question) && previous.species.some((id) => id !== "human");
  // Whether other animals catch it from the ones spoken of is asked of them, and searched with the ones it passes from:
  // "his neighbour keeps laying hens - how likely is it to jump to them?" after questions on a pigeon loft asks of the
  // pigeons' virus in hens.
  const passesToOthers = anotherAnimal && !peopleCatchIt && !namesOwnThing(own) && previous.species.length > 0 && PASSES_TO_ANIMALS.test(question);
  // "What about in cattle?", "and for terbinafine?": nothing of its own but the slots it names, so it asks what the
  // previous question asked. "Which species is most pathogenic?" asks its own thing, whatever kind that is.
  // "And the growers?" names a slot, not a question of its own: with no question word it asks what was asked before.
  const ownQuestionWord = /\b(?:what|which|how|when|where|why|who)\b/i.test(question.replace(/\b(?:what|how)\s+about\b/gi, ""));
  // ("And which type do cats get more often?" asks which one, not the previous question's duration.)
  const asksWhichOne = /\b(?:which|what)\s+(?:types?|kinds?|forms?|sorts?|ones?)\b/i.test(question);
  // ("What CSF findings would you expect?" asks its own thing of what it names.)
  const spokenOfKinds = new Set([...question.matchAll(DEFINITE_KINDS)].map((m) => m[0].split(/\s+/).pop()!.toLowerCase()));
  const ownTopic = own.topic.filter((w) => !spokenOfKinds.has(w));
  const inheritsAsked =
    (!asksWhether(question) || ASKS_THE_SAME.test(question)) &&
    !asksWhichOne &&
    !(ownQuestionWord && namesOwnThing(own)) &&
    // ("…what's the course?" after a question on the doses: the course is the one spoken of, no topic of its own.)
    (ownTopic.length === 0 || (ownTopic.length === 1 && !ownQuestionWord));
  // (What a turn refused for its animals asked is asked again of the animals a follow-up names.)
  const askedOfOthers = ownSpecies ? previous.refusedAsked : undefined;
  const namedBefore = (acronym: string) => previous.acronyms.some((p) => p.toUpperCase() === acronym.toUpperCase());
  const saysNothingNew = own.topic.every((w) => previous.topic.includes(w));
  // One of the diseases spoken of, named alone, is what a follow-up asks of, whatever its "it" points to: "If a cat is FeLV
  // antigen-negative, could it still be carrying the virus?" after "…the snap test … FIV versus FeLV?" is about FeLV.
  const narrowsTo =
    own.acronyms.length > 0 && !saysNothingNew && own.acronyms.every((a) => namedBefore(a) && namesInfection(a)) && previous.acronyms.filter(namesInfection).length > own.acronyms.length;
  const frame: Frame = {
    species: ownSpecies ? own.species : previous.species,
    groups: ownSpecies ? own.groups : previous.groups,
    young: ownSpecies ? own.young : previous.young,
    // "How long is the incubation period?" after a dose question asks about the disease: the drug stays behind.
    // (So does one asked of a class of drugs at large: "Should we be worried about the wormers stopping working…?" after
    // "what dose of ivermectin?" asks of wormers, not of ivermectin.)
    drugs: asksOfDisease(own, question) || otherCauses || signTreatmentAsked || CLASS_AT_LARGE.test(question) ? own.drugs : take("drugs", !refersBack && own.drugs.length > 0),
    pathogens: asksWhichMember(question, own) ? genera(take("pathogens", false)) : take("pathogens", otherCauses || (!refersBack && own.pathogens.length > 0)),
    conditions: take("conditions", newSubject || (!refersBack && own.conditions.length > 0)),
    // ("…and if the PCR says Theileria instead?" after questions on Babesia: a genus of its own replaces the one before.)
    names: take("names", newSubject || (!refersBack && own.names.some((n) => GENUS.test(n) && !own.places?.includes(n)))),
    // "And FeLV-C?" after FeLV-B: an abbreviation of its own replaces the one before, as a drug's name does. (One of
    // unrelated meanings is read beside it: "what CSF findings would you expect?" after FIP.)
    // (The same one again, with nothing new beside it, keeps what was named with it: "How does a calf end up PI?" after
    // "…persistently infected with BVDV. Why does one PI calf matter so much?")
    acronyms: take("acronyms", newSubject || narrowsTo || (!refersBack && own.acronyms.some((a) => !OF_UNRELATED_MEANINGS.has(a.toUpperCase()) && !(namedBefore(a) && saysNothingNew)))),
    topic: take("topic", newSubject),
    // "Some are coughing too" adds a sign to the case's.
    signs: take("signs", newSubject),
    // What is asked is the follow-up's own ("and how often?"), or the previous one's ("what about in cats?").
    // (Whether other animals catch it asks how it passes to them, whatever was asked before.)
    asked: passesToOthers && !own.asked.length ? ["transmission"] : own.asked.length || !inheritsAsked ? own.asked : (askedOfOthers ?? previous).asked,
    aliases: [...previous.aliases, ...own.aliases],
    places: own.places,
    patient: own.patient ?? previous.patient,
    attribute: own.asked.length || !inheritsAsked || passesToOthers ? own.attribute : (askedOfOthers ?? previous).attribute,
    inherited,
    ...(peopleCatchIt ? { animalsOfPeople: previous.species.filter((id) => id !== "human") } : {}),
    ...(passesToOthers ? { passesFrom: previous.species } : {}),
  };
  // A species named in a follow-up replaces the previous one: drop the old species' words from what is carried.
  if (ownSpecies) {
    frame.topic = frame.topic.filter((w) => !speciesIn(w, { asked: true }).species.size);
    frame.conditions = frame.conditions.filter((w) => !speciesIn(w, { asked: true }).species.size);
  }
  return frame;
}

/** The languages a question that speaks of translating names after "into", "from", "to" or "in" ("Translating a glossary into Italian"). */
function translationLanguages(question: string): string[] {
  if (!/\btranslat\w*/i.test(question)) return [];
  return [...question.matchAll(/\b(?:into|from|to|in)\s+(\p{Lu}\p{Ll}+)\b(?!\s+\p{Ll}+(?:s|es)?\b(?<!\band\b|\bor\b))/gu)].map((m) => m[1]!);
}

/** Two names that share a word ("swine flu", "avian flu"), as index terms (stop words aside). */
export const sharesWord = (a: string, b: string) => tokenize(a).some((t) => !isStopWord(t) && tokenize(b).includes(t));

/** "This morning", "that week": when, not what a pronoun points back to. */
const TIME_OF_DAY = /\b(?:this|that)\s+(?:morning|afternoon|evening|night|week|weekend|month|year|season|time|summer|winter|spring|autumn)\b/gi;

/** An instruction to write ("Explain why…", "Describe…") asks for an account, not one typed value. */
export const INSTRUCTION_OPENING = /^\s*(explain|describe|compare|contrast|discuss|design|outline|summari[sz]e|evaluate|justify|propose|critically|analy[sz]e|interpret|construct|develop|create|formulate)\b/i;

/**
 * A clause that points back to what the question said before it ("Which protein best fits this profile?"). ("This kind
 * of dementia" names its own topic; "this kind of problem" points back.)
 */
const POINTS_BACK =
  /\b(?:this|these|those|such)\b(?!\s+(?:kinds?|types?|sorts?|forms?)\s+of\s+(?!(?:things?|problems?|issues?|conditions?|diseases?|presentations?|pictures?|cases?|signs?|symptoms?|lesions?|changes?)\b)[\p{L}-]{4,})/iu;

/**
 * The clause that asks: from the last question word of the last question sentence ("…, which daily
 * consumption best matches the stated reference range?"); the whole question when it is short, or when the
 * clause points back to the case described before it ("Which protein best fits this profile?").
 */
export function askingClause(question: string, options: { yesNoWhole?: boolean } = {}): string {
  const sentences = question.split(/(?<=[?.!])\s+/).filter((s) => s.trim());
  const lastAsked = sentences.findLastIndex((s) => /\?\s*$/.test(s));
  // (A question typed without its mark after one with it asks last: "…slides out undigested?? vet said megaesophagus. whats
  // that ngl never heard of it".)
  const unmarked = sentences.findLastIndex((s, i) => i > lastAsked && UNMARKED_QUESTION.test(s));
  const last = sentences[unmarked >= 0 ? unmarked : lastAsked] ?? sentences[sentences.length - 1] ?? question;
  // "…and asks whether she should wash them. What do I tell her?": what is relayed asks; the last sentence only asks for a reply.
  const relayed = TELL_ONLY.test(last) ? sentences.map(relayedQuestion).findLast(Boolean) : undefined;
  if (relayed) return relayed;
  // An instruction asks with all of it: "Describe (i) its localisation … and (iii) which sensor it binds"
  if (INSTRUCTION_OPENING.test(last)) return last;
  // From its first question word, so every part of a multi-part question counts ("what are the signs…, and what drives them?").
  // (Read whole, a yes/no question asks from its start: "Should I wash them, and if I have to, how warm should the water be?")
  const start = options.yesNoWhole && YES_NO_START.test(last) ? 0 : (/\b(which|what|how|why|when|where|who)\b/i.exec(last)?.index ?? -1);
  const clause = start > 0 ? last.slice(start) : last;
  // ("…more likely in a cat like this?": the case is an example of what the clause asks of, which it names.)
  if (POINTS_BACK.test(clause.replace(LIKE_THIS, " "))) return question;
  return clause.split(/\s+/).length >= 3 ? clause : last;
}

/**
 * The term quoted just before the question that asks of it by "it": "The owner asked what 'progressive infection' means.
 * How do I explain it, and how common is it among infected cats?" asks of progressive infection ("" when none is).
 * (Not where the asking part names a thing of its own.)
 */
export const quotedTermAsked = (question: string): string => quotedTermOf(question).term;
// (Read once per question: the frame and the answer's sentence choice both ask; the quote is looked for before the names.)
const quotedTermOf = memoByText(REMEMBERED_QUESTIONS, (question): { readonly term: string } => Object.freeze({ term: readQuotedTerm(question) }));
function readQuotedTerm(question: string): string {
  const sentences = question.split(/(?<=[?.!])\s+/).filter((s) => s.trim());
  const at = sentences.findLastIndex((s) => /\?\s*$/.test(s));
  const asking = sentences[at] ?? "";
  if (at < 1 || !/\bit\b/i.test(asking)) return "";
  const quoted = QUOTED_TERM.exec(sentences[at - 1]!)?.[1];
  if (!quoted) return "";
  const own = namedThings(asking);
  return own.drugs.length + own.pathogens.length + own.conditions.length + own.acronyms.length > 0 ? "" : quoted;
}
/** A sentence that opens as a question does, typed without its mark ("whats that", "how long till she's better"). */
const UNMARKED_QUESTION = /^\s*(?:what(?:['’]?s)?|how|why|which|when|where|who)\b(?!\s+(?:a|an|the|we|i|you|they|he|she|it)\s+(?:saw|found|did|noticed|know|knew|see|think|mean|said|say)\b)/i;
const LIKE_THIS = /\b(?:in\s+)?(?:an?\s+|the\s+)?(?:[\p{L}-]+\s+)?like\s+(?:this|that|these|those)(?:\s+ones?)?\b/giu;

/**
 * The diagnosis a case puts forward: what someone "says", "mentioned" or "thinks" it is ("Neighbour says bluetongue —
 * what spreads it?"), what "could this be" ("Could this be that new haemorrhagic virus?"), or a short question that
 * ends the case ("…her littermates are ill too. Parvo?"). Null when the question puts none forward.
 */
/** A question whose subject points back to the animals said before it: "Do they act as a reservoir…?" */
// (Or of one of them: "If one of them gets a lump along the mammary chain, what are the odds…?")
const ASKS_OF_THEM = new RegExp(
  String.raw`^\s*(?:and\s+|but\s+|so\s+)?(?:(?:${AUXILIARY})\s+(?:they|these|those)|(?:they|these|those)\s+(?:${AUXILIARY})|(?:if|when|once|should)\s+(?:one|any|some|either|both|all|most)\s+of\s+(?:them|these|those)\b)\b`,
  "i",
);
/** Does a sentence, or a clause of it, ask of the animals before it ("Do they act as…?", "Is that distemper, and could they give it to our dogs?")? */
export const asksOfThem = (sentence: string) => sentence.split(/,\s*(?=(?:and|but|so)\s)|;\s*/).some((clause) => ASKS_OF_THEM.test(clause));

/** Words of a sentence that brings in what a question's pronoun asks of ("Found lice on my hens this morning."). */
const SHORT_TOLD_SUBJECT = 12;
/**
 * A sentence opening on its subject, one word before its verb: "Viperin keeps turning up…", "Ringworm spreads…". (A verb
 * of a few, not any word in "-s": "Several ewes have weepy eyes" opens on no subject of one word.)
 */
const OPENING_SUBJECT =
  /^\s*(\p{L}[\p{L}\d-]{3,})\s+(?:keeps|kept|is|was|has|had|seems|seemed|appears|appeared|shows|showed|comes|came|turns|turned|spreads|spread|remains|remained|continues|continued|looks|looked|gets|got|causes|caused|affects|affected)\b/u;
/** The thing a told sentence opens on, where it is its subject and no animal: what a question's "it" then stands for. */
export function openingSubjectOf(sentence: string): string | null {
  const subject = OPENING_SUBJECT.exec(sentence)?.[1];
  const animals = subject ? speciesIn(subject) : null;
  return subject && !isStopWord(subject.toLowerCase()) && animals!.species.size + animals!.groups.size === 0 ? subject : null;
}
/** A term in quotes ("what 'progressive infection' means"), not an apostrophe's "s". */
const QUOTED_TERM = /(?:^|[\s(])['‘"“](\p{L}[\p{L}\s-]{2,40}?)['’"”](?=[\s.,;:?!)]|$)/u;
/** What the asker says they know before a "but" that asks: "I know poultry see four colours, but…". */
const KNOWN_BEFORE_BUT = /^\s*(?:(?:ok|so|and)\s*,?\s*)?(?:i|we)\s+(?:know|knew|understand|realise|realize|gather|read|heard|hear|get)\b[^,;?]*,\s*but\b/i;
/** A question asked of a pronoun, from its start: "how long do they live…?", "is it catching?". */
const ASKED_OF_PRONOUN = /^\s*(?:[\w'’]+\s+){0,3}?(?:do|does|did|are|is|were|was|can|could|will|would|should|might|may|have|has)\s+(?:they|it|these|those)\b/i;
/** Words of a short question that points back to what was said before it ("Is that valid?", "is it serious?"). */
const SHORT_POINTING_BACK = 4;

/** A short question that judges what was said ("Is that valid?", "is it serious?", "right?"), naming no diagnosis. */
const JUDGED = new RegExp(
  String.raw`^(?:(?:${AUXILIARY})\s+(?:it|this|that|they|these|those)\s+(?:(?:really|actually|still|even)\s+)?)?(?:valid|true|right|correct|ok|okay|normal|possible|likely|bad|serious|safe|real|reliable|accurate|necessary|needed|fine|dangerous|urgent|worth it|plausible|credible|believable|realistic)$`,
  "i",
);

export function suspectedDiagnosis(question: string): string | null {
  // (A diagnosis is named in a few words: "suspects that a performance horse's spinal discomfort is…" names none.)
  // ("Vet says my gelding has stringhalt - he snatches a hind leg…": the diagnosis ends at a spaced dash.)
  // ("A fish vet mentioned 'bacterial gill disease' after a hot spell…": the words quoted are the diagnosis.)
  const suggested = SUGGESTED.exec(question)?.[1];
  const said = suggested && (/^['‘"“]([^'’"”]{3,60})['’"”]/u.exec(suggested)?.[1] ?? suggested.split(/\s-\s/)[0]!).trim();
  // (What someone says at length tells the case: "owner says her cat fell off a balcony… Could that be a pneumothorax?"
  // puts forward what it asks after.)
  if (said && said.split(/\s+/).length <= MAX_DIAGNOSIS_WORDS) return said;
  // "…If this is PPR, what case fatality are we looking at?": a name put forward (not "if this is basic").
  const supposed = IF_IT_IS.exec(question)?.[1];
  if (supposed && (/^\p{Lu}/u.test(supposed) || readsAsDisease(supposed))) return supposed;
  // "…bloody runny poo n wont eat, is this parvo??": a disease's name asked of the case.
  const askedIfIs = IS_IT.exec(question)?.[1];
  // (Two words end in a disease's word: "Newcastle disease".)
  if (askedIfIs && (readsAsDisease(askedIfIs) || /^[A-Z]{2,6}$/.test(askedIfIs) || /\s/.test(askedIfIs))) return askedIfIs;
  const sentences = clauseSplit(question);
  const last = sentences[sentences.length - 1] ?? "";
  // (After a case told in statements: "AHS field vector? peak season?" puts nothing forward.)
  const afterCase = sentences.length > 1 && sentences.slice(0, -1).every((x) => !/\?\s*$/.test(x));
  // Or after a dash that ends the case ("…crawling things at the base of the feathers — lice?").
  // (Or one before a question that points back to it: "…red patches on the skin - swine erysipelas? Is that a whole
  // carcass rejection?")
  const beforeLast = sentences.length > 1 && REFERS.test(last) ? sentences[sentences.length - 2]! : "";
  const dashedIn = (sentence: string) => {
    const m = /\s[—–-]\s*([^—–-]+)\?\s*$/.exec(sentence);
    return m && !/\?/.test(sentence.slice(0, m.index)) ? m[1]!.trim() : null;
  };
  const dashed = dashedIn(last) ?? dashedIn(beforeLast);
  // (A statement that ends the case, "He's only 3.", asks nothing and puts nothing forward.)
  const short = dashed ?? (afterCase && /\?\s*$/.test(last) ? last.replace(/\?\s*$/, "").trim() : null);
  if (!short || short.split(/\s+/).length > 3 || /\b(?:what|which|how|why|when|where|who)\b/i.test(short)) return null;
  // (A name has a word of letters: "q6mo / q2mo?", "sid or bid?" put dosing intervals forward, no diagnosis.)
  if (!/\p{L}{3,}/u.test(short.replace(/[\p{L}\p{N}]*\p{N}[\p{L}\p{N}]*|\b(?:sid|bid|tid|qid|eod|prn|od|bd|tds|qds|mg|kg|ml)\b/giu, ""))) return null;
  // (A disease's name holds no pronoun: "so she's clear?" asks of her state, "Is that blood?" what a sign is.)
  if (/\b(?:i|you|we|they|she|he|it|her|him|them|his|its|their|our|my|this|that|these|those)\b/i.test(short.replace(/['’]\w+/g, ""))) return null;
  // ("Incubation?", "Treatment?" ask something of the case; they put no diagnosis forward. Nor does "Is that valid?",
  // "is it serious?": they ask what the case's own claim or state is worth.)
  const asks = ASKED.some(([, re]) => re.test(short)) || short.split(/\s+/).some((w) => isAskingWord(w.replace(/\W+$/, "")));
  return asks || JUDGED.test(short) ? null : short;
}
/** The diagnosis put forward, as a condition's name: one to three words, no article or pronoun ("bluetongue", "parvo"). */
export function suspectedCondition(question: string): string | null {
  // ("…the vet said the words 'duck plague'": the words said are the diagnosis.)
  const suspected = suspectedDiagnosis(question)?.toLowerCase().replace(/['‘’"“”]/g, "").replace(/^(?:the\s+)?words?\s+/, "").trim();
  if (!suspected) return null;
  const words = suspected.split(/\s+/);
  if (words.length > 3 || words.some((w) => isStopWord(w) || GENERIC_WORDS.has(w) || /^(?:new|possible|probably|maybe|something)$/.test(w) || SAYS_OF_IT.test(w))) return null;
  // (Nor what the animal eats or lives with: "is that blood or could it be the food?")
  if (EVERYDAY_CAUSE.test(suspected)) return null;
  // (Nor words said as a figure of speech: "People say 'bird brain' as an insult".)
  if (new RegExp(String.raw`${escapeStringRegexp(suspected)}['‘’"“”]?\s+as\s+(?:an?\s+)?${FIGURE_OF_SPEECH}`, "i").test(question)) return null;
  // (A host's name may begin a disease's, "swine erysipelas", not end it: "older dogs?" puts no disease forward.)
  const named = (text: string) => {
    const animals = speciesIn(text);
    return animals.species.size > 0 || animals.groups.size > 0;
  };
  if (named(words[words.length - 1]!) || (words.length === 1 && named(suspected))) return null;
  return suspected;
}
/** "…six dead in a week with fever and diarrhoea - I'm worried about PPR": what the case is feared to be. */
const FEARED = /\b(?:worried|worrying|concerned|afraid|scared|nervous|fear(?:ing)?)\s+(?:about|of|(?:that\s+)?(?:it|this)(?:['’]s|\s+is|\s+(?:might|may|could)\s+be))\s+(?:an?\s+|the\s+)?([^.?!,;:—–]{2,60})/gi;

/**
 * A disease, pathogen or abbreviation the question names and says the case is feared to be (lower case), else null. (Only
 * one it names: "worried about the kids" or "…about resistance" puts no disease forward.)
 */
function fearedDisease(question: string, named: ReturnType<typeof namedThings>): string | null {
  const candidates = [...named.pathogens, ...named.acronyms, ...named.conditions.filter((c) => !signsIn(c).length)];
  for (const m of question.matchAll(FEARED)) {
    const said = m[1]!.trim().toLowerCase();
    const thing = candidates.find((n) => said === n.toLowerCase() || said.startsWith(`${n.toLowerCase()} `));
    if (thing) return thing.toLowerCase();
  }
  return null;
}
/** What words are said as, when they name no disease: "…as an insult", "…as a joke". */
const FIGURE_OF_SPEECH = String.raw`(?:insult|joke|put-?down|expression|saying|figure of speech|nickname|compliment|slang)\b`;
const MAX_DIAGNOSIS_WORDS = 4;
/** What an animal eats, is given or lives with, put forward as the cause: no disease. */
const EVERYDAY_CAUSE = /^(?:(?:new|wet|dry|raw)\s+)?(?:food|foods|diet|feed|treats?|hay|grass|water|bedding|litter|weather|heat|cold|stress|age|shampoo|medication|medicine|tablets?|vaccine|jab|injection|carrots?|vegetables?|veg)$/;
/** "If this is PPR, what…?", "if it's bluetongue, how…": what the question supposes the case to be. */
const IF_IT_IS = /\bif (?:this|it|that)(?:\s+is|['’]s|\s+turns out to be|\s+proves to be)\s+(?:an? |the )?([\p{L}][\p{L}\d-]*(?: [\p{L}\d-]+){0,2}?)\s*(?:,|\?|$|\s(?:what|how|which|will|would|should|can|could|do|does|is|are)\b)/iu;
/** A word that reads as a disease's or a pathogen's name ("parvo", "pneumothorax", "mycoplasma"). */
const readsAsDisease = (word: string) => DISEASE_WORDS.has(word.toLowerCase()) || CONDITION_ENDING.test(word.toLowerCase()) || PATHOGEN_ENDING.test(word.toLowerCase());
/** Words of a name that ends as a disease's does ("infectious pancreatic necrosis", "infectious bursal disease"). */
export const endsAsDiseaseName = (words: string[]) => words.length >= 2 && (readsAsDisease(words[words.length - 1]!) || CONDITION_HEAD.test(words[words.length - 1]!));
/** "Is this parvo?", "is it FIP?": one word asked to be the case's disease. */
// ("Is that basically Newcastle disease?": a word that only stresses it, and a name of two words ending as diseases' do.)
const IS_IT = /\b(?:is|could|might)\s+(?:this|it|that)\s+(?:be\s+)?(?:(?:basically|just|really|actually|probably|definitely|simply)\s+)?(?:an?\s+)?([\p{L}][\p{L}\d-]*(?:\s+(?:disease|fever|syndrome|pox|plague|flu|sickness))?)\s*\?/iu;
/** A word that asks something of the case, not a diagnosis it puts forward ("…wobbly behind too - related?", "zoonotic?"). */
const SAYS_OF_IT = /^(?:related|connected|linked|relevant|normal|serious|contagious|zoonotic|infectious|catching|common|rare|ok|okay|fatal|treatable|curable|dangerous|significant|worrying|hereditary|genetic|inherited|painful|notifiable|reportable|likely|coincidence|coincidental|feasible|possible|plausible|credible|believable|realistic|indicated|advisable|appropriate|necessary|needed|worthwhile|safe|bad)$/;
// (Not what a document says: "handover says 11yo lab, acquired lar par, ?GOLPP" tells the case.)
// ("…a ewe with what the vet reckons is a septic pedal joint": what someone takes the case for, said with "a" or "an".)
const SUGGESTED = new RegExp(
  String.raw`\b(?<!\b(?:handover|notes?|chart|history|hx|records?|report|file|card|letter|sheet|form|label|leaflet)\s)(?:(?:says?|said|told (?:me|us)|thinks?|reckons?)\s+(?:(?:my|our|the|his|her|their|this|that)\s+)?[a-z-]+\s+(?:has|had|has got|'s got)\s+|(?:says?|said|mentioned|suspects?|diagnosed (?:it as|with)|could (?:this|it) be|told (?:me|us) (?:it'?s|it was))\s+(?:it'?s\s+|it was\s+|it\s+(?:might|may|could)\s+be\s+|that\s+(?:it'?s\s+)?|this\s+|there(?:'d|'s|s| had| has| was| is)?\s+(?:been\s+)?)?|(?:thinks?|reckons?)\s+(?:it'?s|it is|it was|this is|that it'?s)\s+|thinking\s+|(?<=\bwhat\s+(?:the\s+|my\s+|our\s+)?[a-z-]+\s+)(?:thinks?|reckons?|says?|said|suspects?|calls?|called)\s+(?:is|was)\s+(?=an?\s))(?:an?\s+|the\s+)?` +
    // ("Could this be C. diff?": a genus's initial does not end the name.)
    String.raw`(?!(?:are|is|was|were|has|have|had|they|he|she|we|you|i|my|our|his|her|about|of|to|for|with|so|if|whether|what|how|why|when|where|which|who|the|a|an|it|that|this)\b)((?:[A-Z]\.\s?)?[^.?!—–,;:]{3,60})`,
  "i",
);

/** The frames of a conversation's questions in order; the last is the current question's. */
export function readConversation(questions: string[]): Frame[] {
  const frames: Frame[] = [];
  for (const q of questions) frames.push(readTurn(q, frames));
  return frames;
}

/**
 * "Sorry, I meant the goat not the sheep", "no wait – make that cattle": a turn that corrects the question before it,
 * and what it names instead (and, when it says, in place of what).
 */
const CORRECTS = new RegExp(
  String.raw`^\s*(?:(?:sorry|sry|soz|apologies|oops|no|wait|actually|correction|my bad|typo)\b[\s,.!:;—–-]*)*` +
    String.raw`(?:i\s+meant(?:\s+to\s+say)?|i\s+should\s+have\s+said|make\s+that|meant)\s+(?:to\s+ask\s+(?:about\s+)?)?` +
    String.raw`(?:(?:the|a|an|my|our|in|for|about)\s+)*([\p{L}][\p{L}'’-]*(?:\s+[\p{L}][\p{L}'’-]*){0,2}?)` +
    String.raw`(?:,?\s+(?:not|rather than|instead of)\s+(?:(?:the|a|an|my|our|in|for)\s+)*([\p{L}][\p{L}'’-]*(?:\s+[\p{L}][\p{L}'’-]*){0,2}?))?` +
    String.raw`\s*(?:$|[.!?;,:]|\s[—–-]\s)`,
  "iu",
);

/** Whole-word, case-insensitive matches of any of these words (a final "s" or "es" allowed), longest first. */
const anyOfWords = (words: string[]) =>
  new RegExp(String.raw`\b(?:${[...words].sort((a, b) => b.length - a.length).map(escapeStringRegexp).join("|")})(?:e?s)?\b`, "gi");

/**
 * The question before asked again of what a correcting turn names: "sorry, I meant the goat not the sheep" after "Ewe
 * with itching and a tremor… How long do they incubate?" asks "goat with itching and a tremor… How long do they
 * incubate?". The species it sets aside (or, naming none, the one species the question before named) is replaced by
 * the one it names; a question before that named no species asks it of that one. Null for a turn that corrects nothing,
 * or a correction this cannot place (another drug or word the question before never wrote).
 */
export function correctedQuestion(question: string, previousQuestion: string): string | null {
  const m = CORRECTS.exec(question);
  if (!m) return null;
  const [meant, instead] = [m[1]!.trim(), m[2]?.trim() ?? ""];
  const meantSpecies = speciesIn(meant);
  const speciesOf = (text: string) => [...speciesIn(text).species];
  // What is replaced: the words of the species set aside, else those of the one species the question before named.
  const setAside = instead ? speciesOf(instead) : speciesOf(previousQuestion).length === 1 && meantSpecies.species.size > 0 ? speciesOf(previousQuestion) : [];
  if (setAside.length) {
    if (!meantSpecies.species.size && !meantSpecies.groups.size) return null;
    // (search(), not test(): a global pattern's test() moves its lastIndex.)
    const pattern = anyOfWords(setAside.flatMap((id) => wordsNaming(id)));
    if (previousQuestion.search(pattern) >= 0) return previousQuestion.replace(pattern, meant);
    // (The question before carried its species: "what dose?" after a question on the pigs.)
    return speciesOf(previousQuestion).length ? null : `${previousQuestion.replace(/[?.!\s]+$/, "")} in ${meant}?`;
  }
  // Another word than a species: "I meant dexmedetomidine, not medetomidine" replaces it where the question before wrote it.
  if (instead) {
    const pattern = new RegExp(String.raw`\b${escapeStringRegexp(instead)}\b`, "gi");
    return previousQuestion.search(pattern) >= 0 ? previousQuestion.replace(pattern, meant) : null;
  }
  // "Sorry, I meant goats" after a question that named no species.
  if ((meantSpecies.species.size || meantSpecies.groups.size) && !speciesOf(previousQuestion).length && !speciesIn(previousQuestion).groups.size) {
    return `${previousQuestion.replace(/[?.!\s]+$/, "")} in ${meant}?`;
  }
  return null;
}

/** "Back to the cause – …", "going back to the sedation, …": what the question returns to, and what it then asks. */
const RETURNS_TO = /^\s*(?:(?:ok(?:ay)?|right|so|and|now)[,\s]+)?(?:going back to|back to|returning to|coming back to)\s+(?:(?:the|that|those|his|her|their|its|our)\s+)?([\p{L}-]+(?:\s+[\p{L}-]+)?)\s*(?:[-–—:,;.]\s*|\s+(?=(?:what|which|how|when|where|why|who|is|are|was|were|do|does|did|can|could|should|would)\b))/iu;

/** The words a frame is about and what it asked, as index stems. */
const frameStems = (frame: Frame) =>
  new Set(tokenize([...frame.topic, ...frame.drugs, ...frame.pathogens, ...frame.conditions, ...frame.names, ...frame.acronyms, ...frame.signs, ...frame.asked, ...frame.species.map(speciesLabel), frame.attribute ?? ""].join(" ")));

/**
 * A question read in its conversation: against the frame of the question before it, or, when it says it goes back to
 * something asked earlier ("back to the cause - can the goats in the next field pick it up from them?"), against the
 * latest earlier frame that asked about that, without the words that say so.
 */
export function readTurn(question: string, frames: Frame[]): Frame {
  const previous = frames[frames.length - 1] ?? null;
  const returning = RETURNS_TO.exec(question);
  if (returning && frames.length > 1) {
    const wanted = tokenize(returning[1]!).filter((t) => !isStopWord(t));
    const earlier = [...frames].reverse().find((f) => wanted.length > 0 && wanted.every((t) => frameStems(f).has(t)));
    const rest = question.slice(returning[0].length).trim();
    if (earlier && rest) return readQuestion(rest, earlier);
  }
  // "Can the dogs on the yard catch it?" after a question that named no disease ("what booster interval do competition
  // horses need?"): what is caught is the disease last spoken of.
  const namesDisease = (f: Frame) => f.pathogens.length + f.conditions.length + f.acronyms.length > 0;
  // (Likewise "how long can it hang about in my yard then", after a question on what to clean with.)
  // (Or "why is there still no vaccine for it?" after "how do ticks get the pigs involved?": a vaccine is against a disease.
  // Not after a case told by its signs, whose disease its answer names: "a dog has fever, yellow eyes… What could that be?")
  if (previous && !namesDisease(previous) && (CATCHING.test(question) || placesOfPersistence(question).length > 0 || (AGAINST_IT.test(question) && !previous.signs.length)) && /\b(?:it|this|that)\b/i.test(question)) {
    const earlier = [...frames].reverse().find(namesDisease);
    if (earlier) return readQuestion(question, earlier);
  }
  return readQuestion(question, previous);
}

/**
 * The frame of a case told by its signs (or of a question asking for a disease by kind), read with the answer it was
 * given: the case names nothing, the answer's first sentence does ("…oral ulcerations are often observed in cats with
 * FCV infection…"), and that is what a follow-up's "it" is ("can the dog catch it?"). Any other frame is kept as it is.
 */
export function withAnswersSubject(frame: Frame, answer: string, question = "", opening = false): Frame {
  // A conversation's opening case told without its species ("One of the two-year-olds has a temp… swabbing for flu") is of
  // the animal the answer's lead names alone ("Clinical signs in naïve horses include…"): the follow-ups ask of that
  // animal. (Not a host a disease is named for: "Equine influenza A virus causes…".)
  const leadAnimals = speciesIn(answeringSentence(answer), { asked: true }).species;
  if (opening && !frame.inherited.length && !frame.species.length && !frame.groups.length && leadAnimals.size === 1 && !leadAnimals.has("human")) {
    return withAnswersSubject({ ...frame, species: [...leadAnimals] }, answer, question);
  }
  // (Or by one sign, asking what does it: "The ducklings on the pond are dying, heads thrown right back. What would do that?")
  const bySign = frame.signs.length > 0 && !namesOwnThing(frame) && frame.asked.every((k) => k === "cause" || k === "diagnosis");
  // (Or a question asking for a disease, naming none: "Is there a genetic disease we should test for?")
  const forADisease = !namesOwnThing(frame) && ASKS_FOR_A_DISEASE.test(question);
  // (Or one asking what causes a thing it names by no vocabulary: "What causes warts like that in cattle?", whose answer
  // leads with "Bovine papillomavirus infect basal epithelial cells…", asked of by "Can horses catch it?")
  // (Where the answer's lead speaks of what it asks of, by its words or their initials, "…has been shown to induce BGD" for
  // bacterial gill disease: not "Bacterial gill disease (BGD) is…" for pancreas disease.)
  const lead = answeringSentence(answer);
  const askedWords = frame.askedTopic ?? [];
  const askedTerms = askedWords.flatMap((w) => tokenize(w));
  const leadTerms = new Set(tokenize(lead));
  const byInitials = askedWords.some((_, i) => [2, 3, 4].some((n) => i + n <= askedWords.length && new RegExp(String.raw`\b${askedWords.slice(i, i + n).map((w) => w[0]!.toUpperCase()).join("")}\b`).test(lead)));
  const forItsCause = !namesOwnThing(frame) && WHAT_CAUSES_IT.test(question) && askedTerms.length > 0 && (askedTerms.every((t) => leadTerms.has(t)) || byInitials);
  if (frame.inherited.length || !(toldBySigns(frame) || bySign || forADisease || forItsCause)) return frame;
  const lines = answer.split("\n");
  // (The pathogen it names first: the findings a lead may list, "hyperaemia or cyanosis of the extremities", are no
  // diagnosis, and "…with FCV infection, and dendritic corneal ulcers … with FHV-1" puts FCV forward for the ulcers.)
  const named = namedThings(lead);
  const first = [...named.pathogens, ...named.acronyms].map((name) => ({ name, at: lead.indexOf(name.split(" ")[0]!) })).sort((a, b) => a.at - b.at)[0];
  if (first) return { ...frame, pathogens: named.pathogens.includes(first.name) ? [first.name] : [], acronyms: named.acronyms.includes(first.name) ? [first.name] : [] };
  // (Or the condition a lead gives as the cause, its subject: "Idiopathic megaesophagus is the most common cause of
  // regurgitation in the dog" for a dog bringing food straight back up, which "could her cat get the same thing?" asks of.
  // Not a finding it lists: "typical clinical signs can include fever, hyperaemia…".)
  const cause = /^(.{3,80}?)\s+(?:is|are)\s+(?:the\s+|a\s+|an\s+)?(?:(?:most|more)\s+)?(?:common|usual|likely|frequent|important|major|main|leading|commonest)?\s*causes?\b/i.exec(lead);
  const condition = cause ? named.conditions.find((c) => !signsIn(c).length && cause[1]!.toLowerCase().includes(c.toLowerCase())) : undefined;
  if (condition && (toldBySigns(frame) || bySign)) return { ...frame, conditions: [condition] };
  // A lead that names none ("In its acute form, typical clinical signs can include fever, …") is about the disease a
  // sentence quoted beside it from the same passage defines ("Classical swine fever (CSF), also known as hog cholera,
  // is… [1]"). (Not a pathogen such a sentence merely names: "A parvovirus known as Aleutian disease…" may be the
  // passage's aside.)
  const marker = /\[(\d+)\]\s*$/.exec(lines[0] ?? "")?.[1];
  const sameSource = marker ? lines.slice(1).filter((l) => new RegExp(`\\[${marker}\\]\\s*$`).test(l)) : [];
  const defined = sameSource.flatMap((l) => definedAbbreviations(l.replace(/^\s*-\s*/, "")))[0];
  if (defined) return { ...frame, pathogens: [], acronyms: [defined.abbreviation] };
  // (Or the disease such a sentence opens on as its subject, for a case told by its signs: "Bovine Babesiosis is caused by
  // the sting of ticks…" beside "High fever, depression, anorexia, hemoglobinemia and hemoglobinuria are the predominant
  // signs", for a cow with red urine and ticks.)
  const opensOn = sameSource
    .map((l) => l.replace(/^\s*-\s*/, ""))
    .flatMap((l) => frameOf(l).conditions.filter((c) => (!signsIn(c).length || namedDiseases([c]).length > 0) && new RegExp(String.raw`^(?:\p{L}+\s+)?${escapeStringRegexp(c)}\s+(?:is|are|was|were)\b`, "iu").test(l)))[0];
  return opensOn && (toldBySigns(frame) || bySign) ? { ...frame, conditions: [opensOn] } : frame;
}

/**
 * A sentence that opens with a pronoun, which says little without the sentence before it: "It has been incorporated
 * into…", "Its progression commences…", "This type is predominantly found…", "These unique characteristics…". (Not "it"
 * that stands for what follows, "It is recommended to…", "It is estimated that…"; nor a demonstrative that names its thing,
 * "These lice complete…".)
 */
export const OPENS_WITH_PRONOUN =
  /^(?:(?:It|They)\b(?!\s+(?:is|was|are|were|has been|had been|have been|may be|might be|can be|could be|should be|would be|will be|seems|seemed|appears|appeared|remains)\s+(?:[\w-]+\s+){0,2}?(?:to|that|whether|if)\b)|(?:Its|Their)\b|(?:This|These|Those|Such)\s+(?:(?:is|are|was|were|has|have|had|may|might|can|could|would|will|suggests?|shows?|indicates?|means?|makes?|allows?|explains?|leads?|results?|includes?)\b|(?:[\w-]+\s+)?(?:type|types|kind|kinds|form|forms|process|processes|approach|method|finding|findings|characteristics?|features?|results?|changes?|effects?|mechanisms?|phenomen(?:on|a)|observations?|data|stud(?:y|ies)|factors?|propert(?:y|ies)|differences?|steps?)\b))/;

/**
 * The sentence an answer leads with: its first line's first sentence, or its second where that opens with a pronoun (a
 * lead that does is quoted after the sentence it points back at, "Feline upper respiratory tract disease (FURTD) remains a
 * significant problem… [1] It is usually caused by feline calicivirus (FCV)… [1]").
 */
function answeringSentence(answer: string): string {
  const [first, second] = clauseSplit((answer.split("\n")[0] ?? "").replace(/\s*\[\d+\]/g, ""));
  return second !== undefined && OPENS_WITH_PRONOUN.test(second) ? second : (first ?? "");
}

/** "What causes warts like that…?", "what's behind it?": a question for the cause of what it tells. */
const WHAT_CAUSES_IT = /\bwhat(?:\s+(?:usually|normally|typically|actually))?\s+(?:causes|caused|is\s+causing|['’]s\s+causing|brings\s+on|is\s+behind|['’]s\s+behind)\b/i;
/** A thing's other name, given after it: "STING aka TMEM173", "…, also known as Y". */
const OTHER_NAME_GIVEN = /[\p{L}\d)]\s*[,(]?\s*\b(?:aka|a\.k\.a\.?|also\s+known\s+as|also\s+called|otherwise\s+known\s+as)\s+([\p{L}\d][\p{L}\d-]*)/giu;
/** A question asking for a disease by kind: "is there a genetic disease we should test for?", "which infection could it be?". */
const ASKS_FOR_A_DISEASE = /\b(?:which|what|any|an?)\s+(?:[\w-]+\s+){0,2}?(?:diseases?|disorders?|conditions?|infections?|illness(?:es)?)\b[^?]*\?/i;

/** Signs that tell a case: one sign says little of which disease it is. */
export const MIN_CASE_SIGNS = 2;

/**
 * A case told by its signs ("…brings his food back up a few minutes after eating … and he's getting skinny"): two signs
 * at least, and nothing named but them (a named drug, pathogen or disease is what such a question is about).
 */
export function toldBySigns(frame: Frame): boolean {
  if (frame.signs.length < MIN_CASE_SIGNS || frame.drugs.length + frame.pathogens.length + frame.names.length + frame.acronyms.length > 0) return false;
  return frame.conditions.every((c) => signsIn(c).length > 0);
}

/**
 * What to search for of a case told by its signs: the signs by their clinical names, the species, and the clause that
 * asks after the case, without the case's other words ("minutes", "slides out", "on the fence").
 */
export function signsSearchText(question: string, frame: Frame): string | null {
  // (A follow-up carries the signs into its own search, beside what it asks.)
  const clause = askingClause(question);
  // (Or by one sign whose cause a question after it asks by pointing back: "…keeps bringing food back up, no retching.
  // What's the usual cause of that in dogs?" asks what causes regurgitation in dogs.)
  const causeOfIt = frame.signs.length === 1 && !namesOwnThing(frame) && frame.asked.includes("cause") && clause !== question && /\b(?:causes?|causing)\b[^?]*\b(?:that|this|it)\b/i.test(clause);
  if (!(toldBySigns(frame) || causeOfIt) || frame.inherited.includes("signs")) return null;
  return [...frame.signs, clause === question ? "" : clause, ...frame.species.map(speciesLabel), ...frame.groups].filter(Boolean).join(" ");
}

/**
 * A people's adjective said of a thing, not of an animal: "Scottish outbreaks", "at one of our Scottish sea sites" say
 * where (not "Scottish Fold", "Bernese mountain dog", "Persian cats": breeds).
 */
function placeAdjective(name: string, question: string): boolean {
  if (!/^\p{Lu}\p{Ll}+(?:ish|ian|ese|ean)$/u.test(name)) return false;
  const after = [...question.matchAll(new RegExp(`\\b${escapeStringRegexp(name)}\\s+((?:[\\p{L}-]+\\s+){0,2}[\\p{L}-]+)`, "gu"))].map((m) => m[1]!);
  // (Nor one that names a disease: "Aleutian disease".)
  return after.length > 0 && after.every((words) => /^\p{Ll}/u.test(words) && !speciesIn(words).species.size && !speciesIn(words).groups.size && !NAMES_DISEASE_AFTER.test(` ${words}`));
}

/** The words of a question that name where something comes from ("a European supplier"; not "African swine fever"). */
export const placeAdjectivesIn = (question: string): string[] => [...new Set(question.match(/\b\p{Lu}\p{Ll}+\b/gu) ?? [])].filter((word) => placeAdjective(word, question));

/** What a case names as its subject: its drugs, pathogens, conditions and abbreviations (not places or breeds). */
export const caseSubjects = (frame: Frame) => [...frame.drugs, ...frame.pathogens, ...frame.conditions, ...frame.acronyms];

/**
 * What to search for of a case told before its questions that names what it is about ("We've just adopted a rescue
 * that's tested FeLV positive. What usually happens with this virus … how long do they tend to live?", "PPR is going
 * round the villages near us. Does it kill sheep as badly as goats?"): the named things, the question sentences and
 * the species, without the rest of the case's words; of a case told with nothing asked, the named things and the
 * species. Null for a follow-up, a question that tells no case first, or a case that names nothing.
 */
export function subjectSearchText(question: string, frame: Frame): string | null {
  // (A follow-up that tells a scene after asking of what it carries, "how does it get into a flock? wild ducks land on our
  // pond all winter", is searched by that carried subject and what it asks.)
  if (frame.inherited.length && namesOwnThing(frameOf(question))) return null;
  const sentences = clauseSplit(question);
  const asking = sentences.filter(isQuestionSentence);
  const subjects = caseSubjects(frame);
  if (!subjects.length) return null;
  // ("6yo dog, third bout of pyoderma this year, culture came back MRSP": what the knowledge base says of MRSP.)
  if (!asking.length && A_CASE_AGE.test(question)) return [...subjects, ...frame.species.map(speciesLabel), ...frame.groups].join(" ");
  if (!asking.length || asking.length === sentences.length) return null;
  return [...subjects, ...asking, ...frame.species.map(speciesLabel), ...frame.groups].join(" ");
}

/**
 * Signs as owners describe them, and the clinical words for them: "won't put his foot down", "holding up a paw",
 * "won't put any weight on it" is a non-weight-bearing lameness.
 */
const LAY_SIGNS: Array<[RegExp, string]> = [
  [
    /\b(?:won'?t|will not|doesn'?t|does not|can'?t|cannot|isn'?t|is not|not|refus(?:es|ing)? to|stopped)\s+(?:put(?:ting)?|bear(?:ing)?|tak(?:e|ing)|plac(?:e|ing))\s+(?:any\s+|much\s+)?(?:weight\b|(?:[\w'’]+\s+){0,4}?(?:foot|feet|paws?|legs?|limbs?)\s+(?:down|on the (?:ground|floor)))|\bholding\s+(?:up\s+)?(?:[\w'’]+\s+){0,2}(?:foot|paw|leg|limb)\b|\bhopping on three legs\b/i,
    "non-weight-bearing lameness",
  ],
];
/** The clinical words for the signs a question describes as an owner would. */
const clinicalSignsOf = (text: string) => LAY_SIGNS.filter(([described]) => described.test(text)).map(([, clinical]) => clinical);

/**
 * What to search for: the question itself, plus what a follow-up carries over (species by name, the
 * drug, pathogen, condition and topic of the previous question), never the previous answer's words.
 */
export function searchText(text: string, frame: Frame): string {
  // "Unrelated:", "New topic:", "Going back to the horses:", "OK,": the lead is not what to search for.
  const stripped = withoutChatter(text);
  // People named by their role ("the owners", "farm staff") are searched as the passages name them.
  const pets = withoutKeepingWords(withPetLabAsDog(stripped));
  const withPeople = meansPeople(pets) && !speciesIn(pets).species.has("human") ? `${pets} humans` : pets;
  // Signs described as an owner would are searched by their clinical words as well.
  const signs = clinicalSignsOf(withPeople);
  const question = signs.length ? `${withPeople} ${signs.join(" ")}` : withPeople;
  if (!frame.inherited.length) return question;
  const carried: string[] = [];
  // (A group by its abbreviation too, as passages often write it: "south american camelids SAC".)
  // (Not a species the carried disease is named by in full: "pigs" beside "african swine fever" would search for pigs twice,
  // and keep out a passage on the disease that never says "pig", "…why an ASFV vaccine has proved so elusive". A short
  // everyday name, "equine flu", may not be the passages' own, and the species helps find them.)
  const carriedNames = (["pathogens", "conditions"] as const).flatMap((key) => (frame.inherited.includes(key) ? frame[key] : [])).filter((name) => name.trim().split(/\s+/).length >= 3);
  const namedBy = speciesIn(carriedNames.join(", ")).species;
  if (frame.inherited.includes("species")) carried.push(...frame.species.filter((id) => !namedBy.has(id)).map(speciesLabel), ...frame.groups, ...frame.groups.flatMap((g) => GROUPS[groupIndex(g)]?.acronyms?.slice(0, 1) ?? []));
  for (const key of ["drugs", "pathogens", "conditions", "names", "acronyms", "topic"] as const) if (frame.inherited.includes(key)) carried.push(...frame[key]);
  // (And the animals it passes from, when others catching it is asked: the passage on them says where else it goes.)
  carried.push(...(frame.passesFrom ?? []).map(speciesLabel));
  // A case told by its signs is carried as those signs too, by their clinical names (a named disease says what it is
  // about instead).
  if (frame.inherited.includes("signs") && toldBySigns(frame)) carried.push(...frame.signs);
  const own = question.toLowerCase();
  const extra = carried.filter((w) => !own.includes(w.toLowerCase()));
  return extra.length ? `${question.trim()} ${extra.join(" ")}` : question;
}

/**
 * The species a text names only by words the knowledge base never writes ("drakes and ganders", "a jill"), by their
 * labels ("ducks", "geese"), to be searched for as well. `unwritten` tells a word's index terms the index lacks.
 */
export function speciesByLabel(text: string, unwritten: (word: string) => boolean): string[] {
  const mentions = speciesIn(text, { asked: true });
  const written = new Set(tokenize(text));
  return [...mentions.species]
    .filter((id) => id !== "human" && [...mentions.words].some((w) => speciesIn(w).species.has(id) && unwritten(w)))
    .flatMap((id) => {
      const label = speciesLabel(id);
      const byLabel = tokenize(label).some((t) => !written.has(t)) ? [label] : [];
      // (An animal the knowledge base never names but by its narrow group's name or abbreviation, "alpacas" as "SACs":
      // by that name.)
      if (!unwritten(label)) return byLabel;
      const groupNames = GROUPS.filter((g) => !g.broad && g.members.includes(id)).flatMap((g) => [...g.words, ...(g.acronyms ?? [])]);
      return [...byLabel, ...groupNames.filter((name) => !unwritten(name))];
    });
}

const ASKED_LABEL: Record<AskedKind, string> = {
  dose: "dose",
  quantity: "amount",
  interval: "interval",
  duration: "duration",
  route: "route",
  rate: "rate",
  count: "number",
  year: "year",
  cost: "cost",
  gene: "genes",
  drug: "which drug",
  breed: "which breed",
  diagnosis: "diagnosis",
  prognosis: "prognosis",
  cause: "cause",
  comparison: "comparison",
  definition: "definition",
  treatment: "treatment",
  location: "where",
  signs: "clinical signs",
  organism: "which organism",
  season: "season",
  transmission: "transmission",
  notifiable: "whether notifiable",
  brand: "which brand",
  person: "who",
  type: "which type",
  residue: "which residues",
};

/**
 * The reading shown under the question: "cats · itraconazole · dose"; for a follow-up, what it carried
 * over ("… (from the previous question: ivermectin)"). Null when nothing clinical was recognised.
 */
export function frameLabel(frame: Frame): string | null {
  const species = [...frame.species.map(speciesLabel), ...frame.groups].join(", ");
  const subjects = [...frame.drugs, ...frame.pathogens, ...frame.conditions, ...frame.acronyms, ...frame.names].slice(0, 4);
  // (A case told by its signs shows them: "dogs · regurgitation, weight loss".)
  const subject = toldBySigns(frame) ? frame.signs.slice(0, 4).join(", ") : subjects.length ? subjects.join(", ") : frame.topic.slice(0, 3).join(" ");
  const asked = frame.asked
    .filter((k) => !["definition", "treatment", "diagnosis", "cause", "comparison", "prognosis", "location"].includes(k) || frame.asked.length <= 2)
    .slice(0, 3)
    .map((k) => (k === "duration" && frame.attribute ? `${frame.attribute} ${ASKED_LABEL[k]}` : ASKED_LABEL[k]))
    .join(", ");
  const parts = [species ? `${species}${frame.young ? " (young)" : ""}` : "", subject, asked].filter(Boolean);
  if (!parts.length) return null;
  const carried: string[] = [];
  if (frame.inherited.includes("species") && species) carried.push(species);
  for (const key of ["drugs", "pathogens", "conditions", "acronyms", "names"] as const) if (frame.inherited.includes(key)) carried.push(...frame[key].slice(0, 2));
  if (!carried.length && frame.inherited.includes("signs")) carried.push(frame.signs.slice(0, 3).join(", "));
  if (!carried.length && frame.inherited.includes("topic")) carried.push(frame.topic.slice(0, 3).join(" "));
  return carried.length ? `${parts.join(" · ")} (from the previous question: ${carried.join(", ")})` : parts.join(" · ");
}
