import { describe, expect, it } from "vitest";
import { tokenize } from "../search/tokenize";
import { countriesNamedIn, namesRegionOf, regionOfAdjective } from "./regions";

describe("namesRegionOf", () => {
  it("finds a country's region, however it is written", () => {
    expect(namesRegionOf("Brazil", "In South American countries, bovine trypanosomiasis is caused mainly by T. vivax.")).toBe(true);
    expect(namesRegionOf("brazil", "common across Latin America")).toBe(true);
    expect(namesRegionOf("Kenya", "enzootic in sub-Saharan Africa")).toBe(true);
    expect(namesRegionOf("India", "Goat pox is enzootic in Africa, the Middle East and southern part of Asia.")).toBe(true);
    expect(namesRegionOf("Vietnam", "outbreaks in South East Asia")).toBe(true);
    expect(namesRegionOf("Turkey", "reported across the Middle East")).toBe(true);
    // A state or province is in its country: "Queensland" by a passage on Australia.
    expect(namesRegionOf("Queensland", "B. bovis and B. bigemia are more common in Africa, Asia, Australia, Central, and South America")).toBe(true);
    expect(namesRegionOf("Minnesota", "widespread in the United States")).toBe(true);
    expect(namesRegionOf("Ontario", "cases across Canada")).toBe(true);
  });

  it("does not stretch a region to another, nor a country to its region", () => {
    expect(namesRegionOf("Brazil", "Goat pox is enzootic in Africa, the Middle East and southern part of Asia.")).toBe(false);
    expect(namesRegionOf("Japan", "reported in South Asia")).toBe(false);
    // (A word inside another is no region: "Asian" is not in "Caucasian".)
    expect(namesRegionOf("India", "Caucasian breeds")).toBe(false);
    // (A region is not one of its countries: "Africa" holds no answer for a passage on Kenya, and "Europe" is no country.)
    expect(namesRegionOf("Africa", "cases in Kenya")).toBe(false);
    expect(namesRegionOf("Atlantis", "in Europe")).toBe(false);
    // (Nor a state to another country, nor a part of a country to the whole: "Western Australia" is no passage on Queensland.)
    expect(namesRegionOf("Queensland", "cases across Canada")).toBe(false);
    expect(namesRegionOf("Queensland", "reported in Western Australia")).toBe(false);
  });
});

describe("regionOfAdjective", () => {
  it("gives a region's adjective the index terms of its name, and nothing for another word", () => {
    expect(regionOfAdjective(tokenize("European")[0]!)).toEqual(tokenize("Europe"));
    expect(regionOfAdjective(tokenize("African")[0]!)).toEqual(tokenize("Africa"));
    expect(regionOfAdjective(tokenize("Asian")[0]!)).toEqual(tokenize("Asia"));
    expect(regionOfAdjective(tokenize("supplier")[0]!)).toBeUndefined();
  });
});

describe("countriesNamedIn", () => {
  it("finds the countries a text names as words", () => {
    expect(countriesNamedIn("Central and southern Italy are characterized by prevalence values ranging from 5% to 80% in sheep.")).toEqual(["italy"]);
    // (Not an adjective nor a region: "Italian peninsula", "south-eastern Europe".)
    expect(countriesNamedIn("widespread in south-eastern Europe, such as in the Balkan, Italian and Iberian peninsula")).toEqual([]);
  });
});
