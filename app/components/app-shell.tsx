import type { ReactNode } from "react";
import { TopBar } from "./top-bar";

export type ShellUser = { firstName: string | null; email: string; isAdmin: boolean };

export function greetingName(user: Pick<ShellUser, "firstName" | "email">) {
  return user.firstName?.trim() || user.email;
}

/**
 * The signed-in frame: product name, greeting, Account and Logout (spec §2, chat screen top bar).
 * It fills the window exactly, so the chat scrolls inside its own panes.
 */
export function AppShell({ user, children }: { user: ShellUser; children: ReactNode }) {
  return (
    <div className="flex h-dvh flex-col overflow-hidden">
      <TopBar
        nav={{ to: "/account", label: "Account" }}
        before={
          <span className="hidden text-sm text-slate-600 sm:inline" data-testid="greeting">
            Welcome, {greetingName(user)}
          </span>
        }
      />
      <div className="flex min-h-0 flex-1">{children}</div>
    </div>
  );
}
