import { describe, expect, it } from "vitest";
import { decomposeQuestion, topicWords } from "./questions";

describe("decomposeQuestion", () => {
  it("splits a drug question into the aspects a clinician looks up", () => {
    const subs = decomposeQuestion("What is the dose of meloxicam in cats?");
    expect(subs).toEqual([
      "Dosage and administration of meloxicam cats",
      "Adverse effects and toxicity of meloxicam cats",
      "Contraindications, precautions and interactions of meloxicam cats",
      "Monitoring during treatment with meloxicam cats",
    ]);
  });

  it("keeps the parts of a question that asks several things, then adds aspects", () => {
    const subs = decomposeQuestion("How is canine diabetes diagnosed; how is it treated with insulin?");
    expect(subs[0]).toBe("How is canine diabetes diagnosed");
    expect(subs[1]).toBe("how is it treated with insulin");
    expect(subs).toHaveLength(4);
  });

  it("uses management aspects for protocols and plans", () => {
    expect(decomposeQuestion("Make a protocol for managing sepsis")[0]).toBe("Diagnosis of sepsis");
  });

  it("gives nothing for a question without a topic", () => {
    expect(decomposeQuestion("What is it?")).toEqual([]);
    expect(topicWords("What is the best?")).toEqual(["best"]);
  });

  it("reads reflexive pronouns as no topic ('the cattle themselves')", () => {
    expect(topicWords("and for the cattle themselves, what's the course?")).toEqual(["cattle", "what's", "course"]);
    expect(topicWords("can she clean the wound herself?")).toEqual(["she", "clean", "wound"]);
  });
});
