/**
 * The real PostgreSQL and Redis the scale-out tests run on (this machine runs both on loopback;
 * `.ci/run` starts them when they do not answer). Each test file gets a database of its own
 * (created here, dropped at the end) and a Redis key prefix of its own, so files running at the
 * same time never see each other's tables or processes. TEST_DATABASE_URL and TEST_REDIS_URL
 * point elsewhere.
 */

import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import pg from "pg";

export const PG_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
export const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

/** Throws, saying what to do, unless PostgreSQL answers. */
async function pgAnswers(): Promise<void> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query("SELECT 1");
  } catch (e) {
    throw new Error(
      `PostgreSQL at ${PG_URL} does not answer (${(e as Error).message}): start it (pg_ctlcluster … main start, as .ci/run does) or set TEST_DATABASE_URL`,
    );
  } finally {
    await client.end().catch(() => {});
  }
}

/** Throws, saying what to do, unless Redis answers. */
async function redisAnswers(): Promise<void> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 3000 });
  redis.on("error", () => {});
  try {
    await redis.connect();
    await redis.ping();
  } catch (e) {
    throw new Error(
      `Redis at ${REDIS_URL} does not answer (${(e as Error).message}): start it (redis-server --daemonize yes …, as .ci/run does) or set TEST_REDIS_URL`,
    );
  } finally {
    redis.disconnect();
  }
}

export interface Services {
  /** A database of this test file's own. */
  readonly databaseUrl: string;
  readonly redisUrl: string;
  /** This test file's Redis key prefix. */
  readonly redisPrefix: string;
  /** Drops the database and deletes the prefix's keys. */
  cleanUp(): Promise<void>;
}

export async function services(): Promise<Services> {
  await Promise.all([pgAnswers(), redisAnswers()]);
  const tag = randomBytes(4).toString("hex");
  const name = `crossbones_test_${tag}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const redisPrefix = `cbt${tag}:`;
  return {
    databaseUrl: url.toString(),
    redisUrl: REDIS_URL,
    redisPrefix,
    async cleanUp() {
      const admin = new pg.Client({ connectionString: PG_URL });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
      const redis = new Redis(REDIS_URL);
      let cursor = "0";
      do {
        const [next, keys] = await redis.scan(cursor, "MATCH", `${redisPrefix}*`, "COUNT", 1000);
        if (keys.length > 0) await redis.del(...keys);
        cursor = next;
      } while (cursor !== "0");
      redis.disconnect();
    },
  };
}
