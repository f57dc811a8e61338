/**
 * The Porter (1980) stemmer, as in Martin Porter's reference implementation — the same algorithm
 * SQLite's FTS5 `porter` tokenizer runs. We stem in JavaScript instead of inside FTS5 because the
 * search code must know the exact indexed form of every query term: to look up its document
 * frequency, to pick which terms generate candidates, and to re-score candidates exactly
 * (see lexical.server.ts). tokenize.test.ts checks this implementation against FTS5's own porter.
 *
 * Two rules of Porter's own later revision (Snowball's English stemmer, "Porter2") are taken, both where the
 * 1980 rules split a clinical word from its own forms:
 * - a final "us" is not a plural's "s": "virus" and "viruses" both stem to "virus", "fetus"/"fetuses" to
 *   "fetus" (Porter 1980 gives "viru" and "virus");
 * - "-ly" after c, d, e, g, h, k, m, n, r or t is dropped: "weekly"/"week", "hourly"/"hour", "mainly"/"main".
 *
 * Input: one lower-case ASCII word. Words shorter than 3 letters are returned as they are.
 */

function isConsonant(w: string, i: number): boolean {
  switch (w.charCodeAt(i)) {
    case 97: // a
    case 101: // e
    case 105: // i
    case 111: // o
    case 117: // u
      return false;
    case 121: // y: a consonant at the start or after a vowel
      return i === 0 ? true : !isConsonant(w, i - 1);
    default:
      return true;
  }
}

/** m(): the number of VC sequences in w[0..end). */
function measure(w: string, end: number): number {
  let n = 0;
  let i = 0;
  while (i < end && isConsonant(w, i)) i++;
  while (i < end) {
    while (i < end && !isConsonant(w, i)) i++;
    if (i >= end) break;
    n++;
    while (i < end && isConsonant(w, i)) i++;
  }
  return n;
}

function hasVowel(w: string, end: number): boolean {
  for (let i = 0; i < end; i++) if (!isConsonant(w, i)) return true;
  return false;
}

function endsDoubleConsonant(w: string, end: number): boolean {
  return end >= 2 && w[end - 1] === w[end - 2] && isConsonant(w, end - 1);
}

/** *o: the stem ends consonant-vowel-consonant, the last not w, x or y. */
function endsCvc(w: string, end: number): boolean {
  if (end < 3) return false;
  if (!isConsonant(w, end - 1) || isConsonant(w, end - 2) || !isConsonant(w, end - 3)) return false;
  const c = w[end - 1];
  return c !== "w" && c !== "x" && c !== "y";
}

type Rule = readonly [suffix: string, replacement: string];

/** Replaces the first matching suffix when the remaining stem has m() > minMeasure. */
function applyRules(w: string, rules: readonly Rule[], minMeasure: number): string {
  for (const [suffix, replacement] of rules) {
    if (!w.endsWith(suffix)) continue;
    const stemEnd = w.length - suffix.length;
    return measure(w, stemEnd) > minMeasure ? w.slice(0, stemEnd) + replacement : w;
  }
  return w;
}

function step1a(w: string): string {
  if (w.endsWith("sses")) return w.slice(0, -2);
  if (w.endsWith("ies")) return w.slice(0, -2);
  if (w.endsWith("ss") || w.endsWith("us")) return w;
  if (w.endsWith("s")) return w.slice(0, -1);
  return w;
}

function step1b(w: string): string {
  if (w.endsWith("eed")) return measure(w, w.length - 3) > 0 ? w.slice(0, -1) : w;
  let stem: string | null = null;
  if (w.endsWith("ed") && hasVowel(w, w.length - 2)) stem = w.slice(0, -2);
  else if (w.endsWith("ing") && hasVowel(w, w.length - 3)) stem = w.slice(0, -3);
  if (stem === null) return w;
  if (stem.endsWith("at") || stem.endsWith("bl") || stem.endsWith("iz")) return stem + "e";
  if (endsDoubleConsonant(stem, stem.length)) {
    const last = stem[stem.length - 1];
    return last === "l" || last === "s" || last === "z" ? stem : stem.slice(0, -1);
  }
  if (measure(stem, stem.length) === 1 && endsCvc(stem, stem.length)) return stem + "e";
  return stem;
}

