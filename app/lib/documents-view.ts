/**
 * The admin Documents tab's rules (spec §2, §4, §5, §9), kept apart from the screen so
 * they are tested directly: filtering and sorting, the progress bar, folder checks.
 */

/**
 * The upload of a document still processing, as its row in a list shows it: Cancel needs its session,
 * the bar its stored percent; `queued`: waiting for the worker, not started yet.
 */
export type ActiveUpload = { sessionId: string; progress: number; queued: boolean };

export type DocumentRow = {
  id: string;
  title: string;
  filename: string;
  authors: string[];
  year: number | null;
  fileType: string;
  fileSize: number | null;
  pages: number | null;
  uploadedAt: string;
  processingStatus: string;
  /** Why processing failed (a failed document stays listed with its stored file, for Retry). */
  error: string | null;
  upload: ActiveUpload | null;
};

export type SortBy = "date" | "name" | "size" | "pages" | "status";
export type SortOrder = "desc" | "asc";
export type StatusFilter = "all" | "completed" | "processing" | "failed";
export type DocumentFilters = { search: string; sortBy: SortBy; order: SortOrder; status: StatusFilter };
export const DEFAULT_FILTERS: DocumentFilters = { search: "", sortBy: "date", order: "desc", status: "all" };

export function filterAndSortDocuments(rows: DocumentRow[], f: DocumentFilters): DocumentRow[] {
  const q = f.search.trim().toLowerCase();
  const matches = (d: DocumentRow) =>
    !q ||
    d.title.toLowerCase().includes(q) ||
    d.filename.toLowerCase().includes(q) ||
    d.authors.some((a) => a.toLowerCase().includes(q));
  const key = (d: DocumentRow): number | string => {
    switch (f.sortBy) {
      case "name":
        return d.title.toLowerCase();
      case "size":
        return d.fileSize ?? 0;
      case "pages":
        return d.pages ?? 0;
      case "status":
        return d.processingStatus;
      case "date":
        return Date.parse(d.uploadedAt) || 0;
    }
  };
  const dir = f.order === "asc" ? 1 : -1;
  return rows
    .filter((d) => (f.status === "all" || d.processingStatus === f.status) && matches(d))
    .sort((a, b) => {
      const ka = key(a);
      const kb = key(b);
      return (ka < kb ? -1 : ka > kb ? 1 : 0) * dir;
    });
}

export const formatKb = (bytes: number | null) => `${((bytes ?? 0) / 1024).toFixed(1)} KB`;

export function formatElapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, "0")}`;
}

/** `progress`: the percent the server stores from the real stages (pages read, chunks, embedding batches, indexing). */
export type SessionProgressView = { currentStep: string | null; totalChunks: number | null; chunksCreated: number; progress: number };

const STEP_TEXT: Record<string, string> = {
  metadata: "Extracting metadata...",
  chunking: "Creating text chunks...",
  embeddings: "Generating embeddings...",
};

/**
 * The bar shows the server's stored percent, which moves with the work and only upwards (the spec's fixed
 * share per step left it at 5 % for as long as a long PDF was read; the issue asks for real progress).
 */
export function progressPercent(s: SessionProgressView): number {
  return Math.max(0, Math.min(100, Math.round(s.progress)));
}

export function progressText(s: SessionProgressView): string {
  if (s.currentStep === "embeddings" && s.totalChunks) {
    return `Creating embeddings: ${s.chunksCreated}/${s.totalChunks} chunks complete`;
  }
  if (!s.currentStep) return "Queued: waiting for the uploads before it...";
  return STEP_TEXT[s.currentStep] ?? "Finalizing document...";
}

export const ALLOWED_EXTENSIONS = ["pdf", "docx", "doc", "txt", "csv", "xlsx", "pptx"] as const;
export const FOLDER_FILE_LIMIT = 100;
export const FOLDER_SIZE_LIMIT = 500 * 1024 * 1024;

export const extensionOf = (name: string) => (/\.([^.]+)$/.exec(name)?.[1] ?? "").toLowerCase();

/** Splits a folder's files into those we accept and those skipped, with the warnings to show. */
export function planFolderUpload<F extends { name: string; size: number }>(files: F[]) {
  const accepted = files.filter((f) => (ALLOWED_EXTENSIONS as readonly string[]).includes(extensionOf(f.name)));
  const skipped = files.filter((f) => !accepted.includes(f));
  const totalBytes = accepted.reduce((n, f) => n + f.size, 0);
  const warnings: Array<{ title: string; description: string }> = [];
  if (accepted.length > FOLDER_FILE_LIMIT) {
    warnings.push({
      title: "Very Large Folder",
      description: `${accepted.length} files selected. Consider uploading in smaller batches if you experience timeouts.`,
    });
  }
  if (totalBytes > FOLDER_SIZE_LIMIT) {
    warnings.push({
      title: "Large Upload Size",
      description: `${(totalBytes / 1024 / 1024).toFixed(0)} MB selected. Consider splitting the upload into smaller batches.`,
    });
  }
  return { accepted, skipped, totalBytes, warnings };
}

export const CONSOLE_READY = "Ready for document upload...";
export const POLL_INTERVAL_MS = 3000;
