import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * Searches from the server run on the search thread with its own connection to DATA_DIR's database,
 * and give exactly what the same search gives in this thread.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vetsearch-thread-"));
process.env.DATA_DIR = dataDir;

const { closeDb, getDb } = await import("../db/index.server");
const { createKnowledgeBaseIn, heading, page, para } = await import("../../../tests/support/knowledge-base");
const { retrieveOffThread, retrieveSync, searchThreadRunning, stopSearchThread } = await import("./index.server");

beforeAll(() => {
  const kb = createKnowledgeBaseIn(getDb(), ["alice"]);
  kb.add({ id: "formulary", title: "Small Animal Formulary", pages: [page(12, [heading("Meloxicam"), para("The dose of meloxicam in cats is 0.1 mg/kg once daily.")], "245")] });
  kb.add({ id: "private", title: "Alice's notes", ownerId: "alice", pages: [page(1, [para("Meloxicam for Alice's cats: notes on the dose.")])] });
});
afterAll(async () => {
  await stopSearchThread();
  closeDb();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("the search thread", () => {
  it("answers like an in-thread search, with the same visibility rules", async () => {
    for (const viewerId of [null, "alice"]) {
      const off = await retrieveOffThread("meloxicam dose in cats", { k: 5, viewerId });
      expect(searchThreadRunning()).toBe(true);
      expect(off).toEqual(retrieveSync(getDb().$client, "meloxicam dose in cats", { k: 5, viewerId }));
      expect(off.passages.map((p) => p.documentId)).toEqual(viewerId ? expect.arrayContaining(["formulary", "private"]) : ["formulary"]);
      // The layout crosses the thread with the passage.
      expect(off.passages.find((p) => p.documentId === "formulary")?.layout?.pages).toEqual([{ offset: 0, page: 12, label: "245" }]);
    }
  });
});
