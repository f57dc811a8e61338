import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createKnowledgeBase, page, para } from "../../../tests/support/knowledge-base";
import { citationGrammar, createLocalChatModel, lastWholeSentences, localModelName, modelFileProblem } from "./local-model.server";
import { answerQuestion } from "./pipeline.server";
import { REFUSAL } from "./types";

/** The built-in model's file checks and its unavailability; the real model's answers are in tests/integration/local-model.test.ts. */

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "vetsearch-gguf-"));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("the built-in model's file", () => {
  it("is named without its folder, extension and quantisation tag", () => {
    expect(localModelName("/m/SmolLM2-135M-Instruct/SmolLM2-135M-Instruct.Q4_1.gguf")).toBe("SmolLM2-135M-Instruct");
    expect(localModelName("/m/gemma-3-270m-it-Q4_K_M.gguf")).toBe("gemma-3-270m-it");
    expect(localModelName("/m/tiny.gguf")).toBe("tiny");
  });

  it("says why it cannot be loaded: missing (with the command that fetches it), a folder, not GGUF", async () => {
    expect(await modelFileProblem(path.join(dir, "absent.gguf"))).toMatch(/is missing \(fetch it with: npm run models -- fetch chat\)$/);
    expect(await modelFileProblem(dir)).toMatch(/is a folder, not a GGUF model file$/);
    const html = path.join(dir, "error-page.gguf");
    fs.writeFileSync(html, "<html>Proxy error</html>");
    expect(await modelFileProblem(html)).toBe(`${html} is not a GGUF model file`);
    const gguf = path.join(dir, "header-only.gguf");
    fs.writeFileSync(gguf, Buffer.from("GGUF\u0003\u0000\u0000\u0000"));
    expect(await modelFileProblem(gguf)).toBeNull();
  });

  it("when missing, the model reports itself unavailable with the reason, and the pipeline answers extractively, saying why", async () => {
    const model = createLocalChatModel({ modelPath: path.join(dir, "SmolLM2-135M-Instruct.Q4_1.gguf") });
    const status = await model.status();
    expect(status).toEqual({ available: false, model: "SmolLM2-135M-Instruct", reason: expect.stringMatching(/is missing/) });

    const kb = createKnowledgeBase();
    try {
      kb.add({ id: "f", title: "Formulary", pages: [page(1, [para("The dose of meloxicam in cats is 0.1 mg/kg orally once daily.")])] });
      // Handed the model anyway (the server only hands over an available one): its failure is not the user's.
      const result = await answerQuestion(
        { question: "What is the dose of meloxicam in cats?", history: [], viewerId: null, usePubmed: false, useThinkHarder: false },
        { db: kb.db, embedder: async () => null, chatModel: async () => model },
      );
      expect(result.answeredBy).toEqual({ provider: "extractive", model: null });
      expect(result.content).not.toBe(REFUSAL);
      expect(result.fallbackReason).toMatch(/built-in model is not available: .*is missing/);
    } finally {
      kb.cleanup();
    }
  });
});

describe("an answer cut off by the token limit", () => {
  it("ends with its last whole, cited sentence", () => {
    expect(lastWholeSentences("Meloxicam is given once daily [1]. The dose in cats is 0.05 mg/kg . [2] After the first")).toBe(
      "Meloxicam is given once daily [1]. The dose in cats is 0.05 mg/kg . [2]",
    );
    expect(lastWholeSentences("No sentence ended before the limit")).toBe("No sentence ended before the limit");
  });
});

describe("citationGrammar", () => {
  it("allows the refusal or sentences ending with a marker of the passages given, highest number first so [12] is not read as [1]", () => {
    const grammar = citationGrammar([1, 2, 12]);
    expect(grammar).toContain(`refusal ::= ${JSON.stringify(REFUSAL)}`);
    expect(grammar).toContain('n ::= "12" | "2" | "1"');
    expect(grammar).toMatch(/^root ::= refusal \| answer$/m);
    expect(citationGrammar([1], { continuing: true })).toMatch(/^root ::= char\{0,\d+\} end/m);
  });
});
