import { useNavigate } from "react-router";
import type { Citation } from "~/lib/chat-client";
import { sourceHref, sourceLabel, uniqueCitations } from "~/lib/chat-view";

/** Narrow screens (the chat's one-column layout) open a source in the same tab; Back returns to the answer. */
const SAME_TAB = "(max-width: 767px)";

/**
 * The Sources list under an answer: one button per cited page. A click opens the page in the in-app viewer,
 * the quoted sentences highlighted: in a new tab on a desktop, in this tab on a phone. PubMed opens on PubMed.
 */
export function Sources({ citations }: { citations: readonly Citation[] }) {
  const navigate = useNavigate();
  const shown = uniqueCitations(citations);
  if (shown.length === 0) return null;
  const open = (c: Citation) => {
    const href = sourceHref(c);
    if (href.startsWith("/") && window.matchMedia(SAME_TAB).matches) navigate(href);
    else window.open(href, "_blank", "noopener,noreferrer");
  };
  return (
    <div className="mt-3 border-t border-slate-100 pt-2" data-testid="sources">
      <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">Sources</p>
      <ul className="mt-1 flex flex-wrap gap-1.5">
        {shown.map((c) => (
          <li key={c.url || `${c.documentId}#${c.physicalPage}`}>
            <button
              type="button"
              className="rounded border border-brand-100 bg-brand-50 px-2 py-0.5 text-left text-xs text-brand-800 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-600"
              title={`Open ${c.document}, page ${c.page}`}
              onClick={() => open(c)}
            >
              {sourceLabel(c)}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
