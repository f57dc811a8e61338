import { describe, expect, it } from "vitest";
import { GenerationQueue } from "./generation-queue.server";

/** A task the test finishes by hand, recording when it starts. */
function gate(log: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    task: async () => {
      log.push(`start ${name}`);
      await done;
      log.push(`end ${name}`);
      return name;
    },
    finish: () => finish(),
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("GenerationQueue", () => {
  it("runs one generation at a time, in the order asked", async () => {
    const queue = new GenerationQueue();
    const log: string[] = [];
    const [a, b, c] = [gate(log, "a"), gate(log, "b"), gate(log, "c")];
    const runs = [queue.run(a.task), queue.run(b.task), queue.run(c.task)];
    await settle();
    expect(log).toEqual(["start a"]);
    expect(queue.size).toBe(3);
    a.finish();
    await settle();
    expect(log).toEqual(["start a", "end a", "start b"]);
    b.finish();
    await settle();
    c.finish();
    expect(await Promise.all(runs)).toEqual(["a", "b", "c"]);
    expect(log).toEqual(["start a", "end a", "start b", "end b", "start c", "end c"]);
    expect(queue.size).toBe(0);
  });

  it("tells each waiting generation how many are ahead, as they move up, and 0 when it starts", async () => {
    const queue = new GenerationQueue();
    const log: string[] = [];
    const [a, b, c] = [gate(log, "a"), gate(log, "b"), gate(log, "c")];
    const places = { a: [] as number[], b: [] as number[], c: [] as number[] };
    const runs = [
      queue.run(a.task, { onPosition: (n) => places.a.push(n) }),
      queue.run(b.task, { onPosition: (n) => places.b.push(n) }),
      queue.run(c.task, { onPosition: (n) => places.c.push(n) }),
    ];
    await settle();
    expect(places).toEqual({ a: [0], b: [1], c: [2] });
    a.finish();
    await settle();
    expect(places).toEqual({ a: [0], b: [1, 0], c: [2, 1] });
    b.finish();
    await settle();
    c.finish();
    await Promise.all(runs);
    expect(places.c).toEqual([2, 1, 0]);
  });

  it("takes a generation stopped while waiting out of the queue at once; the ones behind it move up and it never runs", async () => {
    const queue = new GenerationQueue();
    const log: string[] = [];
    const [a, b, c] = [gate(log, "a"), gate(log, "b"), gate(log, "c")];
    const stopB = new AbortController();
    const placesC: number[] = [];
    const runA = queue.run(a.task);
    const runB = queue.run(b.task, { signal: stopB.signal });
    const runC = queue.run(c.task, { onPosition: (n) => placesC.push(n) });
    await settle();
    stopB.abort(new Error("stopped by the user"));
    await expect(runB).rejects.toThrow("stopped by the user");
    expect(queue.size).toBe(2);
    expect(placesC).toEqual([2, 1]);
    a.finish();
    await settle();
    c.finish();
    await Promise.all([runA, runC]);
    expect(log).toEqual(["start a", "end a", "start c", "end c"]);
  });

  it("refuses a generation whose signal is already aborted, and passes the turn on after a task that throws", async () => {
    const queue = new GenerationQueue();
    const gone = new AbortController();
    gone.abort(new Error("gone"));
    await expect(queue.run(async () => "never", { signal: gone.signal })).rejects.toThrow("gone");
    const failing = queue.run(async () => {
      throw new Error("model failed");
    });
    const next = queue.run(async () => "next");
    await expect(failing).rejects.toThrow("model failed");
    expect(await next).toBe("next");
    expect(queue.size).toBe(0);
  });

  it("lets the running task see the caller's abort (the task stops itself through the same signal)", async () => {
    const queue = new GenerationQueue();
    const stop = new AbortController();
    const running = queue.run(
      () =>
        new Promise<string>((_, reject) => {
          stop.signal.addEventListener("abort", () => reject(stop.signal.reason as Error));
        }),
      { signal: stop.signal },
    );
    const after = queue.run(async () => "after");
    await settle();
    stop.abort(new Error("stopped"));
    await expect(running).rejects.toThrow("stopped");
    expect(await after).toBe("after");
  });
});
