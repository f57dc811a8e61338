import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import type { PageBlock } from "~/lib/viewer";
import type { Segment } from "~/lib/viewer/match";
import { PdfPage, showQuote, ZOOM_STEPS, type Zoom } from "./pdf-page";

export type ViewerData = {
  id: string;
  title: string;
  filename: string;
  fileType: string;
  page: number;
  pageCount: number | null;
  pageLabel: string | null;
  quotes: string[];
  fileUrl: string;
  blocks: PageBlock[] | null;
};

const small = buttonClasses("secondary", "px-2.5 py-1");

/**
 * The viewer: the document's title, the page (physical number, printed label beside it), page and zoom
 * controls that also answer the keyboard (← → for pages, + − 0 for zoom), back and download; under them
 * the PDF page drawn from the stored file, or the extracted page as text and tables. The quoted sentences
 * are <mark>ed either way and scrolled into view.
 */
export function DocumentViewer({ view }: { view: ViewerData }) {
  const navigate = useNavigate();
  const [, setSearchParams] = useSearchParams();
  const [zoom, setZoom] = useState<Zoom>("fit");
  const [status, setStatus] = useState<string | null>(null);
  const isPdf = view.fileType === "pdf";
  const last = view.pageCount ?? null;

  const goTo = useCallback(
    (n: number) => {
      if (n < 1 || (last !== null && n > last) || n === view.page) return;
      // Replace, not push: Back from the viewer returns to where the source was opened.
      setSearchParams(
        (prev) => {
          prev.set("page", String(n));
          return prev;
        },
        { replace: true, preventScrollReset: true },
      );
    },
    [last, view.page, setSearchParams],
  );

  const zoomBy = useCallback((dir: 1 | -1, current: number) => {
    setZoom(() => {
      const next = dir > 0 ? ZOOM_STEPS.find((z) => z > current + 0.01) : [...ZOOM_STEPS].reverse().find((z) => z < current - 0.01);
      return next ?? (dir > 0 ? ZOOM_STEPS.at(-1)! : ZOOM_STEPS[0]!);
    });
  }, []);
  const scaleRef = useRef(1);

  const back = useCallback(() => {
    // Opened from the chat in this tab: go back to it; opened in a tab of its own: to the chat.
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate("/app");
  }, [navigate]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey || e.defaultPrevented) return;
      const target = e.target as HTMLElement | null;
      if (target?.closest("input, textarea, select, [contenteditable=true]")) return;
      if (e.key === "ArrowRight") goTo(view.page + 1);
      else if (e.key === "ArrowLeft") goTo(view.page - 1);
      else if (e.key === "Escape") back();
      else if (isPdf && (e.key === "+" || e.key === "=")) zoomBy(1, scaleRef.current);
      else if (isPdf && e.key === "-") zoomBy(-1, scaleRef.current);
      else if (isPdf && e.key === "0") setZoom("fit");
      else return;
      e.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [goTo, zoomBy, back, isPdf, view.page]);

  const onPageInput = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const value = Number(new FormData(e.currentTarget).get("page"));
    if (Number.isInteger(value)) goTo(value);
  };

  return (
    <div className="flex min-h-screen flex-col bg-slate-100">
      <header className="sticky top-0 z-10 border-b border-slate-200 bg-white px-3 py-2 shadow-sm">
        <div className="flex flex-wrap items-center gap-2">
          <button type="button" className={small} onClick={back} aria-keyshortcuts="Escape">
            ← Back
          </button>
          <div className="min-w-0 flex-1">
            <h1 className="truncate text-base font-semibold" title={view.title}>
              {view.title}
            </h1>
            <p className="truncate text-xs text-slate-600">{view.filename}</p>
          </div>
          <a className={small} href={view.fileUrl} download={view.filename}>
            Download
          </a>
        </div>
        <nav aria-label="Pages" className="mt-2 flex flex-wrap items-center gap-2 text-sm">
          <button type="button" className={small} onClick={() => goTo(view.page - 1)} disabled={view.page <= 1} aria-keyshortcuts="ArrowLeft">
            ‹ Previous
          </button>
          <form key={view.page} onSubmit={onPageInput} className="flex items-center gap-1">
            <label htmlFor="viewer-page">Page</label>
            <input
              id="viewer-page"
              name="page"
              type="number"
              inputMode="numeric"
              min={1}
              max={last ?? undefined}
              defaultValue={view.page}
              className="w-16 rounded border border-slate-300 px-1.5 py-0.5"
            />
            {last !== null ? <span>of {last}</span> : null}
          </form>
          <span data-testid="viewer-page" className="text-slate-700">
            {view.pageLabel ? (
              <>
                Page {view.page} · printed page <strong data-testid="printed-page">{view.pageLabel}</strong>
              </>
            ) : (
              <>Page {view.page}</>
            )}
          </span>
          <button
            type="button"
            className={small}
            onClick={() => goTo(view.page + 1)}
            disabled={last !== null && view.page >= last}
            aria-keyshortcuts="ArrowRight"
          >
            Next ›
          </button>
          {isPdf ? (
            <span className="ml-auto flex items-center gap-1" role="group" aria-label="Zoom">
              <button type="button" className={small} onClick={() => zoomBy(-1, scaleRef.current)} aria-label="Zoom out" aria-keyshortcuts="-">
                −
              </button>
              <button type="button" className={small} onClick={() => zoomBy(1, scaleRef.current)} aria-label="Zoom in" aria-keyshortcuts="+">
                +
              </button>
              <button type="button" className={small} onClick={() => setZoom("fit")} aria-pressed={zoom === "fit"} aria-keyshortcuts="0">
                Fit width
              </button>
            </span>
          ) : null}
        </nav>
        <p className="sr-only" role="status">
          {status}
        </p>
      </header>
      <main className="flex-1 overflow-auto p-3">
        {isPdf ? (
          <PdfPage
            fileUrl={view.fileUrl}
            page={view.page}
            quotes={view.quotes}
            zoom={zoom}
            onScale={(s) => (scaleRef.current = s)}
            onStatus={setStatus}
          />
        ) : (
          <TextPage blocks={view.blocks ?? []} page={view.page} />
        )}
      </main>
      <footer className="border-t border-slate-200 bg-white px-3 py-1 text-xs text-slate-500">
        <Link to="/app">Chat</Link> · Keys: ← → pages{isPdf ? ", + − zoom, 0 fit width" : ""}, Esc back
      </footer>
    </div>
  );
}

