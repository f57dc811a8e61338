import type Database from "better-sqlite3";
import { HAMMING_WASM } from "./hamming-wasm";
import { prepared } from "./statements.server";
import { filterVisible, type Scope, VISIBLE_DOCUMENT_SQL } from "./visibility.server";

/**
 * Vector search over `chunk_vectors` (float32, L2-normalised).
 *
 * Exact search scans every vector: sqlite-vec's `vec_distance_cosine` over 500k 384-dimension vectors
 * takes ~700 ms here. So every vector also has a binary code, one sign bit per dimension (48 bytes for
 * 384 dimensions instead of 1,536), and search has two steps:
 * 1. Candidates: the codes of all vectors are held in memory (CodeIndex, in a WebAssembly memory) and
 *    compared with the query's code by Hamming distance (XOR and popcount with WebAssembly SIMD, hamming.wat:
 *    ~7 ms for 1M 384-bit codes, against ~35 ms in plain JavaScript, which remains where SIMD is missing);
 *    the nearest CANDIDATES_PER_RESULT x k are taken by a histogram of the distances (no sort).
 * 2. Re-ranking: those candidates that the viewer may see are scored exactly on their float vectors.
 *
 * The codes are stored in SQLite as well, in a vec0 table per dimension count (`chunk_vector_bits_<dims>`,
 * `bit[dims]`) kept by triggers on `chunk_vectors` (insert copies the code with `vec_quantize_binary`,
 * delete removes it), so a chunk's removal — direct or by cascade from its document — also removes its
 * code. It is created on first use for a dimension count because models differ (384 for MiniLM, 768 for
 * nomic-embed-text, ...), and a vec0 column has a fixed size. sqlite-vec's own KNN over that table is
 * not used: its cost grows with k (500k codes: k=40 27 ms, k=100 49 ms, k=500 207 ms), which held the
 * candidates to 40 and recall@10 to 0.77; the scan in memory costs the same for any number of candidates.
 *
 * The memory copy follows the database through `search_stats` (db/migrations/0003_vector_changes.sql),
 * also when another process (the ingest worker) writes: vectors appended since the last query are read
 * by chunk id; a deleted or replaced vector makes the next query reload all codes.
 */

/**
 * Below this many chunks an exact scan is fast enough (~1.7 us a vector with the visibility join:
 * ~9 ms) and has no approximation; above it the binary codes win.
 */
export const EXACT_SCAN_LIMIT = 5_000;
/**
 * Candidates re-ranked exactly per result wanted (and at least MIN_CANDIDATES). Measured at 500k
 * clustered 384-dimension vectors, k = 10, 200 queries, with other work on the machine
 * (scripts/bench-search.ts --candidates; recall@10 against the exact scan):
 *
 *   candidates   20    40    60    100    200    400
 *   recall@10    0.52  0.77  0.90  0.998  1.0    1.0
 *   p50 ms       11.2  11.3  11.7  12.2   13.1   14.9
 *   p95 ms       15.9  16.7  18.6  19.1   17.2   19.7
 *
 * The scan costs the same for any number of candidates; each re-ranked one costs ~10 us.
 */
export const CANDIDATES_PER_RESULT = 20;
const MIN_CANDIDATES = 100;
/** Past this many candidates (a viewer who may see few of the vectors) the exact scan is cheaper. */
const MAX_CANDIDATES = 20_000;

export type VectorHit = { chunkId: number; distance: number };

function bitsTable(dimensions: number): string {
  if (!Number.isInteger(dimensions) || dimensions <= 0 || dimensions % 8 !== 0 || dimensions > 8192) {
    throw new Error(`Unsupported embedding size: ${dimensions} (a multiple of 8 up to 8192 is needed)`);
  }
  return `chunk_vector_bits_${dimensions}`;
}

