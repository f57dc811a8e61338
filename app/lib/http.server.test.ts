import { describe, expect, it } from "vitest";
import { jsonError, jsonOk, readBoundedText } from "./http.server";

function streamOf(parts: Uint8Array[]) {
  let cancelled = false;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = parts.shift();
      if (next) controller.enqueue(next);
      else controller.close();
    },
    cancel() {
      cancelled = true;
    },
  });
  return { stream, cancelled: () => cancelled };
}

describe("readBoundedText", () => {
  it("reads a body up to the limit as UTF-8, a character split across chunks kept whole", async () => {
    const bytes = new TextEncoder().encode("0.05 mg/kg — once daily");
    const cut = bytes.indexOf(0x80); // inside the three bytes of the dash
    const { stream } = streamOf([bytes.slice(0, cut), bytes.slice(cut)]);
    expect(await readBoundedText(stream, bytes.byteLength, () => new Error("too large"))).toBe("0.05 mg/kg — once daily");
  });

  it("stops past the limit: the stream is cancelled and the refusal thrown", async () => {
    const refusal = new Response("too large", { status: 413 });
    const { stream, cancelled } = streamOf([new Uint8Array(6), new Uint8Array(6), new Uint8Array(6)]);
    await expect(readBoundedText(stream, 10, () => refusal)).rejects.toBe(refusal);
    expect(cancelled()).toBe(true);
  });

  it("reads no body as empty text", async () => {
    expect(await readBoundedText(null, 10, () => new Error("too large"))).toBe("");
  });
});

describe("JSON responses", () => {
  // The compression middleware leaves a body alone when its stated length is under its threshold.
  it("state their length in bytes, so small ones are not compressed", async () => {
    const ok = jsonOk({ dose: "0.05 mg/kg — once daily" });
    const body = await ok.clone().arrayBuffer();
    expect(ok.headers.get("Content-Length")).toBe(String(body.byteLength));
    expect(body.byteLength).toBeGreaterThan('{"dose":"0.05 mg/kg — once daily"}'.length);
    expect(ok.headers.get("Content-Type")).toBe("application/json");
    expect(ok.headers.get("Cache-Control")).toBe("no-store");
    const error = jsonError(422, "Invalid field", { field: "content" });
    expect(error.status).toBe(422);
    expect(await error.clone().json()).toEqual({ message: "Invalid field", field: "content" });
    expect(error.headers.get("Content-Length")).toBe(String((await error.arrayBuffer()).byteLength));
  });
});
