import type Database from "better-sqlite3";
import { titleField } from "./indexer.server";
import { prepared } from "./statements.server";
import { isStopWord } from "./stopwords";
import { TermCounter, tokenize } from "./tokenize";
import { type Scope, VISIBLE_DOCUMENT_SQL } from "./visibility.server";

/**
 * BM25 over chunks in two phases.
 *
 * 1. Candidates: FTS5 `bm25()` (field weights title/heading/body) over the query's *rarer* terms only,
 *    top M chunks. FTS5's cost is proportional to the postings it walks — twice, once to count each
 *    term's documents for its IDF, once to score — so frequent terms ("patients", "effect", "dog")
 *    dominate it: plain bm25() over all question terms took ~130 ms at 100k chunks and 600-900 ms at
 *    500k. Terms are taken rarest first while their summed document frequency fits POSTINGS_BUDGET
 *    (always at least the rarest one). This is the idea of MaxScore/WAND: a frequent term cannot lift
 *    a chunk that has none of the rare terms into the top results, its IDF is too small.
 * 2. Exact scoring: the M candidates are re-scored with BM25 over ALL query terms (their term
 *    frequencies counted by tokenizing the candidates' text in JavaScript — with the same tokenizer as
 *    the index, so counts are exact), with our own k1 and b (FTS5's bm25() fixes k1=1.2, b=0.75).
 *
 * Document frequencies come from the FTS5 vocabulary (exact, deletions included) and are cached per
 * index version (search_stats.version changes with every chunk written or removed).
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
  /** Summed document frequency of the terms that generate candidates (phase 1). */
  postingsBudget: number;
  /** Drop English function words from queries (kept when the query has nothing else). */
  stopWords: boolean;
  /** Longest queries keep this many distinct terms, the rarest. */
  maxQueryTerms: number;
};

export const LEXICAL_TUNING: LexicalTuning = {
  k1: 1.2,
  b: 0.75,
  titleWeight: 3,
  headingWeight: 1.5,
  bodyWeight: 1,
  candidatesPerResult: 4,
  minCandidates: 200,
  postingsBudget: 30_000,
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
  fileType: string;
};

export type LexicalHit = { row: CandidateRow; score: number };

export type QueryTerm = { term: string; weight: number; df: number; idf: number };
type CorpusStats = { chunks: number; tokens: number; version: number };

function corpusStats(client: Database.Database): CorpusStats {
  return prepared(client, "SELECT chunks, tokens, version FROM search_stats WHERE id = 1").get() as CorpusStats;
}

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
function analyzeTerms(client: Database.Database, query: string, stats: CorpusStats, stopWords: boolean): QueryTerm[] {
  const content = stopWords ? tokenize(query, isStopWord) : [];
  const counts = new Map<string, number>();
  for (const t of content.length ? content : tokenize(query)) counts.set(t, (counts.get(t) ?? 0) + 1);
  // A pasted page of text has hundreds of distinct words: look up the first few hundred only.
  const dfs = documentFrequencies(client, [...counts.keys()].slice(0, MAX_LOOKUPS), stats);
  return [...counts].slice(0, MAX_LOOKUPS).map(([term, weight]) => ({ term, weight, df: dfs.get(term) ?? 0, idf: idf(dfs.get(term) ?? 0, stats.chunks) }));
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
  return { chunks: stats.chunks, terms: analyzeTerms(client, query, stats, true) };
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
  return terms.map((t) => `"${t.replaceAll('"', '""')}"`).join(" OR ");
}

type Candidate = { id: number; rank: number };

/**
 * Phase 1: the best chunks by FTS5 bm25() over the candidate terms. A document scope is applied as a
 * filter on the postings (`+rowid` keeps SQLite from driving FTS5 by rowid: FTS5 finds a rowid by
 * walking the doclist from its start, ~50 ms per lookup at 1M chunks).
 */
function candidates(client: Database.Database, expression: string, tuning: LexicalTuning, limit: number, scope: Scope): Candidate[] {
  const scopeFilter = scope.documentIds
    ? "AND +rowid IN (SELECT id FROM chunks WHERE document_id IN (SELECT value FROM json_each(@documentIds)))"
    : "";
  return prepared(
    client,
    `SELECT rowid AS id, bm25(chunks_fts, @wt, @wh, @wb) AS rank FROM chunks_fts
     WHERE chunks_fts MATCH @expression ${scopeFilter} ORDER BY rank LIMIT @limit`,
  ).all({
    expression,
    wt: tuning.titleWeight,
    wh: tuning.headingWeight,
    wb: tuning.bodyWeight,
    limit,
    ...(scope.documentIds ? { documentIds: JSON.stringify(scope.documentIds) } : {}),
  }) as Candidate[];
}

/** The candidates this viewer may see, with what scoring and display need. */
function loadVisible(client: Database.Database, ids: number[], scope: Scope): CandidateRow[] {
  if (!ids.length) return [];
  const documentFilter = scope.documentIds ? "AND d.id IN (SELECT value FROM json_each(@documentIds))" : "";
  return prepared(
    client,
    `SELECT c.id, c.document_id AS documentId, d.title, d.authors, c.text, c.heading, c.token_count AS tokenCount,
            c.pages, c.page_label AS pageLabel, d.file_type AS fileType
     FROM chunks c JOIN documents d ON d.id = c.document_id
     WHERE c.id IN (SELECT value FROM json_each(@ids)) AND ${VISIBLE_DOCUMENT_SQL} ${documentFilter}`,
  ).all({
    ids: JSON.stringify(ids),
    viewerId: scope.viewerId,
    ...(scope.documentIds ? { documentIds: JSON.stringify(scope.documentIds) } : {}),
  }) as CandidateRow[];
}

/** Phase 2: BM25 with field-weighted term frequencies over all query terms. */
function scoreRows(rows: CandidateRow[], terms: QueryTerm[], stats: CorpusStats, tuning: LexicalTuning): LexicalHit[] {
  const counter = new TermCounter(new Map(terms.map((t, i) => [t.term, i])));
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
    const inBody = counter.count(row.text);
    const norm = k1 * (1 - b + (b * row.tokenCount) / avgLength);
    let score = 0;
    terms.forEach((t, i) => {
      const tf = tuning.titleWeight * inTitle[i]! + tuning.headingWeight * inHeading[i]! + tuning.bodyWeight * inBody[i]!;
      if (tf > 0) score += t.weight * t.idf * ((tf * (k1 + 1)) / (tf + norm));
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
  const expression = matchExpression(candidateTerms(terms, tuning.postingsBudget).map((t) => t.term));

  // Candidates from other users' private or unfinished documents are dropped after phase 1; when that
  // leaves fewer than k, ask FTS5 for more (until it has no more to give).
  let limit = Math.max(tuning.minCandidates, k * tuning.candidatesPerResult);
  for (;;) {
    const found = candidates(client, expression, tuning, limit, scope);
    const rows = loadVisible(
      client,
      found.map((c) => c.id),
      scope,
    );
    if (rows.length >= k || found.length < limit) {
      return scoreRows(rows, terms, stats, tuning)
        .sort((a, b) => b.score - a.score || a.row.id - b.row.id)
        .slice(0, k);
    }
    limit *= 4;
  }
}
