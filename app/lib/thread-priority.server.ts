import os from "node:os";

/** How far below the request thread a background thread's CPU priority sits (Linux nice steps, 19 at most). */
export const BACKGROUND_NICENESS = 10;

/**
 * Called first thing in a query thread (searches and extractive answers): the thread's CPU
 * priority drops below the request thread's, so that when the cores are all busy the request thread (page
 * renders, health checks, answers' streams, uploads' bodies) runs first and the heavy work waits for it,
 * instead of every request queueing behind it. On Linux the nice value belongs to the calling thread alone;
 * where it cannot be set (another system, a container that forbids it) the thread keeps its priority.
 */
export function runBelowRequestThread(): void {
  try {
    os.setPriority(Math.min(19, os.getPriority() + BACKGROUND_NICENESS));
  } catch {
    // The priority is an optimisation: the thread works the same without it.
  }
}
