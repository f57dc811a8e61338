import path from "node:path";
import { getConfig, parseConfig, type AppConfig, type EMBEDDINGS_PROVIDERS } from "../config.server";
import type { Embedder, RetrievalMode } from "./types";
import { DEFAULT_LOCAL_MODEL, loadLocalEmbedder, missingLocalEmbeddingPackages, modelFingerprint, type LocalEmbedder } from "./local.server";
// The Ollama and OpenAI clients are loaded only when configured (resolveOllama, resolveOpenAI): a
// lexical-only install, or the bulk-ingest command, never pays their ~0.1 s.
import type { OllamaEmbedderOptions } from "./ollama.server";
import type { OpenAIEmbedderOptions } from "./openai.server";

/**
 * The embeddings capability's public face. Other capabilities ask `getEmbedder()` for vectors
 * (null means lexical-only search) and `getRetrievalMode()` for what the admin sees and why.
 */
export type { Embedder, RetrievalMode } from "./types";
export { EmbeddingError, type EmbeddingErrorCode } from "./errors";
export { cosine, l2Normalise } from "./vectors";
export { DEFAULT_LOCAL_MODEL, modelFolder } from "./local.server";

export type EmbeddingsSettings = {
  provider: EmbeddingsProvider;
  /** EMBEDDING_MODEL; defaults to all-MiniLM-L6-v2 (local: the folder `npm run models -- fetch embedding` fills) or nomic-embed-text (Ollama). */
  model?: string;
  /** An OpenAI-compatible server (EMBEDDINGS=openai): OPENAI_EMBEDDING_BASE_URL or OPENAI_BASE_URL, OPENAI_API_KEY, OPENAI_EMBEDDING_MODEL. */
  openai?: Partial<Omit<OpenAIEmbedderOptions, "onUnavailable">>;
  /** Absolute MODELS_DIR. */
  modelsDir: string;
  /** OLLAMA_HOST; defaults to Ollama's own default, http://127.0.0.1:11434. */
  ollamaHost?: string;
  /** ALLOW_MODEL_DOWNLOADS=true lets a missing local model be fetched from the Hugging Face hub. */
  allowDownloads?: boolean;
  /** How long a working (up) and a failing (down) status is trusted before it is checked again. */
  cacheMs?: { up?: number; down?: number };
  ollama?: Partial<Pick<OllamaEmbedderOptions, "batchSize" | "timeoutMs" | "queryTimeoutMs" | "probeTimeoutMs">>;
  localBatchSize?: number;
};

export type EmbeddingsProvider = (typeof EMBEDDINGS_PROVIDERS)[number];

/**
 * A line for the start-up log when the configured embedder cannot run on this install at all (the local
 * embedding packages left out); null otherwise. The admin's search status gives the same reason.
 */
export function embeddingsInstallProblem(cfg: Pick<AppConfig, "EMBEDDINGS"> = getConfig()): string | null {
  return cfg.EMBEDDINGS === "local" ? missingLocalEmbeddingPackages() : null;
}

/** Up: re-check a model server once a minute. Down: retry after 15 s, so an outage costs one probe per 15 s, not one per search. */
export const DEFAULT_CACHE_MS = { up: 60_000, down: 15_000 } as const;

/** Reads the settings from the validated config. */
export function settingsFromConfig(
  cfg: Pick<
    AppConfig,
    "EMBEDDINGS" | "EMBEDDING_MODEL" | "modelsDir" | "OLLAMA_HOST" | "ALLOW_MODEL_DOWNLOADS" | "OPENAI_BASE_URL" | "OPENAI_API_KEY" | "OPENAI_EMBEDDING_MODEL" | "OPENAI_EMBEDDING_BASE_URL"
  > = getConfig(),
): EmbeddingsSettings {
  return {
    provider: cfg.EMBEDDINGS,
    model: cfg.EMBEDDING_MODEL,
    modelsDir: cfg.modelsDir,
    ollamaHost: cfg.OLLAMA_HOST,
    allowDownloads: cfg.ALLOW_MODEL_DOWNLOADS,
    ...(cfg.EMBEDDINGS === "openai"
      ? { openai: { baseURL: cfg.OPENAI_EMBEDDING_BASE_URL ?? cfg.OPENAI_BASE_URL, model: cfg.OPENAI_EMBEDDING_MODEL, ...(cfg.OPENAI_API_KEY ? { apiKey: cfg.OPENAI_API_KEY } : {}) } }
      : {}),
  };
}

