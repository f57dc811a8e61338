import { describe, expect, it } from "vitest";
import { safeRedirect } from "./redirect.server";

describe("safeRedirect", () => {
  it("keeps paths on this site, with their query and fragment", () => {
    expect(safeRedirect("/account")).toBe("/account");
    expect(safeRedirect("/documents?tab=mine#top")).toBe("/documents?tab=mine#top");
    expect(safeRedirect("/a b")).toBe("/a%20b");
  });

  it.each([
    ["a protocol-relative URL", "//evil.example"],
    ["a tab the browser drops", "/\t/evil.example"],
    ["a newline the browser drops", "/\n/evil.example"],
    ["a carriage return", "/\r/evil.example"],
    ["a backslash the browser reads as a slash", "/\\evil.example"],
    ["a dot segment that collapses to //", "/.//evil.example"],
    ["dot-dot segments that collapse to //", "/a/../..//evil.example"],
    ["an absolute URL", "https://evil.example/"],
    ["a javascript: URL", "javascript:alert(1)"],
    ["a relative path", "account"],
    ["an empty value", ""],
  ])("sends %s to the fallback", (_label, to) => {
    expect(safeRedirect(to)).toBe("/");
  });

  it("never returns a value a Location header cannot carry", () => {
    expect(safeRedirect("/x\ny")).toBe("/xy");
    expect(safeRedirect("/%0A")).toBe("/%0A");
    expect(safeRedirect(null)).toBe("/");
    expect(safeRedirect(new File([], "f"), "/app")).toBe("/app");
  });
});
