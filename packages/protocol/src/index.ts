/**
 * @crossbones/protocol: what the server, the web app and the command line say to each other on
 * a table (docs/protocol.md). Views travel in record notation (`wire.ts`); every message is
 * checked with zod on arrival, on both ends (`messages.ts`); after the first frame of a table, its
 * changes travel as patches (`patch.ts`) that clients apply to their copies (`copies.ts`).
 */

export * from "./client.js";
export * from "./copies.js";
export * from "./fairness.js";
export * from "./messages.js";
export * from "./patch.js";
export * from "./wire.js";
