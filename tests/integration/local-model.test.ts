import http from "node:http";
import type net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalChatModel, type LocalChatModel } from "../../app/lib/answer/local-model.server";
import { answerQuestion, type AnswerDeps, type AnswerRequest } from "../../app/lib/answer/pipeline.server";
import type { ChatModel } from "../../app/lib/answer/chat-model.server";
import { AnswerError } from "../../app/lib/answer/types";
import { UNVERIFIED_NOTE } from "../../app/lib/answer/verify.server";
import { createKnowledgeBase, heading, page, para } from "../support/knowledge-base";
import { realModel, REAL_MODELS } from "../support/models";

/**
 * The built-in chat model for real: SmolLM2-135M-Instruct (GGUF) run by node-llama-cpp in this process,
 * answering through the real pipeline over a real SQLite knowledge base. Skipped, with the reason
 * printed, when the model is not in MODELS_DIR; a failure in CI (REQUIRE_MODELS=1). Nothing here asserts
 * a timing; answers are at temperature 0 with the thread count fixed, so the model's words repeat.
 */

const folder = realModel("chat");
const describeWithModel = folder ? describe : describe.skip;

const MELOXICAM =
  "Meloxicam is a preferential COX-2 inhibitor used for the control of pain and inflammation in dogs and cats. " +
  "The dose of meloxicam in cats is 0.1 mg/kg orally once daily after a loading dose of 0.2 mg/kg on the first day. " +
  "Use the lowest effective dose in cats with chronic kidney disease, and monitor renal values.";
const INSULIN =
  "Canine diabetes mellitus is managed with twice-daily insulin injections and a consistent high-fibre diet. " +
  "The starting dose of lente insulin in dogs is 0.25 U/kg subcutaneously every 12 hours.";

const MELOXICAM_QUESTION = "What is the dose of meloxicam in cats?";

