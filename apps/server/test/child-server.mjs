// The server as a process of its own, for tests that kill it (kill.test.ts) or want it on a core
// of its own (leaks.test.ts): builds the server from the compiled JavaScript (apps/server/dist,
// made by `tsc -b`; bot worker threads cannot load TypeScript on Node 20) with the options in
// $CROSSBONES_TEST_SERVER (JSON: `port` plus `buildServer`'s online options), listens on
// 127.0.0.1 and prints one line, {"port": N, "node": its cluster id or null}, once it accepts
// connections.
import { buildServer } from "../dist/app.js";

const { port = 0, ...online } = JSON.parse(process.env.CROSSBONES_TEST_SERVER ?? "{}");
// Every client of these tests is on 127.0.0.1: no cap on its connections (child.ts lifts the others).
const { app, hub } = await buildServer({ root: false, online, http: { connectionsPerAddress: 1_000_000 } });
await app.listen({ port, host: "127.0.0.1" });
process.stdout.write(`${JSON.stringify({ port: app.server.address().port, node: hub?.pid ?? null })}\n`);
process.on("SIGTERM", () => {
  void app.close().then(() => process.exit(0));
});
