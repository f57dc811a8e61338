import { useCallback, useRef, useState } from "react";
import { AI_SEARCH_SUBTITLE } from "~/lib/brand";
import type { Conversation } from "~/lib/chat-client";
import { visibleBanner, type Banner, type Modes } from "~/lib/chat-view";
import { MessageHeart } from "./chat-icons";
import { Composer, ToolsRow } from "./composer";
import { FeedbackDialog } from "./feedback-dialog";
import { MessageList } from "./message-list";
import { SettingsDialog } from "./settings-dialog";
import { Sidebar } from "./sidebar";
import { Suggestions } from "./suggestions";
import { useChat } from "./use-chat";
import { useConversations } from "./use-conversations";

/**
 * The chat screen (spec §2, §4): sidebar with the history, the 'AI Search' pane with the
 * welcome message or the conversation, suggestions, Feedback, the question box and the Tools row.
 */
export function ChatScreen({ welcomeMessage }: { welcomeMessage: string }) {
  const history = useConversations();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [input, setInput] = useState("");
  const [modes, setModes] = useState<Modes>({ usePubmed: false, useThinkHarder: false });
  const [dismissed, setDismissed] = useState<ReadonlySet<Banner>>(new Set());
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const inputRef = useRef<HTMLTextAreaElement>(null);

  const { add: addConversation, refresh: refreshConversations } = history;
  const onConversationCreated = useCallback(
    (conversation: Conversation) => {
      addConversation(conversation);
      setSelectedId(conversation.id);
    },
    [addConversation],
  );
  const onAnswered = useCallback(() => void refreshConversations(), [refreshConversations]);
  const chat = useChat({ selectedId, onConversationCreated, onAnswered });
  const pending = chat.pending;
  const showPending = pending && pending.conversationId === selectedId ? pending : null;

  async function send() {
    const outcome = await chat.send(input, modes);
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
    const wasOpen = selectedId === id;
    if (wasOpen) setSelectedId(null);
    await history.remove(id, wasOpen ? () => setSelectedId(id) : undefined);
  }

  function pickSuggestion(question: string) {
    setInput(question);
    inputRef.current?.focus();
  }

  return (
    <div className="flex min-h-0 w-full flex-1" data-testid="chat-screen">
      <Sidebar
        conversations={history.conversations}
        status={history.status}
        selectedId={selectedId}
        onSelect={setSelectedId}
        onNewChat={() => {
          setSelectedId(null);
          inputRef.current?.focus();
        }}
        onRename={(id, title) => void history.rename(id, title)}
        onDelete={(id) => void deleteConversation(id)}
        onRetry={() => void history.refresh()}
        onOpenSettings={() => setSettingsOpen(true)}
      />

      <main className="flex min-w-0 flex-1 flex-col">
        <div className="min-h-0 flex-1 overflow-y-auto" data-testid="chat-scroll">
          <div className="mx-auto w-full max-w-3xl px-4 py-6">
            <h1 className="text-2xl font-bold">AI Search</h1>
            <p className="mt-1 text-slate-600">{AI_SEARCH_SUBTITLE}</p>
            <div className="mt-6">
              {selectedId || showPending ? (
                <MessageList
                  messages={selectedId ? chat.messages : []}
                  status={selectedId ? chat.messagesStatus : "idle"}
                  pending={showPending}
                  scrollRequest={chat.scrollRequest}
                  onRetry={chat.reloadMessages}
                  hasEarlier={selectedId !== null && chat.earlierCursor !== null}
                  earlierStatus={chat.earlierStatus}
                  onLoadEarlier={() => void chat.loadEarlier()}
                />
              ) : (
                <div className="whitespace-pre-line rounded-lg border border-brand-100 bg-brand-50 p-6 text-slate-800" data-testid="welcome-message">
                  {welcomeMessage}
                </div>
              )}
            </div>
          </div>
        </div>

        <div className="border-t border-slate-200 bg-slate-50">
          <div className="mx-auto w-full max-w-3xl px-4 py-3">
            <div className="mb-2 flex items-start justify-between gap-3">
              {input.trim() === "" && !pending ? <Suggestions suggestions={chat.suggestions} onPick={pickSuggestion} /> : <span />}
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
      <SettingsDialog open={settingsOpen} onOpenChange={setSettingsOpen} />
    </div>
  );
}
