import { getSystemPrompts, readSystemPromptsBody, saveSystemPrompts } from "~/lib/admin/index.server";
import { requireApiAdmin, writeAuthLog } from "~/lib/auth/index.server";
import { jsonOk, methodNotAllowed, requestInfo } from "~/lib/http.server";
import type { Route } from "./+types/api.admin.system-prompts";

/** The prompts the answering code uses: the admin's, else the defaults. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireApiAdmin(request);
  return jsonOk(getSystemPrompts());
}

/** PUT {mainPrompt, thinkHarderPrompt, pubmedPrompt}: each at most 20,000 characters; blank = the default. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(["GET", "PUT"]);
  const admin = await requireApiAdmin(request);
  const input = await readSystemPromptsBody(request);
  const { prompts, changed } = saveSystemPrompts(admin.id, input);
  writeAuthLog(admin.id, "system_prompts_update", requestInfo(request, context), { changed });
  return jsonOk(prompts);
}
