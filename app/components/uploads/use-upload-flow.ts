import { useCallback, useEffect, useRef, useState } from "react";
import { apiRequest, getJson, reportFailure, serverReason } from "~/lib/api-client";
import { CONSOLE_READY, POLL_INTERVAL_MS, formatElapsed } from "~/lib/documents-view";
import { toast } from "~/lib/toast";

/**
 * One document upload and its processing, as the admin Documents tab and the user's library
 * page both show it (spec §4): send the file, poll its session every 3 s (the console keeps the
 * server's last 50 lines), an elapsed timer, cancel, and the toasts for each outcome; each file's
 * outcome (a duplicate skipped included) in a list; Cancel and Retry from a document's row. The two
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
  progress: number;
};

/**
 * POST multipart here (field 'document'); sessions are read at `${sessions}/{id}` and cancelled at
 * `${sessions}/{id}/cancel`; a failed document is retried at `${documents}/{id}/retry`.
 */
export type UploadEndpoints = { upload: string; sessions: string; documents: string };

/** What the upload route answered: queued for the worker, or skipped (the same bytes are already in the library). */
export type UploadAnswer = { outcome: "queued"; sessionId: string } | { outcome: "skipped"; sessionId: null; message: string };

/** One file's outcome, as the results list shows it. `refused`: the server did not take it (its reason in `message`). */
export type FileOutcome = { file: string; outcome: "completed" | "failed" | "cancelled" | "skipped" | "refused"; message: string };

/** A file's outcome from the session it ended with (null: following it stopped). */
export function outcomeOf(file: string, session: UploadSession | null): FileOutcome {
  if (session?.status === "completed") return { file, outcome: "completed", message: "Completed" };
  if (session?.status === "cancelled") return { file, outcome: "cancelled", message: "Cancelled" };
  return { file, outcome: "failed", message: `Failed: ${session?.error || "Document processing failed"}` };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function useUploadFlow(endpoints: UploadEndpoints, onChanged: () => void) {
  const [consoleLines, setConsoleLines] = useState<string[]>([CONSOLE_READY]);
  const [active, setActive] = useState<UploadSession | null>(null);
  const [busy, setBusy] = useState(false);
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [results, setResults] = useState<FileOutcome[]>([]);
  const alive = useRef(true);
  /** Sessions a loop here follows to their end: their outcome is told there, not again by a row's Cancel. */
  const following = useRef(new Set<string>());
  const { upload, sessions, documents } = endpoints;

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
  const record = useCallback((result: FileOutcome) => setResults((list) => [...list, result]), []);
  const clearConsole = useCallback(() => {
    setConsoleLines([CONSOLE_READY]);
    setResults([]);
  }, []);

  /** Marks the start of work the timer measures (and of a new list of outcomes); returns its start time. */
  const begin = useCallback(() => {
    const started = Date.now();
    setBusy(true);
    setStartedAt(started);
    setNow(started);
    setResults([]);
    return started;
  }, []);

  const end = useCallback(() => {
    setBusy(false);
    setActive(null);
  }, []);

  const uploadFile = useCallback(
    async (file: File): Promise<UploadAnswer> => {
      const form = new FormData();
      form.append("document", file, file.name);
      const res = await apiRequest("POST", upload, form, { retry: false });
      return (await res.json()) as UploadAnswer;
    },
    [upload],
  );

  /** Polls one session every 3 s until it ends; with showConsole the console shows the server's last lines. */
  const follow = useCallback(
    async (sessionId: string, { showConsole }: { showConsole: boolean }): Promise<UploadSession | null> => {
      following.current.add(sessionId);
      try {
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
      } finally {
        following.current.delete(sessionId);
      }
    },
    [sessions],
  );

  /** Uploads one file and follows it to the end with the spec's toasts; its outcome is also recorded in the results. */
  const processOne = useCallback(
    async (file: File): Promise<FileOutcome> => {
      const started = begin();
      let outcome: FileOutcome;
      try {
        log(`Uploading ${file.name}...`);
        const answer = await uploadFile(file);
        if (answer.outcome === "skipped") {
          log(`${file.name}: ${answer.message}`);
          toast({ title: "Upload Skipped", description: `${file.name}: ${answer.message}` });
          outcome = { file: file.name, outcome: "skipped", message: answer.message };
        } else {
          toast({ title: "Upload Started", description: `${file.name} is being processed.` });
          const session = await follow(answer.sessionId, { showConsole: true });
          const elapsed = formatElapsed(Date.now() - started);
          if (session?.status === "completed") {
            toast({ title: "Processing Complete", description: `${file.name} was processed in ${elapsed}.` });
          } else if (session?.status === "failed") {
            toast({ title: "Processing Failed", description: session.error || "Document processing failed", variant: "destructive" });
          } else if (session?.status === "cancelled") {
            toast({ title: "Upload Cancelled", description: `${file.name} was cancelled.` });
          }
          outcome = outcomeOf(file.name, session);
        }
      } catch (error) {
        const reason = serverReason(error);
        log(`Upload failed: ${file.name}: ${reason ?? (error instanceof Error ? error.message : String(error))}`);
        reportFailure(error, "Upload Failed", reason ?? "Upload failed");
        outcome = { file: file.name, outcome: "refused", message: `Not uploaded: ${reason ?? "Upload failed"}` };
      } finally {
        end();
        onChanged();
      }
      record(outcome);
      return outcome;
    },
    [begin, end, follow, log, onChanged, record, uploadFile],
  );

  /** Cancels one session (the console's Cancel Upload, or a row's Cancel): 200 ends it, 409 says it had already ended. */
  const cancelSession = useCallback(
    async (sessionId: string, filename: string) => {
      try {
        await apiRequest("POST", [sessions, sessionId, "cancel"], undefined, { retry: false });
        log(`Cancel requested for ${filename}`);
        // A loop following it says so when it sees the end; otherwise (a row after a reload) say it here.
        if (!following.current.has(sessionId)) toast({ title: "Upload Cancelled", description: `${filename} was cancelled.` });
      } catch (error) {
        reportFailure(error, "Cancel Failed", serverReason(error) ?? "Failed to cancel upload");
      }
      onChanged();
    },
    [log, onChanged, sessions],
  );

  const cancel = useCallback(async () => {
    if (active) await cancelSession(active.id, active.filename);
  }, [active, cancelSession]);

  /** Queues a failed document again from its stored file; its row then shows its progress and how it ends. */
  const retry = useCallback(
    async (doc: { id: string; title: string }) => {
      try {
        await apiRequest("POST", [documents, doc.id, "retry"], undefined, { retry: false });
        log(`Retrying ${doc.title}...`);
        toast({ title: "Retry Started", description: `${doc.title} is being processed again.` });
      } catch (error) {
        reportFailure(error, "Retry Failed", serverReason(error) ?? "Failed to retry the upload");
      }
      onChanged();
    },
    [documents, log, onChanged],
  );

  return {
    consoleLines,
    clearConsole,
    log,
    results,
    record,
    active,
    busy,
    elapsed: startedAt ? formatElapsed(now - startedAt) : "0:00",
    begin,
    end,
    uploadFile,
    follow,
    processOne,
    cancel,
    cancelSession,
    retry,
  };
}
