import { useState } from "react";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { setBetaAccess, type AdminUser } from "~/lib/admin-client";
import { betaBadgeClass, canDecide, decisionLine, fullName, timeAgo } from "~/lib/admin-view";
import { handleUnauthorized, isUnauthorizedError } from "~/lib/api-client";
import { professionLabel } from "~/lib/brand";
import { toast } from "~/lib/toast";
import { Badge, EmptyState, useTabData } from "./admin-data";

const DECISIONS = {
  approve: { title: "User Approved", description: "User has been granted beta access", failure: "Failed to approve user access." },
  deny: { title: "User Denied", description: "User access has been denied", failure: "Failed to deny user access." },
} as const;

/** Users (spec §2, §4): every account with its usage, and Approve / Deny for pending ones. */
export function UsersTab({ users: loaded }: { users: AdminUser[] }) {
  const { data: users, reload, update } = useTabData(loaded);
  const [busyId, setBusyId] = useState<string | null>(null);

  async function decide(user: AdminUser, decision: keyof typeof DECISIONS) {
    const texts = DECISIONS[decision];
    setBusyId(user.id);
    try {
      const updated = await setBetaAccess(user.id, decision);
      update((users) => users.map((u) => (u.id === user.id ? { ...u, ...updated, stats: updated.stats ?? u.stats } : u)));
      toast({ title: texts.title, description: texts.description });
    } catch (error) {
      if (isUnauthorizedError(error)) return handleUnauthorized();
      toast({ title: "Error", description: texts.failure, variant: "destructive" });
      // Someone else may have decided first (409): show the user as the server has them.
      await reload();
    } finally {
      setBusyId(null);
    }
  }

  if (users.length === 0) return <EmptyState>No users yet</EmptyState>;

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">
        {users.length} {users.length === 1 ? "user" : "users"}, {users.filter(canDecide).length} pending approval
      </p>
      <ul className="space-y-4" data-testid="user-list">
        {users.map((user) => (
          <li key={user.id}>
            <UserCard user={user} busy={busyId === user.id} onDecide={(d) => void decide(user, d)} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function UserCard({ user, busy, onDecide }: { user: AdminUser; busy: boolean; onDecide: (decision: "approve" | "deny") => void }) {
  const name = fullName(user) || user.email;
  const profession = professionLabel(user.profession);
  const stats = user.stats;
  return (
    <Card className="p-5" data-testid="user-card" aria-label={name} role="group">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="font-semibold text-slate-900">{name}</h2>
            {profession ? <Badge className="bg-brand-50 text-brand-700">{profession}</Badge> : null}
            {user.isAdmin ? <Badge className="bg-purple-100 text-purple-800">Admin</Badge> : null}
            <Badge className={betaBadgeClass(user.betaAccess)} testId="beta-badge">
              {user.betaAccess}
            </Badge>
          </div>
          <p className="text-sm text-slate-600">{user.email}</p>
          <p className="mt-1 text-xs text-slate-500">
            Joined {timeAgo(user.createdAt)} · Last login: {timeAgo(stats?.lastLogin)}
          </p>
        </div>
        <div className="shrink-0 text-right">
          {canDecide(user) ? (
            <div className="flex gap-2">
              <Button onClick={() => onDecide("approve")} disabled={busy}>
                Approve
              </Button>
              <Button variant="destructive" onClick={() => onDecide("deny")} disabled={busy}>
                Deny
              </Button>
            </div>
          ) : (
            <p className="text-sm text-slate-600" data-testid="decision-line">
              {decisionLine(user)}
            </p>
          )}
        </div>
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4" data-testid="user-stats">
        <Count label="Conversations" value={stats?.conversationsCount} />
        <Count label="Documents" value={stats?.documentsCount} />
        <Count label="Questions Asked" value={stats?.queriesCount} />
        <Count label="Total Logins" value={stats?.totalLogins} />
      </dl>
    </Card>
  );
}

function Count({ label, value }: { label: string; value: number | undefined }) {
  return (
    <div className="rounded-md bg-slate-50 px-3 py-2">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="font-semibold text-slate-900">{value ?? 0}</dd>
    </div>
  );
}
