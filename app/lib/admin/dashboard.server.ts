import { LOGS_PAGE_SIZE, logsPageOf, type AdminTab } from "../admin-view";
import { listSharedDocuments } from "../ingest/index.server";
import { listAuthLogs } from "./auth-logs.server";
import { listFeedback } from "./feedback.server";
import { readSearchStatus } from "./search-status.server";
import { getSystemPrompts, getWelcomeMessage } from "./settings.server";
import { getAdminStats } from "./stats.server";
import { getSystemFigures } from "./system.server";
import { listUsersWithStats } from "./users.server";

/**
 * What one dashboard tab shows, read by the same functions its JSON route calls (the caller has checked
 * that an admin asks): only the open tab's data, so opening another reads the server's current state.
 */
export async function adminTabData(tab: AdminTab, search: URLSearchParams) {
  switch (tab) {
    case "overview":
      return { tab, stats: { ...getAdminStats(), system: await getSystemFigures() } };
    case "users":
      return { tab, users: listUsersWithStats() };
    case "activity":
      return { tab, logs: listAuthLogs({ page: logsPageOf(search.get("page")), pageSize: LOGS_PAGE_SIZE }) };
    case "feedback":
      return { tab, feedback: listFeedback() };
    case "documents":
      return {
        tab,
        documents: listSharedDocuments(),
        // The retrieval banner is extra information: the list shows without it.
        status: await readSearchStatus().catch((error: unknown) => {
          console.warn("Reading the search status failed:", error);
          return null;
        }),
      };
    case "system-prompt":
      return { tab, prompts: getSystemPrompts() };
    case "customize":
      return { tab, welcomeMessage: getWelcomeMessage() };
  }
}

export type AdminTabData = Awaited<ReturnType<typeof adminTabData>>;
