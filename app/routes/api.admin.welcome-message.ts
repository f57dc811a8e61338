import { getWelcomeMessage, readWelcomeMessageBody, saveWelcomeMessage } from "~/lib/admin/index.server";
import { requireApiAdmin, writeAuthLog } from "~/lib/auth/index.server";
import { jsonOk, methodNotAllowed, requestInfo } from "~/lib/http.server";
import type { Route } from "./+types/api.admin.welcome-message";

/** The message the chat screen shows with no conversation open. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireApiAdmin(request);
  return jsonOk({ welcomeMessage: getWelcomeMessage() });
}

/** PUT {welcomeMessage}: at most 5,000 characters; blank = the built-in greeting. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(["GET", "PUT"]);
  const admin = await requireApiAdmin(request);
  const { welcomeMessage } = await readWelcomeMessageBody(request);
  const saved = saveWelcomeMessage(admin.id, welcomeMessage);
  writeAuthLog(admin.id, "welcome_message_update", requestInfo(request, context), { changed: saved.changed });
  return jsonOk({ welcomeMessage: saved.welcomeMessage });
}
