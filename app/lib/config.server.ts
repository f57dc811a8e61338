import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";
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

/** The answer providers this server can be told to use (more, such as an OpenAI-compatible server, join the list). */
export const MODEL_PROVIDERS = ["ollama", "local"] as const;
export type ModelProvider = (typeof MODEL_PROVIDERS)[number];
/** Where `npm run models -- fetch chat` puts the built-in chat model, under MODELS_DIR. */
export const DEFAULT_LOCAL_CHAT_MODEL = "SmolLM2-135M-Instruct/SmolLM2-135M-Instruct.Q4_1.gguf";

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  MODELS_DIR: z.string().default("./models"),
  SESSION_SECRET: optionalString,
  SESSION_MAX_AGE_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  ADMIN_EMAIL: z.string().trim().toLowerCase().default("admin@localhost"),
  ADMIN_PASSWORD: optionalString,
  CONTACT_EMAIL: optionalString,
  TRUST_PROXY: optionalString,
  MAX_UPLOAD_MB: z.coerce.number().positive().max(100_000).default(200),
  /** How many documents each user may keep in their private library (0: private uploads are off). */
  USER_DOCUMENT_QUOTA: z.coerce.number().int().min(0).max(100_000).default(20),
  LOGIN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(10000).default(10),
  /**
   * Who writes answers: `ollama` (OLLAMA_MODEL at OLLAMA_HOST) or `local` (the GGUF file LOCAL_CHAT_MODEL run
   * in-process). Unset: Ollama when OLLAMA_MODEL is set, else the extractive answerer.
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
  EMBEDDINGS: z.enum(["local", "ollama", "none"]).default("none"),
  EMBEDDING_MODEL: optionalString,
  ALLOW_MODEL_DOWNLOADS: z.enum(["true", "false"]).default("false").transform((v) => v === "true"),
  OAUTH_ISSUER: optionalString,
  OAUTH_AUTHORIZATION_URL: optionalString,
  OAUTH_TOKEN_URL: optionalString,
  OAUTH_USERINFO_URL: optionalString,
  OAUTH_CLIENT_ID: optionalString,
  OAUTH_CLIENT_SECRET: optionalString,
  OAUTH_REDIRECT_URI: optionalString,
  OAUTH_SCOPES: z.string().default("openid email profile"),
  NCBI_API_KEY: optionalString,
  NCBI_EMAIL: optionalString,
  EUTILS_URL: z.string().url().default("https://eutils.ncbi.nlm.nih.gov/entrez/eutils"),
  /** Longest wait for one E-utilities request (PubMed mode). */
  EUTILS_TIMEOUT_SECONDS: z.coerce.number().positive().max(300).default(15),
  /** Longest a whole PubMed search may take, its wait for a turn and its retries included. */
  PUBMED_DEADLINE_SECONDS: z.coerce.number().positive().max(600).default(30),
});

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
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const cfg = result.data;
  if (!/^[^\s@]+@[^\s@]+$/.test(cfg.ADMIN_EMAIL)) {
    throw new ConfigError(`Invalid configuration:\n  ADMIN_EMAIL: not an e-mail address`);
  }
  if (cfg.MODEL_PROVIDER === "ollama" && !cfg.OLLAMA_MODEL) {
    throw new ConfigError("Invalid configuration:\n  MODEL_PROVIDER=ollama needs OLLAMA_MODEL (the Ollama model that writes answers)");
  }
  const oauthPartial = cfg.OAUTH_CLIENT_ID || cfg.OAUTH_ISSUER || cfg.OAUTH_AUTHORIZATION_URL;
  if (oauthPartial) {
    if (!cfg.OAUTH_CLIENT_ID) throw new ConfigError("Invalid configuration:\n  OAUTH_CLIENT_ID is required for single sign-on");
    if (!cfg.OAUTH_ISSUER && !(cfg.OAUTH_AUTHORIZATION_URL && cfg.OAUTH_TOKEN_URL && cfg.OAUTH_USERINFO_URL)) {
      throw new ConfigError(
        "Invalid configuration:\n  single sign-on needs OAUTH_ISSUER (OpenID discovery) or all of OAUTH_AUTHORIZATION_URL, OAUTH_TOKEN_URL, OAUTH_USERINFO_URL",
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

let cached: AppConfig | null = null;

export function getConfig(): AppConfig {
  if (cached) return cached;
  const cfg = parseConfig(process.env);
  const dataDir = path.resolve(cfg.DATA_DIR);
  fs.mkdirSync(dataDir, { recursive: true });
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
