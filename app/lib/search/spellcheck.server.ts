import type Database from "better-sqlite3";
import damerauLevenshtein from "damerau-levenshtein";
import { doubleMetaphone } from "double-metaphone";
import escapeStringRegexp from "escape-string-regexp";
import { isEnglishWord } from "./english-words.server";
import { anyChunkMatches, holdsPhrase, indexHolds, quotedTerm } from "./lexical.server";
import { prepared } from "./statements.server";
import { isStopWord } from "./stopwords";
import { synonymsIn } from "./synonyms";
import { tokenize } from "./tokenize";

/**
 * Typo tolerance: a question word the index has never seen is matched to an index term a small edit
 * distance away (Damerau-Levenshtein: a swap of two letters is one edit), and the question is searched
 * and answered with the knowledge base's word in its place. The corrections are returned so the chat
 * can say what was searched for. Only the knowledge base's own terms are candidates, so a correction
 * always names something the knowledge base holds.
 *
 * A real English word is never corrected (the knowledge base may simply not use it: "goals" is not
 * "goats"), and a real name the knowledge base lacks must not turn into a near neighbour ("prednisone" is not
 * "prednisolone"): the caller says how far each word may be corrected (0 for species words, 1 for
 * words that read as a drug or pathogen name, where one edit is a typo and two can be another drug).
 */

export type Correction = { typed: string; searched: string };
export type CorrectedQuery = { text: string; corrections: Correction[] };
/** Edits allowed for a word of the question (as typed); the default is defaultMaxEdits. */
export type EditPolicy = (word: string) => number;

/** Words shorter than this are left alone: too many real words lie one edit apart. */
const MIN_LENGTH = 5;
/** Two edits from this length on ("lipopolysacharide"); below it two edits reach other words ("nephrotic", "necrotic"). */
const TWO_EDITS_FROM = 10;
/** One edit for words of 5 to 9 letters, two from 10 on. */
export function defaultMaxEdits(word: string): number {
  return word.length < MIN_LENGTH ? 0 : word.length >= TWO_EDITS_FROM ? 2 : 1;
}

