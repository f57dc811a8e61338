import { getDb, perConnection, type Db } from "../db/index.server";
import { FALLBACK_POPULAR_SUGGESTIONS } from "./defaults";
import { POPULAR_MIN_ASKERS, POPULAR_SUGGESTIONS_MAX, questionKey } from "./popular";

const withKeyFunction = new WeakSet<object>();

/**
 * Registers question_key() on the connection so SQLite groups by the same key the unit tests check. A
 * count calls it for every question ever asked, and most are asked again and again: keys already worked
 * out are remembered (bounded: forgotten all at once when full).
 */
function ensureQuestionKeyFunction(db: Db) {
  if (withKeyFunction.has(db.$client)) return;
  db.$client.function("question_key", { deterministic: true }, (text: unknown) => {
    if (typeof text !== "string") return null;
    let key = knownKeys.get(text);
    if (key === undefined) {
      key = questionKey(text);
      if (knownKeys.size >= KNOWN_KEYS_MAX) knownKeys.clear();
      knownKeys.set(text, key);
    }
    return key;
  });
  withKeyFunction.add(db.$client);
}
const knownKeys = new Map<string, string | null>();
const KNOWN_KEYS_MAX = 20_000;

type PopularRow = { content: string; askers: number; asks: number; lastAsked: number };

/**
 * The questions users ask most (spec §7 /api/suggestions/popular), at most three: user messages grouped by
 * question_key, counted by how many different users asked them, then by how often, then by how recently.
 * A question only one person asked is never shown to others: it may carry that person's patient details.
 * Each is shown in the words of its newest asking: SQLite takes bare columns from the row that holds the
 * max() of an aggregate query (https://sqlite.org/lang_select.html#bareagg).
 */
export function popularQuestions(db: Db = getDb()): string[] {
  const version = perConnection(db, questionsVersionQuery).get() as number;
  const kept = counted.get(db);
  if (kept?.version === version) return [...kept.questions];
  ensureQuestionKeyFunction(db);
  const rows = perConnection(db, popularQuery).all(POPULAR_MIN_ASKERS, POPULAR_SUGGESTIONS_MAX) as PopularRow[];
  const questions = rows.map((r) => r.content.trim().replace(/\s+/g, " "));
  counted.set(db, { version, questions });
  return [...questions];
}

/**
 * The last count by connection, with the question_stats version it was made at: the count scans every
 * question asked, on every chat page, and changes only when a question is stored, changed or removed
 * (db/migrations/0015_question_version.sql), which changes the version, by any connection or process.
 */
const counted = new WeakMap<Db, { version: number; questions: string[] }>();

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

function questionsVersionQuery(db: Db) {
  return db.$client.prepare("select version from question_stats where id = 1").pluck();
}

/** Popular questions when there are any, else the spec §9 fallbacks. */
export function popularSuggestions(db: Db = getDb()): string[] {
  const popular = popularQuestions(db);
  return popular.length > 0 ? popular : [...FALLBACK_POPULAR_SUGGESTIONS];
}
