import { eq, sql } from "drizzle-orm";
import { DEFAULT_WELCOME_MESSAGE } from "../brand";
import { appSettings, getDb, perConnection, type Db } from "../db/index.server";

/** app_settings key the admin's Customize tab writes. */
export const WELCOME_MESSAGE_KEY = "welcomeMessage";

/** The admin's welcome message, else the built-in greeting (spec §9). */
export function getWelcomeMessage(db: Db = getDb()): string {
  const row = perConnection(db, welcomeMessageQuery).get({ key: WELCOME_MESSAGE_KEY });
  return row?.value.trim() || DEFAULT_WELCOME_MESSAGE;
}

// Read by every chat page: prepared (see perConnection).
function welcomeMessageQuery(db: Db) {
  return db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, sql.placeholder("key"))).prepare();
}
