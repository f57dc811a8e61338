import { getUserStats, requireApiUser } from "~/lib/auth/index.server";
import { jsonOk } from "~/lib/http.server";
import type { Route } from "./+types/api.auth.user.stats";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireApiUser(request);
  return jsonOk(getUserStats(user.id));
}
