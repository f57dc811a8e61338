import { Tooltip } from "radix-ui";
import { SUGGESTION_LABEL_MAX, suggestionLabel } from "~/lib/chat-view";

/**
 * Up to three suggested questions; long ones are cut at 50 characters, the full text in a tooltip. A cut
 * chip's name is still the whole question and starts with the words it shows (the cut-off rest is there for
 * screen readers only, the '...' for eyes only), so speech input can say what it sees.
 */
export function Suggestions({ suggestions, onPick }: { suggestions: readonly string[]; onPick: (question: string) => void }) {
  if (suggestions.length === 0) return null;
  return (
    <ul className="flex min-w-0 flex-wrap gap-2" aria-label="Suggested questions" data-testid="suggestions">
      {suggestions.map((s) => {
        const label = suggestionLabel(s);
        const button = (
          <button
            type="button"
            onClick={() => onPick(s)}
            className="rounded-full border border-slate-300 bg-white px-3 py-1 text-left text-xs text-slate-700 hover:border-brand-600 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            {label === s ? (
              s
            ) : (
              <>
                {s.slice(0, SUGGESTION_LABEL_MAX)}
                <span aria-hidden="true">{label.slice(SUGGESTION_LABEL_MAX)}</span>
                {/* Hidden by a zero font size, not sr-only: an absolutely placed span would be read as a
                    separate word ("c attle"), this one continues the word the chip cuts. */}
                <span className="text-[0px]">{s.slice(SUGGESTION_LABEL_MAX)}</span>
              </>
            )}
          </button>
        );
        return (
          <li key={s}>
            {label === s ? (
              button
            ) : (
              <Tooltip.Root>
                <Tooltip.Trigger asChild>{button}</Tooltip.Trigger>
                <Tooltip.Portal>
                  <Tooltip.Content sideOffset={4} className="z-50 max-w-xs rounded bg-slate-900 px-2 py-1 text-xs text-white shadow">
                    {s}
                    <Tooltip.Arrow className="fill-slate-900" />
                  </Tooltip.Content>
                </Tooltip.Portal>
              </Tooltip.Root>
            )}
          </li>
        );
      })}
    </ul>
  );
}
