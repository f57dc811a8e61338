import { useCallback, useEffect, useRef, useState } from "react";
import { apiRequest, getJson, handleUnauthorized, isUnauthorizedError } from "~/lib/api-client";
import { CONSOLE_READY, POLL_INTERVAL_MS, formatElapsed, planFolderUpload, type DocumentRow } from "~/lib/documents-view";
import { toast } from "~/lib/toast";

/**
 * The upload flows of the admin Documents tab (spec §4): single upload with the
 * same-name-and-size replace check, folder upload, 3-second polling, cancel, the
 * processing console and the elapsed timer.
 */

export type UploadSession = {
  id: string;
  filename: string;
  status: "processing" | "completed" | "failed" | "cancelled";
  error: string | null;
  consoleOutput: string[];
  currentStep: string | null;
  totalChunks: number | null;
  chunksCreated: number;
};

type Confirm = (req: { title: string; description: string; confirmLabel: string; destructive?: boolean }) => Promise<boolean>;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function reportFailure(error: unknown, title: string, description: string) {
  if (isUnauthorizedError(error)) return handleUnauthorized();
  toast({ title, description, variant: "destructive" });
}

async function uploadFile(file: File): Promise<string> {
  const form = new FormData();
  form.append("document", file, file.name);
  const res = await apiRequest("POST", "/api/admin/documents/upload", form, { retry: false });
  return ((await res.json()) as { sessionId: string }).sessionId;
}

export function useUploads({ documents, onChanged, confirm }: { documents: DocumentRow[]; onChanged: () => void; confirm: Confirm }) {
  const [consoleLines, setConsoleLines] = useState<string[]>([CONSOLE_READY]);
  const [active, setActive] = useState<UploadSession | null>(null);
  const [busy, setBusy] = useState(false);
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const alive = useRef(true);

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  useEffect(() => {
    if (!busy) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [busy]);

  const log = useCallback((line: string) => setConsoleLines((lines) => [...lines, line].slice(-50)), []);
  const clearConsole = useCallback(() => setConsoleLines([CONSOLE_READY]), []);

  /** Polls one session every 3 s until it ends; the console shows the server's last lines. */
  const follow = useCallback(
    async (sessionId: string, { showConsole }: { showConsole: boolean }): Promise<UploadSession | null> => {
      for (;;) {
        if (!alive.current) return null;
        try {
          const session = await getJson<UploadSession>(["/api/admin/upload-sessions", sessionId]);
          if (session) {
            if (showConsole) {
              setActive(session);
              setConsoleLines(session.consoleOutput.length ? session.consoleOutput.slice(-50) : [CONSOLE_READY]);
            }
            if (session.status !== "processing") return session;
          }
        } catch (error) {
          // Spec: polling errors are only logged; the next poll tries again.
          console.warn("Polling the upload session failed:", error);
        }
        await sleep(POLL_INTERVAL_MS);
      }
    },
    [],
  );

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
      setBusy(true);
      const started = Date.now();
      setStartedAt(started);
      setNow(started);
      try {
        log(`Uploading ${file.name}...`);
        const sessionId = await uploadFile(file);
        toast({ title: "Upload Started", description: `${file.name} is being processed.` });
        const session = await follow(sessionId, { showConsole: true });
        const elapsed = formatElapsed(Date.now() - started);
        if (session?.status === "completed") {
          toast({ title: "Processing Complete", description: `${file.name} was processed in ${elapsed}.` });
        } else if (session?.status === "failed") {
          toast({ title: "Processing Failed", description: session.error || "Document processing failed", variant: "destructive" });
        } else if (session?.status === "cancelled") {
          toast({ title: "Upload Cancelled", description: `${file.name} was cancelled.` });
        }
      } catch (error) {
        log(`Upload failed: ${file.name}: ${error instanceof Error ? error.message : String(error)}`);
        reportFailure(error, "Upload Failed", "Upload failed");
      } finally {
        setBusy(false);
        setActive(null);
        onChanged();
      }
    },
    [documents, confirm, follow, log, onChanged],
  );

  const uploadFolder = useCallback(
    async (files: File[]) => {
      const plan = planFolderUpload(files);
      for (const f of plan.skipped) log(`Skipped ${f.name}: unsupported file type`);
      for (const w of plan.warnings) toast({ title: w.title, description: w.description });
      if (!plan.accepted.length) return;
      setBusy(true);
      const started = Date.now();
      setStartedAt(started);
      setNow(started);
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
      setBusy(false);
      onChanged();
      toast({
        title: "Folder Processing Complete",
        description: `${succeeded} succeeded, ${failed} failed (${formatElapsed(Date.now() - started)}).`,
        variant: failed ? "destructive" : "default",
      });
    },
    [follow, log, onChanged],
  );

  const cancel = useCallback(async () => {
    if (!active) return;
    try {
      await apiRequest("POST", ["/api/admin/upload-sessions", active.id, "cancel"], undefined, { retry: false });
      log(`Cancel requested for ${active.filename}`);
    } catch (error) {
      reportFailure(error, "Cancel Failed", "Failed to cancel upload");
    }
  }, [active, log]);

  return {
    consoleLines,
    clearConsole,
    active,
    busy,
    elapsed: startedAt ? formatElapsed(now - startedAt) : "0:00",
    uploadOne,
    uploadFolder,
    cancel,
  };
}
