import { useRef } from "react";
import { Link } from "react-router";
import { TopBar } from "~/components/top-bar";
import { Button, buttonClasses } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { useConfirm } from "~/components/ui/confirm-dialog";
import { formatCreatedDate } from "~/lib/chat-view";
import type { ActiveUpload } from "~/lib/documents-view";
import { LIBRARY_EXTENSIONS, LIBRARY_MAX_MB, planLibraryUpload, quotaText, type LibraryDocument } from "~/lib/library-view";
import { toast } from "~/lib/toast";
import { deleteDocumentAfterConfirm } from "../uploads/delete-document";
import { EditDetailsButton } from "../uploads/edit-details";
import { ProcessingConsole, ProgressPanel, UploadResults, UploadRowState } from "../uploads/upload-progress";
import { useDocumentList } from "../uploads/use-document-list";
import { useUploadFlow, type UploadEndpoints } from "../uploads/use-upload-flow";

/**
 * The Document Library page (spec §2): the user's private PDF, DOC and DOCX files, processed by
 * the same pipeline with the same progress display as the admin's uploads, searched only for them.
 */

const LIBRARY_UPLOADS: UploadEndpoints = { upload: "/api/documents/upload", sessions: "/api/documents/upload-sessions", documents: "/api/documents" };

const anyProcessing = (documents: LibraryDocument[]) => documents.some((d) => d.processingStatus === "processing");

/** `documents`: the page loader's list (what GET /api/documents answers). */
export function LibraryScreen({ quota, documents: loaded }: { quota: number; documents: LibraryDocument[] }) {
  // A document still processing (this page's upload, a retry, or one from before a reload): refresh until it ends.
  const { data: documents, refresh } = useDocumentList(loaded, anyProcessing);
  const { confirm, dialog } = useConfirm();
  const uploads = useUploadFlow(LIBRARY_UPLOADS, refresh);
  const used = documents.length;

  async function upload(files: File[]) {
    const plan = planLibraryUpload(files, used, quota);
    for (const { reason } of plan.refused) uploads.log(reason);
    if (plan.refused.length) {
      toast({ title: "Upload Failed", description: plan.refused.map((r) => r.reason).join("; "), variant: "destructive" });
    }
    for (const file of plan.accepted) {
      // A refused upload (e.g. the library filled up meanwhile) stops the rest: the toast says why.
      if ((await uploads.processOne(file)).outcome === "refused") break;
    }
  }

  return (
    <div className="min-h-screen">
      {dialog}
      <TopBar
        nav={{ to: "/account", label: "Account" }}
        before={
          <Link to="/" className={buttonClasses("ghost")}>
            Back to Chat
          </Link>
        }
        width="max-w-4xl"
      />
      <main className="mx-auto max-w-4xl space-y-6 px-4 py-8">
        <div>
          <h1 className="text-xl font-bold">Document Library</h1>
          <p className="text-sm text-slate-600">Your own documents: only you can see them, and your questions search them alongside the shared knowledge base.</p>
        </div>
        <UploadCard used={used} quota={quota} disabled={uploads.busy} onFiles={(files) => void upload(files)} />
        {uploads.busy ? <ProgressPanel session={uploads.active} elapsed={uploads.elapsed} /> : null}
        <UploadResults results={uploads.results} />
        <ProcessingConsole lines={uploads.consoleLines} busy={uploads.busy} onClear={uploads.clearConsole} onCancel={uploads.cancel} canCancel={!!uploads.active} />
        <Card className="p-6">
          <h2 className="text-lg font-semibold" data-testid="library-heading">
            Your Documents ({used})
          </h2>
          <DocumentCards
            documents={documents}
            onDelete={(doc) => void deleteDocumentAfterConfirm(confirm, doc, "/api/documents", refresh)}
            onSaved={() => void refresh()}
            onCancel={(doc, upload) => void uploads.cancelSession(upload.sessionId, doc.filename)}
            onRetryDocument={(doc) => void uploads.retry(doc)}
          />
        </Card>
      </main>
    </div>
  );
}

function UploadCard(props: { used: number; quota: number; disabled: boolean; onFiles: (files: File[]) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const full = props.used >= props.quota;
  return (
    <Card className="p-6">
      <h2 className="text-lg font-semibold">Upload Documents</h2>
      <p className="mt-1 text-sm text-slate-600">
        Supported formats: {LIBRARY_EXTENSIONS.map((e) => e.toUpperCase()).join(", ")} (max {LIBRARY_MAX_MB}MB each).
      </p>
      <p className="mt-1 text-sm font-medium text-slate-700" data-testid="library-quota">
        {quotaText(props.used, props.quota)}
      </p>
      {full ? <p className="mt-1 text-sm text-amber-700">Your library is full. Delete a document to upload another.</p> : null}
      <input
        ref={input}
        type="file"
        multiple
        className="hidden"
        data-testid="library-file-input"
        accept={LIBRARY_EXTENSIONS.map((e) => `.${e}`).join(",")}
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          e.target.value = "";
          if (files.length) props.onFiles(files);
        }}
      />
      <Button className="mt-4" disabled={props.disabled || full} onClick={() => input.current?.click()}>
        Choose Files
      </Button>
    </Card>
  );
}

function DocumentCards(props: {
  documents: LibraryDocument[];
  onDelete: (d: LibraryDocument) => void;
  onCancel: (d: LibraryDocument, upload: ActiveUpload) => void;
  onRetryDocument: (d: LibraryDocument) => void;
  onSaved: () => void;
}) {
  if (!props.documents.length) return <p className="mt-4 text-sm text-slate-500">No documents uploaded yet</p>;
  return (
    <ul className="mt-4 grid gap-3 sm:grid-cols-2" data-testid="library-documents">
      {props.documents.map((d) => {
        const processing = d.processingStatus === "processing";
        return (
          <li key={d.id} className="flex items-start justify-between gap-3 rounded-md border border-slate-200 p-4" data-testid="library-document">
            <div className="min-w-0">
              <p className="truncate font-medium" title={d.title}>
                {d.title}
              </p>
              {d.authors.length || d.year ? (
                <p className="truncate text-sm text-slate-700" data-testid="library-document-byline">
                  {[d.authors.join(", "), d.year].filter(Boolean).join(" · ")}
                </p>
              ) : null}
              <p className="truncate text-sm text-slate-600" title={d.filename}>
                {d.filename}
              </p>
              <p className="text-xs text-slate-500">
                {processing ? "Processing..." : d.processingStatus === "failed" ? "Not processed" : `${d.pages ?? 0} pages`} · Uploaded {formatCreatedDate(d.uploadedAt)}
              </p>
              <UploadRowState doc={d} onCancel={(upload) => props.onCancel(d, upload)} onRetry={() => props.onRetryDocument(d)} />
            </div>
            <div className="flex shrink-0 flex-col items-end gap-1">
              <EditDetailsButton doc={d} onSaved={props.onSaved} />
              <Button
                variant="ghost"
                className="px-2 py-1 text-red-700"
                disabled={processing}
                title={processing ? "Cancel the upload to remove it" : undefined}
                onClick={() => props.onDelete(d)}
                aria-label={`Delete ${d.title}`}
              >
                Delete
              </Button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
