import type http from "node:http";
import { readBody, sendJson as sendJsonWith, sleep, startLoopbackServer } from "./loopback";

/**
 * A loopback HTTP server that speaks Ollama's REST protocol for the endpoints this app uses:
 *   GET  /api/tags        models list
 *   POST /api/show        model details (details, model_info with <arch>.embedding_length, capabilities)
 *   POST /api/embed       batch embeddings, L2-normalised like Ollama's EmbedHandler
 *   POST /api/embeddings  legacy single embedding, not normalised (as in Ollama)
 *   POST /api/chat        NDJSON stream (or one JSON object with stream:false)
 * Shapes, status codes, error texts and content types follow Ollama's server/routes.go, so the
 * real `ollama` client parses them unchanged. Embeddings are a hashed bag of words: deterministic,
 * and texts that share words get a higher cosine, which is enough for ranking tests.
 */

export type FakeModel = {
  /** "nomic-embed-text" or "llama3.2:1b"; ":latest" is implied when no tag is given, as in Ollama. */
  name: string;
  kind: "embedding" | "chat";
  /** Embedding length (default 768 for embedding models, 2048 for chat models). */
  dimensions?: number;
  family?: string;
  contextLength?: number;
  /** Answer /api/show as Ollama releases before model_info and capabilities existed did. */
  legacyShow?: boolean;
};

export type ChatScript = {
  /** Message content pieces, streamed one per line. */
  tokens: string[];
  /** Pause before each token, in milliseconds. */
  tokenDelayMs?: number;
  /** Pause before token i, overriding tokenDelayMs for the tokens listed (e.g. [0, 60_000]: one token, then a stall). */
  tokenDelaysMs?: number[];
  /** Stop after this many tokens; then `failWith` decides how. */
  failAfter?: number;
  /** "error-line": Ollama's in-stream {"error": ...} line (or a 500 when nothing was sent yet); "disconnect": drop the socket. */
  failWith?: "error-line" | "disconnect";
  failMessage?: string;
  /** done_reason on the final line: "stop" (default) or "length". */
  doneReason?: string;
};

export type ChatRequestBody = {
  model?: string;
  messages?: Array<{ role: string; content: string }>;
  stream?: boolean;
  options?: Record<string, unknown>;
};

export type FakeOllamaOptions = {
  models?: FakeModel[];
  /** Fixed script, or a function of the request (e.g. to answer from the prompt). */
  chat?: ChatScript | ((request: ChatRequestBody) => ChatScript);
  /** Delay before answering /api/embed and /api/embeddings (to test timeouts). */
  embedDelayMs?: number;
  /** Delay before answering /api/show and /api/tags (to test the availability check's timeout). */
  showDelayMs?: number;
  /** Replace /api/embed's answer with this status and error text (e.g. 500, "out of memory"). */
  embedFailure?: { status: number; error: string } | null;
};

export type RecordedRequest = {
  method: string;
  path: string;
  body: unknown;
  /** The client closed the connection before the answer was complete (a stop or a timeout on its side). */
  closedEarly?: boolean;
};

export type FakeOllama = {
  /** e.g. "http://127.0.0.1:41234", for OLLAMA_HOST. */
  url: string;
  /** Every request received, in order. */
  requests: RecordedRequest[];
  /** Live settings: change them between calls. */
  options: FakeOllamaOptions;
  close(): Promise<void>;
};

export const DEFAULT_FAKE_MODELS: FakeModel[] = [
  { name: "nomic-embed-text", kind: "embedding", dimensions: 768, family: "nomic-bert", contextLength: 2048 },
  { name: "all-minilm", kind: "embedding", dimensions: 384, family: "bert", contextLength: 512 },
  { name: "llama3.2", kind: "chat", family: "llama", contextLength: 131072 },
];

const JSON_TYPE = "application/json; charset=utf-8";
const NDJSON_TYPE = "application/x-ndjson";

/** "nomic-embed-text" -> "nomic-embed-text:latest"; names compare case-insensitively in Ollama. */
export function canonicalName(name: string): string {
  const trimmed = name.trim().toLowerCase();
  const lastPart = trimmed.split("/").pop() ?? trimmed;
  return lastPart.includes(":") ? trimmed : `${trimmed}:latest`;
}

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

const STOP_WORDS = new Set(["a", "an", "the", "of", "in", "on", "for", "to", "and", "or", "is", "are", "what", "how", "with", "by", "at", "be"]);

