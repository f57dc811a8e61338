import fs from "node:fs";
import { answerQuestion, type AnswerDeps } from "../app/lib/answer/index.server";
import { temporaryDatabase } from "../app/lib/search/evaluation.server";
import { documents } from "../app/lib/db/index.server";
import { chunkPages } from "../app/lib/ingest/chunker";
import { indexDocument } from "../app/lib/search/index.server";
const V = "/work/shared/corpora/veterinary/";
const lines = fs.readFileSync(V + "vetbench_core_passages.txt", "utf8").split("\n").slice(0, 276);
const { db } = temporaryDatabase("q-");
db.insert(documents).values({ id: "vb", title: "VetBench", filename: "vb.pdf", storedPath: "x", fileType: "pdf", fileSize: 1, processingStatus: "completed" }).run();
indexDocument(db, { id: "vb", title: "VetBench", authors: [] }, chunkPages(lines.map((t, i) => ({ number: i + 1, blocks: [{ kind: "paragraph" as const, text: t }] }))));
const deps: AnswerDeps = { db, embedder: async () => null, chatModel: async () => null };
const history: any[] = [];
for (const q of process.argv.slice(2)) {
  const r = await answerQuestion({ question: q, history, viewerId: null, usePubmed: false, useThinkHarder: false }, deps);
  console.log("Q:", q, "\n reading:", r.reading, "\n", r.content.slice(0, 400).replace(/\n/g, " "), "\n pages:", r.citations.map((c) => c.page).join(","));
  history.push({ role: "user", content: q }, { role: "assistant", content: r.content });
}
