import escapeStringRegexp from "escape-string-regexp";
import data from "./drug-classes.json";

/** Per drug, a pattern naming each class it belongs to ("NSAIDs", "non-steroidal anti-inflammatory drugs" for flunixin). */
const CLASSES_OF = new Map<string, RegExp[]>();
for (const drugClass of data.classes) {
  // ("non-steroidal" is written "nonsteroidal" and "non steroidal" too.)
  const names = drugClass.names.map((name) => name.split(/[\s-]+/).map(escapeStringRegexp).join("[\\s-]?"));
  // (With the noun it qualifies, as the note naming it quotes it: "non-steroidal anti-inflammatory drugs", "azole antifungals".)
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${names.join("|")})s?(?:\\s+(?:drugs?|agents?|antifungals?|antibiotics?|antimicrobials?|medications?))?(?![\\p{L}\\p{N}])`, "iu");
  for (const member of drugClass.members) CLASSES_OF.set(member, [...(CLASSES_OF.get(member) ?? []), pattern]);
}

/**
 * Does a text name a class the drug belongs to? "…the nephrotoxic effects of NSAIDs, aminoglycosides, and polymyxin B"
 * speaks of flunixin and gentamicin. (What is true of a class as a whole, never a dose: see drug-classes.json.)
 */
export function namesClassOf(drug: string, text: string): boolean {
  return classNamedIn(drug, text) !== null;
}

/** The words a text names the drug's class by ("NSAIDs"), or null. */
export function classNamedIn(drug: string, text: string): string | null {
  for (const pattern of CLASSES_OF.get(drug.toLowerCase()) ?? []) {
    const found = pattern.exec(text);
    if (found) return found[0];
  }
  return null;
}

/** The single words that name a class, as written with or without a plural "s" ("statin", "statins", "NSAIDs"). */
const CLASS_WORDS = new Set(data.classes.flatMap((drugClass) => drugClass.names).filter((name) => /^[\p{L}-]+$/u.test(name)).flatMap((name) => [name, `${name}s`]));

/** Is the word a drug class's name ("statins")? Spelled as it is, not a misspelled word near it ("stain"). */
export const isDrugClassName = (word: string) => CLASS_WORDS.has(word.toLowerCase());
