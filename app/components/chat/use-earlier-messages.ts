import { useCallback, useState } from "react";
import { handleUnauthorized, isUnauthorizedError } from "~/lib/api-client";
import { listMessagePage, type Message } from "~/lib/chat-client";
import { mergeMessages } from "~/lib/chat-view";

/** The open conversation as the page loader read it: its newest page of messages. */
export type LoadedConversation = { id: string; messages: Message[]; earlierCursor: string | null };
type EarlierPages = { id: string; messages: Message[]; cursor: string | null; status: "idle" | "loading" | "error" };

/**
 * Older pages of the open conversation, above the newest page the loader gives ("Load earlier messages").
 * They stay while the same conversation is open: revalidating after an answer replaces the newest page only.
 */
export function useEarlierMessages(loaded: LoadedConversation | null) {
  const [earlier, setEarlier] = useState<EarlierPages | null>(null);
  const mine = earlier && loaded && earlier.id === loaded.id ? earlier : null;
  const cursor = mine ? mine.cursor : (loaded?.earlierCursor ?? null);
  const messages = loaded ? (mine ? mergeMessages(mine.messages, loaded.messages) : loaded.messages) : [];
  const status = mine?.status ?? "idle";

  const load = useCallback(async () => {
    if (!loaded || cursor === null || status === "loading") return;
    const id = loaded.id;
    const shown = mine?.messages ?? [];
    setEarlier({ id, messages: shown, cursor, status: "loading" });
    try {
      const page = await listMessagePage(id, cursor);
      setEarlier((e) => (e?.id === id ? { id, messages: mergeMessages(page.messages, shown), cursor: page.earlierCursor, status: "idle" } : e));
    } catch (error) {
      if (isUnauthorizedError(error)) handleUnauthorized();
      setEarlier((e) => (e?.id === id ? { ...e, status: "error" } : e));
    }
  }, [loaded, cursor, status, mine]);

  return { messages, hasEarlier: cursor !== null, status, load };
}
