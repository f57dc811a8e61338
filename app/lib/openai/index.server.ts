/**
 * An OpenAI-compatible model server (chat and embeddings), reached through the official `openai`
 * client: the client, the retry policy for busy servers, the availability probe and failure reasons.
 * The answer and embeddings capabilities build their models on it.
 */
export { describeFailure, openAIClient, probeServer, type FailureKind, type OpenAIServer, type ServerProbe } from "./client.server";
export {
  CHAT_RETRY,
  DOCUMENT_EMBEDDING_RETRY,
  QUERY_EMBEDDING_RETRY,
  RETRIED_STATUSES,
  ServerBusyError,
  duration,
  retryAfterMs,
  retryDecision,
  withRetries,
  type RetryDecision,
  type RetryPolicy,
} from "./retry.server";
