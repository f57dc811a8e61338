import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseConfig } from "../config.server";
import { chooseChatProvider, createChosenChatModel } from "./providers.server";

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

  it("creates the model the choice names, recording who answers", () => {
    const local = createChosenChatModel({ provider: "local", modelPath: path.join("/srv/models", "SmolLM2-135M-Instruct", "SmolLM2-135M-Instruct.Q4_1.gguf") });
    expect(local?.answeredBy).toEqual({ provider: "local", model: "SmolLM2-135M-Instruct" });
    const ollama = createChosenChatModel({ provider: "ollama", host: "http://127.0.0.1:1", model: "llama3.2", idleTimeoutMs: 1000 });
    expect(ollama?.answeredBy).toEqual({ provider: "ollama", model: "llama3.2" });
    expect(createChosenChatModel({ provider: null, reason: "none" })).toBeNull();
  });
});

describe("MODEL_PROVIDER validation", () => {
  it("names the variable and the accepted values for an unknown provider", () => {
    expect(() => parseConfig({ MODEL_PROVIDER: "cloud" })).toThrow(/MODEL_PROVIDER: expected one of "ollama", "local"/);
    expect(() => parseConfig({ MODEL_PROVIDER: "openai" })).toThrow(/MODEL_PROVIDER/);
  });

  it("refuses MODEL_PROVIDER=ollama without OLLAMA_MODEL", () => {
    expect(() => parseConfig({ MODEL_PROVIDER: "ollama" })).toThrow(/OLLAMA_MODEL/);
    expect(parseConfig({ MODEL_PROVIDER: "ollama", OLLAMA_MODEL: "llama3.2" }).MODEL_PROVIDER).toBe("ollama");
  });
});
