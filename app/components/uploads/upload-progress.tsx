import { useEffect, useRef } from "react";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { progressPercent, progressText } from "~/lib/documents-view";
import type { UploadSession } from "./use-upload-flow";

/** The progress of one upload (bar, step text, elapsed time) and the processing console: admin Documents tab and library page. */

export function ProgressPanel({ session, elapsed }: { session: UploadSession | null; elapsed: string }) {
  const view = session ?? { currentStep: null, totalChunks: null, chunksCreated: 0 };
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
