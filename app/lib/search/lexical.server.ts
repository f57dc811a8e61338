import type Database from "better-sqlite3";
import { LRUCache } from "lru-cache";
import { titleField } from "./indexer.server";
import { prepared } from "./statements.server";
import { isStopWord } from "./stopwords";
import { abbreviationsIn } from "./abbreviations.server";
import { clippedJoins, codeForms, diseaseForms, joinedCodeParts, generalisedForms, virusForms, wordForms } from "./word-forms";
import { synonymsIn } from "./synonyms";
import { TermCounter, tokenize } from "./tokenize";
import { type Scope, VISIBLE_DOCUMENT_SQL } from "./visibility.server";

/**
 * BM25 over chunks in two phases.
 *
 * 1. Candidates. FTS5's cost is proportional to the postings it walks, and its `bm25()` costs ~0.7 us
 *    a posting (it reads every matching row's positions, after a first pass that counts each term's
 *    documents): plain bm25() over all question terms took ~130 ms at 100k chunks and 600-900 ms at
 *    500k, because frequent terms ("patients", "effect", "dog") have hundreds of thousands of postings.
 *    Walking postings without bm25() costs ~0.03 us each (~0.06-0.1 with their ids returned), and FTS5
 *    evaluates `A AND b` by seeking in b's postings, so its cost follows the rarer side ("patient", 685k
 *    postings at 1M chunks: 26 ms alone, 1.3 ms AND a rare term). Hence:
 *    - When the summed document frequency of all query terms fits `postingsBudget` (small corpora, rare
 *      words), bm25() over all of them: the top M are exactly BM25's (up to FTS5's IDF and weights).
 *    - Otherwise the candidate chunks are those holding at least one of the *rarer* terms, taken rarest
 *      first while their summed df fits the budget (always at least the rarest one): the idea of
 *      MaxScore/WAND, a chunk with none of the rare terms has too little IDF to reach the top. Each is
 *      ranked by which query terms it holds — all of them, the frequent ones looked up among these
 *      chunks only (`(rare1 OR rare2) AND frequent`) — weighted by IDF: the top M by that, plus the
 *      top few by bm25() over the very rarest terms (term frequencies, which presence alone misses: a
 *      question's rarest word said five times in the abstract that answers it).
 * 2. Exact scoring: the candidates are re-scored with BM25 over ALL query terms (their term
 *    frequencies counted by tokenizing the candidates' text in JavaScript — with the same tokenizer as
 *    the index, so counts are exact), with our own k1 and b (FTS5's bm25() fixes k1=1.2, b=0.75).
 *
 * Document frequencies come from the FTS5 index (exact up to EXACT_DF, then estimated) and are cached
 * per index version (search_stats.version changes with every chunk written or removed).
 */

export type LexicalTuning = {
  k1: number;
  b: number;
  /** Field weights: a term in the title counts as this many occurrences in the body. */
  titleWeight: number;
  headingWeight: number;
  bodyWeight: number;
  /** Candidates re-scored per result asked for, and at least this many. */
  candidatesPerResult: number;
  minCandidates: number;
  /** Ranked by the terms they hold (rougher than bm25()), this many times more candidates are re-scored. */
  coOccurrenceDepth: number;
  /** Summed document frequency of the terms whose chunks are the candidates (phase 1). */
  postingsBudget: number;
  /** Summed document frequency of the rarest terms also ranked by FTS5 bm25(), and how many of those. */
  bm25Budget: number;
  bm25Candidates: number;
  /** The more frequent terms looked up among the candidates: at most this many (each walks the rare terms' postings). */
  maxCoTerms: number;
  /** Drop English function words from queries (kept when the query has nothing else). */
  stopWords: boolean;
  /** Longest queries keep this many distinct terms, the rarest. */
  maxQueryTerms: number;
};

