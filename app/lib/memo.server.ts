import { LRUCache } from "lru-cache";

/**
 * A pure function of a text, remembered for the last `max` texts this thread has seen: the same passages
 * and sentences come back question after question (a clinic's colleagues ask about the same drugs, and one
 * question reads its passages several times), and reading a text (splitting, stemming, species) costs far
 * more than looking it up. Keyed by the whole text, so a changed text is a new entry, never a stale
 * one. What it returns is shared between callers: they must not change it (the types say so).
 */
export function memoByText<V extends object>(max: number, compute: (text: string) => V): (text: string) => V {
  const cache = new LRUCache<string, V>({ max });
  return (text) => {
    let value = cache.get(text);
    if (value === undefined) {
      value = compute(text);
      cache.set(text, value);
    }
    return value;
  };
}
