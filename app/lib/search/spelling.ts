import spelling from "./spelling.json";

/**
 * British to American spelling, folded on the index and on queries alike (tokenize calls it before
 * stemming), so "haemolytic" finds "hemolytic" and the reverse. The patterns are data, reviewed in
 * spelling.json; this module only applies them.
 */

type Where = "anywhere" | "start" | "ending";
type SpellingRule = { british: string; american: string; where: Where; minStem?: number };

const RULES: readonly SpellingRule[] = (spelling.rules as SpellingRule[]).map((rule) => {
  if (!/^[a-z]+$/.test(rule.british) || !/^[a-z]*$/.test(rule.american) || !["anywhere", "start", "ending"].includes(rule.where)) {
    throw new Error(`spelling.json: bad rule ${JSON.stringify(rule)}`);
  }
  return rule;
});

/**
 * Bumped whenever the rules (or anything else that changes index terms) change: an index built with
 * another version is rebuilt at start, so index and queries always fold the same way.
 */
export const ANALYZER_VERSION = 5;

/** A lower-case ASCII word in American spelling (unchanged when no rule applies). */
export function americanSpelling(word: string): string {
  // Callers cache the result per word (tokenize's stem cache), so trying every rule is cheap enough
  if (word.length < 4) return word;
  let out = word;
  for (const rule of RULES) {
    if (rule.where === "anywhere") {
      if (out.includes(rule.british)) out = out.replaceAll(rule.british, rule.american);
    } else if (rule.where === "start") {
      if (out.startsWith(rule.british)) out = rule.american + out.slice(rule.british.length);
    } else if (out.endsWith(rule.british) && out.length - rule.british.length >= (rule.minStem ?? 1)) {
      out = out.slice(0, out.length - rule.british.length) + rule.american;
    }
  }
  return out;
}

/** Where a rule's first change falls in its pattern. */
function firstDifference(rule: SpellingRule): number {
  let i = 0;
  while (i < rule.british.length && rule.british[i] === rule.american[i]) i++;
  return i;
}

/**
 * Patterns that change a word's first two letters when found at its start (or, for "anywhere" rules,
 * at its second letter). TermCounter skips words by their first letters, so it must look at these
 * words too: "oedema" is counted for the term "edema".
 */
export const CHANGES_FIRST_LETTERS = {
  atStart: RULES.filter((r) => r.where !== "ending" && firstDifference(r) < 2).map((r) => r.british),
  atSecond: RULES.filter((r) => r.where === "anywhere" && firstDifference(r) < 1).map((r) => r.british),
};
