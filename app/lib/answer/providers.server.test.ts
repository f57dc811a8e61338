import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseConfig } from "../config.server";
import { missingLocalChatPackage } from "./local-model.server";
import { chatModelInstallProblem, chooseChatProvider, createChosenChatModel } from "./providers.server";

const choose = (env: NodeJS.ProcessEnv) => chooseChatProvider({ ...parseConfig(env), modelsDir: "/srv/models" });

describe("chooseChatProvider", () => {
  it("keeps the behaviour from before MODEL_PROVIDER when it is unset: Ollama with OLLAMA_MODEL, else no model", () => {
    expect(choose({})).toMatchObject({ provider: null, reason: expect.stringMatching(/MODEL_PROVIDER/) });
    expect(choose({ OLLAMA_MODEL: "llama3.2" })).toEqual({ provider: "ollama", host: "http://127.0.0.1:11434", model: "llama3.2", idleTimeoutMs: 60_000 });
    expect(choose({ MODEL_PROVIDER: "", OLLAMA_MODEL: "llama3.2", OLLAMA_HOST: "http://gpu:11434" })).toMatchObject({ provider: "ollama", host: "http://gpu:11434" });
  });

  it("MODEL_PROVIDER=local: the default GGUF under MODELS_DIR, a relative LOCAL_CHAT_MODEL under it, an absolute one as given", () => {
    expect(choose({ MODEL_PROVIDER: "local" })).toEqual({ provider: "local", modelPath: "/srv/models/SmolLM2-135M-Instruct/SmolLM2-135M-Instruct.Q4_1.gguf" });
    expect(choose({ MODEL_PROVIDER: "local", LOCAL_CHAT_MODEL: "mine/model.gguf" })).toEqual({ provider: "local", modelPath: "/srv/models/mine/model.gguf" });
    expect(choose({ MODEL_PROVIDER: "local", LOCAL_CHAT_MODEL: "/opt/m.gguf", OLLAMA_MODEL: "llama3.2" })).toEqual({ provider: "local", modelPath: "/opt/m.gguf" });
  });

  it("MODEL_PROVIDER=openai: the server, key, model and timeout from the OPENAI_ variables", () => {
    expect(choose({ MODEL_PROVIDER: "openai", OPENAI_BASE_URL: "http://gpu:8000/v1", OPENAI_MODEL: "Qwen/Qwen2.5-7B-Instruct", OLLAMA_MODEL: "llama3.2" })).toEqual({
      provider: "openai",
      baseURL: "http://gpu:8000/v1",
      model: "Qwen/Qwen2.5-7B-Instruct",
      idleTimeoutMs: 60_000,
    });
    expect(
      choose({ MODEL_PROVIDER: "openai", OPENAI_BASE_URL: "http://gpu:8000/v1", OPENAI_MODEL: "m", OPENAI_API_KEY: "sk-1", OPENAI_TIMEOUT_SECONDS: "5" }),
    ).toMatchObject({ apiKey: "sk-1", idleTimeoutMs: 5000 });
  });

  it("creates the model the choice names, recording who answers", () => {
    const local = createChosenChatModel({ provider: "local", modelPath: path.join("/srv/models", "SmolLM2-135M-Instruct", "SmolLM2-135M-Instruct.Q4_1.gguf") });
    expect(local?.answeredBy).toEqual({ provider: "local", model: "SmolLM2-135M-Instruct" });
    const ollama = createChosenChatModel({ provider: "ollama", host: "http://127.0.0.1:1", model: "llama3.2", idleTimeoutMs: 1000 });
    expect(ollama?.answeredBy).toEqual({ provider: "ollama", model: "llama3.2" });
    const openai = createChosenChatModel({ provider: "openai", baseURL: "http://127.0.0.1:1/v1", model: "Qwen/Qwen2.5-7B-Instruct", idleTimeoutMs: 1000 });
    expect(openai?.answeredBy).toEqual({ provider: "openai", model: "Qwen/Qwen2.5-7B-Instruct" });
    expect(createChosenChatModel({ provider: null, reason: "none" })).toBeNull();
  });
});

