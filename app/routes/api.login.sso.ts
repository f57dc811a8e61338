import { redirect } from "react-router";
import { authenticateSso, ssoEnabled } from "~/lib/auth/index.server";
import type { Route } from "./+types/api.login.sso";

/** Starts single sign-on: the strategy answers with a redirect to the provider. */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (!ssoEnabled()) throw new Response("Not Found", { status: 404 });
  try {
    await authenticateSso(request, context);
  } catch (error) {
    if (error instanceof Response) throw error;
    console.error("SSO start failed:", error instanceof Error ? error.message : error);
  }
  throw redirect("/api/login?error=sso");
}
