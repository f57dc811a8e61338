import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import zlib from "node:zlib";
import { importTrie, Trie } from "cspell-trie-lib";
import { describe, expect, it } from "vitest";
import { hashtagsIn, hashtagWords, inWordList, isEnglishWord, withHashtagsSplit, wordList } from "./english-words.server";

describe("wordList / inWordList", () => {
  const list = wordList(["dogs", "cat", "Zürich", "café", "dog", "cat", "Cat", "a", "aardvark", "b"]);

  it("finds every word it was given, once each, whatever the order given", () => {
    for (const w of ["dogs", "cat", "Zürich", "café", "dog", "Cat", "a", "aardvark", "b"]) expect(inWordList(list, w)).toBe(true);
    expect(list.starts.length - 1).toBe(9);
  });

  it("finds no prefix, extension or other case of a word", () => {
    for (const w of ["do", "dogss", "ca", "cats", "CAT", "zürich", "cafe", "", "aa", "c", "zz", "\n"]) expect(inWordList(list, w)).toBe(false);
  });

  it("finds nothing in an empty list", () => {
    expect(inWordList(wordList([]), "dog")).toBe(false);
  });
});

describe("isEnglishWord", () => {
  it("knows dictionary words as typed, in lower case and capitalised, and not typos", () => {
    for (const w of ["homozygous", "goals", "chess", "Algerian", "ALGERIAN", "algerian", "dogs"]) expect(isEnglishWord(w), w).toBe(true);
    for (const w of ["hmozygous", "ivermectine", "feline-ish", "qzxv"]) expect(isEnglishWord(w), w).toBe(false);
  });

  it("answers as the whole dictionary does, for a sample of its words and of non-words", () => {
    const require = createRequire(import.meta.url);
    const file = path.join(path.dirname(require.resolve("@cspell/dict-en_us/cspell-ext.json")), "en_US.trie.gz");
    const all = new Set(new Trie(importTrie(zlib.gunzipSync(fs.readFileSync(file)).toString("utf8").split("\n"))).words());
    const sample = [...all].filter((_, i) => i % 97 === 0);
    expect(sample.length).toBeGreaterThan(1000);
    for (const w of sample) {
      expect(isEnglishWord(w), w).toBe(true);
      const typo = `${w}qx`;
      expect(isEnglishWord(typo), typo).toBe(all.has(typo) || all.has(typo.toLowerCase()));
    }
  });
});

describe("hashtags", () => {
  it("reads a hashtag run together as its words, fewest first, or by its capitals", () => {
    expect(hashtagWords("backyardchickens")).toEqual(["backyard", "chickens"]);
    expect(hashtagWords("dogdental")).toEqual(["dog", "dental"]);
    expect(hashtagWords("BackyardChickens")).toEqual(["backyard", "chickens"]);
    // (One word, or letters no words make up, stay as they are.)
    expect(hashtagWords("help")).toBeNull();
    expect(hashtagWords("xqzvbnm")).toBeNull();
  });

  it("writes each hashtag's words as hashtags, and lists them", () => {
    const text = withHashtagsSplit("Tiny bugs on my hens #backyardchickens #help");
    expect(text).toBe("Tiny bugs on my hens #backyard #chickens #help");
    expect(hashtagsIn(text)).toEqual(["backyard", "chickens", "help"]);
    expect(withHashtagsSplit("no tags here, issue #12")).toBe("no tags here, issue #12");
  });
});
