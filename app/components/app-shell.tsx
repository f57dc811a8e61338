import type { ReactNode } from "react";
import { TopBar } from "./top-bar";

export type ShellUser = { firstName: string | null; email: string; isAdmin: boolean };

export function greetingName(user: Pick<ShellUser, "firstName" | "email">) {
  return user.firstName?.trim() || user.email;
}

/** The signed-in frame: product name, greeting, Account and Logout (spec §2, chat screen top bar). */
export function AppShell({ user, children }: { user: ShellUser; children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <TopBar
        nav={{ to: "/account", label: "Account" }}
        before={
          <span className="hidden text-sm text-slate-600 sm:inline" data-testid="greeting">
            Welcome, {greetingName(user)}
          </span>
        }
      />
      <div className="flex flex-1">{children}</div>
    </div>
  );
}
