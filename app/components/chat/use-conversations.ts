import { useCallback, useEffect, useRef, useState } from "react";
import { handleUnauthorized, isUnauthorizedError } from "~/lib/api-client";
import { DELETE_UNDO_MS } from "~/lib/chat/index";
import { deleteConversation, listConversations, renameConversation, restoreConversation, type Conversation } from "~/lib/chat-client";
import { toast } from "~/lib/toast";

export type ListStatus = "loading" | "ready" | "error";

/**
 * The Chat History list (spec §4): loaded once, refetched after changes; rename refreshes
 * the list and says 'Success'; delete is optimistic, restored on error, refetched after, and
 * offers Undo while the server keeps it restorable.
 */
export function useConversations() {
  const [conversations, setConversations] = useState<Conversation[]>([]);
  const [status, setStatus] = useState<ListStatus>("loading");
  const latest = useRef(0);

  const refresh = useCallback(async () => {
    // Only the newest refresh may write, so a slow older answer cannot undo a newer one.
    const ticket = ++latest.current;
    try {
      const list = await listConversations();
      if (ticket !== latest.current) return;
      setConversations(list);
      setStatus("ready");
    } catch (error) {
      if (ticket !== latest.current) return;
      if (isUnauthorizedError(error)) handleUnauthorized();
      setStatus((s) => (s === "ready" ? s : "error"));
    }
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  /** Shows a conversation the client just created before the refetch brings it. */
  const add = useCallback((conversation: Conversation) => {
    setConversations((list) => [conversation, ...list.filter((c) => c.id !== conversation.id)]);
    setStatus("ready");
  }, []);

  const rename = useCallback(
    async (id: string, title: string) => {
      const before = conversations;
      setConversations((list) => list.map((c) => (c.id === id ? { ...c, title } : c)));
      try {
        await renameConversation(id, title);
        toast({ title: "Success", description: "Conversation renamed." });
      } catch (error) {
        setConversations(before);
        if (isUnauthorizedError(error)) handleUnauthorized();
        else toast({ title: "Error", description: "Failed to rename conversation", variant: "destructive" });
      }
      await refresh();
    },
    [conversations, refresh],
  );

  const restore = useCallback(
    async (id: string, onRestored?: () => void) => {
      try {
        add(await restoreConversation(id));
        toast({ title: "Success", description: "Conversation restored." });
        onRestored?.();
      } catch (error) {
        if (isUnauthorizedError(error)) handleUnauthorized();
        else toast({ title: "Error", description: "Could not restore the conversation: the time to undo has passed.", variant: "destructive" });
      }
      await refresh();
    },
    [add, refresh],
  );

  /** `onRestored`: what to do when an Undo brought it back (reopen it, when it was open). */
  const remove = useCallback(
    async (id: string, onRestored?: () => void): Promise<boolean> => {
      const before = conversations;
      setConversations((list) => list.filter((c) => c.id !== id));
      let ok = true;
      try {
        await deleteConversation(id);
        toast({
          title: "Success",
          description: "Conversation deleted.",
          action: { label: "Undo", onClick: () => void restore(id, onRestored) },
          duration: DELETE_UNDO_MS,
        });
      } catch (error) {
        ok = false;
        setConversations(before);
        if (isUnauthorizedError(error)) handleUnauthorized();
        else toast({ title: "Error", description: "Failed to delete conversation", variant: "destructive" });
      }
      await refresh();
      return ok;
    },
    [conversations, refresh, restore],
  );

  return { conversations, status, refresh, add, rename, remove };
}
