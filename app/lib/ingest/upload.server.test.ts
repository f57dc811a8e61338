import { describe, expect, it } from "vitest";
import { displayName, MAX_NAME_CHARS } from "./upload.server";

describe("displayName: the stored name of an upload", () => {
  it("keeps the extension of a name longer than 255 characters", () => {
    const name = displayName(`${"a".repeat(300)}.pdf`);
    expect(Array.from(name)).toHaveLength(MAX_NAME_CHARS);
    expect(name.endsWith(".pdf")).toBe(true);
  });

  it("counts characters, not UTF-16 units: a long name of emoji is not cut inside one", () => {
    const name = displayName(`${"🐈".repeat(300)}.docx`);
    expect(Array.from(name)).toHaveLength(MAX_NAME_CHARS);
    expect(name).toBe(`${"🐈".repeat(MAX_NAME_CHARS - 5)}.docx`);
  });

  it("removes bidirectional control characters, which can disguise the real extension", () => {
    // U+202E (right-to-left override) makes "invoice\u202Efdp.exe" display as "invoiceexe.pdf"
    expect(displayName("invoice\u202Efdp.exe")).toBe("invoicefdp.exe");
    const controls = ["\u200e", "\u200f", "\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069"];
    expect(displayName(`dose${controls.join("")}chart.pdf`)).toBe("dosechart.pdf");
  });

  it("still drops folders and control characters, and names an empty result", () => {
    expect(displayName("../../etc/ev\u0000il.txt")).toBe("evil.txt");
    expect(displayName("\u202e")).toBe("document");
  });

  it("leaves a short name as it is", () => {
    expect(displayName("Feline Analgesia (2nd ed.).pdf")).toBe("Feline Analgesia (2nd ed.).pdf");
  });
});
