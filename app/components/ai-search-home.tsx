import { AI_SEARCH_SUBTITLE } from "~/lib/brand";

/** The main pane with no conversation selected: title, subtitle and the welcome message. */
export function AiSearchHome({ welcomeMessage }: { welcomeMessage: string }) {
  return (
    <main className="mx-auto flex w-full max-w-3xl flex-1 flex-col px-4 py-10">
      <h1 className="text-2xl font-bold">AI Search</h1>
      <p className="mt-1 text-slate-600">{AI_SEARCH_SUBTITLE}</p>
      <div className="mt-8 whitespace-pre-line rounded-lg border border-brand-100 bg-brand-50 p-6 text-slate-800" data-testid="welcome-message">
        {welcomeMessage}
      </div>
    </main>
  );
}
