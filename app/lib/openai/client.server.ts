import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from "openai";
import { ServerBusyError, duration } from "./retry.server";

/**
 * The official `openai` client pointed at any OpenAI-compatible server (vLLM, llama.cpp's server, LM
 * Studio, LocalAI, text-embeddings-inference), with failures put in words an admin can act on.
 */

export type OpenAIServer = {
  /** OPENAI_BASE_URL, e.g. http://127.0.0.1:8000/v1. */
  baseURL: string;
  /** OPENAI_API_KEY; local servers usually need none. */
  apiKey?: string;
};

/** A client for one request: its own timeout, no retries of its own (retry.server.ts decides). */
export function openAIClient(server: OpenAIServer, timeoutMs: number): OpenAI {
  return new OpenAI({
    baseURL: server.baseURL,
    // The client refuses to start without a key; with none configured it sends no Authorization header at all.
    apiKey: server.apiKey ?? "unused",
    ...(server.apiKey ? {} : { defaultHeaders: { Authorization: null } }),
    maxRetries: 0,
    timeout: timeoutMs,
  });
}

/** Network error codes (from fetch's `cause`) in plain words. */
const NETWORK_WORDS: Record<string, string> = {
  ECONNREFUSED: "refused the connection (is it running?)",
  ECONNRESET: "closed the connection",
  ENOTFOUND: "was not found (no such host)",
  EAI_AGAIN: "was not found (no such host)",
  EHOSTUNREACH: "cannot be reached (host unreachable)",
  ENETUNREACH: "cannot be reached (network unreachable)",
  ETIMEDOUT: "did not answer (connection timed out)",
  UND_ERR_SOCKET: "closed the connection",
  UND_ERR_CONNECT_TIMEOUT: "did not answer (connection timed out)",
};

function networkWords(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && code in NETWORK_WORDS) return NETWORK_WORDS[code];
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The server's own message from an error body {"error": {"message": ...}}, else the client's. */
function serverMessage(error: APIError): string {
  const body = error.error as { message?: unknown } | undefined;
  const text = typeof body?.message === "string" ? body.message : error.message.replace(/^\d{3}\s+/, "");
  return (text.split("\n")[0] ?? "").trim() || "no message";
}

export type FailureKind = "unreachable" | "timeout" | "aborted" | "busy" | "auth" | "model-missing" | "failed";

/** What went wrong, and how to say it: "the OpenAI-compatible server at http://gpu:8000/v1 refused the connection (is it running?)". */
export function describeFailure(error: unknown, server: OpenAIServer, model: string, timeoutMs?: number): { kind: FailureKind; reason: string } {
  const at = `the OpenAI-compatible server at ${server.baseURL}`;
  if (error instanceof ServerBusyError) return { kind: "busy", reason: `${at} ${error.message}` };
  if (error instanceof APIUserAbortError || (error instanceof Error && error.name === "AbortError")) return { kind: "aborted", reason: "the request was stopped" };
  if (error instanceof APIConnectionTimeoutError || (error instanceof Error && error.name === "TimeoutError")) {
    return { kind: "timeout", reason: `${at} did not answer${timeoutMs ? ` within ${duration(timeoutMs)}` : ""}` };
  }
  if (error instanceof APIConnectionError) return { kind: "unreachable", reason: `${at} ${networkWords(error) ?? `cannot be reached: ${serverMessage(error)}`}` };
  if (error instanceof APIError && typeof error.status === "number") {
    if (error.status === 401 || error.status === 403) {
      return { kind: "auth", reason: `${at} refused the API key (${error.status}: ${serverMessage(error)}); check OPENAI_API_KEY` };
    }
    if (error.status === 404) return { kind: "model-missing", reason: `${at} has no model "${model}" (${serverMessage(error)})` };
    return { kind: "failed", reason: `${at} answered ${error.status}: ${serverMessage(error)}` };
  }
  const words = networkWords(error);
  if (words) return { kind: "unreachable", reason: `${at} ${words}` };
  const message = error instanceof Error ? error.message : String(error);
  return { kind: "failed", reason: `${at} failed: ${(message.split("\n")[0] ?? "").trim() || "unknown error"}` };
}

export type ServerProbe = { ok: true } | { ok: false; kind: FailureKind; reason: string };

/**
 * Is the server up and does it serve `model`? One GET /v1/models under a short timeout. A server
 * without that route (404) is taken at its word: the first real request will say more.
 */
export async function probeServer(server: OpenAIServer, model: string, timeoutMs: number, signal?: AbortSignal): Promise<ServerProbe> {
  const timeout = AbortSignal.timeout(timeoutMs);
  try {
    const ids: string[] = [];
    for await (const entry of openAIClient(server, timeoutMs).models.list({ signal: signal ? AbortSignal.any([signal, timeout]) : timeout })) ids.push(entry.id);
    if (ids.length > 0 && !ids.includes(model)) {
      const listed = ids.slice(0, 5).map((id) => `"${id}"`).join(", ") + (ids.length > 5 ? `, and ${ids.length - 5} more` : "");
      return { ok: false, kind: "model-missing", reason: `the OpenAI-compatible server at ${server.baseURL} does not serve the model "${model}" (it serves ${listed})` };
    }
    return { ok: true };
  } catch (error) {
    if (error instanceof APIError && error.status === 404) return { ok: true };
    const failure = describeFailure(timeout.aborted ? new APIConnectionTimeoutError() : error, server, model, timeoutMs);
    return { ok: false, ...failure };
  }
}
