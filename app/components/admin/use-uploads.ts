import { useCallback } from "react";
import { apiRequest, handleUnauthorized, isUnauthorizedError } from "~/lib/api-client";
import { formatElapsed, planFolderUpload, type DocumentRow } from "~/lib/documents-view";
import { toast } from "~/lib/toast";
import { useUploadFlow, type UploadEndpoints } from "../uploads/use-upload-flow";

/**
 * The upload flows of the admin Documents tab (spec §4): single upload with the
 * same-name-and-size replace check, folder upload, 3-second polling, cancel, the
 * processing console and the elapsed timer (the last three shared with the library page).
 */

export type { UploadSession } from "../uploads/use-upload-flow";

type Confirm = (req: { title: string; description: string; confirmLabel: string; destructive?: boolean }) => Promise<boolean>;

const ADMIN_UPLOADS: UploadEndpoints = { upload: "/api/admin/documents/upload", sessions: "/api/admin/upload-sessions" };

export function useUploads({ documents, onChanged, confirm }: { documents: DocumentRow[]; onChanged: () => void; confirm: Confirm }) {
  const flow = useUploadFlow(ADMIN_UPLOADS, onChanged);
  const { log, begin, end, uploadFile, follow, processOne } = flow;

  const uploadOne = useCallback(
    async (file: File) => {
      // Same name and size as an existing document: offer to replace it (delete first).
      try {
        const existing = documents.find((d) => d.filename === file.name && d.fileSize === file.size);
        if (existing) {
          const replace = await confirm({
            title: "Replace existing document?",
            description: `"${existing.title}" (${file.name}) is already in the library with the same size. Replace it with this upload?`,
            confirmLabel: "Replace",
          });
          if (!replace) return;
          await apiRequest("DELETE", ["/api/admin/documents", existing.id]);
          log(`Deleted the existing copy of ${file.name} before replacing it`);
        }
      } catch (error) {
        console.warn("Duplicate check failed; uploading anyway:", error);
      }
      await processOne(file);
    },
    [documents, confirm, log, processOne],
  );

  const uploadFolder = useCallback(
    async (files: File[]) => {
      const plan = planFolderUpload(files);
      for (const f of plan.skipped) log(`Skipped ${f.name}: unsupported file type`);
      for (const w of plan.warnings) toast({ title: w.title, description: w.description });
      if (!plan.accepted.length) return;
      const started = begin();
      toast({ title: "Folder Upload Started", description: `${plan.accepted.length} files will be uploaded and processed.` });
      const sessions: Array<{ file: string; id: string }> = [];
      let failed = 0;
      for (const file of plan.accepted) {
        try {
          log(`Uploading ${file.name}...`);
          sessions.push({ file: file.name, id: await uploadFile(file) });
        } catch (error) {
          failed++;
          log(`Failed to upload ${file.name}`);
          if (isUnauthorizedError(error)) {
            handleUnauthorized();
            break;
          }
        }
      }
      let succeeded = 0;
      const outcomes = await Promise.all(sessions.map((s) => follow(s.id, { showConsole: false }).then((r) => ({ ...s, r }))));
      for (const { file, r } of outcomes) {
        if (r?.status === "completed") {
          succeeded++;
          log(`Completed: ${file}`);
        } else {
          failed++;
          log(`Failed: ${file}${r?.error ? ` (${r.error})` : ""}`);
        }
      }
      end();
      onChanged();
      toast({
        title: "Folder Processing Complete",
        description: `${succeeded} succeeded, ${failed} failed (${formatElapsed(Date.now() - started)}).`,
        variant: failed ? "destructive" : "default",
      });
    },
    [begin, end, follow, log, onChanged, uploadFile],
  );

  return {
    consoleLines: flow.consoleLines,
    clearConsole: flow.clearConsole,
    active: flow.active,
    busy: flow.busy,
    elapsed: flow.elapsed,
    uploadOne,
    uploadFolder,
    cancel: flow.cancel,
  };
}
