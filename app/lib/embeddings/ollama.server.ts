import { Ollama, type ShowResponse } from "ollama";
import type { Embedder } from "./types";
import { EmbeddingError, firstLine, throwIfAborted } from "./errors";
import { profileFor, withPrefix } from "./profiles";
import { checkVectors, serverEmbedder } from "./server-embedder.server";

/** Ollama embeddings through the official `ollama` client. */

export const DEFAULT_OLLAMA_HOST = "http://127.0.0.1:11434";
export const DEFAULT_OLLAMA_EMBEDDING_MODEL = "nomic-embed-text";

export type OllamaEmbedderOptions = {
  host: string;
  model: string;
  /** Texts per /api/embed request. */
  batchSize?: number;
  /** Per request when embedding documents; generous because a cold model load can take many seconds. */
  timeoutMs?: number;
  /** Per request when embedding a query: a search must not hang for long. */
  queryTimeoutMs?: number;
  /** The availability check (/api/show) must be quick so an outage does not slow searches. */
  probeTimeoutMs?: number;
  /** Told when a call finds Ollama gone or the model missing, so cached status can be dropped. */
  onUnavailable?: (reason: string) => void;
};

export const OLLAMA_DEFAULTS = { batchSize: 32, timeoutMs: 120_000, queryTimeoutMs: 10_000, probeTimeoutMs: 2_500 } as const;

export type OllamaProbe = { ok: true; dimensions: number | null } | { ok: false; reason: string; code: EmbeddingError["code"] };

export type OllamaEmbedderResult = { ok: true; embedder: Embedder } | { ok: false; reason: string };

/** A client whose every request carries `signal`; the client itself only wires signals into streams. */
function clientWith(host: string, signal: AbortSignal): Ollama {
  const fetchWithSignal: typeof fetch = (input, init) => fetch(input, { ...init, signal });
  return new Ollama({ host, fetch: fetchWithSignal });
}

/** Network error codes (from undici's `cause`) in plain words. */
const NETWORK_WORDS: Record<string, string> = {
  ECONNREFUSED: "connection refused",
  ECONNRESET: "connection reset",
  ENOTFOUND: "host name not found",
  EAI_AGAIN: "host name not found",
  EHOSTUNREACH: "host unreachable",
  ENETUNREACH: "network unreachable",
  ETIMEDOUT: "connection timed out",
  UND_ERR_SOCKET: "connection closed",
  UND_ERR_CONNECT_TIMEOUT: "connection timed out",
  UND_ERR_HEADERS_TIMEOUT: "no reply",
};

function networkCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && code in NETWORK_WORDS) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

function statusOf(error: unknown): number | undefined {
  const status = (error as { status_code?: unknown } | null)?.status_code;
  return typeof status === "number" ? status : undefined;
}

