import { useEffect, useState } from "react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogActions, DialogClose } from "~/components/ui/dialog";
import { TextAreaField } from "~/components/ui/textarea";
import { handleUnauthorized, isUnauthorizedError, reportFailure, serverReason } from "~/lib/api-client";
import { getUserSettings, saveUserSettings, type UserSettings } from "~/lib/chat-client";
import { toast } from "~/lib/toast";

type LoadState = { status: "loading" } | { status: "error" } | { status: "ready"; form: UserSettings; customSystemPromptApplies: boolean };

/** 'User Settings' (spec §2): the custom system prompt and PubMed priority journals, loaded on open. */
export function SettingsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [state, setState] = useState<LoadState>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    setState({ status: "loading" });
    getUserSettings(controller.signal)
      .then((settings) => {
        if (controller.signal.aborted) return;
        setState({
          status: "ready",
          form: { customSystemPrompt: settings?.customSystemPrompt ?? "", pubmedPriorityJournals: settings?.pubmedPriorityJournals ?? "" },
          customSystemPromptApplies: settings?.customSystemPromptApplies ?? true,
        });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (isUnauthorizedError(error)) handleUnauthorized();
        setState({ status: "error" });
      });
    return () => controller.abort();
  }, [open, attempt]);

  const set = (key: keyof UserSettings) => (e: { target: { value: string } }) =>
    setState((s) => (s.status === "ready" ? { ...s, form: { ...s.form, [key]: e.target.value } } : s));

  async function save(event: React.FormEvent) {
    event.preventDefault();
    if (state.status !== "ready") return;
    setSaving(true);
    try {
      await saveUserSettings(state.form);
      toast({ title: "Settings Saved", description: "Your settings have been saved." });
      onOpenChange(false);
    } catch (error) {
      reportFailure(error, "Error", serverReason(error) ?? "Failed to save settings. Please try again.");
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="User Settings"
      description="Shape how answers are written for you, and which journals PubMed mode favours."
      testId="settings-dialog"
    >
      {state.status === "loading" ? (
        <p className="py-8 text-center text-sm text-slate-500" role="status">
          Loading settings...
        </p>
      ) : state.status === "error" ? (
        <div className="space-y-4">
          <p className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800" role="alert">
            Could not load your settings.
          </p>
          <div className="flex justify-end gap-2">
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <Button onClick={() => setAttempt((n) => n + 1)}>Try again</Button>
          </div>
        </div>
      ) : (
        <form onSubmit={save} className="space-y-4">
          <TextAreaField
            label="Custom System Prompt"
            id="custom-system-prompt"
            rows={8}
            maxLength={20000}
            value={state.form.customSystemPrompt}
            onChange={set("customSystemPrompt")}
            hint={
              <>
                Instructions added to every answer for you.
                {state.customSystemPromptApplies ? null : (
                  <span className="mt-1 block text-amber-800" data-testid="custom-prompt-note">
                    It applies only when a language model is configured: answers now come from the built-in extractive answerer, which
                    quotes the knowledge base and does not read this prompt.
                  </span>
                )}
              </>
            }
          />
          <TextAreaField
            label="PubMed Priority Journals"
            id="pubmed-priority-journals"
            rows={3}
            maxLength={5000}
            value={state.form.pubmedPriorityJournals}
            onChange={set("pubmedPriorityJournals")}
            hint="Comma-separated journal names, searched first in PubMed mode."
          />
          <DialogActions submitLabel="Save Settings" busy={saving} />
        </form>
      )}
    </Dialog>
  );
}
