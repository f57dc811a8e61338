/**
 * Why a PubMed search failed, in words a user or admin can act on. `code` lets callers decide what to
 * say and which status to answer: 'unreachable' (no connection, DNS failure, NCBI answering 5xx after the
 * retries), 'timeout' (no answer in time), 'bad-response' (an NCBI error document, an HTML page, truncated
 * or unsafe XML, JSON of the wrong shape), 'rate-limited' (still 429 after the retries, or NCBI asked to wait
 * longer than a search may), 'busy' (too many searches already waiting for their turn: refused without asking NCBI).
 * A caller's own abort is not a PubMedError: the signal's reason is thrown as it is.
 */
export type PubMedErrorCode = "unreachable" | "timeout" | "bad-response" | "rate-limited" | "busy";

export class PubMedError extends Error {
  readonly code: PubMedErrorCode;
  /** HTTP status NCBI answered, when there was one. */
  readonly status: number | null;

  constructor(code: PubMedErrorCode, message: string, options?: { cause?: unknown; status?: number | null }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = "PubMedError";
    this.code = code;
    this.status = options?.status ?? null;
  }
}

export function isPubMedError(error: unknown): error is PubMedError {
  return error instanceof PubMedError;
}
