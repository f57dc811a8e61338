import { AlertDialog } from "radix-ui";
import { useCallback, useRef, useState, type ReactNode } from "react";
import { buttonClasses } from "./button";

type ConfirmRequest = { title: string; description: ReactNode; confirmLabel: string; destructive?: boolean };

/**
 * A promise-based confirm on Radix's AlertDialog: `if (await confirm({...})) ...`.
 * Render `dialog` once in the component that asks.
 */
export function useConfirm() {
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const resolver = useRef<((ok: boolean) => void) | null>(null);

  const confirm = useCallback((req: ConfirmRequest) => {
    setRequest(req);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const answer = (ok: boolean) => {
    resolver.current?.(ok);
    resolver.current = null;
    setRequest(null);
  };

  const dialog = (
    <AlertDialog.Root open={request !== null} onOpenChange={(open) => !open && answer(false)}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <AlertDialog.Content className="fixed left-1/2 top-1/2 z-50 w-[92vw] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl">
          <AlertDialog.Title className="text-lg font-semibold">{request?.title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-600">{request?.description}</AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-2">
            <AlertDialog.Cancel className={buttonClasses("secondary")}>Cancel</AlertDialog.Cancel>
            <AlertDialog.Action className={buttonClasses(request?.destructive ? "destructive" : "primary")} onClick={() => answer(true)}>
              {request?.confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );

  return { confirm, dialog };
}
