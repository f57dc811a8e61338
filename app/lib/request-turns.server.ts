/**
 * Under many askers every request waits for the request thread. Handled as they arrive, a burst of page
 * renders and answers runs back to back in one turn of the event loop, and everything else waits behind
 * all of it: the health check, the next lines of answers already streaming, the replies of the query
 * threads. So requests take turns: each one's handling starts in a turn of its own (FIFO), and between two
 * starts the thread reads its sockets and threads again. Nothing is refused and the work done is the same;
 * what has started is never held back. The health check is answered before this queue (server.js).
 */
export function takeTurns(): (req: unknown, res: unknown, next: () => void) => void {
  const waiting: Array<() => void> = [];
  let scheduled = false;
  const startNext = () => {
    waiting.shift()?.();
    // setImmediate from inside the check phase runs in the next turn, after the next poll for I/O.
    if (waiting.length) setImmediate(startNext);
    else scheduled = false;
  };
  return (_req, _res, next) => {
    waiting.push(next);
    if (!scheduled) {
      scheduled = true;
      setImmediate(startNext);
    }
  };
}
