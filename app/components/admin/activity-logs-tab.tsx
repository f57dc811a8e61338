import { useSearchParams } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import type { AuthLog, AuthLogPage } from "~/lib/admin-client";
import { actionBadgeClass, detailsText, displayName, pageCount, shownUserAgent, timeAgo } from "~/lib/admin-view";
import { Badge, EmptyState, useTabData } from "./admin-data";

/**
 * Activity Logs (spec §2): sign-ins, sign-ups, profile and admin actions, newest first, a page at a time;
 * the page is the address's `?page=`, read by the page loader.
 */
export function ActivityLogsTab({ logs }: { logs: AuthLogPage }) {
  const { data, pending, reload } = useTabData(logs);
  const [, setSearchParams] = useSearchParams();
  const total = data.total;
  const pages = pageCount(total, data.pageSize);
  const shownPage = data.page;
  const setPage = (page: number) =>
    setSearchParams(
      (params) => {
        params.set("page", String(page));
        return params;
      },
      { preventScrollReset: true },
    );

  return (
    <Card className="p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold">Activity Logs</h2>
          <p className="text-sm text-slate-600" data-testid="log-count">
            {`${total} ${total === 1 ? "entry" : "entries"}, newest first`}
          </p>
        </div>
        <div className="flex items-center gap-2">
          <Button variant="secondary" onClick={() => void reload()} disabled={pending}>
            Refresh
          </Button>
        </div>
      </div>
      <div className="mt-4">
        {data.logs.length === 0 ? (
          <EmptyState>No activity recorded yet</EmptyState>
        ) : (
          <ul className="divide-y divide-slate-100" data-testid="log-list">
            {data.logs.map((log) => (
              <LogRow key={log.id} log={log} />
            ))}
          </ul>
        )}
      </div>
      <nav className="mt-4 flex items-center justify-between" aria-label="Activity log pages">
        <Button variant="secondary" onClick={() => setPage(Math.max(1, shownPage - 1))} disabled={pending || shownPage <= 1}>
          Previous
        </Button>
        <span className="text-sm text-slate-600" data-testid="log-page">
          Page {shownPage} of {pages}
        </span>
        <Button variant="secondary" onClick={() => setPage(shownPage + 1)} disabled={pending || shownPage >= pages}>
          Next
        </Button>
      </nav>
    </Card>
  );
}

function LogRow({ log }: { log: AuthLog }) {
  const details = detailsText(log.details);
  return (
    <li className="flex flex-wrap items-start gap-3 py-3 text-sm" data-testid="log-row">
      <Badge className={actionBadgeClass(log.action)} testId="log-action">
        {log.action}
      </Badge>
      <div className="min-w-0 flex-1">
        <p className="font-medium text-slate-900">
          {displayName(log.user)}
          <span className="ml-2 font-normal text-slate-500">{timeAgo(log.createdAt)}</span>
        </p>
        <p className="text-xs text-slate-500">
          IP: {log.ipAddress || "Unknown"} · <span title={log.userAgent ?? undefined}>{shownUserAgent(log.userAgent)}</span>
        </p>
        {details ? <p className="mt-0.5 break-all text-xs text-slate-500">{details}</p> : null}
      </div>
    </li>
  );
}