/** Lower-cased words without stop words, plural "s" dropped: "Doses of meloxicam" -> ["dose", "meloxicam"]. */
export function contentWords(text: string): string[] {
  return (text.toLowerCase().match(/[a-z0-9]+/g) ?? [])
    .filter((w) => !STOP_WORDS.has(w))
    .map((w) => (w.length > 3 && w.endsWith("s") && !w.endsWith("ss") ? w.slice(0, -1) : w));
}

/** Hashed bag of words, not normalised: each word adds ±1 to one of `dimensions` slots. */
export function bagOfWordsVector(text: string, dimensions: number): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  for (const word of contentWords(text)) {
    const h = fnv1a(word);
    vector[h % dimensions] = (vector[h % dimensions] ?? 0) + ((h >>> 31) & 1 ? 1 : -1);
  }
  return vector;
}

/** Ollama's normalize(): scale to unit length, with 1e-12 guarding the zero vector. */
export function normalise(vector: number[]): number[] {
  const length = Math.sqrt(vector.reduce((s, v) => s + v * v, 0));
  const scale = 1 / Math.max(length, 1e-12);
  return vector.map((v) => v * scale);
}

const sendJson = (res: http.ServerResponse, status: number, body: unknown) => sendJsonWith(res, status, body, { "Content-Type": JSON_TYPE });

/** Ollama's bad-request answers for a body that is missing or not JSON. */
function parseJsonBody(text: string): { ok: true; body: Record<string, unknown> } | { ok: false; error: string } {
  if (text.trim() === "") return { ok: false, error: "missing request body" };
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body !== "object" || body === null || Array.isArray(body)) return { ok: false, error: "invalid request body" };
    return { ok: true, body: body as Record<string, unknown> };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : "invalid JSON" };
  }
}

const nanos = (ms: number) => Math.round(ms * 1e6);
const nowIso = () => new Date().toISOString();

function digestOf(name: string): string {
  return Array.from({ length: 8 }, (_, i) => fnv1a(`${name}#${i}`).toString(16).padStart(8, "0")).join("");
}

function dimensionsOf(model: FakeModel): number {
  return model.dimensions ?? (model.kind === "embedding" ? 768 : 2048);
}

function detailsOf(model: FakeModel) {
  const family = model.family ?? (model.kind === "embedding" ? "bert" : "llama");
  return {
    parent_model: "",
    format: "gguf",
    family,
    families: [family],
    parameter_size: model.kind === "embedding" ? "137M" : "3.2B",
    quantization_level: model.kind === "embedding" ? "F16" : "Q4_K_M",
  };
}

function capabilitiesOf(model: FakeModel): string[] {
  return model.kind === "embedding" ? ["embedding"] : ["completion", "tools"];
}

const MODIFIED_AT = "2025-01-15T10:20:30.123456789Z";

function tagsEntry(model: FakeModel) {
  const name = canonicalName(model.name);
  return { name, model: name, modified_at: MODIFIED_AT, size: model.kind === "embedding" ? 274_302_450 : 2_019_393_189, digest: digestOf(name), details: detailsOf(model) };
}

function showResponse(model: FakeModel) {
  const details = detailsOf(model);
  const arch = details.family;
  if (model.legacyShow) {
    return { license: "", modelfile: `FROM ${canonicalName(model.name)}\n`, parameters: "", template: "{{ .Prompt }}", details };
  }
  return {
    license: "Apache License Version 2.0",
    modelfile: `# Modelfile generated by "ollama show"\nFROM ${canonicalName(model.name)}\n`,
    parameters: model.kind === "embedding" ? "num_ctx                        8192" : 'stop                           "<|eot_id|>"',
    template: "{{ .Prompt }}",
    details,
    model_info: {
      "general.architecture": arch,
      "general.parameter_count": model.kind === "embedding" ? 136_727_040 : 3_212_749_888,
      [`${arch}.context_length`]: model.contextLength ?? 2048,
      [`${arch}.embedding_length`]: dimensionsOf(model),
    },
    capabilities: capabilitiesOf(model),
    modified_at: MODIFIED_AT,
  };
}

type Handler = (req: http.IncomingMessage, res: http.ServerResponse, body: Record<string, unknown>, signal: AbortSignal) => Promise<void> | void;

