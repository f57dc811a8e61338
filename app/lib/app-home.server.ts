import { requirePageUser, toPublicUser } from "./auth/index.server";
import { getWelcomeMessage } from "./chat/index.server";

/** What the signed-in main app needs to render: the user and the welcome message. */
export async function loadAppHome(request: Request) {
  const user = await requirePageUser(request);
  return { user: toPublicUser(user), welcomeMessage: getWelcomeMessage() };
}
