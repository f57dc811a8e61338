import { describe, expect, it } from "vitest";
import { takeTurns } from "./request-turns.server";

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("takeTurns", () => {
  it("starts one waiting request per turn of the event loop, first come first served", async () => {
    const turn = takeTurns();
    const started: string[] = [];
    for (const name of ["page", "answer", "documents"]) turn(null, null, () => started.push(name));
    expect(started).toEqual([]);
    await nextTurn();
    expect(started).toEqual(["page"]);
    await nextTurn();
    expect(started).toEqual(["page", "answer"]);
    await nextTurn();
    expect(started).toEqual(["page", "answer", "documents"]);
  });

  it("lets what became ready meanwhile run between two starts", async () => {
    const turn = takeTurns();
    const events: string[] = [];
    turn(null, null, () => {
      events.push("first request");
      // Work that becomes ready while the first request runs (a socket's data, a thread's reply).
      setImmediate(() => events.push("ready meanwhile"));
    });
    turn(null, null, () => events.push("second request"));
    for (let i = 0; i < 3; i++) await nextTurn();
    expect(events).toEqual(["first request", "ready meanwhile", "second request"]);
  });

  it("starts a request that comes after the queue has emptied", async () => {
    const turn = takeTurns();
    const started: string[] = [];
    turn(null, null, () => started.push("one"));
    await nextTurn();
    await nextTurn();
    turn(null, null, () => started.push("two"));
    await nextTurn();
    expect(started).toEqual(["one", "two"]);
  });
});