/**
 * Candidate settings, measured on scripts/bench-search.ts's 1M-chunk corpus and questions: 200 PubMedQA
 * questions whose abstract is hidden among the chunks (MRR@10, Recall@10 of that abstract; "same" =
 * share of the top 10 equal to the exhaustive variant's), k = 10, the settings run one after another
 * in one process (term statistics cached), ms per query wall-clock, p50 / p95, on 2 cores shared with
 * other work (repeated runs: +-3 ms at p95).
 *
 *   candidates                                              MRR@10  R@10   same   p50   p95
 *   exhaustive: bm25() over every term, top 200              0.878  0.925  1      ~480  ~1900
 *   before: bm25() over the rare terms (30k postings), 200   0.838  0.870  0.669  24.1  32.4
 *     the same with 60k postings and 400 candidates          0.863  0.890  0.876  46.8  62.0
 *   held terms (2 frequent ones looked up), 200              0.850  0.875  0.777  14.9  25.4
 *   held terms (3), 200 + bm25() top 50 (rarest <= 3k)       0.874  0.905  0.853  20.4  30.2
 *   held terms (3), 250 + bm25() top 50 (rarest <= 6k)  *    0.871  0.905  0.902  22.0  30.4
 *   held terms (3), 250 + bm25() top 50 (rarest <= 10k)      0.876  0.910  0.905  24.6  33.8
 *   held terms (3), 300 + bm25() top 50 (rarest <= 10k)      0.876  0.910  0.917  29.5  43.5
 *   held terms (6), 300 + bm25() top 50 (rarest <= 10k)      0.874  0.905  0.948  33.9  52.0
 *
 * (* these settings: 200 x coOccurrenceDepth ranked by held terms.) `npm run bench -- search` itself
 * (term statistics looked up as questions come), 3 runs each, alternating: before p50 25.8-26.3 / p95
 * 33.7-36.7 ms, now p50 25.0-25.7 / p95 34.3-37.1. What is still lost is mostly the abstract that lacks
 * the question's rarest word ("really", "choose"), so none of its words made the candidates. At 100k
 * chunks, before and now, MRR@10 is the exhaustive variant's (0.931; same top 10: 0.994 / 0.997);
 * SciFact nDCG@10 0.7023 and PubMedQA dev 0.9806 are unchanged (small corpora: all terms fit the
 * budget, bm25() over all of them).
 *
 * Re-measured after query understanding (synonyms, abbreviations, word forms; analyzer version 3) made
 * questions longer, on a quiet machine, `tsx scripts/bench-search.ts --sizes 1000000 --tuning …`:
 *
 *   settings                                                MRR@10         p50   p95
 *   held terms (3), 250 + bm25() top 50 (as above)           0.880         36-38 50.6-53.5
 *   the same, 20k postings                                   0.870         36.2  51.5
 *   held terms (2)                                           0.870         35.5  48.5
 *   held terms (3), 200 + bm25() top 50                      0.881         34.5  49.9
 *   held terms (3), 180 + bm25() top 50                      0.881         32.9  48.5
 *   held terms (3), 200 + bm25() top 40  *                   0.881         34-36 50-52
 *   the same, synonyms of rare words only within their budget  0.881         34.3  48.0-48.8
 */
export const LEXICAL_TUNING: LexicalTuning = {
  k1: 1.2,
  b: 0.75,
  titleWeight: 3,
  headingWeight: 1.5,
  bodyWeight: 1,
  candidatesPerResult: 4,
  minCandidates: 200,
  coOccurrenceDepth: 1,
  postingsBudget: 30_000,
  bm25Budget: 6_000,
  bm25Candidates: 40,
  maxCoTerms: 3,
  stopWords: true,
  maxQueryTerms: 48,
};

export type CandidateRow = {
  id: number;
  documentId: string;
  title: string;
  authors: string;
  text: string;
  heading: string | null;
  tokenCount: number;
  pages: string;
  pageLabel: string | null;
  /** The chunk's layout as stored (JSON text of ChunkLayout), null for chunks indexed before it existed. */
  layout: string | null;
  fileType: string;
};

export type LexicalHit = { row: CandidateRow; score: number };

export type QueryTerm = {
  term: string;
  weight: number;
  df: number;
  idf: number;
  /** Synonyms of the query's phrase (synonyms.json, abbreviations the knowledge base defines) a passage may hold instead: each a set of terms standing for this one together. */
  alternatives?: string[][];
  /** A synonym's term, not the query's own: searched for with EXPANSION_WEIGHT, never counted when judging coverage. */
  expansion?: true;
  /** An expansion's query terms: it scores only in chunks holding none of them (no double credit for both names). */
  standsFor?: string[];
};

/** A synonym counts half as much as the word the user typed. */
export const EXPANSION_WEIGHT = 0.5;
const MIN_EXPANSION_LENGTH = 3;
type CorpusStats = { chunks: number; tokens: number; version: number };

function corpusStats(client: Database.Database): CorpusStats {
  return prepared(client, "SELECT chunks, tokens, version FROM search_stats WHERE id = 1").get() as CorpusStats;
}

/** A number that changes whenever the index does: what is read from the chunks may be remembered until then. */
export const indexVersion = (client: Database.Database): number => corpusStats(client).version;

/**
 * Document frequencies, cached until the index changes (search_stats.version). Counting a term's
 * postings costs ~0.1 us each: nothing for rare terms, 30-50 ms for a term in most of a million
 * chunks (fts5vocab is slower still: it decodes every position). So a term is counted exactly up to
 * EXACT_DF postings; past that its df is extrapolated from how much of the id range its first and last
 * EXACT_DF / 2 postings span (ids grow with indexing time, so the two ends sample the oldest and the
 * newest documents). Measured at 1M chunks: "patient" 42 ms exact, ~1 ms estimated, within a few
 * percent — and such frequent terms have small IDFs, where a few percent hardly move a score.
 */
