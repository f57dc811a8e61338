import { Tabs } from "radix-ui";
import { DocumentsTab } from "~/components/admin/documents-tab";
import { TopBar } from "~/components/top-bar";
import { requirePageAdmin } from "~/lib/auth/index.server";
import { PRODUCT_NAME } from "~/lib/brand";
import type { Route } from "./+types/admin";

export function meta() {
  return [{ title: `Admin · ${PRODUCT_NAME}` }];
}

/** The admin dashboard. The server gate decides; the screen only shows what an admin may do. */
export async function loader({ request }: Route.LoaderArgs) {
  await requirePageAdmin(request);
  return null;
}

export default function AdminPage() {
  return (
    <div className="min-h-screen">
      <TopBar suffix="Admin" nav={{ to: "/", label: "Dashboard" }} width="max-w-6xl" />
      <main className="mx-auto max-w-6xl px-4 py-6">
        <Tabs.Root defaultValue="documents">
          <Tabs.List className="mb-6 flex gap-1 border-b border-slate-200" aria-label="Admin sections">
            <Tabs.Trigger value="documents" className="border-b-2 border-transparent px-4 py-2 text-sm font-medium data-[state=active]:border-brand-600 data-[state=active]:text-brand-700">
              Documents
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="documents">
            <DocumentsTab />
          </Tabs.Content>
        </Tabs.Root>
      </main>
    </div>
  );
}
