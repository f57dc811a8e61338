import { useState } from "react";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { TextAreaField } from "~/components/ui/textarea";
import { saveSystemPrompts, type SystemPrompts } from "~/lib/admin-client";
import { SYSTEM_PROMPT_MAX, canSave } from "~/lib/admin-view";
import { reportFailure, serverReason } from "~/lib/api-client";
import { toast } from "~/lib/toast";

const FIELDS: ReadonlyArray<{ key: keyof SystemPrompts; label: string; hint: string; rows: number }> = [
  { key: "mainPrompt", label: "Main System Prompt", hint: "How the assistant answers every question.", rows: 12 },
  { key: "thinkHarderPrompt", label: "Think Harder Mode Addition", hint: "Added to the main prompt when Think Harder is on.", rows: 5 },
  { key: "pubmedPrompt", label: "PubMed Mode Addition", hint: "Added to the main prompt when PubMed research mode is on.", rows: 5 },
];

/** System Prompt (spec §2): the three prompts the answering code reads. */
export function SystemPromptTab({ prompts }: { prompts: SystemPrompts }) {
  return <SystemPromptForm initial={prompts} />;
}

function SystemPromptForm({ initial }: { initial: SystemPrompts }) {
  const [saved, setSaved] = useState(initial);
  const [draft, setDraft] = useState(initial);
  const [saving, setSaving] = useState(false);
  const changed = FIELDS.some(({ key }) => draft[key] !== saved[key]);

  async function save(event: React.FormEvent) {
    event.preventDefault();
    if (!canSave(changed, saving)) return;
    setSaving(true);
    try {
      // The server may put a default back for a blank prompt: show what it stored.
      const stored = await saveSystemPrompts(draft);
      setSaved(stored);
      setDraft(stored);
      toast({ title: "System Prompts Saved", description: "The assistant uses the new prompts from the next question." });
    } catch (error) {
      reportFailure(error, "Save Failed", serverReason(error) ?? "Failed to save system prompts");
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card className="p-6">
      <h2 className="text-lg font-semibold">System Prompt</h2>
      <p className="text-sm text-slate-600">Leave a prompt empty to go back to its built-in default.</p>
      <form onSubmit={save} className="mt-4 space-y-5">
        {FIELDS.map(({ key, label, hint, rows }) => (
          <TextAreaField
            key={key}
            id={key}
            label={label}
            rows={rows}
            maxLength={SYSTEM_PROMPT_MAX}
            value={draft[key]}
            onChange={(e) => setDraft((d) => ({ ...d, [key]: e.target.value }))}
            hint={`${hint} ${draft[key].length.toLocaleString()} / ${SYSTEM_PROMPT_MAX.toLocaleString()} characters.`}
            className="font-mono"
          />
        ))}
        <div className="flex items-center gap-3">
          <Button type="submit" disabled={!canSave(changed, saving)} aria-busy={saving}>
            Save System Prompts
          </Button>
          {changed && !saving ? <span className="text-sm text-slate-500">Unsaved changes</span> : null}
        </div>
      </form>
    </Card>
  );
}
