/**
 * Why an embedding call failed, in words an admin can act on. `code` lets callers decide:
 * "unavailable" and "model-missing" mean fall back to lexical search; "aborted" means the caller
 * cancelled (e.g. an ingest was cancelled) and nothing should be reported as broken.
 */
export type EmbeddingErrorCode = "unavailable" | "model-missing" | "timeout" | "aborted" | "bad-response" | "failed";

export class EmbeddingError extends Error {
  readonly code: EmbeddingErrorCode;

  constructor(code: EmbeddingErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "EmbeddingError";
    this.code = code;
  }
}

/** The first line of an error's message, trimmed, for reasons shown in the UI. */
export function firstLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return (text.split("\n")[0] ?? "").trim() || "unknown error";
}

/** Throws an "aborted" EmbeddingError when the caller's signal has fired. */
export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new EmbeddingError("aborted", "Embedding was cancelled", { cause: signal.reason });
}
