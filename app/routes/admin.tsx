import { Tabs } from "radix-ui";
import { useEffect, useState, type ReactNode } from "react";
import { ActivityLogsTab } from "~/components/admin/activity-logs-tab";
import { CustomizeTab } from "~/components/admin/customize-tab";
import { DocumentsTab } from "~/components/admin/documents-tab";
import { FeedbackTab } from "~/components/admin/feedback-tab";
import { OverviewTab } from "~/components/admin/overview-tab";
import { SystemPromptTab } from "~/components/admin/system-prompt-tab";
import { UsersTab } from "~/components/admin/users-tab";
import { TopBar } from "~/components/top-bar";
import { getJson, redirectToLogin } from "~/lib/api-client";
import { requirePageAdmin } from "~/lib/auth/index.server";
import { PRODUCT_NAME } from "~/lib/brand";
import type { Route } from "./+types/admin";

export function meta() {
  return [{ title: `Admin · ${PRODUCT_NAME}` }];
}

/** The admin dashboard. The server gate decides; the screen only shows what an admin may do. */
export async function loader({ request, url }: Route.LoaderArgs) {
  await requirePageAdmin({ request, url });
  return null;
}

/**
 * The tabs in the spec's order. Lists (Overview, Users, Activity Logs, Feedback) load each time
 * they are opened, so they show the server's current state. Once opened, Documents (an upload in
 * progress), System Prompt and Customize (unsaved edits) stay mounted while another tab is shown.
 */
const TABS: ReadonlyArray<{ value: string; label: string; keepAlive: boolean; render: () => ReactNode }> = [
  { value: "overview", label: "Overview", keepAlive: false, render: () => <OverviewTab /> },
  { value: "users", label: "Users", keepAlive: false, render: () => <UsersTab /> },
  { value: "activity", label: "Activity Logs", keepAlive: false, render: () => <ActivityLogsTab /> },
  { value: "feedback", label: "Feedback", keepAlive: false, render: () => <FeedbackTab /> },
  { value: "documents", label: "Documents", keepAlive: true, render: () => <DocumentsTab /> },
  { value: "system-prompt", label: "System Prompt", keepAlive: true, render: () => <SystemPromptTab /> },
  { value: "customize", label: "Customize", keepAlive: true, render: () => <CustomizeTab /> },
];
const INITIAL_TAB = "overview";

type Gate = "loading" | "admin" | "refused";

/**
 * The client's auth gate (spec §2, §4): the current user is read once (not retried); anyone but
 * an admin, or a session that has ended, is told and sent to the login page after 500 ms.
 */
function useAdminGate(): Gate {
  const [gate, setGate] = useState<Gate>("loading");
  useEffect(() => {
    const controller = new AbortController();
    getJson<{ isAdmin?: boolean }>("/api/auth/user", { on401: "returnNull", retry: false, signal: controller.signal })
      .then((user) => setGate(user?.isAdmin ? "admin" : "refused"))
      .catch(() => {
        if (!controller.signal.aborted) setGate("refused");
      });
    return () => controller.abort();
  }, []);
  useEffect(() => {
    if (gate === "refused") redirectToLogin();
  }, [gate]);
  return gate;
}

export default function AdminPage() {
  const gate = useAdminGate();
  const [tab, setTab] = useState(INITIAL_TAB);
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => new Set([INITIAL_TAB]));

  if (gate === "loading") return <FullScreenMessage>Loading...</FullScreenMessage>;
  if (gate === "refused") return <FullScreenMessage>You are logged out. Logging in again...</FullScreenMessage>;

  function open(value: string) {
    setTab(value);
    setOpened((seen) => (seen.has(value) ? seen : new Set(seen).add(value)));
  }

  return (
    <div className="min-h-screen">
      <TopBar suffix="Admin" nav={{ to: "/", label: "Dashboard" }} width="max-w-6xl" />
      <main className="mx-auto max-w-6xl px-4 py-6">
        {/* The page's name for screen readers and the heading outline; the top bar shows it to the eye. */}
        <h1 className="sr-only">Admin dashboard</h1>
        <Tabs.Root value={tab} onValueChange={open}>
          <Tabs.List className="mb-6 flex gap-1 overflow-x-auto border-b border-slate-200" aria-label="Admin sections">
            {TABS.map((t) => (
              <Tabs.Trigger
                key={t.value}
                value={t.value}
                className="shrink-0 border-b-2 border-transparent px-4 py-2 text-sm font-medium text-slate-600 outline-none hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-brand-100 data-[state=active]:border-brand-600 data-[state=active]:text-brand-700"
              >
                {t.label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {TABS.map((t) => (
            <Tabs.Content
              key={t.value}
              value={t.value}
              forceMount={t.keepAlive && opened.has(t.value) ? true : undefined}
              className="focus:outline-none data-[state=inactive]:hidden"
            >
              {t.render()}
            </Tabs.Content>
          ))}
        </Tabs.Root>
      </main>
    </div>
  );
}

function FullScreenMessage({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen items-center justify-center">
      <p role="status" className="text-slate-600">
        {children}
      </p>
    </div>
  );
}
