// Browser bootstrap of a bot worker (a module Web Worker): post BotRequest messages
// (src/worker-protocol.ts) and receive BotResponse messages. A bundler app may instead import
// `handleBotRequest` from "@crossbones/bots/worker-protocol" in its own worker file.
import { handleBotRequest } from "../dist/worker-protocol.js";

self.onmessage = (event) => self.postMessage(handleBotRequest(event.data));
