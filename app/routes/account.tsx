import { useState } from "react";
import { Link, useRevalidator } from "react-router";
import { TopBar } from "~/components/top-bar";
import { Button, buttonClasses } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { SelectField, TextField } from "~/components/ui/field";
import { SESSION_EXPIRED_REDIRECT_DELAY_MS, apiRequest, isUnauthorizedError, redirectToLogin } from "~/lib/api-client";
import { getUserStats, requirePageUser, toPublicUser, type PublicUser } from "~/lib/auth/index.server";
import { PRODUCT_NAME, PROFESSION_OPTIONS } from "~/lib/brand";
import { libraryQuota } from "~/lib/ingest/index.server";
import { quotaText } from "~/lib/library-view";
import { toast } from "~/lib/toast";
import type { Route } from "./+types/account";

export function meta() {
  return [{ title: `Account · ${PRODUCT_NAME}` }];
}

/** The profile and the usage statistics (what GET /api/auth/user/stats answers), in the page's first HTML. */
export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requirePageUser({ request, url });
  return { user: toPublicUser(user), documentQuota: libraryQuota(), stats: getUserStats(user.id) };
}

type ProfileForm = { firstName: string; lastName: string; email: string; profession: string };

const formFrom = (u: PublicUser): ProfileForm => ({
  firstName: u.firstName ?? "",
  lastName: u.lastName ?? "",
  email: u.email,
  profession: u.profession ?? "",
});

export default function Account({ loaderData }: Route.ComponentProps) {
  const { user, documentQuota, stats } = loaderData;
  const [form, setForm] = useState<ProfileForm>(() => formFrom(user));
  const [saving, setSaving] = useState(false);
  const revalidator = useRevalidator();
  const set = (key: keyof ProfileForm) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));

  async function save(event: React.FormEvent) {
    event.preventDefault();
    setSaving(true);
    try {
      // The e-mail is shown but never sent: it is not changeable here (spec §5).
      await apiRequest("PATCH", "/api/auth/user", {
        firstName: form.firstName,
        lastName: form.lastName,
        profession: form.profession,
      });
      toast({ title: "Profile Updated", description: "Your profile has been saved." });
      await revalidator.revalidate();
    } catch (error) {
      if (isUnauthorizedError(error)) {
        toast({ title: "Session Expired", description: "Please log in again.", variant: "destructive" });
        redirectToLogin(SESSION_EXPIRED_REDIRECT_DELAY_MS);
      } else {
        toast({ title: "Error", description: "Failed to update profile. Please try again.", variant: "destructive" });
      }
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="min-h-screen">
      <TopBar nav={{ to: "/", label: "Dashboard" }} width="max-w-4xl" />
      <main className="mx-auto max-w-4xl px-4 py-8">
        <Card className="p-6">
          <h1 className="text-xl font-bold">Account Settings</h1>
          <p className="text-sm text-slate-600">Manage your profile and see how you use {PRODUCT_NAME}.</p>
          <form onSubmit={save} className="mt-6 space-y-6">
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField label="First name" id="firstName" name="firstName" autoComplete="given-name" value={form.firstName} onChange={set("firstName")} required maxLength={100} />
              <TextField label="Last name" id="lastName" name="lastName" autoComplete="family-name" value={form.lastName} onChange={set("lastName")} required maxLength={100} />
              <TextField label="Email" id="email" name="email" type="email" autoComplete="email" value={form.email} onChange={set("email")} hint="Your sign-in email is not changed here." />
              <SelectField
                label="Profession"
                id="profession"
                name="profession"
                value={form.profession}
                onChange={set("profession")}
                options={PROFESSION_OPTIONS}
                placeholder="Select your profession"
                required
              />
            </div>

            <section className="rounded-md border border-slate-200 p-4">
              <h2 className="font-semibold">Documents</h2>
              <p className="mt-1 text-sm text-slate-600">Free Tier</p>
              <div className="mt-3 flex flex-wrap items-center gap-3 text-sm">
                <span>Upload documents:</span>
                <Link to="/documents" className={buttonClasses("secondary")}>
                  Open Document Library
                </Link>
                {/* documentsCount is the private library the quota counts. */}
                <span data-testid="account-library-count">{quotaText(stats.documentsCount, documentQuota)}</span>
              </div>
            </section>

            <section className="rounded-md border border-slate-200 p-4">
              <h2 className="font-semibold">Usage Statistics</h2>
              <dl className="mt-3 grid gap-3 sm:grid-cols-3" data-testid="usage-stats">
                {(
                  [
                    ["Documents Uploaded", stats.documentsCount],
                    ["Conversations Started", stats.conversationsCount],
                    ["Questions Asked", stats.queriesCount],
                  ] as const
                ).map(([label, value]) => (
                  <div key={label} className="rounded-md bg-slate-50 p-3">
                    <dt className="text-xs text-slate-600">{label}</dt>
                    <dd className="text-2xl font-semibold">{value}</dd>
                  </div>
                ))}
              </dl>
            </section>

            <div className="flex justify-end gap-2">
              <Button variant="secondary" onClick={() => setForm(formFrom(user))} disabled={saving}>
                Cancel
              </Button>
              <Button type="submit" disabled={saving}>
                {saving ? "Saving..." : "Save Changes"}
              </Button>
            </div>
          </form>
        </Card>
      </main>
    </div>
  );
}
