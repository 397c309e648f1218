/**
 * `npm run bench:failover`: how long tables stop when their process dies. Three server processes
 * on this machine's PostgreSQL and Redis (a fresh database and key prefix, as the tests use),
 * French tables with two people (reconnecting clients that act at once, spread over the three
 * processes) and two bots, rematch after rematch. Again and again, the process owning the most
 * tables is killed with SIGKILL; for each table it owned, the failover time is from the kill to
 * the first new position any of the table's clients sees (an action accepted by the new owner).
 * The killed process starts again (empty) before the next kill.
 *
 * Options: --kills N (default 20), --tables N (default 60), --lease MS (default 2000, the
 * server's default).
 */

import { ChildServer } from "../test/child.js";
import { ReconnectingSeat, random } from "../test/players.js";
import { services } from "../test/services.js";
import { post } from "./http.js";

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

const KILLS = option("kills", 20);
const TABLES = option("tables", 60);
const LEASE = option("lease", 2000);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const quantile = (sorted: readonly number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

async function main(): Promise<void> {
  const svc = await services();
  const { Redis } = await import("ioredis");
  const redis = new Redis(svc.redisUrl);
  const nodes: ChildServer[] = [];
  for (let i = 0; i < 3; i++)
    nodes.push(
      await ChildServer.start({
        timing: { botDelay: 100, handPause: 300, forcedPass: 100, seedWait: 100 },
        databaseUrl: svc.databaseUrl,
        redisUrl: svc.redisUrl,
        redisPrefix: svc.redisPrefix,
        leaseMs: LEASE,
      }),
    );
  let turn = 0;
  const anyUrl = () => {
    const live = nodes.filter((n) => n.pid !== undefined);
    return live[turn++ % live.length].url;
  };
  const seats: ReconnectingSeat[] = [];
  const codes: string[] = [];
  for (let t = 0; t < TABLES; t++) {
    const url = nodes[t % 3].url;
    const people = (await Promise.all([0, 2].map((s) => post(url, "/api/guests", { name: `T${t}S${s}` })))) as {
      token: string;
    }[];
    const setup = {
      game: "french",
      players: 4,
      options: { target: 60 },
      seats: ["human", "bot:easy", "human", "bot:easy"],
      clock: null,
      private: true,
    };
    const { code } = (await post(url, "/api/tables", { setup }, people[0].token)) as { code: string };
    codes.push(code);
    seats.push(new ReconnectingSeat(anyUrl, people[0].token, code, 0, random(t * 2 + 1), false, 1_000_000));
    seats.push(new ReconnectingSeat(anyUrl, people[1].token, code, 2, random(t * 2 + 2), true, 1_000_000));
  }
  /** Where a table is, as its clients last saw it (game and version in one number). */
  const whereOf = (code: string) =>
    Math.max(
      0,
      ...seats
        .filter((s) => s.code === code && s.latest)
        .map((s) => s.latest.table.game * 100_000 + s.latest.view.version),
    );
  await sleep(3000);

  const perTable: number[] = [];
  const perKill: number[] = [];
  for (let k = 0; k < KILLS; k++) {
    const owners = await Promise.all(codes.map((c) => redis.get(`${svc.redisPrefix}owner:${c}`)));
    const live = nodes.filter((n) => n.pid !== undefined);
    const count = (n: ChildServer) => owners.filter((o) => o === n.node).length;
    const victim = live.reduce((a, b) => (count(b) > count(a) ? b : a));
    const affected = codes.filter((_, i) => owners[i] === victim.node);
    const before = affected.map(whereOf);
    const killed = performance.now();
    await victim.kill("SIGKILL");
    const times = await Promise.all(
      affected.map(async (code, i) => {
        while (whereOf(code) <= before[i]) {
          if (performance.now() - killed > 30_000) throw new Error(`table ${code} did not come back`);
          await sleep(5);
        }
        return performance.now() - killed;
      }),
    );
    perTable.push(...times);
    perKill.push(Math.max(...times));
    process.stderr.write(
      `kill ${k + 1}: ${affected.length} tables back in ${times.map((t) => Math.round(t)).join(", ")} ms\n`,
    );
    await victim.spawn();
    await sleep(2000);
  }
  for (const s of seats) s.stop();
  for (const n of nodes) await n.stop();
  redis.disconnect();
  await svc.cleanUp();

  const line = (name: string, value: number, unit: string) =>
    process.stdout.write(`${name}: ${Math.round(value)} ${unit}\n`);
  const tables = [...perTable].sort((a, b) => a - b);
  const kills = [...perKill].sort((a, b) => a - b);
  line("failover kills", KILLS, `kills of the busiest of 3 processes (${TABLES} tables, lease ${LEASE} ms)`);
  line("failover per table p50", quantile(tables, 0.5), `ms (kill to the first new position; ${tables.length} tables)`);
  line("failover per table p99", quantile(tables, 0.99), "ms");
  line("failover per table max", tables[tables.length - 1], "ms");
  line("failover all tables back p50", quantile(kills, 0.5), "ms (per kill, the last of its tables)");
  line("failover all tables back p99", quantile(kills, 0.99), "ms");
  process.exit(0);
}

await main();
