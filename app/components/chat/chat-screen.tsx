import { Suspense, useCallback, useRef, useState } from "react";
import { Await, useLocation, useNavigate, useNavigation, useRevalidator } from "react-router";
import { AI_SEARCH_SUBTITLE } from "~/lib/brand";
import { CONVERSATION_PARAM } from "~/lib/chat/index";
import type { Conversation } from "~/lib/chat-client";
import { shownSuggestions, visibleBanner, type Banner, type Modes } from "~/lib/chat-view";
import { MessageHeart } from "./chat-icons";
import { Composer, ToolsRow } from "./composer";
import { FeedbackDialog } from "./feedback-dialog";
import { MessageList } from "./message-list";
import { useSettingsDialog } from "./settings-dialog";
import { Sidebar } from "./sidebar";
import { Suggestions } from "./suggestions";
import { useChat } from "./use-chat";
import { useConversations } from "./use-conversations";
import { useEarlierMessages, type LoadedConversation } from "./use-earlier-messages";

/** What the page loader gives the chat screen (the `/` and `/app` routes). */
export type ChatData = {
  welcomeMessage: string;
  conversations: Conversation[];
  /** The conversation named by `?conversation=`, with its newest page of messages. */
  open: LoadedConversation | null;
  /** Contextual for the open conversation, else popular; they may arrive after the page. */
  suggestions: Promise<string[]>;
};

const conversationSearch = (id: string | null) => (id ? `?${new URLSearchParams({ [CONVERSATION_PARAM]: id })}` : "");

/**
 * The chat screen (spec §2, §4): sidebar with the history, the 'AI Search' pane with the
 * welcome message or the conversation, suggestions, Feedback, the question box and the Tools row.
 * The open conversation is the address's `?conversation=`: the loader reads it with its messages, so a
 * reload or the back button shows it as it was.
 */