export function hasVectorIndex(client: Database.Database, dimensions: number): boolean {
  return !!prepared(client, "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(bitsTable(dimensions));
}

/** Creates the binary index for a dimension count with its triggers, filled from existing vectors. */
export function ensureVectorIndex(client: Database.Database, dimensions: number) {
  if (hasVectorIndex(client, dimensions)) return;
  const table = bitsTable(dimensions);
  client.exec(`
    CREATE VIRTUAL TABLE ${table} USING vec0(bits bit[${dimensions}], chunk_size = 4096);
    CREATE TRIGGER ${table}_ai AFTER INSERT ON chunk_vectors WHEN new.dimensions = ${dimensions} BEGIN
      INSERT INTO ${table} (rowid, bits) VALUES (new.chunk_id, vec_quantize_binary(new.embedding));
    END;
    CREATE TRIGGER ${table}_ad AFTER DELETE ON chunk_vectors WHEN old.dimensions = ${dimensions} BEGIN
      DELETE FROM ${table} WHERE rowid = old.chunk_id;
    END;
    INSERT INTO ${table} (rowid, bits)
      SELECT chunk_id, vec_quantize_binary(embedding) FROM chunk_vectors WHERE dimensions = ${dimensions};
  `);
}

export function vectorBlob(vector: Float32Array): Buffer {
  return Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength);
}

/**
 * The binary codes of one dimension count, in memory: code i (chunk ids[i]) is `words` 32-bit words of
 * `codes()` from i * words (the code's bytes, zero-padded to whole 16-byte blocks for SIMD). They live in a
 * WebAssembly memory laid out as [query code | histogram | codes | distances], grown in place.
 */
type CodeIndex = {
  words: number;
  size: number;
  ids: Float64Array;
  memory: WebAssembly.Memory;
  /** hamming.wat instantiated on that memory; null where WebAssembly SIMD is not available, or for codes too long for it. */
  scanner: { hamming: (codes: number, n: number, stride: number, query: number, out: number, histogram: number) => void } | null;
  /** Byte offsets in the memory. */
  histogramAt: number;
  codesAt: number;
  /** The current view of the codes (a view ends when the memory grows). */
  codes: () => Uint32Array;
  /** The `search_stats` state the codes reflect. */
  version: number;
  high: number;
};

type VectorChanges = { version: number; high: number };

const codeIndexes = new WeakMap<Database.Database, Map<number, CodeIndex>>();

/** hamming.wat's limit: 31 blocks of 16 bytes a code. */
const SIMD_MAX_CODE_BYTES = 496;
const PAGE = 65_536;
let hammingModule: WebAssembly.Module | null | undefined;

/** The SIMD scanner, compiled once per thread; null (and JavaScript scans) where the CPU or runtime lacks WebAssembly SIMD. */
function simdModule(): WebAssembly.Module | null {
  if (hammingModule === undefined) {
    try {
      hammingModule = new WebAssembly.Module(Buffer.from(HAMMING_WASM, "base64"));
    } catch {
      hammingModule = null;
    }
  }
  return hammingModule;
}

const roundUp = (n: number, to: number) => Math.ceil(n / to) * to;

function emptyIndex(dimensions: number, changes: VectorChanges, capacity = 1024, simd = true): CodeIndex {
  const words = roundUp(Math.ceil(dimensions / 32), 4);
  const stride = words * 4;
  const histogramAt = roundUp(stride, 16);
  const codesAt = histogramAt + roundUp((words * 32 + 1) * 4, 16);
  const memory = new WebAssembly.Memory({ initial: Math.ceil((codesAt + capacity * (stride + 2)) / PAGE) });
  const module = simd && stride <= SIMD_MAX_CODE_BYTES ? simdModule() : null;
  const scanner = module ? (new WebAssembly.Instance(module, { env: { memory } }).exports as CodeIndex["scanner"]) : null;
  let view = new Uint32Array(0);
  const codes = () => {
    if (view.buffer !== memory.buffer) view = new Uint32Array(memory.buffer, codesAt, (memory.buffer.byteLength - codesAt) / 4);
    return view;
  };
  return { words, size: 0, ids: new Float64Array(capacity), memory, scanner, histogramAt, codesAt, codes, ...changes };
}

