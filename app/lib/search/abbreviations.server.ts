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

type Defined = { short: string; shortTerm: string; long: string; longTerms: string; leadTerms: string; count: number };

/** The key a long form is found by: its first two index terms (its only one when single). */
const leadOf = (terms: string[]) => terms.slice(0, 2).join(" ");

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
      else defined.set(key, { short: pair.short, shortTerm: shortTerms[0]!, long: pair.long, longTerms: longTerms.join(" "), leadTerms: leadOf(longTerms), count: 1 });
    }
  }
  const insert = prepared(
    client,
    `INSERT INTO abbreviations (document_id, short, short_term, long, long_terms, lead_terms, count)
     VALUES (@documentId, @short, @shortTerm, @long, @longTerms, @leadTerms, @count)`,
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
  // Long forms start with the question's words: each word (a one-word long form) and each pair in order
  const leads = new Set<string>();
  queryTerms.forEach((t, i) => {
    if (isStopWord(t)) return;
    leads.add(t);
    if (i + 1 < queryTerms.length) leads.add(`${t} ${queryTerms[i + 1]}`);
  });
  if (!shorts.size && !leads.size) return [];
  // Each lookup walks its own index (an OR, or starting from the documents, would scan every definition),
  // and only then keeps the shared, completed documents' rows.
  const rows = prepared(
    client,
    `SELECT a.short_term AS shortTerm, a.long_terms AS longTerms, sum(a.count) AS count
     FROM (SELECT document_id, short_term, long_terms, count FROM abbreviations WHERE short_term IN (SELECT value FROM json_each(@shorts))
           UNION ALL
           SELECT document_id, short_term, long_terms, count FROM abbreviations
           WHERE lead_terms IN (SELECT value FROM json_each(@leads)) AND short_term NOT IN (SELECT value FROM json_each(@shorts))) a
     CROSS JOIN documents d ON d.id = a.document_id
     WHERE ${VISIBLE_DOCUMENT_SQL}
     GROUP BY a.short_term, a.long_terms`,
  ).all({ shorts: JSON.stringify([...shorts]), leads: JSON.stringify([...leads]), viewerId: null }) as Row[];
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
