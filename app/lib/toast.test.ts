import { describe, expect, it, vi } from "vitest";
import { TOAST_REMOVE_DELAY, dismissToast, getToasts, toast } from "./toast";

describe("toast queue", () => {
  it("keeps only the newest toast, and removes a dismissed one after the removal delay", () => {
    vi.useFakeTimers();
    toast({ title: "First" });
    const second = toast({ title: "Second", description: "why", variant: "destructive" });
    expect(getToasts()).toEqual([{ id: second, title: "Second", description: "why", variant: "destructive", open: true }]);

    dismissToast(second);
    expect(getToasts()[0]?.open).toBe(false);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY - 1);
    expect(getToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(getToasts()).toEqual([]);
    vi.useRealTimers();
  });

  it("carries an action and its own duration only when given", () => {
    const onClick = () => undefined;
    toast({ title: "Success", description: "Conversation deleted.", action: { label: "Undo", onClick }, duration: 10_000 });
    expect(getToasts()[0]).toMatchObject({ action: { label: "Undo", onClick }, duration: 10_000 });
    toast({ title: "Saved" });
    expect(Object.keys(getToasts()[0]!)).not.toContain("action");
    expect(Object.keys(getToasts()[0]!)).not.toContain("duration");
  });

  it("defaults to the default variant", () => {
    toast({ title: "Saved" });
    expect(getToasts()[0]?.variant).toBe("default");
  });
});
