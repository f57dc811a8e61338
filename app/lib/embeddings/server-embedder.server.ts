import type { Embedder } from "./types";
import { EmbeddingError } from "./errors";
import { profileFor, withPrefix } from "./profiles";
import { batches, l2Normalise } from "./vectors";

/** What the embedders on a model server (Ollama, OpenAI-compatible) share once a batch's vectors are back. */

/**
 * Each vector a non-empty array of the expected length (any length while `dimensions` is null);
 * `server` names the server in the reason, e.g. "Ollama at http://127.0.0.1:11434".
 */
export function checkVectors(rows: unknown[], dimensions: number | null, server: string): number[][] {
  for (const row of rows) {
    if (!Array.isArray(row) || row.length === 0 || (dimensions !== null && row.length !== dimensions)) {
      const got = Array.isArray(row) ? row.length : typeof row;
      throw new EmbeddingError("bad-response", `${server} returned a vector of ${got} dimensions, expected ${dimensions ?? "a number array"}`);
    }
  }
  return rows as number[][];
}

export type ServerEmbedderOptions = {
  id: string;
  /** Picks the prefixes the model wants for documents and queries. */
  model: string;
  dimensions: number;
  batchSize: number;
  /** One request: the vectors for `batch` in order, as many as it has texts. Throws EmbeddingError. */
  embedBatch(batch: string[], kind: "document" | "query", signal?: AbortSignal): Promise<unknown[]>;
  /** Names the server in a wrong-length vector's reason. */
  server: string;
  onUnavailable?: (reason: string) => void;
};

/**
 * Texts prefixed for their kind and sent in batches; the vectors checked and normalised again, because
 * servers differ on normalising and the contract promises unit vectors whatever the server. A failure
 * saying the server or the model is gone is told to onUnavailable before it is thrown.
 */
export function serverEmbedder(options: ServerEmbedderOptions): Embedder {
  const profile = profileFor(options.model);
  return {
    id: options.id,
    dimensions: options.dimensions,
    async embed(texts, embedOptions = {}) {
      const kind = embedOptions.kind ?? "document";
      const out: Float32Array[] = [];
      try {
        for (const batch of batches(withPrefix(profile, texts, kind), options.batchSize)) {
          const rows = await options.embedBatch(batch, kind, embedOptions.signal);
          for (const row of checkVectors(rows, options.dimensions, options.server)) out.push(l2Normalise(row));
        }
      } catch (error) {
        if (error instanceof EmbeddingError && (error.code === "unavailable" || error.code === "model-missing")) options.onUnavailable?.(error.message);
        throw error;
      }
      return out;
    },
  };
}
