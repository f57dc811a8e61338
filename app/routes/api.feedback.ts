import { requireApiUser } from "~/lib/auth/index.server";
import { createFeedback, feedbackSchema } from "~/lib/chat/index.server";
import { jsonError, jsonOk, methodNotAllowed, readJson } from "~/lib/http.server";
import type { Route } from "./+types/api.feedback";

/** POST {message}: stored for the admins' Feedback tab; under 10 characters (trimmed) is 422. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireApiUser(request);
  const { message } = await readJson(request, feedbackSchema);
  const result = createFeedback(user.id, message);
  return result.ok ? jsonOk({ id: result.id }, { status: 201 }) : jsonError(422, result.message);
}

export async function loader() {
  return methodNotAllowed(["POST"]);
}
