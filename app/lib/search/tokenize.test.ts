import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { candidateTerms, generatingTerms, idf, matchExpression, type QueryTerm } from "./lexical.server";
import { porterStem } from "./porter";
import { needsNormalizing, normalizeText, TermCounter, tokenize } from "./tokenize";
import { FIXTURE_EUTILS } from "../../../tests/support/fixtures";


/** English words: a fixed list, and every word of the recorded PubMed abstracts in tests/fixtures/eutils. */
function englishWords(): string[] {
  const words = new Set(
    "caresses ponies ties caress cats feed agreed plastered bled motoring sing conflated troubled sized hopping tanned falling hissing fizzed failing filing happy sky relational conditional rational valenci hesitanci digitizer conformabli radicalli differentli vileli analogousli vietnamization predication operator feudalism decisiveness hopefulness callousness formaliti sensitiviti sensibiliti triplicate formative formalize electriciti electrical hopeful goodness revival allowance inference airliner gyroscopic adjustable defensible irritant replacement adjustment dependent adoption homologou communism activate angulariti homologous effective bowdlerize probate rate cease controll roll meloxicam dogs kidneys vaccination".split(
      " ",
    ),
  );
  for (const name of fs.readdirSync(FIXTURE_EUTILS).filter((n) => /^biopython_pubmed\d+\.xml$/.test(n))) {
    const text = fs.readFileSync(path.join(FIXTURE_EUTILS, name), "utf8").replace(/<[^>]*>/g, " ");
    for (const m of text.toLowerCase().matchAll(/[a-z]+/g)) words.add(m[0]);
  }
  return [...words];
}

describe("porter stemmer", () => {
  it("stems as SQLite FTS5's porter tokenizer does, but for Porter2's 'us' and '-ly' rules", () => {
    const words = englishWords();
    const db = new Database(":memory:");
    db.exec("CREATE VIRTUAL TABLE f USING fts5(w, tokenize = 'porter ascii'); CREATE VIRTUAL TABLE v USING fts5vocab(f, 'instance');");
    const insert = db.prepare("INSERT INTO f (rowid, w) VALUES (?, ?)");
    db.transaction(() => words.forEach((w, i) => insert.run(i + 1, w)))();
    const theirs = new Map((db.prepare("SELECT doc, term FROM v").raw().all() as Array<[number, string]>).map(([doc, term]) => [doc, term]));
    const differ = words.filter((w, i) => porterStem(w) !== theirs.get(i + 1));
    // Where they differ, only the two rules porter.ts takes from Porter2 apply
    expect(differ.filter((w) => !/(?:us|ly|li)$/.test(w))).toEqual([]);
    expect(differ).toEqual(expect.arrayContaining(["virus", "mainly"].filter((w) => words.includes(w))));
    expect(words.length).toBeGreaterThan(1000);
  });

  it("keeps a word's first letter, and its first two when the stem has three or more (TermCounter relies on it)", () => {
    for (const w of englishWords()) {
      const s = porterStem(w);
      expect(w.startsWith(s.slice(0, Math.min(2, Math.max(1, s.length - 1)))), w).toBe(true);
    }
  });
});

describe("porter stemmer's Porter2 rules", () => {
  it("keeps a final 'us', so a word and its plural meet", () => {
    const pairs: Array<[string, string]> = [["virus", "viruses"], ["fetus", "fetuses"], ["sinus", "sinuses"], ["status", "statuses"]];
    for (const [one, many] of pairs) expect(porterStem(one), one).toBe(porterStem(many));
  });

  it("drops '-ly' after the letters Porter2 allows, and not after others", () => {
    expect(["weekly", "hourly", "mainly", "partly"].map(porterStem)).toEqual(["week", "hour", "main", "part"]);
    expect(["coli", "broccoli", "villi"].map(porterStem)).toEqual(["coli", "broccoli", "villi"]);
    expect(porterStem("frequently")).toBe("frequent");
    // Porter2's exceptions: "early" is not "ear"
    expect(["early", "only"].map(porterStem)).toEqual(["earli", "onli"]);
  });
});

