import { useCallback } from "react";
import { apiRequest, handleUnauthorized, isUnauthorizedError, serverReason } from "~/lib/api-client";
import { formatElapsed, planFolderUpload, type DocumentRow } from "~/lib/documents-view";
import { toast } from "~/lib/toast";
import { outcomeOf, useUploadFlow, type UploadEndpoints } from "../uploads/use-upload-flow";

/**
 * The upload flows of the admin Documents tab (spec §4): single upload with the
 * same-name-and-size replace check, folder upload, 3-second polling, cancel, the
 * processing console and the elapsed timer (the last three shared with the library page).
 */

export type { UploadSession } from "../uploads/use-upload-flow";

type Confirm = (req: { title: string; description: string; confirmLabel: string; destructive?: boolean }) => Promise<boolean>;

const ADMIN_UPLOADS: UploadEndpoints = { upload: "/api/admin/documents/upload", sessions: "/api/admin/upload-sessions", documents: "/api/admin/documents" };

export function useUploads({ documents, onChanged, confirm }: { documents: DocumentRow[]; onChanged: () => void; confirm: Confirm }) {
  const flow = useUploadFlow(ADMIN_UPLOADS, onChanged);
  const { log, record, begin, end, uploadFile, follow, processOne } = flow;

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
      let skipped = 0;
      for (const file of plan.accepted) {
        try {
          log(`Uploading ${file.name}...`);
          const answer = await uploadFile(file);
          if (answer.outcome === "skipped") {
            skipped++;
            log(`${file.name}: ${answer.message}`);
            record({ file: file.name, outcome: "skipped", message: answer.message });
          } else {
            sessions.push({ file: file.name, id: answer.sessionId });
          }
        } catch (error) {
          failed++;
          log(`Failed to upload ${file.name}`);
          record({ file: file.name, outcome: "refused", message: `Not uploaded: ${serverReason(error) ?? "Upload failed"}` });
          if (isUnauthorizedError(error)) {
            handleUnauthorized();
            break;
          }
        }
      }
      // The list shows each row's progress and offers Cancel while the folder is processed.
      onChanged();
      let succeeded = 0;
      const outcomes = await Promise.all(sessions.map((s) => follow(s.id, { showConsole: false }).then((r) => ({ ...s, r }))));
      for (const { file, r } of outcomes) {
        const outcome = outcomeOf(file, r);
        record(outcome);
        if (outcome.outcome === "completed") succeeded++;
        else failed++;
        log(`${file}: ${outcome.message}`);
      }
      end();
      onChanged();
      toast({
        title: "Folder Processing Complete",
        description: `${succeeded} succeeded, ${skipped} skipped (already in the library), ${failed} failed (${formatElapsed(Date.now() - started)}).`,
        variant: failed ? "destructive" : "default",
      });
    },
    [begin, end, follow, log, onChanged, record, uploadFile],
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
    cancelSession: flow.cancelSession,
    retry: flow.retry,
    results: flow.results,
  };
}
