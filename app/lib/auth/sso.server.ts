import { eq } from "drizzle-orm";
import { z } from "zod";
import { getConfig, type OAuthConfig } from "../config.server";
import { getDb, users, type User } from "../db/index.server";
import { requestInfo } from "../http.server";
import { writeAuthLog } from "./audit.server";
import { createUser, findUserByEmail, NAME_MAX } from "./users.server";

/**
 * Single sign-on through any OAuth2 / OpenID Connect provider (remix-auth-oauth2).
 * Endpoints come from OpenID discovery (OAUTH_ISSUER) or are given one by one.
 * New SSO users start 'pending' in the beta like everyone else.
 */

type Endpoints = { authorizationEndpoint: string; tokenEndpoint: string; userinfoEndpoint: string };

const discoverySchema = z.object({
  authorization_endpoint: z.string().url(),
  token_endpoint: z.string().url(),
  userinfo_endpoint: z.string().url(),
});

let endpoints: Promise<Endpoints> | null = null;

async function resolveEndpoints(oauth: OAuthConfig): Promise<Endpoints> {
  if (!oauth.issuer) {
    return {
      authorizationEndpoint: oauth.authorizationUrl!,
      tokenEndpoint: oauth.tokenUrl!,
      userinfoEndpoint: oauth.userinfoUrl!,
    };
  }
  const url = new URL(oauth.issuer.replace(/\/$/, "") + "/.well-known/openid-configuration");
  const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  if (!res.ok) throw new Error(`OpenID discovery at ${url} answered ${res.status}`);
  const doc = discoverySchema.parse(await res.json());
  return {
    authorizationEndpoint: doc.authorization_endpoint,
    tokenEndpoint: doc.token_endpoint,
    userinfoEndpoint: doc.userinfo_endpoint,
  };
}

function getEndpoints(oauth: OAuthConfig) {
  endpoints ??= resolveEndpoints(oauth).catch((error) => {
    endpoints = null; // try discovery again on the next sign-in
    throw error;
  });
  return endpoints;
}

export function ssoEnabled(): boolean {
  return getConfig().oauth !== null;
}

const STATE_COOKIE = "oauth2_state";
const STATE_COOKIE_PATH = "/api/login/sso";

/**
 * Set-Cookie values that delete every state cookie the request carries. remix-auth-oauth2
 * names each one `oauth2_state:<id>`, one per started sign-in.
 */
export function ssoStateCookieClearers(request: Request): string[] {
  const header = request.headers.get("cookie") ?? "";
  return header
    .split(";")
    .map((part) => part.split("=")[0]!.trim())
    .filter((name) => name === STATE_COOKIE || name.startsWith(`${STATE_COOKIE}:`))
    .map((name) => `${name}=; Path=${STATE_COOKIE_PATH}; Max-Age=0; HttpOnly; SameSite=Lax`);
}

const claimsSchema = z.object({
  sub: z.string().min(1),
  email: z.string().email().optional(),
  email_verified: z.boolean().optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
  name: z.string().optional(),
});

export type SsoResult = { user: User; created: boolean };

async function fetchClaims(userinfoEndpoint: string, accessToken: string) {
  const res = await fetch(userinfoEndpoint, {
    headers: { Authorization: `Bearer ${accessToken}`, Accept: "application/json" },
    signal: AbortSignal.timeout(10_000),
  });
  if (!res.ok) throw new Error(`userinfo answered ${res.status}`);
  return claimsSchema.parse(await res.json());
}

const clip = (s: string | undefined) => (s ? s.trim().slice(0, NAME_MAX) || null : null);

async function findOrCreateSsoUser(claims: z.infer<typeof claimsSchema>): Promise<SsoResult> {
  const db = getDb();
  const bySubject = db.select().from(users).where(eq(users.ssoSubject, claims.sub)).get();
  if (bySubject) return { user: bySubject, created: false };
  if (!claims.email) throw new Error("The identity provider did not share an e-mail address");
  // An address the provider has not verified could belong to someone else: it must neither
  // take over an existing account nor claim the address for a new one.
  if (claims.email_verified !== true) {
    throw new Error("The identity provider has not verified this e-mail address");
  }
  const existing = findUserByEmail(claims.email);
  if (existing) {
    const linked = db.update(users).set({ ssoSubject: claims.sub }).where(eq(users.id, existing.id)).returning().get();
    return { user: linked ?? existing, created: false };
  }
  const [first, ...rest] = (claims.name ?? "").split(" ");
  const user = await createUser({
    email: claims.email,
    firstName: clip(claims.given_name ?? first),
    lastName: clip(claims.family_name ?? rest.join(" ")),
    profession: null,
    ssoSubject: claims.sub,
  });
  return { user, created: true };
}

/**
 * Runs one leg of the flow. The first call throws a redirect to the provider; the
 * callback call returns the signed-in user (and writes the auth log).
 */
export async function authenticateSso(request: Request, context: unknown): Promise<SsoResult> {
  const oauth = getConfig().oauth;
  if (!oauth) throw new Error("Single sign-on is not configured");
  const { authorizationEndpoint, tokenEndpoint, userinfoEndpoint } = await getEndpoints(oauth);
  const origin = new URL(request.url).origin;
  // Loaded on the first sign-in through SSO: a server without it never holds the OAuth client (some 8 MB).
  const { OAuth2Strategy } = await import("remix-auth-oauth2");
  const strategy = new OAuth2Strategy<SsoResult>(
    {
      clientId: oauth.clientId,
      clientSecret: oauth.clientSecret ?? null,
      authorizationEndpoint,
      tokenEndpoint,
      redirectURI: oauth.redirectUri ?? `${origin}/api/login/sso/callback`,
      scopes: oauth.scopes,
      cookie: {
        name: STATE_COOKIE,
        httpOnly: true,
        sameSite: "Lax",
        path: STATE_COOKIE_PATH,
        maxAge: 600,
        ...(origin.startsWith("https:") ? { secure: true as const } : {}),
      },
    },
    async ({ tokens }) => {
      const claims = await fetchClaims(userinfoEndpoint, tokens.accessToken());
      const result = await findOrCreateSsoUser(claims);
      writeAuthLog(result.user.id, result.created ? "registration" : "login", requestInfo(request, context), {
        method: "sso",
      });
      return result;
    },
  );
  return strategy.authenticate(request);
}
