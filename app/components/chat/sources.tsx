import type { Citation } from "~/lib/chat-client";
import { sourceLabel, uniqueCitations } from "~/lib/chat-view";

/** The Sources list under an answer: one button per cited page; a click opens the source in a new tab. */
export function Sources({ citations }: { citations: readonly Citation[] }) {
  const shown = uniqueCitations(citations);
  if (shown.length === 0) return null;
  return (
    <div className="mt-3 border-t border-slate-100 pt-2" data-testid="sources">
      <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">Sources</p>
      <ul className="mt-1 flex flex-wrap gap-1.5">
        {shown.map((c) => (
          <li key={c.url || `${c.documentId}#${c.physicalPage}`}>
            <button
              type="button"
              className="rounded border border-brand-100 bg-brand-50 px-2 py-0.5 text-left text-xs text-brand-800 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-600"
              title={`Open ${c.document}, page ${c.page}, in a new tab`}
              onClick={() => window.open(c.url, "_blank", "noopener,noreferrer")}
            >
              {sourceLabel(c)}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
