import { Ollama } from "ollama";
import type { AnsweredBy } from "./answered-by";
import type { ChatMessage } from "./prompts.server";
import { cachedStatus, idleAbort } from "./model-server.server";
import { AnswerError } from "./types";

/**
 * An Ollama chat model through the official `ollama` client: an availability probe with a short
 * timeout (cached, so an outage costs one probe per CHAT_STATUS_CACHE_MS.down, not one per question), and
 * streamed chat with a timeout for the first token and between tokens.
 */

export type ChatModelOptions = {
  host: string;
  model: string;
  /** Longest wait between two tokens; the first token may take twice this (a cold model load). */
  idleTimeoutMs?: number;
  probeTimeoutMs?: number;
};

export type ChatModelStatus = { available: true; model: string } | { available: false; model: string; reason: string };

export type ChatOptions = {
  signal?: AbortSignal;
  onToken?: (text: string) => void;
  temperature?: number;
  maxTokens?: number;
  /** A model that runs one generation at a time: how many are ahead of this one (0 once it starts). */
  onQueue?: (ahead: number) => void;
  /**
   * An answer from numbered passages: the numbers its sentences may cite. A model whose output can be
   * constrained (the built-in one) is held to sentences that each end with one of these markers, or
   * the refusal; others are only told so in the prompt.
   */
  citedPassages?: number[];
};

/** How many prompt tokens a model with a small context can take, and how to count them. */
export type PromptBudget = { tokens: number; count(text: string): number };

export type ChatModel = {
  readonly id: string;
  /** Stored with every answer it writes. */
  readonly answeredBy: AnsweredBy;
  /** Absent when the context is large enough for any prompt the pipeline builds. */
  readonly promptBudget?: () => PromptBudget;
  status(): Promise<ChatModelStatus>;
  /** The whole reply; tokens go to onToken as they arrive. Throws AnswerError. */
  chat(messages: ChatMessage[], options?: ChatOptions): Promise<string>;
};

function reasonOf(error: unknown, host: string): string {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (code === "ECONNREFUSED") return `Ollama at ${host} refused the connection (is it running?)`;
    if (code === "ENOTFOUND" || code === "EAI_AGAIN") return `Ollama host ${host} was not found`;
    e = (e as { cause?: unknown }).cause;
  }
  const status = (error as { status_code?: unknown } | null)?.status_code;
  const message = error instanceof Error ? error.message.split("\n")[0] : String(error);
  return typeof status === "number" ? `Ollama answered ${status}: ${message}` : `Ollama at ${host}: ${message}`;
}

export function createChatModel(options: ChatModelOptions, now: () => number = Date.now): ChatModel {
  const { host, model } = options;
  const idleTimeoutMs = options.idleTimeoutMs ?? 60_000;
  const probeTimeoutMs = options.probeTimeoutMs ?? 2_500;

  /** Each call gets its own signal: the client only wires signals into streams by itself. */
  const clientWith = (signal: AbortSignal) => new Ollama({ host, fetch: (input, init) => fetch(input, { ...init, signal }) });

  async function probe(): Promise<ChatModelStatus> {
    try {
      await clientWith(AbortSignal.timeout(probeTimeoutMs)).show({ model });
      return { available: true, model };
    } catch (error) {
      const status = (error as { status_code?: unknown } | null)?.status_code;
      const reason =
        status === 404
          ? `the model "${model}" is not pulled in Ollama at ${host} (ollama pull ${model})`
          : error instanceof Error && error.name === "TimeoutError"
            ? `Ollama at ${host} did not answer within ${probeTimeoutMs} ms`
            : reasonOf(error, host);
      return { available: false, model, reason };
    }
  }
  const availability = cachedStatus(probe, now);

  return {
    id: `ollama:${model}`,
    answeredBy: { provider: "ollama", model },
    status: () => availability.get(),
    async chat(messages, chatOptions = {}) {
      const idle = idleAbort(chatOptions.signal);
      idle.arm(idleTimeoutMs * 2);
      let text = "";
      try {
        chatOptions.signal?.throwIfAborted();
        const stream = await clientWith(idle.signal).chat({
          model,
          messages,
          stream: true,
          options: { temperature: chatOptions.temperature ?? 0.1, ...(chatOptions.maxTokens ? { num_predict: chatOptions.maxTokens } : {}) },
        });
        for await (const part of stream) {
          idle.arm(idleTimeoutMs);
          const piece = part.message?.content ?? "";
          if (piece) {
            text += piece;
            chatOptions.onToken?.(piece);
          }
          if (part.done) break;
        }
        return text;
      } catch (error) {
        if (chatOptions.signal?.aborted) throw new AnswerError("aborted", "The answer was stopped", { cause: error });
        if (idle.timedOut) {
          throw new AnswerError("timeout", `The language model stopped responding (no reply within ${Math.round(idleTimeoutMs / 1000)} s)`, { cause: error });
        }
        // A failure means the cached "available" is stale: probe again next time.
        availability.forget();
        throw new AnswerError("model", `The language model failed: ${reasonOf(error, host)}`, { cause: error });
      } finally {
        idle.dispose();
      }
    },
  };
}
