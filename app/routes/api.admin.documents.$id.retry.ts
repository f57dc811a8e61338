import { requireApiAdmin, writeAuthLog } from "~/lib/auth/index.server";
import { methodNotAllowed, requestInfo } from "~/lib/http.server";
import { retryDocument, retryResponse } from "~/lib/ingest/index.server";
import type { Route } from "./+types/api.admin.documents.$id.retry";

/**
 * POST: processes a failed document of the shared knowledge base again from its stored file →
 * {outcome: 'queued', sessionId}; 409 when it is not failed or its file is gone; 404 when missing.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const admin = await requireApiAdmin(request);
  const result = retryDocument(params.id, null, admin.id);
  if (result.result === "queued") writeAuthLog(admin.id, "document_retry", requestInfo(request, context), { documentId: params.id, sessionId: result.sessionId });
  return retryResponse(result);
}

export async function loader() {
  return methodNotAllowed(["POST"]);
}
