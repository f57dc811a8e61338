import { useCallback, useEffect, useRef, useState } from "react";
import { apiRequest, getJson, reportFailure, serverReason } from "~/lib/api-client";
import { CONSOLE_READY, POLL_INTERVAL_MS, formatElapsed } from "~/lib/documents-view";
import { toast } from "~/lib/toast";

/**
 * One document upload and its processing, as the admin Documents tab and the user's library
 * page both show it (spec §4): send the file, poll its session every 3 s (the console keeps the
 * server's last 50 lines), an elapsed timer, cancel, and the toasts for each outcome. The two
 * screens differ only in where they send the file and read the session.
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

/** POST multipart here (field 'document'); sessions are read at `${sessions}/{id}` and cancelled at `${sessions}/{id}/cancel`. */
export type UploadEndpoints = { upload: string; sessions: string };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));


export function useUploadFlow(endpoints: UploadEndpoints, onChanged: () => void) {
  const [consoleLines, setConsoleLines] = useState<string[]>([CONSOLE_READY]);
  const [active, setActive] = useState<UploadSession | null>(null);
  const [busy, setBusy] = useState(false);
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const alive = useRef(true);
  const { upload, sessions } = endpoints;

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

  /** Marks the start of work the timer measures; returns its start time. */
  const begin = useCallback(() => {
    const started = Date.now();
    setBusy(true);
    setStartedAt(started);
    setNow(started);
    return started;
  }, []);

  const end = useCallback(() => {
    setBusy(false);
    setActive(null);
  }, []);

  const uploadFile = useCallback(
    async (file: File): Promise<string> => {
      const form = new FormData();
      form.append("document", file, file.name);
      const res = await apiRequest("POST", upload, form, { retry: false });
      return ((await res.json()) as { sessionId: string }).sessionId;
    },
    [upload],
  );

  /** Polls one session every 3 s until it ends; with showConsole the console shows the server's last lines. */
  const follow = useCallback(
    async (sessionId: string, { showConsole }: { showConsole: boolean }): Promise<UploadSession | null> => {
      for (;;) {
        if (!alive.current) return null;
        try {
          const session = await getJson<UploadSession>([sessions, sessionId]);
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
    [sessions],
  );

  /** Uploads one file and follows it to the end with the spec's toasts; the session it ended with (null on a refused upload). */
  const processOne = useCallback(
    async (file: File): Promise<UploadSession | null> => {
      const started = begin();
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
        return session;
      } catch (error) {
        const reason = serverReason(error);
        log(`Upload failed: ${file.name}: ${reason ?? (error instanceof Error ? error.message : String(error))}`);
        reportFailure(error, "Upload Failed", reason ?? "Upload failed");
        return null;
      } finally {
        end();
        onChanged();
      }
    },
    [begin, end, follow, log, onChanged, uploadFile],
  );

  const cancel = useCallback(async () => {
    if (!active) return;
    try {
      await apiRequest("POST", [sessions, active.id, "cancel"], undefined, { retry: false });
      log(`Cancel requested for ${active.filename}`);
    } catch (error) {
      reportFailure(error, "Cancel Failed", "Failed to cancel upload");
    }
  }, [active, log, sessions]);

  return {
    consoleLines,
    clearConsole,
    log,
    active,
    busy,
    elapsed: startedAt ? formatElapsed(now - startedAt) : "0:00",
    begin,
    end,
    uploadFile,
    follow,
    processOne,
    cancel,
  };
}
