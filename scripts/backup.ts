/**
 * `npm run backup -- <folder>`: a consistent copy of DATA_DIR's database and uploaded files into <folder>
 * (new or empty), with a manifest. Safe while the server runs.
 */
import path from "node:path";
import { parseConfig } from "~/lib/config.server";
import { BackupError, createBackup } from "~/lib/maintenance/index.server";

const target = process.argv[2];
if (!target || process.argv.length > 3) {
  console.error("Usage: npm run backup -- <backup folder>   (the folder must be new or empty; DATA_DIR is the data folder backed up)");
  process.exit(2);
}
try {
  const dataDir = path.resolve(parseConfig(process.env).DATA_DIR);
  const manifest = await createBackup(dataDir, path.resolve(target));
  const { counts } = manifest;
  console.log(`Backup of ${dataDir} written to ${path.resolve(target)} (${manifest.createdAt})`);
  console.log(
    `  ${counts.users} users, ${counts.documents} documents (${counts.chunks} passages), ${counts.conversations} conversations, ${counts.messages} messages, ${manifest.files.length} files`,
  );
  if (counts.uploadsProcessing) console.log(`  ${counts.uploadsProcessing} upload(s) were being processed: a restored server processes them again`);
  for (const missing of manifest.missingFiles) console.log(`  not copied (deleted while the backup ran): ${missing}`);
} catch (error) {
  console.error(error instanceof BackupError ? error.message : error);
  process.exit(1);
}
