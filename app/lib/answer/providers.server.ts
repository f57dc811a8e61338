import path from "node:path";
import type { AppConfig } from "../config.server";
import { createChatModel, type ChatModel } from "./chat-model.server";
import { createLocalChatModel, missingLocalChatPackage } from "./local-model.server";
import { createOpenAIChatModel } from "./openai-model.server";

/** Which chat model the configuration asks for; `null` provider: none (the extractive answerer), and why. */
export type ChatProviderChoice =
  | { provider: "ollama"; host: string; model: string; idleTimeoutMs: number }
  | { provider: "local"; modelPath: string; threads?: number }
  | { provider: "openai"; baseURL: string; apiKey?: string; model: string; idleTimeoutMs: number }
  | { provider: null; reason: string };

export type ProviderConfig = Pick<
  AppConfig,
  | "MODEL_PROVIDER"
  | "OLLAMA_HOST"
  | "OLLAMA_MODEL"
  | "OLLAMA_TIMEOUT_SECONDS"
  | "LOCAL_CHAT_MODEL"
  | "LOCAL_CHAT_THREADS"
  | "OPENAI_BASE_URL"
  | "OPENAI_API_KEY"
  | "OPENAI_MODEL"
  | "OPENAI_TIMEOUT_SECONDS"
  | "modelsDir"
>;

const DEFAULT_OLLAMA_HOST = "http://127.0.0.1:11434";

/**
 * MODEL_PROVIDER decides; unset keeps the behaviour from before it existed: Ollama when OLLAMA_MODEL is
 * set, else no model. (parseConfig already refused MODEL_PROVIDER=ollama without OLLAMA_MODEL, and openai
 * without OPENAI_BASE_URL or OPENAI_MODEL.)
 */
export function chooseChatProvider(cfg: ProviderConfig): ChatProviderChoice {
  const provider = cfg.MODEL_PROVIDER ?? (cfg.OLLAMA_MODEL ? "ollama" : null);
  if (provider === "local") {
    return { provider, modelPath: path.resolve(cfg.modelsDir, cfg.LOCAL_CHAT_MODEL), ...(cfg.LOCAL_CHAT_THREADS ? { threads: cfg.LOCAL_CHAT_THREADS } : {}) };
  }
  if (provider === "openai" && cfg.OPENAI_BASE_URL && cfg.OPENAI_MODEL) {
    return {
      provider,
      baseURL: cfg.OPENAI_BASE_URL,
      ...(cfg.OPENAI_API_KEY ? { apiKey: cfg.OPENAI_API_KEY } : {}),
      model: cfg.OPENAI_MODEL,
      idleTimeoutMs: cfg.OPENAI_TIMEOUT_SECONDS * 1000,
    };
  }
  if (provider === "ollama" && cfg.OLLAMA_MODEL) {
    return { provider, host: cfg.OLLAMA_HOST ?? DEFAULT_OLLAMA_HOST, model: cfg.OLLAMA_MODEL, idleTimeoutMs: cfg.OLLAMA_TIMEOUT_SECONDS * 1000 };
  }
  return { provider: null, reason: "No chat model is configured (MODEL_PROVIDER and OLLAMA_MODEL are not set)" };
}

export function createChosenChatModel(choice: ChatProviderChoice): ChatModel | null {
  if (choice.provider === "local") return createLocalChatModel({ modelPath: choice.modelPath, threads: choice.threads });
  if (choice.provider === "openai") return createOpenAIChatModel({ baseURL: choice.baseURL, apiKey: choice.apiKey, model: choice.model, idleTimeoutMs: choice.idleTimeoutMs });
  if (choice.provider === "ollama") return createChatModel({ host: choice.host, model: choice.model, idleTimeoutMs: choice.idleTimeoutMs });
  return null;
}

/**
 * A line for the start-up log when the configured chat model cannot run on this install at all (the built-in
 * model's package left out); null otherwise. The admin's system status gives the same reason.
 */
export function chatModelInstallProblem(cfg: ProviderConfig, missing: () => string | null = missingLocalChatPackage): string | null {
  return chooseChatProvider(cfg).provider === "local" ? missing() : null;
}
