import { describe, expect, it } from "vitest";
import { joinAuthorList, splitAuthorList, validateDetails } from "./details";

const now = new Date("2026-06-01T12:00:00Z");
const check = (input: unknown) => validateDetails(input, now);

describe("validateDetails", () => {
  it("trims the title, splits authors at semicolons and takes the year as a number or digits", () => {
    expect(check({ title: "  Feline   Formulary ", authors: " Smith, J.;  Doe, A. ;", year: "2020" })).toEqual({
      ok: true,
      details: { title: "Feline Formulary", authors: ["Smith, J.", "Doe, A."], year: 2020 },
    });
    expect(check({ title: "T", year: 1800 })).toEqual({ ok: true, details: { title: "T", authors: [], year: 1800 } });
    expect(check({ title: "T", authors: "", year: "" })).toEqual({ ok: true, details: { title: "T", authors: [], year: null } });
    expect(check({ title: "T", year: null })).toMatchObject({ ok: true, details: { year: null } });
  });

  it("takes next year (in press) but not the one after", () => {
    expect(check({ title: "T", year: 2027 })).toMatchObject({ ok: true });
    expect(check({ title: "T", year: 2028 })).toEqual({ ok: false, field: "year", message: "Year must be a whole number from 1800 to 2027, or empty" });
  });

  it.each([
    [{ title: "" }, "title", "Title must not be blank"],
    [{ title: " \n\t" }, "title", "Title must not be blank"],
    [{}, "title", "Title is required"],
    [{ title: 5 }, "title", "Title must be text"],
    [{ title: "é".repeat(201) }, "title", "Title must be at most 200 characters"],
    [{ title: "T", authors: "a".repeat(501) }, "authors", "Authors must be at most 500 characters"],
    [{ title: "T", authors: 3 }, "authors", "Authors must be text"],
    [{ title: "T", year: 1799 }, "year", "Year must be a whole number from 1800 to 2027, or empty"],
    [{ title: "T", year: 1999.5 }, "year", "Year must be a whole number from 1800 to 2027, or empty"],
    [{ title: "T", year: "19x9" }, "year", "Year must be a whole number from 1800 to 2027, or empty"],
    [{ title: "T", year: "-1900" }, "year", "Year must be a whole number from 1800 to 2027, or empty"],
    [{ title: "T", year: true }, "year", "Year must be a whole number from 1800 to 2027, or empty"],
    [null, "body", "Expected an object with title, authors and year"],
    [["T"], "body", "Expected an object with title, authors and year"],
  ])("refuses %j", (input, field, message) => {
    expect(check(input)).toEqual({ ok: false, field, message });
  });

  it("counts characters, not UTF-16 units: 200 emoji are a title of 200", () => {
    expect(check({ title: "🐈".repeat(200) })).toMatchObject({ ok: true });
  });
});

describe("author lists", () => {
  it("round-trip between the form's text and the stored names", () => {
    const names = splitAuthorList("Smith, J.; Doe, A.\nRoe, B.");
    expect(names).toEqual(["Smith, J.", "Doe, A.", "Roe, B."]);
    expect(splitAuthorList(joinAuthorList(names))).toEqual(names);
  });
});
