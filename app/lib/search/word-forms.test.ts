import { describe, expect, it } from "vitest";
import { tokenize } from "./tokenize";
import { nameForms } from "./word-forms";

const stem = (word: string) => tokenize(word)[0]!;
const formsOf = (word: string) => nameForms(stem(word));

describe("other forms of a name", () => {
  it("gives a place adjective's place, as index terms", () => {
    expect(formsOf("Algerian")).toContain(stem("Algeria"));
    expect(formsOf("Brazilian")).toContain(stem("Brazil"));
    expect(formsOf("African")).toContain(stem("Africa"));
    expect(formsOf("European")).toContain(stem("Europe"));
    expect(formsOf("Korean")).toContain(stem("Korea"));
    expect(formsOf("Japanese")).toContain(stem("Japan"));
  });

  it("gives a place's adjectives", () => {
    expect(formsOf("Algeria")).toContain(stem("Algerian"));
    expect(formsOf("Brazil")).toContain(stem("Brazilian"));
    expect(formsOf("Japan")).toContain(stem("Japanese"));
  });

  it("gives nothing for short words, numbers or other scripts", () => {
    expect(nameForms("an")).toEqual([]);
    expect(nameForms("2.5")).toEqual([]);
    expect(nameForms("猫的")).toEqual([]);
  });
});
