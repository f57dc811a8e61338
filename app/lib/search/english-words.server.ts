import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import zlib from "node:zlib";
import { importTrie, Trie } from "cspell-trie-lib";

/**
 * English words (Hunspell's en_US, from SCOWL, as packaged for cspell), so typo correction can tell a
 * real word the knowledge base does not use ("homozygous", "goals", "chess") from a typo: a real word
 * is never "corrected" into a different one. Loaded on first use (~0.3 s once); kept as a Set of the
 * words (~220k, ~15 MB) rather than the trie, which takes several times the memory.
 */

let words: Set<string> | null = null;

function load(): Set<string> {
  const require = createRequire(import.meta.url);
  // The package exports only its cspell settings file; the word list lies beside it
  const file = path.join(path.dirname(require.resolve("@cspell/dict-en_us/cspell-ext.json")), "en_US.trie.gz");
  const lines = zlib.gunzipSync(fs.readFileSync(file)).toString("utf8").split("\n");
  const set = new Set<string>();
  for (const word of new Trie(importTrie(lines)).words()) set.add(word);
  return set;
}

/** Loads the word list now (a query thread does at its start, so no question waits for it). */
export function warmEnglishWords() {
  words ??= load();
}

/** Whether a word is an English dictionary word, as typed, in lower case, or capitalised ("Algerian"). */
export function isEnglishWord(word: string): boolean {
  words ??= load();
  const lower = word.toLowerCase();
  return words.has(word) || words.has(lower) || words.has(lower.charAt(0).toUpperCase() + lower.slice(1));
}
