import { useCallback, useMemo, useState } from "react";
import { useRevalidator } from "react-router";
import { handleUnauthorized, isUnauthorizedError } from "~/lib/api-client";
import { DELETE_UNDO_MS } from "~/lib/chat/index";
import { deleteConversation, renameConversation, restoreConversation, type Conversation } from "~/lib/chat-client";
import { toast } from "~/lib/toast";

/**
 * The Chat History list (spec §4) as the page loader read it, with the changes on their way shown at
 * once: rename refreshes the list and says 'Success'; delete is optimistic, restored on error, refetched
 * after, and offers Undo while the server keeps it restorable. Refetching is the loader's revalidation,
 * which also keeps an older answer from overwriting a newer one.
 */
export function useConversations(loaded: readonly Conversation[]) {
  const { revalidate } = useRevalidator();
  const [renamed, setRenamed] = useState<ReadonlyMap<string, string>>(new Map());
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());

  const conversations = useMemo(
    () =>
      loaded
        .filter((c) => !hidden.has(c.id))
        .map((c) => {
          const title = renamed.get(c.id);
          return title === undefined ? c : { ...c, title };
        }),
    [loaded, hidden, renamed],
  );

  const rename = useCallback(
    async (id: string, title: string) => {
      setRenamed((m) => new Map(m).set(id, title));
      try {
        await renameConversation(id, title);
        toast({ title: "Success", description: "Conversation renamed." });
        await revalidate();
      } catch (error) {
        if (isUnauthorizedError(error)) handleUnauthorized();
        else toast({ title: "Error", description: "Failed to rename conversation", variant: "destructive" });
      } finally {
        setRenamed((m) => {
          const next = new Map(m);
          next.delete(id);
          return next;
        });
      }
    },
    [revalidate],
  );

  const unhide = useCallback(
    (id: string) =>
      setHidden((s) => {
        const next = new Set(s);
        next.delete(id);
        return next;
      }),
    [],
  );

  const restore = useCallback(
    async (id: string, onRestored?: () => void) => {
      try {
        await restoreConversation(id);
        unhide(id);
        toast({ title: "Success", description: "Conversation restored." });
        if (onRestored) onRestored();
        else await revalidate();
      } catch (error) {
        if (isUnauthorizedError(error)) handleUnauthorized();
        else toast({ title: "Error", description: "Could not restore the conversation: the time to undo has passed.", variant: "destructive" });
      }
    },
    [revalidate, unhide],
  );

  /** `onRestored`: what to do when an Undo brought it back (reopen it, when it was open). */
  const remove = useCallback(
    async (id: string, onRestored?: () => void): Promise<boolean> => {
      setHidden((s) => new Set(s).add(id));
      try {
        await deleteConversation(id);
        toast({
          title: "Success",
          description: "Conversation deleted.",
          action: { label: "Undo", onClick: () => void restore(id, onRestored) },
          duration: DELETE_UNDO_MS,
        });
        // It stays hidden: a revalidation that started before the delete may still bring it back.
        await revalidate();
        return true;
      } catch (error) {
        unhide(id);
        if (isUnauthorizedError(error)) handleUnauthorized();
        else toast({ title: "Error", description: "Failed to delete conversation", variant: "destructive" });
        return false;
      }
    },
    [restore, revalidate, unhide],
  );

  return { conversations, refresh: revalidate, rename, remove };
}

