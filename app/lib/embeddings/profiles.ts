/**
 * What each known embedding model needs beyond "text in, vector out": the prefixes it was trained
 * with for queries and passages, how token vectors are pooled (local ONNX only: Ollama pools on
 * its side), and the sequence length it was trained for. Unknown models get plain mean pooling
 * with no prefixes, which is right for most sentence-transformers exports.
 */
export type Pooling = "mean" | "cls" | "last_token";

export type ModelProfile = {
  queryPrefix: string;
  documentPrefix: string;
  pooling: Pooling;
  /** Truncate inputs to this many tokens (the length the model was trained on), when known. */
  maxTokens?: number;
};

const RETRIEVAL_INSTRUCTION = "Represent this sentence for searching relevant passages: ";

const PLAIN: ModelProfile = { queryPrefix: "", documentPrefix: "", pooling: "mean" };

/** Checked in order; the first pattern that matches the normalised name wins. */
const KNOWN_MODELS: Array<[RegExp, ModelProfile]> = [
  // sentence-transformers/all-MiniLM-L6-v2 (Ollama: all-minilm) was trained on 128 and is used at 256 tokens
  [/^all-minilm(-l6-v2)?$/, { ...PLAIN, maxTokens: 256 }],
  [/^all-minilm-l12-v2$/, { ...PLAIN, maxTokens: 256 }],
  [/^paraphrase-multilingual-minilm-l12-v2$/, { ...PLAIN, maxTokens: 128 }],
  [/^multi-qa-minilm-l6-cos-v1$/, { ...PLAIN, maxTokens: 512 }],
  // intfloat/e5-* and multilingual-e5-*: "query: " / "passage: " or quality drops markedly
  [/^(multilingual-)?e5-(small|base|large)(-v2)?$/, { queryPrefix: "query: ", documentPrefix: "passage: ", pooling: "mean", maxTokens: 512 }],
  // BAAI/bge-*-v1.5 (English and Chinese): instruction on queries only, CLS pooling
  [/^bge-(small|base|large)-(en|zh)(-v1\.5)?$/, { queryPrefix: RETRIEVAL_INSTRUCTION, documentPrefix: "", pooling: "cls", maxTokens: 512 }],
  [/^bge-m3$/, { queryPrefix: "", documentPrefix: "", pooling: "cls", maxTokens: 8192 }],
  [/^(gte-(small|base|large)|thenlper-gte-.*)$/, { ...PLAIN, maxTokens: 512 }],
  [/^nomic-embed-text(-v1(\.5)?)?$/, { queryPrefix: "search_query: ", documentPrefix: "search_document: ", pooling: "mean", maxTokens: 8192 }],
  [/^mxbai-embed-large(-v1)?$/, { queryPrefix: RETRIEVAL_INSTRUCTION, documentPrefix: "", pooling: "cls", maxTokens: 512 }],
  [/^snowflake-arctic-embed.*-v2(\.0)?$/, { queryPrefix: "query: ", documentPrefix: "", pooling: "cls", maxTokens: 8192 }],
  [/^snowflake-arctic-embed/, { queryPrefix: RETRIEVAL_INSTRUCTION, documentPrefix: "", pooling: "cls", maxTokens: 512 }],
  [/^embeddinggemma/, { queryPrefix: "task: search result | query: ", documentPrefix: "title: none | text: ", pooling: "mean", maxTokens: 2048 }],
  [
    /^qwen3-embedding/,
    {
      queryPrefix: "Instruct: Given a clinical question, retrieve passages that answer the question\nQuery: ",
      documentPrefix: "",
      pooling: "last_token",
      maxTokens: 8192,
    },
  ],
];

/**
 * "Xenova/all-MiniLM-L6-v2" -> "all-minilm-l6-v2"; "nomic-embed-text:latest" -> "nomic-embed-text";
 * "mxbai-embed-large:335m" -> "mxbai-embed-large". The organisation and the Ollama tag say
 * nothing about how the model must be fed.
 */
export function normaliseModelName(name: string): string {
  const withoutTag = name.trim().replace(/:[^/:]+$/, "");
  const base = withoutTag.split("/").pop() ?? withoutTag;
  return base.toLowerCase();
}

export function profileFor(model: string): ModelProfile {
  const name = normaliseModelName(model);
  for (const [pattern, profile] of KNOWN_MODELS) {
    if (pattern.test(name)) return profile;
  }
  return PLAIN;
}

/** Adds the query or document prefix the model expects. Documents are the default. */
export function withPrefix(profile: ModelProfile, texts: string[], kind: "document" | "query" = "document"): string[] {
  const prefix = kind === "query" ? profile.queryPrefix : profile.documentPrefix;
  return prefix ? texts.map((t) => prefix + t) : texts;
}
