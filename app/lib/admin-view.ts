import type { SystemFigures } from "./admin";
import type { AdminStats, AdminUser, BetaStatus, LogUser } from "./admin-client";

/** Pure rules of the admin dashboard's display (spec §2 Admin dashboard, §9). */

export const USER_AGENT_SHOWN = 60;
export const LOGS_PAGE_SIZE = 50;
export const DEFAULT_RECENT_DAYS = 7;
export const SYSTEM_PROMPT_MAX = 20_000;
export const WELCOME_MESSAGE_MAX = 5_000;

/** The dashboard's tabs in the spec's order; `/admin?tab=<value>` opens one (Overview without it). */
export const ADMIN_TABS = ["overview", "users", "activity", "feedback", "documents", "system-prompt", "customize"] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];
export const INITIAL_ADMIN_TAB: AdminTab = "overview";

/** The tab a `?tab=` value names; anything else is the initial tab. */
export function adminTabOf(value: string | null): AdminTab {
  return ADMIN_TABS.find((t) => t === value) ?? INITIAL_ADMIN_TAB;
}

/** The Activity Logs page a `?page=` value names: a whole number from 1, else the first. */
export function logsPageOf(value: string | null): number {
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

const UNITS: ReadonlyArray<[unit: string, seconds: number]> = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

/** '3 days ago', '1 hour ago', 'just now'; 'Never' without a time; a time in the future (clock skew) is 'just now'. */
export function timeAgo(iso: string | null | undefined, now: number = Date.now()): string {
  if (!iso) return "Never";
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return "Never";
  const seconds = Math.floor((now - then) / 1000);
  for (const [unit, size] of UNITS) {
    const count = Math.floor(seconds / size);
    if (count >= 1) return `${count} ${unit}${count === 1 ? "" : "s"} ago`;
  }
  return "just now";
}

export function fullName(user: Pick<LogUser, "firstName" | "lastName">): string {
  return [user.firstName, user.lastName]
    .map((part) => part?.trim() ?? "")
    .filter(Boolean)
    .join(" ");
}

/** A user's name, else their e-mail, else 'Unknown user' (a log row whose user was deleted). */
export function displayName(user: LogUser | null | undefined): string {
  if (!user) return "Unknown user";
  return fullName(user) || user.email || "Unknown user";
}

/** The first `max` characters, with '...' when something was cut. */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

export function shownUserAgent(userAgent: string | null | undefined): string {
  return userAgent ? truncate(userAgent, USER_AGENT_SHOWN) : "Unknown";
}

const GREEN = "bg-green-100 text-green-800";
const BLUE = "bg-blue-100 text-blue-800";
const YELLOW = "bg-yellow-100 text-yellow-800";
const GRAY = "bg-slate-100 text-slate-700";
const RED = "bg-red-100 text-red-800";

/** Activity log badges: login green, registration blue, profile_update yellow, anything else gray. */
export function actionBadgeClass(action: string): string {
  if (action === "login") return GREEN;
  if (action === "registration") return BLUE;
  if (action === "profile_update") return YELLOW;
  return GRAY;
}

/** Feedback badges: new blue, reviewed yellow, any other status green. */
export function feedbackBadgeClass(status: string): string {
  if (status === "new") return BLUE;
  if (status === "reviewed") return YELLOW;
  return GREEN;
}

export function betaBadgeClass(status: BetaStatus): string {
  if (status === "approved") return GREEN;
  if (status === "denied") return RED;
  return YELLOW;
}

/** Approve and Deny are offered only while a user is pending (spec §4). */
export const canDecide = (user: Pick<AdminUser, "betaAccess">) => user.betaAccess === "pending";

/** '{status} by admin', with the date of the decision when there is one. */
export function decisionLine(user: Pick<AdminUser, "betaAccess" | "approvedAt">, locale?: string): string {
  const date = user.approvedAt ? new Date(user.approvedAt) : null;
  const when = date && !Number.isNaN(date.getTime()) ? ` on ${date.toLocaleDateString(locale, { year: "numeric", month: "short", day: "numeric" })}` : "";
  return `${user.betaAccess} by admin${when}`;
}

export type OverviewNumbers = {
  totalUsers: number;
  totalConversations: number;
  totalDocuments: number;
  totalQueries: number;
  logins: number;
  registrations: number;
  profileUpdates: number;
  recentDays: number;
};

const count = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : 0);

