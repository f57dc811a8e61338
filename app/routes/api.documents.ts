import { requireApiUser } from "~/lib/auth/index.server";
import { jsonOk } from "~/lib/http.server";
import { listVisibleDocuments } from "~/lib/ingest/index.server";
import type { Route } from "./+types/api.documents";

/** What the signed-in user can search: the shared knowledge base and their own private documents. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireApiUser(request);
  return jsonOk(listVisibleDocuments(user.id));
}
