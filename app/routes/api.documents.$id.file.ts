import fs from "node:fs";
import { Readable } from "node:stream";
import { requireApiUser } from "~/lib/auth/index.server";
import { jsonError } from "~/lib/http.server";
import { getVisibleDocument } from "~/lib/ingest/index.server";
import type { Route } from "./+types/api.documents.$id.file";

const CONTENT_TYPES: Record<string, string> = {
  pdf: "application/pdf",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  doc: "application/msword",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  txt: "text/plain; charset=utf-8",
  csv: "text/csv; charset=utf-8",
};

/** RFC 6266 filename: an ASCII fallback plus the exact name, so any uploaded name is safe in the header. */
function disposition(kind: "inline" | "attachment", filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/**
 * GET: the stored original of a document the caller may see (404 otherwise, whether or not it
 * exists). PDFs open inline so "#page=N" takes the viewer to the cited page; other formats download.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireApiUser(request);
  const doc = getVisibleDocument(user.id, params.id);
  if (!doc) return jsonError(404, "Document not found");
  let stat: fs.Stats;
  try {
    stat = fs.statSync(doc.filePath);
  } catch {
    return jsonError(404, "The document's file is missing");
  }
  const body = Readable.toWeb(fs.createReadStream(doc.filePath)) as ReadableStream<Uint8Array>;
  return new Response(body, {
    headers: {
      "Content-Type": CONTENT_TYPES[doc.fileType] ?? "application/octet-stream",
      "Content-Length": String(stat.size),
      "Content-Disposition": disposition(doc.fileType === "pdf" ? "inline" : "attachment", doc.filename),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
