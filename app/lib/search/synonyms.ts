import signs from "./signs.json";
import synonyms from "./synonyms.json";
import { isStopWord } from "./stopwords";
import { tokenize } from "./tokenize";

/**
 * Synonyms shipped as data (synonyms.json): species nouns and adjectives, lay and clinical names. A
 * phrase of a group found in a query brings the group's other phrases as alternatives: search also looks
 * for them (weighted below the query's own words), and a passage holding one covers the phrase's words.
 */

/** A phrase as index terms: all of them (to find it in a query), and its content terms (what a passage must hold). */
type Phrase = { terms: string[]; content: string[] };

function phrase(text: string): Phrase {
  return { terms: tokenize(text), content: tokenize(text, isStopWord) };
}

type SignEntry = { sign: string; said: string[] };
const SIGNS = signs.signs as SignEntry[];

function groupOf(group: string[]): Phrase[] {
  const phrases = group.map(phrase).filter((p) => p.content.length > 0);
  if (phrases.length < 2) throw new Error(`synonyms: a group needs two phrases with words: ${JSON.stringify(group)}`);
  return phrases;
}
/** Each sign's group (signs.json): its clinical name and the ways of saying it. */
const SIGN_GROUPS = new Map<string, Phrase[]>(SIGNS.map((s) => [s.sign, groupOf([s.sign, ...s.said])]));
const GROUPS: Phrase[][] = [...(synonyms.groups as string[][]).map(groupOf), ...SIGN_GROUPS.values()];

/**
 * Words a question may put between a phrase's words without changing what it says: possessives, articles,
 * auxiliaries and intensifiers ("brings his food back up", "breathing has gone really noisy", "gums look red").
 */
const FILLERS = new Set(
  tokenize("his her their its my our your the a an some is are was were has have had gone got been getting become becoming look looks looking seem seems seemed really very so quite bit little just rather way far much lot lots loads heaps even pretty super totally right straight"),
);
const MAX_FILLERS = 3;

/** How many query terms from `at` say the phrase (its words in order, fillers allowed between them); 0 when they do not. */
function phraseLength(terms: string[], at: number, p: Phrase): number {
  let i = at;
  for (let k = 0; k < p.terms.length; k++) {
    if (k > 0) {
      for (let skipped = 0; terms[i] !== p.terms[k] && FILLERS.has(terms[i] ?? "") && skipped < MAX_FILLERS; skipped++) i++;
    }
    if (terms[i] !== p.terms[k]) return 0;
    i++;
  }
  return i - at;
}

/** Groups by the first term of each of their phrases, longest phrase first, so "cat flu" wins over "cat". */
const BY_FIRST_TERM = new Map<string, Array<{ phrase: Phrase; group: Phrase[] }>>();
for (const group of GROUPS) {
  for (const p of group) {
    const list = BY_FIRST_TERM.get(p.terms[0]!) ?? [];
    list.push({ phrase: p, group });
    list.sort((a, b) => b.phrase.terms.length - a.phrase.terms.length);
    BY_FIRST_TERM.set(p.terms[0]!, list);
  }
}

export type SynonymMatch = {
  /** The content terms of the phrase found in the query. */
  terms: string[];
  /** The other phrases of its group(s), as content terms: a text holding all terms of one holds the phrase. */
  alternatives: string[][];
};

/** The phrases of the groups a query's terms say, longest first where they overlap, each with its group. */
function phrasesIn(queryTerms: string[]): Array<{ phrase: Phrase; group: Phrase[]; at: number; length: number }> {
  const out: Array<{ phrase: Phrase; group: Phrase[]; at: number; length: number }> = [];
  for (let i = 0; i < queryTerms.length; i++) {
    const candidates = BY_FIRST_TERM.get(queryTerms[i]!);
    if (!candidates) continue;
    const lengths = candidates.map((c) => phraseLength(queryTerms, i, c.phrase));
    // The longest reading wins ("cat flu" over "cat"); readings as long ("off his food", "off food" with a filler) all count.
    const longest = Math.max(...lengths);
    if (!longest) continue;
    out.push(...candidates.filter((_, k) => lengths[k] === longest).map((c) => ({ ...c, at: i, length: longest })));
    i += longest - 1;
  }
  return out;
}

/**
 * The synonym phrases in a query's terms (tokenize(query), stop words kept), longest first where they
 * overlap. A phrase in several groups ("babesiosis") gets the alternatives of all of them.
 */
export function synonymsIn(queryTerms: string[]): SynonymMatch[] {
  const found = new Map<string, SynonymMatch>();
  for (const c of phrasesIn(queryTerms)) {
    const key = c.phrase.terms.join(" ");
    const match = found.get(key) ?? { terms: c.phrase.content, alternatives: [] };
    for (const other of c.group) {
      // A spelling the tokenizer reads as the phrase itself ("cloudy eyes", "cushings") is no alternative to it.
      const same = (a: string[]) => a.join(" ") === other.content.join(" ");
      if (other === c.phrase || same(c.phrase.content) || match.alternatives.some(same)) continue;
      if (SIGN_OF_GROUP.has(c.group) && !saysTheSign(other)) continue;
      match.alternatives.push(other.content);
    }
    found.set(key, match);
  }
  return [...found.values()];
}

