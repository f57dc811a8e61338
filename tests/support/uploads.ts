import fs from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import { ROOT, type HttpClient } from "./server";

export const CORPUS_DOCS = path.resolve(ROOT, "../shared/corpora/documents");

export type SessionView = {
  id: string;
  status: "processing" | "completed" | "failed" | "cancelled";
  error: string | null;
  documentId: string | null;
  consoleOutput: string[];
  currentStep: string | null;
  totalChunks: number | null;
  chunksCreated: number;
};

/** Posts a file the way the admin screen does (multipart, field 'document'). */
export function upload(client: HttpClient, name: string, content: Uint8Array | Buffer, field = "document") {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(content)]), name);
  return client.request("POST", "/api/admin/documents/upload", { body: form });
}

export function uploadCorpusFile(client: HttpClient, name: string) {
  return upload(client, name, fs.readFileSync(path.join(CORPUS_DOCS, name)));
}

export async function sessionOf(client: HttpClient, id: string): Promise<SessionView> {
  const res = await client.get(`/api/admin/upload-sessions/${id}`);
  expect(res.status).toBe(200);
  return (await res.json()) as SessionView;
}

/** Polls until the session has ended (or the timeout passes). */
export async function waitForSession(client: HttpClient, id: string, timeoutMs = 120_000): Promise<SessionView> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const s = await sessionOf(client, id);
    if (s.status !== "processing") return s;
    if (Date.now() > deadline) throw new Error(`session ${id} still processing: ${JSON.stringify(s)}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}