function Marked({ segments }: { segments: Segment[] }) {
  return (
    <>
      {segments.map((s, i) =>
        s.marked ? (
          <mark key={i} className="rounded-sm bg-amber-200 text-slate-900 focus:outline-2 focus:outline-offset-2 focus:outline-brand-600">
            {s.text}
          </mark>
        ) : (
          s.text
        ),
      )}
    </>
  );
}

/** An extracted page: headings, paragraphs and tables as text (React escapes it), the quotes marked. */
function TextPage({ blocks, page }: { blocks: PageBlock[]; page: number }) {
  const ref = useRef<HTMLElement>(null);
  const quoteShown = useRef(false);
  useEffect(() => {
    const mark = ref.current?.querySelector("mark");
    if (mark) showQuote(mark, quoteShown);
  }, [page, blocks]);
  if (!blocks.length) return <p className="mx-auto max-w-3xl p-6 text-slate-600">This page has no indexed text.</p>;
  return (
    <article ref={ref} data-testid="viewer-text" className="mx-auto max-w-3xl space-y-3 rounded-md bg-white p-6 leading-relaxed shadow">
      {blocks.map((b, i) =>
        b.kind === "heading" ? (
          <h2 key={i} className="pt-2 text-lg font-semibold">
            {b.text}
          </h2>
        ) : b.kind === "paragraph" ? (
          <p key={i} className="whitespace-pre-wrap">
            <Marked segments={b.segments} />
          </p>
        ) : (
          <div key={i} className="overflow-x-auto">
            <table className="min-w-full border-collapse text-sm">
              {b.header ? (
                <thead>
                  <tr>
                    {b.header.map((h, j) =>
                      // An untitled corner (above row labels) is no column header.
                      h ? (
                        <th key={j} scope="col" className="border border-slate-300 bg-slate-50 px-2 py-1 text-left font-semibold">
                          {h}
                        </th>
                      ) : (
                        <td key={j} className="border border-slate-300 bg-slate-50" />
                      ),
                    )}
                  </tr>
                </thead>
              ) : null}
              <tbody>
                {b.rows.map((row, r) => (
                  <tr key={r}>
                    {row.map((cell, c) => (
                      <td key={c} className="border border-slate-300 px-2 py-1 align-top">
                        <Marked segments={cell} />
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ),
      )}
    </article>
  );
}