/** Words as typed: letters, with an apostrophe's tail kept so "doesn't" is seen whole (and left alone). */
const WORD = /[A-Za-z]+(?:['’][A-Za-z]+)*/g;
/** Two capitals, or capitals with digits: acronyms and codes are never "corrected". */
const ACRONYM_LIKE = /[A-Z].*[A-Z0-9]/;

type VocabularyRow = { term: string; doc: number };

/**
 * Letters a typo is assumed to leave alone at the start of a word. Listing index terms costs reading
 * their postings (fts5vocab counts them): by the first three letters it is ~30-200 ms at a million
 * chunks, by the first letter seconds. Typos in the first three letters are not corrected.
 */
const KEPT_PREFIX = 3;

/** Index terms sharing the first letters of `term`, within `slack` letters of its length, with the number of chunks holding each. */
function neighbours(client: Database.Database, term: string, slack: number): VocabularyRow[] {
  return termsUnder(client, term.slice(0, KEPT_PREFIX)).filter((r) => Math.abs(r.term.length - term.length) <= slack);
}

/** Index terms that begin with `prefix`, with the number of chunks holding each. */
function termsUnder(client: Database.Database, prefix: string): VocabularyRow[] {
  const end = prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
  return prepared(client, "SELECT term, doc FROM chunks_fts_vocab WHERE term >= ? AND term < ?").all(prefix, end) as VocabularyRow[];
}

/**
 * Whether the index writes the genus a disease of one word is named after: "Leptospira" for leptospirosis, "Babesia"
 * for babesiosis ("myxomatous" is no genus of myxomatosis).
 */
export function writesGenusOf(client: Database.Database, disease: string): boolean {
  const root = /^([a-z]{4,}?)(?:osis|iasis|asis)$/i.exec(disease)?.[1]?.toLowerCase();
  if (!root) return false;
  return termsUnder(client, root).some((r) => GENUS_ENDING.test(r.term.slice(root.length)));
}
/** What a genus adds to the root its disease is named by: Leptospir-a, Cryptosporidi-um, Streptococc-us, Toxocar-a. */
const GENUS_ENDING = /^(?:a|ae|um|ium|ia|us|es|i|ella|idae)$/;

/** Chunks read for a term's written forms: one may hold only "rabbits" where the typo was of "rabbit". */
const SURFACE_CHUNKS = 16;

/** The texts of the first chunks holding a term. */
const chunksHolding = (client: Database.Database, term: string) =>
  prepared(client, `SELECT c.text FROM chunks_fts f JOIN chunks c ON c.id = f.rowid WHERE chunks_fts MATCH ? LIMIT ${SURFACE_CHUNKS}`)
    .pluck()
    .all(quotedTerm(term)) as string[];

/** Does the knowledge base write this word capitalised where no sentence begins (a name: "Giardia", "Babesia")? */
function writtenAsName(client: Database.Database, word: string): boolean {
  const term = tokenize(word)[0];
  if (!term) return false;
  return chunksHolding(client, term).some((text) =>
    [...text.matchAll(/[\p{L}\p{N}]+/gu)].some((m) => /^\p{Lu}\p{Ll}/u.test(m[0]) && tokenize(m[0])[0] === term && named(text, m.index!, m[0])),
  );
}

/** The words of the knowledge base's text that an index term comes from ("hemolyt" -> "hemolytic", "hemolysis"), lower case. */
function surfaceWords(client: Database.Database, term: string): string[] {
  const found = new Set<string>();
  for (const text of chunksHolding(client, term)) {
    for (const match of text.matchAll(/[\p{L}\p{N}]+/gu)) {
      const word = match[0].toLowerCase();
      if (tokenize(word)[0] === term) found.add(word);
    }
  }
  return [...found];
}

/** How much shorter than the typed word's stem a stem may be and still be looked at ("mutaion" -> "mutat"). */
const STEM_SLACK = 4;
/** Words this long or longer are also tried against stems near their start, at most this many of them. */
const BY_START_FROM = 7;
const BY_START_CANDIDATES = 3;

/**
 * Whether a typed word and a word of the knowledge base end alike: in the same letter ("stomatitus", "stomatits" for
 * "stomatitis"), or the typed word is the other without its last letter ("coughin"). "Hepatitic" ends otherwise: it is
 * another ending of "hepatitis", not a typo of it.
 */
const sameEnding = (typed: string, word: string) => typed.length > 2 && word.length > 2 && (typed.at(-1) === word.at(-1) || word.slice(0, -1) === typed);

/** Candidates tried per unknown word, nearest and most widespread first. */
const MAX_CANDIDATES = 8;

/** The words typed before and after a word (not stop words). */
type Beside = { before?: string; after?: string };
/** Does the knowledge base write this word after the word before it, or before the word after it? */
const writtenBeside = (client: Database.Database, word: string, { before, after }: Beside) =>
  (before !== undefined && holdsPhrase(client, `${before} ${word}`)) || (after !== undefined && holdsPhrase(client, `${word} ${after}`));

/** The words next to a typed word, when the question writes them next to it (no stop word, no punctuation between). */
function besideOf(query: string, at: number, length: number): Beside {
  const before = /([A-Za-z]{3,})\s+$/.exec(query.slice(0, at))?.[1]?.toLowerCase();
  const after = /^\s+([A-Za-z]{3,})/.exec(query.slice(at + length))?.[1]?.toLowerCase();
  return { before: before && !isStopWord(before) ? before : undefined, after: after && !isStopWord(after) ? after : undefined };
}

/**
 * The knowledge base's word nearest to a typed word within `maxEdits`. Candidates are the index terms
 * near the typed word's term; each must also be near as written (terms are stems, and two stems one
 * edit apart can come from words three apart: "nephrotic" is not "nephron").
 */
function nearestWord(client: Database.Database, typed: string, term: string, maxEdits: number, beside: Beside = {}): string | null {
  const candidates: Array<{ term: string; edits: number; doc: number; byStart?: boolean }> = [];
  const rows = neighbours(client, term, STEM_SLACK);
  for (const row of rows) {
    if (!/^[a-z]+$/.test(row.term) || Math.abs(row.term.length - term.length) > maxEdits) continue;
    const edits = damerauLevenshtein(term, row.term).steps;
    if (edits > 0 && edits <= maxEdits) candidates.push({ term: row.term, edits, doc: row.doc });
  }
  candidates.sort((a, b) => a.edits - b.edits || b.doc - a.doc);
  // A typo in a longer word's ending can change how it stems ("mutaion" stays whole, "mutation" is "mutat"): a
  // few stems near the start of the typed word are candidates too, after the others, checked against the words
  // they come from.
  if (typed.length >= BY_START_FROM) {
    const byStart: typeof candidates = [];
    for (const row of rows) {
      if (!/^[a-z]+$/.test(row.term) || row.term.length < MIN_LENGTH - 1 || row.term.length >= typed.length || candidates.some((c) => c.term === row.term)) continue;
      const edits = damerauLevenshtein(typed.slice(0, row.term.length), row.term).steps;
      if (edits <= maxEdits) byStart.push({ term: row.term, edits: edits + 1, doc: row.doc, byStart: true });
    }
    byStart.sort((a, b) => a.edits - b.edits || b.doc - a.doc);
    candidates.push(...byStart.slice(0, BY_START_CANDIDATES));
  }
  // Of words as near, one the knowledge base writes beside the typed word's neighbour: "alopecia areta" is "alopecia
  // areata", not "alopecia area".
  const inPhrase = (candidate: { term: string }) => surfaceWords(client, candidate.term).some((word) => writtenBeside(client, word, beside));
  const ranked = candidates.slice(0, MAX_CANDIDATES);
  const first = ranked[0];
  if (first && (beside.before || beside.after) && !first.byStart && !inPhrase(first)) {
    const phrased = ranked.find((c) => c.edits === first.edits && !c.byStart && inPhrase(c));
    if (phrased) ranked.unshift(...ranked.splice(ranked.indexOf(phrased), 1));
  }
  for (const candidate of ranked) {
    let best: { word: string; edits: number } | null = null;
    for (const word of surfaceWords(client, candidate.term)) {
      // (Not another ending of the same word: "hepatitic" is no typo of "hepatitis".)
      if (candidate.byStart && !sameEnding(typed, word)) continue;
      const edits = damerauLevenshtein(typed, word).steps;
      if (edits <= maxEdits && (!best || edits < best.edits)) best = { word, edits };
    }
    if (best) return best.word;
  }
  return null;
}

/**
 * The English word one edit from `typed` with the same index term ("prevalant" -> "prevalent"), if any. The edit is
 * in the ending the stemmer drops (from the stem's last letter on): elsewhere it would change the stem.
 */
function sameStemSpelling(typed: string, term: string): string | null {
  for (const word of editsOf(typed, Math.max(0, term.length - 1))) if (isEnglishWord(word) && tokenize(word)[0] === term) return word;
  return null;
}

/**
 * The English word one edit from a typed word whose index term the knowledge base holds ("negitive" -> "negative"),
 * the most widespread when several are: for a word whose stem is too short for the stems near it to be candidates
 * ("negative" is "neg"). Tried last, as every edit is looked up in the word list.
 */
function englishNeighbour(client: Database.Database, typed: string): string | null {
  let best: { word: string; doc: number } | null = null;
  for (const word of editsOf(typed, 0)) {
    // (Not another ending of the same word: "hepatitic" is no typo of "hepatitis".)
    if (!sameEnding(typed, word) || !isEnglishWord(word)) continue;
    const term = tokenize(word)[0];
    if (!term) continue;
    const doc = (prepared(client, "SELECT doc FROM chunks_fts_vocab WHERE term = ?").get(term) as { doc: number } | undefined)?.doc ?? 0;
    if (doc > (best?.doc ?? 0)) best = { word, doc };
  }
  return best?.word ?? null;
}

/** The words one edit (a letter left out, swapped with the next, changed or added) from a word, from position `from` on. */
function editsOf(typed: string, from: number): Set<string> {
  const letters = "abcdefghijklmnopqrstuvwxyz";
  const edits = new Set<string>();
  for (let i = from; i <= typed.length; i++) {
    const [head, tail] = [typed.slice(0, i), typed.slice(i)];
    if (tail) edits.add(head + tail.slice(1));
    if (tail.length > 1) edits.add(head + tail[1] + tail[0] + tail.slice(2));
    for (const letter of letters) {
      if (tail) edits.add(head + letter + tail.slice(1));
      edits.add(head + letter + tail);
    }
  }
  edits.delete(typed);
  return edits;
}

/**
 * Two letters swapped at the start ("pnuemothorax"): the one typo the kept prefix cannot see. The word with them
 * swapped back is looked up like a typed word, with the swap counted as one edit (tried only when nothing nearer
 * was found, as each lookup reads the index terms under another prefix).
 */
function swappedNearStart(client: Database.Database, typed: string, maxEdits: number): string | null {
  for (let i = 1; i < KEPT_PREFIX; i++) {
    if (typed[i] === typed[i + 1]) continue;
    const swapped = `${typed.slice(0, i)}${typed[i + 1]}${typed[i]}${typed.slice(i + 2)}`;
    const term = tokenize(swapped)[0];
    if (!term) continue;
    if (indexHolds(client, term) && surfaceWords(client, term).includes(swapped)) return swapped;
    if (maxEdits > 1) {
      const near = nearestWord(client, swapped, term, maxEdits - 1);
      if (near) return near;
    }
  }
  return null;
}

/** Typed words this long at least may be read by how they sound ("diarea", "nuemonia"): shorter ones sound like too many. */
const MIN_SOUNDED = 6;
/** Edits a word read by its sound may be from the knowledge base's word: more than a slip, fewer than another word. */
const SOUNDED_EDITS = 3;
/** Letters a word may be typed with at its start for the ones it is written with ("nuemonia": pneumonia, "fenol": phenol). */
const STARTS_ALIKE: string[][] = [
  ["n", "pn", "kn", "gn"],
  ["s", "ps", "c", "sc"],
  ["c", "k", "s", "ch"],
  ["k", "c", "ch"],
  ["f", "ph"],
  ["r", "wr", "rh"],
];

/** Starts few words have ("pn", "ps"): the index terms under them are read whole, whatever letter the typed word goes on with. */
const RARE_STARTS = new Set(["pn", "kn", "gn", "ps", "ph", "wr", "rh"]);

/**
 * The index-term prefixes a typed word's sound may be written with: its own first letters (as the slips above keep them),
 * and those its start sounds like ("nuemonia": "pn"; "sirosis": "cir"). Three letters where a start is common: listing
 * index terms costs reading their postings.
 */
function soundedPrefixes(typed: string): string[] {
  const prefixes = new Set([typed.slice(0, KEPT_PREFIX)]);
  for (const group of STARTS_ALIKE) {
    const own = group.find((start) => typed.startsWith(start));
    if (!own) continue;
    const rest = typed.slice(own.length);
    // ("pnuemonia": a rare start is read whole, its own as well.)
    if (RARE_STARTS.has(own)) prefixes.add(own);
    for (const other of group) if (other !== own) prefixes.add(RARE_STARTS.has(other) ? other : (other + rest).slice(0, Math.max(KEPT_PREFIX, other.length + 1)));
  }
  return [...prefixes];
}

/** A word written as a name: with inner capitals, or capitalised where no sentence begins. */
const named = (query: string, at: number, typed: string) => /[A-Z]/.test(typed.slice(1)) || (/^[A-Z]/.test(typed) && at > 0 && !/(?:^|[.!?:;\n])\s*$/.test(query.slice(0, at)));

/** Candidate stems read per sounded prefix. */
const SOUNDED_CANDIDATES = 6;

/**
 * The knowledge base's word a typed word sounds like, when it is spelled as heard ("diarea": diarrhea, "nuemonia":
 * pneumonia, "hemorage": haemorrhage), two or three edits away, past what a slip explains. Both must have the same
 * primary Double Metaphone key (Lawrence Philips' phonetic code) and be at most `maxEdits` apart. Tried after the
 * nearer corrections, for words no English word list holds.
 */
function soundedLike(client: Database.Database, typed: string, term: string, maxEdits: number): string | null {
  if (typed.length < MIN_SOUNDED || !/^[a-z]+$/.test(typed)) return null;
  const [key] = doubleMetaphone(typed);
  const [termKey] = doubleMetaphone(term);
  const candidates: VocabularyRow[] = [];
  for (const prefix of soundedPrefixes(typed)) {
    candidates.push(
      ...termsUnder(client, prefix)
        .filter((r) => /^[a-z]+$/.test(r.term) && r.term !== term && Math.abs(r.term.length - term.length) <= maxEdits && doubleMetaphone(r.term)[0] === termKey)
        .sort((a, b) => b.doc - a.doc)
        .slice(0, SOUNDED_CANDIDATES),
    );
  }
  let best: { word: string; edits: number; doc: number } | null = null;
  for (const candidate of candidates) {
    for (const word of surfaceWords(client, candidate.term)) {
      if (doubleMetaphone(word)[0] !== key) continue;
      const edits = damerauLevenshtein(typed, word).steps;
      if (edits > 0 && edits <= maxEdits && (!best || edits < best.edits || (edits === best.edits && candidate.doc > best.doc))) best = { word, edits, doc: candidate.doc };
    }
  }
  return best?.word ?? null;
}

/** A genus as typed before its epithet ("Babesia rosi"), or its initial ("D. imitis"). */
const GENUS_BEFORE = /(?:^|[^\p{L}.])([A-Z][a-z]{2,}|[A-Z]\.)\s*$/u;
/** An epithet as typed after its genus ("micobacterium bovis"). */
const EPITHET_AFTER = /^\s+([a-z]{3,})\b/;

/**
 * A binomial's half the index lacks, next to a half it holds ("Babesia rosi", "D. imitis", "micobacterium bovis"): the
 * words written beside that half in the chunks holding it are the candidates, so a short epithet ("rosi") may be corrected
 * too, and a typo in the first letters ("micobacterium") is found without reading the index terms under another prefix.
 */
function binomialPartner(client: Database.Database, query: string, start: number, typed: string, maxEdits: number): string | null {
  const before = GENUS_BEFORE.exec(query.slice(0, start));
  let anchor: { word: string; side: "after" | "before" } | null = null;
  if (before && typed === typed.toLowerCase()) {
    // ("D. imitis" beside "Dirofilaria repens": the initial stands for the genus the question writes out.)
    const genus = before[1]!.endsWith(".") ? new RegExp(String.raw`\b(${before[1]![0]}[a-z]{2,})\s+[a-z]{3,}`).exec(query)?.[1] : before[1];
    if (genus) anchor = { word: genus, side: "after" };
  } else {
    const after = EPITHET_AFTER.exec(query.slice(start + typed.length));
    if (after) anchor = { word: after[1]!, side: "before" };
  }
  // (Latin halves only: "clincal signs" is no binomial.)
  if (!anchor || isEnglishWord(anchor.word) || (anchor.side === "before" && !LATIN_EPITHET.test(anchor.word))) return null;
  const term = tokenize(anchor.word)[0];
  if (!term || !indexHolds(client, term)) return null;
  const word = escapeStringRegexp(anchor.word);
  const beside =
    anchor.side === "after"
      ? new RegExp(String.raw`\b(?:${word}|${word[0]}\.)\s*([a-z]{3,})\b`, "gi")
      : new RegExp(String.raw`\b([A-Z][a-z]{2,})\s+${word}\b`, "g");
  let best: { word: string; edits: number } | null = null;
  for (const text of chunksHolding(client, term)) {
    for (const m of text.matchAll(beside)) {
      const candidate = m[1]!;
      // (Epithets are written in lower case; a capitalised word after a genus opens a sentence.)
      if (anchor.side === "after" && candidate !== candidate.toLowerCase()) continue;
      const edits = damerauLevenshtein(typed.toLowerCase(), candidate.toLowerCase()).steps;
      if (edits > 0 && edits <= maxEdits && (!best || edits < best.edits)) best = { word: candidate, edits };
    }
  }
  if (!best) return null;
  // (As typed: a genus typed in lower case stays so.)
  return typed === typed.toLowerCase() ? best.word.toLowerCase() : best.word;
}
/** How a Latin epithet ends ("bovis", "canis", "rossi", "suis", "aureus", "gallinarum"). */
const LATIN_EPITHET = /(?:is|us|um|ae|ii|i|a|ensis|ica|oides|ans|ata|ina|ium|ex|ax|ix|ella|ile|genes)$/;
/** Words this short are corrected only as a binomial's half ("Babesia rosi"). */
const MIN_BINOMIAL_LENGTH = 4;

/**
 * Two words typed as one ("howlong", "dogwith", as swipe typing and a missed space run them together): a function word
 * and a function word or a word the knowledge base writes, and only one way to part them so. Two words of substance
 * run together are often one word of another field ("quicksort"), not a slip.
 */
function splitRunTogether(client: Database.Database, typed: string): string | null {
  const known = (part: string) => isStopWord(part) || (part.length >= MIN_SPLIT_PART && isEnglishWord(part) && indexHolds(client, tokenize(part)[0] ?? ""));
  const splits: string[] = [];
  for (let i = 1; i < typed.length; i++) {
    const [first, second] = [typed.slice(0, i), typed.slice(i)];
    if (known(first) && known(second) && (isStopWord(first) || isStopWord(second))) splits.push(`${first} ${second}`);
  }
  return splits.length === 1 ? splits[0]! : null;
}

/**
 * Two words of substance written as one where the knowledge base writes them apart ("lifecycle": "life cycle",
 * "heartrate": "heart rate"): only where its passages hold the two words side by side (a phrase query), and in one way only.
 */
function splitClosedCompound(client: Database.Database, typed: string): string | null {
  const splits: string[] = [];
  for (let i = MIN_SPLIT_PART; i <= typed.length - MIN_SPLIT_PART; i++) {
    const [first, second] = [typed.slice(0, i), typed.slice(i)];
    if (isStopWord(first) || isStopWord(second)) continue;
    const [a, b] = [tokenize(first)[0], tokenize(second)[0]];
    if (a && b && anyChunkMatches(client, quotedTerm(`${a} ${b}`))) splits.push(`${first} ${second}`);
  }
  return splits.length === 1 ? splits[0]! : null;
}

/** Parts of a word typed apart ("macro lides") are this long at least; the word they make, longer. */
const MIN_SPLIT_PART = 3;
const MIN_JOINED = 7;

/**
 * A word typed in two ("macro lides", "ring worm", as dictation and hurried typing split them) read as the one word
 * the knowledge base writes or the vocabulary lists: when not both parts are index words, or the joined word is an
 * English word ("ringworm"). Two words the index holds apart and English does not join ("blood cell") stay apart.
 */
function joinSplitWords(client: Database.Database, query: string): CorrectedQuery {
  const corrections: Correction[] = [];
  const words = [...query.matchAll(/[A-Za-z]+/g)];
  let text = "";
  let at = 0;
  for (let i = 0; i + 1 < words.length; i++) {
    const [first, second] = [words[i]!, words[i + 1]!];
    // (Typed next to each other, one space apart, the first part maybe quoted as heard, "a 'dependo' parvovirus"; or joined
    // by a hyphen where the knowledge base writes them as one word, "gastro-oesophageal" as "gastroesophageal".)
    const between = query.slice(first.index! + first[0].length, second.index!);
    if (!/^(?:['’"”]?\s|-)$/.test(between)) continue;
    const joined = between === "-" ? closedCompound(client, first[0], second[0]) : joinedWord(client, first[0], second[0]);
    if (!joined) continue;
    const pair = `${first[0]}${between}${second[0]}`;
    corrections.push({ typed: pair, searched: joined });
    text += query.slice(at, first.index) + joined;
    at = second.index! + second[0].length;
    i++;
  }
  return { text: text + query.slice(at), corrections };
}

/**
 * A word spelled out as it sounds, syllable by syllable ("shisto-so-my-asis", "pan-looko-peenia"): the syllables joined,
 * each joined word with what was typed, so that the word is corrected as one. (Three parts or more: two hyphenated words
 * are a compound, read above.)
 */
function joinSpelledSyllables(query: string): { text: string; typed: Map<string, string> } {
  const typed = new Map<string, string>();
  const text = query.replace(/(?<![\p{L}\p{N}-])[a-z]{1,8}(?:-[a-z]{1,8}){2,}(?![\p{L}\p{N}-])/giu, (written) => {
    const joined = written.replace(/-/g, "").toLowerCase();
    const [term] = tokenize(joined);
    if (!term || joined.length < MIN_JOINED || written.split("-").some((part) => ACRONYM_LIKE.test(part))) return written;
    typed.set(joined, written);
    return joined;
  });
  return { text, typed };
}

/** The letters beside each digit on the row below it, where a finger slips from the letter to the digit. */
const LETTERS_BY_DIGIT: Record<string, string> = { "1": "q", "2": "qw", "3": "we", "4": "er", "5": "rt", "6": "ty", "7": "yu", "8": "ui", "9": "io", "0": "op" };

/**
 * A digit typed for the letter below it, in a lower-case word ("cattl3", "d3wormer"): the word with the letter in its
 * place, when that is a word the knowledge base or English holds and the typed one is not. Codes ("pcv2", "ehv1", "h5n1")
 * read as no word with a letter in the digit's place, so they stay.
 */
function digitSlips(client: Database.Database, query: string): CorrectedQuery {
  const corrections: Correction[] = [];
  const text = query.replace(/(?<![\p{L}\p{N}])([a-z]+)(\d)([a-z]*)(?![\p{L}\p{N}])/gu, (typed, before: string, digit: string, after: string) => {
    if (before.length + after.length < MIN_LENGTH - 1 || before.length < 2) return typed;
    const [asTyped] = tokenize(typed);
    if (asTyped && indexHolds(client, asTyped)) return typed;
    for (const letter of LETTERS_BY_DIGIT[digit] ?? "") {
      const word = `${before}${letter}${after}`;
      const [term] = tokenize(word);
      if (term && (isEnglishWord(word) || indexHolds(client, term))) {
        corrections.push({ typed, searched: word });
        return word;
      }
    }
    return typed;
  });
  return { text, corrections };
}

/**
 * The one word the knowledge base writes for two joined by a hyphen, or null: as typed together, or with the second's
 * British "oe"/"ae" as "e" ("gastro-oesophageal": gastroesophageal). Only where it holds that word and not the first part.
 */
function closedCompound(client: Database.Database, first: string, second: string): string | null {
  if (first.length < MIN_SPLIT_PART || second.length < MIN_SPLIT_PART || ACRONYM_LIKE.test(first) || ACRONYM_LIKE.test(second)) return null;
  const [firstTerm] = tokenize(first.toLowerCase());
  if (!firstTerm || indexHolds(client, firstTerm)) return null;
  const lower = `${first}${second}`.toLowerCase();
  for (const candidate of [lower, `${first}${second.replace(/^[oa]e/i, "e")}`.toLowerCase()]) {
    const [term] = tokenize(candidate);
    if (term && indexHolds(client, term)) return candidate;
  }
  return null;
}

/** The one word two typed words are, or null. */
function joinedWord(client: Database.Database, first: string, second: string): string | null {
  const joined = `${first}${second}`.toLowerCase();
  if (first.length < MIN_SPLIT_PART || second.length < MIN_SPLIT_PART || joined.length < MIN_JOINED) return null;
  if ([first, second].some((w) => isStopWord(w.toLowerCase()) || ACRONYM_LIKE.test(w))) return null;
  // (Nor a phrase the vocabulary lists as written: "pink eye".)
  if (synonymsIn(tokenize(`${first} ${second}`.toLowerCase())).some((m) => m.terms.length === 2)) return null;
  const [term] = tokenize(joined);
  if (!term) return null;
  const partsHeld = [first, second].every((w) => {
    const [t] = tokenize(w.toLowerCase());
    return t !== undefined && indexHolds(client, t);
  });
  // (Or one the reviewed vocabulary lists, searched for what it stands for: "ring worm" is ringworm, dermatophytosis.)
  if (!(indexHolds(client, term) || synonymsIn([term]).some((m) => m.terms.length === 1))) {
    // Typed apart and misspelled ("ante biotics"), where the index lacks a part: the word one edit from what they make.
    return partsHeld ? null : nearestWord(client, joined, term, 1);
  }
  return partsHeld && !isEnglishWord(joined) ? null : joined;
}

/**
 * The question with each word the index has never seen replaced by the nearest index word, when one is
 * near enough. Words the index knows, stop words, short words, acronyms and codes are kept as typed.
 */
export function correctQuery(
  client: Database.Database,
  query: string,
  maxEdits: EditPolicy = defaultMaxEdits,
  /** A word too short for correction by the index's words read from the caller's vocabulary ("pupy": puppy), or null. */
  shortWord: (typed: string) => string | null = () => null,
): CorrectedQuery {
  const syllables = joinSpelledSyllables(query);
  const joined = joinSplitWords(client, syllables.text);
  const slipped = digitSlips(client, joined.text);
  query = slipped.text;
  const corrections: Correction[] = [...joined.corrections, ...slipped.corrections];
  const replaced = new Map<string, string>();
  // A genus repeated as its epithet is a binomial, spelled as its name is: "Heterophyes heterophyes" is no misspelled
  // "heterophils".
  const tautonyms = new Set([...query.matchAll(/\b([A-Z][a-z]{2,})\s+([a-z]{3,})\b/g)].filter((m) => m[2] === m[1]!.toLowerCase()).map((m) => m[2]!));
  for (const match of query.matchAll(WORD)) {
    const typed = match[0];
    const lower = typed.toLowerCase();
    if (tautonyms.has(lower)) continue;
    // (Nor a hashtag's word, "#instagram": a tag, not a word of the question to search for.)
    if (replaced.has(lower) || typed.length < MIN_BINOMIAL_LENGTH || /['’]/.test(typed) || ACRONYM_LIKE.test(typed.slice(1)) || isStopWord(lower) || query[match.index! - 1] === "#") continue;
    const term = tokenize(lower)[0];
    if (typed.length < MIN_LENGTH) {
      const unknown = term !== undefined && !isEnglishWord(typed) && !indexHolds(client, term);
      const partner = unknown ? (binomialPartner(client, query, match.index!, typed, Math.min(1, maxEdits(typed))) ?? shortWord(lower)) : null;
      if (partner) {
        replaced.set(lower, partner);
        corrections.push({ typed, searched: partner });
      }
      continue;
    }
    const allowed = Math.min(maxEdits(typed), defaultMaxEdits(typed));
    if (allowed <= 0) continue;
    // Cheapest first: the dictionary is in memory, the index lookup stops at one posting
    // (A word the reviewed vocabulary lists, "neuro" or "lepto", is no typo: it is searched for what it stands for.)
    if (!term || isEnglishWord(typed) || synonymsIn([term]).length) continue;
    // (An epithet after a genus the knowledge base writes is corrected only into one written beside that genus:
    // "Flavobacterium columnare" is another bacterium, not a misspelled "columnar".)
    const genus = typed === lower ? GENUS_BEFORE.exec(query.slice(0, match.index!))?.[1] : undefined;
    // (A genus by its initial alone, "B. burgdorfri", says too little to hold the epithet to.)
    const genusTerm = genus && !genus.endsWith(".") && !isEnglishWord(genus) ? tokenize(genus.toLowerCase())[0] : undefined;
    const epithet = genusTerm !== undefined && indexHolds(client, genusTerm);
    if (indexHolds(client, term)) {
      // Misspelled in an ending the stemmer drops ("prevalant"): search finds it as typed, but what reads the
      // question's words (what is asked: a prevalence) needs the English word of that stem.
      // (Not a word the knowledge base writes so: "Theileria annae" is no typo of "Anna".)
      const spelled = epithet ? null : sameStemSpelling(lower, term);
      if (spelled && !surfaceWords(client, term).includes(lower)) {
        replaced.set(lower, spelled);
        corrections.push({ typed, searched: spelled });
      }
      continue;
    }
    // (A word written as a name, "is Virkon S enough…?", is not corrected into a common word the knowledge base never
    // writes as a name: a product's name is not a misspelled "virion". "Neosporose" is still neosporosis.)
    const asName = named(query, match.index!, typed) && !/[A-Z]/.test(typed.slice(1));
    const searched = epithet
      ? binomialPartner(client, query, match.index!, typed, allowed)
      : nearestWord(client, lower, term, allowed, besideOf(query, match.index!, typed.length)) ??
      swappedNearStart(client, lower, allowed) ??
      binomialPartner(client, query, match.index!, typed, allowed) ??
      englishNeighbour(client, lower) ??
      splitRunTogether(client, lower) ??
      splitClosedCompound(client, lower) ??
      // (A word the caller lets be corrected by one edit only, a drug's or a condition's, by two at most. Not a name: one
      // capitalised inside a sentence or with inner capitals, "LaSota", is spelled as its owner spells it.)
      (named(query, match.index!, typed) ? null : soundedLike(client, lower, term, Math.min(SOUNDED_EDITS, maxEdits(typed) > 1 ? SOUNDED_EDITS : 2)));
    if (!searched || searched === lower || (asName && isEnglishWord(searched) && !writtenAsName(client, searched))) continue;
    replaced.set(lower, searched);
    corrections.push({ typed: syllables.typed.get(lower) ?? typed, searched });
  }
  // (Syllables that make no word the knowledge base writes, "point-of-lay", stay as typed.)
  for (const [joinedWord, written] of syllables.typed) {
    const [term] = tokenize(joinedWord);
    if (!replaced.has(joinedWord) && !(term && indexHolds(client, term))) replaced.set(joinedWord, written);
    else if (!replaced.has(joinedWord)) corrections.push({ typed: written, searched: joinedWord });
  }
  if (!corrections.length && !replaced.size) return { text: query, corrections };
  const text = query.replace(WORD, (word) => replaced.get(word.toLowerCase()) ?? word);
  return { text, corrections };
}

/** What the chat shows: "Searched for: pathogenic (typed: pathogenc)". */
export function correctionsLabel(corrections: Correction[]): string | null {
  if (!corrections.length) return null;
  return `Searched for: ${corrections.map((c) => `${c.searched} (typed: ${c.typed})`).join(", ")}`;
}
