import crypto from "node:crypto";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A real OpenID Connect provider (the `oidc-provider` package) on loopback, for
 * integration tests of single sign-on.
 *
 * It is started in two steps because the provider needs the client's redirect URI,
 * which holds the app's port, while the app needs the provider's issuer URL:
 *
 *   const op = await startOidcProvider();                // listening: issuer known
 *   const app = await startServer({ env: { OAUTH_ISSUER: op.issuer, ... } });
 *   op.registerClient([`${app.url}/api/login/sso/callback`]);
 *
 * Until `registerClient` is called every request answers 503.
 *
 * The login page is our own, minimal interaction endpoint (GET shows a form, POST with
 * `login=<accountId>` signs that account in); consent is never asked because
 * `loadExistingGrant` grants the requested scopes to the test client.
 */

/** The claims of a test account, as the provider's userinfo endpoint will return them. */
export type TestAccount = {
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  name?: string;
};

export type TestOidcProvider = {
  issuer: string;
  port: number;
  clientId: string;
  clientSecret: string;
  /** Accounts that may sign in; add or replace one at any time. */
  accounts: Map<string, TestAccount>;
  addAccount: (account: TestAccount) => void;
  /** (Re)creates the provider with one confidential client allowed to use these redirect URIs. */
  registerClient: (redirectUris: string[]) => void;
  /** Errors the provider reported (server_error and friends): a test can assert there were none. */
  errors: string[];
  stop: () => Promise<void>;
};

// ---------------------------------------------------------------------------------------
// oidc-provider ships no type declarations and @types/oidc-provider is not installed, so
// the package is imported dynamically (specifier in a variable, so TypeScript does not
// look for declarations) and described below by the few members these tests use.
// ---------------------------------------------------------------------------------------

type Grant = {
  accountId?: string;
  clientId?: string;
  addOIDCScope: (scope: string) => void;
  save: () => Promise<string>;
};

type GrantConstructor = {
  new (init: { accountId: string; clientId: string }): Grant;
  find: (id: string) => Promise<Grant | undefined>;
};

type ProviderContext = {
  oidc: {
    provider: { Grant: GrantConstructor };
    client?: { clientId: string };
    session?: { accountId?: string; grantIdFor: (clientId: string) => string | undefined };
    params?: Record<string, unknown>;
    result?: { consent?: { grantId?: string } };
  };
};

type ClaimsFunction = (use: string, scope: string) => Promise<Record<string, unknown>>;

type ProviderConfiguration = {
  clients: Array<Record<string, unknown>>;
  jwks: { keys: crypto.JsonWebKey[] };
  cookies: { keys: string[] };
  claims: Record<string, string[]>;
  scopes: string[];
  pkce: { required: () => boolean };
  ttl: Record<string, number>;
  features: Record<string, { enabled: boolean }>;
  interactions: { url: (ctx: unknown, interaction: { uid: string }) => string };
  findAccount: (ctx: unknown, id: string) => Promise<{ accountId: string; claims: ClaimsFunction } | undefined>;
  loadExistingGrant: (ctx: ProviderContext) => Promise<Grant | undefined>;
  renderError: (ctx: { type: string; body: string }, out: Record<string, unknown>, error: unknown) => void;
};

type InteractionDetails = {
  uid: string;
  prompt: { name: string; reasons: string[]; details: Record<string, unknown> };
  params: Record<string, unknown>;
};

type Provider = {
  callback: () => (req: IncomingMessage, res: ServerResponse) => void;
  interactionDetails: (req: IncomingMessage, res: ServerResponse) => Promise<InteractionDetails>;
  interactionFinished: (
    req: IncomingMessage,
    res: ServerResponse,
    result: Record<string, unknown>,
    options?: { mergeWithLastSubmission?: boolean },
  ) => Promise<void>;
  on: (event: string, listener: (ctx: unknown, error: unknown) => void) => void;
};

type ProviderConstructor = new (issuer: string, configuration: ProviderConfiguration) => Provider;

async function loadProviderClass(): Promise<ProviderConstructor> {
  const specifier: string = "oidc-provider";
  const mod = (await import(specifier)) as { default: ProviderConstructor };
  return mod.default;
}

const INTERACTION_PATH = /^\/interaction\/([A-Za-z0-9_-]+)$/;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => resolve(body));
    req.on("error", reject);
  });
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

