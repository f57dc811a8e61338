/** The chat capability's browser-safe face: the limits both the screens and the server check. */

/** Longest conversation title, in characters (code points). */
export const TITLE_MAX = 200;

/** How many conversations one user may keep; creating another past this is refused until some are deleted. */
export const MAX_CONVERSATIONS_PER_USER = 10_000;

/** How long a deleted conversation can be brought back (the toast's Undo), in milliseconds. */
export const DELETE_UNDO_MS = 10_000;

/** The chat page's search parameter naming the open conversation (`/app?conversation=<id>`), so a reload or a link reopens it. */
export const CONVERSATION_PARAM = "conversation";

export { createSseParser, readSseEvents, SseCutError, type SseEvent } from "./sse";

/** Messages in one page of a conversation (`GET /api/conversations/:id/messages`): the newest this many unless `limit` says otherwise. */
export const MESSAGE_PAGE_DEFAULT = 50;
/** The most one page may hold (`?limit=`). */
export const MESSAGE_PAGE_MAX = 200;
/** The response header naming the `before` of the next older page; absent on the page holding the first message. */
export const EARLIER_CURSOR_HEADER = "X-Earlier-Cursor";
