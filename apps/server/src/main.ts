/**
 * `npm start`'s server: the web app and online play on http://localhost:3000, as its environment
 * says (settings.ts: PORT, HOST, DATA_DIR, METRICS_TOKEN…; docs/online.md lists them). A setting
 * it cannot start with ends it with the reason and status 2.
 */

import { buildServer } from "./app.js";
import { type Settings, settingsFrom } from "./settings.js";

let settings: Settings;
try {
  settings = settingsFrom(process.env);
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exit(2);
}
const { port, host, options } = settings;
const { app } = await buildServer(options);
await app.listen({ port, host });
process.stdout.write(`Crossbones is running at http://localhost:${port}\n`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    // Every socket is told to come back in a moment (bye going-away, retry); the tables are in the
    // store, and in a cluster each is handed over to the other processes.
    app.log.info({ signal }, "stopping");
    void app.close().then(() => process.exit(0));
  });
}
