import type Database from "better-sqlite3";
import { findAbbreviations } from "./abbreviations";
import clinical from "./clinical-abbreviations.json";
import { isEnglishWord } from "./english-words.server";
import { prepared } from "./statements.server";
import { synonymsIn } from "./synonyms";
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
const ACRONYM_LIKE = /^(?=(?:[^\p{Lu}]*\p{Lu}){2}|.*\p{Lu}.*\d|.*\d.*\p{Lu})/u;
/** Long forms kept per short form: the most defined, each at least this share of its definitions. */
const MAX_LONG_FORMS = 3;
const MIN_LONG_FORM_SHARE = 0.15;
/** Definitions read per short form or lead: enough to tell a usual meaning from a rare one. */
const SAMPLED_DEFINITIONS = 200;

function containsRun(terms: string[], run: string[]): boolean {
  outer: for (let i = 0; i + run.length <= terms.length; i++) {
    for (let j = 0; j < run.length; j++) if (terms[i + j] !== run[j]) continue outer;
    return true;
  }
  return false;
}

/** Shipped short forms written with one capital ("Hb"): matched only as written, as a capitalised word is usually not one. */
const SHIPPED_AS_WRITTEN = new Set(Object.keys(clinical.abbreviations).filter((short) => !ACRONYM_LIKE.test(short)));

/** Usual long forms (clinical-abbreviations.json) by short form's index term, as content terms. */
const CLINICAL = (() => {
  const byShort = new Map<string, string[][]>();
  for (const [short, longs] of Object.entries(clinical.abbreviations as Record<string, string[]>)) {
    const [term, ...rest] = tokenize(short);
    if (!term || rest.length || isStopWord(term)) throw new Error(`clinical-abbreviations.json: "${short}" is not one searchable word`);
    const forms = byShort.get(term) ?? [];
    for (const long of longs) {
      const content = contentTerms(tokenize(long).join(" "));
      if (!content.length) throw new Error(`clinical-abbreviations.json: "${long}" has no words`);
      if (!forms.some((f) => f.join(" ") === content.join(" "))) forms.push(content);
    }
    byShort.set(term, forms);
  }
  return byShort;
})();
/** Long forms written out in a question find their shipped short form only when it is this long: "la" or "ct" alone mean too much. */
const MIN_SHIPPED_SHORT = 3;
/**
 * The shipped short forms of one meaning whose long form holds all these content terms, with that long form: "NDV" and "ND"
 * for "Newcastle", "PsA" (Pseudomonas aeruginosa) for "Pseudomonas", as a passage may name the thing only by them.
 */
export function usualShortFormsHolding(terms: string[]): Array<{ short: string; long: string }> {
  if (!terms.length) return [];
  return SINGLE_MEANING.filter((form) => terms.every((t) => form.terms.includes(t))).map(({ short, long }) => ({ short, long }));
}
/**
 * The shipped short forms (three letters or more) a word no passage writes may stand in: "DTMUV" and "TMUV" for "tembusu". Only
 * for a name of few long forms, not an everyday word: "virus" would bring every abbreviation ending in it, "hit" "HBC".
 */
export function shortFormsOfUnwrittenWord(term: string): string[] {
  if (isEnglishWord(term)) return [];
  const forms = usualShortFormsHolding([term]).filter((f) => f.short.length >= MIN_SHIPPED_SHORT);
  return forms.length <= MAX_FORMS_OF_A_WORD ? forms.map((f) => f.short) : [];
}
const MAX_FORMS_OF_A_WORD = 2;

/** The shipped short forms of one meaning (read once: the coverage check asks per passage and name). */
const SINGLE_MEANING = Object.entries(clinical.abbreviations as Record<string, string[]>)
  .filter(([short, longs]) => longs.length === 1 && short.length >= MIN_SHIPPED_SHORT - 1)
  .map(([short, longs]) => ({ short, long: longs[0]!, terms: CLINICAL.get(tokenize(short)[0]!)?.[0] ?? [] }));

/**
 * Definitions read per short form or lead, by connection, until the index changes (search_stats.version):
 * a question's words recur in the next ones, and a common lead ("stem cell") has thousands of definitions
 * to sample. ~40 lookups per question cost ~5 ms at a million chunks uncached.
 */
const lookups = new WeakMap<Database.Database, { version: number; rows: Map<string, Row[]> }>();
const LOOKUP_CACHE_LIMIT = 20_000;

function lookupCache(client: Database.Database, version: number): Map<string, Row[]> {
  let cache = lookups.get(client);
  if (!cache || cache.version !== version) lookups.set(client, (cache = { version, rows: new Map() }));
  return cache.rows;
}

/** Document frequencies of index terms in the shared knowledge base. */
export type DocumentFrequency = (terms: string[]) => Map<string, number>;

/**
 * The shipped long forms of a short form the knowledge base does not define, that occur in it: each
 * weighted by how often its rarest word does.
 */
