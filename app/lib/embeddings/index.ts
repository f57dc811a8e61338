/** The embeddings capability's browser-safe face: what the admin sees about retrieval. */
export type { RetrievalMode } from "./types";
