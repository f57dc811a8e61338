import type http from "node:http";
import { readBody, sendJson, sleep, startLoopbackServer } from "./loopback";
import { bagOfWordsVector, contentWords, normalise, type ChatRequestBody, type ChatScript } from "./ollama-server";

/**
 * A loopback HTTP server that speaks the OpenAI HTTP API as OpenAI-compatible servers (vLLM, llama.cpp's
 * server, LM Studio) serve it, for the endpoints this app uses:
 *   GET  /v1/models             {"object":"list","data":[{"id","object":"model","created","owned_by"}]}
 *   POST /v1/chat/completions   server-sent events (`data: {chunk}` lines, then `data: [DONE]`), or one
 *                               chat.completion object with stream:false
 *   POST /v1/embeddings         a batch of inputs, float or base64 (little-endian float32) vectors
 * Errors are OpenAI's bodies, {"error":{"message","type","param","code"}}, with its statuses: 400 for a
 * bad request, 401 for a wrong key, 404 for an unknown model, 429 and 503 (with Retry-After when told)
 * for a busy server. The real `openai` client parses all of it unchanged. Chat replies follow a
 * ChatScript (the same scripts as the loopback Ollama); embeddings are the same hashed bag of words.
 */

export type OpenAIFakeModel = { id: string; kind: "chat" | "embedding"; dimensions?: number };

/** A failure to answer the next matching request with instead of its real answer. */
export type InjectedFailure = {
  /** "/v1/chat/completions", "/v1/embeddings" or "/v1/models"; any route when absent. */
  path?: string;
  status: 429 | 503 | 500 | 401 | 400;
  /** Sent as Retry-After (seconds or an HTTP date). */
  retryAfter?: string;
  /** Sent as retry-after-ms. */
  retryAfterMs?: string;
  message?: string;
};

export type FakeOpenAIOptions = {
  models?: OpenAIFakeModel[];
  chat?: ChatScript | ((request: OpenAIChatRequest) => ChatScript);
  /** When set, requests must carry `Authorization: Bearer <apiKey>`. */
  apiKey?: string | null;
  /** Answered in order, one per matching request, before any real answer. */
  failures?: InjectedFailure[];
  /** The most inputs one /v1/embeddings request may carry (OpenAI's limit is 2048). */
  maxEmbeddingInputs?: number;
  /** Delay before answering /v1/embeddings. */
  embedDelayMs?: number;
  /** Delay before answering /v1/models. */
  modelsDelayMs?: number;
};

export type OpenAIChatRequest = ChatRequestBody & { temperature?: number; max_tokens?: number; stream_options?: { include_usage?: boolean } };

export type OpenAIRecordedRequest = {
  method: string;
  path: string;
  body: unknown;
  authorization: string | null;
  /** The client closed the connection before the answer was complete (a stop or a timeout on its side). */
  closedEarly: boolean;
  /** Status of the answer (0 while it is being written). */
  status: number;
};

export type FakeOpenAI = {
  /** e.g. "http://127.0.0.1:41234/v1", for OPENAI_BASE_URL. */
  baseURL: string;
  requests: OpenAIRecordedRequest[];
  /** Live settings: change them between calls. */
  options: FakeOpenAIOptions;
  close(): Promise<void>;
};

export const DEFAULT_OPENAI_MODELS: OpenAIFakeModel[] = [
  { id: "meta-llama/Llama-3.1-8B-Instruct", kind: "chat" },
  { id: "BAAI/bge-small-en-v1.5", kind: "embedding", dimensions: 384 },
];

const CREATED = 1_732_000_000;

type ErrorType = "invalid_request_error" | "authentication_error" | "server_error" | "requests" | "not_found_error";

function sendError(res: http.ServerResponse, status: number, message: string, type: ErrorType, code: string | null, param: string | null = null, headers?: Record<string, string>) {
  sendJson(res, status, { error: { message, type, param, code } }, headers);
}

const tokensOf = (text: string) => contentWords(text).length + 2;

function sendInjected(res: http.ServerResponse, failure: InjectedFailure) {
  const headers: Record<string, string> = {};
  if (failure.retryAfter !== undefined) headers["Retry-After"] = failure.retryAfter;
  if (failure.retryAfterMs !== undefined) headers["retry-after-ms"] = failure.retryAfterMs;
  switch (failure.status) {
    case 429:
      return sendError(res, 429, failure.message ?? "Rate limit reached for requests. Please try again later.", "requests", "rate_limit_exceeded", null, headers);
    case 503:
      return sendError(res, 503, failure.message ?? "The server is overloaded or not ready yet.", "server_error", null, null, headers);
    case 401:
      return sendError(res, 401, failure.message ?? "Incorrect API key provided.", "invalid_request_error", "invalid_api_key", null, headers);
    case 400:
      return sendError(res, 400, failure.message ?? "Bad request.", "invalid_request_error", null, null, headers);
    default:
      return sendError(res, 500, failure.message ?? "The server had an error while processing your request.", "server_error", null, null, headers);
  }
}

