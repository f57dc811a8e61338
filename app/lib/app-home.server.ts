import { requirePageUser, toPublicUser } from "./auth/index.server";
import { DEFAULT_WELCOME_MESSAGE } from "./brand";
import { appSettings, getDb } from "./db/index.server";
import { eq } from "drizzle-orm";

/** What the signed-in main app needs to render: the user and the welcome message. */
export async function loadAppHome(request: Request) {
  const user = await requirePageUser(request);
  const row = getDb().select().from(appSettings).where(eq(appSettings.key, "welcomeMessage")).get();
  return { user: toPublicUser(user), welcomeMessage: row?.value?.trim() || DEFAULT_WELCOME_MESSAGE };
}
