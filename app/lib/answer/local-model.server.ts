import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import type { ChatHistoryItem, Llama, LlamaChat, LlamaContext, LlamaGrammar, LlamaModel } from "node-llama-cpp";
import type { ChatModel, ChatModelStatus, PromptBudget } from "./chat-model.server";
import { GenerationQueue } from "./generation-queue.server";
import type { ChatMessage } from "./prompts.server";
import { AnswerError, REFUSAL } from "./types";

/**
 * The built-in chat model: a GGUF file from MODELS_DIR run in this process by node-llama-cpp. The
 * package is imported only when this model is first used, so servers without MODEL_PROVIDER=local
 * never load its native binary. Generation runs on llama.cpp's own native threads (the JavaScript
 * thread only receives the text), one at a time through a queue: the waiting ones learn their place.
 */

export type LocalChatModelOptions = {
  /** Absolute path of the .gguf file. */
  modelPath: string;
  /** Prompt and reply together; the pipeline cuts passages to fit. */
  contextSize?: number;
  threads?: number;
  /** The longest reply when the caller sets no limit. */
  maxReplyTokens?: number;
};

export type LocalChatModel = ChatModel & {
  /** Frees the model and its context (tests and benchmarks; the server keeps it for its lifetime). */
  dispose(): Promise<void>;
};

/**
 * 4096 tokens hold the instructions, six passages of a few hundred words and a reply on SmolLM2 (trained
 * on 8192) while keeping the key-value cache near 100 MB and the prompt's evaluation to seconds on two cores.
 */
const DEFAULT_CONTEXT = 4096;
const DEFAULT_REPLY_TOKENS = 512;
/** Room for the chat template's role markers around each message. */
const TEMPLATE_TOKENS_PER_MESSAGE = 8;
/** A failed load is tried again after this long (the file may have been fetched meanwhile). */
const RETRY_LOAD_MS = 15_000;
const GGUF_MAGIC = "GGUF";
const REPEAT_PENALTY = 1.15;

/**
 * One fewer than the cores (at least one, at most four): llama.cpp's threads wait for each other at every
 * step, so when the search thread, an ingestion or another process takes a core they all stall. Measured
 * on two busy cores with SmolLM2: 128 tokens in 2.9 s on one thread, 41 s on two.
 */
export function defaultThreads(): number {
  return Math.max(1, Math.min(os.availableParallelism() - 1, 4));
}

/** The package the built-in model runs on; the keyword-only Docker image leaves it out. */
export const LOCAL_CHAT_PACKAGE = "node-llama-cpp";

const resolveFromHere = (name: string) => createRequire(import.meta.url).resolve(name);

/**
 * Why the built-in model cannot run on this install (its package left out, as in the keyword-only Docker
 * image), or null when the package is there. Resolved, not loaded: loading starts llama.cpp's native binary.
 */
export function missingLocalChatPackage(resolve: (name: string) => string = resolveFromHere): string | null {
  try {
    resolve(LOCAL_CHAT_PACKAGE);
    return null;
  } catch {
    return `MODEL_PROVIDER=local needs ${LOCAL_CHAT_PACKAGE}, which this install left out (the keyword-only Docker image); use the full image, or MODEL_PROVIDER=ollama or openai. Questions get the extractive answerer until then.`;
  }
}

/** "SmolLM2-135M-Instruct.Q4_1.gguf" -> "SmolLM2-135M-Instruct": the file's name without the quantisation tag. */
export function localModelName(modelPath: string): string {
  return path.basename(modelPath).replace(/\.gguf$/i, "").replace(/[.-](?:I?Q\d\w*|F16|F32|BF16)$/i, "");
}