type Resolution = { embedder: Embedder | null; mode: RetrievalMode };
type CachedResolution = Resolution & { expiresAt: number };

export type FreshOption = {
  /** Check now and wait for the answer instead of using a cached status (e.g. the admin pressing "check again"). */
  fresh?: boolean;
};

export type EmbeddingsService = {
  readonly settings: EmbeddingsSettings;
  getEmbedder(options?: FreshOption): Promise<Embedder | null>;
  getRetrievalMode(options?: FreshOption): Promise<RetrievalMode>;
  /** Releases a loaded local model. */
  dispose(): Promise<void>;
};

function lexical(reason: string): Resolution {
  return { embedder: null, mode: { mode: "lexical", embedder: null, reason } };
}

function hybrid(embedder: Embedder): Resolution {
  return { embedder, mode: { mode: "hybrid", embedder: embedder.id, reason: null } };
}

/**
 * A cached resolver for one set of settings. The first call waits for the check; later calls answer
 * from the cache, and an expired entry is refreshed in the background while the last answer is
 * returned, so neither a slow Ollama nor a model load ever sits in front of a search twice.
 */
export function createEmbeddingsService(settings: EmbeddingsSettings, now: () => number = Date.now): EmbeddingsService {
  const ttl = { ...DEFAULT_CACHE_MS, ...settings.cacheMs };
  let cached: CachedResolution | null = null;
  let inflight: Promise<Resolution> | null = null;
  let local: LocalEmbedder | null = null;
  // The files behind the last failed local load, so identical files are not loaded again
  let lastLocalFailure: { fingerprint: string; reason: string } | null = null;
  let ollamaEmbedder: Embedder | null = null;
  let openaiEmbedder: Embedder | null = null;

  function remember(resolution: Resolution, lifetime: number): Resolution {
    cached = { ...resolution, expiresAt: now() + lifetime };
    return resolution;
  }

  // An embed call that finds Ollama gone flips the status at once, without waiting for the next check
  function markUnavailable(reason: string): void {
    remember(lexical(reason), ttl.down);
  }

  async function resolveLocal(): Promise<Resolution> {
    if (local) return remember(hybrid(local), Infinity);
    const model = settings.model ?? DEFAULT_LOCAL_MODEL;
    const fingerprint = modelFingerprint(model, settings.modelsDir);
    if (lastLocalFailure?.fingerprint === fingerprint) return remember(lexical(lastLocalFailure.reason), ttl.down);
    const result = await loadLocalEmbedder({
      model,
      modelsDir: settings.modelsDir,
      allowDownloads: settings.allowDownloads,
      batchSize: settings.localBatchSize,
    });
    if (!result.ok) {
      // Downloads may succeed on a later try with the same (absent) files, so only offline failures are remembered
      if (!settings.allowDownloads) lastLocalFailure = { fingerprint, reason: result.reason };
      return remember(lexical(result.reason), ttl.down);
    }
    local = result.embedder;
    // A loaded model stays loaded: its files cannot vanish from memory
    return remember(hybrid(local), Infinity);
  }

  async function resolveOllama(): Promise<Resolution> {
    const { DEFAULT_OLLAMA_EMBEDDING_MODEL, DEFAULT_OLLAMA_HOST, createOllamaEmbedder, probeOllama } = await import("./ollama.server");
    const options: OllamaEmbedderOptions = {
      ...settings.ollama,
      host: settings.ollamaHost ?? DEFAULT_OLLAMA_HOST,
      model: settings.model ?? DEFAULT_OLLAMA_EMBEDDING_MODEL,
      onUnavailable: markUnavailable,
    };
    if (ollamaEmbedder) {
      // Already set up: a quick probe is enough unless the model changed size (re-pulled as another variant)
      const probe = await probeOllama(options);
      if (!probe.ok) return remember(lexical(probe.reason), ttl.down);
      if (probe.dimensions === null || probe.dimensions === ollamaEmbedder.dimensions) return remember(hybrid(ollamaEmbedder), ttl.up);
    }
    const result = await createOllamaEmbedder(options);
    if (!result.ok) return remember(lexical(result.reason), ttl.down);
    ollamaEmbedder = result.embedder;
    return remember(hybrid(ollamaEmbedder), ttl.up);
  }

  async function resolveOpenAI(): Promise<Resolution> {
    const { baseURL, model } = settings.openai ?? {};
    // parseConfig refuses EMBEDDINGS=openai without these; settings built by hand may still lack them
    if (!baseURL || !model) return remember(lexical("EMBEDDINGS=openai needs OPENAI_BASE_URL (or OPENAI_EMBEDDING_BASE_URL) and OPENAI_EMBEDDING_MODEL"), Infinity);
    const { createOpenAIEmbedder, probeOpenAIEmbeddings } = await import("./openai.server");
    const options: OpenAIEmbedderOptions = { ...settings.openai, baseURL, model, onUnavailable: markUnavailable };
    if (openaiEmbedder) {
      // Already set up: a quick look at /v1/models is enough (the dimensions were learnt once)
      const probe = await probeOpenAIEmbeddings(options);
      return probe.ok ? remember(hybrid(openaiEmbedder), ttl.up) : remember(lexical(probe.reason), ttl.down);
    }
    const result = await createOpenAIEmbedder(options);
    if (!result.ok) return remember(lexical(result.reason), ttl.down);
    openaiEmbedder = result.embedder;
    return remember(hybrid(openaiEmbedder), ttl.up);
  }

  function resolveNow(): Promise<Resolution> {
    switch (settings.provider) {
      case "none":
        return Promise.resolve(remember(lexical("EMBEDDINGS is 'none'"), Infinity));
      case "local":
        return resolveLocal();
      case "ollama":
        return resolveOllama();
      case "openai":
        return resolveOpenAI();
    }
  }

  function refresh(): Promise<Resolution> {
    inflight ??= resolveNow().finally(() => {
      inflight = null;
    });
    return inflight;
  }

  async function resolve(options: FreshOption = {}): Promise<Resolution> {
    if (options.fresh || !cached) return refresh();
    if (now() >= cached.expiresAt) {
      // Stale-while-revalidate: answer with what we know, check in the background
      void refresh().catch(() => undefined);
    }
    return cached;
  }

  return {
    settings,
    getEmbedder: async (options) => (await resolve(options)).embedder,
    getRetrievalMode: async (options) => (await resolve(options)).mode,
    async dispose() {
      await inflight?.catch(() => undefined);
      const loaded = local;
      local = null;
      cached = null;
      await loaded?.dispose();
    },
  };
}

