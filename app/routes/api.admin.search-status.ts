import { requireApiAdmin } from "~/lib/auth/index.server";
import { getDb } from "~/lib/db/index.server";
import { getRetrievalMode } from "~/lib/embeddings/index.server";
import { jsonOk } from "~/lib/http.server";
import { getIndexStats } from "~/lib/search/index.server";
import type { Route } from "./+types/api.admin.search-status";

/** Which retrieval mode is active (hybrid or lexical-only, and why) and how much is indexed. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireApiAdmin(request);
  const [mode, stats] = await Promise.all([getRetrievalMode(), Promise.resolve(getIndexStats(getDb()))]);
  return jsonOk({ ...mode, ...stats });
}