/** Why the file cannot be loaded (missing, unreadable, not GGUF), or null when it looks loadable. */
export async function modelFileProblem(modelPath: string): Promise<string | null> {
  let handle: fs.promises.FileHandle | undefined;
  try {
    handle = await fs.promises.open(modelPath, "r");
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(4), 0, 4, 0);
    if (bytesRead < 4 || buffer.toString("latin1") !== GGUF_MAGIC) return `${modelPath} is not a GGUF model file`;
    return null;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return `the model file ${modelPath} is missing (fetch it with: npm run models -- fetch chat)`;
    if (code === "EACCES" || code === "EPERM") return `the model file ${modelPath} cannot be read (permission denied)`;
    if (code === "EISDIR") return `${modelPath} is a folder, not a GGUF model file`;
    return `the model file ${modelPath} cannot be read: ${error instanceof Error ? error.message : String(error)}`;
  } finally {
    await handle?.close();
  }
}

/** Our messages as node-llama-cpp's history; a trailing assistant message is continued, not answered. */
function toHistory(messages: ChatMessage[]): ChatHistoryItem[] {
  return messages.map((m): ChatHistoryItem =>
    m.role === "system" ? { type: "system", text: m.content } : m.role === "user" ? { type: "user", text: m.content } : { type: "model", response: [m.content] },
  );
}

/** A sentence's end under the citation grammar: "… . [2]" or "… [2]." */
const SENTENCE_END = /(?:\. \[\d+\]|\[\d+\]\.)/g;

/** The text up to its last whole sentence (under the citation grammar); the text itself when it has none. */
export function lastWholeSentences(text: string): string {
  const ends = [...text.matchAll(SENTENCE_END)];
  const last = ends.at(-1);
  return last ? text.slice(0, last.index + last[0].length) : text;
}

/** Most sentences an answer may have under the citation grammar. */
const MAX_SENTENCES = 5;
/** Characters in one sentence before its marker. */
const MAX_SENTENCE_CHARS = 400;

/**
 * A GBNF grammar for an answer from numbered passages: the exact refusal, or up to MAX_SENTENCES
 * sentences, each ending with one of the given passage markers ("... [2]." or "... . [2]"). A 135M
 * model does not follow the prompt's citation rule by itself (it copies passages without markers,
 * and every sentence would fail its check); constrained to cite, what it writes is checked sentence
 * by sentence like any model's. A "." inside a sentence must be a decimal point ("0.1 mg/kg").
 * `continuing`: the reply continues a sentence already begun (a trailing assistant message), so it
 * starts mid-sentence and ends that sentence with its marker.
 */
export function citationGrammar(passageNumbers: number[], { continuing = false } = {}): string {
  const literal = (text: string) => JSON.stringify(text);
  const numbers = [...new Set(passageNumbers)].sort((a, b) => b - a).map((n) => literal(String(n)));
  return [
    continuing ? `root ::= char{0,${MAX_SENTENCE_CHARS}} end (" " sentence){0,${MAX_SENTENCES - 1}}` : "root ::= refusal | answer",
    `refusal ::= ${literal(REFUSAL)}`,
    `answer ::= sentence (" " sentence){0,${MAX_SENTENCES - 1}}`,
    `sentence ::= [A-Z0-9] char{2,${MAX_SENTENCE_CHARS}} end`,
    `end ::= "." " [" n "]" | " [" n "]."`,
    `n ::= ${numbers.join(" | ")}`,
    `char ::= [^.\\[\\]\\n<>] | "." [0-9]`,
  ].join("\n");
}

type Loaded = { llama: Llama; model: LlamaModel; context: LlamaContext; chat: LlamaChat; grammars: Map<string, LlamaGrammar> };

