import { useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import type { AdminStats } from "~/lib/admin-client";
import { byteSize, overviewNumbers, systemLines } from "~/lib/admin-view";

/** Overview (spec §2): the totals, what happened in the last days, and the system's live figures. */
export function OverviewTab({ stats }: { stats: AdminStats }) {
  const { revalidate } = useRevalidator();
  const n = overviewNumbers(stats);
  const system = stats.system;

  return (
    <div className="space-y-6">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard label="Total Users" value={n.totalUsers} />
        <StatCard label="Conversations" value={n.totalConversations} />
        <StatCard label="Documents" value={n.totalDocuments} />
        <StatCard label="Questions Asked" value={n.totalQueries} />
      </div>
      {system ? (
        <Card className="p-6" data-testid="system-figures">
          <div className="flex items-start justify-between gap-3">
            <div>
              <h2 className="text-lg font-semibold">System</h2>
              <p className="text-sm text-slate-600">The knowledge base, who answers, and how fast search is now</p>
            </div>
            <Button variant="secondary" onClick={() => void revalidate()}>
              Refresh
            </Button>
          </div>
          <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <StatCard label="Pages" value={system.pages} />
            <StatCard label="Chunks" value={system.chunks} />
            <StatCard label="Database size" value={byteSize(system.databaseBytes)} />
            <StatCard label="Uploads queued" value={system.uploadQueue} />
          </div>
          <dl className="mt-4 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
            {systemLines(system).map((line) => (
              <div key={line.label} className="contents">
                <dt className="font-medium text-slate-600">{line.label}</dt>
                <dd className={line.warn ? "text-red-700" : "text-slate-900"} data-testid="system-line">
                  {line.value}
                </dd>
              </div>
            ))}
          </dl>
        </Card>
      ) : null}
      <Card className="p-6" data-testid="recent-activity">
        <h2 className="text-lg font-semibold">Recent Activity</h2>
        <p className="text-sm text-slate-600">Logins, registrations and profile updates in the last {n.recentDays} days</p>
        <div className="mt-4 grid gap-4 sm:grid-cols-3">
          <StatCard label="Recent Logins" value={n.logins} />
          <StatCard label="New Registrations" value={n.registrations} />
          <StatCard label="Profile Updates" value={n.profileUpdates} />
        </div>
      </Card>
    </div>
  );
}

function StatCard({ label, value }: { label: string; value: number | string }) {
  return (
    <Card className="p-5" role="group" aria-label={label}>
      <p className="text-sm font-medium text-slate-600">{label}</p>
      <p className="mt-1 text-3xl font-bold text-slate-900" data-testid="stat-value">
        {typeof value === "number" ? value.toLocaleString() : value}
      </p>
    </Card>
  );
}