function reserve(index: CodeIndex, extra: number) {
  const needed = index.size + extra;
  if (needed <= index.ids.length) return;
  const capacity = Math.max(needed, index.ids.length * 2);
  const ids = new Float64Array(capacity);
  ids.set(index.ids.subarray(0, index.size));
  index.ids = ids;
  // Room for the codes and, after them, their distances
  const bytes = index.codesAt + capacity * (index.words * 4 + 2);
  if (bytes > index.memory.buffer.byteLength) index.memory.grow(Math.ceil((bytes - index.memory.buffer.byteLength) / PAGE));
}

function pushCode(index: CodeIndex, id: number, code: Uint8Array) {
  reserve(index, 1);
  new Uint8Array(index.memory.buffer, index.codesAt + index.size * index.words * 4, code.length).set(code);
  index.ids[index.size++] = id;
}

/** A query's code, made by the function that made the stored ones. */
function queryCode(client: Database.Database, query: Buffer, words: number): Uint32Array {
  const bits = prepared(client, "SELECT vec_quantize_binary(?)").pluck().get(query) as Buffer;
  const code = new Uint32Array(words);
  new Uint8Array(code.buffer).set(bits);
  return code;
}

/**
 * All codes, read from the vec0 table's own storage: blocks of up to 4096 codes, each with a validity
 * bitmap (a deleted code's bit is cleared) and its rowids as 64-bit integers (sqlite-vec's documented
 * shadow tables `<table>_chunks` and `<table>_vector_chunks00`). 500k codes: ~20 ms of SQLite and a
 * copy, against ~2 s through the virtual table row by row. Returns null when the storage is not laid
 * out as expected (another sqlite-vec version), and the caller reads row by row instead.
 */
function loadFromStorage(client: Database.Database, table: string, index: CodeIndex, codeBytes: number): boolean {
  let blocks: Array<{ size: number; validity: Buffer; rowids: Buffer; vectors: Buffer }>;
  try {
    blocks = client
      .prepare(
        `SELECT c.size, c.validity, c.rowids, v.vectors FROM "${table}_chunks" c
         JOIN "${table}_vector_chunks00" v ON v.rowid = c.chunk_id ORDER BY c.chunk_id`,
      )
      .all() as typeof blocks;
  } catch {
    return false;
  }
  const stride = index.words * 4;
  let loaded = 0;
  for (const block of blocks) {
    const { size, validity, rowids, vectors } = block;
    const laidOut =
      Buffer.isBuffer(validity) && Buffer.isBuffer(rowids) && Buffer.isBuffer(vectors) &&
      validity.length * 8 >= size && rowids.length === size * 8 && vectors.length === size * codeBytes;
    if (!laidOut) return false;
    reserve(index, size);
    const bytes = new Uint8Array(index.memory.buffer, index.codesAt);
    for (let i = 0; i < size; ) {
      if (!(validity[i >> 3]! & (1 << (i & 7)))) {
        i++;
        continue;
      }
      // A run of valid codes is copied at once when the codes fill whole words (384 dimensions do).
      let end = i + 1;
      while (end < size && validity[end >> 3]! & (1 << (end & 7))) end++;
      if (codeBytes === stride) {
        bytes.set(vectors.subarray(i * codeBytes, end * codeBytes), index.size * stride);
      } else {
        for (let j = i; j < end; j++) bytes.set(vectors.subarray(j * codeBytes, (j + 1) * codeBytes), (index.size + j - i) * stride);
      }
      for (let j = i; j < end; j++) index.ids[index.size + j - i] = rowids.readUInt32LE(j * 8) + rowids.readInt32LE(j * 8 + 4) * 2 ** 32;
      index.size += end - i;
      loaded += end - i;
      i = end;
    }
  }
  // The bitmap read right means as many codes as the table has rows.
  const rows = prepared(client, `SELECT count(*) FROM "${table}_rowids"`).pluck().get() as number;
  return loaded === rows;
}

