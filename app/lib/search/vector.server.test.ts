import { describe, expect, it } from "vitest";
import { seededRandom } from "../seeded-random";
import { hammingDistances, scanCodes } from "./vector.server";

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

describe("Hamming distances with WebAssembly SIMD", () => {
  const naive = (a: Uint8Array, b: Uint8Array) => a.reduce((d, byte, i) => d + [...((byte ^ b[i]!) >>> 0).toString(2)].filter((bit) => bit === "1").length, 0);

  it("equal a bit-by-bit count for every code length it takes, in an index grown code by code, and JavaScript scans longer codes", () => {
    const next = seededRandom(11);
    const byte = () => (next() < 0.1 ? 0xff : next() < 0.1 ? 0 : Math.floor(next() * 256));
    for (const dimensions of [8, 64, 120, 128, 200, 384, 768, 1024, 3968, 4096]) {
      const bytes = dimensions / 8;
      const codes = Array.from({ length: 300 }, () => Uint8Array.from({ length: bytes }, byte));
      const query = Uint8Array.from({ length: bytes }, byte);
      // The farthest possible code: every bit differs
      codes.push(query.map((b) => ~b & 0xff));
      const expected = codes.map((code) => naive(code, query));
      for (const simd of [true, false]) {
        const scanned = scanCodes(dimensions, codes, query, { simd });
        expect(scanned.simd).toBe(simd && dimensions <= 3968);
        expect(scanned.distances).toEqual(expected);
        expect(scanned.distances.at(-1)).toBe(dimensions);
        expect(scanned.histogram.reduce((s, c) => s + c, 0)).toBe(codes.length);
        for (const d of new Set(expected)) expect(scanned.histogram[d]).toBe(expected.filter((x) => x === d).length);
      }
    }
  });
});
