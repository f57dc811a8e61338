import { Tabs } from "radix-ui";
import { Link } from "react-router";
import { DocumentsTab } from "~/components/admin/documents-tab";
import { buttonClasses } from "~/components/ui/button";
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
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl items-center justify-between px-4 py-3">
          <span className="text-lg font-bold text-brand-700">
            {PRODUCT_NAME} <span className="text-slate-500">Admin</span>
          </span>
          <div className="flex gap-2">
            <Link to="/" className={buttonClasses("secondary")}>
              Dashboard
            </Link>
            <a href="/api/logout" className={buttonClasses("ghost")}>
              Logout
            </a>
          </div>
        </div>
      </header>
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
