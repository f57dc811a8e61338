import { redirect } from "react-router";
import { authenticateSso, createSession, hasAppAccess, ssoEnabled, ssoStateCookieClearers } from "~/lib/auth/index.server";
import { requestInfo } from "~/lib/http.server";
import type { Route } from "./+types/api.login.sso.callback";

/** The provider sends the browser back here with a code; a session starts on success. */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (!ssoEnabled()) throw new Response("Not Found", { status: 404 });
  // The state cookies have done their job whatever the outcome: a used or abandoned state must not linger.
  const headers = new Headers();
  for (const clear of ssoStateCookieClearers(request)) headers.append("Set-Cookie", clear);
  try {
    const { user } = await authenticateSso(request, context);
    headers.append("Set-Cookie", await createSession(request, user.id, requestInfo(request, context)));
    return redirect(hasAppAccess(user) ? "/" : "/beta-access", { status: 303, headers });
  } catch (error) {
    if (error instanceof Response) throw error;
    console.error("SSO sign-in failed:", error instanceof Error ? error.message : error);
    return redirect("/api/login?error=sso", { status: 303, headers });
  }
}