describe("tokenize", () => {
  it("lower-cases, stems English and keeps decimal numbers whole", () => {
    expect(tokenize("Meloxicam 0.1 mg/kg in CATS; 1.5mg q24h")).toEqual(["meloxicam", "0.1", "mg", "kg", "in", "cat", "1.5", "mg", "q24h"]);
  });

  it("folds diacritics, ligatures and full-width forms; keeps letters of other scripts", () => {
    expect(tokenize("Tromsø Åse café ﬁbrosis ＡＢＣ")).toEqual(["tromsø", "as", "cafe", "fibrosi", "abc"]);
    expect(tokenize("Ёжик, собака!")).toEqual(["ежик", "собака"]);
    expect(tokenize("الكلاب")).toEqual(["الكلاب"]);
  });

  it("splits Chinese and Japanese into character bigrams", () => {
    expect(tokenize("猫的剂量")).toEqual(["猫的", "的剂", "剂量"]);
    expect(tokenize("猫 dog")).toEqual(["猫", "dog"]);
  });

  it("reads a possessive or a contraction as its word alone", () => {
    expect(tokenize("What's the horse’s dose? Don't repeat; we'll see")).toEqual(["what", "the", "hors", "dose", "don", "repeat", "we", "see"]);
    expect(tokenize("O'Brien rock'n'roll 5' end")).toEqual(["o", "brien", "rock", "n", "roll", "5", "end"]);
  });

  it("drops emoji, punctuation and overlong strings", () => {
    expect(tokenize("🐈 cat 💊 ... NEAR(a* ^b) text:c")).toEqual(["cat", "near", "a", "b", "text", "c"]);
    expect(tokenize("x".repeat(49))).toEqual([]);
    expect(tokenize("")).toEqual([]);
  });

  it("keeps function words as written, so that none is read as an abbreviation (HA, HI, AR, THI, MAI)", () => {
    expect(tokenize("The HA has it; his HI titre; AR genes are; THI this high; MAI may")).toEqual(
      ["the", "ha", "has", "it", "his", "hi", "titer", "ar", "gene", "are", "thi", "this", "high", "mai", "may"],
    );
    // (Content words stem as before.)
    expect(tokenize("during the dogs' having been vaccinated")).toEqual(["during", "the", "dog", "having", "been", "vaccin"]);
  });

  it("filters words before stemming", () => {
    expect(tokenize("the dose of meloxicam", (w) => w === "the" || w === "of")).toEqual(["dose", "meloxicam"]);
  });
});

describe("tokenize's shortcut past Unicode folding", () => {
  it("lower-cases only where normalisation would change nothing else, for every letter, digit, mark and symbol of the basic plane", () => {
    // (Text whose only non-ASCII characters are punctuation or spaces is never normalised: they separate words either way.)
    const wrong: string[] = [];
    for (let code = 0x80; code <= 0xffff; code++) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const c = String.fromCharCode(code);
      if (!/[\p{L}\p{N}\p{M}\p{So}]/u.test(c)) continue;
      // Alone, between letters, after a letter it could combine with, before a combining mark or a Hangul vowel, with a Greek capital sigma
      for (const text of [c, `a${c}b`, `e${c}`, `${c}\u0301`, `${c}\u1161`, `\u1100${c}`, `ΟΔΟΣ ${c}Σ β`]) {
        if (!needsNormalizing(text) && normalizeText(text) !== text.toLowerCase()) wrong.push(`U+${code.toString(16)} in ${JSON.stringify(text)}`);
      }
    }
    expect(wrong).toEqual([]);
    // Greek letters, "°" and "®" need nothing but lower case; "µ" (micro sign), "²", "ü" and "ﬁ" do
    expect(needsNormalizing("β-Blockers at 37 °C (Brand®) and α2")).toBe(false);
    for (const text of ["5 µg", "m²", "Müller", "ﬁbrosis"]) expect(needsNormalizing(text)).toBe(true);
  });
});

