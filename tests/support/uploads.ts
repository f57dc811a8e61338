import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { expect } from "vitest";
import { FIXTURE_DOCUMENTS } from "./fixtures";
import { type HttpClient } from "./server";

export { FIXTURE_DOCUMENTS } from "./fixtures";

export type SessionView = {
  id: string;
  status: "processing" | "completed" | "failed" | "cancelled";
  error: string | null;
  documentId: string | null;
  consoleOutput: string[];
  currentStep: string | null;
  totalChunks: number | null;
  chunksCreated: number;
  progress: number;
};

/** Where the admin's uploads go; a user's private library uploads to LIBRARY_UPLOADS. */
export const ADMIN_UPLOADS = { upload: "/api/admin/documents/upload", sessions: "/api/admin/upload-sessions" };
export const LIBRARY_UPLOADS = { upload: "/api/documents/upload", sessions: "/api/documents/upload-sessions" };

/** Posts a file the way the upload screens do (multipart, field 'document'). */
export function upload(client: HttpClient, name: string, content: Uint8Array | Buffer, field = "document", url = ADMIN_UPLOADS.upload) {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(content)]), name);
  return client.request("POST", url, { body: form });
}

/**
 * Posts a file of `megabytes` MB as a stream with no Content-Length (chunked), so only the limit
 * applied while reading can refuse it. The content is `prefix` then filler bytes.
 */
export function uploadStreamed(client: HttpClient, url: string, file: { name: string; type: string; megabytes: number; prefix?: string }) {
  const boundary = "----vetsearch";
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="document"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n${file.prefix ?? ""}`);
  const megabyte = new Uint8Array(1024 * 1024).fill(66);
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(head);
      for (let i = 0; i < file.megabytes; i++) controller.enqueue(megabyte);
      controller.enqueue(Buffer.from(`\r\n--${boundary}--\r\n`));
      controller.close();
    },
  });
  return fetch(client.base + url, {
    method: "POST",
    headers: { Cookie: client.cookie, Origin: client.base, "Content-Type": `multipart/form-data; boundary=${boundary}` },
    body: stream,
    duplex: "half",
  } as RequestInit & { duplex: "half" });
}

/** What sendOnAgent got back, and whether its request went over a socket an earlier request had used. */
export type Reply = { status: number; body: string; reusedSocket: boolean };

/**
 * One request on `agent` (node:http, for tests that need a kept-alive socket of their own); settles when
 * the answer has arrived and the whole body has been sent.
 */
export function sendOnAgent(agent: http.Agent, client: HttpClient, method: string, pathname: string, body?: { type: string; bytes: Buffer }): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { Cookie: client.cookie, Origin: client.base };
    if (body) Object.assign(headers, { "Content-Type": body.type, "Content-Length": String(body.bytes.length) });
    const req = http.request(client.base + pathname, { method, agent, headers });
    const sent = new Promise((done) => req.on("finish", done));
    req.on("response", (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (d: string) => (text += d));
      res.on("end", () => void sent.then(() => resolve({ status: res.statusCode!, body: text, reusedSocket: req.reusedSocket })));
    });
    req.on("error", reject);
    req.end(body?.bytes);
  });
}

/** Uploads a file of tests/fixtures/documents under its own name. */
export function uploadFixture(client: HttpClient, name: string) {
  return upload(client, name, fs.readFileSync(path.join(FIXTURE_DOCUMENTS, name)));
}

export async function sessionOf(client: HttpClient, id: string, sessions = ADMIN_UPLOADS.sessions): Promise<SessionView> {
  const res = await client.get(`${sessions}/${id}`);
  expect(res.status).toBe(200);
  return (await res.json()) as SessionView;
}

/** Polls until the session has ended (or the timeout passes). */
export async function waitForSession(client: HttpClient, id: string, timeoutMs = 120_000, sessions = ADMIN_UPLOADS.sessions): Promise<SessionView> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const s = await sessionOf(client, id, sessions);
    if (s.status !== "processing") return s;
    if (Date.now() > deadline) throw new Error(`session ${id} still processing: ${JSON.stringify(s)}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}
