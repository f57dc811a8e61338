import { z } from "zod";
import { requireApiUser } from "~/lib/auth/index.server";
import { getUserSettings } from "~/lib/chat/index.server";
import { jsonError, jsonOk, methodNotAllowed, readJson } from "~/lib/http.server";
import { clampCount, isPubMedError, searchPubMed, toResultItem, type PubMedErrorCode } from "~/lib/pubmed/index.server";
import type { Route } from "./+types/api.pubmed.search";

const searchSchema = z.object({
  keywords: z.string({ error: "keywords must be text" }).nullish(),
  numResults: z.number({ error: "numResults must be a number" }).finite("numResults must be a finite number").nullish(),
});

const STATUS: Record<PubMedErrorCode, number> = { unreachable: 502, "bad-response": 502, timeout: 504, "rate-limited": 503, busy: 503 };

/**
 * POST {keywords, numResults?}: PubMed articles for the keywords, the caller's priority journals first.
 * numResults defaults to 10 and is clamped to 1-50; keywords longer than 2,000 characters are cut to a
 * safe query. Answers {results: [{Title, Authors, Journal, 'Publication Date', PMID, Abstract, …}]}.
 * NCBI unreachable or answering nonsense: 502; too slow (the wait for a turn included): 504; still
 * rate-limited after retries, or too many searches already waiting: 503 with Retry-After.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireApiUser(request);
  const { keywords, numResults } = await readJson(request, searchSchema);
  if (!keywords?.trim()) return jsonError(400, "Keywords are required");
  try {
    const { articles, query } = await searchPubMed({
      keywords,
      count: clampCount(numResults ?? undefined),
      priorityJournals: getUserSettings(user.id).pubmedPriorityJournals,
      userId: user.id,
      signal: request.signal,
    });
    return jsonOk({ results: articles.map(toResultItem), query });
  } catch (error) {
    if (!isPubMedError(error)) throw error;
    console.warn(`[pubmed] search failed (${error.code}): ${error.message}`);
    const response = jsonError(STATUS[error.code], error.message, { code: error.code });
    if (error.code === "rate-limited" || error.code === "busy") response.headers.set("Retry-After", "5");
    return response;
  }
}

export async function loader() {
  return methodNotAllowed(["POST"]);
}
