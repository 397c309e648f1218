/**
 * The stats page's section of `npm run bench`: what opening it costs the main thread with many
 * games kept. `aggregate` over 500 random French sets (the engine's replay bench's records), with
 * the facts worked out when each game was kept (`withFacts`, what history stores now) and without
 * (every record replayed, what entries kept before facts cost once). Median of 5. Run it alone
 * with `npx tsx apps/web/bench/stats.ts`.
 */

import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { randomSetRecords } from "../../../packages/engine/bench/replay.js";
import { aggregate, type GameEntry, withFacts } from "../src/review/stats.js";

const GAMES = 500;

function medianMs(run: () => void): number {
  run();
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const start = performance.now();
    run();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[2];
}

export function statsBench(line: (name: string, value: number, unit: string) => void): void {
  const games: GameEntry[] = randomSetRecords(GAMES, 7).texts.map((text, i) => ({
    id: `g${i}`,
    finishedAt: i,
    source: "bots",
    level: "hard",
    seat: i % 4,
    record: JSON.parse(text),
  }));
  const kept = games.map(withFacts);
  line(
    `stats over ${GAMES} French games, facts kept (median)`,
    medianMs(() => aggregate(kept, [])),
    "ms",
  );
  line(
    `stats over ${GAMES} French games, every record replayed (median)`,
    medianMs(() => aggregate(games, [])),
    "ms",
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  statsBench((name, value, unit) => process.stdout.write(`${name}: ${Math.round(value * 100) / 100} ${unit}\n`));
