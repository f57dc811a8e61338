import { profileSchema, requireApiSession, requireApiUser, toPublicUser, updateProfile, writeAuthLog } from "~/lib/auth/index.server";
import { jsonOk, methodNotAllowed, readJson, requestInfo } from "~/lib/http.server";
import type { Route } from "./+types/api.auth.user";

/** The current user, whatever their beta status (the client needs it to show the beta page). */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireApiSession(request);
  return jsonOk(toPublicUser(user));
}

/** PATCH {firstName, lastName, profession} (app access needed); the e-mail is not changeable here. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "PATCH") return methodNotAllowed(["GET", "PATCH"]);
  const user = await requireApiUser(request);
  const profile = await readJson(request, profileSchema);
  const updated = updateProfile(user.id, profile);
  writeAuthLog(user.id, "profile_update", requestInfo(request, context));
  return jsonOk(toPublicUser(updated));
}
