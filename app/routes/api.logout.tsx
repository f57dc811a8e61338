import { redirect } from "react-router";
import { destroySession, getSessionUser, writeAuthLog } from "~/lib/auth/index.server";
import { requestInfo } from "~/lib/http.server";
import type { Route } from "./+types/api.logout";

/** A navigation target (spec §7): ends the session on the server and returns to '/'. */
async function logout({ request, context }: Route.LoaderArgs | Route.ActionArgs) {
  const user = await getSessionUser(request);
  const cookie = await destroySession(request);
  if (user) writeAuthLog(user.id, "logout", requestInfo(request, context));
  return redirect("/", { status: 303, headers: { "Set-Cookie": cookie } });
}

export const loader = logout;
export const action = logout;
