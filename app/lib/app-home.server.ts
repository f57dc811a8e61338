import { requirePageUser, toPublicUser, type PageRequest } from "./auth/index.server";
import { getWelcomeMessage } from "./chat/index.server";

/** What the signed-in main app needs to render: the user and the welcome message. */
export async function loadAppHome(page: PageRequest) {
  const user = await requirePageUser(page);
  return { user: toPublicUser(user), welcomeMessage: getWelcomeMessage() };
}
