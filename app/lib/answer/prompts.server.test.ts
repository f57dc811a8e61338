import { describe, expect, it } from "vitest";
import { DEFAULT_SYSTEM_PROMPTS, fitAnswerMessages, PASSAGE_RULES, type AnswerPromptInput } from "./prompts.server";
import type { NumberedPassage } from "./types";

/** A budget in words: easy to reason about, and the fitting only needs some monotonic count. */
const words = (text: string) => text.split(/\s+/).filter(Boolean).length;
const budget = (tokens: number) => ({ tokens, count: words });

const passage = (number: number, n: number): NumberedPassage => ({
  number,
  chunkId: number,
  documentId: "d",
  title: "Formulary",
  pages: [number],
  pageLabel: null,
  heading: null,
  fileType: "pdf",
  text: Array.from({ length: n }, (_, i) => `p${number}w${i}`).join(" "),
});

const input = (passages: NumberedPassage[], history: AnswerPromptInput["history"] = []): AnswerPromptInput => ({
  question: "What is the dose of meloxicam in cats?",
  passages,
  history,
  prompts: DEFAULT_SYSTEM_PROMPTS,
  mode: { useThinkHarder: false, usePubmed: false },
});

const total = (messages: Array<{ content: string }>) => messages.reduce((n, m) => n + words(m.content), 0);

describe("fitAnswerMessages", () => {
  it("changes nothing without a budget or when the prompt fits", () => {
    const all = [passage(1, 100), passage(2, 100)];
    expect(fitAnswerMessages(input(all)).passages).toBe(all);
    expect(fitAnswerMessages(input(all), budget(10_000)).passages).toBe(all);
  });

  it("drops earlier turns first, then cuts the last passages, never the instructions or the question", () => {
    const all = [passage(1, 300), passage(2, 300), passage(3, 300)];
    const history = [
      { role: "user" as const, content: "old question ".repeat(100) },
      { role: "assistant" as const, content: "old answer ".repeat(100) },
    ];
    const full = fitAnswerMessages(input(all, history));
    const limit = total(full.messages) - 200 - 450;
    const fitted = fitAnswerMessages(input(all, history), budget(limit));
    expect(total(fitted.messages)).toBeLessThanOrEqual(limit);
    expect(fitted.messages.filter((m) => m.role === "assistant")).toEqual([]);
    expect(fitted.messages[0]!.content).toContain(PASSAGE_RULES);
    expect(fitted.messages.at(-1)!.content).toContain("What is the dose of meloxicam in cats?");
    // The first passages are whole; the last is shortened at a word and marked as cut.
    expect(fitted.passages.map((p) => p.number)).toEqual([1, 2, 3]);
    expect(fitted.passages[0]!.text).toBe(all[0]!.text);
    expect(fitted.passages[2]!.text).toMatch(/^p3w0 .* p3w\d+ …$/);
    expect(fitted.messages.at(-1)!.content).toContain(fitted.passages[2]!.text);
  });

  it("leaves a passage out rather than keep a stub of it, and can leave all of them out", () => {
    const all = [passage(1, 300), passage(2, 300)];
    const full = total(fitAnswerMessages(input(all)).messages);
    const oneLeft = fitAnswerMessages(input(all), budget(full - 290));
    expect(oneLeft.passages.map((p) => p.number)).toEqual([1]);
    const none = fitAnswerMessages(input(all), budget(10));
    expect(none.passages).toEqual([]);
    expect(none.messages.at(-1)!.content).toContain("<question>");
  });
});
