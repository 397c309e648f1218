/**
 * `npm start`'s settings, read from its environment (docs/online.md, *Running it*, has the table).
 * Apart from main.ts so that a test can check what an unset variable means.
 */

import { resolve } from "node:path";
import type { ServerOptions } from "./app.js";

export interface Settings {
  readonly port: number;
  readonly host: string;
  readonly options: ServerOptions;
}

/** The settings `env` asks for; throws, saying why, on one the server cannot start with. */
export function settingsFrom(env: NodeJS.ProcessEnv): Settings {
  const port = Number(env.PORT ?? 3000);
  // Loopback unless told otherwise: a server started to try the app is not opened to the network.
  const host = env.HOST || "127.0.0.1";
  const dataDir = resolve(env.DATA_DIR ?? "data");
  const origins = (env.ORIGINS ?? "").split(",").filter(Boolean);
  const hops = Number(env.TRUST_PROXY ?? 0);
  const trustProxy = Number.isInteger(hops) && hops > 0 ? hops : false;
  // JSON lines on standard output (pino); LOG_LEVEL=silent for none.
  const level = env.LOG_LEVEL ?? "info";
  const databaseUrl = env.DATABASE_URL || undefined;
  const databaseSync = env.DATABASE_SYNC !== "off";
  const redisUrl = env.REDIS_URL || undefined;
  const redisPrefix = env.REDIS_PREFIX || undefined;
  // Seconds quick match waits for people before bots take the empty seats.
  const quickSeconds = Number(env.QUICK_WAIT ?? 20);
  const quickWait = Number.isFinite(quickSeconds) && quickSeconds >= 0 ? quickSeconds * 1000 : undefined;
  const metricsToken = env.METRICS_TOKEN || undefined;
  /** A whole number from the environment (`scale` per unit), or undefined for the default. */
  const whole = (name: string, scale = 1): number | undefined => {
    const value = Number(env[name]);
    return env[name] !== undefined && Number.isInteger(value) && value >= 0 ? value * scale : undefined;
  };
  // The table lifecycle (docs/online.md, *A table's life*): when tables nobody is at close, when
  // they leave memory, how many one player may have open, how many one address may make an hour.
  const idleClose = whole("IDLE_CLOSE_SECONDS", 1000);
  const finishedClose = whole("FINISHED_CLOSE_SECONDS", 1000);
  const timing = {
    ...(idleClose === undefined ? {} : { idleClose }),
    ...(finishedClose === undefined ? {} : { finishedClose }),
  };
  const publicOrigin = originOf(env.PUBLIC_ORIGIN);
  // A short token could be guessed, rate limit or not.
  if (metricsToken !== undefined && metricsToken.length < 16) {
    throw new Error("METRICS_TOKEN must be at least 16 characters (e.g. openssl rand -hex 16)");
  }
  return {
    port,
    host,
    options: {
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
        metricsToken,
        publicOrigin,
        timing,
        evictAfter: whole("EVICT_SECONDS", 1000),
        maxOpenTables: whole("MAX_OPEN_TABLES"),
        tablesPerAddress: whole("TABLES_PER_ADDRESS"),
        maxTournaments: whole("MAX_TOURNAMENTS"),
        // Off only where one machine plays several people (tests): one device, one seat a table.
        quickOnePerDevice: env.QUICK_ONE_PER_ADDRESS !== "off",
      },
    },
  };
}

/**
 * PUBLIC_ORIGIN as an origin (`https://crossbones.example`, no path), or undefined when unset;
 * throws on anything else: passkeys made for a wrong one would be lost when it is put right.
 */
function originOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  let url: URL | null = null;
  try {
    url = new URL(value);
  } catch {
    // Said below.
  }
  if (url === null || !/^https?:$/.test(url.protocol) || url.origin !== value.replace(/\/$/, "")) {
    throw new Error(`PUBLIC_ORIGIN must be the address players open, as https://crossbones.example (not ${value})`);
  }
  return url.origin;
}
