import { useState } from "react";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { TextAreaField } from "~/components/ui/textarea";
import { saveWelcomeMessage } from "~/lib/admin-client";
import { WELCOME_MESSAGE_MAX, canSave } from "~/lib/admin-view";
import { reportFailure, serverReason } from "~/lib/api-client";
import { toast } from "~/lib/toast";

/** Customize (spec §2): the welcome message the chat screen shows with no conversation open. */
export function CustomizeTab({ welcomeMessage }: { welcomeMessage: string }) {
  return <WelcomeForm initial={welcomeMessage} />;
}

function WelcomeForm({ initial }: { initial: string }) {
  const [saved, setSaved] = useState(initial);
  const [draft, setDraft] = useState(initial);
  const [saving, setSaving] = useState(false);
  const changed = draft !== saved;

  async function save(event: React.FormEvent) {
    event.preventDefault();
    if (!canSave(changed, saving)) return;
    setSaving(true);
    try {
      const { welcomeMessage } = await saveWelcomeMessage(draft);
      setSaved(welcomeMessage);
      setDraft(welcomeMessage);
      toast({ title: "Welcome Message Saved", description: "The chat screen shows the new welcome message." });
    } catch (error) {
      reportFailure(error, "Save Failed", serverReason(error) ?? "Failed to save welcome message");
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card className="p-6">
      <h2 className="text-lg font-semibold">Customize</h2>
      <form onSubmit={save} className="mt-4 space-y-5">
        <TextAreaField
          id="welcome-message"
          label="Welcome Message"
          rows={6}
          maxLength={WELCOME_MESSAGE_MAX}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          hint={`Shown on the chat screen when no conversation is open; leave it empty for the built-in greeting. ${draft.length.toLocaleString()} / ${WELCOME_MESSAGE_MAX.toLocaleString()} characters.`}
        />
        <Button type="submit" disabled={!canSave(changed, saving)} aria-busy={saving}>
          {saving ? "Saving..." : "Save Welcome Message"}
        </Button>
      </form>
    </Card>
  );
}
