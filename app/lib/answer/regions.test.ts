import { describe, expect, it } from "vitest";
import { namesRegionOf } from "./regions";

describe("namesRegionOf", () => {
  it("finds a country's region, however it is written", () => {
    expect(namesRegionOf("Brazil", "In South American countries, bovine trypanosomiasis is caused mainly by T. vivax.")).toBe(true);
    expect(namesRegionOf("brazil", "common across Latin America")).toBe(true);
    expect(namesRegionOf("Kenya", "enzootic in sub-Saharan Africa")).toBe(true);
    expect(namesRegionOf("India", "Goat pox is enzootic in Africa, the Middle East and southern part of Asia.")).toBe(true);
    expect(namesRegionOf("Vietnam", "outbreaks in South East Asia")).toBe(true);
    expect(namesRegionOf("Turkey", "reported across the Middle East")).toBe(true);
  });

  it("does not stretch a region to another, nor a country to its region", () => {
    expect(namesRegionOf("Brazil", "Goat pox is enzootic in Africa, the Middle East and southern part of Asia.")).toBe(false);
    expect(namesRegionOf("Japan", "reported in South Asia")).toBe(false);
    // (A word inside another is no region: "Asian" is not in "Caucasian".)
    expect(namesRegionOf("India", "Caucasian breeds")).toBe(false);
    // (A region is not one of its countries: "Africa" holds no answer for a passage on Kenya, and "Europe" is no country.)
    expect(namesRegionOf("Africa", "cases in Kenya")).toBe(false);
    expect(namesRegionOf("Atlantis", "in Europe")).toBe(false);
  });
});
