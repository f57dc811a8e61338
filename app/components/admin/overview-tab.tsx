import { Card } from "~/components/ui/card";
import type { AdminStats } from "~/lib/admin-client";
import { overviewNumbers } from "~/lib/admin-view";

/** Overview (spec §2): the totals, and what happened in the last days. */
export function OverviewTab({ stats }: { stats: AdminStats }) {
  const n = overviewNumbers(stats);

  return (
    <div className="space-y-6">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard label="Total Users" value={n.totalUsers} />
        <StatCard label="Conversations" value={n.totalConversations} />
        <StatCard label="Documents" value={n.totalDocuments} />
        <StatCard label="Questions Asked" value={n.totalQueries} />
      </div>
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

function StatCard({ label, value }: { label: string; value: number }) {
  return (
    <Card className="p-5" role="group" aria-label={label}>
      <p className="text-sm font-medium text-slate-600">{label}</p>
      <p className="mt-1 text-3xl font-bold text-slate-900" data-testid="stat-value">
        {value.toLocaleString()}
      </p>
    </Card>
  );
}