export async function startOidcProvider(opts: { clientId?: string; clientSecret?: string } = {}): Promise<TestOidcProvider> {
  const Provider = await loadProviderClass();
  const clientId = opts.clientId ?? "vetsearch-test";
  const clientSecret = opts.clientSecret ?? crypto.randomBytes(24).toString("base64url");
  const accounts = new Map<string, TestAccount>();
  const errors: string[] = [];
  // Fresh keys per run instead of the package's development keystore (which it warns about).
  const signingKey = crypto.generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ format: "jwk" });
  const cookieKeys = [crypto.randomBytes(32).toString("base64url")];

  let provider: Provider | null = null;
  let providerHandler: ((req: IncomingMessage, res: ServerResponse) => void) | null = null;

  /** Our login page: GET shows the form, POST `login=<accountId>` finishes the login prompt. */
  async function interaction(req: IncomingMessage, res: ServerResponse, op: Provider) {
    const details = await op.interactionDetails(req, res);
    if (details.prompt.name !== "login") {
      // loadExistingGrant grants everything asked for, so only the login prompt is expected.
      res.writeHead(501, { "Content-Type": "text/plain" }).end(`unexpected prompt ${details.prompt.name}`);
      return;
    }
    if (req.method === "GET") {
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
      res.end(
        `<!doctype html><title>Sign in</title><form method="post" action="/interaction/${escapeHtml(details.uid)}">` +
          `<input name="login"><button>Sign in</button></form>`,
      );
      return;
    }
    if (req.method !== "POST") {
      res.writeHead(405, { Allow: "GET, POST" }).end();
      return;
    }
    const accountId = new URLSearchParams(await readBody(req)).get("login") ?? "";
    if (!accounts.has(accountId)) {
      res.writeHead(401, { "Content-Type": "text/plain" }).end(`no test account ${JSON.stringify(accountId)}`);
      return;
    }
    await op.interactionFinished(req, res, { login: { accountId } }, { mergeWithLastSubmission: false });
  }

  const server = http.createServer((req, res) => {
    if (!provider || !providerHandler) {
      res.writeHead(503, { "Content-Type": "text/plain" }).end("no client registered yet");
      return;
    }
    const path = (req.url ?? "/").split("?")[0] ?? "/";
    if (INTERACTION_PATH.test(path)) {
      interaction(req, res, provider).catch((error: unknown) => {
        errors.push(`interaction: ${error instanceof Error ? error.message : String(error)}`);
        if (!res.headersSent) res.writeHead(400, { "Content-Type": "text/plain" });
        res.end(error instanceof Error ? error.message : "interaction failed");
      });
      return;
    }
    providerHandler(req, res);
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const issuer = `http://127.0.0.1:${port}`;

  function registerClient(redirectUris: string[]) {
    const op = new Provider(issuer, {
      clients: [
        {
          client_id: clientId,
          client_secret: clientSecret,
          redirect_uris: redirectUris,
          grant_types: ["authorization_code"],
          response_types: ["code"],
          // arctic (under remix-auth-oauth2) sends a client secret with HTTP Basic.
          token_endpoint_auth_method: "client_secret_basic",
        },
      ],
      jwks: { keys: [{ ...signingKey, use: "sig", alg: "RS256" }] },
      cookies: { keys: cookieKeys },
      scopes: ["openid", "email", "profile"],
      claims: {
        openid: ["sub"],
        email: ["email", "email_verified"],
        profile: ["given_name", "family_name", "name"],
      },
      // Only S256 is accepted by oidc-provider 9; require it for our confidential client too.
      pkce: { required: () => true },
      // Explicit lifetimes (seconds) instead of the defaults the package nags about.
      ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
      features: { devInteractions: { enabled: false }, userinfo: { enabled: true } },
      interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
      async findAccount(_ctx, id) {
        const account = accounts.get(id);
        if (!account) return undefined;
        return { accountId: id, claims: async () => ({ ...account }) };
      },
      // A first-party client: grant whatever OpenID scopes it asks for, so there is no consent prompt.
      async loadExistingGrant(ctx) {
        const { client, session, params, result } = ctx.oidc;
        if (!client || !session?.accountId) return undefined;
        const grantId = result?.consent?.grantId ?? session.grantIdFor(client.clientId);
        const grant =
          (grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined) ??
          new ctx.oidc.provider.Grant({ accountId: session.accountId, clientId: client.clientId });
        grant.addOIDCScope(typeof params?.scope === "string" ? params.scope : "openid");
        await grant.save();
        return grant;
      },
      renderError(ctx, out) {
        ctx.type = "text/plain";
        ctx.body = `oidc-provider error: ${JSON.stringify(out)}`;
      },
    });
    for (const event of ["server_error", "authorization.error", "grant.error", "userinfo.error", "backchannel.error"]) {
      op.on(event, (_ctx, error) => {
        // oidc-provider errors carry a public error_description and a private error_detail.
        const extra = error instanceof Error ? [Reflect.get(error, "error_description"), Reflect.get(error, "error_detail")] : [];
        const description = extra.some(Boolean) ? ` (${extra.filter(Boolean).map(String).join(": ")})` : "";
        errors.push(`${event}: ${error instanceof Error ? `${error.name} ${error.message}` : String(error)}${description}`);
      });
    }
    provider = op;
    providerHandler = op.callback();
  }

  return {
    issuer,
    port,
    clientId,
    clientSecret,
    accounts,
    addAccount: (account) => void accounts.set(account.sub, account),
    registerClient,
    errors,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections(); // the app's fetch keeps connections alive
      }),
  };
}
