import { useState } from "react";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { useConfirm } from "~/components/ui/confirm-dialog";
import { Dialog, DialogActions } from "~/components/ui/dialog";
import { TextAreaField } from "~/components/ui/textarea";
import { deleteFeedback, updateFeedback, type FeedbackItem } from "~/lib/admin-client";
import { displayName, feedbackBadgeClass, timeAgo } from "~/lib/admin-view";
import { handleUnauthorized, isUnauthorizedError, serverReason } from "~/lib/api-client";
import { professionLabel } from "~/lib/brand";
import { toast } from "~/lib/toast";
import { Badge, EmptyState, useTabData } from "./admin-data";

const NOTES_MAX = 5000;
const updateFailure = (error: unknown) => serverReason(error) ?? "Failed to update feedback.";

/** Feedback (spec §2, §4): new -> reviewed, notes at any status, delete with a confirm. */
export function FeedbackTab({ feedback: loaded }: { feedback: FeedbackItem[] }) {
  const { data: feedback, reload, update } = useTabData(loaded);
  const { confirm, dialog } = useConfirm();
  const [editing, setEditing] = useState<FeedbackItem | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  const replace = (item: FeedbackItem) => update((items) => items.map((f) => (f.id === item.id ? { ...f, ...item, user: item.user ?? f.user } : f)));

  async function run(id: string, work: () => Promise<void>, failureText: (error: unknown) => string) {
    setBusyId(id);
    try {
      await work();
    } catch (error) {
      if (isUnauthorizedError(error)) return handleUnauthorized();
      toast({ title: "Error", description: failureText(error), variant: "destructive" });
      // The item may have been deleted by another admin: show the list as the server has it.
      await reload();
    } finally {
      setBusyId(null);
    }
  }

  const markReviewed = (item: FeedbackItem) =>
    run(
      item.id,
      async () => {
        replace(await updateFeedback(item.id, { status: "reviewed" }));
        toast({ title: "Feedback marked as reviewed" });
      },
      updateFailure,
    );

  const saveNotes = (item: FeedbackItem, adminNotes: string) =>
    run(
      item.id,
      async () => {
        replace(await updateFeedback(item.id, { adminNotes }));
        setEditing(null);
        toast({ title: "Admin notes updated" });
      },
      updateFailure,
    );

  async function remove(item: FeedbackItem) {
    const ok = await confirm({
      title: "Delete feedback?",
      description: "This feedback and its admin notes will be deleted. This cannot be undone.",
      confirmLabel: "Delete",
      destructive: true,
    });
    if (!ok) return;
    await run(
      item.id,
      async () => {
        await deleteFeedback(item.id);
        update((items) => items.filter((f) => f.id !== item.id));
        toast({ title: "Feedback deleted successfully" });
      },
      () => "Failed to delete feedback.",
    );
  }

  return (
    <div className="space-y-4">
      {dialog}
      <NotesDialog item={editing} saving={editing !== null && busyId === editing.id} onClose={() => setEditing(null)} onSave={(item, notes) => void saveNotes(item, notes)} />
      {feedback.length === 0 ? (
        <Card className="p-6">
          <EmptyState>No feedback submitted yet</EmptyState>
        </Card>
      ) : (
        <ul className="space-y-4" data-testid="feedback-list">
          {feedback.map((item) => (
            <li key={item.id}>
              <FeedbackCard item={item} busy={busyId === item.id} onReviewed={() => void markReviewed(item)} onNotes={() => setEditing(item)} onDelete={() => void remove(item)} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function FeedbackCard(props: { item: FeedbackItem; busy: boolean; onReviewed: () => void; onNotes: () => void; onDelete: () => void }) {
  const { item } = props;
  const profession = professionLabel(item.user?.profession);
  return (
    <Card className="p-5" data-testid="feedback-item">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <Badge className={feedbackBadgeClass(item.status)} testId="feedback-status">
          {item.status}
        </Badge>
        <span className="font-medium text-slate-900">{displayName(item.user)}</span>
        {profession ? <span className="text-slate-500">· {profession}</span> : null}
        <span className="text-slate-500">· {timeAgo(item.createdAt)}</span>
      </div>
      <p className="mt-3 whitespace-pre-wrap text-slate-800" data-testid="feedback-message">
        {item.message}
      </p>
      {item.adminNotes ? (
        <div className="mt-3 rounded-md bg-slate-50 p-3 text-sm" data-testid="feedback-notes">
          <p className="text-xs font-medium text-slate-500">Admin notes</p>
          <p className="whitespace-pre-wrap text-slate-700">{item.adminNotes}</p>
        </div>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-2">
        {item.status === "new" ? (
          <Button onClick={props.onReviewed} disabled={props.busy}>
            Mark as Reviewed
          </Button>
        ) : null}
        <Button variant="secondary" onClick={props.onNotes} disabled={props.busy}>
          {item.adminNotes ? "Edit Notes" : "Add Notes"}
        </Button>
        <Button variant="destructive" onClick={props.onDelete} disabled={props.busy}>
          Delete
        </Button>
      </div>
    </Card>
  );
}

/** The notes prompt: prefilled with the current notes; Cancel (or Escape) changes nothing. */
function NotesDialog(props: { item: FeedbackItem | null; saving: boolean; onClose: () => void; onSave: (item: FeedbackItem, notes: string) => void }) {
  const { item } = props;
  return (
    <Dialog open={item !== null} onOpenChange={(open) => !open && props.onClose()} title={item?.adminNotes ? "Edit Notes" : "Add Notes"} description="Notes are seen only by admins." testId="notes-dialog">
      {/* Keyed by item so the textarea starts from that item's notes each time it opens. */}
      {item ? <NotesForm key={item.id} item={item} saving={props.saving} onSave={props.onSave} /> : null}
    </Dialog>
  );
}

function NotesForm({ item, saving, onSave }: { item: FeedbackItem; saving: boolean; onSave: (item: FeedbackItem, notes: string) => void }) {
  const [notes, setNotes] = useState(item.adminNotes ?? "");
  return (
    <form
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        onSave(item, notes);
      }}
    >
      <TextAreaField label="Admin Notes" id="admin-notes" rows={5} maxLength={NOTES_MAX} value={notes} onChange={(e) => setNotes(e.target.value)} autoFocus />
      <DialogActions submitLabel="Save Notes" busy={saving} />
    </form>
  );
}
