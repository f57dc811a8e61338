import { describe, expect, it } from "vitest";
import { followUpQuestions, isSuitableFollowUp } from "./follow-ups";
import { readConversation } from "./frame";

const followUps = (...questions: string[]) => followUpQuestions(readConversation(questions).at(-1)!, questions);

describe("follow-up questions without a model", () => {
  it("asks a drug's other aspects, with its species as a phrase", () => {
    expect(followUps("What is the dose of meloxicam in cats?")).toEqual([
      "What are the adverse effects of meloxicam in cats?",
      "What are the contraindications of meloxicam in cats?",
      "What should be monitored during treatment with meloxicam?",
    ]);
    expect(followUps("What are the side effects of tamoxifen?")[0]).toBe("What is the dose of tamoxifen?");
  });

  it("never asks the dose of something that is not a drug", () => {
    for (const q of ["Which drugs increase alkaline phosphatase in dogs?", "What does a high alkaline phosphatase mean in dogs?"]) {
      expect(followUps(q)).toEqual([]);
    }
    expect(followUps("What are the clinical signs of babesiosis in cattle?")).toEqual([
      "How is babesiosis diagnosed in cattle?",
      "How is babesiosis treated in cattle?",
      "What causes babesiosis in cattle?",
    ]);
  });

  it("asks about a condition or an infection in words that fit it", () => {
    expect(followUps("How is feline hyperthyroidism diagnosed?")).toEqual([
      "What are the clinical signs of hyperthyroidism in cats?",
      "How is hyperthyroidism treated in cats?",
      "What causes hyperthyroidism in cats?",
    ]);
    expect(followUps("What causes papillomas in dogs?")).toContain("How are papillomas treated in dogs?");
    expect(followUps("How is canine diabetes mellitus managed?")[0]).toBe("What are the clinical signs of diabetes mellitus in dogs?");
    expect(followUps("How is Babesia divergens transmitted?")).toEqual([
      "What are the clinical signs of Babesia divergens infection?",
      "How is Babesia divergens infection diagnosed?",
      "How is Babesia divergens infection treated?",
    ]);
  });

  it("keeps a follow-up's inherited subject and leaves out what the conversation already asked", () => {
    expect(followUps("What is the dose of meloxicam in cats?", "What are its side effects?")).toEqual([
      "What are the contraindications of meloxicam in cats?",
      "What should be monitored during treatment with meloxicam?",
    ]);
  });

  it("offers nothing for a conversation without a clinical subject", () => {
    expect(followUps("Hello, what can you do?")).toEqual([]);
  });
});

describe("a model's follow-up", () => {
  const frame = (q: string) => readConversation([q]).at(-1)!;
  it("is kept when it is a question about the conversation's subject", () => {
    expect(isSuitableFollowUp("What causes increased alkaline phosphatase in dogs?", frame("Which drugs increase alkaline phosphatase in dogs?"))).toBe(true);
    expect(isSuitableFollowUp("How long should meloxicam be given to cats?", frame("What is the dose of meloxicam in cats?"))).toBe(true);
  });

  it("is dropped when it asks the dose of a non-drug, is off the subject, or is not a question", () => {
    const alp = frame("Which drugs increase alkaline phosphatase in dogs?");
    expect(isSuitableFollowUp("What is the dose of alkaline phosphatase?", alp)).toBe(false);
    expect(isSuitableFollowUp("What is the dose of meloxicam in cats?", frame("What are the clinical signs of babesiosis in cattle?"))).toBe(false);
    expect(isSuitableFollowUp("Alkaline phosphatase in dogs", alp)).toBe(false);
    expect(isSuitableFollowUp("What is the dose of alkaline phosphatase?\nAlso: why?", alp)).toBe(false);
  });
});
