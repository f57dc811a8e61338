/**
 * The private document library's rules (spec §2 Document Library page, §5, §9), shared by the
 * page and the server so the text on screen and the limits enforced are the same numbers.
 */
import type { ActiveUpload } from "./documents-view";

/** Largest file a user may add to their library (the admin's limit is MAX_UPLOAD_MB). */
export const LIBRARY_MAX_MB = 50;
export const LIBRARY_MAX_BYTES = LIBRARY_MAX_MB * 1024 * 1024;
/** The formats the page promises; the server reads the real type from the bytes. */
export const LIBRARY_EXTENSIONS = ["pdf", "doc", "docx"] as const;

export type LibraryDocument = {
  id: string;
  title: string;
  filename: string;
  authors: string[];
  year: number | null;
  pages: number | null;
  uploadedAt: string;
  processingStatus: "completed" | "processing" | "failed";
  error: string | null;
  upload: ActiveUpload | null;
};

export const quotaText = (used: number, quota: number) => `${used} of ${quota} documents used`;

/**
 * Splits chosen files into those to send and those refused here with a reason, in order, so a
 * user is told at once rather than after uploading 60 MB. The server checks all of it again.
 */
export function planLibraryUpload<F extends { name: string; size: number }>(files: F[], used: number, quota: number) {
  const accepted: F[] = [];
  const refused: Array<{ file: F; reason: string }> = [];
  for (const file of files) {
    const ext = (/\.([^.]+)$/.exec(file.name)?.[1] ?? "").toLowerCase();
    if (!(LIBRARY_EXTENSIONS as readonly string[]).includes(ext)) {
      refused.push({ file, reason: `${file.name}: only PDF, DOC and DOCX files can be added` });
    } else if (file.size > LIBRARY_MAX_BYTES) {
      refused.push({ file, reason: `${file.name} is larger than ${LIBRARY_MAX_MB}MB` });
    } else if (used + accepted.length >= quota) {
      refused.push({ file, reason: `${file.name}: your library is full (${quotaText(used, quota)})` });
    } else {
      accepted.push(file);
    }
  }
  return { accepted, refused };
}
