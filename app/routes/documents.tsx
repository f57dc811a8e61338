import { data } from "react-router";
import { LibraryScreen } from "~/components/library/library-screen";
import { isAdmin, requirePageUser } from "~/lib/auth/index.server";
import { PRODUCT_NAME } from "~/lib/brand";
import { readJson } from "~/lib/http.server";
import { validateDetails, type EditDetailsReply } from "~/lib/ingest";
import { DETAILS_BODY_MAX, editRequestSchema, libraryQuota, listOwnDocuments, updateDocumentDetails } from "~/lib/ingest/index.server";
import type { Route } from "./+types/documents";

export function meta() {
  return [{ title: `Document Library · ${PRODUCT_NAME}` }];
}

/** Approved users only (pending ones go to the beta page): their own library, as GET /api/documents lists it. */
export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requirePageUser({ request, url });
  return { quota: libraryQuota(), documents: listOwnDocuments(user.id) };
}

/**
 * The Edit details form's action (JSON {id, title, authors, year}), for this page and the admin's documents
 * tab: the owner edits their private documents, an admin the shared ones. Others: 404 for another user's
 * document, 403 for a shared one; 422 with the reason for a bad field, nothing changed.
 */
export async function action({ request, url }: Route.ActionArgs) {
  const user = await requirePageUser({ request, url });
  const reply = (status: number, body: EditDetailsReply) => data(body, { status });
  let body: { id: string };
  try {
    body = await readJson(request, editRequestSchema, DETAILS_BODY_MAX);
  } catch (refusal) {
    if (!(refusal instanceof Response)) throw refusal;
    const { message } = (await refusal.json()) as { message: string };
    return reply(refusal.status, { ok: false, error: message });
  }
  const checked = validateDetails(body);
  if (!checked.ok) return reply(422, { ok: false, field: checked.field, error: checked.message });
  const result = updateDocumentDetails(body.id, { library: "either", userId: user.id, admin: isAdmin(user) }, checked.details);
  if (result.ok) return reply(200, { ok: true, title: result.document.title });
  if (result.reason === "forbidden") return reply(403, { ok: false, error: "Only an admin can edit documents of the shared knowledge base" });
  if (result.reason === "processing") return reply(409, { ok: false, error: "The document is still processing: edit it once it is ready" });
  return reply(404, { ok: false, error: "Document not found" });
}

export default function Documents({ loaderData }: Route.ComponentProps) {
  return <LibraryScreen quota={loaderData.quota} documents={loaderData.documents} />;
}
