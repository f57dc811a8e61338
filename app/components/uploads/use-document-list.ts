import { useCallback, useEffect, useState } from "react";
import { handleUnauthorized, isUnauthorizedError } from "~/lib/api-client";
import { POLL_INTERVAL_MS } from "~/lib/documents-view";

/**
 * A document list (admin Documents tab, library page) loaded when the screen mounts and again on
 * `refresh` after an upload or a delete: 'loading' until the first answer, then the last list stays
 * on screen while it refreshes; a 401 tells the user and goes to the login page. While `busy(data)`
 * holds (a document still processing) it is read again every 3 s, so rows show their progress and
 * how they end. `load` must be stable.
 */
export function useDocumentList<T>(load: () => Promise<T>, initial: T, busy: (data: T) => boolean = () => false) {
  const [data, setData] = useState<T>(initial);
  const [state, setState] = useState<"loading" | "ready" | "error">("loading");
  const refresh = useCallback(async () => {
    try {
      setData(await load());
      setState("ready");
    } catch (error) {
      if (isUnauthorizedError(error)) handleUnauthorized();
      setState("error");
    }
  }, [load]);
  useEffect(() => {
    void refresh();
  }, [refresh]);
  const polling = state === "ready" && busy(data);
  useEffect(() => {
    if (!polling) return;
    const timer = setTimeout(() => void refresh(), POLL_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [polling, data, refresh]);
  return { data, state, refresh };
}
