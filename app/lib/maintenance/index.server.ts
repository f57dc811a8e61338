/**
 * What an IT admin runs beside the server: backups of the data folder (safe while the server runs) and
 * their restore into an empty data folder. The CLI entry points are scripts/backup.ts and scripts/restore.ts.
 */
export {
  BACKUP_FORMAT,
  BackupError,
  createBackup,
  MANIFEST,
  restoreBackup,
  verifyBackup,
  type BackupCounts,
  type BackupManifest,
  type ManifestFile,
} from "./backup.server";
