import { redirect } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { getSessionUser, requestedFromThisSite, signOut } from "~/lib/auth/index.server";
import { PRODUCT_NAME } from "~/lib/brand";
import { requestInfo } from "~/lib/http.server";
import type { Route } from "./+types/api.logout";

export function meta() {
  return [{ title: `Sign out · ${PRODUCT_NAME}` }];
}

/** Ends the session on the server and returns to '/'. */
async function logout({ request, context }: Route.LoaderArgs | Route.ActionArgs) {
  const cookie = await signOut(request, requestInfo(request, context));
  return redirect("/", { status: 303, headers: { "Set-Cookie": cookie } });
}

/**
 * A navigation target (spec §7): the app's Logout links (and a typed address) sign out at once. A GET
 * another site started (a link, an image, a frame), or one that cannot tell, only asks, with a form that
 * posts here: no other site can sign a user out.
 */
export async function loader(args: Route.LoaderArgs) {
  if (requestedFromThisSite(args.request) || !(await getSessionUser(args.request))) return logout(args);
  return null;
}

// Form posts reach here only from this site: the server entry refuses cross-site ones.
export const action = logout;

export default function ConfirmLogout() {
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-b from-brand-50 to-slate-50 p-4">
      <Card className="w-full max-w-md p-8 text-center">
        <p className="text-sm font-semibold text-brand-700">{PRODUCT_NAME}</p>
        <h1 className="mt-2 text-2xl font-bold">Sign out?</h1>
        <form method="post" action="/api/logout" className="mt-6 flex justify-center gap-3">
          <a href="/" className={buttonClasses("secondary")}>
            Cancel
          </a>
          <button type="submit" className={buttonClasses("primary")}>
            Sign out
          </button>
        </form>
      </Card>
    </main>
  );
}
