import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { afterEach, describe, expect, it } from "vitest";
import { HashingStream, hashFile, sha256Hex } from "./hashing";

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

describe("hashing", () => {
  it("gives the published SHA-256 test vector for 'abc'", () => {
    expect(sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });

  it("hashes a file as a stream to the same digest and its size", async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "models-hash-"));
    folders.push(folder);
    // Larger than one read chunk (64 kB), so the digest covers several chunks in order
    const content = Buffer.alloc(300_000, 0);
    for (let i = 0; i < content.length; i++) content[i] = (i * 31) % 251;
    const file = path.join(folder, "weights.bin");
    fs.writeFileSync(file, content);
    expect(await hashFile(file)).toEqual({ sha256: sha256Hex(content), size: content.length });
  });

  it("hashes what flows through a pipeline while passing it on unchanged", async () => {
    const parts = [Buffer.from("first part "), Buffer.from("second part")];
    const hasher = new HashingStream();
    const received: Buffer[] = [];
    await pipeline(Readable.from(parts), hasher, async (source: AsyncIterable<Buffer>) => {
      for await (const chunk of source) received.push(chunk);
    });
    expect(Buffer.concat(received).toString()).toBe("first part second part");
    expect(hasher.result()).toEqual({ sha256: sha256Hex("first part second part"), size: 22 });
  });
});
