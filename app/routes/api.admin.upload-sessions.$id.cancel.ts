import { requireApiAdmin } from "~/lib/auth/index.server";
import { jsonError, jsonOk, methodNotAllowed } from "~/lib/http.server";
import { cancelUploadSession, getUploadSession } from "~/lib/ingest/index.server";
import type { Route } from "./+types/api.admin.upload-sessions.$id.cancel";

export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  await requireApiAdmin(request);
  const result = cancelUploadSession(params.id, { library: "shared" });
  if (result.result === "not-found") return jsonError(404, "Upload session not found");
  // Too late: the session had already ended; the answer says how.
  if (result.result === "too-late") return jsonError(409, `This upload is no longer processing (${result.status})`, { status: result.status, session: getUploadSession(params.id, { library: "shared" }) });
  return jsonOk({ cancelled: true, session: getUploadSession(params.id, { library: "shared" }) });
}
