import {
  DOCUMENT_EMBEDDING_RETRY,
  QUERY_EMBEDDING_RETRY,
  describeFailure,
  duration,
  openAIClient,
  probeServer,
  withRetries,
  type FailureKind,
  type OpenAIServer,
  type RetryPolicy,
} from "../openai/index.server";
import type { Embedder } from "./types";
import { EmbeddingError, throwIfAborted, type EmbeddingErrorCode } from "./errors";
import { profileFor, withPrefix } from "./profiles";
import { checkVectors, serverEmbedder } from "./server-embedder.server";

/**
 * Embeddings from an OpenAI-compatible server (vLLM, text-embeddings-inference, llama.cpp's server, LM
 * Studio, LocalAI) through the official `openai` client: POST /v1/embeddings in batches, each under a
 * timeout and the caller's signal, 429/503 retried with backoff honouring Retry-After.
 */

export type OpenAIEmbedderOptions = OpenAIServer & {
  model: string;
  /** Texts per /v1/embeddings request. */
  batchSize?: number;
  /** Per request when embedding documents: a cold model may take a while. */
  timeoutMs?: number;
  /** Per request when embedding a query: a search must not hang for long. */
  queryTimeoutMs?: number;
  probeTimeoutMs?: number;
  retry?: { document?: RetryPolicy; query?: RetryPolicy };
  /** Told when a call finds the server gone or the model missing, so cached status can be dropped. */
  onUnavailable?: (reason: string) => void;
};

export const OPENAI_EMBEDDING_DEFAULTS = { batchSize: 32, timeoutMs: 120_000, queryTimeoutMs: 10_000, probeTimeoutMs: 2_500 } as const;

const CODES: Record<FailureKind, EmbeddingErrorCode> = {
  unreachable: "unavailable",
  timeout: "timeout",
  aborted: "aborted",
  busy: "failed",
  auth: "unavailable",
  "model-missing": "model-missing",
  failed: "failed",
};

function toEmbeddingError(error: unknown, options: OpenAIEmbedderOptions, timeoutMs: number, callerSignal?: AbortSignal): EmbeddingError {
  if (error instanceof EmbeddingError) return error;
  if (callerSignal?.aborted) return new EmbeddingError("aborted", "Embedding was cancelled", { cause: error });
  const { kind, reason } = describeFailure(error, options, options.model, timeoutMs);
  return new EmbeddingError(CODES[kind], reason, { cause: error });
}

/** Names the server in a reason. */
const serverName = (options: OpenAIEmbedderOptions) => `the OpenAI-compatible server at ${options.baseURL}`;

/** One /v1/embeddings request, retried when the server is busy; the vectors in input order. */
async function embedBatch(options: OpenAIEmbedderOptions, texts: string[], kind: "document" | "query", signal?: AbortSignal): Promise<number[][]> {
  throwIfAborted(signal);
  const timeoutMs = kind === "query" ? (options.queryTimeoutMs ?? OPENAI_EMBEDDING_DEFAULTS.queryTimeoutMs) : (options.timeoutMs ?? OPENAI_EMBEDDING_DEFAULTS.timeoutMs);
  const policy = (kind === "query" ? options.retry?.query : options.retry?.document) ?? (kind === "query" ? QUERY_EMBEDDING_RETRY : DOCUMENT_EMBEDDING_RETRY);
  const client = openAIClient(options, timeoutMs);
  try {
    const response = await withRetries(
      // Floats, not the client's default base64: not every compatible server encodes base64
      () => client.embeddings.create({ model: options.model, input: texts, encoding_format: "float" }, { signal }),
      policy,
      { signal },
    );
    const data = Array.isArray(response?.data) ? response.data : [];
    if (data.length !== texts.length) {
      throw new EmbeddingError("bad-response", `${serverName(options)} returned ${data.length} embeddings for ${texts.length} texts`);
    }
    // Servers may answer out of order: `index` says which input each vector belongs to
    const ordered = [...data].sort((a, b) => a.index - b.index);
    return ordered.map((d) => d.embedding);
  } catch (error) {
    throw toEmbeddingError(error, options, timeoutMs, signal);
  }
}

/** "openai:bge-small-en-v1.5": stored with the vectors, so another model's vectors are never mixed in. */
export function openAIEmbedderId(model: string): string {
  return `openai:${model.trim()}`;
}

function makeEmbedder(options: OpenAIEmbedderOptions, dimensions: number): Embedder {
  return serverEmbedder({
    id: openAIEmbedderId(options.model),
    model: options.model,
    dimensions,
    batchSize: options.batchSize ?? OPENAI_EMBEDDING_DEFAULTS.batchSize,
    server: serverName(options),
    onUnavailable: options.onUnavailable,
    embedBatch: (batch, kind, signal) => embedBatch(options, batch, kind, signal),
  });
}

export type OpenAIEmbedderResult = { ok: true; embedder: Embedder } | { ok: false; reason: string };

/** Is the server there and serving the model? One quick GET /v1/models. */
export async function probeOpenAIEmbeddings(options: OpenAIEmbedderOptions, signal?: AbortSignal): Promise<{ ok: true } | { ok: false; reason: string }> {
  const probe = await probeServer(options, options.model, options.probeTimeoutMs ?? OPENAI_EMBEDDING_DEFAULTS.probeTimeoutMs, signal);
  return probe.ok ? probe : { ok: false, reason: probe.reason };
}

/**
 * Checks the server and the model, learns the dimensions from one embedding, and returns an embedder.
 * Never throws: an unreachable server or a missing model comes back as a reason.
 */
export async function createOpenAIEmbedder(options: OpenAIEmbedderOptions, signal?: AbortSignal): Promise<OpenAIEmbedderResult> {
  const probe = await probeOpenAIEmbeddings(options, signal);
  if (!probe.ok) return probe;
  try {
    const [vector] = checkVectors(await embedBatch(options, withPrefix(profileFor(options.model), ["dimension probe"]), "document", signal), null, serverName(options));
    if (!vector?.length) return { ok: false, reason: `${serverName(options)} returned an empty embedding for "${options.model}"` };
    return { ok: true, embedder: makeEmbedder(options, vector.length) };
  } catch (error) {
    const e = error as Error;
    return { ok: false, reason: e.message || `no embedding within ${duration(options.timeoutMs ?? OPENAI_EMBEDDING_DEFAULTS.timeoutMs)}` };
  }
}
