export { chunkPages } from "./chunker";
export {
  cancelUploadSession,
  chunksOfPage,
  deletePrivateDocument,
  deleteSharedDocument,
  getVisibleDocument,
  getUploadSession,
  listOwnDocuments,
  listSharedDocuments,
  listVisibleDocuments,
  printedPageLabel,
  updateDocumentDetails,
  documentDetailsSchema,
  editRequestSchema,
  DETAILS_BODY_MAX,
  retryDocument,
  retryResponse,
  type AdminDocument,
  type EditResult,
  type EditScope,
  type PageChunk,
  type VisibleDocument,
} from "./documents.server";
export { cancelLibrarySession, getLibrarySession, libraryQuota, receiveLibraryUpload, refuseUnreadLibraryUpload } from "./library.server";
export { runIngestion, removeDocument, inTransaction } from "./pipeline.server";
export { ingestQueue } from "./queue.server";
export { receiveUpload, refuseUnreadUpload, registerUpload, displayName, uploadAnswer, type Received, type UploadOutcome } from "./upload.server";
export { DocumentError, FILE_TYPES, type FileType } from "./types";
