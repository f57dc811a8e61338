import { requireApiAdmin } from "~/lib/auth/index.server";
import { jsonError, jsonOk } from "~/lib/http.server";
import { getUploadSession } from "~/lib/ingest/index.server";
import type { Route } from "./+types/api.admin.upload-sessions.$id";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireApiAdmin(request);
  const session = getUploadSession(params.id, { library: "shared" });
  return session ? jsonOk(session) : jsonError(404, "Upload session not found");
}
