import { describe, expect, it } from "vitest";
import { nextInTurn, type Waiting } from "./queue.server";

/** Runs the queue's choice until nothing waits: the order sessions would be processed in. */
function runOrder(waiting: Waiting[], lastServed = new Map<string | null, number>()): string[] {
  const queue = [...waiting];
  const order: string[] = [];
  let served = Math.max(-1, ...lastServed.values()) + 1;
  while (queue.length) {
    const [next] = queue.splice(nextInTurn(queue, lastServed), 1);
    lastServed.set(next!.ownerId, served++);
    order.push(next!.sessionId);
  }
  return order;
}

const upload = (sessionId: string, ownerId: string | null): Waiting => ({ sessionId, ownerId });

describe("nextInTurn", () => {
  it("keeps the order uploads came in within one library", () => {
    expect(runOrder([upload("a1", "alice"), upload("a2", "alice"), upload("a3", "alice")])).toEqual(["a1", "a2", "a3"]);
    expect(nextInTurn([], new Map())).toBe(-1);
  });

  it("lets a book for the shared knowledge base run after one of a user's twenty uploads, not after all of them", () => {
    const alices = Array.from({ length: 20 }, (_, i) => upload(`a${i + 1}`, "alice"));
    const order = runOrder([...alices, upload("book", null), upload("b1", "bob")]);
    expect(order.slice(0, 3)).toEqual(["a1", "book", "b1"]);
    expect(order.slice(3)).toEqual(alices.slice(1).map((a) => a.sessionId));
  });

  it("serves the library that waited longest since its last turn first", () => {
    const lastServed = new Map<string | null, number>([
      [null, 2],
      ["alice", 3],
      ["bob", 1],
    ]);
    expect(runOrder([upload("a1", "alice"), upload("s1", null), upload("b1", "bob"), upload("s2", null)], lastServed)).toEqual(["b1", "s1", "a1", "s2"]);
  });
});
