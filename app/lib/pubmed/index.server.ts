/**
 * PubMed research mode: NCBI E-utilities search (esearch → efetch) for a question or keywords, with the
 * user's priority journals first, one rate limit for the whole server, retries, timeouts and a day's
 * cache in SQLite. Errors are PubMedError with a code: 'unreachable' | 'timeout' | 'bad-response' |
 * 'rate-limited'.
 */
export {
  clampCount,
  createPubMedSearcher,
  DEFAULT_RESULT_COUNT,
  MAX_RESULT_COUNT,
  searchPubMed,
  type PubMedSearcher,
  type PubMedSearchResult,
  type SearchPubMedInput,
} from "./search.server";
export { isPubMedError, PubMedError, type PubMedErrorCode } from "./errors";
export {
  ABSTRACT_PREVIEW_CHARS,
  abstractPreview,
  pubmedArticleUrl,
  toResultItem,
  type PubMedArticle,
  type PubMedResultItem,
} from "./types";
export { MAX_INPUT_CHARS } from "./query";
// For composing a searcher against another E-utilities address (tests use a loopback server).
export { createEutilsClient } from "./eutils.server";
export { RequestThrottle } from "./throttle";