function loadCodes(client: Database.Database, dimensions: number, changes: VectorChanges): CodeIndex {
  const table = bitsTable(dimensions);
  const codeBytes = dimensions / 8;
  let index = emptyIndex(dimensions, changes);
  if (!loadFromStorage(client, table, index, codeBytes)) {
    index = emptyIndex(dimensions, changes);
    for (const [id, bits] of client.prepare(`SELECT rowid, bits FROM ${table}`).raw().iterate() as Iterable<[number, Buffer]>) {
      pushCode(index, id, bits);
    }
  }
  // Rows written after `changes` was read are dropped here and appended (or reloaded) by the next query.
  if (index.size && index.ids.subarray(0, index.size).some((id) => id > changes.high)) {
    const kept = emptyIndex(dimensions, changes, index.size);
    for (let i = 0; i < index.size; i++) {
      if (index.ids[i]! <= changes.high) pushCode(kept, index.ids[i]!, new Uint8Array(index.memory.buffer, index.codesAt + i * index.words * 4, codeBytes));
    }
    index = kept;
  }
  return index;
}

function appendCodes(client: Database.Database, dimensions: number, index: CodeIndex, high: number) {
  const rows = prepared(
    client,
    `SELECT chunk_id, vec_quantize_binary(embedding) FROM chunk_vectors
     WHERE chunk_id > ? AND chunk_id <= ? AND dimensions = ? ORDER BY chunk_id`,
  )
    .raw()
    .all(index.high, high, dimensions) as Array<[number, Buffer]>;
  for (const [id, bits] of rows) pushCode(index, id, bits);
  index.high = high;
}

/**
 * The codes of a dimension count as the database has them now: loaded on first use, then kept in step
 * (appends read by id, anything else reloads). Inside a transaction the connection may see writes that
 * are rolled back later, so the codes are read afresh and not kept.
 */
function currentCodes(client: Database.Database, dimensions: number): CodeIndex {
  const changes = prepared(client, "SELECT vectors_version AS version, vectors_high AS high FROM search_stats WHERE id = 1").get() as VectorChanges;
  if (client.inTransaction) return loadCodes(client, dimensions, changes);
  let byDimensions = codeIndexes.get(client);
  if (!byDimensions) codeIndexes.set(client, (byDimensions = new Map()));
  const index = byDimensions.get(dimensions);
  if (index && index.version === changes.version && index.high <= changes.high) {
    if (index.high < changes.high) appendCodes(client, dimensions, index, changes.high);
    return index;
  }
  const loaded = loadCodes(client, dimensions, changes);
  byDimensions.set(dimensions, loaded);
  return loaded;
}

/** Loads (or brings up to date) the codes of a dimension count; what they take in memory. */
export function loadVectorIndex(client: Database.Database, dimensions: number): { vectors: number; bytes: number } {
  if (!hasVectorIndex(client, dimensions)) return { vectors: 0, bytes: 0 };
  const index = currentCodes(client, dimensions);
  return { vectors: index.size, bytes: index.ids.byteLength + index.memory.buffer.byteLength };
}

type Distances = { distances: Uint16Array; histogram: Uint32Array };

/**
 * Hamming distance of every code to the query's, and how many codes are at each distance, in JavaScript.
 * Population count by SWAR (JavaScript has no popcount instruction), three words at a time: after the
 * 2-bit step each nibble of a word holds at most 4, so three words' nibbles sum to at most 12 and fold
 * into bytes once, and the final multiply sums four bytes of at most 96 bits set in all. Faster than
 * counting word by word (1M 384-bit codes: ~43 -> ~28 ms here).
 */