let service: EmbeddingsService | null = null;

function defaultService(): EmbeddingsService {
  service ??= createEmbeddingsService(settingsFromConfig());
  return service;
}

/** The configured embedder, or null for lexical-only search. Never throws for a missing model or a down Ollama. */
export function getEmbedder(options?: FreshOption): Promise<Embedder | null> {
  return defaultService().getEmbedder(options);
}

/** Hybrid or lexical, with the plain reason when lexical (for the admin Documents tab). */
export function getRetrievalMode(options?: FreshOption): Promise<RetrievalMode> {
  return defaultService().getRetrievalMode(options);
}

/** A command line's `--embeddings` value (the eval scripts take one): a provider that has an embedder. */
export function embeddingsProviderArgument(value: string | undefined): Exclude<EmbeddingsProvider, "none"> {
  if (value !== "local" && value !== "ollama" && value !== "openai") throw new Error("--embeddings takes local, ollama or openai");
  return value;
}

/**
 * For scripts (eval, bench): the embedder the app would use with EMBEDDINGS=<provider> and the rest of
 * the environment (EMBEDDING_MODEL, MODELS_DIR, OLLAMA_HOST, OPENAI_*), without the server's side effects (no
 * DATA_DIR, no session secret). Throws with the admin's reason when there is none.
 */
export async function embedderFromEnvironment(provider: Exclude<EmbeddingsProvider, "none">, env: NodeJS.ProcessEnv = process.env): Promise<Embedder> {
  const cfg = parseConfig(env);
  const service = createEmbeddingsService(settingsFromConfig({ ...cfg, EMBEDDINGS: provider, modelsDir: path.resolve(cfg.MODELS_DIR) }));
  const embedder = await service.getEmbedder();
  if (!embedder) throw new Error(`No ${provider} embedder: ${(await service.getRetrievalMode()).reason ?? "unknown reason"}`);
  return embedder;
}

/**
 * Drops the cached embedder and status (tests; after changing settings). With `settings`, the
 * public functions use those instead of the app config from then on.
 */
export async function resetEmbeddings(settings?: EmbeddingsSettings): Promise<void> {
  const previous = service;
  service = settings ? createEmbeddingsService(settings) : null;
  await previous?.dispose();
}
