import { describe, expect, it } from "vitest";
import { claimQuestionKey, takeQuestionKey } from "./question-keys.server";

const DAY = 24 * 60 * 60 * 1000;

describe("question idempotency keys", () => {
  it("takes a key once per conversation, and again after a day", () => {
    const t = 1_000_000;
    expect(takeQuestionKey("c-once", "k1", t)).toBe(true);
    expect(takeQuestionKey("c-once", "k1", t + 1000)).toBe(false);
    expect(takeQuestionKey("c-other", "k1", t + 1000)).toBe(true);
    expect(takeQuestionKey("c-once", "k2", t + 1000)).toBe(true);
    expect(takeQuestionKey("c-once", "k1", t + DAY + 1)).toBe(true);
  });

  it("reads the Idempotency-Key header: none is not checked, a repeat is 409, a malformed one 400", () => {
    const post = (key?: string) => new Request("http://localhost/", { method: "POST", headers: key === undefined ? {} : { "Idempotency-Key": key } });
    expect(() => claimQuestionKey(post(), "c-header")).not.toThrow();
    expect(() => claimQuestionKey(post(), "c-header")).not.toThrow();
    expect(() => claimQuestionKey(post("abc"), "c-header")).not.toThrow();
    const statusOf = (fn: () => void) => {
      try {
        fn();
        return null;
      } catch (thrown) {
        return (thrown as Response).status;
      }
    };
    expect(statusOf(() => claimQuestionKey(post("abc"), "c-header"))).toBe(409);
    expect(statusOf(() => claimQuestionKey(post("x".repeat(201)), "c-header"))).toBe(400);
    expect(statusOf(() => claimQuestionKey(post("two words"), "c-header"))).toBe(400);
  });
});
