import fs from "node:fs";
import { Readable } from "node:stream";
import { requireApiUser } from "~/lib/auth/index.server";
import { byteRange, jsonError } from "~/lib/http.server";
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
 * exists). PDFs open inline (the in-app viewer draws them); other formats download. One byte range
 * may be asked for, so the viewer reads only the parts of a large PDF the cited page needs.
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
  const range = byteRange(request.headers.get("range"), stat.size);
  if (range === "unsatisfiable") {
    return new Response(null, { status: 416, headers: { "Content-Range": `bytes */${stat.size}`, "Cache-Control": "private, no-store" } });
  }
  const { start, end } = range ?? { start: 0, end: stat.size - 1 };
  const stream = stat.size === 0 ? fs.createReadStream(doc.filePath) : fs.createReadStream(doc.filePath, { start, end });
  const body = Readable.toWeb(stream) as ReadableStream<Uint8Array>;
  return new Response(body, {
    status: range ? 206 : 200,
    headers: {
      ...(range ? { "Content-Range": `bytes ${start}-${end}/${stat.size}` } : {}),
      "Accept-Ranges": "bytes",
      "Content-Type": CONTENT_TYPES[doc.fileType] ?? "application/octet-stream",
      "Content-Length": String(stat.size === 0 ? 0 : end - start + 1),
      "Content-Disposition": disposition(doc.fileType === "pdf" ? "inline" : "attachment", doc.filename),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