describeWithModel("the built-in model (real SmolLM2-135M-Instruct)", () => {
  let kb: ReturnType<typeof createKnowledgeBase>;
  let model: LocalChatModel;
  let deps: AnswerDeps;

  beforeAll(async () => {
    kb = createKnowledgeBase();
    kb.add({ id: "formulary", title: "Small Animal Formulary", pages: [page(12, [heading("Meloxicam", 2), para(MELOXICAM)], "245")] });
    kb.add({ id: "endocrine", title: "Canine Endocrinology", fileType: "docx", pages: [page(3, [heading("Diabetes mellitus"), para(INSULIN)])] });
    model = createLocalChatModel({ modelPath: path.join(folder!, REAL_MODELS.chat.marker), threads: 1, maxReplyTokens: 160 });
    deps = { db: kb.db, embedder: async () => null, chatModel: async () => model };
    expect(await model.status()).toEqual({ available: true, model: "SmolLM2-135M-Instruct" });
  }, 120_000);

  afterAll(async () => {
    await model?.dispose();
    kb?.cleanup();
  });

  const request = (question: string, extra: Partial<AnswerRequest> = {}): AnswerRequest => ({
    question,
    history: [],
    viewerId: null,
    usePubmed: false,
    useThinkHarder: false,
    ...extra,
  });

  it("streams a real answer token by token; every sentence it writes carries a passage marker, and the stored answer says who wrote it", async () => {
    const tokens: string[] = [];
    const queue: number[] = [];
    const result = await answerQuestion(request(MELOXICAM_QUESTION, { onToken: (t) => tokens.push(t), onQueue: (n) => queue.push(n) }), deps);
    expect(queue).toEqual([0]);
    expect(tokens.length).toBeGreaterThan(3);
    expect(result.modelSentences).not.toBeNull();
    const { kept, dropped } = result.modelSentences!;
    expect(kept + dropped.length).toBeGreaterThan(0);
    // The citation grammar holds the model to a marker on every sentence: none is dropped for lacking one.
    expect(dropped.filter((d) => d.reason === "cites no passage")).toEqual([]);
    if (kept > 0) {
      expect(result.answeredBy).toEqual({ provider: "local", model: "SmolLM2-135M-Instruct" });
      expect(result.content).toMatch(/\[1\]/);
      expect(result.citations.length).toBeGreaterThan(0);
      expect(result.citations.every((c) => ["Small Animal Formulary", "Canine Endocrinology"].includes(c.document))).toBe(true);
    } else {
      // Nothing it wrote held: the passages' own sentences answer, and the answer says no model wrote it.
      expect(result.answeredBy).toEqual({ provider: "extractive", model: null });
      expect(result.fallbackReason).toMatch(/could not be verified/);
    }
  }, 120_000);

  it("a sentence the real model completes after a steered start giving a dose its passage lacks (7 mg/kg) is dropped by the number check", async () => {
    const steer = "The dose of meloxicam in cats is 7 mg/kg";
    // The real model, with the start of its reply written for it: it writes the rest of that sentence
    // (held to end it with a marker) and whatever follows.
    const steered: ChatModel = {
      ...model,
      chat: async (messages, options) => {
        options?.onToken?.(steer);
        return steer + (await model.chat([...messages, { role: "assistant", content: steer }], options));
      },
    };
    const tokens: string[] = [];
    const result = await answerQuestion(request(MELOXICAM_QUESTION, { onToken: (t) => tokens.push(t) }), { ...deps, chatModel: async () => steered });
    expect(tokens.length).toBeGreaterThan(2);
    const steeredSentence = result.modelSentences!.dropped.find((d) => d.sentence.startsWith(steer));
    expect(steeredSentence?.reason).toMatch(/^the number 7 mg.* is not in the cited passage$/);
    expect(result.content).not.toContain("7 mg/kg");
    if (result.answeredBy.provider === "local") expect(result.content).toContain(UNVERIFIED_NOTE);
  }, 120_000);

  it("writes one answer at a time: the second waits with its place shown, a third stopped while waiting never runs", async () => {
    const places = { first: [] as number[], second: [] as number[], third: [] as number[] };
    let firstToken: () => void;
    const started = new Promise<void>((resolve) => (firstToken = resolve));
    const stopThird = new AbortController();
    const first = answerQuestion(request(MELOXICAM_QUESTION, { onQueue: (n) => places.first.push(n), onToken: () => firstToken() }), deps);
    await started;
    const second = answerQuestion(request("What is the starting dose of lente insulin in dogs?", { onQueue: (n) => places.second.push(n) }), deps);
    const third = answerQuestion(request("How often is insulin given to dogs?", { onQueue: (n) => places.third.push(n), signal: stopThird.signal }), deps);
    // The third is queued behind the two once its search is done.
    await expect.poll(() => places.third.length, { timeout: 60_000 }).toBeGreaterThan(0);
    expect(places.second[0]).toBe(1);
    expect(places.third[0]).toBe(2);
    stopThird.abort();
    await expect(third).rejects.toSatisfy((e) => e instanceof AnswerError && e.code === "aborted");
    await Promise.all([first, second]);
    expect(places.first).toEqual([0]);
    expect(places.second).toEqual([1, 0]);
    expect(places.third).toEqual([2]);
  }, 240_000);

  it("leaves the event loop free while it generates: a loopback HTTP request made at the first token is answered before the answer ends", async () => {
    const server = http.createServer((_, res) => res.end("ok"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as net.AddressInfo;
    let answeredDuringGeneration: boolean | null = null;
    let generating = true;
    let probe: Promise<void> | null = null;
    try {
      await answerQuestion(
        request("What is the starting dose of lente insulin in dogs and how is diabetes managed?", {
          onToken: () => {
            probe ??= fetch(`http://127.0.0.1:${port}/`).then(async (res) => {
              await res.text();
              answeredDuringGeneration = generating;
            });
          },
        }),
        deps,
      );
      generating = false;
      await probe;
    } finally {
      server.close();
    }
    expect(answeredDuringGeneration).toBe(true);
  }, 120_000);
});