const dfCache = new WeakMap<Database.Database, { version: number; df: Map<string, number> }>();
const DF_CACHE_LIMIT = 100_000;
const MAX_LOOKUPS = 256;
export const EXACT_DF = 4000;

type Window = { count: number; edge: number | null };

function postingWindow(client: Database.Database, term: string, limit: number, newest: boolean): Window {
  const order = newest ? "DESC" : "ASC";
  return prepared(
    client,
    `SELECT count(*) AS count, ${newest ? "min" : "max"}(rowid) AS edge FROM
       (SELECT rowid FROM chunks_fts WHERE chunks_fts MATCH ? ORDER BY rowid ${order} LIMIT ?)`,
  ).get(matchExpression([term]), limit) as Window;
}

export function countPostings(client: Database.Database, term: string, stats: CorpusStats): number {
  const half = EXACT_DF / 2;
  const oldest = postingWindow(client, term, half, false);
  if (oldest.count < half || oldest.edge === null) return oldest.count;
  const newest = postingWindow(client, term, half, true);
  // Two scalar subqueries: min() and max() in one SELECT would scan the table instead of two seeks.
  const { first, end } = prepared(
    client,
    "SELECT (SELECT min(id) FROM chunks) AS first, (SELECT max(id) FROM chunks) AS end",
  ).get() as { first: number; end: number };
  if (newest.edge === null || newest.edge <= oldest.edge) {
    // The two ends met: every posting was seen (counted twice where they overlap).
    return postingWindow(client, term, EXACT_DF * 2, false).count;
  }
  const spanned = oldest.edge - first + 1 + (end - newest.edge + 1);
  const share = spanned / Math.max(1, end - first + 1);
  return Math.min(stats.chunks, Math.max(EXACT_DF, Math.round(EXACT_DF / share)));
}

function documentFrequencies(client: Database.Database, terms: string[], stats: CorpusStats): Map<string, number> {
  let cache = dfCache.get(client);
  if (!cache || cache.version !== stats.version || cache.df.size > DF_CACHE_LIMIT) {
    cache = { version: stats.version, df: new Map() };
    dfCache.set(client, cache);
  }
  const out = new Map<string, number>();
  for (const term of terms) {
    let df = cache.df.get(term);
    if (df === undefined) cache.df.set(term, (df = countPostings(client, term, stats)));
    out.set(term, df);
  }
  return out;
}

/** BM25's IDF in the always-positive form (Lucene's): frequent terms weigh little, never negative. */
export function idf(df: number, n: number): number {
  return Math.log(1 + (n - df + 0.5) / (df + 0.5));
}

/**
 * The query's distinct index terms (stop words dropped unless nothing else is left) with their weights
 * (repeats count), document frequency and IDF — terms the index has never seen included, with df 0.
 */
/**
 * The last analysis, by connection: a search and its relevance check analyse the same question one after
 * the other (retrieveSync), and the synonym and abbreviation lookups need not run twice.
 */
const lastAnalysis = new WeakMap<Database.Database, { query: string; version: number; stopWords: boolean; terms: QueryTerm[] }>();

function analyzeTerms(client: Database.Database, query: string, stats: CorpusStats, stopWords: boolean): QueryTerm[] {
  const last = lastAnalysis.get(client);
  if (last && last.query === query && last.version === stats.version && last.stopWords === stopWords) return last.terms;
  const terms = analyzeTermsAfresh(client, query, stats, stopWords);
  lastAnalysis.set(client, { query, version: stats.version, stopWords, terms });
  return terms;
}

