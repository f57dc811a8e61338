import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * Searches and extractive answers from the server run on the query threads with their own connection to
 * DATA_DIR's database, and give exactly what the same work gives in this thread.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vetsearch-pool-"));
process.env.DATA_DIR = dataDir;

const { closeDb, getDb } = await import("../db/index.server");
const { createKnowledgeBaseIn, heading, page, para } = await import("../../../tests/support/knowledge-base");
const { retrieveSync } = await import("../search/index.server");
const { answerOffThread, queryThreadsRunning, retrieveOffThread, stopQueryThreads } = await import("./pool.server");
const { answerQuestion } = await import("./pipeline.server");
const { AnswerError } = await import("./types");
const { BACKGROUND_NICENESS } = await import("../thread-priority.server");

beforeAll(() => {
  const kb = createKnowledgeBaseIn(getDb(), ["alice"]);
  kb.add({ id: "formulary", title: "Small Animal Formulary", pages: [page(12, [heading("Meloxicam"), para("The dose of meloxicam in cats is 0.1 mg/kg once daily.")], "245")] });
  kb.add({ id: "private", title: "Alice's notes", ownerId: "alice", pages: [page(1, [para("Meloxicam for Alice's cats: notes on the dose.")])] });
});
afterAll(async () => {
  await stopQueryThreads();
  closeDb();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const inThread = { db: getDb(), embedder: async () => null, chatModel: async () => null };

describe("the query threads", () => {
  it("search like an in-thread search, with the same visibility rules", async () => {
    for (const viewerId of [null, "alice"]) {
      const off = await retrieveOffThread("meloxicam dose in cats", { k: 5, viewerId });
      expect(queryThreadsRunning()).toBeGreaterThan(0);
      expect(off).toEqual(retrieveSync(getDb().$client, "meloxicam dose in cats", { k: 5, viewerId }));
      expect(off.passages.map((p) => p.documentId)).toEqual(viewerId ? expect.arrayContaining(["formulary", "private"]) : ["formulary"]);
      // The layout crosses the thread with the passage.
      expect(off.passages.find((p) => p.documentId === "formulary")?.layout?.pages).toEqual([{ offset: 0, page: 12, label: "245" }]);
    }
  });

  it("answer like the in-thread answerer, reporting the reading and the text as they come", async () => {
    for (const useThinkHarder of [false, true]) {
      const request = { question: "What is the dose of meloxicam in cats?", history: [], viewerId: "alice", usePubmed: false, useThinkHarder };
      const events: string[] = [];
      let text = "";
      const off = await answerOffThread(
        { ...request, onReading: (r) => events.push(`reading ${r}`), onToken: (t) => ((text += t), events.push("token")) },
        null,
      );
      const { passages, ...here } = await answerQuestion(request, inThread);
      // The same answer, without the passages it drew on: the request thread keeps only what it stores.
      expect(off).toEqual(here);
      expect(passages!.length).toBeGreaterThan(0);
      expect(off!.content).toContain("0.1 mg/kg");
      expect(off!.citations.length).toBeGreaterThan(0);
      expect(text).toBe(here.content);
      // The reading comes before any of the answer's text, as it does in this thread.
      expect(events[0]).toBe(`reading ${here.reading}`);
      expect(events.slice(1).every((e) => e === "token")).toBe(true);
    }
  });

  it("ask the request thread's embedder for the query's vector", async () => {
    const asked: Array<{ texts: string[]; kind?: string }> = [];
    const embedder = {
      id: "test:fixed",
      dimensions: 8,
      embed: async (texts: string[], options?: { kind?: "document" | "query" }) => {
        asked.push({ texts, kind: options?.kind });
        return texts.map(() => new Float32Array(8).fill(Math.SQRT1_2 / 2));
      },
    };
    const request = { question: "What is the dose of meloxicam in cats?", history: [], viewerId: null, usePubmed: false, useThinkHarder: false };
    const off = await answerOffThread(request, embedder);
    expect(off!.content).toContain("0.1 mg/kg");
    expect(asked.length).toBeGreaterThan(0);
    expect(asked[0]!.kind).toBe("query");
    expect(asked[0]!.texts.join(" ")).toMatch(/meloxicam/i);
  });

  // Linux keeps a nice value per thread: the query threads' work yields the cores to the request thread.
  it.runIf(process.platform === "linux")("run below the request thread's CPU priority", async () => {
    await retrieveOffThread("meloxicam dose in cats", { k: 5, viewerId: null });
    const niceOf = (tid: string) => {
      const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, "utf8");
      return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]);
    };
    const requestThread = niceOf(String(process.pid));
    const lowered = fs.readdirSync("/proc/self/task").filter((tid) => niceOf(tid) === Math.min(19, requestThread + BACKGROUND_NICENESS));
    expect(queryThreadsRunning()).toBeGreaterThan(0);
    expect(lowered.length).toBeGreaterThanOrEqual(queryThreadsRunning());
    expect(lowered).not.toContain(String(process.pid));
  });

  it("stop an answer whose request was stopped", async () => {
    const controller = new AbortController();
    controller.abort();
    const request = { question: "What is the dose of meloxicam in cats?", history: [], viewerId: null, usePubmed: false, useThinkHarder: false, signal: controller.signal };
    await expect(answerOffThread(request, null)).rejects.toBeInstanceOf(AnswerError);
  });
});
