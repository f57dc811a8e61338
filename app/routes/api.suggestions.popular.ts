import { requireApiUser } from "~/lib/auth/index.server";
import { popularSuggestions } from "~/lib/chat/index.server";
import { jsonOk, methodNotAllowed } from "~/lib/http.server";
import type { Route } from "./+types/api.suggestions.popular";

/** Up to three questions users ask most, else the spec's fallback suggestions. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireApiUser(request);
  return jsonOk(popularSuggestions());
}

export async function action() {
  return methodNotAllowed(["GET"]);
}
