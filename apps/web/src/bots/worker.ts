/**
 * The bots' thread, so a hard bot's search never blocks the page: the bots package's own worker
 * protocol (the same one its Node worker_threads bootstrap speaks).
 */

import { type BotRequest, type BotResponse, handleBotRequest } from "@crossbones/bots/worker-protocol";

// The app is type-checked with the DOM library, whose `self` is a window.
const scope = self as unknown as {
  onmessage: ((e: MessageEvent<BotRequest>) => void) | null;
  postMessage(message: BotResponse): void;
};

scope.onmessage = (e) => scope.postMessage(handleBotRequest(e.data));
