import { useEffect, useRef } from "react";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { progressPercent, progressText, type ActiveUpload } from "~/lib/documents-view";
import type { FileOutcome, UploadSession } from "./use-upload-flow";

/**
 * The progress of one upload (bar, step text, elapsed time), the processing console, each file's
 * outcome, and a document row's upload state with Cancel or Retry: admin Documents tab and library page.
 */

export function ProgressPanel({ session, elapsed }: { session: UploadSession | null; elapsed: string }) {
  const view = session ?? { currentStep: null, totalChunks: null, chunksCreated: 0, progress: 0 };
  const percent = progressPercent(view);
  return (
    <Card className="p-6" data-testid="upload-progress">
      <div className="flex items-center justify-between text-sm">
        <span className="font-medium">{session?.filename ?? "Uploading..."}</span>
        <span className="tabular-nums text-slate-600" aria-label="Elapsed time">
          {elapsed}
        </span>
      </div>
      <div className="mt-3 h-2 w-full overflow-hidden rounded bg-slate-200" role="progressbar" aria-valuenow={percent} aria-valuemin={0} aria-valuemax={100}>
        <div className="h-full bg-brand-600 transition-all" style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-2 text-sm text-slate-600">
        {progressText(view)} ({percent}%)
      </p>
    </Card>
  );
}

export function ProcessingConsole(props: { lines: string[]; busy: boolean; canCancel: boolean; onClear: () => void; onCancel: () => void }) {
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Braces matter: newer browsers return a promise from scrollIntoView, and an effect may only return a cleanup.
    end.current?.scrollIntoView({ block: "nearest" });
  }, [props.lines]);
  return (
    <Card className="overflow-hidden">
      <div className="flex items-center justify-between border-b border-slate-200 px-4 py-2">
        <h2 className="text-sm font-semibold">Processing console</h2>
        <div className="flex gap-2">
          {props.busy ? (
            <Button variant="destructive" className="px-3 py-1" onClick={props.onCancel} disabled={!props.canCancel}>
              Cancel Upload
            </Button>
          ) : null}
          <Button variant="ghost" className="px-3 py-1" onClick={props.onClear}>
            Clear
          </Button>
        </div>
      </div>
      <div className="h-56 overflow-y-auto bg-black p-3 font-mono text-xs text-green-300" data-testid="processing-console">
        {props.lines.map((line, i) => (
          <div key={i} className="whitespace-pre-wrap">
            {line}
          </div>
        ))}
        <div ref={end} />
      </div>
    </Card>
  );
}

const OUTCOME_STYLE: Record<FileOutcome["outcome"], string> = {
  completed: "text-emerald-800",
  skipped: "text-slate-700",
  cancelled: "text-slate-700",
  failed: "text-red-700",
  refused: "text-red-700",
};

/** What became of each file of the last upload (a folder's included): completed, skipped as a duplicate, failed, ... */
export function UploadResults({ results }: { results: FileOutcome[] }) {
  if (!results.length) return null;
  return (
    <Card className="p-6">
      <h2 className="text-sm font-semibold">Upload results</h2>
      <ul className="mt-2 space-y-1 text-sm" data-testid="upload-results">
        {results.map((r, i) => (
          <li key={i} className={OUTCOME_STYLE[r.outcome]}>
            <span className="font-medium">{r.file}</span>: {r.message}
          </li>
        ))}
      </ul>
    </Card>
  );
}

/**
 * A document's upload state in its row: while processing, its stored percent (or "Queued") and Cancel;
 * once failed, the reason and Retry. The server decides who may do either.
 */
export function UploadRowState(props: {
  doc: { title: string; processingStatus: string; error: string | null; upload: ActiveUpload | null };
  onCancel: (upload: ActiveUpload) => void;
  onRetry: () => void;
}) {
  const { doc } = props;
  if (doc.processingStatus === "processing") {
    const upload = doc.upload;
    const percent = upload?.progress ?? 0;
    return (
      <div className="mt-1 flex items-center gap-2" data-testid="row-upload">
        <div className="h-1.5 w-32 overflow-hidden rounded bg-slate-200" role="progressbar" aria-label={`Progress of ${doc.title}`} aria-valuenow={percent} aria-valuemin={0} aria-valuemax={100}>
          <div className="h-full bg-brand-600" style={{ width: `${percent}%` }} />
        </div>
        <span className="text-xs text-slate-600">{upload?.queued ? "Queued" : `${percent}%`}</span>
        {upload ? (
          <Button variant="secondary" className="px-2 py-0.5 text-xs" onClick={() => props.onCancel(upload)} aria-label={`Cancel ${doc.title}`}>
            Cancel
          </Button>
        ) : null}
      </div>
    );
  }
  if (doc.processingStatus === "failed") {
    return (
      <div className="mt-1 flex items-start gap-2">
        <p className="text-xs text-red-700" data-testid="document-error">
          Failed: {doc.error ?? "Document processing failed"}
        </p>
        <Button variant="secondary" className="shrink-0 px-2 py-0.5 text-xs" onClick={props.onRetry} aria-label={`Retry ${doc.title}`}>
          Retry
        </Button>
      </div>
    );
  }
  return null;
}
