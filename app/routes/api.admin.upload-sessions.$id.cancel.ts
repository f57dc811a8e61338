import { requireApiAdmin } from "~/lib/auth/index.server";
import { jsonError, jsonOk, methodNotAllowed } from "~/lib/http.server";
import { cancelUploadSession, getUploadSession } from "~/lib/ingest/index.server";
import type { Route } from "./+types/api.admin.upload-sessions.$id.cancel";

export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  await requireApiAdmin(request);
  const result = cancelUploadSession(params.id, { library: "shared" });
  if (result === "not-found") return jsonError(404, "Upload session not found");
  if (result === "not-processing") return jsonError(409, "This upload is no longer processing");
  return jsonOk({ cancelled: true, session: getUploadSession(params.id, { library: "shared" }) });
}
