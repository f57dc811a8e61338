import { AppShell } from "~/components/app-shell";
import { ChatScreen } from "~/components/chat/chat-screen";
import { loadAppHome } from "~/lib/app-home.server";
import type { Route } from "./+types/app";

export async function loader({ request, url }: Route.LoaderArgs) {
  return loadAppHome({ request, url });
}

export default function AppRoute({ loaderData }: Route.ComponentProps) {
  return (
    <AppShell user={loaderData.user}>
      <ChatScreen data={loaderData} />
    </AppShell>
  );
}
