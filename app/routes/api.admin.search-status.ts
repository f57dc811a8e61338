import { readSearchStatus } from "~/lib/admin/index.server";
import { requireApiAdmin } from "~/lib/auth/index.server";
import { jsonOk } from "~/lib/http.server";
import type { Route } from "./+types/api.admin.search-status";

/**
 * Which retrieval mode (hybrid or lexical-only) and which answerer (Ollama or extractive) are active, and
 * why; with a model, how many chunks still lack its vectors and what the background embedding is doing.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireApiAdmin(request);
  return jsonOk(await readSearchStatus());
}