export async function startFakeOllama(initial: FakeOllamaOptions = {}): Promise<FakeOllama> {
  const options: FakeOllamaOptions = { models: DEFAULT_FAKE_MODELS, ...initial };
  const requests: RecordedRequest[] = [];

  const findModel = (name: unknown): FakeModel | undefined =>
    typeof name === "string" && name.trim() !== "" ? (options.models ?? []).find((m) => canonicalName(m.name) === canonicalName(name)) : undefined;

  const show: Handler = async (_req, res, body, signal) => {
    await sleep(options.showDelayMs ?? 0, signal);
    const name = typeof body.model === "string" && body.model ? body.model : body.name;
    if (typeof name !== "string" || !name) return sendJson(res, 400, { error: "model is required" });
    const model = findModel(name);
    if (!model) return sendJson(res, 404, { error: `model '${name}' not found` });
    sendJson(res, 200, showResponse(model));
  };

  const embed: Handler = async (_req, res, body, signal) => {
    const inputs = embedInputs(body.input);
    if (inputs === null) return sendJson(res, 400, { error: "invalid input type" });
    if (typeof body.model !== "string" || !body.model) return sendJson(res, 400, { error: "model is required" });
    const model = findModel(body.model);
    if (!model) return sendJson(res, 404, { error: `model ${JSON.stringify(body.model)} not found, try pulling it first` });
    const started = Date.now();
    await sleep(options.embedDelayMs ?? 0, signal);
    if (options.embedFailure) return sendJson(res, options.embedFailure.status, { error: options.embedFailure.error });
    let dims = dimensionsOf(model);
    const requested = typeof body.dimensions === "number" ? body.dimensions : 0;
    if (requested > 0 && requested < dims) dims = requested;
    const embeddings = inputs.map((text) => normalise(bagOfWordsVector(text, dims)));
    const tokens = inputs.reduce((n, t) => n + contentWords(t).length + 2, 0);
    sendJson(res, 200, {
      model: body.model,
      embeddings,
      total_duration: nanos(Date.now() - started) + 1_000_000,
      load_duration: 500_000,
      prompt_eval_count: tokens,
    });
  };

  const legacyEmbeddings: Handler = async (_req, res, body, signal) => {
    if (typeof body.model !== "string" || !body.model) return sendJson(res, 400, { error: "model is required" });
    const model = findModel(body.model);
    if (!model) return sendJson(res, 404, { error: `model ${JSON.stringify(body.model)} not found, try pulling it first` });
    await sleep(options.embedDelayMs ?? 0, signal);
    const prompt = typeof body.prompt === "string" ? body.prompt : "";
    // An empty prompt only loads the model, as in Ollama; the legacy endpoint does not normalise
    sendJson(res, 200, { embedding: prompt ? bagOfWordsVector(prompt, dimensionsOf(model)) : [] });
  };

  const chat: Handler = async (_req, res, body, signal) => {
    const request = body as ChatRequestBody;
    if (typeof request.model !== "string" || !request.model) return sendJson(res, 400, { error: "model is required" });
    const model = findModel(request.model);
    if (!model) return sendJson(res, 404, { error: `model '${request.model}' not found` });
    if (model.kind !== "chat") return sendJson(res, 400, { error: `${JSON.stringify(request.model)} does not support chat` });
    if (!request.messages || request.messages.length === 0) {
      return sendJson(res, 200, { model: request.model, created_at: nowIso(), message: { role: "assistant", content: "" }, done_reason: "load", done: true });
    }
    const script = typeof options.chat === "function" ? options.chat(request) : (options.chat ?? { tokens: ["Hello", "!"] });
    await (request.stream === false ? chatWhole(res, request, script, signal) : chatStream(res, request, script, signal));
  };

  const routes: Record<string, Handler> = {
    "GET /api/tags": async (_req, res, _body, signal) => {
      await sleep(options.showDelayMs ?? 0, signal);
      sendJson(res, 200, { models: (options.models ?? []).map(tagsEntry) });
    },
    "GET /api/version": (_req, res) => sendJson(res, 200, { version: "0.12.6" }),
    "HEAD /": (_req, res) => {
      res.writeHead(200, { "Content-Type": "text/plain; charset=utf-8" });
      res.end();
    },
    "GET /": (_req, res) => {
      res.writeHead(200, { "Content-Type": "text/plain; charset=utf-8" });
      res.end("Ollama is running");
    },
    "POST /api/show": show,
    "POST /api/embed": embed,
    "POST /api/embeddings": legacyEmbeddings,
    "POST /api/chat": chat,
  };

  const server = await startLoopbackServer(async (req, res, signal) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const text = await readBody(req);
    const parsed = req.method === "POST" ? parseJsonBody(text) : { ok: true as const, body: {} };
    const record: RecordedRequest = { method: req.method ?? "GET", path: url.pathname, body: parsed.ok ? parsed.body : text };
    requests.push(record);
    // The client went away (timeout, abort) before the answer ended
    res.on("close", () => {
      if (!res.writableFinished) record.closedEarly = true;
    });
    const route = routes[`${req.method} ${url.pathname}`];
    // Gin answers unknown routes with a plain-text 404
    if (!route) {
      res.writeHead(404, { "Content-Type": "text/plain" });
      res.end("404 page not found");
      return;
    }
    if (!parsed.ok) return sendJson(res, 400, { error: parsed.error });
    await route(req, res, parsed.body, signal);
  }, (res, message) => sendJson(res, 500, { error: message }));

  return { url: `http://127.0.0.1:${server.port}`, requests, options, close: server.close };
}