function analyzeTermsAfresh(client: Database.Database, query: string, stats: CorpusStats, stopWords: boolean): QueryTerm[] {
  const all = tokenize(query);
  const content = stopWords ? tokenize(query, isStopWord) : [];
  const counts = new Map<string, number>();
  for (const t of content.length ? content : all) counts.set(t, (counts.get(t) ?? 0) + 1);
  // Synonym phrases: their words get the alternatives, and the alternatives' words are searched for too
  const alternativesOf = new Map<string, string[][]>();
  const expansions = new Map<string, { weight: number; standsFor: Set<string>; shared: Set<string> }>();
  const found: Array<{ terms: string[]; alternatives: string[][]; shares?: number[] }> = [...synonymsIn(all), ...abbreviationsIn(client, query, all, { version: stats.version, documentFrequency: (t) => documentFrequencies(client, t, stats) })];
  for (const { terms, alternatives, shares } of found) {
    for (const t of terms) if (counts.has(t)) alternativesOf.set(t, [...(alternativesOf.get(t) ?? []), ...alternatives]);
    // An abbreviation with several long forms: each weighs its share of the definitions
    alternatives.forEach((alternative, i) => {
      const weight = EXPANSION_WEIGHT * (shares?.[i] ?? 1);
      for (const t of alternative) {
        // A two-letter term ("ct", "hf") means many things and costs the most to count (TermCounter then
        // reads every word sharing its first letter): it still covers the question's word, but is not searched for
        if (counts.has(t) || t.length < MIN_EXPANSION_LENGTH) continue;
        const known = expansions.get(t) ?? { weight: 0, standsFor: new Set<string>(), shared: new Set<string>() };
        known.weight = Math.max(known.weight, weight);
        for (const own of terms) if (counts.has(own)) (alternative.includes(own) ? known.shared : known.standsFor).add(own);
        expansions.set(t, known);
      }
    });
  }
  // A pasted page of text has hundreds of distinct words: look up the first few hundred only.
  const own = [...counts].slice(0, MAX_LOOKUPS);
  // A word the knowledge base never uses may be another form of one it does ("Algerian" for "Algeria", "hepatitic" for "hepatitis"),
  // and a disease's abbreviation stands for its virus's and the reverse ("ASF"/"ASFV"): that form stands for it, as a synonym
  // would, when the knowledge base writes it
  // (Also a word whose synonyms the knowledge base never writes whole: "haemonchus" beside "haemonchus contortus", in a
  // knowledge base that writes "H. contortus" and "haemonchosis".)
  const ownDf = documentFrequencies(client, own.map(([t]) => t), stats);
  // (Its short terms are not counted: they cost the most, and say little.)
  const writtenWhole = (term: string) =>
    alternativesOf.get(term)?.some((alternative) => {
      const counted = alternative.filter((t) => t.length >= MIN_EXPANSION_LENGTH);
      return counted.length > 0 && [...documentFrequencies(client, counted, stats).values()].every((df) => df > 0);
    }) ?? false;
  // (A parasite's genus the knowledge base writes is searched for by its disease's name too, and the reverse: "Which Babesia
  // species hits wethers hardest?" is answered by a passage on ovine babesiosis that writes "B. ovis".)
  // (And a condition's generalised form, whether or not it writes the condition: "part of a wider neuropathy?" by a passage on a
  // "generalized polyneuropathy".)
  const otherForms = own.flatMap(([term]) => [...(ownDf.get(term) || writtenWhole(term) ? diseaseForms(term) : wordForms(term)), ...generalisedForms(term)].map((form) => [term, form] as const));
  for (const word of new Set(query.match(/\b[A-Z]{3,6}\b/g) ?? [])) {
    const term = tokenize(word)[0];
    if (term && counts.has(term)) otherForms.push(...virusForms(word).map((form) => [term, form] as const));
  }
  // A code typed with its number joined ("SAV3") is held by a passage writing it apart ("SAV 3"), and searched by its letters.
  // (Only where some passage does write it apart: a gene no passage names, "MBD3", is not searched as every "MBD".)
  for (const [term] of own) {
    const [letters, number] = ownDf.get(term) ? [] : codeForms(term);
    if (!letters || !number || !documentFrequencies(client, [letters], stats).get(letters) || !holdsPhrase(client, `${letters} ${number}`)) continue;
    alternativesOf.set(term, [...(alternativesOf.get(term) ?? []), [letters, number]]);
    if (!counts.has(letters)) expansions.set(letters, { weight: EXPANSION_WEIGHT, standsFor: new Set([term]), shared: new Set() });
  }
  // A code typed joined whose parts the knowledge base writes apart, one after the other ("H1N1pdm09" for "A(H1N1)pdm09").
  for (const [term] of own) {
    if (ownDf.get(term) || alternativesOf.has(term)) continue;
    const splits = joinedCodeParts(term);
    if (!splits.length) continue;
    const partDf = documentFrequencies(client, [...new Set(splits.flat())], stats);
    const apart = splits.find(([left, right]) => partDf.get(left) && partDf.get(right) && holdsPhrase(client, `${left} ${right}`));
    if (!apart) continue;
    alternativesOf.set(term, [apart]);
    for (const part of apart) if (!counts.has(part)) expansions.set(part, { weight: EXPANSION_WEIGHT, standsFor: new Set([term]), shared: new Set() });
  }
  // A word and an abbreviation ("circular RNAs") are held by a passage writing them joined, the word clipped ("circRNAs").
  // (Only by a joined form some passage writes: "many RNA viruses" has none.)
  for (const [word, abbreviation, joined] of clippedJoins(query)) {
    if (isStopWord(word) || !counts.has(word) || !counts.has(abbreviation)) continue;
    const written = [...documentFrequencies(client, joined, stats)].filter(([, df]) => df > 0).map(([form]) => form);
    for (const form of written) {
      for (const own of [word, abbreviation]) alternativesOf.set(own, [...(alternativesOf.get(own) ?? []), [form]]);
      if (!counts.has(form)) expansions.set(form, { weight: EXPANSION_WEIGHT, standsFor: new Set([word, abbreviation]), shared: new Set() });
    }
  }
  const knownForms = documentFrequencies(client, otherForms.map(([, form]) => form), stats);
  for (const [term, form] of otherForms) {
    if (!knownForms.get(form) || form === term) continue;
    alternativesOf.set(term, [...(alternativesOf.get(term) ?? []), [form]]);
    // A form the question also writes ("Haemonchus … haemonchosis") is searched for as its own word already.
    if (!counts.has(form)) expansions.set(form, { weight: EXPANSION_WEIGHT, standsFor: new Set([term]), shared: new Set() });
  }
  const dfs = documentFrequencies(client, [...own.map(([t]) => t), ...expansions.keys()].slice(0, MAX_LOOKUPS), stats);
  const measured = (term: string) => ({ df: dfs.get(term) ?? 0, idf: idf(dfs.get(term) ?? 0, stats.chunks) });
  return [
    ...own.map(([term, weight]): QueryTerm => {
      const alternatives = alternativesOf.get(term);
      return { term, weight, ...measured(term), ...(alternatives ? { alternatives } : {}) };
    }),
    ...[...expansions]
      .filter(([t]) => dfs.has(t))
      .map(([term, { weight, standsFor, shared }]): QueryTerm => {
        // For a word the knowledge base never uses, the synonym stands for that word alone, not for a word the two
        // names share: "periodontal disease" stands for the "gum" of "gum disease", so it scores where "disease" is.
        const alone = [...standsFor].some((s) => !dfs.get(s));
        // (And it counts as that word would: "dermatophytosis" is all a knowledge base that never says "ringworm" can match.)
        const fully = standsFor.size > 0 && [...standsFor].every((s) => !dfs.get(s)) && !shared.size;
        return { term, weight: fully ? Math.max(weight, ...[...standsFor].map((s) => counts.get(s) ?? 0)) : weight, ...measured(term), expansion: true, standsFor: alone ? [...standsFor] : [...standsFor, ...shared] };
      }),
  ];
}

