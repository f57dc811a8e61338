import { AppShell } from "~/components/app-shell";
import { ChatScreen } from "~/components/chat/chat-screen";
import { LandingPage } from "~/components/landing-page";
import { getSessionUser } from "~/lib/auth/index.server";
import { loadAppHome } from "~/lib/app-home.server";
import { getConfig } from "~/lib/config.server";
import type { Route } from "./+types/home";

/** '/': the landing page for visitors, the app for signed-in users (pending ones go to the beta page). */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await getSessionUser(request);
  if (!user) {
    const config = getConfig();
    return { kind: "landing" as const, contactEmail: config.CONTACT_EMAIL ?? config.ADMIN_EMAIL };
  }
  return { kind: "app" as const, ...(await loadAppHome(request)) };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === "landing") return <LandingPage contactEmail={loaderData.contactEmail} />;
  return (
    <AppShell user={loaderData.user}>
      <ChatScreen welcomeMessage={loaderData.welcomeMessage} />
    </AppShell>
  );
}
