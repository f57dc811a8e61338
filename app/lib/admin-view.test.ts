import type { SystemFigures } from "./admin";
import { describe, expect, it } from "vitest";
import {
  adminTabOf,
  logsPageOf,
  actionBadgeClass,
  betaBadgeClass,
  canDecide,
  canSave,
  decisionLine,
  detailsText,
  displayName,
  feedbackBadgeClass,
  byteSize,
  overviewNumbers,
  pageCount,
  systemLines,
  shownUserAgent,
  timeAgo,
  truncate,
} from "./admin-view";

const NOW = Date.parse("2026-03-10T12:00:00Z");
const before = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();

describe("timeAgo", () => {
  it("names the largest whole unit, singular or plural", () => {
    expect(timeAgo(before(5), NOW)).toBe("just now");
    expect(timeAgo(before(60), NOW)).toBe("1 minute ago");
    expect(timeAgo(before(59 * 60), NOW)).toBe("59 minutes ago");
    expect(timeAgo(before(2 * 3600 + 5), NOW)).toBe("2 hours ago");
    expect(timeAgo(before(24 * 3600), NOW)).toBe("1 day ago");
    expect(timeAgo(before(45 * 24 * 3600), NOW)).toBe("1 month ago");
    expect(timeAgo(before(800 * 24 * 3600), NOW)).toBe("2 years ago");
  });

  it("says Never without a time, and 'just now' for a time ahead of the clock", () => {
    expect(timeAgo(null, NOW)).toBe("Never");
    expect(timeAgo("not a date", NOW)).toBe("Never");
    expect(timeAgo(new Date(NOW + 3600_000).toISOString(), NOW)).toBe("just now");
  });
});

describe("names and texts", () => {
  it("shows the full name, else the e-mail, else 'Unknown user'", () => {
    expect(displayName({ firstName: "Ada", lastName: " Lovelace ", email: "a@x.test" })).toBe("Ada Lovelace");
    expect(displayName({ firstName: "Ada", lastName: null, email: "a@x.test" })).toBe("Ada");
    expect(displayName({ firstName: " ", lastName: null, email: "a@x.test" })).toBe("a@x.test");
    expect(displayName(null)).toBe("Unknown user");
  });

  it("cuts user agents to 60 characters and says Unknown without one", () => {
    const agent = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";
    expect(shownUserAgent(agent)).toBe(`${agent.slice(0, 60)}...`);
    expect(shownUserAgent("curl/8.5")).toBe("curl/8.5");
    expect(shownUserAgent(null)).toBe("Unknown");
    expect(truncate("x".repeat(60), 60)).toBe("x".repeat(60));
  });

  it("writes '{status} by admin' with the decision date when known", () => {
    expect(decisionLine({ betaAccess: "approved", approvedAt: "2026-01-05T10:00:00Z" }, "en-US")).toBe("approved by admin on Jan 5, 2026");
    expect(decisionLine({ betaAccess: "denied", approvedAt: null })).toBe("denied by admin");
  });

  it("shows log details as key: value text", () => {
    expect(detailsText({ targetUserId: "u1", email: "v@x.test", empty: null })).toBe("targetUserId: u1, email: v@x.test");
    expect(detailsText('{"feedbackId":"f1"}')).toBe("feedbackId: f1");
    expect(detailsText("plain words")).toBe("plain words");
    expect(detailsText(null)).toBeNull();
    expect(detailsText({})).toBeNull();
    expect(detailsText({ note: "y".repeat(200) }, 20)).toBe(`note: ${"y".repeat(14)}...`);
  });
});

describe("badges", () => {
  it("colours actions: login green, registration blue, profile_update yellow, others gray", () => {
    expect(actionBadgeClass("login")).toContain("green");
    expect(actionBadgeClass("registration")).toContain("blue");
    expect(actionBadgeClass("profile_update")).toContain("yellow");
    expect(actionBadgeClass("logout")).toContain("slate");
    expect(actionBadgeClass("user_approved")).toContain("slate");
  });

  it("colours feedback: new blue, reviewed yellow, any other green", () => {
    expect(feedbackBadgeClass("new")).toContain("blue");
    expect(feedbackBadgeClass("reviewed")).toContain("yellow");
    expect(feedbackBadgeClass("resolved")).toContain("green");
  });

  it("colours beta access and offers decisions only while pending", () => {
    expect(betaBadgeClass("approved")).toContain("green");
    expect(betaBadgeClass("pending")).toContain("yellow");
    expect(betaBadgeClass("denied")).toContain("red");
    expect(canDecide({ betaAccess: "pending" })).toBe(true);
    expect(canDecide({ betaAccess: "approved" })).toBe(false);
    expect(canDecide({ betaAccess: "denied" })).toBe(false);
  });
});

