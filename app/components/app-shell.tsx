import type { ReactNode } from "react";
import { Link } from "react-router";
import { PRODUCT_NAME } from "~/lib/brand";
import { buttonClasses } from "./ui/button";

export type ShellUser = { firstName: string | null; email: string; isAdmin: boolean };

export function greetingName(user: Pick<ShellUser, "firstName" | "email">) {
  return user.firstName?.trim() || user.email;
}

/** The signed-in frame: product name, greeting, Account and Logout (spec §2, chat screen top bar). */
export function AppShell({ user, children }: { user: ShellUser; children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b border-slate-200 bg-white">
        <div className="flex items-center justify-between px-4 py-3">
          <Link to="/" className="text-lg font-bold text-brand-700">
            {PRODUCT_NAME}
          </Link>
          <div className="flex items-center gap-2">
            <span className="hidden text-sm text-slate-600 sm:inline" data-testid="greeting">
              Welcome, {greetingName(user)}
            </span>
            <Link to="/account" className={buttonClasses("secondary")}>
              Account
            </Link>
            <a href="/api/logout" className={buttonClasses("ghost")}>
              Logout
            </a>
          </div>
        </div>
      </header>
      <div className="flex flex-1">{children}</div>
    </div>
  );
}
