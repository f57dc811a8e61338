import { Tabs } from "radix-ui";
import { useState, type ReactNode } from "react";
import { useLocation, useNavigation, useSearchParams } from "react-router";
import { ActivityLogsTab } from "~/components/admin/activity-logs-tab";
import { LoadingState } from "~/components/admin/admin-data";
import { CustomizeTab } from "~/components/admin/customize-tab";
import { DocumentsTab } from "~/components/admin/documents-tab";
import { FeedbackTab } from "~/components/admin/feedback-tab";
import { OverviewTab } from "~/components/admin/overview-tab";
import { SystemPromptTab } from "~/components/admin/system-prompt-tab";
import { UsersTab } from "~/components/admin/users-tab";
import { TopBar } from "~/components/top-bar";
import { adminTabData } from "~/lib/admin/index.server";
import { INITIAL_ADMIN_TAB, adminTabOf, type AdminTab } from "~/lib/admin-view";
import { requirePageAdmin } from "~/lib/auth/index.server";
import { PRODUCT_NAME } from "~/lib/brand";
import type { Route } from "./+types/admin";

export function meta() {
  return [{ title: `Admin · ${PRODUCT_NAME}` }];
}

/**
 * The admin dashboard. The server gate decides (anyone else goes to the login, home or beta page) before
 * anything is read; then the open tab's data (`?tab=`, Overview without it), as its JSON route gives it.
 */
export async function loader({ request, url }: Route.LoaderArgs) {
  await requirePageAdmin({ request, url });
  return adminTabData(adminTabOf(url.searchParams.get("tab")), url.searchParams);
}

type TabData = Route.ComponentProps["loaderData"];
type SeenTabs = Partial<Record<AdminTab, TabData>>;

/** One tab's content from its data (null while its first data is on its way). */
function renderTab(data: TabData | undefined): ReactNode {
  if (!data) return <LoadingState>Loading...</LoadingState>;
  switch (data.tab) {
    case "overview":
      return <OverviewTab stats={data.stats} />;
    case "users":
      return <UsersTab users={data.users} />;
    case "activity":
      return <ActivityLogsTab logs={data.logs} />;
    case "feedback":
      return <FeedbackTab feedback={data.feedback} />;
    case "documents":
      return <DocumentsTab loaded={data} />;
    case "system-prompt":
      return <SystemPromptTab prompts={data.prompts} />;
    case "customize":
      return <CustomizeTab welcomeMessage={data.welcomeMessage} />;
  }
}

/**
 * The tabs in the spec's order. Lists (Overview, Users, Activity Logs, Feedback) are read each time they
 * are opened, so they show the server's current state. Once opened, Documents (an upload in progress),
 * System Prompt and Customize (unsaved edits) stay mounted while another tab is shown.
 */
const TABS: ReadonlyArray<{ value: AdminTab; label: string; keepAlive: boolean }> = [
  { value: "overview", label: "Overview", keepAlive: false },
  { value: "users", label: "Users", keepAlive: false },
  { value: "activity", label: "Activity Logs", keepAlive: false },
  { value: "feedback", label: "Feedback", keepAlive: false },
  { value: "documents", label: "Documents", keepAlive: true },
  { value: "system-prompt", label: "System Prompt", keepAlive: true },
  { value: "customize", label: "Customize", keepAlive: true },
];

export default function AdminPage({ loaderData }: Route.ComponentProps) {
  const [, setSearchParams] = useSearchParams();
  const location = useLocation();
  const navigation = useNavigation();
  // The tab chosen shows at once (its data on the way); the address is the loader's.
  const target = navigation.location?.pathname === location.pathname ? navigation.location : location;
  const tab = adminTabOf(new URLSearchParams(target.search).get("tab"));
  // Each tab's newest data: a kept-alive tab keeps its own while another is shown.
  const [seen, setSeen] = useState<SeenTabs>(() => ({ [loaderData.tab]: loaderData }));
  if (seen[loaderData.tab] !== loaderData) setSeen((s) => ({ ...s, [loaderData.tab]: loaderData }));

  function open(value: string) {
    setSearchParams(value === INITIAL_ADMIN_TAB ? {} : { tab: value }, { preventScrollReset: true });
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
              forceMount={t.keepAlive && seen[t.value] ? true : undefined}
              className="focus:outline-none data-[state=inactive]:hidden"
            >
              {/* A list tab waits for its fresh data; a kept-alive one shows what it has. */}
              {renderTab(t.keepAlive || loaderData.tab === t.value ? seen[t.value] : undefined)}
            </Tabs.Content>
          ))}
        </Tabs.Root>
      </main>
    </div>
  );
}