/** The terms BM25 scores with: those in the index, rarest first, at most maxQueryTerms. */
function queryTerms(client: Database.Database, query: string, stats: CorpusStats, tuning: LexicalTuning): QueryTerm[] {
  return analyzeTerms(client, query, stats, tuning.stopWords)
    .filter((t) => t.df > 0)
    .sort((a, b) => a.df - b.df)
    .slice(0, tuning.maxQueryTerms);
}

export type QueryAnalysis = { chunks: number; terms: QueryTerm[] };

/** How the index sees a query's words (for relevance judgements beyond ranking, e.g. abstaining). */
export function analyzeQuery(client: Database.Database, query: string): QueryAnalysis {
  const stats = corpusStats(client);
  return { chunks: stats.chunks, terms: analyzeTerms(client, query, stats, true).filter((t) => !t.expansion) };
}

/** Rarest terms first while their postings fit the budget; at least one. Expects terms sorted by df. */
export function candidateTerms<T extends { df: number }>(terms: T[], budget: number): T[] {
  const chosen: T[] = [];
  let postings = 0;
  for (const t of terms) {
    if (chosen.length && postings + t.df > budget) break;
    chosen.push(t);
    postings += t.df;
  }
  return chosen;
}

/**
 * An FTS5 MATCH expression that can only mean "any of these terms": every term is a quoted string
 * (FTS5 syntax inside quotes is literal; a quote is escaped by doubling), joined with OR. Terms come
 * from our tokenizer, so operators, column filters, parentheses, '*' or '^' typed by a user never
 * reach FTS5 as syntax.
 */
export function matchExpression(terms: string[]): string {
  return terms.map(quotedTerm).join(" OR ");
}

/** An index term quoted for FTS5 (a quote inside it doubled). */
export const quotedTerm = (t: string) => `"${t.replaceAll('"', '""')}"`;

/**
 * Does any chunk write these words next to each other ("nucleic acid", "ear notch")? One FTS5 phrase of index terms,
 * quoted as `matchExpression` quotes them; with `near`, within that many words of each other in any order ("interstitial
 * multicatheter" in "multicatheter interstitial brachytherapy"). (Across every document: a phrase only a private
 * document writes is not taken for one the knowledge base never writes, which would refuse the question outright.)
 */
