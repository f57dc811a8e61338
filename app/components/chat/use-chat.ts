import { useCallback, useEffect, useRef, useState } from "react";
import { handleUnauthorized, isUnauthorizedError, serverReason } from "~/lib/api-client";
import { createConversation, listAnsweredMessages, newQuestionKey, requestTitle, streamMessage, type Conversation, type Message } from "~/lib/chat-client";
import { canSend, fallbackTitle, newestAssistantId, type Modes } from "~/lib/chat-view";
import { toast } from "~/lib/toast";

/** A question on its way: the text, then the stored user message, then the answer as it streams. */
export type PendingMessage = {
  conversationId: string | null;
  /** Asked with no conversation open: it shows on the blank screen until its answer opens the conversation. */
  fromBlank: boolean;
  content: string;
  userMessage: Message | null;
  /** How the question was read, from the stream; the stored answer carries it afterwards. */
  reading: string | null;
  /** Answers the built-in model writes before this one; null when not waiting for it. */
  ahead: number | null;
  answer: string;
  /** preparing: naming and creating the conversation; thinking: waiting for the first token. */
  phase: "preparing" | "thinking" | "streaming";
};

export type MessagesStatus = "idle" | "loading" | "ready";

/**
 * Where the list should scroll next: a stored message's start (its id), the bottom, or the start of the
 * answer being streamed. `seq` makes repeats count.
 */
export type ScrollRequest = { to: string | "bottom" | "answer"; seq: number };

export type SendOutcome = "sent" | "failed";

/**
 * Sending with streaming (spec §4). The messages themselves are the page loader's: when an answer ends,
 * `onAnswered` brings the stored list (answer, or the failed or stopped one) and resolves once it is on
 * screen, so the streamed text gives way to it without a gap.
 */
export function useChat({
  onConversationCreated,
  onAnswered,
}: {
  /** A conversation made for the first question: show it in the history. */
  onConversationCreated: (conversation: Conversation) => void;
  /** An answer finished or failed: show the stored conversation (and refresh the history's order and titles). */
  onAnswered: (conversationId: string, fromBlank: boolean) => Promise<void>;
}) {
  const [pending, setPending] = useState<PendingMessage | null>(null);
  const [scrollRequest, setScrollRequest] = useState<ScrollRequest | null>(null);

  const busyRef = useRef(false);
  const abortRef = useRef<AbortController | null>(null);

  const scrollTo = useCallback((to: ScrollRequest["to"]) => setScrollRequest((r) => ({ to, seq: (r?.seq ?? 0) + 1 })), []);

  const send = useCallback(
    async (text: string, modes: Modes, openId: string | null): Promise<SendOutcome> => {
      const content = text.trim();
      // A ref, not state: a second click or Enter before React re-renders is refused here.
      if (!canSend(content, busyRef.current)) return "failed";
      busyRef.current = true;
      const controller = new AbortController();
      abortRef.current = controller;
      const update = (patch: Partial<PendingMessage>) => setPending((p) => (p ? { ...p, ...patch } : p));
      const fromBlank = openId === null;
      setPending({ conversationId: openId, fromBlank, content, userMessage: null, reading: null, ahead: null, answer: "", phase: fromBlank ? "preparing" : "thinking" });
      scrollTo("bottom");
      try {
        let conversationId = openId;
        if (!conversationId) {
          let title: string;
          try {
            title = (await requestTitle(content, controller.signal)).trim() || fallbackTitle(content);
          } catch {
            title = fallbackTitle(content);
          }
          if (controller.signal.aborted) return "failed";
          let conversation: Conversation;
          try {
            conversation = await createConversation(title);
          } catch (error) {
            if (isUnauthorizedError(error)) handleUnauthorized();
            else toast({ title: "Error", description: "Failed to create new conversation", variant: "destructive" });
            return "failed";
          }
          conversationId = conversation.id;
          onConversationCreated(conversation);
          update({ conversationId, phase: "thinking" });
          if (controller.signal.aborted) return "failed";
        }

        let storedUser: Message | null = null;
        let streaming = false;
        const target = conversationId;
        try {
          const answer = await streamMessage(
            target,
            { content, usePubmed: modes.usePubmed, useThinkHarder: modes.useThinkHarder },
            {
              onUser: (message) => {
                storedUser = message;
                update({ userMessage: message });
              },
              onReading: (reading) => update({ reading }),
              onQueue: (ahead) => update({ ahead: ahead > 0 ? ahead : null }),
              onToken: (piece) => {
                // The first token: bring the start of the answer into view once; the reader scrolls from there.
                if (!streaming) scrollTo("answer");
                streaming = true;
                setPending((p) => (p ? { ...p, answer: p.answer + piece, phase: "streaming" } : p));
              },
              // Spec §8's PubMed toasts; the answer itself still comes from the knowledge base.
              onPubmed: (outcome) => {
                if (outcome.status === "failed") toast({ title: "Search Failed", description: "Failed to search PubMed. Please try again.", variant: "destructive" });
                else if (outcome.status === "empty") toast({ title: "No Results", description: "No articles found for your search query." });
              },
            },
            { signal: controller.signal, key: newQuestionKey() },
          );
          // The stored answer replaces the streamed text (its citations were checked and renumbered).
          await onAnswered(target, fromBlank);
          scrollTo(answer.id);
          return "sent";
        } catch (error) {
          const stopped = controller.signal.aborted;
          if (!stopped) {
            if (isUnauthorizedError(error)) handleUnauthorized();
            else {
              const reason = serverReason(error);
              toast({ title: "Error", description: reason ? `Failed to send message. ${reason}` : "Failed to send message", variant: "destructive" });
            }
          }
          // Stopped, failed or cut off: the streamed text gives way to what the server stored (the answer as
          // failed, with what was written and why), stored a moment after the connection closed.
          const stored = await listAnsweredMessages(target).catch(() => null);
          await onAnswered(target, fromBlank);
          if (stored) scrollTo(newestAssistantId(stored) ?? "bottom");
          // Stopped by the user: no error; the question stays in the history once stored.
          return stopped && storedUser ? "sent" : "failed";
        }
      } finally {
        busyRef.current = false;
        abortRef.current = null;
        setPending(null);
      }
    },
    [onAnswered, onConversationCreated, scrollTo],
  );

  const stop = useCallback(() => abortRef.current?.abort(), []);

  // Leaving the screen stops a running answer.
  useEffect(() => () => abortRef.current?.abort(), []);

  return { pending, send, stop, scrollRequest };
}