/** /api/embed's input: a string (empty means none) or an array of strings; anything else is invalid. */
function embedInputs(input: unknown): string[] | null {
  if (input === undefined || input === null) return [];
  if (typeof input === "string") return input ? [input] : [];
  if (Array.isArray(input) && input.every((v) => typeof v === "string")) return input as string[];
  return null;
}

function chatLine(request: ChatRequestBody, content: string) {
  return { model: request.model, created_at: nowIso(), message: { role: "assistant", content }, done: false };
}

function chatFinal(request: ChatRequestBody, script: ChatScript, started: number, content = "") {
  const promptTokens = (request.messages ?? []).reduce((n, m) => n + contentWords(m.content).length + 4, 0);
  const elapsed = Date.now() - started;
  return {
    model: request.model,
    created_at: nowIso(),
    message: { role: "assistant", content },
    done_reason: script.doneReason ?? "stop",
    done: true,
    total_duration: nanos(elapsed) + 2_000_000,
    load_duration: 1_000_000,
    prompt_eval_count: promptTokens,
    prompt_eval_duration: 500_000,
    eval_count: script.tokens.length,
    eval_duration: nanos(elapsed) + 500_000,
  };
}

async function chatStream(res: http.ServerResponse, request: ChatRequestBody, script: ChatScript, signal: AbortSignal): Promise<void> {
  const started = Date.now();
  const failAt = script.failAfter ?? Infinity;
  for (let i = 0; i < script.tokens.length; i++) {
    await sleep(script.tokenDelaysMs?.[i] ?? script.tokenDelayMs ?? 0, signal);
    if (signal.aborted) return;
    if (i >= failAt) return failStream(res, script);
    if (!res.headersSent) res.writeHead(200, { "Content-Type": NDJSON_TYPE });
    res.write(JSON.stringify(chatLine(request, script.tokens[i] as string)) + "\n");
  }
  if (failAt <= script.tokens.length) return failStream(res, script);
  if (!res.headersSent) res.writeHead(200, { "Content-Type": NDJSON_TYPE });
  res.end(JSON.stringify(chatFinal(request, script, started)) + "\n");
}

/** Mirrors Ollama's streamResponse: a JSON 500 if nothing was written yet, else an {"error"} line. */
function failStream(res: http.ServerResponse, script: ChatScript): void {
  const message = script.failMessage ?? "an error was encountered while running the model: unexpected EOF";
  if (script.failWith === "disconnect") {
    res.socket?.destroy();
    return;
  }
  if (!res.headersSent) return sendJson(res, 500, { error: message });
  res.end(JSON.stringify({ error: message }) + "\n");
}

async function chatWhole(res: http.ServerResponse, request: ChatRequestBody, script: ChatScript, signal: AbortSignal): Promise<void> {
  const started = Date.now();
  const failAt = script.failAfter ?? Infinity;
  let content = "";
  for (let i = 0; i < script.tokens.length; i++) {
    await sleep(script.tokenDelaysMs?.[i] ?? script.tokenDelayMs ?? 0, signal);
    if (signal.aborted) return;
    if (i >= failAt) return failStream(res, script);
    content += script.tokens[i];
  }
  if (failAt <= script.tokens.length) return failStream(res, script);
  sendJson(res, 200, chatFinal(request, script, started, content));
}
