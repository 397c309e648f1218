/**
 * `npm start`'s server: the web app and online play on http://localhost:3000 (or $PORT), with
 * online tables kept in $DATA_DIR (default ./data). $ORIGINS: other page origins allowed to open
 * sockets, comma-separated. $TRUST_PROXY: the number of reverse proxies in front whose
 * X-Forwarded-For to believe (default none). $LOG_LEVEL: pino's (default info; silent for none).
 * $DATABASE_URL (postgres://…): tables in PostgreSQL instead of SQLite; with $REDIS_URL too, this
 * process shares the tables with every other process on the same two (docs/deploy.md); $REDIS_PREFIX
 * (default cb:) keeps clusters that share a Redis apart; $DATABASE_SYNC=off trades the last fraction of
 * a second of actions on a database crash for speed.
 */

import { resolve } from "node:path";
import { buildServer } from "./app.js";

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "0.0.0.0";
const dataDir = resolve(process.env.DATA_DIR ?? "data");
const origins = (process.env.ORIGINS ?? "").split(",").filter(Boolean);
const hops = Number(process.env.TRUST_PROXY ?? 0);
const trustProxy = Number.isInteger(hops) && hops > 0 ? hops : false;

// JSON lines on standard output (pino); LOG_LEVEL=silent for none.
const level = process.env.LOG_LEVEL ?? "info";
const databaseUrl = process.env.DATABASE_URL || undefined;
const databaseSync = process.env.DATABASE_SYNC !== "off";
const redisUrl = process.env.REDIS_URL || undefined;
const redisPrefix = process.env.REDIS_PREFIX || undefined;
// Seconds quick match waits for people before bots take the empty seats.
const quickSeconds = Number(process.env.QUICK_WAIT ?? 20);
const quickWait = Number.isFinite(quickSeconds) && quickSeconds >= 0 ? quickSeconds * 1000 : undefined;

/** A whole number from the environment (`scale` per unit), or undefined for the default. */
function setting(name: string, scale = 1): number | undefined {
  const value = Number(process.env[name]);
  return process.env[name] !== undefined && Number.isInteger(value) && value >= 0 ? value * scale : undefined;
}
// The table lifecycle (docs/online.md): when tables nobody is at close, when they leave memory,
// how many one player may have open, how many one address may make in an hour.
const idleClose = setting("IDLE_CLOSE_SECONDS", 1000);
const finishedClose = setting("FINISHED_CLOSE_SECONDS", 1000);
const timing = {
  ...(idleClose === undefined ? {} : { idleClose }),
  ...(finishedClose === undefined ? {} : { finishedClose }),
};
const { app } = await buildServer({
  logger: { level },
  trustProxy,
  online: {
    dataDir,
    origins,
    databaseUrl,
    databaseSync,
    redisUrl,
    redisPrefix,
    quickWait,
    timing,
    evictAfter: setting("EVICT_SECONDS", 1000),
    maxOpenTables: setting("MAX_OPEN_TABLES"),
    tablesPerAddress: setting("TABLES_PER_ADDRESS"),
  },
});
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
