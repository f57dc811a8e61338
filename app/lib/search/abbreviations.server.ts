import type Database from "better-sqlite3";
import { findAbbreviations } from "./abbreviations";
import { prepared } from "./statements.server";
import { isStopWord } from "./stopwords";
import { tokenize } from "./tokenize";
import { VISIBLE_DOCUMENT_SQL } from "./visibility.server";

/**
 * The abbreviations the knowledge base defines, stored per document at indexing (deleting or
 * re-indexing a document removes its own), and found again in questions: a short form typed in
 * capitals ("FIP") brings its long forms, a long form written out brings its short form.
 */

type Defined = { short: string; shortTerm: string; long: string; longTerms: string; firstTerm: string; count: number };

/** Mines a document's chunks and stores what they define (in the caller's transaction). */
export function indexAbbreviations(client: Database.Database, documentId: string, texts: string[]): number {
  prepared(client, "DELETE FROM abbreviations WHERE document_id = ?").run(documentId);
  const defined = new Map<string, Defined>();
  for (const text of texts) {
    for (const pair of findAbbreviations(text)) {
      const shortTerms = tokenize(pair.short);
      const longTerms = tokenize(pair.long);
      // A short form that is not one index term ("M. bovis", "BVDV-1") cannot be found as one word of a question
      if (shortTerms.length !== 1 || !longTerms.length || isStopWord(pair.short.toLowerCase())) continue;
      const key = `${shortTerms[0]}\t${longTerms.join(" ")}`;
      const known = defined.get(key);
      if (known) known.count++;
      else defined.set(key, { short: pair.short, shortTerm: shortTerms[0]!, long: pair.long, longTerms: longTerms.join(" "), firstTerm: longTerms[0]!, count: 1 });
    }
  }
  const insert = prepared(
    client,
    `INSERT INTO abbreviations (document_id, short, short_term, long, long_terms, first_term, count)
     VALUES (@documentId, @short, @shortTerm, @long, @longTerms, @firstTerm, @count)`,
  );
  for (const row of defined.values()) insert.run({ documentId, ...row });
  return defined.size;
}

export type AbbreviationMatch = {
  /** The question's terms that the abbreviation stands for (its short form, or its long form's terms). */
  terms: string[];
  /** What a passage may hold instead, each a set of terms, with its share of the definitions found. */
  alternatives: string[][];
  shares: number[];
};

type Row = { shortTerm: string; longTerms: string; count: number };

/** A long form's terms without its function words ("and", "of"): what a passage must hold. */
const contentTerms = (longTerms: string) => longTerms.split(" ").filter((t) => !isStopWord(t));

const QUESTION_WORD = /[\p{L}\p{N}][\p{L}\p{N}-]*/gu;

function containsRun(terms: string[], run: string[]): boolean {
  outer: for (let i = 0; i + run.length <= terms.length; i++) {
    for (let j = 0; j < run.length; j++) if (terms[i + j] !== run[j]) continue outer;
    return true;
  }
  return false;
}

/**
 * The abbreviations of the shared knowledge base that a question uses: a word with a capital letter
 * that some document defines as a short form, or a long form written out word for word. An
 * abbreviation with several long forms gives each, weighted by how often the knowledge base defines it.
 */
export function abbreviationsIn(client: Database.Database, query: string, queryTerms: string[]): AbbreviationMatch[] {
  const shorts = new Set<string>();
  for (const match of query.matchAll(QUESTION_WORD)) {
    if (!/\p{Lu}/u.test(match[0])) continue;
    const terms = tokenize(match[0]);
    if (terms.length === 1) shorts.add(terms[0]!);
  }
  const firsts = new Set(queryTerms.filter((t) => !isStopWord(t)));
  if (!shorts.size && !firsts.size) return [];
  const rows = prepared(
    client,
    `SELECT a.short_term AS shortTerm, a.long_terms AS longTerms, sum(a.count) AS count
     FROM abbreviations a JOIN documents d ON d.id = a.document_id
     WHERE ${VISIBLE_DOCUMENT_SQL}
       AND (a.short_term IN (SELECT value FROM json_each(@shorts)) OR a.first_term IN (SELECT value FROM json_each(@firsts)))
     GROUP BY a.short_term, a.long_terms`,
  ).all({ shorts: JSON.stringify([...shorts]), firsts: JSON.stringify([...firsts]), viewerId: null }) as Row[];
  const out: AbbreviationMatch[] = [];
  // Short forms in the question: all their long forms
  const byShort = new Map<string, Row[]>();
  for (const row of rows) if (shorts.has(row.shortTerm)) byShort.set(row.shortTerm, [...(byShort.get(row.shortTerm) ?? []), row]);
  for (const [shortTerm, forms] of byShort) {
    const total = forms.reduce((n, f) => n + f.count, 0);
    out.push({ terms: [shortTerm], alternatives: forms.map((f) => contentTerms(f.longTerms)), shares: forms.map((f) => f.count / total) });
  }
  // Long forms written out: their short form
  for (const row of rows) {
    const long = row.longTerms.split(" ");
    if (!shorts.has(row.shortTerm) && containsRun(queryTerms, long)) out.push({ terms: contentTerms(row.longTerms), alternatives: [[row.shortTerm]], shares: [1] });
  }
  return out;
}
