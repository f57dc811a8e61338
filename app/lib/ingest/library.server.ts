import { getConfig } from "../config.server";
import { LIBRARY_EXTENSIONS, LIBRARY_MAX_BYTES } from "../library-view";
import { cancelUploadSession, getUploadSession } from "./documents.server";
import { receiveUpload, refuseOverQuota, refuseUnreadUpload } from "./upload.server";

/**
 * Each user's private library (spec §2 Document Library): PDF, DOC and DOCX up to 50 MB, at most
 * USER_DOCUMENT_QUOTA documents, ingested by the same pipeline and worker as the shared knowledge
 * base but with ownerId = the user. Only the uploader follows, cancels and deletes them; search
 * shows them to their owner alone (app/lib/search/visibility.server.ts).
 */

export const libraryQuota = () => getConfig().USER_DOCUMENT_QUOTA;

/** 409 when the library is full (before any of the body is read), then the ordinary upload with the library's limits. */
export async function receiveLibraryUpload(request: Request, userId: string) {
  const quota = libraryQuota();
  refuseOverQuota(userId, quota);
  return receiveUpload(request, {
    uploadedBy: userId,
    ownerId: userId,
    maxBytes: LIBRARY_MAX_BYTES,
    allowedTypes: LIBRARY_EXTENSIONS,
    quota,
  });
}

export const getLibrarySession = (userId: string, sessionId: string) => getUploadSession(sessionId, { library: "private", userId });

export const cancelLibrarySession = (userId: string, sessionId: string) => cancelUploadSession(sessionId, { library: "private", userId });

/** A library upload refused before its body was read: up to 50 MB of it is read and dropped (see refuseUnreadUpload). */
export const refuseUnreadLibraryUpload = (request: Request, refusal: Response) => refuseUnreadUpload(request, refusal, LIBRARY_MAX_BYTES);
