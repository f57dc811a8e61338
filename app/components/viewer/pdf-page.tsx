import { useEffect, useRef, useState } from "react";
import type { PDFDocumentProxy } from "pdfjs-dist";
import { findQuotes, joinItems, segmentsOf } from "~/lib/viewer/match";
import "./pdf-page.css";

export type Zoom = number | "fit";
export const ZOOM_STEPS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3] as const;

type Pdfjs = typeof import("pdfjs-dist");

/**
 * pdf.js, loaded only here (its own chunk, never in other screens' bundles), with its worker bundled by
 * Vite as a file of this app: nothing is fetched from elsewhere, so the viewer works offline.
 */
let pdfjs: Promise<{ lib: Pdfjs; worker: InstanceType<Pdfjs["PDFWorker"]> }> | null = null;
function loadPdfjs() {
  pdfjs ??= Promise.all([import("pdfjs-dist"), import("pdfjs-dist/build/pdf.worker.min.mjs?url")]).then(([lib, worker]) => {
    lib.GlobalWorkerOptions.workerSrc = worker.default;
    // One worker for every document of this tab, started now: its start is most of the wait for a first page.
    return { lib, worker: new lib.PDFWorker() };
  });
  return pdfjs;
}

// Fetched as soon as the viewer's code runs in the browser, while the page hydrates, not after.
if (typeof document !== "undefined") void loadPdfjs();

/** One page of the stored PDF: the canvas, the text layer over it, the quoted sentences <mark>ed on it. */
export function PdfPage({
  fileUrl,
  page,
  quotes,
  zoom,
  onScale,
  onStatus,
}: {
  fileUrl: string;
  page: number;
  quotes: readonly string[];
  zoom: Zoom;
  onScale: (scale: number) => void;
  onStatus: (message: string) => void;
}) {
  const frame = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const textLayer = useRef<HTMLDivElement>(null);
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [width, setWidth] = useState(0);
  const [rendered, setRendered] = useState<number | null>(null);
  const quoteShown = useRef(false);
  // The parent's callbacks, read when a page is drawn (a new function each render must not redraw it).
  const report = useRef({ onScale, onStatus });
  report.current = { onScale, onStatus };

  useEffect(() => {
    let cancelled = false;
    let opened: PDFDocumentProxy | null = null;
    setError(null);
    loadPdfjs()
      // No eval: the page's Content-Security-Policy forbids it, and fonts render without it. Byte ranges
      // only, no streaming of the whole file: the cited page of a 400-page book needs a small part of it.
      .then(({ lib, worker }) =>
        lib.getDocument({ url: fileUrl, worker, isEvalSupported: false, withCredentials: true, disableStream: true, disableAutoFetch: true }).promise,
      )
      .then((d) => {
        opened = d;
        if (cancelled) void d.destroy();
        else setDoc(d);
      })
      .catch((e: unknown) => {
        if (!cancelled) setError(e instanceof Error ? e.message : String(e));
      });
    return () => {
      cancelled = true;
      void opened?.destroy();
    };
  }, [fileUrl]);

  // Fit width follows the window.
  useEffect(() => {
    const el = frame.current;
    if (!el) return;
    const measure = () => setWidth(el.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (!doc || !width || !canvas.current || !textLayer.current) return;
    let cancelled = false;
    const tasks: Array<{ cancel: () => void }> = [];
    const canvasEl = canvas.current;
    const layerEl = textLayer.current;
    (async () => {
      const { lib } = await loadPdfjs();
      const pdfPage = await doc.getPage(Math.min(page, doc.numPages));
      if (cancelled) return;
      const natural = pdfPage.getViewport({ scale: 1 });
      const scale = zoom === "fit" ? Math.max(0.25, (width - 2) / natural.width) : zoom;
      report.current.onScale(scale);
      const viewport = pdfPage.getViewport({ scale });
      const ratio = window.devicePixelRatio || 1;
      canvasEl.width = Math.floor(viewport.width * ratio);
      canvasEl.height = Math.floor(viewport.height * ratio);
      canvasEl.style.width = `${Math.floor(viewport.width)}px`;
      canvasEl.style.height = `${Math.floor(viewport.height)}px`;
      const drawing = pdfPage.render({ canvas: canvasEl, viewport, transform: ratio !== 1 ? [ratio, 0, 0, ratio, 0, 0] : undefined });
      tasks.push(drawing);
      // The text layer is laid while the canvas draws: the highlight shows without waiting for the picture.
      layerEl.replaceChildren();
      layerEl.style.setProperty("--scale-factor", String(scale));
      const layer = new lib.TextLayer({ textContentSource: pdfPage.streamTextContent(), container: layerEl, viewport });
      tasks.push(layer);
      await layer.render();
      if (cancelled) return;
      const marks = markQuotes(layer.textDivs, layer.textContentItemsStr, quotes);
      if (marks[0]) showQuote(marks[0], quoteShown);
      setRendered(page);
      report.current.onStatus(
        quotes.length
          ? marks.length
            ? `Page ${page}: the quoted text is highlighted.`
            : `Page ${page}: the quoted text was not found on this page's text.`
          : `Page ${page}`,
      );
      await drawing.promise.catch(() => {});
    })().catch((e: unknown) => {
      if (!cancelled && !(e instanceof Error && e.name === "RenderingCancelledException")) setError(e instanceof Error ? e.message : String(e));
    });
    return () => {
      cancelled = true;
      for (const t of tasks) t.cancel();
    };
  }, [doc, page, zoom, width, quotes]);

  return (
    <div ref={frame} className="w-full">
      {error ? (
        <p role="alert" className="mx-auto max-w-xl rounded-md bg-red-50 p-4 text-red-800">
          The PDF could not be shown ({error}). Use Download to open the original.
        </p>
      ) : null}
      {!doc && !error ? <p className="p-4 text-center text-slate-600">Loading the document…</p> : null}
      <div className="overflow-auto">
        <div className="pdf-page mx-auto" data-testid="pdf-page" data-rendered-page={rendered ?? undefined}>
          <canvas ref={canvas} aria-hidden="true" />
          <div ref={textLayer} className="textLayer" />
        </div>
      </div>
    </div>
  );
}

/**
 * Scrolls the first highlight into view and, the first time the viewer shows it, moves keyboard focus
 * there, so a keyboard or screen-reader user starts at the quoted sentence; later redraws (zoom, pages)
 * leave focus where the user put it.
 */
export function showQuote(mark: HTMLElement, shown: { current: boolean }) {
  mark.scrollIntoView({ block: "center" });
  if (shown.current) return;
  shown.current = true;
  mark.tabIndex = -1;
  mark.focus({ preventScroll: true });
}

/** Wraps the parts of the text layer's spans that hold the quoted sentences in <mark> elements, in order. */
function markQuotes(divs: readonly HTMLElement[], items: readonly string[], quotes: readonly string[]): HTMLElement[] {
  if (!quotes.length) return [];
  const { text, offsets } = joinItems(items);
  const ranges = findQuotes(text, quotes);
  const marks: HTMLElement[] = [];
  if (!ranges.length) return marks;
  items.forEach((item, i) => {
    const div = divs[i];
    const from = offsets[i]!;
    const segments = segmentsOf(text, from, from + item.length, ranges);
    if (!div || !segments.some((s) => s.marked)) return;
    div.replaceChildren(
      ...segments.map((s) => {
        if (!s.marked) return document.createTextNode(s.text);
        const mark = document.createElement("mark");
        mark.textContent = s.text;
        marks.push(mark);
        return mark;
      }),
    );
  });
  return marks;
}
