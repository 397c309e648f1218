// Node bootstrap of a bot worker: `new Worker(new URL("./node-worker.mjs", ...))`, then post
// BotRequest messages (src/worker-protocol.ts) and receive BotResponse messages. Runs the built
// dist (worker threads cannot load TypeScript on Node 20).
import { parentPort } from "node:worker_threads";
import { handleBotRequest } from "../dist/worker-protocol.js";

parentPort.on("message", (request) => parentPort.postMessage(handleBotRequest(request)));
