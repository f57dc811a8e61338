import { getAnswererStatus } from "~/lib/answer/index.server";
import { requireApiUser } from "~/lib/auth/index.server";
import { getUserSettings, saveUserSettings, userSettingsSchema, type UserSettings } from "~/lib/chat/index.server";
import { jsonOk, methodNotAllowed, readJson } from "~/lib/http.server";
import type { Route } from "./+types/api.user.settings";

/**
 * The settings as both methods answer them, with `customSystemPromptApplies`: whether a language
 * model answers now (the extractive answerer, used without one, does not read the custom prompt).
 */
async function settingsJson(settings: UserSettings) {
  const { answerer } = await getAnswererStatus();
  return jsonOk({ ...settings, customSystemPromptApplies: answerer !== "extractive" });
}

/** The caller's custom system prompt and PubMed priority journals (defaults when unset). */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireApiUser(request);
  return settingsJson(getUserSettings(user.id));
}

/** POST {customSystemPrompt?, pubmedPriorityJournals?}: a field left out is kept, a blank one reset. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const user = await requireApiUser(request);
  const input = await readJson(request, userSettingsSchema);
  return settingsJson(saveUserSettings(user.id, input));
}