/** The Overview's numbers; any the server left out show 0. */
export function overviewNumbers(stats: Partial<AdminStats> | null | undefined): OverviewNumbers {
  const recent = stats?.recentActivity;
  return {
    totalUsers: count(stats?.totalUsers),
    totalConversations: count(stats?.totalConversations),
    totalDocuments: count(stats?.totalDocuments),
    totalQueries: count(stats?.totalQueries),
    logins: count(recent?.logins),
    registrations: count(recent?.registrations),
    profileUpdates: count(recent?.profileUpdates),
    recentDays: count(stats?.recentDays) || DEFAULT_RECENT_DAYS,
  };
}

/** A size for people: "812 KB", "1.4 GB". */
export function byteSize(bytes: number): string {
  const units = ["B", "KB", "MB", "GB", "TB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${unit === 0 || value >= 100 ? Math.round(value) : Math.round(value * 10) / 10} ${units[unit]}`;
}

const PROVIDER_NAMES: Record<string, string> = { ollama: "Ollama", openai: "OpenAI-compatible server", local: "Built-in model", extractive: "Extractive" };

/** The Overview's system lines: what each figure says, in words an IT admin reads at a glance. */
export function systemLines(system: SystemFigures): Array<{ label: string; value: string; warn?: boolean }> {
  const a = system.answering;
  const answerer =
    a.answerer === "extractive"
      ? a.model
        ? `Extractive (the model ${a.model} is not used${a.reason ? `: ${a.reason}` : ""})`
        : "Extractive (no chat model configured)"
      : `${PROVIDER_NAMES[a.answerer] ?? a.answerer}${a.model ? ` · ${a.model}` : ""}`;
  const server = a.server === null ? "None (no chat model configured)" : `${a.server} · ${a.reachable ? "reachable" : "not reachable"}`;
  const searches = system.search;
  return [
    { label: "Answers by", value: answerer },
    { label: "Model server", value: server, warn: a.reachable === false },
    { label: "Retrieval", value: system.retrieval.mode === "hybrid" ? `Hybrid (${system.retrieval.embedder ?? "embeddings"})` : "Lexical (keywords only)" },
    {
      label: `Search p95, last ${searches.windowMinutes === 60 ? "hour" : `${searches.windowMinutes} min`}`,
      value: searches.p95Ms === null ? "No searches yet" : `${searches.p95Ms.toLocaleString()} ms over ${searches.count.toLocaleString()} searches`,
    },
    { label: "Upload queue", value: system.uploadQueue === 0 ? "Empty" : `${system.uploadQueue.toLocaleString()} waiting or in progress` },
  ];
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
}

/**
 * A log row's details as short 'key: value' text (details arrive as an object or its JSON);
 * null when there is nothing to show.
 */
export function detailsText(details: unknown, max = 120): string | null {
  let value = details;
  if (typeof details === "string") {
    try {
      value = JSON.parse(details);
    } catch {
      return details.trim() ? truncate(details.trim(), max) : null;
    }
  }
  if (value === null || value === undefined) return null;
  if (typeof value !== "object") return truncate(String(value), max);
  const parts = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== null && v !== undefined && v !== "")
    .map(([k, v]) => `${k}: ${typeof v === "object" ? JSON.stringify(v) : String(v)}`);
  return parts.length ? truncate(parts.join(", "), max) : null;
}

/** A save button is enabled only after a change, and not while a save is under way. */
export const canSave = (changed: boolean, saving: boolean) => changed && !saving;