/** "150 ms", "2.5 s", "120 s". */
export function duration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${Math.round(ms / 100) / 10} s`;
}

type CallContext = { host: string; model: string; timeoutMs: number; callerSignal?: AbortSignal; timeoutSignal: AbortSignal };

/** Maps anything a client call can throw to an EmbeddingError whose message is the reason to show. */
export function toEmbeddingError(error: unknown, ctx: CallContext): EmbeddingError {
  if (error instanceof EmbeddingError) return error;
  const cause = { cause: error };
  if (ctx.callerSignal?.aborted) return new EmbeddingError("aborted", "Embedding was cancelled", cause);
  if (ctx.timeoutSignal.aborted) {
    return new EmbeddingError("timeout", `Ollama at ${ctx.host} did not answer: no reply within ${duration(ctx.timeoutMs)}`, cause);
  }
  const status = statusOf(error);
  if (status === 404) {
    return new EmbeddingError("model-missing", `Ollama at ${ctx.host} has no model "${ctx.model}" (run: ollama pull ${ctx.model})`, cause);
  }
  if (status !== undefined) {
    return new EmbeddingError("failed", `Ollama at ${ctx.host} answered ${status}: ${firstLine(error)}`, cause);
  }
  const code = networkCode(error);
  if (code) return new EmbeddingError("unavailable", `Ollama at ${ctx.host} did not answer: ${NETWORK_WORDS[code]}`, cause);
  if (error instanceof SyntaxError) {
    return new EmbeddingError("bad-response", `Ollama at ${ctx.host} sent a reply that is not JSON: ${firstLine(error)}`, cause);
  }
  return new EmbeddingError("unavailable", `Ollama at ${ctx.host} did not answer: ${firstLine(error)}`, cause);
}

/** Runs one client call under a timeout and the caller's signal, mapping failures to reasons. */
async function call<T>(
  base: { host: string; model: string },
  timeoutMs: number,
  callerSignal: AbortSignal | undefined,
  run: (client: Ollama) => Promise<T>,
): Promise<T> {
  throwIfAborted(callerSignal);
  const timeoutSignal = AbortSignal.timeout(timeoutMs);
  const signal = callerSignal ? AbortSignal.any([callerSignal, timeoutSignal]) : timeoutSignal;
  try {
    return await run(clientWith(base.host, signal));
  } catch (error) {
    throw toEmbeddingError(error, { ...base, timeoutMs, callerSignal, timeoutSignal });
  }
}

/** `<architecture>.embedding_length` from /api/show's model_info, e.g. "nomic-bert.embedding_length": 768. */
export function embeddingLengthOf(show: Pick<ShowResponse, "model_info">): number | null {
  // The client types model_info as a Map, but on the wire (and after JSON.parse) it is a plain object
  const info: unknown = show.model_info;
  if (!info || typeof info !== "object") return null;
  for (const [key, value] of Object.entries(info)) {
    if (key.endsWith(".embedding_length") && typeof value === "number" && value > 0) return value;
  }
  return null;
}

function notAnEmbeddingModel(show: Pick<ShowResponse, "capabilities">): boolean {
  const caps: unknown = show.capabilities;
  // Older Ollama versions send no capabilities; then we cannot tell and let /api/embed decide
  return Array.isArray(caps) && caps.length > 0 && !caps.includes("embedding");
}

/**
 * Asks Ollama about the model (POST /api/show): is the server there, is the model pulled, is it an
 * embedding model, how many dimensions. One quick request, no model load.
 */
export async function probeOllama(options: OllamaEmbedderOptions, signal?: AbortSignal): Promise<OllamaProbe> {
  const timeoutMs = options.probeTimeoutMs ?? OLLAMA_DEFAULTS.probeTimeoutMs;
  try {
    const show = await call(options, timeoutMs, signal, (client) => client.show({ model: options.model }));
    if (notAnEmbeddingModel(show)) {
      const caps = (show.capabilities as string[]).join(", ");
      return { ok: false, code: "model-missing", reason: `Ollama model "${options.model}" is not an embedding model (it can: ${caps})` };
    }
    return { ok: true, dimensions: embeddingLengthOf(show) };
  } catch (error) {
    const e = error as EmbeddingError;
    return { ok: false, reason: e.message, code: e.code };
  }
}

function checkCount(embeddings: unknown, count: number, host: string): unknown[] {
  if (!Array.isArray(embeddings) || embeddings.length !== count) {
    throw new EmbeddingError("bad-response", `Ollama at ${host} returned ${Array.isArray(embeddings) ? embeddings.length : "no"} embeddings for ${count} texts`);
  }
  return embeddings;
}

/** One /api/embed request; its vectors, one per text, not yet checked for their length. */
async function embedBatch(options: OllamaEmbedderOptions, texts: string[], timeoutMs: number, signal?: AbortSignal): Promise<unknown[]> {
  const response = await call(options, timeoutMs, signal, (client) => client.embed({ model: options.model, input: texts }));
  return checkCount(response.embeddings, texts.length, options.host);
}

/** "ollama:nomic-embed-text" for "nomic-embed-text" and "nomic-embed-text:latest" alike (the same model). */
export function ollamaId(model: string): string {
  return `ollama:${model.trim().replace(/:latest$/, "")}`;
}

function makeEmbedder(options: OllamaEmbedderOptions, dimensions: number): Embedder {
  return serverEmbedder({
    id: ollamaId(options.model),
    model: options.model,
    dimensions,
    batchSize: options.batchSize ?? OLLAMA_DEFAULTS.batchSize,
    server: `Ollama at ${options.host}`,
    onUnavailable: options.onUnavailable,
    embedBatch: (batch, kind, signal) =>
      embedBatch(options, batch, kind === "query" ? (options.queryTimeoutMs ?? OLLAMA_DEFAULTS.queryTimeoutMs) : (options.timeoutMs ?? OLLAMA_DEFAULTS.timeoutMs), signal),
  });
}

/**
 * Checks Ollama and the model, discovers the dimensions (from /api/show, else one embedding), and
 * returns an embedder. Never throws: an unreachable server or a missing model comes back as a reason.
 */
export async function createOllamaEmbedder(options: OllamaEmbedderOptions, signal?: AbortSignal): Promise<OllamaEmbedderResult> {
  const probe = await probeOllama(options, signal);
  if (!probe.ok) return { ok: false, reason: probe.reason };
  let dimensions = probe.dimensions;
  if (dimensions === null) {
    try {
      const rows = await embedBatch(options, [withPrefix(profileFor(options.model), ["dimension probe"])[0] as string], options.timeoutMs ?? OLLAMA_DEFAULTS.timeoutMs, signal);
      const [vector] = checkVectors(rows, null, `Ollama at ${options.host}`);
      dimensions = vector?.length ?? null;
    } catch (error) {
      return { ok: false, reason: (error as Error).message };
    }
  }
  if (!dimensions) return { ok: false, reason: `Ollama model "${options.model}" returned an empty embedding` };
  return { ok: true, embedder: makeEmbedder(options, dimensions) };
}

