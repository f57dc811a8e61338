import { useEffect } from "react";
import { useRevalidator } from "react-router";
import { POLL_INTERVAL_MS } from "~/lib/documents-view";

/**
 * A document list as the page loader read it (admin Documents tab, library page). `refresh` reads it
 * again after an upload or a delete (the loader's revalidation, which also drops an answer overtaken by a
 * newer one). While `busy(data)` holds (a document still processing) it is read again every 3 s, so rows
 * show their progress and how they end.
 */
export function useDocumentList<T>(data: T, busy: (data: T) => boolean = () => false) {
  const { revalidate } = useRevalidator();
  const polling = busy(data);
  useEffect(() => {
    if (!polling) return;
    const timer = setTimeout(() => void revalidate(), POLL_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [polling, data, revalidate]);
  return { data, refresh: revalidate };
}
