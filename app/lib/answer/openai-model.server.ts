import { CHAT_RETRY, describeFailure, duration, openAIClient, probeServer, withRetries, type OpenAIServer, type RetryPolicy } from "../openai/index.server";
import type { ChatModel, ChatModelStatus } from "./chat-model.server";
import { cachedStatus, idleAbort } from "./model-server.server";
import { AnswerError } from "./types";

/**
 * A chat model on any OpenAI-compatible server (vLLM, llama.cpp's server, LM Studio, LocalAI) through
 * the official `openai` client: streamed chat completions with a timeout for the first token and
 * between tokens, the caller's stop aborting the HTTP request, 429/503 retried under CHAT_RETRY before
 * the first token, and an availability probe (GET /v1/models) cached like the Ollama model's.
 */

export type OpenAIChatModelOptions = OpenAIServer & {
  model: string;
  /** Longest wait between two tokens; the first may take twice this (a cold model, a long prompt). */
  idleTimeoutMs?: number;
  probeTimeoutMs?: number;
  retry?: RetryPolicy;
};

export function createOpenAIChatModel(options: OpenAIChatModelOptions, now: () => number = Date.now): ChatModel {
  const { model } = options;
  const server: OpenAIServer = { baseURL: options.baseURL, apiKey: options.apiKey };
  const idleTimeoutMs = options.idleTimeoutMs ?? 60_000;
  const probeTimeoutMs = options.probeTimeoutMs ?? 2_500;
  const retry = options.retry ?? CHAT_RETRY;
  const availability = cachedStatus(async (): Promise<ChatModelStatus> => {
    const probe = await probeServer(server, model, probeTimeoutMs);
    return probe.ok ? { available: true, model } : { available: false, model, reason: probe.reason };
  }, now);

  return {
    id: `openai:${model}`,
    answeredBy: { provider: "openai", model },
    status: () => availability.get(),
    async chat(messages, chatOptions = {}) {
      const idle = idleAbort(chatOptions.signal);
      let text = "";
      try {
        chatOptions.signal?.throwIfAborted();
        const client = openAIClient(server, idleTimeoutMs * 2);
        const stream = await withRetries(
          () => {
            // Each attempt gets the first-token allowance; the waits between attempts are bounded by the policy
            idle.arm(idleTimeoutMs * 2);
            return client.chat.completions.create(
              {
                model,
                messages,
                stream: true,
                temperature: chatOptions.temperature ?? 0.1,
                ...(chatOptions.maxTokens ? { max_tokens: chatOptions.maxTokens } : {}),
              },
              { signal: idle.signal },
            );
          },
          retry,
          { signal: idle.signal, onRetry: () => idle.pause() },
        );
        idle.arm(idleTimeoutMs * 2);
        for await (const chunk of stream) {
          idle.arm(idleTimeoutMs);
          const piece = chunk.choices[0]?.delta?.content ?? "";
          if (piece) {
            text += piece;
            chatOptions.onToken?.(piece);
          }
        }
        // The client ends a stream quietly when its signal fires: a stop or a timeout must not pass for a whole reply
        if (idle.signal.aborted) throw new Error("the stream was aborted", { cause: idle.signal.reason });
        return text;
      } catch (error) {
        if (chatOptions.signal?.aborted) throw new AnswerError("aborted", "The answer was stopped", { cause: error });
        if (idle.timedOut) {
          throw new AnswerError("timeout", `The language model stopped responding (no reply within ${duration(idleTimeoutMs)})`, { cause: error });
        }
        // A failure means the cached "available" is stale: probe again next time.
        availability.forget();
        throw new AnswerError("model", `The language model failed: ${describeFailure(error, server, model).reason}`, { cause: error });
      } finally {
        idle.dispose();
      }
    },
  };
}
