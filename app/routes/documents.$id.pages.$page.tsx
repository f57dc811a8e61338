import { useEffect } from "react";
import { Link, data } from "react-router";
import { requirePageUser } from "~/lib/auth/index.server";
import { PRODUCT_NAME } from "~/lib/brand";
import { chunksOfPage, getVisibleDocument, printedPageLabel } from "~/lib/ingest/index.server";
import type { Route } from "./+types/documents.$id.pages.$page";

export function meta({ data: d }: Route.MetaArgs) {
  return [{ title: d ? `${d.title}, page ${d.pageLabel ?? d.page} · ${PRODUCT_NAME}` : PRODUCT_NAME }];
}

/**
 * A cited page of a document that has no page viewer of its own (DOCX, TXT, XLSX, …): the text of
 * the page's passages, the cited one highlighted and scrolled to. Only documents the user may see.
 */
export async function loader({ request, params, url }: Route.LoaderArgs) {
  const user = await requirePageUser({ request, url });
  const doc = getVisibleDocument(user.id, params.id);
  const page = Number(params.page);
  if (!doc || !Number.isInteger(page) || page < 1 || (doc.pages !== null && page > doc.pages)) {
    throw data("Page Not Found", { status: 404 });
  }
  const chunkParam = Number(url.searchParams.get("chunk"));
  const passages = chunksOfPage(doc.id, page);
  return {
    id: doc.id,
    title: doc.title,
    filename: doc.filename,
    fileType: doc.fileType,
    page,
    pageCount: doc.pages,
    pageLabel: printedPageLabel(passages, page),
    highlight: Number.isInteger(chunkParam) ? chunkParam : null,
    passages: passages.map((p) => ({ id: p.id, heading: p.heading, text: p.text })),
  };
}

export default function DocumentPage({ loaderData: d }: Route.ComponentProps) {
  useEffect(() => {
    document.getElementById(`passage-${d.highlight}`)?.scrollIntoView({ block: "center" });
  }, [d.highlight]);
  const pageHref = (n: number) => `/documents/${encodeURIComponent(d.id)}/pages/${n}`;
  return (
    <main className="mx-auto max-w-3xl px-4 py-8">
      <p className="text-sm text-slate-500">{d.filename}</p>
      <h1 className="text-2xl font-bold">{d.title}</h1>
      <div className="mt-2 flex items-center gap-4 text-sm text-slate-600">
        <span data-testid="page-number">
          Page {d.page}
          {d.pageLabel ? ` (printed page ${d.pageLabel})` : ""}
          {d.pageCount ? ` of ${d.pageCount}` : ""}
        </span>
        {d.page > 1 ? <Link to={pageHref(d.page - 1)}>Previous page</Link> : null}
        {d.pageCount === null || d.page < d.pageCount ? <Link to={pageHref(d.page + 1)}>Next page</Link> : null}
        <a href={`/api/documents/${encodeURIComponent(d.id)}/file`}>Download original</a>
      </div>
      {d.passages.length === 0 ? <p className="mt-8 text-slate-500">This page has no indexed text.</p> : null}
      <div className="mt-6 space-y-4">
        {d.passages.map((p) => (
          <section
            key={p.id}
            id={`passage-${p.id}`}
            data-testid={p.id === d.highlight ? "cited-passage" : undefined}
            className={p.id === d.highlight ? "rounded-md border-l-4 border-amber-500 bg-amber-50 p-4" : "p-4"}
          >
            {p.heading ? <h2 className="mb-2 text-sm font-semibold text-slate-600">{p.heading}</h2> : null}
            <p className="whitespace-pre-wrap leading-relaxed">{p.id === d.highlight ? <mark className="bg-amber-100">{p.text}</mark> : p.text}</p>
          </section>
        ))}
      </div>
    </main>
  );
}
