export { main } from "./main.js";
export { type ReplayOutput, replayText } from "./replay.js";
