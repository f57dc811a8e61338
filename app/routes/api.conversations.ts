import { requireApiUser } from "~/lib/auth/index.server";
import {
  createConversation,
  createConversationSchema,
  listConversations,
  TITLE_BODY_MAX,
  toConversationJson,
} from "~/lib/chat/index.server";
import { jsonOk, methodNotAllowed, readJson } from "~/lib/http.server";
import type { Route } from "./+types/api.conversations";

/** The caller's conversations, newest first. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireApiUser(request);
  return jsonOk(listConversations(user.id).map(toConversationJson));
}

/**
 * POST {title}: a new conversation (a blank title becomes 'New Chat {date}'); a title over TITLE_MAX
 * characters is 422, and 409 once the caller keeps MAX_CONVERSATIONS_PER_USER conversations.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const user = await requireApiUser(request);
  const { title } = await readJson(request, createConversationSchema, TITLE_BODY_MAX);
  return jsonOk(toConversationJson(createConversation(user.id, title)), { status: 201 });
}
