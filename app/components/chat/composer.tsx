import { Toggle } from "radix-ui";
import { forwardRef, type KeyboardEvent, type ReactNode } from "react";
import { cn } from "~/components/ui/cn";
import { MESSAGE_MAX_LENGTH, canSend, placeholderFor, type Banner, type Modes } from "~/lib/chat-view";
import { Close, Microscope, SendArrow, Sparkles, StopSquare } from "./chat-icons";

/**
 * The question box: Enter sends, Shift+Enter starts a new line; Send is disabled when the
 * text is blank or a question is on its way, when a Stop button takes its place.
 */
export const Composer = forwardRef<
  HTMLTextAreaElement,
  { value: string; onChange: (value: string) => void; onSend: () => void; onStop: () => void; pending: boolean; modes: Modes }
>(function Composer({ value, onChange, onSend, onStop, pending, modes }, ref) {
  const ready = canSend(value, pending);

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter while composing with an input method confirms the composition, not the question.
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      if (ready) onSend();
    }
  }

  return (
    <form
      className="flex items-end gap-2 rounded-xl border border-slate-300 bg-white p-2 shadow-sm focus-within:border-brand-600 focus-within:ring-2 focus-within:ring-brand-100"
      onSubmit={(event) => {
        event.preventDefault();
        if (ready) onSend();
      }}
    >
      <label htmlFor="chat-input" className="sr-only">
        Your question
      </label>
      <textarea
        ref={ref}
        id="chat-input"
        data-testid="chat-input"
        rows={2}
        value={value}
        maxLength={MESSAGE_MAX_LENGTH}
        // Read-only rather than disabled while sending, so focus stays in the box.
        readOnly={pending}
        aria-busy={pending}
        placeholder={placeholderFor(modes)}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
        className="max-h-48 min-h-[2.75rem] flex-1 resize-none border-0 bg-transparent px-2 py-1.5 text-sm focus:outline-none read-only:text-slate-500 [field-sizing:content]"
      />
      {pending ? (
        // Keyed apart from Send: the click that stops must not land on a reused node that became a
        // submit button (the answer ends in a microtask, before the click's default action runs).
        <button
          key="stop"
          type="button"
          onClick={(event) => {
            event.preventDefault();
            // Stop takes Send's place at once, so the second click of a double-clicked Send lands
            // here: a click that is part of a multi-click is not a request to stop.
            if (event.detail > 1) return;
            onStop();
          }}
          className="inline-flex h-10 items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
          aria-label="Stop the answer"
        >
          <StopSquare />
          Stop
        </button>
      ) : (
        <button
          key="send"
          type="submit"
          disabled={!ready}
          aria-label="Send message"
          className="inline-flex h-10 w-10 items-center justify-center rounded-lg bg-brand-600 text-lg text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-40"
        >
          <SendArrow />
        </button>
      )}
    </form>
  );
});

function ModeToggle({ pressed, onChange, icon, label }: { pressed: boolean; onChange: (on: boolean) => void; icon: ReactNode; label: string }) {
  return (
    <Toggle.Root
      pressed={pressed}
      onPressedChange={onChange}
      className={cn(
        "inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-xs font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600",
        pressed ? "border-brand-600 bg-brand-600 text-white" : "border-slate-300 bg-white text-slate-700 hover:bg-slate-100",
      )}
    >
      {icon}
      {label}
    </Toggle.Root>
  );
}

const BANNERS: Record<Banner, { title: string; text: string }> = {
  thinkHarder: {
    title: "Think Harder mode",
    text: "Runs several searches across the knowledge base and builds a comprehensive, cited analysis. Answers take longer.",
  },
  pubmed: {
    title: "PubMed mode",
    text: "Also searches PubMed medical literature, favouring your priority journals (Settings), and cites the articles it uses.",
  },
};

/** The Tools row: PubMed and Think Harder toggles, and the one banner explaining the active mode. */
export function ToolsRow({
  modes,
  onModesChange,
  banner,
  onDismissBanner,
}: {
  modes: Modes;
  onModesChange: (modes: Modes) => void;
  banner: Banner | null;
  onDismissBanner: (banner: Banner) => void;
}) {
  return (
    <div className="mt-2 space-y-2">
      <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Tools">
        <span className="text-xs font-semibold uppercase tracking-wide text-slate-500">Tools</span>
        <ModeToggle pressed={modes.usePubmed} onChange={(on) => onModesChange({ ...modes, usePubmed: on })} icon={<Microscope />} label="PubMed" />
        <ModeToggle
          pressed={modes.useThinkHarder}
          onChange={(on) => onModesChange({ ...modes, useThinkHarder: on })}
          icon={<Sparkles />}
          label="Think Harder"
        />
      </div>
      {banner ? (
        <div
          className="flex items-start justify-between gap-3 rounded-md border border-brand-100 bg-brand-50 px-3 py-2 text-sm text-brand-800"
          data-testid="mode-banner"
          data-banner={banner}
          role="note"
        >
          <p>
            <span className="font-semibold">{BANNERS[banner].title}:</span> {BANNERS[banner].text}
          </p>
          <button
            type="button"
            onClick={() => onDismissBanner(banner)}
            className="rounded p-0.5 text-brand-800 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-600"
            aria-label={`Dismiss the ${BANNERS[banner].title} notice`}
          >
            <Close />
          </button>
        </div>
      ) : null}
    </div>
  );
}
