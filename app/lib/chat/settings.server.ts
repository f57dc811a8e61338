import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { getDb, perConnection, userSettings, type Db } from "../db/index.server";
import { DEFAULT_CUSTOM_SYSTEM_PROMPT, DEFAULT_PRIORITY_JOURNALS } from "./defaults";

export const CUSTOM_SYSTEM_PROMPT_MAX = 20_000;
export const PRIORITY_JOURNALS_MAX = 5_000;

export type UserSettings = { customSystemPrompt: string; pubmedPriorityJournals: string };

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .max(max, `${label} must be at most ${max.toLocaleString("en-US")} characters`)
    .nullish();

/**
 * POST /api/user/settings: both fields optional (spec §5). A field left out keeps its stored value;
 * an empty or null one goes back to the default.
 */
export const userSettingsSchema = z
  .object({
    customSystemPrompt: optionalText("Custom system prompt", CUSTOM_SYSTEM_PROMPT_MAX),
    pubmedPriorityJournals: optionalText("PubMed priority journals", PRIORITY_JOURNALS_MAX),
  })
  .strip();

export type UserSettingsInput = z.infer<typeof userSettingsSchema>;

/** The user's stored settings, with the spec §9 defaults for whatever they have not set. */
export function getUserSettings(userId: string, db: Db = getDb()): UserSettings {
  const row = perConnection(db, userSettingsQuery).get({ userId });
  return {
    customSystemPrompt: row?.customSystemPrompt ?? DEFAULT_CUSTOM_SYSTEM_PROMPT,
    pubmedPriorityJournals: row?.pubmedPriorityJournals ?? DEFAULT_PRIORITY_JOURNALS,
  };
}

// Read by every question: prepared (see perConnection).
function userSettingsQuery(db: Db) {
  return db.select().from(userSettings).where(eq(userSettings.userId, sql.placeholder("userId"))).prepare();
}

/** Blank means "use the default": stored as null so a later change of the default reaches the user. */
function blankToNull(value: string | null): string | null {
  const trimmed = value?.trim() ?? "";
  return trimmed ? trimmed : null;
}

export function saveUserSettings(userId: string, input: UserSettingsInput, db: Db = getDb()): UserSettings {
  const set: { customSystemPrompt?: string | null; pubmedPriorityJournals?: string | null; updatedAt: Date } = {
    updatedAt: new Date(),
  };
  if (input.customSystemPrompt !== undefined) set.customSystemPrompt = blankToNull(input.customSystemPrompt);
  if (input.pubmedPriorityJournals !== undefined) set.pubmedPriorityJournals = blankToNull(input.pubmedPriorityJournals);
  db.insert(userSettings).values({ userId, ...set }).onConflictDoUpdate({ target: userSettings.userId, set }).run();
  return getUserSettings(userId, db);
}
