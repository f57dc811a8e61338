import { getAnswererStatus } from "~/lib/answer/index.server";
import { requireApiAdmin } from "~/lib/auth/index.server";
import { getDb } from "~/lib/db/index.server";
import { getRetrievalMode } from "~/lib/embeddings/index.server";
import { jsonOk } from "~/lib/http.server";
import { ingestQueue } from "~/lib/ingest/index.server";
import { getIndexStats, vectorCoverage, type SearchStatus } from "~/lib/search/index.server";
import type { Route } from "./+types/api.admin.search-status";

/**
 * Which retrieval mode (hybrid or lexical-only) and which answerer (Ollama or extractive) are active, and
 * why; with a model, how many chunks still lack its vectors and what the background embedding is doing.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireApiAdmin(request);
  const [mode, answerer] = await Promise.all([getRetrievalMode(), getAnswererStatus()]);
  const db = getDb();
  const status: SearchStatus = {
    ...mode,
    ...getIndexStats(db),
    coverage: mode.embedder ? vectorCoverage(db.$client, mode.embedder) : null,
    backfill: ingestQueue().backfillProgress(),
  };
  return jsonOk({ ...status, answering: answerer });
}
