import type { Db } from "../db/index.server";
import type { Chunk } from "../ingest/types";
import { prepared } from "./statements.server";
import { indexAbbreviations } from "./abbreviations.server";
import { ANALYZER_VERSION } from "./spelling";
import { tokenize } from "./tokenize";
import { ensureVectorIndex, vectorBlob } from "./vector.server";

/**
 * Writing the search index. Both functions are synchronous and run inside the caller's transaction
 * (the ingest pipeline wraps indexing, embedding and the status change in one), so a failed or
 * cancelled run leaves nothing behind.
 *
 * Removal is by triggers (db/migrations/0002_search_index.sql and vector.server.ts): deleting chunk rows
 * deletes their full-text rows and corpus statistics, and the cascade to `chunk_vectors` deletes their
 * binary codes. The same triggers run when a document row is deleted and its chunks go by cascade,
 * so `removeDocumentIndex` and a plain document delete leave the same clean index.
 */

export type IndexedDocument = { id: string; title: string; authors: string[] };
export type DocumentVectors = { embedderId: string; vectors: Float32Array[] };

const INSERT_CHUNK = `INSERT INTO chunks
  (document_id, chunk_index, page_start, page_end, pages, page_label, heading, text, word_count, token_count, layout)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;
const INSERT_FTS = "INSERT INTO chunks_fts (rowid, title, heading, body) VALUES (?, ?, ?, ?)";

/** Title and authors are searched as one field: the document's name. */
export function titleField(doc: Pick<IndexedDocument, "title" | "authors">): string {
  return [doc.title, ...doc.authors].join(" ");
}

/**
 * Indexes a document's chunks (replacing any earlier index of it), and their vectors when given.
 * Returns the chunk ids in chunk order.
 */
export function indexDocument(db: Db, doc: IndexedDocument, chunks: Chunk[], vectors?: DocumentVectors): number[] {
  const client = db.$client;
  removeDocumentIndex(db, doc.id);
  const insertChunk = prepared(client, INSERT_CHUNK);
  const insertFts = prepared(client, INSERT_FTS);
  // The title's and heading's terms are the same for many chunks: tokenize each once.
  const titleTerms = tokenize(titleField(doc));
  const titleText = titleTerms.join(" ");
  const headingTerms = new Map<string, string[]>();
  const ids: number[] = [];
  for (const chunk of chunks) {
    const heading = chunk.heading ?? "";
    let hTerms = headingTerms.get(heading);
    if (!hTerms) headingTerms.set(heading, (hTerms = tokenize(heading)));
    const bodyTerms = tokenize(chunk.text);
    const pages = chunk.pages.length ? chunk.pages : [1];
    const { lastInsertRowid } = insertChunk.run(
      doc.id,
      chunk.index,
      pages[0],
      pages[pages.length - 1],
      JSON.stringify(pages),
      chunk.pageLabel,
      chunk.heading,
      chunk.text,
      chunk.wordCount,
      titleTerms.length + hTerms.length + bodyTerms.length,
      JSON.stringify(chunk.layout),
    );
    const id = Number(lastInsertRowid);
    insertFts.run(id, titleText, hTerms.join(" "), bodyTerms.join(" "));
    ids.push(id);
  }
  if (vectors) addChunkVectors(db, ids, vectors);
  indexAbbreviations(client, doc.id, chunks.map((c) => c.text));
  return ids;
}

/** Stores the embeddings of chunks (in the same order as `chunkIds`), replacing earlier ones. */
export function addChunkVectors(db: Db, chunkIds: number[], { embedderId, vectors }: DocumentVectors) {
  if (vectors.length !== chunkIds.length) {
    throw new Error(`Got ${vectors.length} vectors for ${chunkIds.length} chunks`);
  }
  if (!vectors.length) return;
  const dimensions = vectors[0]!.length;
  if (vectors.some((v) => v.length !== dimensions)) throw new Error("Vectors of one document must have one size");
  const client = db.$client;
  ensureVectorIndex(client, dimensions);
  // Delete then insert rather than INSERT OR REPLACE: REPLACE's implicit delete fires no delete
  // trigger (unless recursive_triggers is on), which would leave the old binary code behind.
  const remove = prepared(client, "DELETE FROM chunk_vectors WHERE chunk_id = ?");
  const insert = prepared(client, "INSERT INTO chunk_vectors (chunk_id, embedder_id, dimensions, embedding) VALUES (?, ?, ?, ?)");
  chunkIds.forEach((id, i) => {
    remove.run(id);
    insert.run(id, embedderId, dimensions, vectorBlob(vectors[i]!));
  });
}

/** Stores a document's embeddings (one per chunk, in chunk order) after its chunks were indexed. */
export function addDocumentVectors(db: Db, documentId: string, vectors: DocumentVectors) {
  const ids = prepared(db.$client, "SELECT id FROM chunks WHERE document_id = ? ORDER BY chunk_index")
    .pluck()
    .all(documentId) as number[];
  addChunkVectors(db, ids, vectors);
}

/** Removes a document's chunks and the abbreviations it defines; triggers remove their full-text rows and vectors. */
export function removeDocumentIndex(db: Db, documentId: string) {
  prepared(db.$client, "DELETE FROM chunks WHERE document_id = ?").run(documentId);
  prepared(db.$client, "DELETE FROM abbreviations WHERE document_id = ?").run(documentId);
}

/**
 * After a document's title or authors changed: its chunks' title field (searched as the document's name)
 * and token counts, written again. The heading and body terms are re-tokenized from the chunks, since a
 * contentless FTS5 row is replaced whole. Bumps the index version so caches keyed on it (document
 * frequencies, abbreviation lookups) are read again. Runs inside the caller's transaction.
 */
export function retitleDocumentIndex(db: Db, doc: IndexedDocument) {
  const client = db.$client;
  const titleTerms = tokenize(titleField(doc));
  const titleText = titleTerms.join(" ");
  type Row = { id: number; heading: string | null; text: string; tokenCount: number };
  const rows = prepared(client, "SELECT id, heading, text, token_count AS tokenCount FROM chunks WHERE document_id = ?").all(doc.id) as Row[];
  const remove = prepared(client, "DELETE FROM chunks_fts WHERE rowid = ?");
  const insert = prepared(client, INSERT_FTS);
  const setCount = prepared(client, "UPDATE chunks SET token_count = ? WHERE id = ?");
  let delta = 0;
  for (const row of rows) {
    const headingTerms = tokenize(row.heading ?? "");
    const bodyTerms = tokenize(row.text);
    const count = titleTerms.length + headingTerms.length + bodyTerms.length;
    remove.run(row.id);
    insert.run(row.id, titleText, headingTerms.join(" "), bodyTerms.join(" "));
    if (count !== row.tokenCount) setCount.run(count, row.id);
    delta += count - row.tokenCount;
  }
  prepared(client, "UPDATE search_stats SET tokens = tokens + ?, version = version + 1 WHERE id = 1").run(delta);
}

/** Chunks re-tokenized per transaction when the index is rebuilt: short write locks, steady progress. */
const REBUILD_BATCH = 2_000;

/**
 * Rebuilds the full-text rows of every chunk when they were written by another version of the tokenizer
 * (ANALYZER_VERSION: e.g. before British spellings were folded), so the terms a query looks for are the
 * terms the index holds. Runs at start, before the ingestion worker; returns a line for the start log
 * when it did anything. Chunks, their pages and their vectors are untouched.
 */
export function rebuildStaleIndex(db: Db, onProgress?: (done: number, total: number) => void): string | null {
  const client = db.$client;
  const stored = prepared(client, "SELECT analyzer FROM search_stats WHERE id = 1").pluck().get() as number;
  if (stored === ANALYZER_VERSION) return null;
  const total = prepared(client, "SELECT count(*) FROM chunks").pluck().get() as number;
  const started = performance.now();
  const select = prepared(
    client,
    `SELECT c.id, c.heading, c.text, d.title, d.authors FROM chunks c JOIN documents d ON d.id = c.document_id
     WHERE c.id > ? ORDER BY c.id LIMIT ${REBUILD_BATCH}`,
  );
  const remove = prepared(client, "DELETE FROM chunks_fts WHERE rowid = ?");
  const insert = prepared(client, INSERT_FTS);
  type Row = { id: number; heading: string | null; text: string; title: string; authors: string };
  let after = 0;
  let done = 0;
  const batch = client.transaction((rows: Row[]) => {
    for (const row of rows) {
      const authors = JSON.parse(row.authors) as string[];
      remove.run(row.id);
      insert.run(row.id, tokenize(titleField({ title: row.title, authors })).join(" "), tokenize(row.heading ?? "").join(" "), tokenize(row.text).join(" "));
    }
  });
  for (;;) {
    const rows = select.all(after) as Row[];
    if (!rows.length) break;
    batch.immediate(rows);
    after = rows[rows.length - 1]!.id;
    done += rows.length;
    onProgress?.(done, total);
  }
  // Abbreviations are stored as index terms too: mined again, document by document
  const documentIds = prepared(client, "SELECT DISTINCT document_id FROM chunks").pluck().all() as string[];
  const texts = prepared(client, "SELECT text FROM chunks WHERE document_id = ? ORDER BY chunk_index").pluck();
  for (const id of documentIds) client.transaction(() => indexAbbreviations(client, id, texts.all(id) as string[])).immediate();
  // Cached document frequencies key on the version: they are stale now
  prepared(client, "UPDATE search_stats SET analyzer = ?, version = version + 1 WHERE id = 1").run(ANALYZER_VERSION);
  if (!total) return null;
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  return `Search index rebuilt for the current tokenizer (version ${stored} to ${ANALYZER_VERSION}): ${total} chunks in ${seconds} s`;
}
