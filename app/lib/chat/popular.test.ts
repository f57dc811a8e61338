import { describe, expect, it } from "vitest";
import { questionKey } from "./popular";

describe("questionKey", () => {
  it("groups questions that differ only in case and surrounding or repeated whitespace", () => {
    const key = questionKey("What is the dose for meloxicam in cats?");
    expect(key).toBe("what is the dose for meloxicam in cats?");
    expect(questionKey("  WHAT is the dose for\tmeloxicam  in cats?\n")).toBe(key);
  });

  it("folds non-ASCII letters too", () => {
    expect(questionKey("ÉTUDE DES CHIENS ÂGÉS")).toBe(questionKey("étude des chiens âgés"));
  });

  it("keeps questions that differ in wording apart", () => {
    expect(questionKey("What is the dose for meloxicam in cats?")).not.toBe(questionKey("What is the dose for meloxicam in dogs?"));
  });

  it("refuses questions shorter than 10 or longer than 200 characters, counted after trimming", () => {
    expect(questionKey("123456789")).toBeNull();
    expect(questionKey("   123456789   ")).toBeNull();
    expect(questionKey("1234567890")).toBe("1234567890");
    expect(questionKey("a".repeat(200))).toHaveLength(200);
    expect(questionKey("a".repeat(201))).toBeNull();
    expect(questionKey(`  ${"a".repeat(200)}  `)).toHaveLength(200);
  });

  it("counts characters, not UTF-16 units", () => {
    expect(questionKey("🐱".repeat(200))).not.toBeNull();
    expect(questionKey("🐱".repeat(9))).toBeNull();
  });
});
