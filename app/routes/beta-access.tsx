import { redirect } from "react-router";
import { Card } from "~/components/ui/card";
import { buttonClasses } from "~/components/ui/button";
import { getSessionUser, hasAppAccess } from "~/lib/auth/index.server";
import { BETA_WORDING } from "~/lib/auth/index";
import { PRODUCT_NAME } from "~/lib/brand";
import type { Route } from "./+types/beta-access";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${BETA_WORDING[loaderData?.denied ? "denied" : "pending"].title} · ${PRODUCT_NAME}` }];
}

/** Always available (spec §2); an approved user has nothing to wait for and goes to the app. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await getSessionUser(request);
  if (user && hasAppAccess(user)) throw redirect("/");
  return { email: user?.email ?? null, denied: user?.betaAccess === "denied" };
}

export default function BetaAccess({ loaderData }: Route.ComponentProps) {
  const { email, denied } = loaderData;
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-b from-brand-50 to-slate-50 p-4">
      <Card className="w-full max-w-lg p-8 text-center">
        <p className="text-sm font-semibold text-brand-700">{PRODUCT_NAME}</p>
        <h1 className="mt-2 text-2xl font-bold">{BETA_WORDING[denied ? "denied" : "pending"].title}</h1>
        {denied ? (
          // Only what is so: not pending, nobody notified, nothing to wait for.
          <p className="mt-4 text-slate-700">
            An administrator did not approve your request for beta access to {PRODUCT_NAME}. Contact the administrator if
            you think this is a mistake.
          </p>
        ) : (
          <>
            <p className="mt-4 text-slate-700">
              Thank you for signing up! {PRODUCT_NAME} is in beta, and an administrator has been notified of your request.
            </p>
            <p className="mt-2 text-slate-700">Approval usually takes 1-2 business days.</p>
          </>
        )}
        {email ? (
          <>
            <p className="mt-6 text-sm text-slate-600">
              Registered email: <span className="font-medium text-slate-900">{email}</span>
            </p>
            <a href="/api/logout" className={buttonClasses("secondary", "mt-6")}>
              Sign Out
            </a>
          </>
        ) : (
          <a href="/api/login" className={buttonClasses("primary", "mt-6")}>
            Sign In
          </a>
        )}
      </Card>
    </main>
  );
}
