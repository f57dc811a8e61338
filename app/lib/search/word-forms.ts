/**
 * Other forms of a name that the tokenizer's stemmer leaves apart: a place and its adjective ("Algeria" /
 * "Algerian", "Brazil" / "Brazilian", "Japan" / "Japanese", "Europe" / "European"). Porter strips inflections,
 * not these derivations. Search tries them only for a question word the knowledge base never uses, so a
 * word it does use ("median", "human") is never read as another.
 *
 * Input and output are index terms (tokenize()'s stems); the candidates are guesses, kept by the caller
 * only when the knowledge base holds them.
 */
const MIN_ROOT = 4;

export function nameForms(term: string): string[] {
  if (term.length < MIN_ROOT || !/^[a-z]+$/.test(term)) return [];
  const out: string[] = [];
  const add = (form: string) => {
    if (form.length >= MIN_ROOT && form !== term && !out.includes(form)) out.push(form);
  };
  // The adjective written, the place in the knowledge base
  if (term.endsWith("ian")) {
    add(term.slice(0, -1)); // algerian -> algeria
    add(term.slice(0, -3)); // brazilian -> brazil
  } else if (term.endsWith("ean")) {
    add(term.slice(0, -1)); // korean -> korea
    add(term.slice(0, -3)); // european -> europ (the stem of "Europe")
  } else if (term.endsWith("an")) {
    add(term.slice(0, -1)); // african -> africa
  } else if (term.endsWith("nes")) {
    add(term.slice(0, -2)); // japanes(e) -> japan
  }
  // The place written, its adjective in the knowledge base
  for (const ending of ["n", "an", "ian", "ean", "es"]) add(term + ending);
  return out;
}
