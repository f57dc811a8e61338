;; Hamming distances of binary codes with WebAssembly SIMD (vector.server.ts runs it; `npm run wasm` compiles
;; this file into hamming-wasm.ts). One pass over the codes: XOR with the query, a population count per byte,
;; summed over the code. The byte counters hold at most 8 a 16-byte block, so codes are at most 31 blocks
;; (496 bytes, 3,968 dimensions); longer codes are scanned in JavaScript.
(module
  (import "env" "memory" (memory 1))
  ;; codes: n codes of `stride` bytes (a multiple of 16) from `codes`; the query's code at `query`;
  ;; writes code i's distance as a u16 at out + 2i and counts the codes at each distance as u32s from `histogram`.
  (func (export "hamming") (param $codes i32) (param $n i32) (param $stride i32) (param $query i32) (param $out i32) (param $histogram i32)
    (local $i i32) (local $j i32) (local $code i32) (local $counts v128) (local $sums v128) (local $distance i32) (local $bin i32)
    (block $done
      (loop $each_code
        (br_if $done (i32.ge_u (local.get $i) (local.get $n)))
        (local.set $counts (v128.const i32x4 0 0 0 0))
        (local.set $j (i32.const 0))
        (local.set $code (i32.add (local.get $codes) (i32.mul (local.get $i) (local.get $stride))))
        (block $code_done
          (loop $each_block
            (br_if $code_done (i32.ge_u (local.get $j) (local.get $stride)))
            (local.set $counts
              (i8x16.add (local.get $counts)
                (i8x16.popcnt
                  (v128.xor
                    (v128.load (i32.add (local.get $code) (local.get $j)))
                    (v128.load (i32.add (local.get $query) (local.get $j)))))))
            (local.set $j (i32.add (local.get $j) (i32.const 16)))
            (br $each_block)))
        (local.set $sums (i32x4.extadd_pairwise_i16x8_u (i16x8.extadd_pairwise_i8x16_u (local.get $counts))))
        (local.set $distance
          (i32.add
            (i32.add (i32x4.extract_lane 0 (local.get $sums)) (i32x4.extract_lane 1 (local.get $sums)))
            (i32.add (i32x4.extract_lane 2 (local.get $sums)) (i32x4.extract_lane 3 (local.get $sums)))))
        (i32.store16 (i32.add (local.get $out) (i32.shl (local.get $i) (i32.const 1))) (local.get $distance))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $each_code)))
    ;; The histogram in a second pass over the distances: counted as they came, it held the scan at half speed
    ;; (1M 384-bit codes: ~11 ms in one pass, ~6 ms in two)
    (local.set $i (i32.const 0))
    (block $counted
      (loop $each_distance
        (br_if $counted (i32.ge_u (local.get $i) (local.get $n)))
        (local.set $bin
          (i32.add (local.get $histogram)
            (i32.shl (i32.load16_u (i32.add (local.get $out) (i32.shl (local.get $i) (i32.const 1)))) (i32.const 2))))
        (i32.store (local.get $bin) (i32.add (i32.load (local.get $bin)) (i32.const 1)))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $each_distance)))))
