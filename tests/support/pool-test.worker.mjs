// A worker for WorkerPool's tests, speaking the pool's job protocol: "limits" returns the heap limits the
// thread was started with; "hog" keeps allocating until the thread runs out of heap; "wait" never answers.
import { parentPort, resourceLimits } from "node:worker_threads";

parentPort.on("message", (message) => {
  if (message.type !== "job") return;
  if (message.kind === "limits") parentPort.postMessage({ type: "done", id: message.id, result: resourceLimits });
  if (message.kind === "hog") {
    const kept = [];
    for (;;) kept.push(new Array(100_000).fill(kept.length));
  }
});