export function hammingDistances(index: { size: number; words: number; codes: Uint32Array }, query: Uint32Array): Distances {
  const { size, words, codes } = index;
  const distances = new Uint16Array(size);
  const histogram = new Uint32Array(words * 32 + 1);
  const grouped = words - (words % 3);
  for (let i = 0, offset = 0; i < size; i++, offset += words) {
    let distance = 0;
    let w = 0;
    for (; w < grouped; w += 3) {
      let a = codes[offset + w]! ^ query[w]!;
      let b = codes[offset + w + 1]! ^ query[w + 1]!;
      let c = codes[offset + w + 2]! ^ query[w + 2]!;
      a -= (a >>> 1) & 0x55555555;
      b -= (b >>> 1) & 0x55555555;
      c -= (c >>> 1) & 0x55555555;
      let sum = (a & 0x33333333) + ((a >>> 2) & 0x33333333) + (b & 0x33333333) + ((b >>> 2) & 0x33333333) + (c & 0x33333333) + ((c >>> 2) & 0x33333333);
      sum = (sum & 0x0f0f0f0f) + ((sum >>> 4) & 0x0f0f0f0f);
      distance += Math.imul(sum, 0x01010101) >>> 24;
    }
    for (; w < words; w++) {
      let x = codes[offset + w]! ^ query[w]!;
      x -= (x >>> 1) & 0x55555555;
      x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
      distance += Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
    }
    distances[i] = distance;
    histogram[distance]!++;
  }
  return { distances, histogram };
}

/** The same with hamming.wat where it runs: the results are views of the index's memory, valid until it grows. */
function distancesFrom(index: CodeIndex, query: Uint32Array): Distances {
  if (!index.scanner) return hammingDistances({ size: index.size, words: index.words, codes: index.codes() }, query);
  const { memory, histogramAt, codesAt, words, size } = index;
  const stride = words * 4;
  const distancesAt = codesAt + index.ids.length * stride;
  new Uint32Array(memory.buffer, 0, words).set(query);
  const histogram = new Uint32Array(memory.buffer, histogramAt, words * 32 + 1);
  histogram.fill(0);
  index.scanner.hamming(codesAt, size, stride, 0, distancesAt, histogramAt);
  return { distances: new Uint16Array(memory.buffer, distancesAt, size), histogram };
}

/**
 * Distances of `codes` to `query` (each dimensions / 8 bytes) through a code index as search builds it, grown
 * code by code from room for one, scanned twice: whether hamming.wat scanned them, for the tests.
 */
export function scanCodes(dimensions: number, codes: Uint8Array[], query: Uint8Array, options: { simd: boolean }): { distances: number[]; histogram: number[]; simd: boolean } {
  const index = emptyIndex(dimensions, { version: 0, high: 0 }, 1, options.simd);
  codes.forEach((code, i) => pushCode(index, i, code));
  const queryWords = new Uint32Array(index.words);
  new Uint8Array(queryWords.buffer).set(query);
  // Twice, as search scans the same index query after query
  distancesFrom(index, queryWords);
  const { distances, histogram } = distancesFrom(index, queryWords);
  return { distances: Array.from(distances), histogram: Array.from(histogram), simd: index.scanner !== null };
}

/** The ids of the n codes nearest by Hamming distance (ties at the cut-off: the first ones found). */
function nearestCodes(index: CodeIndex, distances: Uint16Array, histogram: Uint32Array, n: number): number[] {
  if (n >= index.size) return Array.from(index.ids.subarray(0, index.size));
  let cutoff = 0;
  for (let below = histogram[0]!; below < n; below += histogram[++cutoff]!);
  let atCutoff = n - histogram.subarray(0, cutoff).reduce((s, c) => s + c, 0);
  const ids: number[] = [];
  for (let i = 0; i < index.size; i++) {
    const d = distances[i]!;
    if (d < cutoff || (d === cutoff && atCutoff-- > 0)) ids.push(index.ids[i]!);
  }
  return ids;
}

