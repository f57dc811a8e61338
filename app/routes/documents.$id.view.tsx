import { data } from "react-router";
import { DocumentViewer } from "~/components/viewer/document-viewer";
import { requirePageUser } from "~/lib/auth/index.server";
import { PRODUCT_NAME } from "~/lib/brand";
import { chunksOfPage, getVisibleDocument, printedPageLabel } from "~/lib/ingest/index.server";
import { pageParam, quotesOf } from "~/lib/viewer";
import { pageBlocks } from "~/lib/viewer/index.server";
import type { Route } from "./+types/documents.$id.view";

export function meta({ data: d }: Route.MetaArgs) {
  return [{ title: d ? `${d.title}, page ${d.page}${d.pageLabel ? ` (printed ${d.pageLabel})` : ""} · ${PRODUCT_NAME}` : PRODUCT_NAME }];
}

/**
 * The in-app viewer of a cited page: `?page=N` is the physical page, each `?q=` a quoted sentence to
 * highlight there. The same access as the stored file (a shared document, or the caller's own private
 * one); anything else, a bad page included, is the 404 screen. A PDF is drawn in the browser from the
 * stored file; other formats show the page's extracted text, its quoted sentences marked here.
 */
export async function loader({ request, params, url }: Route.LoaderArgs) {
  const user = await requirePageUser({ request, url });
  const doc = getVisibleDocument(user.id, params.id);
  const page = pageParam(url.searchParams.get("page"));
  if (!doc || page === null || (doc.pages !== null && page > doc.pages)) throw data("Page Not Found", { status: 404 });
  const pageChunks = chunksOfPage(doc.id, page);
  // A document whose page count is unknown has the pages its chunks span, and its first.
  if (doc.pages === null && page > 1 && pageChunks.length === 0) throw data("Page Not Found", { status: 404 });
  const quotes = quotesOf(url.searchParams.getAll("q"));
  return {
    id: doc.id,
    title: doc.title,
    filename: doc.filename,
    fileType: doc.fileType,
    page,
    pageCount: doc.pages,
    pageLabel: printedPageLabel(pageChunks, page),
    quotes,
    fileUrl: `/api/documents/${encodeURIComponent(doc.id)}/file`,
    blocks: doc.fileType === "pdf" ? null : pageBlocks(pageChunks, page, quotes),
  };
}

export default function DocumentView({ loaderData }: Route.ComponentProps) {
  return <DocumentViewer view={loaderData} />;
}