export function holdsPhrase(client: Database.Database, words: string, near?: number): boolean {
  const terms = tokenize(words);
  if (terms.length < 2) return false;
  return indexMatches(client, near === undefined ? quotedTerm(terms.join(" ")) : `NEAR(${terms.map(quotedTerm).join(" ")}, ${near})`);
}

/**
 * Does any chunk hold this name: its one index term, or its words as a phrase ("imidocarb", "Babesia rossi")? (Across
 * every document, as `holdsPhrase`.)
 */
export function holdsName(client: Database.Database, name: string): boolean {
  const terms = tokenize(name);
  if (terms.length !== 1) return terms.length > 1 && holdsPhrase(client, name);
  return indexHolds(client, terms[0]!);
}

export const anyChunkMatches = (client: Database.Database, expression: string) => prepared(client, "SELECT 1 FROM chunks_fts WHERE chunks_fts MATCH ? LIMIT 1").get(expression) !== undefined;

/**
 * Whether any chunk matches an FTS5 expression, remembered until the index changes (search_stats.version): typo
 * correction asks it of every word of a question and of every pair of words that could be one ("ring worm"), the
 * frame of every word naming an asked species, the coverage check of the question's names; and the same words come
 * back question after question.
 */
const matched = new WeakMap<Database.Database, { version: number; held: Map<string, boolean> }>();
function indexMatches(client: Database.Database, expression: string): boolean {
  const { version } = corpusStats(client);
  let cache = matched.get(client);
  if (!cache || cache.version !== version || cache.held.size > DF_CACHE_LIMIT) matched.set(client, (cache = { version, held: new Map() }));
  let held = cache.held.get(expression);
  if (held === undefined) cache.held.set(expression, (held = anyChunkMatches(client, expression)));
  return held;
}

/** Whether any chunk holds an index term (the first posting is enough). */
export const indexHolds = (client: Database.Database, term: string) => indexMatches(client, quotedTerm(term));

type Candidate = { id: number; rank: number };

function scopeFilter(scope: Scope): string {
  return scope.documentIds
    ? "AND +rowid IN (SELECT id FROM chunks WHERE document_id IN (SELECT value FROM json_each(@documentIds)))"
    : "";
}

function scopeParameters(scope: Scope) {
  return scope.documentIds ? { documentIds: JSON.stringify(scope.documentIds) } : {};
}

/**
 * The best chunks by FTS5 bm25() over some terms. A document scope is applied as a filter on the
 * postings (`+rowid` keeps SQLite from driving FTS5 by rowid: FTS5 finds a rowid by walking the
 * doclist from its start, ~50 ms per lookup at 1M chunks).
 */
function bm25Candidates(client: Database.Database, terms: QueryTerm[], tuning: LexicalTuning, limit: number, scope: Scope): number[] {
  const rows = prepared(
    client,
    `SELECT rowid AS id, bm25(chunks_fts, @wt, @wh, @wb) AS rank FROM chunks_fts
     WHERE chunks_fts MATCH @expression ${scopeFilter(scope)} ORDER BY rank LIMIT @limit`,
  ).all({
    expression: matchExpression(terms.map((t) => t.term)),
    wt: tuning.titleWeight,
    wh: tuning.headingWeight,
    wb: tuning.bodyWeight,
    limit,
    ...scopeParameters(scope),
  }) as Candidate[];
  return rows.map((r) => r.id);
}

/**
 * Per-chunk sums of the IDF of the query terms a chunk holds, indexed by chunk id (4 bytes per chunk id
 * ever given: 4 MB at 1M chunks; grown as needed, and only the touched entries are reset after each
 * use). Module-level scratch: search runs synchronously.
 */
let termScores = new Float32Array(1 << 16);
let touched = new Int32Array(1 << 14);
let touchedCount = 0;

/** Adds `weight` to every chunk in a comma-separated list of ids (group_concat: ~2x cheaper than rows). */
function addPostings(list: string | null, weight: number) {
  if (!list) return;
  let id = 0;
  for (let i = 0, n = list.length; i <= n; i++) {
    const c = i < n ? list.charCodeAt(i) : 44;
    if (c !== 44) {
      id = id * 10 + c - 48;
      continue;
    }
    if (id >= termScores.length) {
      const grown = new Float32Array(Math.max(id + 1, termScores.length * 2));
      grown.set(termScores);
      termScores = grown;
    }
    if (termScores[id] === 0) {
      if (touchedCount === touched.length) {
        const grown = new Int32Array(touched.length * 2);
        grown.set(touched);
        touched = grown;
      }
      touched[touchedCount++] = id;
    }
    termScores[id]! += weight;
    id = 0;
  }
}

