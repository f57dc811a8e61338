import { AppShell } from "~/components/app-shell";
import { ChatScreen } from "~/components/chat/chat-screen";
import { LandingPage } from "~/components/landing-page";
import { getSessionUser } from "~/lib/auth/index.server";
import { loadAppHome } from "~/lib/app-home.server";
import { getConfig } from "~/lib/config.server";
import type { Route } from "./+types/home";

/** '/': the landing page for visitors, the app for signed-in users (pending ones go to the beta page). */
export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await getSessionUser(request);
  if (!user) {
    // Only an address chosen for the public: the admin's sign-in e-mail is half of its credentials.
    return { kind: "landing" as const, contactEmail: getConfig().CONTACT_EMAIL ?? null };
  }
  return { kind: "app" as const, ...(await loadAppHome({ request, url })) };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === "landing") return <LandingPage contactEmail={loaderData.contactEmail} />;
  return (
    <AppShell user={loaderData.user}>
      <ChatScreen data={loaderData} />
    </AppShell>
  );
}
