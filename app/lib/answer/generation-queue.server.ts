/**
 * One generation at a time: the local model has one context and two cores, so a second question
 * waits its turn instead of halving the speed of both. Waiting jobs learn how many are ahead of them
 * (the running one included) whenever that changes; a job whose signal aborts while waiting leaves
 * the queue at once, and one that aborts while running is stopped by the task through the same signal.
 */

export type QueueOptions = {
  signal?: AbortSignal;
  /** How many generations are ahead (running one included); 0 once this one starts. */
  onPosition?: (ahead: number) => void;
};

type Waiting = { start: () => void; options: QueueOptions };

export class GenerationQueue {
  private running = false;
  private readonly waiting: Waiting[] = [];

  /** Generations running or waiting. */
  get size(): number {
    return this.waiting.length + (this.running ? 1 : 0);
  }

  async run<T>(task: () => Promise<T>, options: QueueOptions = {}): Promise<T> {
    const { signal, onPosition } = options;
    signal?.throwIfAborted();
    if (this.running) {
      await new Promise<void>((resolve, reject) => {
        const entry: Waiting = {
          options,
          start: () => {
            signal?.removeEventListener("abort", onAbort);
            resolve();
          },
        };
        const onAbort = () => {
          const at = this.waiting.indexOf(entry);
          if (at >= 0) this.waiting.splice(at, 1);
          this.announceFrom(at);
          reject(signal!.reason);
        };
        signal?.addEventListener("abort", onAbort, { once: true });
        this.waiting.push(entry);
        onPosition?.(this.waiting.length);
      });
    }
    this.running = true;
    try {
      // Stopped in the moment between being called and starting: the turn passes on untaken.
      signal?.throwIfAborted();
      onPosition?.(0);
      return await task();
    } finally {
      this.running = false;
      const next = this.waiting.shift();
      // The turn passes at once (no gap a new caller could jump into); the others move up one place.
      if (next) {
        this.running = true;
        next.start();
        this.announceFrom(0);
      }
    }
  }

  /** Tells the waiting jobs from index `from` on their new place (each has the running one and those before it ahead). */
  private announceFrom(from: number) {
    for (let i = Math.max(0, from); i < this.waiting.length; i++) this.waiting[i]!.options.onPosition?.(i + 1);
  }
}
