/**
 * `npm run restore -- <backup folder>`: restores a backup made by `npm run backup` into DATA_DIR, which
 * must be empty or absent (nothing is overwritten). Every file is checked against the manifest first.
 */
import path from "node:path";
import { parseConfig } from "~/lib/config.server";
import { BackupError, restoreBackup } from "~/lib/maintenance/index.server";

const source = process.argv[2];
if (!source || process.argv.length > 3) {
  console.error("Usage: npm run restore -- <backup folder>   (restores into DATA_DIR, which must be empty or absent)");
  process.exit(2);
}
try {
  const dataDir = path.resolve(parseConfig(process.env).DATA_DIR);
  const manifest = restoreBackup(path.resolve(source), dataDir);
  const { counts } = manifest;
  console.log(`Restored the backup of ${manifest.createdAt} into ${dataDir}`);
  console.log(`  ${counts.users} users, ${counts.documents} documents, ${counts.conversations} conversations, ${counts.messages} messages`);
  console.log("Start the server with this DATA_DIR to use it.");
} catch (error) {
  console.error(error instanceof BackupError ? error.message : error);
  process.exit(1);
}
