import { redirect } from "react-router";
import { authenticateSso, createSession, hasAppAccess, ssoEnabled } from "~/lib/auth/index.server";
import { requestInfo } from "~/lib/http.server";
import type { Route } from "./+types/api.login.sso.callback";

/** The provider sends the browser back here with a code; a session starts on success. */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (!ssoEnabled()) throw new Response("Not Found", { status: 404 });
  try {
    const { user } = await authenticateSso(request, context);
    const cookie = await createSession(request, user.id, requestInfo(request, context));
    const headers = new Headers({ "Set-Cookie": cookie });
    // The state cookie has done its job.
    headers.append("Set-Cookie", "oauth2_state=; Path=/api/login/sso; Max-Age=0; HttpOnly; SameSite=Lax");
    return redirect(hasAppAccess(user) ? "/" : "/beta-access", { status: 303, headers });
  } catch (error) {
    if (error instanceof Response) throw error;
    console.error("SSO sign-in failed:", error instanceof Error ? error.message : error);
    throw redirect("/api/login?error=sso");
  }
}
