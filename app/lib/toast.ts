import { useSyncExternalStore } from "react";

/**
 * The app's toast queue (spec §8-9): one toast visible at a time, shown 5 s by default,
 * variants default and destructive. A dismissed toast stays in memory for the exit
 * animation and is removed after TOAST_REMOVE_DELAY.
 */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION = 5000;
export const TOAST_REMOVE_DELAY = 1_000_000;

export type ToastVariant = "default" | "destructive";
/** A button in the toast (an Undo): clicking it runs `onClick` and closes the toast. */
export type ToastAction = { label: string; onClick: () => void };
export type ToastItem = {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
  open: boolean;
  action?: ToastAction;
  /** How long it is shown, when not TOAST_DURATION (an action's toast lasts as long as the action can be taken). */
  duration?: number;
};

const EMPTY: ToastItem[] = [];
let toasts: ToastItem[] = EMPTY;
let nextId = 1;
const listeners = new Set<() => void>();
const removals = new Map<number, ReturnType<typeof setTimeout>>();

function emit() {
  for (const l of listeners) l();
}

export function toast(input: { title: string; description?: string; variant?: ToastVariant; action?: ToastAction; duration?: number }): number {
  const id = nextId++;
  const item: ToastItem = { id, title: input.title, description: input.description, variant: input.variant ?? "default", open: true };
  if (input.action) item.action = input.action;
  if (input.duration !== undefined) item.duration = input.duration;
  toasts = [item, ...toasts].slice(0, TOAST_LIMIT);
  emit();
  return id;
}

export function dismissToast(id: number) {
  toasts = toasts.map((t) => (t.id === id ? { ...t, open: false } : t));
  if (!removals.has(id)) {
    removals.set(
      id,
      setTimeout(() => {
        removals.delete(id);
        toasts = toasts.filter((t) => t.id !== id);
        emit();
      }, TOAST_REMOVE_DELAY),
    );
  }
  emit();
}

export function getToasts(): ToastItem[] {
  return toasts;
}

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    getToasts,
    () => EMPTY,
  );
}
