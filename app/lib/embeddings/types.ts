/** What the search index needs from an embedding model (local ONNX or Ollama). */
export type Embedder = {
  /** Stable id stored with the vectors, e.g. "local:all-MiniLM-L6-v2" or "ollama:nomic-embed-text". */
  id: string;
  dimensions: number;
  /** Embeds texts in order; vectors are L2-normalised. Documents and queries may need different prefixes. */
  embed(texts: string[], options?: { kind?: "document" | "query"; signal?: AbortSignal }): Promise<Float32Array[]>;
};

/** What the admin Documents tab shows about retrieval. */
export type RetrievalMode = {
  mode: "hybrid" | "lexical";
  /** The embedder in use, when hybrid. */
  embedder: string | null;
  /** Why lexical-only, in plain words (e.g. "EMBEDDINGS=none", "no model files under models/all-MiniLM-L6-v2"). */
  reason: string | null;
};