/** Exact cosine distances for a set of chunks (the candidates, or a small scope). */
function exactDistances(client: Database.Database, query: Buffer, embedderId: string, chunkIds: number[]): VectorHit[] {
  if (!chunkIds.length) return [];
  return prepared(
    client,
    `SELECT chunk_id AS chunkId, vec_distance_cosine(embedding, ?) AS distance FROM chunk_vectors
     WHERE chunk_id IN (SELECT value FROM json_each(?)) AND embedder_id = ?`,
  ).all(query, JSON.stringify(chunkIds), embedderId) as VectorHit[];
}

/** Every visible vector of the embedder, scored exactly: for small corpora and document-scoped searches. */
function exactScan(client: Database.Database, query: Buffer, embedderId: string, scope: Scope, k: number): VectorHit[] {
  const documentFilter = scope.documentIds ? "AND d.id IN (SELECT value FROM json_each(@documentIds))" : "";
  return prepared(
    client,
    `SELECT v.chunk_id AS chunkId, vec_distance_cosine(v.embedding, @query) AS distance
     FROM chunk_vectors v JOIN chunks c ON c.id = v.chunk_id JOIN documents d ON d.id = c.document_id
     WHERE v.embedder_id = @embedderId AND ${VISIBLE_DOCUMENT_SQL} ${documentFilter}
     ORDER BY distance, v.chunk_id LIMIT @k`,
  ).all({
    query,
    embedderId,
    viewerId: scope.viewerId,
    k,
    ...(scope.documentIds ? { documentIds: JSON.stringify(scope.documentIds) } : {}),
  }) as VectorHit[];
}

export type VectorSearchOptions = {
  embedderId: string;
  k: number;
  scope: Scope;
  /** Total chunks in the index: decides exact scan versus binary index. */
  totalChunks: number;
  /** Force a strategy (benchmarks compare them). */
  strategy?: "auto" | "exact" | "binary";
  /** Benchmarks: candidates re-ranked per result other than CANDIDATES_PER_RESULT. */
  candidatesPerResult?: number;
};

/** The k nearest visible chunks to a query vector, nearest first. */
export function vectorSearch(client: Database.Database, queryVector: Float32Array, options: VectorSearchOptions): VectorHit[] {
  const { embedderId, k, scope } = options;
  const dimensions = queryVector.length;
  if (k <= 0 || !hasVectorIndex(client, dimensions)) return [];
  const query = vectorBlob(queryVector);
  const strategy = options.strategy ?? "auto";
  const exact = strategy === "exact" || (strategy === "auto" && (scope.documentIds !== undefined || options.totalChunks <= EXACT_SCAN_LIMIT));
  if (exact) return exactScan(client, query, embedderId, scope, k);

  const index = currentCodes(client, dimensions);
  const { distances, histogram } = distancesFrom(index, queryCode(client, query, index.words));
  // The codes of every embedder with this many dimensions share the index (two coexist only while
  // re-embedding), and candidates the viewer may not see are dropped after the fact: when that leaves
  // fewer than k, take more (other people's private libraries are normally a small part of the index).
  let n = Math.max(MIN_CANDIDATES, k * (options.candidatesPerResult ?? CANDIDATES_PER_RESULT));
  for (;;) {
    const candidates = nearestCodes(index, distances, histogram, n);
    const visible = filterVisible(client, candidates, scope);
    const hits = exactDistances(client, query, embedderId, visible)
      .sort((a, b) => a.distance - b.distance || a.chunkId - b.chunkId)
      .slice(0, k);
    if (hits.length >= k || n >= index.size) return hits;
    if (n >= MAX_CANDIDATES) return exactScan(client, query, embedderId, scope, k);
    n = Math.min(MAX_CANDIDATES, n * 4);
  }
}
