import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { HAMMING_WASM } from "../app/lib/search/hamming-wasm";
import { compileHammingWat, hammingModuleSource } from "./wasm";

describe("npm run wasm", () => {
  it("the committed module is hamming.wat compiled", async () => {
    const bytes = await compileHammingWat();
    expect(Buffer.from(HAMMING_WASM, "base64").equals(Buffer.from(bytes))).toBe(true);
    expect(fs.readFileSync(new URL("../app/lib/search/hamming-wasm.ts", import.meta.url), "utf8")).toBe(hammingModuleSource(bytes));
  });
});
