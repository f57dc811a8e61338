import { describe, expect, it } from "vitest";
import { seededRandom } from "../seeded-random";
import { hammingDistances } from "./vector.server";

/** One bit at a time: what the grouped SWAR count must equal. */
function naiveDistance(a: Uint32Array, offset: number, b: Uint32Array, words: number): number {
  let d = 0;
  for (let w = 0; w < words; w++) for (let x = (a[offset + w]! ^ b[w]!) >>> 0; x; x >>>= 1) d += x & 1;
  return d;
}

describe("Hamming distances of binary codes", () => {
  it("equal a bit-by-bit count for any code length, all-ones and all-zero words included", () => {
    const next = seededRandom(7);
    const word = () => (next() < 0.1 ? 0xffffffff : next() < 0.1 ? 0 : Math.floor(next() * 2 ** 32)) >>> 0;
    for (const words of [1, 2, 3, 4, 11, 12, 24, 30, 31, 32, 48, 64]) {
      const size = 200;
      const codes = Uint32Array.from({ length: size * words }, word);
      const query = Uint32Array.from({ length: words }, word);
      const { distances, histogram } = hammingDistances({ size, words, codes }, query);
      for (let i = 0; i < size; i++) expect(distances[i]).toBe(naiveDistance(codes, i * words, query, words));
      expect(histogram.reduce((s, c) => s + c, 0)).toBe(size);
      // The farthest possible code: every bit differs.
      const opposite = Uint32Array.from(query, (q) => ~q >>> 0);
      expect(hammingDistances({ size: 1, words, codes: opposite }, query).distances[0]).toBe(words * 32);
    }
  });
});
