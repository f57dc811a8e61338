import { requireApiUser } from "~/lib/auth/index.server";
import { getUserSettings, saveUserSettings, userSettingsSchema } from "~/lib/chat/index.server";
import { jsonOk, methodNotAllowed, readJson } from "~/lib/http.server";
import type { Route } from "./+types/api.user.settings";

/** The caller's custom system prompt and PubMed priority journals (defaults when unset). */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireApiUser(request);
  return jsonOk(getUserSettings(user.id));
}

/** POST {customSystemPrompt?, pubmedPriorityJournals?}: a field left out is kept, a blank one reset. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const user = await requireApiUser(request);
  const input = await readJson(request, userSettingsSchema);
  return jsonOk(saveUserSettings(user.id, input));
}