export function createLocalChatModel(options: LocalChatModelOptions, now: () => number = Date.now): LocalChatModel {
  const { modelPath } = options;
  const name = localModelName(modelPath);
  const contextSize = options.contextSize ?? DEFAULT_CONTEXT;
  const threads = options.threads ?? defaultThreads();
  const maxReplyTokens = options.maxReplyTokens ?? DEFAULT_REPLY_TOKENS;
  const queue = new GenerationQueue();
  let loading: Promise<Loaded> | null = null;
  let failure: { reason: string; until: number } | null = null;
  let loaded: Loaded | null = null;

  /** Throws an Error whose message is the reason admins read. */
  async function load(): Promise<Loaded> {
    // Before the model file: fetching a model would not help an install without the package to run it
    const problem = missingLocalChatPackage() ?? (await modelFileProblem(modelPath));
    if (problem) throw new Error(problem);
    try {
      // Only here, so the native binary loads only on servers that use the built-in model.
      const { getLlama, LlamaChat: Chat } = await import("node-llama-cpp");
      // CPU only, the binary shipped in the npm package: never a GPU probe, a source download or a build.
      const llama = await getLlama({ gpu: false, build: "never", skipDownload: true, progressLogs: false, maxThreads: threads });
      const model = await llama.loadModel({ modelPath });
      const context = await model.createContext({ contextSize: Math.min(contextSize, model.trainContextSize), threads });
      return { llama, model, context, chat: new Chat({ contextSequence: context.getSequence() }), grammars: new Map() };
    } catch (error) {
      const message = error instanceof Error ? error.message.split("\n")[0] : String(error);
      throw new Error(`the built-in model ${modelPath} could not be loaded: ${message}`, { cause: error });
    }
  }

  /** The loaded model, loading it on first use; a failed load is remembered for a while, then tried again. */
  function ready(): Promise<Loaded> {
    if (failure && failure.until > now()) return Promise.reject(new Error(failure.reason));
    loading ??= load().then(
      (l) => {
        loaded = l;
        failure = null;
        return l;
      },
      (error: unknown) => {
        loading = null;
        failure = { reason: error instanceof Error ? error.message : String(error), until: now() + RETRY_LOAD_MS };
        throw error;
      },
    );
    return loading;
  }

  async function grammarFor(l: Loaded, source: string): Promise<LlamaGrammar> {
    let grammar = l.grammars.get(source);
    if (!grammar) {
      grammar = await l.llama.createGrammar({ grammar: source });
      l.grammars.set(source, grammar);
    }
    return grammar;
  }

  const countTokens = (text: string) => (loaded ? loaded.model.tokenize(text).length : Math.ceil(text.length / 3));

  return {
    id: `local:${name}`,
    answeredBy: { provider: "local", model: name },
    promptBudget: (): PromptBudget => ({
      tokens: Math.min(contextSize, loaded?.model.trainContextSize ?? contextSize) - maxReplyTokens,
      count: (text) => countTokens(text) + TEMPLATE_TOKENS_PER_MESSAGE,
    }),
    async status(): Promise<ChatModelStatus> {
      try {
        await ready();
        return { available: true, model: name };
      } catch (error) {
        return { available: false, model: name, reason: error instanceof Error ? error.message : String(error) };
      }
    },
    async chat(messages, chatOptions = {}) {
      const { signal } = chatOptions;
      let current: Loaded;
      try {
        current = await ready();
      } catch (error) {
        throw new AnswerError("model", `The built-in model is not available: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
      }
      let text = "";
      try {
        const continuing = messages.at(-1)?.role === "assistant";
        const grammar = chatOptions.citedPassages?.length ? await grammarFor(current, citationGrammar(chatOptions.citedPassages, { continuing })) : undefined;
        return await queue.run(
          async () => {
            const { metadata } = await current.chat.generateResponse(toHistory(messages), {
              signal,
              grammar,
              // A small model at a low temperature loops on one phrase without it.
              repeatPenalty: { penalty: REPEAT_PENALTY, lastTokens: 64 },
              temperature: chatOptions.temperature ?? 0.1,
              maxTokens: chatOptions.maxTokens ?? maxReplyTokens,
              onTextChunk: (piece) => {
                text += piece;
                chatOptions.onToken?.(piece);
              },
            });
            // Cut off by the token limit mid-sentence: the answer ends with its last whole, cited sentence
            return metadata.stopReason === "maxTokens" ? lastWholeSentences(text) : text;
          },
          { signal, onPosition: chatOptions.onQueue },
        );
      } catch (error) {
        if (signal?.aborted) throw new AnswerError("aborted", "The answer was stopped", { cause: error });
        throw new AnswerError("model", `The built-in model failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
      }
    },
    async dispose() {
      const l = loaded ?? (loading ? await loading.catch(() => null) : null);
      loaded = null;
      loading = null;
      if (l) {
        l.chat.dispose();
        await l.context.dispose();
        await l.model.dispose();
      }
    },
  };
}
