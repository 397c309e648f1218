/**
 * kill -9 (issue 11, Tests): the one server process is killed at random moments while tables play
 * and started again on the same port and DATA_DIR; killrun.ts says what must hold.
 */

import { afterAll, describe, expect, it } from "vitest";
import { SqliteStore } from "../src/online/sqlite-store.js";
import { ChildServer } from "./child.js";
import { runKills } from "./killrun.js";

const SEED = Number(process.env.KILL_SEED ?? Date.now() % 1_000_000);
const KILLS = Number(process.env.KILLS ?? 6);

let server: ChildServer | null = null;
afterAll(async () => {
  await server?.stop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("kill -9 mid-hand and restart on the same data", () => {
  it(`${KILLS} kills: every table continues, nothing accepted is lost`, async () => {
    const srv = await ChildServer.start({ timing: { botDelay: 0, handPause: 50, forcedPass: 30, seedWait: 200 } });
    server = srv;
    const r = await runKills(
      {
        url: () => srv.url,
        victim: async () => srv,
        // Down for a moment: the clients' reconnects fail and back off.
        down: async (s, rnd) => {
          await sleep(rnd() * 400);
          await s.spawn();
        },
        up: async () => {},
        log: async (code) => {
          const store = new SqliteStore(srv.dataDir);
          try {
            return await store.log(code);
          } finally {
            await store.close();
          }
        },
      },
      SEED,
      KILLS,
      // A game more at each table, so that on a fast machine the last kill still finds hands in play.
      1,
    );
    process.stdout.write(`kill -9 (seed ${SEED}): ${r.summary}; ${srv.starts} starts\n`);
    expect(r.problems).toEqual([]);
    expect(r.proofs).toBeGreaterThan(0);
    expect(r.seedsIn).toBeGreaterThan(0);
    expect(r.kills.every((k) => k.midHand > 0)).toBe(true);
    // Every client came back by itself at least once.
    expect(r.reconnected).toBe(r.seats);
  }, 240_000);
});
