/**
 * Quick match chooses in two places: `match` and `fill` in JavaScript (one process) and the Lua
 * scripts' `pick` in Redis (a cluster). On random queues (ratings, waits, devices, bot accounts,
 * people who refuse them) both choose the same people.
 */

import fc from "fast-check";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fill, match, PICK, RATING_WINDOW, type Waiting } from "../src/online/quick.js";
import { type Services, services } from "./services.js";

let svc: Services;
let redis: Redis;
beforeAll(async () => {
  svc = await services();
  redis = new Redis(svc.redisUrl);
});
afterAll(async () => {
  redis?.disconnect();
  await svc?.cleanUp();
});

/** The Lua `pick` on list KEYS[1]: the ids it takes. ARGV: n, one per device, now (negative: fill). */
const PICKED = `${PICK}
local taken = pick(KEYS[1], tonumber(ARGV[1]), ARGV[2], tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5]))
local ids = {}
for _, e in ipairs(taken) do table.insert(ids, e.w.id) end
return ids`;

const T = 1_700_000_000_000;
const entry = fc.record({
  rating: fc.integer({ min: 300, max: 2000 }),
  waited: fc.integer({ min: 0, max: 60_000 }),
  device: fc.constantFrom("a", "b", "c", "d"),
  bot: fc.boolean(),
  bots: fc.boolean(),
  /** Which of the others (by place in the array) this one blocked. */
  blocks: fc.array(fc.integer({ min: 0, max: 7 }), { maxLength: 2 }),
});

describe("quick match in Lua and in JavaScript", () => {
  it("choose the same people, by rating and when the bots are due", async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(entry, { minLength: 0, maxLength: 8 }),
        fc.constantFrom(2, 3, 4),
        fc.boolean(),
        async (entries, n, onePerDevice) => {
          const now = T + 60_000;
          // In the order they asked: the longest wait first.
          const waiting: Waiting[] = entries
            .map((e, i) => ({
              id: `p${i}`,
              name: `P${i}`,
              since: now - e.waited,
              device: e.device,
              socket: `s${i}`,
              rating: e.rating,
              bot: e.bot,
              bots: e.bots,
              blocks: e.blocks.map((b) => `p${b}`),
            }))
            .sort((a, b) => a.since - b.since);
          const key = `${svc.redisPrefix}lua:${run++}`;
          if (waiting.length > 0) await redis.rpush(key, ...waiting.map((w) => JSON.stringify(w)));
          const lua = async (at: number) =>
            (
              (await redis.eval(
                PICKED,
                1,
                key,
                n,
                onePerDevice ? "1" : "0",
                at,
                RATING_WINDOW.base,
                RATING_WINDOW.perSecond,
              )) as string[]
            ).sort();
          const ids = (list: readonly Waiting[] | null) => (list ?? []).map((w) => w.id).sort();
          expect(await lua(now)).toEqual(ids(match(waiting, n, onePerDevice, now)));
          expect(await lua(-1)).toEqual(ids(fill(waiting, n, onePerDevice)));
          await redis.del(key);
        },
      ),
      { numRuns: 300 },
    );
  });
});
