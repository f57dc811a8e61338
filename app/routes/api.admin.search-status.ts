import { getAnswererStatus } from "~/lib/answer/index.server";
import { requireApiAdmin } from "~/lib/auth/index.server";
import { getDb } from "~/lib/db/index.server";
import { getRetrievalMode } from "~/lib/embeddings/index.server";
import { jsonOk } from "~/lib/http.server";
import { getIndexStats } from "~/lib/search/index.server";
import type { Route } from "./+types/api.admin.search-status";

/** Which retrieval mode (hybrid or lexical-only) and which answerer (Ollama or extractive) are active, and why. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireApiAdmin(request);
  const [mode, answerer, stats] = await Promise.all([getRetrievalMode(), getAnswererStatus(), Promise.resolve(getIndexStats(getDb()))]);
  return jsonOk({ ...mode, ...stats, answering: answerer });
}
