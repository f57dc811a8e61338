import { tokenize, type QueryTerm } from "../search/index.server";
import type { PassageLike } from "./types";

/**
 * Is a passage about the question? BM25 scores rank passages within one query but mean nothing
 * across queries, so abstaining uses coverage instead: the share of the question's IDF mass (its
 * content words, weighted by how rare they are in the knowledge base) that a passage contains.
 * Words the index has never seen count with the highest IDF: a question about "ibuprofen in horses"
 * is not answered by a passage about meloxicam in horses, however well "horses" matches.
 *
 * ABSTAIN_BELOW was calibrated with `npm run eval:answers` (scripts/eval-answers.ts) on
 * ../shared/corpora/veterinary (276 dev questions) and pubmedqa/dev.json (500 questions) ingested
 * together as one knowledge base, against 50 off-topic questions (sports, cooking, programming, …):
 * the threshold sits between the answerable questions' best-passage coverage (1st percentile well
 * above it) and the off-topic questions' (95th percentile below it). Figures in the script's output.
 */
export const ABSTAIN_BELOW = 0.5;
/** Passages kept for answering: relevant in absolute terms and not far below the best one. */
const KEEP_RELATIVE_TO_BEST = 0.6;

export type ScoredPassage<P extends PassageLike> = P & { coverage: number };

/** Index terms of a passage's text, heading and document title. */
export function passageTerms(passage: Pick<PassageLike, "text" | "heading" | "title">): Set<string> {
  return new Set(tokenize(`${passage.title}\n${passage.heading ?? ""}\n${passage.text}`));
}

/** Unknown terms (df 0) carry the IDF of a term seen in no chunk. */
export function termWeight(term: QueryTerm): number {
  return term.weight * term.idf;
}

export function coverage(terms: QueryTerm[], present: Set<string>): number {
  let total = 0;
  let matched = 0;
  for (const t of terms) {
    const w = termWeight(t);
    total += w;
    if (present.has(t.term)) matched += w;
  }
  return total > 0 ? matched / total : 0;
}

export type Relevance<P extends PassageLike> = {
  /** Best coverage among the passages (0 when none). */
  best: number;
  /** Passages worth answering from, best first by coverage then by their search rank. */
  relevant: Array<ScoredPassage<P>>;
  abstain: boolean;
};

/** Coverage in steps of 0.1: within a step, the search's own order decides. */
const band = (c: number) => Math.floor(c * 10 + 1e-9);

export function judgeRelevance<P extends PassageLike>(terms: QueryTerm[], passages: P[], threshold = ABSTAIN_BELOW): Relevance<P> {
  const scored = passages.map((p, rank) => ({ ...p, coverage: coverage(terms, passageTerms(p)), rank }));
  const best = scored.reduce((m, p) => Math.max(m, p.coverage), 0);
  if (!terms.length || best < threshold) return { best, relevant: [], abstain: true };
  const floor = Math.max(threshold, best * KEEP_RELATIVE_TO_BEST);
  const relevant = scored
    .filter((p) => p.coverage >= floor)
    // Search order within a coverage band: BM25/fusion knows term frequency and field weights.
    .sort((a, b) => band(b.coverage) - band(a.coverage) || a.rank - b.rank)
    .map(({ rank: _rank, ...p }) => p as ScoredPassage<P>);
  return { best, relevant, abstain: false };
}