function step1c(w: string): string {
  return w.endsWith("y") && hasVowel(w, w.length - 1) ? w.slice(0, -1) + "i" : w;
}

const STEP2: readonly Rule[] = [
  ["ational", "ate"],
  ["tional", "tion"],
  ["enci", "ence"],
  ["anci", "ance"],
  ["izer", "ize"],
  ["bli", "ble"],
  ["alli", "al"],
  ["entli", "ent"],
  ["eli", "e"],
  ["ousli", "ous"],
  ["ization", "ize"],
  ["ation", "ate"],
  ["ator", "ate"],
  ["alism", "al"],
  ["iveness", "ive"],
  ["fulness", "ful"],
  ["ousness", "ous"],
  ["aliti", "al"],
  ["iviti", "ive"],
  ["biliti", "ble"],
  ["logi", "log"],
];

const STEP3: readonly Rule[] = [
  ["icate", "ic"],
  ["ative", ""],
  ["alize", "al"],
  ["iciti", "ic"],
  ["ical", "ic"],
  ["ful", ""],
  ["ness", ""],
];

const STEP4 = [
  "al", "ance", "ence", "er", "ic", "able", "ible", "ant", "ement", "ment", "ent", "ion", "ou", "ism", "ate", "iti", "ous",
  "ive", "ize",
];

/** Letters before "li" (from "-ly") that make it an adverb's ending (Porter2's valid li-endings). */
const LI_ENDING = new Set("cdeghkmnrt");
/** Porter2's own exceptions to that rule: "early" is not "ear", "only" not "on". */
const LI_KEPT = new Set(["early", "only", "singly", "gently", "ugly", "idly"]);

/** Step 2 with Porter2's "li" deletion, tried only when no longer rule ("alli", "entli", "ousli"…) applies. */
function step2(w: string, word: string): string {
  const stemmed = longestRule(w, STEP2);
  if (stemmed !== w || STEP2.some(([suffix]) => w.endsWith(suffix)) || LI_KEPT.has(word)) return stemmed;
  return w.endsWith("li") && LI_ENDING.has(w[w.length - 3] ?? "") && measure(w, w.length - 2) > 0 ? w.slice(0, -2) : w;
}

/** Step 2 and 3 try their suffixes longest-match-first within the group that shares the last letters. */
function longestRule(w: string, rules: readonly Rule[]): string {
  let best: Rule | null = null;
  for (const rule of rules) if (w.endsWith(rule[0]) && (!best || rule[0].length > best[0].length)) best = rule;
  return best ? applyRules(w, [best], 0) : w;
}

function step4(w: string): string {
  let best: string | null = null;
  for (const s of STEP4) if (w.endsWith(s) && (!best || s.length > best.length)) best = s;
  if (!best) return w;
  const stemEnd = w.length - best.length;
  if (measure(w, stemEnd) <= 1) return w;
  if (best === "ion") {
    const c = w[stemEnd - 1];
    return c === "s" || c === "t" ? w.slice(0, stemEnd) : w;
  }
  return w.slice(0, stemEnd);
}

function step5(w: string): string {
  if (w.endsWith("e")) {
    const m = measure(w, w.length - 1);
    if (m > 1 || (m === 1 && !endsCvc(w, w.length - 1))) w = w.slice(0, -1);
  }
  if (w.endsWith("ll") && measure(w, w.length) > 1) w = w.slice(0, -1);
  return w;
}

export function porterStem(word: string): string {
  if (word.length < 3) return word;
  let w = step1a(word);
  w = step1b(w);
  w = step1c(w);
  w = step2(w, word);
  w = longestRule(w, STEP3);
  w = step4(w);
  return step5(w);
}