/** The `limit` touched chunks with the highest sums (ties: lower id first); resets the scratch. */
function takeBestTouched(limit: number): number[] {
  const ids = Array.from(touched.subarray(0, touchedCount));
  const score = (id: number) => termScores[id]!;
  let best: number[];
  if (ids.length <= limit) {
    best = ids;
  } else {
    // A histogram of the sums finds the cut-off without sorting tens of thousands of chunks.
    const bins = 1024;
    let max = 0;
    for (const id of ids) max = Math.max(max, score(id));
    const scale = (bins - 1) / (max || 1);
    const histogram = new Uint32Array(bins);
    for (const id of ids) histogram[Math.floor(score(id) * scale)]!++;
    let cut = bins - 1;
    let above = 0;
    while (above + histogram[cut]! < limit) above += histogram[cut--]!;
    best = [];
    const atCut: number[] = [];
    for (const id of ids) {
      const bin = Math.floor(score(id) * scale);
      if (bin > cut) best.push(id);
      else if (bin === cut) atCut.push(id);
    }
    atCut.sort((a, b) => score(b) - score(a) || a - b);
    best.push(...atCut.slice(0, limit - best.length));
  }
  for (const id of ids) termScores[id] = 0;
  touchedCount = 0;
  return best;
}

/**
 * Chunks holding at least one of the `rare` terms, ranked by the IDF of all the query terms they hold
 * (`others` looked up among them only): the top `limit`.
 */
function coOccurrenceCandidates(client: Database.Database, rare: QueryTerm[], others: QueryTerm[], limit: number): number[] {
  const postings = prepared(client, "SELECT group_concat(rowid) FROM chunks_fts WHERE chunks_fts MATCH ?").pluck();
  const rareExpression = matchExpression(rare.map((t) => t.term));
  for (const t of rare) addPostings(postings.get(matchExpression([t.term])) as string | null, t.weight * t.idf);
  for (const t of others) {
    addPostings(postings.get(`(${rareExpression}) AND ${matchExpression([t.term])}`) as string | null, t.weight * t.idf);
  }
  return takeBestTouched(limit);
}

/**
 * The terms that generate candidates: the question's own rarest terms within the postings budget, and the
 * synonyms of those (or of words the index lacks) within a budget of their own. A synonym of a common word
 * ("canine" for "dogs") only re-scores candidates: the rare words already find the passages it would.
 */
export function generatingTerms(terms: QueryTerm[], budget: number): { rare: QueryTerm[]; others: QueryTerm[] } {
  const own = terms.filter((t) => !t.expansion);
  const ownNames = new Set(own.map((t) => t.term));
  const rareOwn = own.length ? candidateTerms(own, budget) : [];
  const rareNames = new Set(rareOwn.map((t) => t.term));
  const standIns = terms.filter((t) => t.expansion && (t.standsFor ?? []).some((s) => rareNames.has(s) || !ownNames.has(s)));
  // Within their budget only: a stand-in as common as the words it stands for would cost what they do
  const fitting: QueryTerm[] = [];
  let postings = 0;
  for (const t of standIns) {
    if (postings + t.df > budget) break;
    fitting.push(t);
    postings += t.df;
  }
  return { rare: [...rareOwn, ...fitting], others: own.slice(rareOwn.length) };
}

/** Phase 1: candidate chunk ids, `limit` of them ranked by the terms they hold (plus bm25()'s best). */
function candidates(client: Database.Database, terms: QueryTerm[], tuning: LexicalTuning, limit: number, scope: Scope): number[] {
  const { rare, others: rest } = generatingTerms(terms, tuning.postingsBudget);
  // All terms fit, or a document scope (small, and filtered per posting): bm25() over the rare terms.
  if (!rest.length || scope.documentIds) return bm25Candidates(client, rare, tuning, limit, scope);
  const others = rest.slice(0, tuning.maxCoTerms);
  const found = new Set(coOccurrenceCandidates(client, rare, others, Math.round(limit * tuning.coOccurrenceDepth)));
  // Only when the rarest term is rare enough: bm25() over 30k postings would cost more than all the rest.
  if (tuning.bm25Candidates > 0 && terms[0]!.df <= tuning.bm25Budget) {
    for (const id of bm25Candidates(client, candidateTerms(terms, tuning.bm25Budget), tuning, tuning.bm25Candidates, scope)) found.add(id);
  }
  return [...found];
}

