/** Worker thread of `crossbones arena`: plays the jobs it is sent, one at a time. */

import { parentPort, workerData } from "node:worker_threads";
import { type ArenaJob, type ArenaSetup, runJob } from "./arena-game.js";

const setup = workerData as ArenaSetup;
const port = parentPort;
if (port) {
  port.on("message", (job: ArenaJob | null) => {
    if (job === null) {
      port.close();
      return;
    }
    try {
      port.postMessage({ ok: true, result: runJob(setup, job) });
    } catch (e) {
      port.postMessage({ ok: false, error: e instanceof Error ? (e.stack ?? e.message) : String(e) });
    }
  });
}
