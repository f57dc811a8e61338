import type { RetrievalMode } from "../embeddings/index";

/**
 * The search capability's browser-safe face: what the admin Documents tab shows about the index and
 * the vectors of the model in use (server and browser read these types from here).
 */

export type IndexStats = {
  documents: number;
  chunks: number;
  vectors: number;
  vectorsByEmbedder: Array<{ embedderId: string; dimensions: number; vectors: number }>;
};

/** How many chunks carry a vector of this embedder, and how many do not yet. */
export type VectorCoverage = { embedderId: string; chunks: number; withVectors: number; missing: number };

/**
 * The background embedding of chunks that lack a vector of the model in use (documents indexed before
 * the model was configured, with another model, or while it was unreachable). "waiting": paused while
 * an upload is processed; "failed": the model failed, tried again later.
 */
export type BackfillState = "running" | "waiting" | "done" | "failed";

export type BackfillProgress = {
  state: BackfillState;
  embedderId: string;
  /** Chunks embedded by this run so far. */
  embedded: number;
  /** Chunks still without a vector of this model. */
  missing: number;
  chunks: number;
  error: string | null;
};

/** "4,980 of 5,000 chunks have vectors; 20 still lack them" for the admin. */
export function vectorCoverageLabel(coverage: { chunks: number; withVectors: number; missing: number }): string {
  const n = (x: number) => x.toLocaleString("en-US");
  if (!coverage.chunks) return "No chunks indexed yet";
  if (!coverage.missing) return `All ${n(coverage.chunks)} chunks have vectors`;
  return `${n(coverage.withVectors)} of ${n(coverage.chunks)} chunks have vectors; ${n(coverage.missing)} still lack them`;
}

/** What the background embedding is doing, in a sentence (null when there is nothing to say). */
export function backfillLabel(progress: BackfillProgress | null): string | null {
  if (!progress) return null;
  switch (progress.state) {
    case "running":
      return `Embedding older chunks in the background: ${progress.embedded.toLocaleString("en-US")} done, ${progress.missing.toLocaleString("en-US")} to go`;
    case "waiting":
      return `Background embedding paused while an upload is processed (${progress.missing.toLocaleString("en-US")} to go)`;
    case "failed":
      return `Background embedding stopped: ${progress.error ?? "the model failed"}; it is tried again in a minute`;
    case "done":
      return progress.embedded ? `Background embedding finished: ${progress.embedded.toLocaleString("en-US")} chunks embedded` : null;
  }
}

/** GET /api/admin/search-status, search's part: the retrieval mode, the index, and the vectors of the model in use. */
export type SearchStatus = RetrievalMode &
  IndexStats & {
    /** Of the model in use; null when search is lexical only. */
    coverage: VectorCoverage | null;
    backfill: BackfillProgress | null;
  };
