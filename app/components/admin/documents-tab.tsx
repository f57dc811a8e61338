import { useMemo, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { useConfirm } from "~/components/ui/confirm-dialog";
import { answererStatusLabel, type AnswererStatus } from "~/lib/answer";
import { ALLOWED_EXTENSIONS, DEFAULT_FILTERS, filterAndSortDocuments, formatKb, type ActiveUpload, type DocumentFilters, type DocumentRow } from "~/lib/documents-view";
import { backfillLabel, vectorCoverageLabel, type SearchStatus as IndexStatus } from "~/lib/search/index";
import { deleteDocumentAfterConfirm } from "../uploads/delete-document";
import { EditDetailsButton } from "../uploads/edit-details";
import { useDocumentList } from "../uploads/use-document-list";
import { ProcessingConsole, ProgressPanel, UploadResults, UploadRowState } from "../uploads/upload-progress";
import { useUploads } from "./use-uploads";

type SearchStatus = IndexStatus & {
  answering?: AnswererStatus;
};

/** The page loader's shared documents (GET /api/admin/documents) and search status (GET /api/admin/search-status). */
export type AdminDocuments = { documents: DocumentRow[]; status: SearchStatus | null };
/**
 * Read again (every 3 s) while a document is processing, and while chunks are embedded in the background
 * so the admin sees the count move; also while chunks lack vectors and the background embedding has not
 * reported yet (the worker is still loading the model), so the screen shows it start without a reload.
 */
const working = ({ documents, status }: AdminDocuments) =>
  documents.some((d) => d.processingStatus === "processing") ||
  status?.backfill?.state === "running" ||
  status?.backfill?.state === "waiting" ||
  (!status?.backfill && (status?.coverage?.missing ?? 0) > 0);

export function DocumentsTab({ loaded }: { loaded: AdminDocuments }) {
  const {
    data: { documents, status },
    refresh,
  } = useDocumentList(loaded, working);
  const { confirm, dialog } = useConfirm();
  const uploads = useUploads({ documents, onChanged: refresh, confirm });
  const [filters, setFilters] = useState<DocumentFilters>(DEFAULT_FILTERS);
  const shown = useMemo(() => filterAndSortDocuments(documents, filters), [documents, filters]);

  return (
    <div className="space-y-6">
      {dialog}
      <RetrievalBanner status={status} />
      <UploadArea busy={uploads.busy} onFile={uploads.uploadOne} onFolder={uploads.uploadFolder} />
      {uploads.busy ? <ProgressPanel session={uploads.active} elapsed={uploads.elapsed} /> : null}
      <UploadResults results={uploads.results} />
      <ProcessingConsole lines={uploads.consoleLines} busy={uploads.busy} onClear={uploads.clearConsole} onCancel={uploads.cancel} canCancel={!!uploads.active} />
      <Card className="p-6">
        <div className="flex flex-wrap items-end gap-3">
          <label className="flex-1 text-sm">
            <span className="mb-1 block font-medium text-slate-700">Search</span>
            <input
              type="search"
              value={filters.search}
              onChange={(e) => setFilters({ ...filters, search: e.target.value })}
              placeholder="Title, filename or author"
              className="w-full rounded-md border border-slate-300 px-3 py-2"
            />
          </label>
          <Select label="Sort by" value={filters.sortBy} onChange={(v) => setFilters({ ...filters, sortBy: v as DocumentFilters["sortBy"] })} options={[["date", "Upload Date"], ["name", "Name"], ["size", "File Size"], ["pages", "Pages"], ["status", "Status"]]} />
          <Select label="Order" value={filters.order} onChange={(v) => setFilters({ ...filters, order: v as DocumentFilters["order"] })} options={[["desc", "Newest First"], ["asc", "Oldest First"]]} />
          <Select label="Status" value={filters.status} onChange={(v) => setFilters({ ...filters, status: v as DocumentFilters["status"] })} options={[["all", "All"], ["completed", "Completed"], ["processing", "Processing"], ["failed", "Failed"]]} />
          <Button variant="secondary" onClick={() => setFilters(DEFAULT_FILTERS)}>
            Clear All Filters
          </Button>
          <Button variant="secondary" onClick={() => void refresh()}>
            Refresh
          </Button>
        </div>
        <p className="mt-4 text-sm text-slate-600" data-testid="document-count">
          {shown.length} of {documents.length} documents
        </p>
        <DocumentList
          documents={documents}
          shown={shown}
          onDelete={(doc) => void deleteDocumentAfterConfirm(confirm, doc, "/api/admin/documents", refresh)}
          onSaved={() => void refresh()}
          onCancel={(doc, upload) => void uploads.cancelSession(upload.sessionId, doc.filename)}
          onRetry={(doc) => void uploads.retry(doc)}
        />
      </Card>
    </div>
  );
}

function RetrievalBanner({ status }: { status: SearchStatus | null }) {
  if (!status) return null;
  return (
    <div className={`rounded-md border p-3 text-sm ${status.mode === "hybrid" ? "border-emerald-200 bg-emerald-50 text-emerald-900" : "border-amber-200 bg-amber-50 text-amber-900"}`} data-testid="retrieval-mode">
      {status.mode === "hybrid" ? (
        <>Retrieval mode: hybrid (keywords + vectors with {status.embedder})</>
      ) : (
        <>Retrieval mode: lexical only (keyword search){status.reason ? ` — ${status.reason}` : ""}</>
      )}
      {typeof status.chunks === "number" ? <span className="ml-2 text-xs opacity-80">{status.chunks} chunks indexed</span> : null}
      {status.coverage ? (
        <p className="mt-1" data-testid="vector-coverage">
          Embedding model: {status.coverage.embedderId} · {vectorCoverageLabel(status.coverage)}
        </p>
      ) : null}
      {backfillLabel(status.backfill) ? (
        <p className="mt-1" data-testid="vector-backfill">
          {backfillLabel(status.backfill)}
        </p>
      ) : null}
      {status.answering ? (
        <p className="mt-1" data-testid="answerer-mode">
          {answererStatusLabel(status.answering)}
        </p>
      ) : null}
    </div>
  );
}

function UploadArea({ busy, onFile, onFolder }: { busy: boolean; onFile: (f: File) => void; onFolder: (f: File[]) => void }) {
  const single = useRef<HTMLInputElement>(null);
  const folder = useRef<HTMLInputElement>(null);
  return (
    <Card className="p-6">
      <h2 className="text-lg font-semibold">Upload documents</h2>
      <p className="mt-1 text-sm text-slate-600">
        Add textbooks, journals and protocols to the shared knowledge base: {ALLOWED_EXTENSIONS.map((e) => e.toUpperCase()).join(", ")}.
      </p>
      <div className="mt-4 flex gap-3">
        <input
          ref={single}
          type="file"
          className="hidden"
          data-testid="file-input"
          accept={ALLOWED_EXTENSIONS.map((e) => `.${e}`).join(",")}
          onChange={(e) => {
            const f = e.target.files?.[0];
            e.target.value = "";
            if (f) onFile(f);
          }}
        />
        <input
          ref={folder}
          type="file"
          multiple
          className="hidden"
          data-testid="folder-input"
          // Folder picking: a non-standard attribute React passes on but does not type.
          {...{ webkitdirectory: "" }}
          onChange={(e) => {
            const files = Array.from(e.target.files ?? []);
            e.target.value = "";
            if (files.length) onFolder(files);
          }}
        />
        <Button disabled={busy} onClick={() => single.current?.click()}>
          Select Files
        </Button>
        <Button variant="secondary" disabled={busy} onClick={() => folder.current?.click()}>
          Select Folder
        </Button>
      </div>
    </Card>
  );
}

function DocumentList(props: {
  documents: DocumentRow[];
  shown: DocumentRow[];
  onDelete: (d: DocumentRow) => void;
  onCancel: (d: DocumentRow, upload: ActiveUpload) => void;
  onRetry: (d: DocumentRow) => void;
  onSaved: () => void;
}) {
  if (!props.documents.length) return <p className="mt-6 text-sm text-slate-500">No documents uploaded yet</p>;
  if (!props.shown.length) return <p className="mt-6 text-sm text-slate-500">No documents match the current filters</p>;
  return (
    <ul className="mt-4 divide-y divide-slate-200" data-testid="document-list">
      {props.shown.map((d) => (
        <li key={d.id} className="flex items-start justify-between gap-4 py-3">
          <div className="min-w-0">
            <p className="truncate font-medium">{d.title}</p>
            <p className="truncate text-sm text-slate-600">
              {d.filename} · {d.fileType.toUpperCase()} · {formatKb(d.fileSize)} · {d.pages ?? 0} pages · {new Date(d.uploadedAt).toLocaleDateString()}
            </p>
            {d.authors.length || d.year ? <p className="truncate text-xs text-slate-500">{[d.authors.join(", "), d.year].filter(Boolean).join(" · ")}</p> : null}
            <UploadRowState doc={d} onCancel={(upload) => props.onCancel(d, upload)} onRetry={() => props.onRetry(d)} />
          </div>
          <div className="flex shrink-0 items-center gap-2">
            <span
              className={`rounded-full px-2 py-0.5 text-xs font-medium ${
                d.processingStatus === "completed" ? "bg-emerald-100 text-emerald-800" : d.processingStatus === "processing" ? "bg-blue-100 text-blue-800" : "bg-red-100 text-red-800"
              }`}
            >
              {d.processingStatus}
            </span>
            <EditDetailsButton doc={d} onSaved={props.onSaved} />
            <Button variant="ghost" className="px-2 py-1 text-red-700" onClick={() => props.onDelete(d)} aria-label={`Delete ${d.title}`}>
              Delete
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}

function Select(props: { label: string; value: string; onChange: (v: string) => void; options: Array<[string, string]> }) {
  return (
    <label className="text-sm">
      <span className="mb-1 block font-medium text-slate-700">{props.label}</span>
      <select value={props.value} onChange={(e) => props.onChange(e.target.value)} className="rounded-md border border-slate-300 bg-white px-3 py-2">
        {props.options.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </label>
  );
}
