import { requireApiUser } from "~/lib/auth/index.server";
import { getWelcomeMessage } from "~/lib/chat/index.server";
import { jsonOk, methodNotAllowed } from "~/lib/http.server";
import type { Route } from "./+types/api.welcome-message";

/** The text shown with no conversation open: the admin's, else the built-in greeting. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireApiUser(request);
  return jsonOk({ welcomeMessage: getWelcomeMessage() });
}

export async function action() {
  return methodNotAllowed(["GET"]);
}
