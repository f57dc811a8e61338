import { createHash } from "node:crypto";
import fs from "node:fs";
import { Transform, type TransformCallback } from "node:stream";

export function sha256Hex(data: Uint8Array | string): string {
  return createHash("sha256").update(data).digest("hex");
}

/** The file's SHA-256 and size, read as a stream: model files are too large to hold twice in memory. */
export async function hashFile(file: string): Promise<{ sha256: string; size: number }> {
  const hash = createHash("sha256");
  let size = 0;
  for await (const chunk of fs.createReadStream(file)) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { sha256: hash.digest("hex"), size };
}

/** A pass-through stream that hashes and counts what flows through it, so a download is hashed as it is written. */
export class HashingStream extends Transform {
  private readonly hash = createHash("sha256");
  private bytes = 0;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.hash.update(chunk);
    this.bytes += chunk.length;
    callback(null, chunk);
  }

  /** Call once, after the stream has ended. */
  result(): { sha256: string; size: number } {
    return { sha256: this.hash.digest("hex"), size: this.bytes };
  }
}
