import { describe, expect, it } from "vitest";
import {
  DEFAULT_FILTERS,
  filterAndSortDocuments,
  formatElapsed,
  formatKb,
  planFolderUpload,
  progressPercent,
  progressText,
  type DocumentRow,
} from "./documents-view";

const row = (over: Partial<DocumentRow>): DocumentRow => ({
  id: "x",
  title: "T",
  filename: "t.pdf",
  authors: [],
  year: null,
  fileType: "pdf",
  fileSize: 1000,
  pages: 1,
  uploadedAt: "2026-01-01T00:00:00Z",
  processingStatus: "completed",
  error: null,
  upload: null,
  ...over,
});

describe("filterAndSortDocuments", () => {
  const rows = [
    row({ id: "a", title: "Feline Medicine", filename: "feline.pdf", authors: ["Little S"], fileSize: 5000, pages: 300, uploadedAt: "2026-01-02T00:00:00Z" }),
    row({ id: "b", title: "canine dermatology", filename: "derm.docx", authors: ["Miller W"], fileSize: null, pages: null, uploadedAt: "2026-01-03T00:00:00Z", processingStatus: "processing" }),
    row({ id: "c", title: "Anaesthesia", filename: "ANAES.pdf", authors: [], fileSize: 100, pages: 20, uploadedAt: "2026-01-01T00:00:00Z" }),
  ];
  const ids = (r: DocumentRow[]) => r.map((d) => d.id);

  it("defaults to newest first", () => {
    expect(ids(filterAndSortDocuments(rows, DEFAULT_FILTERS))).toEqual(["b", "a", "c"]);
  });
  it("matches title, filename or authors, ignoring case", () => {
    expect(ids(filterAndSortDocuments(rows, { ...DEFAULT_FILTERS, search: "MILLER" }))).toEqual(["b"]);
    expect(ids(filterAndSortDocuments(rows, { ...DEFAULT_FILTERS, search: "anaes.PDF" }))).toEqual(["c"]);
    expect(ids(filterAndSortDocuments(rows, { ...DEFAULT_FILTERS, search: "feline" }))).toEqual(["a"]);
  });
  it("sorts by name, size and pages with missing values as 0, either order", () => {
    expect(ids(filterAndSortDocuments(rows, { ...DEFAULT_FILTERS, sortBy: "name", order: "asc" }))).toEqual(["c", "b", "a"]);
    expect(ids(filterAndSortDocuments(rows, { ...DEFAULT_FILTERS, sortBy: "size", order: "asc" }))).toEqual(["b", "c", "a"]);
    expect(ids(filterAndSortDocuments(rows, { ...DEFAULT_FILTERS, sortBy: "pages", order: "desc" }))).toEqual(["a", "c", "b"]);
  });
  it("filters by status", () => {
    expect(ids(filterAndSortDocuments(rows, { ...DEFAULT_FILTERS, status: "processing" }))).toEqual(["b"]);
    expect(filterAndSortDocuments(rows, { ...DEFAULT_FILTERS, status: "failed" })).toEqual([]);
  });
});

describe("progress", () => {
  const at = (currentStep: string | null, progress: number) => ({ currentStep, totalChunks: 120, chunksCreated: 0, progress });
  it("shows the percent the server stored from the real work, whatever the step", () => {
    expect(progressPercent(at(null, 0))).toBe(0);
    expect(progressPercent(at("metadata", 23))).toBe(23);
    expect(progressPercent(at("embeddings", 67))).toBe(67);
    expect(progressPercent(at("finalizing", 100))).toBe(100);
    expect(progressPercent(at("finalizing", 140))).toBe(100);
  });
  it("says what is happening in the spec's words, and that a queued upload waits", () => {
    expect(progressText({ ...at(null, 0), totalChunks: null })).toBe("Queued: waiting for the uploads before it...");
    expect(progressText({ ...at("metadata", 5), totalChunks: null })).toBe("Extracting metadata...");
    expect(progressText({ ...at("chunking", 40), totalChunks: 9 })).toBe("Creating text chunks...");
    expect(progressText({ currentStep: "embeddings", totalChunks: 9, chunksCreated: 3, progress: 60 })).toBe("Creating embeddings: 3/9 chunks complete");
    expect(progressText({ currentStep: "finalizing", totalChunks: 9, chunksCreated: 9, progress: 95 })).toBe("Finalizing document...");
  });
});

describe("formatting", () => {
  it("shows sizes in KB with one decimal and elapsed time as m:ss", () => {
    expect(formatKb(1536)).toBe("1.5 KB");
    expect(formatKb(null)).toBe("0.0 KB");
    expect(formatElapsed(0)).toBe("0:00");
    expect(formatElapsed(65_400)).toBe("1:05");
    expect(formatElapsed(3_600_000)).toBe("60:00");
  });
});

describe("planFolderUpload", () => {
  it("keeps allowed extensions (any case), skips others, and warns past 100 files or 500 MB", () => {
    const files = [
      { name: "a.PDF", size: 1 },
      { name: "b.docx", size: 1 },
      { name: "c.exe", size: 1 },
      { name: "notes", size: 1 },
    ];
    const plan = planFolderUpload(files);
    expect(plan.accepted.map((f) => f.name)).toEqual(["a.PDF", "b.docx"]);
    expect(plan.skipped.map((f) => f.name)).toEqual(["c.exe", "notes"]);
    expect(plan.warnings).toEqual([]);
    const many = Array.from({ length: 101 }, (_, i) => ({ name: `${i}.pdf`, size: 6 * 1024 * 1024 }));
    expect(planFolderUpload(many).warnings.map((w) => w.title)).toEqual(["Very Large Folder", "Large Upload Size"]);
    expect(planFolderUpload(many).warnings[0]!.description).toBe("101 files selected. Consider uploading in smaller batches if you experience timeouts.");
  });
});
