import { redirect } from "react-router";
import type { User } from "../db/index.server";
import { jsonError } from "../http.server";
import { BETA_WORDING } from "./index";
import { getSessionUser } from "./session.server";
import { hasAppAccess, isAdmin } from "./users.server";

/**
 * Server-side gates. Pages redirect; APIs answer JSON errors:
 * 401 signed out, 403 not approved in the beta (or not an admin for admin APIs).
 */

export const UNAUTHORIZED_MESSAGE = "Unauthorized";

/**
 * Whether a GET came from this site's own pages or from the user (a typed address, a bookmark), not from
 * another site. Browsers say so in Sec-Fetch-Site; for one that does not, the Referer must be this origin
 * (the site's Referrer-Policy sends it same-origin). Neither: not known, so no.
 */
export function requestedFromThisSite(request: Request): boolean {
  const site = request.headers.get("sec-fetch-site");
  if (site) return site === "same-origin" || site === "none";
  const referer = request.headers.get("referer");
  if (!referer) return false;
  try {
    return new URL(referer).origin === new URL(request.url).origin;
  } catch {
    return false;
  }
}

/** A page loader's arguments: `url` is the page's address even when the request is for its data (`.data`). */
export type PageRequest = { request: Request; url: URL };

export function loginUrl(url: URL): string {
  const back = url.pathname + url.search;
  return back === "/" ? "/api/login" : `/api/login?redirectTo=${encodeURIComponent(back)}`;
}

/** Any signed-in user, whatever their beta status (the beta page, sign-out, own profile read). */
export async function requireApiSession(request: Request): Promise<User> {
  const user = await getSessionUser(request);
  if (!user) throw jsonError(401, UNAUTHORIZED_MESSAGE);
  return user;
}

/** A signed-in user with app access: approved, or an admin. */
export async function requireApiUser(request: Request): Promise<User> {
  const user = await requireApiSession(request);
  if (!hasAppAccess(user)) {
    const wording = user.betaAccess === "denied" ? BETA_WORDING.denied : BETA_WORDING.pending;
    throw jsonError(403, wording.message, { betaAccess: user.betaAccess });
  }
  return user;
}

export async function requireApiAdmin(request: Request): Promise<User> {
  const user = await requireApiSession(request);
  if (!isAdmin(user)) throw jsonError(403, "Admin access required");
  return user;
}

/** For app pages: signed out goes to the login page, not approved goes to the beta page. */
export async function requirePageUser({ request, url }: PageRequest): Promise<User> {
  const user = await getSessionUser(request);
  if (!user) throw redirect(loginUrl(url));
  if (!hasAppAccess(user)) throw redirect("/beta-access");
  return user;
}

export async function requirePageAdmin({ request, url }: PageRequest): Promise<User> {
  const user = await getSessionUser(request);
  if (!user) throw redirect(loginUrl(url));
  if (!isAdmin(user)) throw redirect(hasAppAccess(user) ? "/" : "/beta-access");
  return user;
}
