import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";
import { isIP } from "node:net";
import { z } from "zod";

/**
 * Every setting the server reads from the environment, validated once.
 * A bad value stops the start with a message naming the variable.
 */
const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const optionalUrl = optionalString.pipe(
  z
    .string()
    .refine((v) => {
      try {
        return /^https?:$/.test(new URL(v).protocol);
      } catch {
        return false;
      }
    }, "expected an http:// or https:// URL")
    .optional(),
);

const HOSTNAME = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i;

/** Express's own names for address ranges in 'trust proxy'. */
const PROXY_RANGE_NAMES = ["loopback", "linklocal", "uniquelocal"];

/** Whether one TRUST_PROXY entry is an address, a subnet (CIDR or IPv4 netmask) or a named range. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [ip = "", range, ...extra] = entry.split("/");
  const family = isIP(ip);
  if (!family || extra.length) return false;
  if (range === undefined) return true;
  if (/^\d+$/.test(range)) return Number(range) <= (family === 4 ? 32 : 128);
  return family === 4 && isIP(range) === 4;
}

/**
 * TRUST_PROXY as Express's 'trust proxy' setting: the number of proxies in front of the server, or the
 * addresses and subnets of the ones to trust. Never `true`, which believes any X-Forwarded-For a client
 * sends, so anyone could pose as any address (and sign-in limits per address would count nothing).
 */
export function parseTrustProxy(value: string | undefined): { setting: number | string[] | undefined } | { error: string } {
  if (value === undefined || value === "false") return { setting: undefined };
  if (value === "true") {
    return {
      error:
        "true would trust any X-Forwarded-For a client sends; give the number of proxies in front of the server (e.g. 1) or their addresses (e.g. loopback or 10.0.0.1, 10.0.0.0/8)",
    };
  }
  if (/^\d+$/.test(value)) return { setting: Number(value) };
  const entries = value.split(",").map((e) => e.trim());
  const bad = entries.find((e) => !isProxyAddress(e));
  if (bad !== undefined) {
    return {
      error: `"${bad}" is not a number of proxies, an IP address, a subnet (10.0.0.0/8) or one of ${PROXY_RANGE_NAMES.join(", ")}`,
    };
  }
  return { setting: entries };
}

/** The answer providers this server can be told to use. */
export const MODEL_PROVIDERS = ["ollama", "local", "openai"] as const;
export type ModelProvider = (typeof MODEL_PROVIDERS)[number];
/** Where vectors for semantic search come from (`none`: keyword search only). */
export const EMBEDDINGS_PROVIDERS = ["local", "ollama", "openai", "none"] as const;
/** Where `npm run models -- fetch chat` puts the built-in chat model, under MODELS_DIR. */
export const DEFAULT_LOCAL_CHAT_MODEL = "SmolLM2-135M-Instruct/SmolLM2-135M-Instruct.Q4_1.gguf";

