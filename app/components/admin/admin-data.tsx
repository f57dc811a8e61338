import { useCallback, useState, type ReactNode } from "react";
import { useNavigation, useRevalidator } from "react-router";
import { cn } from "~/components/ui/cn";

/**
 * A tab's data as the page loader read it, with the changes the server confirmed applied on top (no
 * refetch needed) until the loader reads it again: `reload` revalidates, and newer loader data wins.
 * `pending` while the page's data is being read again.
 */
export function useTabData<T>(loaded: T) {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const [local, setLocal] = useState({ from: loaded, data: loaded });
  if (local.from !== loaded) setLocal({ from: loaded, data: loaded });
  const update = useCallback((change: (data: T) => T) => setLocal((l) => ({ ...l, data: change(l.data) })), []);
  const { revalidate } = revalidator;
  return { data: local.from === loaded ? local.data : loaded, pending: revalidator.state !== "idle" || navigation.state !== "idle", reload: revalidate, update };
}

export function LoadingState({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="py-8 text-center text-sm text-slate-500">
      {children}
    </p>
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
