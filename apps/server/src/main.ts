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
const { app } = await buildServer({
  logger: { level },
  trustProxy,
  online: { dataDir, origins, databaseUrl, databaseSync, redisUrl, redisPrefix, quickWait },
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