describe("term counting", () => {
  it("counts exactly what tokenize finds", () => {
    const texts = [
      "Cats and a cat: the dosing of meloxicam in cats (0.1 mg/kg) differs from dogs' doses.",
      "Ретроспективное исследование собак; кошки и собаки. 猫的剂量 猫的",
      "",
    ];
    const terms = ["cat", "dose", "meloxicam", "0.1", "собак", "猫的", "a", "dog"];
    const counter = new TermCounter(new Map(terms.map((t, i) => [t, i])));
    for (const text of texts) {
      const expected = terms.map((t) => tokenize(text).filter((x) => x === t).length);
      expect([...counter.count(text)]).toEqual(expected);
    }
  });

  it("counts what tokenize finds in random text of letters, digits, points, apostrophes, British spellings and other scripts", () => {
    const pieces = ["a", "b", "z", "1", "2", ".", "'", "’", " ", "-", "β", "Σ", "é", "\u0301", "猫", "😀", "ﬁ", "µ", "oe", "dema", "ae", "mia", "ed", "S", "\n"];
    const fixed = ["a", "b", "z", "1", "2", "1.2", "ab", "abz", "zab", "猫", "edema", "anemia", "β", "e", "σ"];
    let seed = 17;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
    const wrong: string[] = [];
    for (let n = 0; n < 20_000; n++) {
      let text = "";
      for (let length = 1 + Math.floor(random() * 14); length > 0; length--) text += pieces[Math.floor(random() * pieces.length)];
      const terms = [...new Set([...tokenize(text), ...fixed])];
      const positions = new Map(terms.map((t, i) => [t, i]));
      const expected = new Array<number>(terms.length).fill(0);
      for (const t of tokenize(text)) expected[positions.get(t)!]! += 1;
      if (JSON.stringify([...new TermCounter(positions).count(text)]) !== JSON.stringify(expected)) wrong.push(text);
    }
    expect(wrong).toEqual([]);
  });
});

describe("query building", () => {
  it("quotes every term and joins them with OR", () => {
    expect(matchExpression(["near", "and", 'odd"term'])).toBe('"near" OR "and" OR "odd""term"');
  });

  it("takes the rarest terms while their postings fit the budget, at least one", () => {
    const terms = [{ df: 10 }, { df: 100 }, { df: 1000 }, { df: 10_000 }];
    expect(candidateTerms(terms, 500)).toEqual([{ df: 10 }, { df: 100 }]);
    expect(candidateTerms(terms, 5)).toEqual([{ df: 10 }]);
    expect(candidateTerms(terms, Number.MAX_SAFE_INTEGER)).toHaveLength(4);
  });

  it("generates candidates from the rare words and from synonyms of those (or of words the index lacks), not from a common word's synonym", () => {
    const term = (t: string, df: number, standsFor?: string[]): QueryTerm => ({ term: t, df, weight: standsFor ? 0.5 : 1, idf: 1, ...(standsFor ? { expansion: true as const, standsFor } : {}) });
    // Sorted by df, as queryTerms gives them: "meloxicam" is rare, "cat" common; "ich" is not in the index
    const terms = [term("meloxicam", 50), term("infecti", 300, ["ich"]), term("felin", 3000, ["cat"]), term("cat", 20_000), term("dose", 40_000)];
    const { rare, others } = generatingTerms(terms, 1000);
    expect(rare.map((t) => t.term)).toEqual(["meloxicam", "infecti"]);
    expect(others.map((t) => t.term)).toEqual(["cat", "dose"]);
  });

  it("weighs rare terms above common ones, never below zero", () => {
    expect(idf(1, 1000)).toBeGreaterThan(idf(100, 1000));
    expect(idf(1000, 1000)).toBeGreaterThan(0);
  });
});

describe("soft hyphens", () => {
  it("joins a word a PDF's line end broke with a soft hyphen and a space, and keeps words apart otherwise", () => {
    expect(tokenize("the dorsal cricoaryten\u00AD oideus muscle and the recur\u00AD rent laryngeal nerve")).toEqual(tokenize("the dorsal cricoarytenoideus muscle and the recurrent laryngeal nerve"));
    expect(tokenize("egg \u00ADfreshness, gram-\u00ADnegative")).toEqual(tokenize("egg freshness, gram-negative"));
  });
});

