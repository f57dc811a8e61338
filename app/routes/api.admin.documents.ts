import { requireApiAdmin } from "~/lib/auth/index.server";
import { jsonOk } from "~/lib/http.server";
import { listSharedDocuments } from "~/lib/ingest/index.server";
import type { Route } from "./+types/api.admin.documents";

/** The shared knowledge base, newest first (the admin Documents tab sorts and filters on the client). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireApiAdmin(request);
  return jsonOk(listSharedDocuments());
}
