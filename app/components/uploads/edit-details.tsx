import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Dialog, DialogActions } from "~/components/ui/dialog";
import { TextField } from "~/components/ui/field";
import { DETAILS_AUTHORS_MAX, DETAILS_TITLE_MAX, DETAILS_YEAR_MIN, detailsYearMax, joinAuthorList, validateDetails, type EditDetailsReply } from "~/lib/ingest";
import { toast } from "~/lib/toast";

type Editable = { id: string; title: string; authors: string[]; year: number | null; processingStatus: string };

/** The page action both the library and the admin's documents tab submit to (routes/documents.tsx). */
const EDIT_ACTION = "/documents";

/**
 * "Edit details": title, authors and year of a document, saved through the documents page's action (a
 * fetcher: no navigation). The form checks the same rule as the server before sending; the server's
 * refusal (422, 403, 404, 409) is shown in the dialog and nothing changes. `onSaved` refreshes the list.
 */
export function EditDetailsButton({ doc, onSaved }: { doc: Editable; onSaved: () => void }) {
  const [open, setOpen] = useState(false);
  const processing = doc.processingStatus === "processing";
  return (
    <>
      <Button
        variant="ghost"
        className="shrink-0 px-2 py-1"
        disabled={processing}
        title={processing ? "Details can be edited once processing has finished" : undefined}
        onClick={() => setOpen(true)}
        aria-label={`Edit details of ${doc.title}`}
      >
        Edit details
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title="Edit details" description="The title is how answers cite this document." testId="edit-details-dialog">
        {/* Keyed by document so the fields start from its current details each time it opens. */}
        {open ? (
          <DetailsForm
            key={doc.id}
            doc={doc}
            onDone={() => {
              setOpen(false);
              onSaved();
            }}
          />
        ) : null}
      </Dialog>
    </>
  );
}

function DetailsForm({ doc, onDone }: { doc: Editable; onDone: () => void }) {
  const fetcher = useFetcher<EditDetailsReply>();
  const [title, setTitle] = useState(doc.title);
  const [authors, setAuthors] = useState(joinAuthorList(doc.authors));
  const [year, setYear] = useState(doc.year === null ? "" : String(doc.year));
  const [localError, setLocalError] = useState<{ field?: string; error: string } | null>(null);
  const [sent, setSent] = useState(false);
  const reply = sent ? fetcher.data : undefined;
  const busy = fetcher.state !== "idle";

  // The fetcher's answer arrived: close on success (an effect of the reply, not data loading).
  useEffect(() => {
    if (!sent || busy || !fetcher.data) return;
    if (fetcher.data.ok) {
      toast({ title: "Details saved", description: `Answers now cite "${fetcher.data.title}".` });
      onDone();
    }
  }, [sent, busy, fetcher.data, onDone]);

  const failure = localError ?? (reply && !reply.ok ? reply : null);
  const errorFor = (field: string) => (failure?.field === field ? failure.error : undefined);
  const general = failure && !["title", "authors", "year"].includes(failure.field ?? "") ? failure.error : null;

  return (
    <form
      className="space-y-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const input = { id: doc.id, title, authors, year };
        const checked = validateDetails(input);
        if (!checked.ok) return setLocalError({ field: checked.field, error: checked.message });
        setLocalError(null);
        setSent(true);
        void fetcher.submit(input, { method: "post", action: EDIT_ACTION, encType: "application/json" });
      }}
    >
      <TextField label="Title" id="details-title" value={title} maxLength={DETAILS_TITLE_MAX} required onChange={(e) => setTitle(e.target.value)} error={errorFor("title")} autoFocus />
      <TextField
        label="Authors"
        id="details-authors"
        value={authors}
        maxLength={DETAILS_AUTHORS_MAX}
        onChange={(e) => setAuthors(e.target.value)}
        error={errorFor("authors")}
        hint="Separate names with semicolons"
      />
      <TextField
        label="Year"
        id="details-year"
        value={year}
        inputMode="numeric"
        placeholder={`${DETAILS_YEAR_MIN}–${detailsYearMax()}`}
        onChange={(e) => setYear(e.target.value)}
        error={errorFor("year")}
        hint="Leave empty when unknown"
      />
      {general ? (
        <p className="text-sm text-red-600" role="alert">
          {general}
        </p>
      ) : null}
      <DialogActions submitLabel="Save" busy={busy} />
    </form>
  );
}
