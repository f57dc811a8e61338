/** The admin capability's browser-safe face: the shapes the dashboard reads. */

/** What an IT admin watches on the Overview: the knowledge base's size, who answers, search speed, uploads waiting. */
export type SystemFigures = {
  documents: number;
  /** Pages of every document whose page count is known. */
  pages: number;
  chunks: number;
  /** The database file with its write-ahead log, in bytes. */
  databaseBytes: number;
  answering: {
    /** Who answers now: "extractive", or the model's provider. */
    answerer: string;
    /** The configured chat model, if any. */
    model: string | null;
    /** Where the configured model runs: its server's URL, "built-in" for the in-process model, null with none. */
    server: string | null;
    /** Whether that model answers now (null without one); `reason` says why not. */
    reachable: boolean | null;
    reason: string | null;
  };
  retrieval: { mode: "hybrid" | "lexical"; embedder: string | null };
  /** Searches over the last `windowMinutes` and their p95 (null with none). */
  search: { count: number; p95Ms: number | null; windowMinutes: number };
  /** Uploads waiting for the ingestion worker or being processed by it. */
  uploadQueue: number;
};
