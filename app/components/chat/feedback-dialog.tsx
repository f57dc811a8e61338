import { useState } from "react";
import { Dialog, DialogActions } from "~/components/ui/dialog";
import { TextAreaField } from "~/components/ui/textarea";
import { reportFailure, serverReason } from "~/lib/api-client";
import { sendFeedback } from "~/lib/chat-client";
import { FEEDBACK_MIN_LENGTH, FEEDBACK_TOO_SHORT } from "~/lib/chat-view";
import { toast } from "~/lib/toast";

/** 'Send Feedback' (spec §2, §5): one textarea, at least 10 characters, Cancel / Send Feedback. */
export function FeedbackDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [message, setMessage] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);

  function close(next: boolean) {
    if (!next) {
      setError(undefined);
    }
    onOpenChange(next);
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (message.trim().length < FEEDBACK_MIN_LENGTH) {
      setError(FEEDBACK_TOO_SHORT);
      return;
    }
    setSending(true);
    try {
      await sendFeedback(message.trim());
      toast({ title: "Feedback Sent", description: "Thank you for your feedback!" });
      setMessage("");
      close(false);
    } catch (failure) {
      reportFailure(failure, "Error", serverReason(failure) ?? "Failed to send feedback. Please try again.");
    } finally {
      setSending(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={close} title="Send Feedback" description="Tell us what works, what does not, and what you would like to see." testId="feedback-dialog">
      <form onSubmit={submit} className="space-y-4" noValidate>
        <TextAreaField
          label="Your Feedback"
          id="feedback-message"
          rows={6}
          maxLength={5000}
          value={message}
          error={error}
          onChange={(e) => {
            setMessage(e.target.value);
            if (error && e.target.value.trim().length >= FEEDBACK_MIN_LENGTH) setError(undefined);
          }}
        />
        <DialogActions submitLabel="Send Feedback" busy={sending} />
      </form>
    </Dialog>
  );
}
