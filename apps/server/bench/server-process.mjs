// The server as its own process for the load benchmark (tables.ts): the built server
// (apps/server/dist; `npx tsc -b` first), online play on, no web app, limits lifted for one address.
// Usage: node --expose-gc server-process.mjs DATA_DIR PORT (0: any free port; it prints `ready PORT`)
// On SIGUSR2 it collects garbage and prints its memory as one line `mem {...}` (process.memoryUsage).
// $CROSSBONES_BENCH_STORE (JSON): databaseUrl, redisUrl, redisPrefix, for PostgreSQL and a cluster.
import { monitorEventLoopDelay } from "node:perf_hooks";
import { buildServer } from "../dist/app.js";

const [dataDir, port] = process.argv.slice(2);
const { app } = await buildServer({
  root: false,
  http: { connectionsPerAddress: 1_000_000 },
  online: {
    dataDir,
    ...JSON.parse(process.env.CROSSBONES_BENCH_STORE || "{}"),
    timing: { botDelay: 900, handPause: 3000, forcedPass: 1000 },
    socketsPerAddress: 1_000_000,
    requestsPerMinute: 1_000_000,
    tablesPerAddress: 1_000_000,
    maxOpenTables: 1_000_000,
  },
});
// How late the server's event loop runs: every action waits for it. Reset at each report.
const lag = monitorEventLoopDelay({ resolution: 10 });
lag.enable();
// The handler first: the benchmark asks for the memory as soon as it reads "ready".
process.on("SIGUSR2", () => {
  const loop = { lagP99: lag.percentile(99) / 1e6, lagMax: lag.max / 1e6 };
  lag.reset();
  globalThis.gc?.();
  setTimeout(() => process.stdout.write(`mem ${JSON.stringify({ ...process.memoryUsage(), ...loop })}\n`), 200);
});
await app.listen({ port: Number(port), host: "127.0.0.1" });
// The port it listens on (0 asks the system for a free one).
process.stdout.write(`ready ${app.server.address().port}\n`);
// A clean stop (the benchmark's SIGTERM), so that a --cpu-prof profile is written.
process.on("SIGTERM", () => {
  void app.close().then(() => process.exit(0));
});
