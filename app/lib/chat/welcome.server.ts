import { eq } from "drizzle-orm";
import { DEFAULT_WELCOME_MESSAGE } from "../brand";
import { appSettings, getDb, type Db } from "../db/index.server";

/** app_settings key the admin's Customize tab writes. */
export const WELCOME_MESSAGE_KEY = "welcomeMessage";

/** The admin's welcome message, else the built-in greeting (spec §9). */
export function getWelcomeMessage(db: Db = getDb()): string {
  const row = db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, WELCOME_MESSAGE_KEY)).get();
  return row?.value.trim() || DEFAULT_WELCOME_MESSAGE;
}
