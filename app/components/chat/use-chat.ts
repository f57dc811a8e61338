import { useCallback, useEffect, useRef, useState } from "react";
import { handleUnauthorized, isUnauthorizedError, serverReason } from "~/lib/api-client";
import {
  contextualSuggestions,
  createConversation,
  listAnsweredMessages,
  listMessagePage,
  listMessages,
  newQuestionKey,
  popularSuggestions,
  requestTitle,
  streamMessage,
  type Conversation,
  type Message,
} from "~/lib/chat-client";
import { canSend, fallbackTitle, mergeMessages, newestAssistantId, shownSuggestions, type Modes } from "~/lib/chat-view";
import { toast } from "~/lib/toast";

/** A question on its way: the text, then the stored user message, then the answer as it streams. */
export type PendingMessage = {
  conversationId: string | null;
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

export type MessagesStatus = "idle" | "loading" | "ready" | "error";

/** Where the list should scroll next: a message's start, or the bottom. `seq` makes repeats count. */
export type ScrollRequest = { to: string | "bottom"; seq: number };

export type SendOutcome = "sent" | "failed";

/**
 * The selected conversation's messages, sending with streaming (spec §4), and the
 * suggestions: popular with no conversation selected, contextual after answers.
 */
export function useChat({
  selectedId,
  onConversationCreated,
  onAnswered,
}: {
  selectedId: string | null;
  /** A conversation made for the first question: show it in the list and select it. */
  onConversationCreated: (conversation: Conversation) => void;
  /** An answer finished or failed: the list may need refreshing (ordering, titles). */
  onAnswered: () => void;
}) {
  const [messages, setMessages] = useState<Message[]>([]);
  const [messagesStatus, setMessagesStatus] = useState<MessagesStatus>("idle");
  const [pending, setPending] = useState<PendingMessage | null>(null);
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const [scrollRequest, setScrollRequest] = useState<ScrollRequest | null>(null);
  const [reloadSeq, setReloadSeq] = useState(0);
  // The `before` of the page older than those shown; null when the first message is shown.
  const [earlierCursor, setEarlierCursor] = useState<string | null>(null);
  const [earlierStatus, setEarlierStatus] = useState<"idle" | "loading" | "error">("idle");

  const selectedRef = useRef(selectedId);
  const busyRef = useRef(false);
  const abortRef = useRef<AbortController | null>(null);
  // Every write to `messages` bumps this; a fetch started before a newer write is stale.
  const messagesVersion = useRef(0);

  useEffect(() => {
    selectedRef.current = selectedId;
  }, [selectedId]);

  const scrollTo = useCallback((to: string | "bottom") => setScrollRequest((r) => ({ to, seq: (r?.seq ?? 0) + 1 })), []);

  const writeMessages = useCallback((update: (list: Message[]) => Message[]) => {
    messagesVersion.current++;
    setMessages(update);
  }, []);

  // Load the selected conversation's messages.
  useEffect(() => {
    if (!selectedId) {
      writeMessages(() => []);
      setMessagesStatus("idle");
      return;
    }
    const controller = new AbortController();
    writeMessages(() => []);
    setEarlierCursor(null);
    setEarlierStatus("idle");
    setMessagesStatus("loading");
    const version = messagesVersion.current;
    listMessagePage(selectedId, null, controller.signal)
      .then(({ messages: list, earlierCursor: cursor }) => {
        if (controller.signal.aborted) return;
        setMessagesStatus("ready");
        if (version !== messagesVersion.current) return;
        writeMessages(() => list);
        setEarlierCursor(cursor);
        scrollTo(newestAssistantId(list) ?? "bottom");
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (isUnauthorizedError(error)) handleUnauthorized();
        setMessagesStatus("error");
      });
    return () => controller.abort();
  }, [selectedId, reloadSeq, writeMessages, scrollTo]);

  const reloadMessages = useCallback(() => setReloadSeq((n) => n + 1), []);

  /** The page of messages before those shown, put above them; the view stays on the message that was first. */
  const loadEarlier = useCallback(async () => {
    const conversationId = selectedRef.current;
    if (!conversationId || !earlierCursor || earlierStatus === "loading") return;
    setEarlierStatus("loading");
    try {
      const page = await listMessagePage(conversationId, earlierCursor);
      if (selectedRef.current !== conversationId) return;
      writeMessages((current) => mergeMessages(page.messages, current));
      setEarlierCursor(page.earlierCursor);
      setEarlierStatus("idle");
      scrollTo(earlierCursor);
    } catch (error) {
      if (isUnauthorizedError(error)) handleUnauthorized();
      setEarlierStatus("error");
    }
  }, [earlierCursor, earlierStatus, writeMessages, scrollTo]);

  /**
   * After an answer: the stored list is the truth (it may hold a failed or stopped answer too);
   * `waitForAnswer` when the answer ended without `done` and may not be stored yet. The newest page
   * written, or null when it was not.
   */
  const refetchMessages = useCallback(
    async (conversationId: string, waitForAnswer = false): Promise<Message[] | null> => {
      const version = messagesVersion.current;
      try {
        const newest = await (waitForAnswer ? listAnsweredMessages(conversationId) : listMessages(conversationId));
        if (selectedRef.current !== conversationId || version !== messagesVersion.current) return null;
        // The newest page replaces its own messages; older pages loaded above it stay.
        writeMessages((current) => mergeMessages(current, newest));
        return newest;
      } catch (error) {
        console.warn("Refetching messages failed:", error);
        return null;
      }
    },
    [writeMessages],
  );

  // Suggestions: popular with no conversation, contextual for one; not while a question is on its way
  // (they are hidden then), so finishing an answer refetches them.
  const sending = pending !== null;
  useEffect(() => {
    setSuggestions([]);
    if (sending) return;
    const controller = new AbortController();
    const load = selectedId ? contextualSuggestions(selectedId, controller.signal) : popularSuggestions(controller.signal);
    load
      .then((list) => {
        if (!controller.signal.aborted) setSuggestions(shownSuggestions(Array.isArray(list) ? list : []));
      })
      .catch((error: unknown) => {
        // Suggestions are optional help: without them the screen still works.
        if (!controller.signal.aborted) console.warn("Loading suggestions failed:", error);
      });
    return () => controller.abort();
  }, [selectedId, sending]);

  const send = useCallback(
    async (text: string, modes: Modes): Promise<SendOutcome> => {
      const content = text.trim();
      // A ref, not state: a second click or Enter before React re-renders is refused here.
      if (!canSend(content, busyRef.current)) return "failed";
      busyRef.current = true;
      const controller = new AbortController();
      abortRef.current = controller;
      const update = (patch: Partial<PendingMessage>) => setPending((p) => (p ? { ...p, ...patch } : p));
      let conversationId = selectedRef.current;
      setPending({ conversationId, content, userMessage: null, reading: null, ahead: null, answer: "", phase: conversationId ? "thinking" : "preparing" });
      scrollTo("bottom");
      try {
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
          selectedRef.current = conversation.id;
          onConversationCreated(conversation);
          update({ conversationId, phase: "thinking" });
          if (controller.signal.aborted) return "failed";
        }

        let storedUser: Message | null = null;
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
              onToken: (piece) => setPending((p) => (p ? { ...p, answer: p.answer + piece, phase: "streaming" } : p)),
              // Spec §8's PubMed toasts; the answer itself still comes from the knowledge base.
              onPubmed: (outcome) => {
                if (outcome.status === "failed") toast({ title: "Search Failed", description: "Failed to search PubMed. Please try again.", variant: "destructive" });
                else if (outcome.status === "empty") toast({ title: "No Results", description: "No articles found for your search query." });
              },
            },
            { signal: controller.signal, key: newQuestionKey() },
          );
          // The stored answer replaces the streamed text (its citations were checked and renumbered).
          if (selectedRef.current === target) {
            const stored = storedUser ? [storedUser, answer] : [answer];
            writeMessages((list) => mergeMessages(list, stored));
            scrollTo(answer.id);
          }
          void refetchMessages(target);
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
          // Stopped, failed or cut off: the streamed text gives way to what the server stored (the
          // answer as failed, with what was written and why), the question shown until then.
          const stored = await refetchMessages(target, true);
          if (stored) scrollTo(newestAssistantId(stored) ?? "bottom");
          // Stopped by the user: no error; the question stays in the history once stored.
          return stopped && storedUser ? "sent" : "failed";
        } finally {
          onAnswered();
        }
      } finally {
        busyRef.current = false;
        abortRef.current = null;
        setPending(null);
      }
    },
    [onAnswered, onConversationCreated, refetchMessages, scrollTo, writeMessages],
  );

  const stop = useCallback(() => abortRef.current?.abort(), []);

  // Leaving the screen stops a running answer.
  useEffect(() => () => abortRef.current?.abort(), []);

  return { messages, messagesStatus, reloadMessages, earlierCursor, earlierStatus, loadEarlier, pending, send, stop, suggestions, scrollRequest };
}
