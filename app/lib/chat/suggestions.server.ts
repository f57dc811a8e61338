import { getDb, perConnection, type Db } from "../db/index.server";
import { FALLBACK_POPULAR_SUGGESTIONS } from "./defaults";
import { POPULAR_MIN_ASKERS, POPULAR_SUGGESTIONS_MAX, questionKey } from "./popular";

const withKeyFunction = new WeakSet<object>();

/** Registers question_key() on the connection so SQLite groups by the same key the unit tests check. */
function ensureQuestionKeyFunction(db: Db) {
  if (withKeyFunction.has(db.$client)) return;
  db.$client.function("question_key", { deterministic: true }, (text: unknown) => (typeof text === "string" ? knownQuestionKey(text) : null));
  withKeyFunction.add(db.$client);
}
/** Keys already worked out: most questions are asked again and again (bounded: forgotten all at once when full). */
const knownKeys = new Map<string, string | null>();
const KNOWN_KEYS_MAX = 20_000;

type PopularRow = { content: string; askers: number; asks: number; lastAsked: number };

/**
 * The questions users ask most (spec §7 /api/suggestions/popular), at most three: user messages grouped by
 * question_key, counted by how many different users asked them, then by how often, then by how recently.
 * A question only one person asked is never shown to others: it may carry that person's patient details.
 * Each is shown in the words of its newest asking: SQLite takes bare columns from the row that holds the
 * max() of an aggregate query (https://sqlite.org/lang_select.html#bareagg).
 *
 * That definition is popularQuery below. Counting it on every chat page scanned every question ever asked,
 * so the count is kept per connection and brought up to date from the questions stored since (see
 * question_stats in db/migrations/0015_question_version.sql); a question changed or removed means
 * counting again from the start. Where the values leave SQLite's answer open (two wordings asked in
 * the same millisecond, equal ranks), SQLite is asked.
 */
export function popularQuestions(db: Db = getDb()): string[] {
  ensureQuestionKeyFunction(db);
  // One read transaction: the counters and the rows read are the same moment's.
  const state = perConnection(db, upToDateInOneRead)();
  state.questions ??= ranked(state) ?? perConnection(db, popularQuery).all(POPULAR_MIN_ASKERS, POPULAR_SUGGESTIONS_MAX).map((r) => shown((r as PopularRow).content));
  return [...state.questions];
}

type KeyCount = { asks: number; askers: Set<string>; lastAsked: number; content: string; tied: boolean };
type Count = {
  inserted: number;
  changed: number;
  /** The newest question read (rowid): those stored after it are read next time. */
  lastRowid: number;
  keys: Map<string, KeyCount>;
  /** The keys asked by at least POPULAR_MIN_ASKERS users. */
  popular: Set<KeyCount>;
  /** The answer for this count; null until worked out. */
  questions: string[] | null;
};
type AskedRow = { rowid: number; content: string; createdAt: number; userId: string };

const counts = new WeakMap<Db, Count>();

function upToDateInOneRead(db: Db) {
  return db.$client.transaction(() => upToDate(db));
}

function upToDate(db: Db): Count {
  const stats = perConnection(db, questionStatsQuery).get() as { inserted: number; changed: number };
  const kept = counts.get(db);
  if (kept && kept.changed === stats.changed) {
    if (kept.inserted === stats.inserted) return kept;
    const added = perConnection(db, askedSinceQuery).all(kept.lastRowid) as AskedRow[];
    // Fewer or more than were stored since: rowids were renumbered (VACUUM) or a row came in another way.
    if (added.length === stats.inserted - kept.inserted) {
      for (const row of added) count(kept, row);
      kept.inserted = stats.inserted;
      kept.questions = null;
      return kept;
    }
  }
  const fresh: Count = { ...stats, lastRowid: 0, keys: new Map(), popular: new Set(), questions: null };
  for (const row of perConnection(db, askedSinceQuery).iterate(0) as Iterable<AskedRow>) count(fresh, row);
  counts.set(db, fresh);
  return fresh;
}

function count(state: Count, row: AskedRow) {
  state.lastRowid = Math.max(state.lastRowid, row.rowid);
  const key = knownQuestionKey(row.content);
  if (key === null) return;
  let k = state.keys.get(key);
  if (!k) {
    k = { asks: 0, askers: new Set(), lastAsked: row.createdAt, content: row.content, tied: false };
    state.keys.set(key, k);
  } else if (row.createdAt > k.lastAsked) {
    Object.assign(k, { lastAsked: row.createdAt, content: row.content, tied: false });
  } else if (row.createdAt === k.lastAsked && row.content !== k.content) {
    k.tied = true;
  }
  k.asks++;
  k.askers.add(row.userId);
  if (k.askers.size >= POPULAR_MIN_ASKERS) state.popular.add(k);
}

const rank = (a: KeyCount, b: KeyCount) => b.askers.size - a.askers.size || b.asks - a.asks || b.lastAsked - a.lastAsked;

/** The shown questions, or null where SQLite's order or choice of words is not fixed by the values. */
function ranked(state: Count): string[] | null {
  const candidates = [...state.popular].sort(rank);
  const top = candidates.slice(0, POPULAR_SUGGESTIONS_MAX);
  if (top.some((k) => k.tied)) return null;
  for (let i = 1; i < Math.min(candidates.length, POPULAR_SUGGESTIONS_MAX + 1); i++) if (rank(candidates[i - 1]!, candidates[i]!) === 0) return null;
  return top.map((k) => shown(k.content));
}

const shown = (content: string) => content.trim().replace(/\s+/g, " ");

function knownQuestionKey(text: string): string | null {
  let key = knownKeys.get(text);
  if (key === undefined) {
    key = questionKey(text);
    if (knownKeys.size >= KNOWN_KEYS_MAX) knownKeys.clear();
    knownKeys.set(text, key);
  }
  return key;
}

function popularQuery(db: Db) {
  return db.$client.prepare(
    // The key worked out once per question (the grouping and the filter would each call it), in a
    // materialized table the outer query then groups.
    `with asked as materialized (
       select question_key(m.content) as questionKey, m.content as content, m.created_at as createdAt, c.user_id as userId
         from messages m join conversations c on c.id = m.conversation_id
        where m.role = 'user')
     select content, max(createdAt) as lastAsked, count(*) as asks, count(distinct userId) as askers
       from asked
      where questionKey is not null
      group by questionKey
     having askers >= ?
      order by askers desc, asks desc, lastAsked desc
      limit ?`,
  );
}

function askedSinceQuery(db: Db) {
  return db.$client.prepare(
    `select m.rowid as rowid, m.content as content, m.created_at as createdAt, c.user_id as userId
       from messages m join conversations c on c.id = m.conversation_id
      where m.role = 'user' and m.rowid > ?
      order by m.rowid`,
  );
}

function questionStatsQuery(db: Db) {
  return db.$client.prepare("select inserted, changed from question_stats where id = 1");
}

/** Popular questions when there are any, else the spec §9 fallbacks. */
export function popularSuggestions(db: Db = getDb()): string[] {
  const popular = popularQuestions(db);
  return popular.length > 0 ? popular : [...FALLBACK_POPULAR_SUGGESTIONS];
}