describe("an install without the built-in model's package (the keyword-only Docker image)", () => {
  const cfg = (env: NodeJS.ProcessEnv) => ({ ...parseConfig(env), modelsDir: "/srv/models" });
  const absent = missingLocalChatPackage(() => {
    throw new Error("Cannot find module 'node-llama-cpp'");
  });

  it("says so, with what to use instead, only when MODEL_PROVIDER=local asks for it", () => {
    expect(absent).toMatch(/^MODEL_PROVIDER=local needs node-llama-cpp, which this install left out .*MODEL_PROVIDER=ollama or openai/);
    expect(chatModelInstallProblem(cfg({ MODEL_PROVIDER: "local" }), () => absent)).toBe(absent);
    expect(chatModelInstallProblem(cfg({ MODEL_PROVIDER: "ollama", OLLAMA_MODEL: "llama3.2" }), () => absent)).toBeNull();
    expect(chatModelInstallProblem(cfg({}), () => absent)).toBeNull();
  });

  it("finds the package on this install", () => {
    expect(missingLocalChatPackage()).toBeNull();
    expect(chatModelInstallProblem(cfg({ MODEL_PROVIDER: "local" }))).toBeNull();
  });
});

describe("MODEL_PROVIDER validation", () => {
  it("names the variable and the accepted values for an unknown provider", () => {
    expect(() => parseConfig({ MODEL_PROVIDER: "cloud" })).toThrow(/MODEL_PROVIDER: expected one of "ollama", "local", "openai"/);
  });

  it("refuses MODEL_PROVIDER=openai without OPENAI_BASE_URL or OPENAI_MODEL, or with a base URL that is not http(s), on one line naming the variable", () => {
    const line = (env: NodeJS.ProcessEnv) => {
      try {
        parseConfig(env);
      } catch (error) {
        return (error as Error).message;
      }
      return "accepted";
    };
    expect(line({ MODEL_PROVIDER: "openai", OPENAI_MODEL: "m" })).toBe(
      "Invalid configuration: OPENAI_BASE_URL: required with MODEL_PROVIDER=openai (the OpenAI-compatible server's API address, e.g. http://127.0.0.1:8000/v1)",
    );
    expect(line({ MODEL_PROVIDER: "openai", OPENAI_BASE_URL: "http://gpu:8000/v1" })).toBe(
      "Invalid configuration: OPENAI_MODEL: required with MODEL_PROVIDER=openai (the chat model's name as the server's /v1/models lists it)",
    );
    expect(line({ MODEL_PROVIDER: "openai", OPENAI_BASE_URL: "gpu:8000", OPENAI_MODEL: "m" })).toMatch(/^Invalid configuration: OPENAI_BASE_URL: expected an http:\/\/ or https:\/\/ URL$/);
    expect(line({ MODEL_PROVIDER: "openai", OPENAI_BASE_URL: "http://gpu:8000/v1", OPENAI_MODEL: "m" })).toBe("accepted");
    // The key is optional: local servers usually need none
    expect(parseConfig({ MODEL_PROVIDER: "openai", OPENAI_BASE_URL: "http://gpu:8000/v1", OPENAI_MODEL: "m" }).OPENAI_API_KEY).toBeUndefined();
  });

  it("refuses EMBEDDINGS=openai without OPENAI_BASE_URL or OPENAI_EMBEDDING_MODEL", () => {
    expect(() => parseConfig({ EMBEDDINGS: "openai", OPENAI_EMBEDDING_MODEL: "e" })).toThrow(/^Invalid configuration: OPENAI_BASE_URL: required with EMBEDDINGS=openai/);
    expect(() => parseConfig({ EMBEDDINGS: "openai", OPENAI_BASE_URL: "http://gpu:8080/v1" })).toThrow(/^Invalid configuration: OPENAI_EMBEDDING_MODEL: required with EMBEDDINGS=openai/);
    expect(parseConfig({ EMBEDDINGS: "openai", OPENAI_BASE_URL: "http://gpu:8080/v1", OPENAI_EMBEDDING_MODEL: "e" }).EMBEDDINGS).toBe("openai");
    // A separate embeddings server is enough on its own
    expect(parseConfig({ EMBEDDINGS: "openai", OPENAI_EMBEDDING_BASE_URL: "http://tei:8081/v1", OPENAI_EMBEDDING_MODEL: "e" }).EMBEDDINGS).toBe("openai");
    expect(() => parseConfig({ EMBEDDINGS: "openai", OPENAI_EMBEDDING_BASE_URL: "tei:8081", OPENAI_EMBEDDING_MODEL: "e" })).toThrow(/^Invalid configuration: OPENAI_EMBEDDING_BASE_URL: /);
  });

  it("refuses MODEL_PROVIDER=ollama without OLLAMA_MODEL", () => {
    expect(() => parseConfig({ MODEL_PROVIDER: "ollama" })).toThrow(/OLLAMA_MODEL/);
    expect(parseConfig({ MODEL_PROVIDER: "ollama", OLLAMA_MODEL: "llama3.2" }).MODEL_PROVIDER).toBe("ollama");
  });
});
