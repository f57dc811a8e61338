import type { useConfirm } from "~/components/ui/confirm-dialog";
import { apiRequest, handleUnauthorized, isUnauthorizedError } from "~/lib/api-client";
import { toast } from "~/lib/toast";

type Confirm = ReturnType<typeof useConfirm>["confirm"];

/**
 * Spec §5: a document is deleted only after a confirm that warns it cannot be undone and removes
 * its chunks and embeddings; then 'Document Deleted' or 'Delete Failed', and the list is refreshed
 * either way (a failure may mean it is out of date). A signed-out caller goes to the login page
 * instead, and a cancelled confirm does nothing.
 */
export async function deleteDocumentAfterConfirm(
  confirm: Confirm,
  doc: { id: string; title: string },
  endpoint: string,
  refresh: () => Promise<void>,
): Promise<void> {
  const ok = await confirm({
    title: "Delete document?",
    description: `"${doc.title}" will be deleted with all its text chunks and embeddings. This cannot be undone.`,
    confirmLabel: "Delete",
    destructive: true,
  });
  if (!ok) return;
  try {
    await apiRequest("DELETE", [endpoint, doc.id]);
    toast({ title: "Document Deleted", description: `${doc.title} was removed.` });
  } catch (error) {
    if (isUnauthorizedError(error)) return handleUnauthorized();
    toast({ title: "Delete Failed", description: "Failed to delete document", variant: "destructive" });
  }
  await refresh();
}
