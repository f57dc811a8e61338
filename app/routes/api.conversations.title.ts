import { z } from "zod";
import { generateTitle } from "~/lib/answer/index.server";
import { requireApiUser } from "~/lib/auth/index.server";
import { jsonError, jsonOk, methodNotAllowed, readJson } from "~/lib/http.server";
import type { Route } from "./+types/api.conversations.title";

const titleSchema = z.object({ message: z.string().max(20_000) });

/** POST {message}: a short title for a conversation that starts with it (model, else the first 50 characters). */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  await requireApiUser(request);
  const { message } = await readJson(request, titleSchema);
  if (!message.trim()) return jsonError(400, "Message cannot be empty");
  const { title } = await generateTitle(message);
  return jsonOk({ title });
}

export async function loader() {
  return methodNotAllowed(["POST"]);
}