/** A float32 vector as OpenAI's base64 encoding sends it. */
function base64Vector(vector: number[]): string {
  return Buffer.from(new Float32Array(vector).buffer).toString("base64");
}

type Handler = (res: http.ServerResponse, body: Record<string, unknown>, signal: AbortSignal) => Promise<void> | void;

export async function startFakeOpenAI(initial: FakeOpenAIOptions = {}): Promise<FakeOpenAI> {
  const options: FakeOpenAIOptions = { models: DEFAULT_OPENAI_MODELS, failures: [], ...initial };
  const requests: OpenAIRecordedRequest[] = [];
  const findModel = (id: unknown) => (typeof id === "string" ? (options.models ?? []).find((m) => m.id === id) : undefined);
  const modelNotFound = (res: http.ServerResponse, id: string) => sendError(res, 404, `The model \`${id}\` does not exist.`, "not_found_error", "model_not_found", "model");

  const chat: Handler = async (res, body, signal) => {
    const request = body as OpenAIChatRequest;
    if (typeof request.model !== "string" || !request.model) return sendError(res, 400, "you must provide a model parameter", "invalid_request_error", null, "model");
    const model = findModel(request.model);
    if (!model) return modelNotFound(res, request.model);
    if (model.kind !== "chat") return sendError(res, 400, `The model \`${request.model}\` does not support chat completions.`, "invalid_request_error", null, "model");
    if (!Array.isArray(request.messages) || request.messages.length === 0) {
      return sendError(res, 400, "'messages' must contain at least one message.", "invalid_request_error", null, "messages");
    }
    const script = typeof options.chat === "function" ? options.chat(request) : (options.chat ?? { tokens: ["Hello", "!"] });
    await (request.stream === true ? chatStream(res, request, script, signal) : chatWhole(res, request, script, signal));
  };

  const embeddings: Handler = async (res, body, signal) => {
    if (typeof body.model !== "string" || !body.model) return sendError(res, 400, "you must provide a model parameter", "invalid_request_error", null, "model");
    const model = findModel(body.model);
    if (!model) return modelNotFound(res, body.model);
    if (model.kind !== "embedding") return sendError(res, 400, `The model \`${body.model}\` does not support embeddings.`, "invalid_request_error", null, "model");
    const inputs = typeof body.input === "string" ? [body.input] : Array.isArray(body.input) && body.input.every((v) => typeof v === "string") ? (body.input as string[]) : null;
    if (inputs === null || inputs.length === 0 || inputs.some((t) => t === "")) {
      return sendError(res, 400, "'input' must be a non-empty string or array of non-empty strings.", "invalid_request_error", null, "input");
    }
    const max = options.maxEmbeddingInputs ?? 2048;
    if (inputs.length > max) return sendError(res, 400, `'input' must have at most ${max} items, got ${inputs.length}.`, "invalid_request_error", null, "input");
    const format = body.encoding_format ?? "float";
    if (format !== "float" && format !== "base64") return sendError(res, 400, `'encoding_format' must be 'float' or 'base64'.`, "invalid_request_error", null, "encoding_format");
    await sleep(options.embedDelayMs ?? 0, signal);
    if (signal.aborted) return;
    let dims = model.dimensions ?? 384;
    if (typeof body.dimensions === "number" && body.dimensions > 0 && body.dimensions < dims) dims = body.dimensions;
    const data = inputs.map((text, index) => {
      const vector = normalise(bagOfWordsVector(text, dims));
      return { object: "embedding", index, embedding: format === "base64" ? base64Vector(vector) : vector };
    });
    const tokens = inputs.reduce((n, t) => n + tokensOf(t), 0);
    sendJson(res, 200, { object: "list", data, model: model.id, usage: { prompt_tokens: tokens, total_tokens: tokens } });
  };

  const routes: Record<string, Handler> = {
    "GET /v1/models": async (res, _body, signal) => {
      await sleep(options.modelsDelayMs ?? 0, signal);
      if (signal.aborted) return;
      sendJson(res, 200, { object: "list", data: (options.models ?? []).map((m) => ({ id: m.id, object: "model", created: CREATED, owned_by: "loopback" })) });
    },
    "POST /v1/chat/completions": chat,
    "POST /v1/embeddings": embeddings,
  };

  const server = await startLoopbackServer(async (req, res, signal) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const record: OpenAIRecordedRequest = {
      method: req.method ?? "GET",
      path: url.pathname,
      body: null,
      authorization: req.headers.authorization ?? null,
      closedEarly: false,
      status: 0,
    };
    requests.push(record);
    res.on("close", () => {
      record.status = res.statusCode;
      // The client went away before the answer ended (a stop, a timeout)
      if (!res.writableFinished) record.closedEarly = true;
    });
    const text = await readBody(req);
    let body: Record<string, unknown> = {};
    if (req.method === "POST") {
      try {
        const parsed: unknown = JSON.parse(text);
        if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw new Error("not an object");
        body = parsed as Record<string, unknown>;
      } catch {
        record.body = text;
        return sendError(res, 400, "We could not parse the JSON body of your request.", "invalid_request_error", null);
      }
    }
    record.body = body;
    const route = routes[`${req.method} ${url.pathname}`];
    if (!route) return sendError(res, 404, `Invalid URL (${req.method} ${url.pathname})`, "invalid_request_error", null);
    if (options.apiKey && req.headers.authorization !== `Bearer ${options.apiKey}`) {
      return sendError(res, 401, "Incorrect API key provided.", "invalid_request_error", "invalid_api_key");
    }
    const failures = options.failures ?? [];
    const at = failures.findIndex((f) => !f.path || f.path === url.pathname);
    if (at >= 0) return sendInjected(res, failures.splice(at, 1)[0]!);
    await route(res, body, signal);
  }, (res, message) => sendError(res, 500, message, "server_error", null));

  return { baseURL: `http://127.0.0.1:${server.port}/v1`, requests, options, close: server.close };
}

