export { chunkPages } from "./chunker";
export {
  cancelUploadSession,
  deleteSharedDocument,
  getUploadSession,
  listSharedDocuments,
  listVisibleDocuments,
  type AdminDocument,
} from "./documents.server";
export { runIngestion, removeDocument, inTransaction } from "./pipeline.server";
export { ingestQueue } from "./queue.server";
export { receiveUpload, registerUpload, displayName, type Received } from "./upload.server";
export { DocumentError, FILE_TYPES, type FileType } from "./types";