/** The sign each sign entry's group stands for. */
const SIGN_OF_GROUP = new Map<Phrase[], string>([...SIGN_GROUPS].map(([sign, group]) => [group, sign]));

/** Every way of saying a sign, as the content terms a text holds when it says it that way. */
export function signForms(sign: string): string[][] {
  return SIGN_GROUPS.get(sign)?.filter(saysTheSign).map((p) => p.content) ?? [];
}

/**
 * A way of saying a sign that a passage holding its content words says it by: not one whose words, stop words aside,
 * are a single everyday word ("urinating more" is no polyuria in a passage that says "urine").
 */
const saysTheSign = (p: Phrase) => p.content.length > 1 || p.terms.length === 1;

/**
 * The clinical signs a text describes, by their clinical names, in order and once each: "brings his food back
 * up … getting skinny" describes regurgitation and weight loss.
 */
export function signsIn(text: string): string[] {
  const out: string[] = [];
  const terms = tokenize(text);
  const found = phrasesIn(terms);
  // A word of a sign's own phrase ("not eating", "won't eat") negates nothing after it.
  const inPhrase = new Set(found.flatMap(({ at, length }) => Array.from({ length }, (_, k) => at + k)));
  for (const { group, at } of found) {
    const sign = SIGN_OF_GROUP.get(group);
    // "No heaving", "they aren't itchy or scabby": a sign said not to be there is none.
    const negated = [1, 2, 3].some((back) => at - back >= 0 && !inPhrase.has(at - back) && NEGATORS.has(terms[at - back]!));
    if (sign && !negated && !out.includes(sign)) out.push(sign);
  }
  return out;
}
const NEGATORS = new Set(tokenize("no not never without nor isn't aren't wasn't weren't doesn't don't didn't hasn't haven't hadn't"));

/** The endings of a Latin or Greek genus ("Babesia", "Mycobacterium", "Campylobacter", "Clostridioides"). */
export const GENUS_ENDING = "(?:a|us|um|ella|ia|is|ma|er|es|on|ix|ax|ex|i|ides|opsis|ophila)";
/** A binomial written out in a synonym group ("clostridioides difficile"): a Latin genus and epithet. */
const WRITTEN_BINOMIAL = new RegExp(`^([a-z]{3,}${GENUS_ENDING}) ([a-z]{3,})$`);

/**
 * Shorthand that abbreviates a binomial of its group word by word ("c diff": Clostridioides difficile, each
 * word the start of the binomial's), by its words in lower case. A lay name ("heartworm", "strangles") is
 * not shorthand: it may name the disease where a passage never names the organism.
 */
const SHORTHAND_BINOMIALS = new Map<string, string>();
for (const group of synonyms.groups as string[][]) {
  const binomial = group.find((p) => WRITTEN_BINOMIAL.test(p));
  if (!binomial) continue;
  const parts = binomial.split(" ");
  for (const p of group) {
    const words = p.split(" ");
    if (p !== binomial && !WRITTEN_BINOMIAL.test(p) && words.length === 2 && words.every((w, i) => parts[i]!.startsWith(w))) SHORTHAND_BINOMIALS.set(p, binomial);
  }
}

/** The two-word shorthand of a map a text writes, each with what it stands for, once each. */
function shorthandIn(text: string, map: ReadonlyMap<string, string>): Array<{ written: string; full: string }> {
  const words = text.toLowerCase().match(/\p{L}+/gu) ?? [];
  const out: Array<{ written: string; full: string }> = [];
  for (let i = 0; i + 1 < words.length; i++) {
    const written = `${words[i]} ${words[i + 1]}`;
    const full = map.get(written);
    if (full && !out.some((x) => x.written === written)) out.push({ written, full });
  }
  return out;
}

/** The binomials a text names by shorthand ("C. diff colitis": c diff, Clostridioides difficile). */
export function shorthandBinomials(text: string): Array<{ written: string; binomial: string }> {
  return shorthandIn(text, SHORTHAND_BINOMIALS).map(({ written, full }) => ({ written, binomial: full }));
}

/**
 * Shorthand that clips every word of another name of its group to its start ("lar par": laryngeal paralysis), by its
 * words in lower case. (Clipped, not inflected: "ear canal" is no shorthand of "ear canals".)
 */
const CLIPPED_NAMES = new Map<string, string>();
const clips = (word: string, full: string) => full.startsWith(word) && word.length * 3 <= full.length * 2;
for (const group of synonyms.groups as string[][]) {
  if (group.some((p) => WRITTEN_BINOMIAL.test(p))) continue;
  for (const full of group) {
    const parts = full.split(" ");
    for (const p of group) {
      const words = p.split(" ");
      if (words.length >= 2 && words.length === parts.length && words.every((w, i) => clips(w, parts[i]!)) && !CLIPPED_NAMES.has(p)) CLIPPED_NAMES.set(p, full);
    }
  }
}

/** The names a text writes in clipped shorthand ("…pretty sure it's lar par": laryngeal paralysis). */
export function shorthandNames(text: string): Array<{ written: string; name: string }> {
  return shorthandIn(text, CLIPPED_NAMES).map(({ written, full }) => ({ written, name: full }));
}
