export { main } from "./main.js";
export { CREATE_OPTIONS, ONLINE_HELP, type OnlineIO, runOnline, setupFrom } from "./online/command.js";
export { PROGRAM_PROTOCOL, readAnswer } from "./online/deciders.js";
export { type ReplayOutput, replayText } from "./replay.js";
export { type VerifyOutput, verifyText } from "./verify.js";
