/** Small vector helpers shared by the embedders and their tests. */

/**
 * Returns a unit-length copy. Vectors stored for cosine search must be normalised so that a dot
 * product is the cosine; a NaN or infinite component means the model output is broken, so we
 * refuse it rather than store garbage. An all-zero vector stays zero (it matches nothing).
 */
export function l2Normalise(values: ArrayLike<number>): Float32Array {
  let sum = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as number;
    if (!Number.isFinite(v)) throw new Error("embedding contains NaN or infinite values");
    sum += v * v;
  }
  const scale = 1 / Math.max(Math.sqrt(sum), 1e-12);
  const out = new Float32Array(values.length);
  for (let i = 0; i < values.length; i++) out[i] = (values[i] as number) * scale;
  return out;
}

export function dot(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) throw new Error(`vector lengths differ: ${a.length} and ${b.length}`);
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i] as number) * (b[i] as number);
  return sum;
}

export function norm(a: ArrayLike<number>): number {
  return Math.sqrt(dot(a, a));
}

/** Cosine similarity; for unit vectors this equals the dot product. */
export function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const denominator = norm(a) * norm(b);
  return denominator === 0 ? 0 : dot(a, b) / denominator;
}

/** Splits `items` into consecutive batches of at most `size`. */
export function batches<T>(items: readonly T[], size: number): T[][] {
  if (!Number.isInteger(size) || size < 1) throw new Error(`batch size must be a positive integer, got ${size}`);
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
