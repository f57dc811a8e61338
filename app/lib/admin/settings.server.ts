import { eq } from "drizzle-orm";
import { z } from "zod";
import { DEFAULT_SYSTEM_PROMPTS, getSystemPrompts, type SystemPrompts } from "../answer/index.server";
import { getWelcomeMessage, WELCOME_MESSAGE_KEY } from "../chat/index.server";
import { DEFAULT_WELCOME_MESSAGE } from "../brand";
import { appSettings, getDb, type Db } from "../db/index.server";
import { discardBody, jsonError, readJson } from "../http.server";

/**
 * The texts the admin edits, kept in app_settings under the keys the answering code and the chat
 * screen read (getSystemPrompts, getWelcomeMessage). A blank text, or one equal to the built-in
 * default, removes the row: the default applies, and a later change of the default reaches it.
 */

export const SYSTEM_PROMPT_MAX = 20_000;
/** These transactions read before they write: the write lock is taken at BEGIN, else another connection writing in between fails them with "database is locked". */
const IMMEDIATE = { behavior: "immediate" } as const;
export const WELCOME_MESSAGE_MAX = 5_000;
// A character can take up to 6 bytes in JSON (\uXXXX); anything beyond is refused before it is read whole.
const SYSTEM_PROMPTS_BODY_MAX = 3 * SYSTEM_PROMPT_MAX * 6 + 4_096;
const WELCOME_MESSAGE_BODY_MAX = WELCOME_MESSAGE_MAX * 6 + 4_096;

const PROMPT_KEYS = Object.keys(DEFAULT_SYSTEM_PROMPTS) as (keyof SystemPrompts)[];

const fmt = (n: number) => n.toLocaleString("en-US");
export const SYSTEM_PROMPT_TOO_LONG = `Each system prompt must be at most ${fmt(SYSTEM_PROMPT_MAX)} characters`;
export const WELCOME_MESSAGE_TOO_LONG = `The welcome message must be at most ${fmt(WELCOME_MESSAGE_MAX)} characters`;

const text = (label: string, max: number, tooLong: string) =>
  z.string({ error: `${label} is required and must be text` }).max(max, `${label}: ${tooLong}`);

export const systemPromptsSchema = z
  .object({
    mainPrompt: text("mainPrompt", SYSTEM_PROMPT_MAX, SYSTEM_PROMPT_TOO_LONG),
    thinkHarderPrompt: text("thinkHarderPrompt", SYSTEM_PROMPT_MAX, SYSTEM_PROMPT_TOO_LONG),
    pubmedPrompt: text("pubmedPrompt", SYSTEM_PROMPT_MAX, SYSTEM_PROMPT_TOO_LONG),
  })
  .strip();

export const welcomeMessageSchema = z
  .object({ welcomeMessage: text("welcomeMessage", WELCOME_MESSAGE_MAX, WELCOME_MESSAGE_TOO_LONG) })
  .strip();

// How much of a refused body is read and dropped so the client gets the 413; beyond this the connection is cut.
const DISCARD_MAX_BYTES = 16 * 1024 * 1024;

/** readJson whose "body too large" answer names the field's limit instead of the byte count. */
async function readLimited<S extends z.ZodType>(request: Request, schema: S, maxBytes: number, tooLong: string): Promise<z.infer<S>> {
  try {
    return await readJson(request, schema, maxBytes);
  } catch (error) {
    if (error instanceof Response && error.status === 413) {
      await discardBody(request, DISCARD_MAX_BYTES);
      throw jsonError(413, tooLong);
    }
    throw error;
  }
}

export const readSystemPromptsBody = (request: Request) =>
  readLimited(request, systemPromptsSchema, SYSTEM_PROMPTS_BODY_MAX, SYSTEM_PROMPT_TOO_LONG);

export const readWelcomeMessageBody = (request: Request) =>
  readLimited(request, welcomeMessageSchema, WELCOME_MESSAGE_BODY_MAX, WELCOME_MESSAGE_TOO_LONG);

function storeText(db: Db, key: string, value: string, fallback: string, adminId: string) {
  const trimmed = value.trim();
  if (!trimmed || trimmed === fallback.trim()) {
    db.delete(appSettings).where(eq(appSettings.key, key)).run();
    return;
  }
  const now = new Date();
  db.insert(appSettings)
    .values({ key, value: trimmed, updatedBy: adminId, updatedAt: now })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: trimmed, updatedBy: adminId, updatedAt: now } })
    .run();
}

export { getSystemPrompts, getWelcomeMessage };

/** Saves the three prompts; returns the prompts now in force and which of them changed. */
export function saveSystemPrompts(
  adminId: string,
  input: SystemPrompts,
  db: Db = getDb(),
): { prompts: SystemPrompts; changed: (keyof SystemPrompts)[] } {
  // better-sqlite3 is synchronous: the transaction is this connection's, so the readers below see its writes.
  return db.transaction(() => {
    const before = getSystemPrompts(db);
    for (const key of PROMPT_KEYS) storeText(db, key, input[key], DEFAULT_SYSTEM_PROMPTS[key], adminId);
    const prompts = getSystemPrompts(db);
    return { prompts, changed: PROMPT_KEYS.filter((k) => prompts[k] !== before[k]) };
  }, IMMEDIATE);
}

/** Saves the welcome message; returns the message now shown and whether it changed. */
export function saveWelcomeMessage(adminId: string, welcomeMessage: string, db: Db = getDb()): { welcomeMessage: string; changed: boolean } {
  return db.transaction(() => {
    const before = getWelcomeMessage(db);
    storeText(db, WELCOME_MESSAGE_KEY, welcomeMessage, DEFAULT_WELCOME_MESSAGE, adminId);
    const after = getWelcomeMessage(db);
    return { welcomeMessage: after, changed: after !== before };
  }, IMMEDIATE);
}
