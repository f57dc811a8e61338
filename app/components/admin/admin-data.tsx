import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { handleUnauthorized, isUnauthorizedError, serverReason } from "~/lib/api-client";

export type LoadState<T> = { status: "loading" } | { status: "error"; message: string } | { status: "ready"; data: T };

/**
 * Loads one admin resource when the tab using it mounts (and again on `reload`), aborting a load
 * the tab no longer needs. A 401 means the session ended while the page was open: the user is
 * told and sent to the login page.
 */
export function useAdminData<T>(load: (signal: AbortSignal) => Promise<T>, failureText: string) {
  const [state, setState] = useState<LoadState<T>>({ status: "loading" });
  // True while any load is in flight, including a reload over data already shown.
  const [pending, setPending] = useState(true);
  const controller = useRef<AbortController | null>(null);

  const reload = useCallback(async () => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setPending(true);
    try {
      const data = await load(current.signal);
      if (!current.signal.aborted) setState({ status: "ready", data });
    } catch (error) {
      if (current.signal.aborted) return;
      if (isUnauthorizedError(error)) handleUnauthorized();
      setState({ status: "error", message: serverReason(error) ?? failureText });
    } finally {
      if (!current.signal.aborted) setPending(false);
    }
  }, [load, failureText]);

  useEffect(() => {
    void reload();
    return () => controller.current?.abort();
  }, [reload]);

  /** Replaces the loaded data after a change the server confirmed (no refetch needed). */
  const update = useCallback((change: (data: T) => T) => {
    setState((s) => (s.status === "ready" ? { status: "ready", data: change(s.data) } : s));
  }, []);

  return { state, pending, reload, update };
}

export function LoadingState({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="py-8 text-center text-sm text-slate-500">
      {children}
    </p>
  );
}

export function ErrorState({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800">
      <span>{message}</span>
      <Button variant="secondary" onClick={onRetry}>
        Try Again
      </Button>
    </div>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="py-8 text-center text-sm text-slate-500">{children}</p>;
}

export function Badge({ className, children, testId }: { className: string; children: ReactNode; testId?: string }) {
  return (
    <span data-testid={testId} className={cn("inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium", className)}>
      {children}
    </span>
  );
}
