import { requireApiUser } from "~/lib/auth/index.server";
import { jsonError, jsonOk } from "~/lib/http.server";
import { listOwnDocuments, listVisibleDocuments } from "~/lib/ingest/index.server";
import type { Route } from "./+types/api.documents";

/**
 * GET: the caller's own private library, newest first, those still processing included — the
 * Document Library page's 'Your Documents' (spec §2, §7): id, title, filename, authors, year, pages, uploadedAt,
 * processingStatus. The shared knowledge base is not part of it (admins manage that under
 * /api/admin/documents). `?scope=searchable` lists instead what the caller's questions draw on:
 * the completed shared documents plus their own completed private ones — never anyone else's.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireApiUser(request);
  const scope = new URL(request.url).searchParams.get("scope") ?? "own";
  if (scope === "own") return jsonOk(listOwnDocuments(user.id));
  if (scope === "searchable") return jsonOk(listVisibleDocuments(user.id));
  return jsonError(400, "scope must be 'own' (the default) or 'searchable'");
}