const envSchema = z.object({
  PORT: z.coerce
    .number({ error: "expected a port number from 0 to 65535" })
    .int("expected a port number from 0 to 65535")
    .min(0, "expected a port number from 0 to 65535")
    .max(65535, "expected a port number from 0 to 65535")
    .default(3000),
  HOST: z
    .string()
    .trim()
    .refine((v) => isIP(v) !== 0 || HOSTNAME.test(v), "expected an IP address or a host name to listen on (e.g. 0.0.0.0 or 127.0.0.1)")
    .default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  MODELS_DIR: z.string().default("./models"),
  SESSION_SECRET: optionalString,
  SESSION_MAX_AGE_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  ADMIN_EMAIL: z.string().trim().toLowerCase().default("admin@localhost"),
  ADMIN_PASSWORD: optionalString,
  CONTACT_EMAIL: optionalString,
  TRUST_PROXY: optionalString.transform((v, ctx) => {
    const parsed = parseTrustProxy(v);
    if ("error" in parsed) {
      ctx.addIssue({ code: "custom", message: parsed.error });
      return z.NEVER;
    }
    return parsed.setting;
  }),
  /** Log one line per request (morgan), or not. */
  REQUEST_LOG: z.enum(["on", "off"], { error: 'expected "on" or "off"' }).default("on"),
  MAX_UPLOAD_MB: z.coerce.number().positive().max(100_000).default(200),
  /** How many documents each user may keep in their private library (0: private uploads are off). */
  USER_DOCUMENT_QUOTA: z.coerce.number().int().min(0).max(100_000).default(20),
  /** Failed sign-ins allowed per account (whatever the address) in a minute. */
  LOGIN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(10000).default(10),
  /** Failed sign-ins allowed per client address (an IPv6 /64), whatever the account, in a minute. */
  LOGIN_RATE_LIMIT_PER_ADDRESS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(50),
  /** Sign-ups (new address or not) accepted per IP address per hour. */
  SIGNUP_RATE_LIMIT_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(20),
  /**
   * Who writes answers: `ollama` (OLLAMA_MODEL at OLLAMA_HOST), `local` (the GGUF file LOCAL_CHAT_MODEL run
   * in-process) or `openai` (OPENAI_MODEL on the OpenAI-compatible server at OPENAI_BASE_URL). Unset: Ollama
   * when OLLAMA_MODEL is set, else the extractive answerer.
   */
  MODEL_PROVIDER: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z.enum(MODEL_PROVIDERS, { error: () => `expected one of ${MODEL_PROVIDERS.map((p) => `"${p}"`).join(", ")}, or unset` }).optional(),
  ),
  /** The built-in chat model's GGUF file, relative to MODELS_DIR or absolute. */
  LOCAL_CHAT_MODEL: z.string().trim().min(1).default(DEFAULT_LOCAL_CHAT_MODEL),
  /** CPU threads the built-in model computes on (unset: one fewer than the cores, at least one). */
  LOCAL_CHAT_THREADS: z.coerce.number().int().min(1).max(256).optional(),
  OLLAMA_HOST: optionalString,
  OLLAMA_MODEL: optionalString,
  /** Longest wait for the chat model's next token (the first may take twice as long: a cold load). */
  OLLAMA_TIMEOUT_SECONDS: z.coerce.number().positive().max(3600).default(60),
  /** An OpenAI-compatible server (vLLM, llama.cpp's server, LM Studio...): its API base, ending in /v1. */
  OPENAI_BASE_URL: optionalUrl,
  OPENAI_API_KEY: optionalString,
  /** The chat model's name as the server's /v1/models lists it (MODEL_PROVIDER=openai). */
  OPENAI_MODEL: optionalString,
  /** The embedding model's name (EMBEDDINGS=openai), on OPENAI_EMBEDDING_BASE_URL when set, else on OPENAI_BASE_URL. */
  OPENAI_EMBEDDING_MODEL: optionalString,
  /** A separate server for embeddings (e.g. text-embeddings-inference beside a vLLM chat server). */
  OPENAI_EMBEDDING_BASE_URL: optionalUrl,
  /** Longest wait for the OpenAI-compatible server's next token (the first may take twice as long). */
  OPENAI_TIMEOUT_SECONDS: z.coerce.number().positive().max(3600).default(60),
  EMBEDDINGS: z.enum(EMBEDDINGS_PROVIDERS).default("none"),
  EMBEDDING_MODEL: optionalString,
  ALLOW_MODEL_DOWNLOADS: z.enum(["true", "false"]).default("false").transform((v) => v === "true"),
  OAUTH_ISSUER: optionalUrl,
  OAUTH_AUTHORIZATION_URL: optionalUrl,
  OAUTH_TOKEN_URL: optionalUrl,
  OAUTH_USERINFO_URL: optionalUrl,
  OAUTH_CLIENT_ID: optionalString,
  OAUTH_CLIENT_SECRET: optionalString,
  OAUTH_REDIRECT_URI: optionalUrl,
  OAUTH_SCOPES: z.string().default("openid email profile"),
  NCBI_API_KEY: optionalString,
  NCBI_EMAIL: optionalString,
  EUTILS_URL: z.string().url().default("https://eutils.ncbi.nlm.nih.gov/entrez/eutils"),
  /** Longest wait for one E-utilities request (PubMed mode). */
  EUTILS_TIMEOUT_SECONDS: z.coerce.number().positive().max(300).default(15),
  /** Longest a whole PubMed search may take, its wait for a turn and its retries included. */
  PUBMED_DEADLINE_SECONDS: z.coerce.number().positive().max(600).default(30),
});

/** Every variable the server reads. */
export const CONFIG_VARIABLES = Object.keys(envSchema.shape);

export type AppConfig = z.infer<typeof envSchema> & {
  dataDir: string;
  modelsDir: string;
  sessionSecret: string;
  oauth: OAuthConfig | null;
};

export type OAuthConfig = {
  issuer?: string;
  authorizationUrl?: string;
  tokenUrl?: string;
  userinfoUrl?: string;
  clientId: string;
  clientSecret?: string;
  redirectUri?: string;
  scopes: string[];
};

export class ConfigError extends Error {}