let sequence = 0;

function chunk(id: string, request: OpenAIChatRequest, delta: Record<string, unknown>, finishReason: string | null) {
  return { id, object: "chat.completion.chunk", created: CREATED, model: request.model, system_fingerprint: null, choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }] };
}

function usageOf(request: OpenAIChatRequest, completion: string[]) {
  const prompt = (request.messages ?? []).reduce((n, m) => n + tokensOf(m.content), 0);
  return { prompt_tokens: prompt, completion_tokens: completion.length, total_tokens: prompt + completion.length };
}

async function chatStream(res: http.ServerResponse, request: OpenAIChatRequest, script: ChatScript, signal: AbortSignal): Promise<void> {
  const id = `chatcmpl-loopback-${++sequence}`;
  const send = (data: unknown) => res.write(`data: ${JSON.stringify(data)}\n\n`);
  const open = () => {
    if (res.headersSent) return;
    res.writeHead(200, { "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-cache", Connection: "keep-alive" });
    // vLLM and OpenAI open with the role and an empty content
    send(chunk(id, request, { role: "assistant", content: "" }, null));
  };
  const failAt = script.failAfter ?? Infinity;
  for (let i = 0; i < script.tokens.length; i++) {
    await sleep(script.tokenDelaysMs?.[i] ?? script.tokenDelayMs ?? 0, signal);
    if (signal.aborted) return;
    if (i >= failAt) return failStream(res, script, send);
    open();
    send(chunk(id, request, { content: script.tokens[i] }, null));
  }
  if (failAt <= script.tokens.length) return failStream(res, script, send);
  open();
  send(chunk(id, request, {}, script.doneReason ?? "stop"));
  if (request.stream_options?.include_usage) send({ id, object: "chat.completion.chunk", created: CREATED, model: request.model, choices: [], usage: usageOf(request, script.tokens) });
  res.end("data: [DONE]\n\n");
}

/** A JSON 500 when nothing was sent yet; else vLLM's in-stream `data: {"error": ...}`, or a dropped socket. */
function failStream(res: http.ServerResponse, script: ChatScript, send: (data: unknown) => void): void {
  const message = script.failMessage ?? "The model stopped unexpectedly (CUDA error: out of memory).";
  if (script.failWith === "disconnect") {
    res.socket?.destroy();
    return;
  }
  if (!res.headersSent) return sendError(res, 500, message, "server_error", null);
  send({ error: { message, type: "server_error", param: null, code: 500 } });
  res.end("data: [DONE]\n\n");
}

async function chatWhole(res: http.ServerResponse, request: OpenAIChatRequest, script: ChatScript, signal: AbortSignal): Promise<void> {
  const failAt = script.failAfter ?? Infinity;
  for (let i = 0; i < script.tokens.length; i++) {
    await sleep(script.tokenDelaysMs?.[i] ?? script.tokenDelayMs ?? 0, signal);
    if (signal.aborted) return;
    if (i >= failAt) return failStream(res, { ...script, failWith: script.failWith === "disconnect" ? "disconnect" : undefined }, () => undefined);
  }
  if (failAt <= script.tokens.length) return sendError(res, 500, script.failMessage ?? "The model stopped unexpectedly.", "server_error", null);
  sendJson(res, 200, {
    id: `chatcmpl-loopback-${++sequence}`,
    object: "chat.completion",
    created: CREATED,
    model: request.model,
    system_fingerprint: null,
    choices: [{ index: 0, message: { role: "assistant", content: script.tokens.join(""), refusal: null }, logprobs: null, finish_reason: script.doneReason ?? "stop" }],
    usage: usageOf(request, script.tokens),
  });
}
