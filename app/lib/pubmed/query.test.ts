import { describe, expect, it } from "vitest";
import { DEFAULT_PRIORITY_JOURNAL_LIST, DEFAULT_PRIORITY_JOURNALS } from "../chat/defaults";
import {
  classifyTerm,
  extractTerms,
  MAX_INPUT_CHARS,
  MAX_PRIORITY_JOURNALS,
  MAX_TERM_CHARS,
  MAX_TERMS,
  parsePriorityJournals,
  priorityJournalQuery,
  relaxedQueries,
  searchCacheKey,
} from "./query";

/** Every query this module builds: lower-case words joined by AND or OR, nothing else. */
const SAFE_QUERY = /^[\p{Ll}\p{Lo}\p{N}'-]+(?: (?:AND|OR) [\p{Ll}\p{Lo}\p{N}'-]+)*$/u;

const texts = (input: string) => extractTerms(input).map((t) => t.text);

describe("search terms from a question", () => {
  it("drops stop words and question words and keeps drug, species and condition terms", () => {
    expect(extractTerms("What is the dose of meloxicam in cats?")).toEqual([
      { text: "dose", kind: "generic" },
      { text: "meloxicam", kind: "drug" },
      { text: "cats", kind: "species" },
    ]);
    expect(texts("Create treatment plan for canine diabetes")).toEqual(["treatment", "plan", "canine", "diabetes"]);
    expect(texts("Can you please tell me how to manage hyperthyroidism in an old cat with azotemia?")).toEqual([
      "manage",
      "hyperthyroidism",
      "old",
      "cat",
      "azotemia",
    ]);
    expect(classifyTerm("amoxicillin")).toBe("drug");
    expect(classifyTerm("omeprazole")).toBe("drug");
    expect(classifyTerm("pancreatitis")).toBe("condition");
    expect(classifyTerm("hypoglycemia")).toBe("condition");
    expect(classifyTerm("equine")).toBe("species");
    expect(classifyTerm("treatment")).toBe("generic");
    expect(classifyTerm("telomere")).toBe("other");
  });

  it("joins the terms with AND", () => {
    expect(relaxedQueries(extractTerms("What is the dose of meloxicam in cats?"))[0]).toBe("dose AND meloxicam AND cats");
  });

  it("keeps a word once (plural or repeated) and drops numbers and units", () => {
    expect(texts("cat cats CAT Cats' 5 mg/kg q12h 0.3 ml dosing")).toEqual(["cat", "q12h", "dosing"]);
    expect(texts("Cushing’s disease COVID-19 non-steroidal")).toEqual(["cushing", "disease", "covid-19", "non-steroidal"]);
  });

  it("finds nothing to search in a question made of stop words", () => {
    expect(extractTerms("What is the ... ? and or not")).toEqual([]);
    expect(relaxedQueries([])).toEqual([]);
  });
});

describe("sanitising what a user typed", () => {
  const nasty = [
    'smith[au] OR (cancer AND "dog") NOT cat[ta]',
    '"unclosed quote meloxicam (cats',
    "((((((((((((((((((((sepsis))))))))))))))))))))",
    "#1 AND #2 * meloxicam* [mesh:noexp] cats[tiab] \\ {x} <script>alert(1)</script>",
    "AND OR NOT ( ) [ ] \" '",
    "dog'); DROP TABLE users; --",
  ];

  it("strips quotes, brackets, parentheses, field tags, wildcards and operators", () => {
    for (const input of nasty) {
      for (const query of relaxedQueries(extractTerms(input))) {
        expect(query, input).toMatch(SAFE_QUERY);
        expect(query).not.toMatch(/\b(au|ta|mesh|tiab|noexp)\b/);
      }
    }
    expect(texts('smith[au] OR (cancer AND "dog") NOT cat[ta]')).toEqual(["smith", "cancer", "dog", "cat"]);
    expect(relaxedQueries(extractTerms("AND OR NOT ( ) [ ] \" '"))).toEqual([]);
  });

  it("reads at most 2,000 characters and keeps at most 8 terms of at most 40 characters", () => {
    const long = `${"veryveryverylongword".repeat(100)} ${Array.from({ length: 400 }, (_, i) => `term${i}x`).join(" ")} meloxicam`;
    const terms = extractTerms(long);
    expect(terms.length).toBeLessThanOrEqual(MAX_TERMS);
    for (const t of terms) expect(t.text.length).toBeLessThanOrEqual(MAX_TERM_CHARS);
    // "meloxicam" sits after the first 2,000 characters: it is never read.
    expect(terms.map((t) => t.text)).not.toContain("meloxicam");
    expect(long.length).toBeGreaterThan(MAX_INPUT_CHARS);
    for (const q of relaxedQueries(terms)) expect(q).toMatch(SAFE_QUERY);
  });

  it("keeps the most specific terms of a long question, in their order", () => {
    const terms = texts(
      "In a recent retrospective study of clinical cases, what were the common long term outcomes, risks and adverse effects of meloxicam treatment in older cats with chronic kidney disease, compared with robenacoxib?",
    );
    expect(terms).toHaveLength(MAX_TERMS);
    expect(terms).toContain("meloxicam");
    expect(terms).toContain("robenacoxib");
    expect(terms).toContain("cats");
    expect(terms).toContain("kidney");
    expect(terms.indexOf("meloxicam")).toBeLessThan(terms.indexOf("robenacoxib"));
  });
});

