import { describe, expect, it } from "vitest";
import type { Citation, Message } from "./chat-client";
import {
  PLACEHOLDERS,
  awaitingAnswer,
  mergeMessages,
  canSend,
  fallbackTitle,
  formatCreatedDate,
  newestAssistantId,
  placeholderFor,
  shownSuggestions,
  sourceHref,
  sourceLabel,
  suggestionLabel,
  uniqueCitations,
  visibleBanner,
  type Banner,
} from "./chat-view";

describe("labels and titles", () => {
  it("cuts suggestion labels at 50 characters and marks the cut", () => {
    expect(suggestionLabel("What is the dose for meloxicam in cats?")).toBe("What is the dose for meloxicam in cats?");
    const long = "Create a detailed treatment plan for canine diabetes mellitus with insulin";
    expect(suggestionLabel(long)).toBe(`${long.slice(0, 50)}...`);
    expect(suggestionLabel("x".repeat(50))).toBe("x".repeat(50));
    expect(suggestionLabel("x".repeat(51))).toBe(`${"x".repeat(50)}...`);
  });

  it("falls back to the first 50 characters of the question as a title, '...' only when longer", () => {
    expect(fallbackTitle("  Dose of meloxicam in cats?  ")).toBe("Dose of meloxicam in cats?");
    expect(fallbackTitle("a".repeat(50))).toBe("a".repeat(50));
    expect(fallbackTitle(`${"a".repeat(60)}`)).toBe(`${"a".repeat(50)}...`);
    expect(fallbackTitle("line one\n\nline   two")).toBe("line one line two");
  });

  it("shows at most three distinct suggestions", () => {
    expect(shownSuggestions(["a", " a ", "", "b", "c", "d"])).toEqual(["a", "b", "c"]);
  });

  it("labels sources '[document, pg. page]' and shows each cited place once", () => {
    const c = (url: string, page: string | number): Citation => ({ document: "Plumb's", page, documentId: "d", physicalPage: 3, url });
    expect(sourceLabel(c("/x", "iv"))).toBe("[Plumb's, pg. iv]");
    expect(uniqueCitations([c("/a", 1), c("/a", 1), c("/b", 2)]).map((x) => x.url)).toEqual(["/a", "/b"]);
  });

  it("opens a source in the viewer, an answer stored when PDFs opened as the raw file too", () => {
    const c = (url: string): Citation => ({ document: "Plumb's", page: "iv", documentId: "d 1", physicalPage: 3, url });
    expect(sourceHref(c("/documents/d%201/view?page=3&q=Dose."))).toBe("/documents/d%201/view?page=3&q=Dose.");
    expect(sourceHref(c("/api/documents/d%201/file#page=3"))).toBe("/documents/d%201/view?page=3");
    expect(sourceHref({ url: "https://pubmed.ncbi.nlm.nih.gov/123/" })).toBe("https://pubmed.ncbi.nlm.nih.gov/123/");
  });

  it("labels PubMed articles with their own '[Journal Year — short title, PMID n]'", () => {
    const article: Citation = { document: "Vet J 2021 — Meloxicam in cats", page: "PMID 123", pmid: "123", url: "https://pubmed.ncbi.nlm.nih.gov/123/", label: "[Vet J 2021 — Meloxicam in cats, PMID 123]" };
    expect(sourceLabel(article)).toBe("[Vet J 2021 — Meloxicam in cats, PMID 123]");
  });
});

describe("modes", () => {
  it("picks the placeholder by mode, Think Harder first", () => {
    expect(placeholderFor({ usePubmed: false, useThinkHarder: false })).toBe(PLACEHOLDERS.default);
    expect(placeholderFor({ usePubmed: true, useThinkHarder: false })).toBe("Search PubMed medical literature...");
    expect(placeholderFor({ usePubmed: true, useThinkHarder: true })).toBe("Ask a question for comprehensive research analysis...");
  });

  it("shows one banner: Think Harder's has priority, a dismissed one gives way", () => {
    const none = new Set<Banner>();
    expect(visibleBanner({ usePubmed: false, useThinkHarder: false }, none)).toBeNull();
    expect(visibleBanner({ usePubmed: true, useThinkHarder: true }, none)).toBe("thinkHarder");
    expect(visibleBanner({ usePubmed: true, useThinkHarder: true }, new Set<Banner>(["thinkHarder"]))).toBe("pubmed");
    expect(visibleBanner({ usePubmed: true, useThinkHarder: false }, new Set<Banner>(["pubmed"]))).toBeNull();
  });

  it("allows sending only non-blank text when nothing is pending", () => {
    expect(canSend("  \n ", false)).toBe(false);
    expect(canSend("dose?", true)).toBe(false);
    expect(canSend("dose?", false)).toBe(true);
  });
});

describe("messages", () => {
  const m = (id: string, role: Message["role"]) => ({ id, role }) as Message;
  it("finds the newest assistant reply", () => {
    expect(newestAssistantId([m("1", "user"), m("2", "assistant"), m("3", "user")])).toBe("2");
    expect(newestAssistantId([m("1", "user")])).toBeNull();
  });
  it("a list ending in a question still waits for its answer; an empty one or one ending in an answer does not", () => {
    expect(awaitingAnswer([m("1", "user"), m("2", "assistant"), m("3", "user")])).toBe(true);
    expect(awaitingAnswer([m("1", "user"), m("2", "assistant")])).toBe(false);
    expect(awaitingAnswer([])).toBe(false);
  });
  it("merges stored messages without duplicates", () => {
    expect(mergeMessages([m("1", "user"), m("2", "user")], [m("2", "user"), m("3", "assistant")]).map((x) => x.id)).toEqual(["1", "2", "3"]);
  });
});

describe("formatCreatedDate", () => {
  it("formats as toLocaleDateString does, locale by locale, and gives nothing for a bad date", () => {
    const opts = { year: "numeric", month: "short", day: "numeric" } as const;
    for (const iso of ["2026-11-28T05:24:39.000Z", "1999-02-03T23:59:59.999Z"]) {
      for (const locale of [undefined, "en-US", "de-DE", "ja-JP", "en-US"]) {
        expect(formatCreatedDate(iso, locale)).toBe(new Date(iso).toLocaleDateString(locale, opts));
      }
    }
    expect(formatCreatedDate("2026-11-28T05:24:39.000Z", "de-DE")).not.toBe(formatCreatedDate("2026-11-28T05:24:39.000Z", "en-US"));
    expect(formatCreatedDate("not a date")).toBe("");
  });
});
