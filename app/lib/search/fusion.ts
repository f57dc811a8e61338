/**
 * Reciprocal rank fusion (Cormack, Clarke & Büttcher 2009): each list adds 1 / (K + rank) for an item,
 * rank 1-based. It needs no score calibration between BM25 and cosine similarity, and K = 60 is the
 * value from the paper that most systems keep.
 */
export const RRF_K = 60;

export type Fused<T> = { key: T; score: number; ranks: Array<number | null> };

/** Fuses ranked lists of keys (best first); ties keep the order of the first list that has the item. */
export function reciprocalRankFusion<T>(lists: T[][], k = RRF_K): Fused<T>[] {
  const fused = new Map<T, Fused<T>>();
  lists.forEach((list, listIndex) => {
    list.forEach((key, i) => {
      let entry = fused.get(key);
      if (!entry) fused.set(key, (entry = { key, score: 0, ranks: lists.map(() => null) }));
      if (entry.ranks[listIndex] !== null) return;
      entry.ranks[listIndex] = i + 1;
      entry.score += 1 / (k + i + 1);
    });
  });
  const firstRank = (f: Fused<T>) => Math.min(...f.ranks.map((r) => r ?? Infinity));
  return [...fused.values()].sort((a, b) => b.score - a.score || firstRank(a) - firstRank(b));
}
