import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { documents, openDatabase, users, type Db } from "../../app/lib/db/index.server";
import { chunkPages } from "../../app/lib/ingest/chunker";
import type { ParsedPage } from "../../app/lib/ingest/types";
import { indexDocument } from "../../app/lib/search/index.server";

/**
 * A real SQLite knowledge base in a temporary folder for unit tests of search and answering:
 * documents go through the real chunker and indexer. Call `cleanup()` in afterEach.
 */

export type DocSpec = {
  id: string;
  title: string;
  pages: ParsedPage[];
  ownerId?: string | null;
  status?: "processing" | "completed" | "failed";
  fileType?: string;
  authors?: string[];
};

export const page = (number: number, blocks: ParsedPage["blocks"], label?: string): ParsedPage => ({ number, label, blocks });
export const para = (text: string) => ({ kind: "paragraph" as const, text });
export const heading = (text: string, level = 1) => ({ kind: "heading" as const, text, level });

export function createKnowledgeBase(userIds: string[] = ["alice", "bob"]) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vetsearch-kb-"));
  const kb = createKnowledgeBaseIn(openDatabase(path.join(dir, "app.db")), userIds);
  return {
    ...kb,
    cleanup() {
      kb.db.$client.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The same, in a database the caller opened (e.g. the app's own, DATA_DIR's). */
export function createKnowledgeBaseIn(db: Db, userIds: string[] = []) {
  if (userIds.length) db.insert(users).values(userIds.map((id) => ({ id, email: `${id}@clinic.test` }))).run();
  return {
    db,
    add(spec: DocSpec) {
      const fileType = spec.fileType ?? "pdf";
      db.insert(documents)
        .values({
          id: spec.id,
          title: spec.title,
          filename: `${spec.id}.${fileType}`,
          storedPath: `files/${spec.id}.${fileType}`,
          fileType,
          fileSize: 1000,
          processingStatus: spec.status ?? "completed",
          ownerId: spec.ownerId ?? null,
        })
        .run();
      const chunks = chunkPages(spec.pages);
      db.transaction(() => indexDocument(db, { id: spec.id, title: spec.title, authors: spec.authors ?? [] }, chunks));
      return chunks;
    },
  };
}