export function ChatScreen({ data }: { data: ChatData }) {
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const location = useLocation();
  const navigation = useNavigation();
  // The conversation open, or being opened (the loader is reading its messages).
  const target = navigation.location?.pathname === location.pathname ? navigation.location : location;
  const selectedId = new URLSearchParams(target.search).get(CONVERSATION_PARAM);
  const loaded = data.open && data.open.id === selectedId ? data.open : null;

  const history = useConversations(data.conversations);
  const earlier = useEarlierMessages(loaded);
  const [input, setInput] = useState("");
  const [modes, setModes] = useState<Modes>({ usePubmed: false, useThinkHarder: false });
  const [dismissed, setDismissed] = useState<ReadonlySet<Banner>>(new Set());
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  const settings = useSettingsDialog();
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const open = useCallback((id: string | null) => navigate({ search: conversationSearch(id) }), [navigate]);
  const onConversationCreated = useCallback(() => void revalidate(), [revalidate]);
  const onAnswered = useCallback(
    async (conversationId: string, fromBlank: boolean) => {
      // A first question keeps the address blank while it is answered (nothing to load yet); its answer opens
      // the conversation, unless the user has opened another meanwhile. The address now, not at sending.
      if (fromBlank && !new URLSearchParams(window.location.search).has(CONVERSATION_PARAM)) await open(conversationId);
      else await revalidate();
    },
    [open, revalidate],
  );
  const chat = useChat({ onConversationCreated, onAnswered });
  const pending = chat.pending;
  const showPending = pending && (pending.conversationId === selectedId || (pending.fromBlank && selectedId === null)) ? pending : null;
  // A first question's new conversation is the one shown while it is answered.
  const shownId = selectedId ?? showPending?.conversationId ?? null;

  async function send() {
    const outcome = await chat.send(input, modes, selectedId);
    if (outcome === "sent") setInput("");
    inputRef.current?.focus();
  }

  function changeModes(next: Modes) {
    // Turning a mode on again brings its banner back.
    setDismissed((d) => {
      const out = new Set(d);
      if (next.useThinkHarder && !modes.useThinkHarder) out.delete("thinkHarder");
      if (next.usePubmed && !modes.usePubmed) out.delete("pubmed");
      return out;
    });
    setModes(next);
  }

  async function deleteConversation(id: string) {
    if (pending?.conversationId === id) chat.stop();
    const wasOpen = shownId === id;
    if (wasOpen && selectedId) await open(null);
    await history.remove(id, wasOpen ? () => void open(id) : undefined);
  }

  function pickSuggestion(question: string) {
    setInput(question);
    inputRef.current?.focus();
  }

  return (
    <div className="flex min-h-0 w-full flex-1" data-testid="chat-screen">
      <Sidebar
        conversations={history.conversations}
        selectedId={shownId}
        onSelect={(id) => void open(id)}
        onNewChat={() => {
          if (selectedId) void open(null);
          inputRef.current?.focus();
        }}
        onRename={(id, title) => void history.rename(id, title)}
        onDelete={(id) => void deleteConversation(id)}
        onOpenSettings={settings.open}
      />

      <main className="flex min-w-0 flex-1 flex-col">
        {/* Focusable, so a keyboard can scroll it when what overflows holds nothing to tab to (the welcome text on a small phone). */}
        <div
          className="min-h-0 flex-1 overflow-y-auto focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600"
          data-testid="chat-scroll"
          tabIndex={0}
          role="region"
          aria-label="Conversation"
        >
          <div className="mx-auto w-full max-w-3xl px-4 py-6">
            <h1 className="text-2xl font-bold">AI Search</h1>
            <p className="mt-1 text-slate-600">{AI_SEARCH_SUBTITLE}</p>
            <div className="mt-6">
              {selectedId || showPending ? (
                <MessageList
                  conversationId={loaded?.id ?? null}
                  messages={earlier.messages}
                  status={loaded ? "ready" : selectedId ? "loading" : "idle"}
                  pending={showPending}
                  scrollRequest={chat.scrollRequest}
                  hasEarlier={earlier.hasEarlier}
                  earlierStatus={earlier.status}
                  onLoadEarlier={() => void earlier.load()}
                />
              ) : (
                <div className="whitespace-pre-line rounded-lg border border-brand-100 bg-brand-50 p-6 text-slate-800" data-testid="welcome-message">
                  {data.welcomeMessage}
                </div>
              )}
            </div>
          </div>
        </div>

        <div className="border-t border-slate-200 bg-slate-50">
          <div className="mx-auto w-full max-w-3xl px-4 py-3">
            <div className="mb-2 flex items-start justify-between gap-3">
              {input.trim() === "" && !pending && (loaded !== null || selectedId === null) ? (
                // Keyed by conversation: another one's suggestions never show while its own are on their way.
                <Suspense key={loaded?.id ?? ""} fallback={<span />}>
                  <Await resolve={data.suggestions} errorElement={<span />}>
                    {(list) => <Suggestions suggestions={shownSuggestions(list)} onPick={pickSuggestion} />}
                  </Await>
                </Suspense>
              ) : (
                <span />
              )}
              <button
                type="button"
                onClick={() => setFeedbackOpen(true)}
                className="inline-flex shrink-0 items-center gap-1.5 rounded-md px-2 py-1 text-xs font-medium text-slate-600 hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <MessageHeart />
                Feedback
              </button>
            </div>
            <Composer ref={inputRef} value={input} onChange={setInput} onSend={() => void send()} onStop={chat.stop} pending={pending !== null} modes={modes} />
            <ToolsRow
              modes={modes}
              onModesChange={changeModes}
              banner={visibleBanner(modes, dismissed)}
              onDismissBanner={(banner) => setDismissed((d) => new Set(d).add(banner))}
            />
          </div>
        </div>
      </main>

      <FeedbackDialog open={feedbackOpen} onOpenChange={setFeedbackOpen} />
      {settings.dialog}
    </div>
  );
}