/** The candidates this viewer may see, with what scoring and display need. */
function loadVisible(client: Database.Database, ids: number[], scope: Scope): CandidateRow[] {
  if (!ids.length) return [];
  const documentFilter = scope.documentIds ? "AND d.id IN (SELECT value FROM json_each(@documentIds))" : "";
  return prepared(
    client,
    `SELECT c.id, c.document_id AS documentId, d.title, d.authors, c.text, c.heading, c.token_count AS tokenCount,
            c.pages, c.page_label AS pageLabel, c.layout, d.file_type AS fileType
     FROM chunks c JOIN documents d ON d.id = c.document_id
     WHERE c.id IN (SELECT value FROM json_each(@ids)) AND ${VISIBLE_DOCUMENT_SQL} ${documentFilter}`,
  ).all({
    ids: JSON.stringify(ids),
    viewerId: scope.viewerId,
    ...(scope.documentIds ? { documentIds: JSON.stringify(scope.documentIds) } : {}),
  }) as CandidateRow[];
}

/**
 * The index terms of chunks this thread re-scores again and again, in order: the same chunks are candidates
 * question after question (one question searches several times; colleagues ask alike), and counting a
 * question's terms in a chunk's terms takes a fifth of the time of reading its text (250-word chunks). A
 * chunk is remembered the second time it comes (by its id; its terms are keyed by its text, so a changed
 * chunk is read afresh): reading every text in full to remember it costs more than counting (TermCounter)
 * for the many chunks seen once in a large knowledge base. ~2 KB of terms per chunk.
 */
const REMEMBERED_CHUNKS = 1000;
const termsOfText = new LRUCache<string, readonly string[]>({ max: REMEMBERED_CHUNKS });
const seenOnce = new LRUCache<number, true>({ max: 4 * REMEMBERED_CHUNKS });

/** How often each term (by its position in `counter`) occurs in a chunk's text. */
function countInChunk(chunkId: number, text: string, counter: TermCounter, positions: ReadonlyMap<string, number>): Float64Array {
  let terms = termsOfText.get(text);
  if (!terms) {
    if (!seenOnce.has(chunkId)) {
      seenOnce.set(chunkId, true);
      return counter.count(text);
    }
    termsOfText.set(text, (terms = tokenize(text)));
  }
  const counts = new Float64Array(positions.size);
  for (const term of terms) {
    const i = positions.get(term);
    if (i !== undefined) counts[i]! += 1;
  }
  return counts;
}

/** Phase 2: BM25 with field-weighted term frequencies over all query terms. */
function scoreRows(rows: CandidateRow[], terms: QueryTerm[], stats: CorpusStats, tuning: LexicalTuning): LexicalHit[] {
  const positions = new Map(terms.map((t, i) => [t.term, i]));
  const counter = new TermCounter(positions);
  const avgLength = stats.chunks ? stats.tokens / stats.chunks : 1;
  const { k1, b } = tuning;
  const titleCounts = new Map<string, Float64Array>();
  return rows.map((row) => {
    let inTitle = titleCounts.get(row.documentId);
    if (!inTitle) {
      const authors = JSON.parse(row.authors) as string[];
      titleCounts.set(row.documentId, (inTitle = counter.count(titleField({ title: row.title, authors }))));
    }
    const inHeading = counter.count(row.heading ?? "");
    const inBody = countInChunk(row.id, row.text, counter, positions);
    const norm = k1 * (1 - b + (b * row.tokenCount) / avgLength);
    let score = 0;
    const tfs = terms.map((_, i) => tuning.titleWeight * inTitle[i]! + tuning.headingWeight * inHeading[i]! + tuning.bodyWeight * inBody[i]!);
    terms.forEach((t, i) => {
      const tf = tfs[i]!;
      if (tf <= 0 || t.standsFor?.some((own) => tfs[positions.get(own) ?? -1]! > 0)) return;
      score += t.weight * t.idf * ((tf * (k1 + 1)) / (tf + norm));
    });
    return { row, score };
  });
}

export type LexicalOptions = { k: number; scope: Scope; tuning?: Partial<LexicalTuning> };

/** The k best visible chunks for a query by BM25, best first. */
export function lexicalSearch(client: Database.Database, query: string, options: LexicalOptions): LexicalHit[] {
  const tuning = { ...LEXICAL_TUNING, ...options.tuning };
  const { k, scope } = options;
  if (k <= 0) return [];
  const stats = corpusStats(client);
  const terms = queryTerms(client, query, stats, tuning);
  if (!terms.length) return [];

  // Candidates from other users' private or unfinished documents are dropped after phase 1; when that
  // leaves fewer than k, ask for more (until there are no more to give).
  let limit = Math.max(tuning.minCandidates, k * tuning.candidatesPerResult);
  for (;;) {
    const found = candidates(client, terms, tuning, limit, scope);
    const rows = loadVisible(client, found, scope);
    if (rows.length >= k || found.length < limit) {
      return scoreRows(rows, terms, stats, tuning)
        .sort((a, b) => b.score - a.score || a.row.id - b.row.id)
        .slice(0, k);
    }
    limit *= 4;
  }
}
