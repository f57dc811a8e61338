import fs from "node:fs";
import { chooseChatProvider, getAnswererStatus } from "../answer/index.server";
import { getConfig } from "../config.server";
import { getDb, type Db } from "../db/index.server";
import { getRetrievalMode } from "../embeddings/index.server";
import { getIndexStats, recentSearchTimes, SEARCH_WINDOW_MS } from "../search/index.server";
import type { SystemFigures } from "./index";

export type { SystemFigures } from "./index";

function fileBytes(file: string): number {
  try {
    return fs.statSync(file).size;
  } catch {
    return 0;
  }
}

export async function getSystemFigures(db: Db = getDb()): Promise<SystemFigures> {
  const config = getConfig();
  const [status, retrieval] = await Promise.all([getAnswererStatus(), getRetrievalMode()]);
  const choice = chooseChatProvider(config);
  const server = choice.provider === "ollama" ? choice.host : choice.provider === "openai" ? choice.baseURL : choice.provider === "local" ? "built-in" : null;
  const client = db.$client;
  const pages = client.prepare("SELECT coalesce(sum(pages), 0) FROM documents").pluck().get() as number;
  const documents = client.prepare("SELECT count(*) FROM documents").pluck().get() as number;
  const uploadQueue = client.prepare("SELECT count(*) FROM upload_sessions WHERE status = 'processing'").pluck().get() as number;
  const file = client.name;
  const times = recentSearchTimes();
  return {
    documents,
    pages,
    chunks: getIndexStats(db).chunks,
    databaseBytes: fileBytes(file) + fileBytes(`${file}-wal`),
    answering: {
      answerer: status.answerer,
      model: status.model,
      server,
      reachable: choice.provider === null ? null : status.answerer !== "extractive",
      reason: status.reason,
    },
    retrieval: { mode: retrieval.mode, embedder: retrieval.embedder },
    search: { ...times, windowMinutes: SEARCH_WINDOW_MS / 60_000 },
    uploadQueue,
  };
}