export function parseConfig(env: NodeJS.ProcessEnv): z.infer<typeof envSchema> {
  // An empty variable (`PORT=` in an env file, as .env.example lists them) means unset: its default.
  const result = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v?.trim())));
  if (!result.success) {
    throw new ConfigError(`Invalid configuration: ${result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  }
  const cfg = result.data;
  if (!/^[^\s@]+@[^\s@]+$/.test(cfg.ADMIN_EMAIL)) {
    throw new ConfigError(`Invalid configuration: ADMIN_EMAIL: not an e-mail address`);
  }
  if (cfg.MODEL_PROVIDER === "ollama" && !cfg.OLLAMA_MODEL) {
    throw new ConfigError("Invalid configuration: MODEL_PROVIDER=ollama needs OLLAMA_MODEL (the Ollama model that writes answers)");
  }
  const openaiNeeds = (variable: "OPENAI_BASE_URL" | "OPENAI_MODEL" | "OPENAI_EMBEDDING_MODEL", by: string, what: string) => {
    if (!cfg[variable]) throw new ConfigError(`Invalid configuration: ${variable}: required with ${by} (${what})`);
  };
  const SERVER_URL = "the OpenAI-compatible server's API address, e.g. http://127.0.0.1:8000/v1";
  if (cfg.MODEL_PROVIDER === "openai") {
    openaiNeeds("OPENAI_BASE_URL", "MODEL_PROVIDER=openai", SERVER_URL);
    openaiNeeds("OPENAI_MODEL", "MODEL_PROVIDER=openai", "the chat model's name as the server's /v1/models lists it");
  }
  if (cfg.EMBEDDINGS === "openai") {
    if (!cfg.OPENAI_EMBEDDING_BASE_URL) openaiNeeds("OPENAI_BASE_URL", "EMBEDDINGS=openai unless OPENAI_EMBEDDING_BASE_URL is set", SERVER_URL);
    openaiNeeds("OPENAI_EMBEDDING_MODEL", "EMBEDDINGS=openai", "the embedding model's name as the server's /v1/models lists it");
  }
  const oauthPartial = cfg.OAUTH_CLIENT_ID || cfg.OAUTH_ISSUER || cfg.OAUTH_AUTHORIZATION_URL;
  if (oauthPartial) {
    if (!cfg.OAUTH_CLIENT_ID) throw new ConfigError("Invalid configuration: OAUTH_CLIENT_ID is required for single sign-on");
    if (!cfg.OAUTH_ISSUER && !(cfg.OAUTH_AUTHORIZATION_URL && cfg.OAUTH_TOKEN_URL && cfg.OAUTH_USERINFO_URL)) {
      throw new ConfigError(
        "Invalid configuration: single sign-on needs OAUTH_ISSUER (OpenID discovery) or all of OAUTH_AUTHORIZATION_URL, OAUTH_TOKEN_URL, OAUTH_USERINFO_URL",
      );
    }
  }
  return cfg;
}

/** Reads SESSION_SECRET, else the one kept in DATA_DIR, else makes and keeps a new one. */
function resolveSessionSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, "session-secret");
  try {
    const existing = fs.readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch {
    // absent: created below
  }
  const secret = crypto.randomBytes(32).toString("base64url");
  fs.writeFileSync(file, secret + "\n", { mode: 0o600 });
  return secret;
}

/**
 * Creates the data folder when absent and stops the start, naming the folder and the fix, when this process
 * cannot write it: in Docker the app runs as uid 1000, so a bind-mounted host folder owned by root fails here
 * instead of with a bare EACCES on the session secret or the database.
 */
export function ensureWritableDataDir(dataDir: string) {
  try {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.accessSync(dataDir, fs.constants.W_OK | fs.constants.X_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "EACCES" && code !== "EPERM" && code !== "EROFS") throw error;
    const uid = process.getuid?.() ?? "?";
    const gid = process.getgid?.() ?? "?";
    throw new ConfigError(
      `Invalid configuration: DATA_DIR: ${dataDir} cannot be written by this process (uid ${uid}, ${code}); ` +
        `give the folder to that user, e.g. \`chown -R ${uid}:${gid} <folder>\` (in Docker, on the host folder mounted at ${dataDir}: \`chown -R 1000:1000 <host folder>\`)`,
    );
  }
}

let cached: AppConfig | null = null;

export function getConfig(): AppConfig {
  if (cached) return cached;
  const cfg = parseConfig(process.env);
  const dataDir = path.resolve(cfg.DATA_DIR);
  ensureWritableDataDir(dataDir);
  cached = {
    ...cfg,
    dataDir,
    modelsDir: path.resolve(cfg.MODELS_DIR),
    sessionSecret: resolveSessionSecret(cfg.SESSION_SECRET, dataDir),
    oauth: cfg.OAUTH_CLIENT_ID
      ? {
          issuer: cfg.OAUTH_ISSUER,
          authorizationUrl: cfg.OAUTH_AUTHORIZATION_URL,
          tokenUrl: cfg.OAUTH_TOKEN_URL,
          userinfoUrl: cfg.OAUTH_USERINFO_URL,
          clientId: cfg.OAUTH_CLIENT_ID,
          clientSecret: cfg.OAUTH_CLIENT_SECRET,
          redirectUri: cfg.OAUTH_REDIRECT_URI,
          scopes: cfg.OAUTH_SCOPES.split(/[\s,]+/).filter(Boolean),
        }
      : null,
  };
  return cached;
}
