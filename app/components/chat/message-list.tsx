import { useEffect, useRef } from "react";
import { Button } from "~/components/ui/button";
import { answeredByLabel, queueLabel } from "~/lib/answer";
import type { Message } from "~/lib/chat-client";
import { newestAssistantId } from "~/lib/chat-view";
import { MarkdownContent } from "./markdown-content";
import { Sources } from "./sources";
import type { MessagesStatus, PendingMessage, ScrollRequest } from "./use-chat";

function UserBubble({ content, id }: { content: string; id?: string }) {
  return (
    <li className="flex justify-end" data-testid="user-message" data-message-id={id}>
      <div className="max-w-[85%] whitespace-pre-wrap break-words rounded-2xl rounded-br-sm bg-brand-600 px-4 py-2 text-white shadow-sm">
        <span className="sr-only">You: </span>
        {content}
      </div>
    </li>
  );
}

/** How the question was read, under it and above its answer, so a misreading can be rephrased. */
function Reading({ reading }: { reading: string | null }) {
  if (!reading) return null;
  return (
    <p className="mb-1 text-xs text-slate-500" data-testid="reading">
      Answering for: {reading}
    </p>
  );
}

function AssistantCard({ message }: { message: Message }) {
  return (
    <li className="flex scroll-mt-4 flex-col items-start" data-testid="assistant-message" data-message-id={message.id}>
      <Reading reading={message.reading} />
      <div className="w-full max-w-[95%] rounded-2xl rounded-bl-sm border border-slate-200 bg-white px-4 py-3 shadow-sm">
        <span className="sr-only">Assistant: </span>
        {message.content ? <MarkdownContent markdown={message.content} /> : null}
        {message.status === "failed" ? (
          <p className="mt-2 text-sm text-red-700">This answer was not completed.</p>
        ) : message.status === "streaming" ? (
          <p className="mt-2 text-sm text-slate-500">This answer is still being written.</p>
        ) : null}
        <Sources citations={message.citations} />
      </div>
      {message.answeredBy ? (
        <p className="mt-1 text-xs text-slate-500" data-testid="answered-by">
          {answeredByLabel(message.answeredBy)}
        </p>
      ) : null}
    </li>
  );
}

/** 'Thinking...', or the question's place while the built-in model writes other answers first. */
function Thinking({ ahead }: { ahead: number | null }) {
  return (
    <li className="flex justify-start" data-testid="thinking" role="status">
      <div className="flex items-center gap-2 rounded-2xl rounded-bl-sm border border-slate-200 bg-white px-4 py-3 text-slate-600 shadow-sm">
        <span className="flex gap-1" aria-hidden="true">
          <span className="h-1.5 w-1.5 animate-bounce rounded-full bg-brand-600 [animation-delay:-0.3s]" />
          <span className="h-1.5 w-1.5 animate-bounce rounded-full bg-brand-600 [animation-delay:-0.15s]" />
          <span className="h-1.5 w-1.5 animate-bounce rounded-full bg-brand-600" />
        </span>
        {ahead ? <span data-testid="queue-position">{queueLabel(ahead)}</span> : "Thinking..."}
      </div>
    </li>
  );
}

/**
 * The conversation: stored messages, then the question on its way (its text, 'Thinking...'
 * until the first token, then the growing answer). Scrolls to the start of the newest answer.
 */
export function MessageList({
  conversationId,
  messages,
  status,
  pending,
  scrollRequest,
  hasEarlier = false,
  earlierStatus = "idle",
  onLoadEarlier,
}: {
  /** The conversation whose messages are shown: opening one scrolls to its newest answer. */
  conversationId: string | null;
  messages: readonly Message[];
  status: MessagesStatus;
  pending: PendingMessage | null;
  scrollRequest: ScrollRequest | null;
  /** Older messages than those shown are stored (the list shows the newest page first). */
  hasEarlier?: boolean;
  earlierStatus?: "idle" | "loading" | "error";
  onLoadEarlier?: () => void;
}) {
  const listRef = useRef<HTMLOListElement>(null);
  // What was scrolled for already: re-renders with new messages must not scroll again.
  const handled = useRef<{ conversationId: string | null; seq: number }>({ conversationId: null, seq: 0 });

  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    let to: string | null = null;
    if (status === "ready" && conversationId !== handled.current.conversationId) {
      handled.current.conversationId = conversationId;
      to = newestAssistantId(messages) ?? "bottom";
    } else if (scrollRequest && scrollRequest.seq !== handled.current.seq) {
      to = scrollRequest.to;
    }
    if (scrollRequest) handled.current.seq = scrollRequest.seq;
    if (to === "bottom") list.lastElementChild?.scrollIntoView({ block: "end" });
    else if (to === "answer") list.querySelector('[data-testid="streaming-answer"]')?.scrollIntoView({ block: "start" });
    else if (to) list.querySelector(`[data-message-id="${CSS.escape(to)}"]`)?.scrollIntoView({ block: "start" });
  }, [scrollRequest, conversationId, status, messages]);


  const storedIds = new Set(messages.map((m) => m.id));
  const pendingUserStored = pending?.userMessage ? storedIds.has(pending.userMessage.id) : false;

  return (
    <div aria-busy={pending !== null}>
      {status === "loading" && !pending ? <p className="py-6 text-center text-sm text-slate-500">Loading messages...</p> : null}
      {status === "ready" && messages.length === 0 && !pending ? (
        <p className="py-6 text-center text-sm text-slate-500">No messages yet. Ask a question below.</p>
      ) : null}
      {status === "ready" && hasEarlier ? (
        <div className="mb-4 text-center">
          <Button variant="secondary" className="px-3 py-1 text-sm" onClick={onLoadEarlier} disabled={earlierStatus === "loading"} data-testid="load-earlier">
            {earlierStatus === "loading" ? "Loading earlier messages..." : "Load earlier messages"}
          </Button>
          {earlierStatus === "error" ? (
            <p className="mt-1 text-sm text-red-700" role="alert">
              Could not load earlier messages.
            </p>
          ) : null}
        </div>
      ) : null}
      <ol ref={listRef} className="flex flex-col gap-4" data-testid="message-list">
        {messages.map((m) => (m.role === "user" ? <UserBubble key={m.id} id={m.id} content={m.content} /> : <AssistantCard key={m.id} message={m} />))}
        {pending && !pendingUserStored ? <UserBubble content={pending.userMessage?.content ?? pending.content} /> : null}
        {pending?.reading ? (
          <li className="-mb-4">
            <Reading reading={pending.reading} />
          </li>
        ) : null}
        {pending && pending.phase !== "streaming" ? <Thinking ahead={pending.ahead} /> : null}
        {pending && pending.phase === "streaming" ? (
          <li className="flex scroll-mt-4 justify-start" data-testid="streaming-answer">
            <div className="w-full max-w-[95%] rounded-2xl rounded-bl-sm border border-slate-200 bg-white px-4 py-3 shadow-sm">
              <MarkdownContent markdown={pending.answer} />
              <span className="mt-1 inline-block h-4 w-1.5 animate-pulse bg-brand-600 align-middle" aria-hidden="true" />
            </div>
          </li>
        ) : null}
      </ol>
    </div>
  );
}