export function usualLongForms(shortTerm: string, documentFrequency: DocumentFrequency): AbbreviationMatch | null {
  const shipped = CLINICAL.get(shortTerm);
  if (!shipped) return null;
  const weighedForms = (forms: string[][]) => {
    const dfs = documentFrequency(forms.flat());
    return forms.map((terms) => ({ terms, weight: Math.min(...terms.map((t) => dfs.get(t) ?? 0)) })).filter((f) => f.weight > 0);
  };
  // Where the passages write none of them, the other names the vocabulary gives a long form: "IKC", infectious
  // keratoconjunctivitis, is what a passage calls "pink eye".
  let weighed = weighedForms(shipped);
  if (!weighed.length) weighed = weighedForms(shipped.flatMap((form) => synonymsIn(form).filter((m) => m.terms.join(" ") === form.join(" ")).flatMap((m) => m.alternatives)));
  const total = weighed.reduce((n, f) => n + f.weight, 0);
  if (!total) return null;
  return { terms: [shortTerm], alternatives: weighed.map((f) => f.terms), shares: weighed.map((f) => f.weight / total) };
}

/**
 * The abbreviations of the shared knowledge base that a question uses: a word with a capital letter
 * that some document defines as a short form, or a long form written out word for word. An
 * abbreviation with several long forms gives each, weighted by how often the knowledge base defines it.
 * A short form no document defines gets its usual long forms (clinical-abbreviations.json) that the
 * knowledge base holds, and a usual long form written out gets its short form.
 */
export function abbreviationsIn(
  client: Database.Database,
  query: string,
  queryTerms: string[],
  index: { version: number; documentFrequency: DocumentFrequency },
): AbbreviationMatch[] {
  const { documentFrequency } = index;
  const shorts = new Set<string>();
  for (const match of query.matchAll(QUESTION_WORD)) {
    // Typed as an abbreviation: two capitals ("FIP", "FeLV"), or a capital and a digit ("PCV2"); not a
    // capitalised sentence opener ("Does", "Mitochondria")
    // (Or a shipped short form typed as it is written, one capital then lower case: "Hb", "Mb".)
    if (!ACRONYM_LIKE.test(match[0]) && !SHIPPED_AS_WRITTEN.has(match[0])) continue;
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
  const out: AbbreviationMatch[] = [];
  // One indexed lookup per short form and per lead, each reading a bounded number of definitions: a short
  // form defined in thousands of documents ("CT") is judged by a sample, not summed over all of them.
  const lookup = (column: "short_term" | "lead_terms", value: string, limit: number) => {
    const cache = lookupCache(client, index.version);
    const key = `${column}\t${value}`;
    let rows = cache.get(key);
    if (!rows) {
      rows = prepared(
        client,
        `SELECT a.short_term AS shortTerm, a.long_terms AS longTerms, a.count AS count
         FROM abbreviations a CROSS JOIN documents d ON d.id = a.document_id
         WHERE a.${column} = @value AND ${VISIBLE_DOCUMENT_SQL} LIMIT @limit`,
      ).all({ value, limit, viewerId: null }) as Row[];
      if (cache.size >= LOOKUP_CACHE_LIMIT) cache.clear();
      cache.set(key, rows);
    }
    return rows;
  };
  const definitions = new Map<string, Row>();
  const add = (row: Row) => {
    const key = `${row.shortTerm}\t${row.longTerms}`;
    const known = definitions.get(key);
    if (known) known.count += row.count;
    else definitions.set(key, { ...row });
  };
  for (const short of shorts) for (const row of lookup("short_term", short, SAMPLED_DEFINITIONS)) add(row);
  for (const lead of leads) for (const row of lookup("lead_terms", lead, SAMPLED_DEFINITIONS)) if (!shorts.has(row.shortTerm)) add(row);
  const rows = [...definitions.values()];
  // Short forms in the question: all their long forms
  const byShort = new Map<string, Row[]>();
  for (const row of rows) if (shorts.has(row.shortTerm)) byShort.set(row.shortTerm, [...(byShort.get(row.shortTerm) ?? []), row]);
  for (const [shortTerm, forms] of byShort) {
    const total = forms.reduce((n, f) => n + f.count, 0);
    // A short form defined many ways across the knowledge base ("CT") expands to its usual meanings only
    const usual = forms
      .sort((a, b) => b.count - a.count)
      .slice(0, MAX_LONG_FORMS)
      .filter((f) => f.count / total >= MIN_LONG_FORM_SHARE);
    if (!usual.length) continue;
    out.push({ terms: [shortTerm], alternatives: usual.map((f) => contentTerms(f.longTerms)), shares: usual.map((f) => f.count / total) });
  }
  // Long forms written out: their short form
  for (const row of rows) {
    const long = row.longTerms.split(" ");
    if (!shorts.has(row.shortTerm) && containsRun(queryTerms, long)) out.push({ terms: contentTerms(row.longTerms), alternatives: [[row.shortTerm]], shares: [1] });
  }
  // Short forms and long forms the knowledge base does not define: the usual ones
  for (const short of shorts) {
    if (byShort.has(short)) continue;
    const usual = usualLongForms(short, documentFrequency);
    if (usual) out.push(usual);
  }
  const content = queryTerms.filter((t) => !isStopWord(t));
  for (const [shortTerm, forms] of CLINICAL) {
    if (shortTerm.length < MIN_SHIPPED_SHORT || shorts.has(shortTerm) || rows.some((r) => r.shortTerm === shortTerm)) continue;
    for (const form of forms) if (form.every((t) => content.includes(t)) && containsRun(content, form)) out.push({ terms: form, alternatives: [[shortTerm]], shares: [1] });
  }
  return out;
}