describe("overview, paging and saving", () => {
  it("shows 0 for any number the server left out, and 7 recent days by default", () => {
    expect(overviewNumbers({ totalUsers: 4, recentActivity: { logins: 9 } })).toEqual({
      totalUsers: 4,
      totalConversations: 0,
      totalDocuments: 0,
      totalQueries: 0,
      logins: 9,
      registrations: 0,
      profileUpdates: 0,
      recentDays: 7,
    });
    expect(overviewNumbers(null).totalUsers).toBe(0);
    expect(overviewNumbers({ recentDays: 30 }).recentDays).toBe(30);
  });

  it("counts pages, at least one", () => {
    expect(pageCount(0, 50)).toBe(1);
    expect(pageCount(50, 50)).toBe(1);
    expect(pageCount(51, 50)).toBe(2);
  });

  it("enables saving only after a change and not while saving", () => {
    expect(canSave(false, false)).toBe(false);
    expect(canSave(true, false)).toBe(true);
    expect(canSave(true, true)).toBe(false);
  });
});

describe("the dashboard's address", () => {
  it("opens the tab ?tab= names, else Overview", () => {
    expect(adminTabOf("users")).toBe("users");
    expect(adminTabOf("system-prompt")).toBe("system-prompt");
    for (const other of [null, "", "Users", "admin", "constructor"]) expect(adminTabOf(other)).toBe("overview");
  });

  it("reads the Activity Logs page from ?page=, the first for anything but a whole number from 1", () => {
    expect(logsPageOf("3")).toBe(3);
    for (const other of [null, "", "0", "-2", "1.5", "abc", "1e400"]) expect(logsPageOf(other)).toBe(1);
  });
});

describe("the Overview's system figures", () => {
  const system: SystemFigures = {
    documents: 3,
    pages: 420,
    chunks: 1234,
    databaseBytes: 5 * 1024 * 1024,
    answering: { answerer: "extractive", model: null, server: null, reachable: null, reason: null },
    retrieval: { mode: "lexical", embedder: null },
    search: { count: 0, p95Ms: null, windowMinutes: 60 },
    uploadQueue: 0,
  };
  const line = (s: SystemFigures, label: string) => systemLines(s).find((l) => l.label.startsWith(label));

  it("reads sizes in the unit people use", () => {
    expect(byteSize(0)).toBe("0 B");
    expect(byteSize(812 * 1024)).toBe("812 KB");
    expect(byteSize(1.44 * 1024 ** 3)).toBe("1.4 GB");
  });

  it("says who answers, where its server is and whether it is reachable", () => {
    expect(line(system, "Answers by")?.value).toBe("Extractive (no chat model configured)");
    expect(line(system, "Model server")).toMatchObject({ value: "None (no chat model configured)", warn: false });
    const down = { ...system, answering: { answerer: "extractive", model: "llama3.2", server: "http://gpu:11434", reachable: false, reason: "connection refused" } };
    expect(line(down, "Answers by")?.value).toBe("Extractive (the model llama3.2 is not used: connection refused)");
    expect(line(down, "Model server")).toMatchObject({ value: "http://gpu:11434 · not reachable", warn: true });
    const up = { ...system, answering: { answerer: "openai", model: "qwen2.5", server: "http://vllm:8000/v1", reachable: true, reason: null } };
    expect(line(up, "Answers by")?.value).toBe("OpenAI-compatible server · qwen2.5");
    expect(line(up, "Model server")).toMatchObject({ value: "http://vllm:8000/v1 · reachable", warn: false });
  });

  it("gives search p95 over the last hour, or says there were no searches, and the queue", () => {
    expect(line(system, "Search p95, last hour")?.value).toBe("No searches yet");
    expect(line({ ...system, search: { count: 1500, p95Ms: 23.4, windowMinutes: 60 } }, "Search p95")?.value).toBe("23.4 ms over 1,500 searches");
    expect(line(system, "Upload queue")?.value).toBe("Empty");
    expect(line({ ...system, uploadQueue: 2 }, "Upload queue")?.value).toBe("2 waiting or in progress");
  });
});
