import type { SystemFigures } from "./admin";
import { apiRequest } from "./api-client";

/** The admin API as the dashboard sees it (the contract in notes/admin-contract.md). */

export type BetaStatus = "pending" | "approved" | "denied";

export type AdminStats = {
  totalUsers: number;
  totalConversations: number;
  totalDocuments: number;
  totalQueries: number;
  recentActivity?: { logins?: number; registrations?: number; profileUpdates?: number };
  recentDays?: number;
  /** Live figures of the installation (knowledge base, answerer, search speed, upload queue). */
  system?: SystemFigures;
};

export type AdminUser = {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profession: string | null;
  betaAccess: BetaStatus;
  approvedBy: string | null;
  approvedAt: string | null;
  createdAt: string;
  isAdmin: boolean;
  stats: { conversationsCount: number; documentsCount: number; queriesCount: number; totalLogins: number; lastLogin: string | null };
};

export type LogUser = { firstName: string | null; lastName: string | null; email: string };

export type AuthLog = {
  id: number | string;
  action: string;
  user: LogUser | null;
  createdAt: string;
  ipAddress: string | null;
  userAgent: string | null;
  details: unknown;
};

export type AuthLogPage = { logs: AuthLog[]; page: number; pageSize: number; total: number };

export type FeedbackItem = {
  id: string;
  status: string;
  message: string;
  adminNotes: string | null;
  createdAt: string;
  user: (LogUser & { profession: string | null }) | null;
};

export type SystemPrompts = { mainPrompt: string; thinkHarderPrompt: string; pubmedPrompt: string };

// Writes are not retried (an approve or delete is not worth repeating blindly); reads follow spec §8.
const NO_RETRY = { retry: false } as const;

async function readJson<T>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

export async function setBetaAccess(userId: string, decision: "approve" | "deny"): Promise<AdminUser> {
  return readJson(await apiRequest("POST", ["/api/admin/users", encodeURIComponent(userId), decision], undefined, NO_RETRY));
}

export async function updateFeedback(id: string, change: { status: "reviewed" } | { adminNotes: string }): Promise<FeedbackItem> {
  return readJson(await apiRequest("PATCH", ["/api/admin/feedback", encodeURIComponent(id)], change, NO_RETRY));
}

export async function deleteFeedback(id: string): Promise<void> {
  await apiRequest("DELETE", ["/api/admin/feedback", encodeURIComponent(id)], undefined, NO_RETRY);
}

export async function saveSystemPrompts(prompts: SystemPrompts): Promise<SystemPrompts> {
  return readJson(await apiRequest("PUT", "/api/admin/system-prompts", prompts, NO_RETRY));
}

export async function saveWelcomeMessage(welcomeMessage: string): Promise<{ welcomeMessage: string }> {
  return readJson(await apiRequest("PUT", "/api/admin/welcome-message", { welcomeMessage }, NO_RETRY));
}
