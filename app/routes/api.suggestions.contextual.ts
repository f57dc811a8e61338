import { z } from "zod";
import { suggestionsForConversation } from "~/lib/answer/index.server";
import { requireApiUser } from "~/lib/auth/index.server";
import { jsonError, jsonOk, methodNotAllowed, readJson } from "~/lib/http.server";
import type { Route } from "./+types/api.suggestions.contextual";

const contextualSchema = z.object({ conversationId: z.string().min(1).max(200) });

/** POST {conversationId}: up to three follow-up questions the knowledge base can answer. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireApiUser(request);
  const { conversationId } = await readJson(request, contextualSchema);
  const suggestions = await suggestionsForConversation(user.id, conversationId);
  if (!suggestions) return jsonError(404, "Conversation not found");
  return jsonOk(suggestions);
}

export async function loader() {
  return methodNotAllowed(["POST"]);
}