describe("relaxing a query that finds nothing", () => {
  it("drops generic words, then the least specific word, then switches to OR", () => {
    expect(relaxedQueries(extractTerms("What is the dose of meloxicam in cats?"))).toEqual([
      "dose AND meloxicam AND cats",
      "meloxicam AND cats",
      "meloxicam OR cats",
    ]);
    expect(relaxedQueries(extractTerms("Cushing's disease in horses: pergolide dosing"))).toEqual([
      "cushing AND disease AND horses AND pergolide AND dosing",
      "cushing AND horses AND pergolide",
      "horses AND pergolide",
      "cushing OR horses OR pergolide",
    ]);
  });

  it("tries at most four queries and keeps a lone word as it is", () => {
    const queries = relaxedQueries(extractTerms("tamoxifen dogs kidney telomere hypertension lymphoma"));
    expect(queries.length).toBeLessThanOrEqual(4);
    expect(queries.at(-1)).toBe("tamoxifen OR dogs OR kidney OR telomere OR hypertension OR lymphoma");
    expect(relaxedQueries(extractTerms("sepsis"))).toEqual(["sepsis"]);
    expect(relaxedQueries(extractTerms("managing sepsis protocol"))).toEqual(["managing AND sepsis AND protocol", "sepsis"]);
  });
});

describe("priority journals", () => {
  it("reads the spec's default list", () => {
    expect(parsePriorityJournals(DEFAULT_PRIORITY_JOURNALS)).toEqual([...DEFAULT_PRIORITY_JOURNAL_LIST]);
  });

  it("builds an OR-group of [ta] phrases AND-ed with the query", () => {
    expect(priorityJournalQuery("meloxicam AND cats", ["J Feline Med Surg", "J Vet Emerg Crit Care (San Antonio)"])).toBe(
      '(meloxicam AND cats) AND ("J Feline Med Surg"[ta] OR "J Vet Emerg Crit Care (San Antonio)"[ta])',
    );
  });

  it("makes typed names safe inside the quotes and drops duplicates and blanks", () => {
    const journals = parsePriorityJournals('Vet J, "Vet J"[ta] OR x, , vet j,\nJ Small Anim Pract; [au] {y} #1 *\u0000');
    expect(journals).toEqual(["Vet J", "Vet J OR x", "J Small Anim Pract", "y 1"]);
    for (const j of journals) expect(j).not.toMatch(/["[\]{}#*\p{Cc}]/u);
  });

  it("keeps at most 20 names of at most 120 characters", () => {
    const journals = parsePriorityJournals(Array.from({ length: 50 }, (_, i) => `Journal ${i} ${"x".repeat(200)}`).join(","));
    expect(journals).toHaveLength(MAX_PRIORITY_JOURNALS);
    for (const j of journals) expect(j.length).toBeLessThanOrEqual(120);
    expect(parsePriorityJournals(["A", " a ", "B"])).toEqual(["A", "B"]);
  });
});

describe("cache key", () => {
  it("is the same for the same words, journals in any order or case, and count", () => {
    const terms = extractTerms("meloxicam in cats");
    expect(searchCacheKey(terms, ["Vet J", "J Vet Intern Med"], 10)).toBe(searchCacheKey(extractTerms("Meloxicam, cats?"), ["j vet intern med", "vet j"], 10));
    expect(searchCacheKey(terms, ["Vet J"], 10)).not.toBe(searchCacheKey(terms, ["Vet J"], 11));
    expect(searchCacheKey(terms, ["Vet J"], 10)).not.toBe(searchCacheKey(terms, [], 10));
  });
});
