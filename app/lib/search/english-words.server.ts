import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import zlib from "node:zlib";
import { importTrie, Trie } from "cspell-trie-lib";

/**
 * English words (Hunspell's en_US, from SCOWL, as packaged for cspell), so typo correction can tell a
 * real word the knowledge base does not use ("homozygous", "goals", "chess") from a typo: a real word
 * is never "corrected" into a different one. Loaded on first use (~0.3 s once) by each thread that
 * corrects spelling. Kept as one sorted text with the start of each word (~3 MB, looked up by binary
 * search): a Set of the ~220k words took ~12 MB per thread, and the trie several times that.
 */

type WordList = {
  /** The words in UTF-16 code unit order (JavaScript's default sort), each followed by "\n". */
  text: string;
  /** Where each word starts in `text`, and one past the end. */
  starts: Int32Array;
};

let words: WordList | null = null;

/** A sorted list of words, without repeats, as one text and its word starts. */
export function wordList(all: Iterable<string>): WordList {
  const sorted = [...new Set(all)].sort();
  const starts = new Int32Array(sorted.length + 1);
  let at = 0;
  sorted.forEach((word, i) => {
    starts[i] = at;
    at += word.length + 1;
  });
  starts[sorted.length] = at;
  return { text: sorted.map((w) => `${w}\n`).join(""), starts };
}

/** Is this exact word in the list? */
export function inWordList({ text, starts }: WordList, word: string): boolean {
  let lo = 0;
  let hi = starts.length - 2;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const start = starts[mid]!;
    const length = starts[mid + 1]! - 1 - start;
    const shared = Math.min(length, word.length);
    let order = 0;
    for (let k = 0; k < shared && order === 0; k++) order = text.charCodeAt(start + k) - word.charCodeAt(k);
    if (order === 0) order = length - word.length;
    if (order === 0) return true;
    if (order < 0) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

function load(): WordList {
  const require = createRequire(import.meta.url);
  // The package exports only its cspell settings file; the word list lies beside it
  const file = path.join(path.dirname(require.resolve("@cspell/dict-en_us/cspell-ext.json")), "en_US.trie.gz");
  const lines = zlib.gunzipSync(fs.readFileSync(file)).toString("utf8").split("\n");
  return wordList(new Trie(importTrie(lines)).words());
}

/** Loads the word list now (a query thread does at its start, so no question waits for it). */
export function warmEnglishWords() {
  words ??= load();
}

/** Whether a word is an English dictionary word, as typed, in lower case, or capitalised ("Algerian"). */
export function isEnglishWord(word: string): boolean {
  const list = (words ??= load());
  const lower = word.toLowerCase();
  return inWordList(list, word) || inWordList(list, lower) || inWordList(list, lower.charAt(0).toUpperCase() + lower.slice(1));
}

/** The words of a hashtag run together ("backyardchickens": backyard, chickens), fewest first; null when none split it whole. */
export function hashtagWords(tag: string): string[] | null {
  // (Written in camel case, "#BackyardChickens", its capitals split it.)
  const camel = tag.match(/\p{Lu}?\p{Ll}+|\p{Lu}+(?!\p{Ll})|\p{N}+/gu) ?? [];
  if (camel.length > 1 && camel.join("") === tag) return camel.map((w) => w.toLowerCase());
  const lower = tag.toLowerCase();
  if (lower.length > MAX_HASHTAG || !/^\p{Ll}+$/u.test(lower)) return null;
  // Fewest words of two letters or more, each a dictionary word.
  const best: Array<string[] | null> = Array.from({ length: lower.length + 1 }, () => null);
  best[0] = [];
  for (let end = 2; end <= lower.length; end++) {
    for (let start = 0; start <= end - 2; start++) {
      const before = best[start];
      if (!before || (best[end] && best[end]!.length <= before.length + 1)) continue;
      const word = lower.slice(start, end);
      if (isEnglishWord(word)) best[end] = [...before, word];
    }
  }
  const words = best[lower.length];
  return words && words.length > 1 ? words : null;
}
const MAX_HASHTAG = 40;

/** A text with each hashtag run together written as its words, each a hashtag ("#backyardchickens": "#backyard #chickens"). */
export function withHashtagsSplit(text: string): string {
  return text.replace(/#(\p{L}[\p{L}\p{N}]{3,})/gu, (whole, tag: string) => {
    const words = hashtagWords(tag);
    return words ? words.map((w) => `#${w}`).join(" ") : whole;
  });
}

/** The words a text writes as hashtags ("#help", "#puppylife"), in lower case. */
export const hashtagsIn = (text: string): string[] => [...text.matchAll(/#(\p{L}[\p{L}\p{N}]*)/gu)].map((m) => m[1]!.toLowerCase());
