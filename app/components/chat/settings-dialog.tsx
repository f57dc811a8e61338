import { useCallback, useRef, useState, type ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogActions, DialogClose } from "~/components/ui/dialog";
import { TextAreaField } from "~/components/ui/textarea";
import { handleUnauthorized, isUnauthorizedError, reportFailure, serverReason } from "~/lib/api-client";
import { getUserSettings, saveUserSettings, type UserSettings } from "~/lib/chat-client";
import { toast } from "~/lib/toast";

type LoadState = { status: "loading" } | { status: "error" } | { status: "ready"; form: UserSettings; customSystemPromptApplies: boolean };

/**
 * 'User Settings' (spec §2): the custom system prompt and PubMed priority journals, read each time the
 * dialog is opened (`open`), showing 'Loading settings...' meanwhile; closing it drops a read still on its way.
 */
export function useSettingsDialog(): { open: () => void; dialog: ReactNode } {
  const [isOpen, setIsOpen] = useState(false);
  const [state, setState] = useState<LoadState>({ status: "loading" });
  const [saving, setSaving] = useState(false);
  const reading = useRef<AbortController | null>(null);

  const load = useCallback(() => {
    reading.current?.abort();
    const controller = new AbortController();
    reading.current = controller;
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
  }, []);

  const open = useCallback(() => {
    setIsOpen(true);
    load();
  }, [load]);

  const onOpenChange = (next: boolean) => {
    if (!next) reading.current?.abort();
    setIsOpen(next);
  };

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

  const dialog = (
    <Dialog
      open={isOpen}
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
            <Button onClick={load}>Try again</Button>
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
  return { open, dialog };
}
