/**
 * Scale-out (issue 12, Tests): three server processes on one Redis and one PostgreSQL (services.ts:
 * a database and a key prefix of this file's own), every client free to connect to any of them.
 * - Random games with the people of each table spread over all three processes: every record
 *   valid, and the leak scan of every frame (leakrun.ts).
 * - kill -9 the owner of the busiest tables, several times: another process takes them over, every
 *   game finishes, nothing accepted is lost or applied twice (killrun.ts).
 * - A stale owner: paused (SIGSTOP) past its lease while its table plays on elsewhere, then resumed:
 *   it writes nothing more to the table's log, and the game goes on to its end.
 * - Quick match: two people waiting on different processes meet at one table.
 * - Signing out other devices (and deleting an account) closes the player's sockets everywhere.
 * - A Swiss tournament signed up for on every process, whose holder is killed once round 1's tables
 *   are made: another process takes it over, makes round 2 and it finishes, every result counted once.
 */

import { replayRecord } from "@crossbones/engine";
import type { TableSetup, TournamentAnswer } from "@crossbones/protocol";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PgStore } from "../src/online/pg-store.js";
import { ChildServer } from "./child.js";
import { autoPlay, createTable, guest, isTable, METRICS_AUTH, post, TestClient } from "./harness.js";
import { runKills } from "./killrun.js";
import { describeTotals, runGames } from "./leakrun.js";
import { type Services, services } from "./services.js";

const SEED = Number(process.env.CLUSTER_SEED ?? Date.now() % 1_000_000);
const GAMES = Number(process.env.CLUSTER_GAMES ?? 200);
const KILLS = Number(process.env.CLUSTER_KILLS ?? 4);
const TIMING = { botDelay: 0, handPause: 50, forcedPass: 30, seedWait: 200 };

let svc: Services;
const nodes: ChildServer[] = [];
let redis: Redis;

beforeAll(async () => {
  svc = await services();
  redis = new Redis(svc.redisUrl);
  for (let i = 0; i < 3; i++)
    nodes.push(
      await ChildServer.start({
        timing: TIMING,
        databaseUrl: svc.databaseUrl,
        redisUrl: svc.redisUrl,
        redisPrefix: svc.redisPrefix,
      }),
    );
}, 60_000);

afterAll(async () => {
  for (const n of nodes) {
    n.signal("SIGCONT");
    await n.stop();
  }
  redis?.disconnect();
  await svc?.cleanUp();
}, 60_000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const up = () => nodes.filter((n) => n.pid !== undefined);
let turn = 0;
/** A process that is up, in turn. */
const anyUrl = () => {
  const live = up();
  return live[turn++ % live.length].url;
};

/** The process that owns `code` now (by its cluster id), if it is one of ours. */
async function ownerOf(code: string): Promise<ChildServer | undefined> {
  const id = await redis.get(`${svc.redisPrefix}owner:${code}`);
  return nodes.find((n) => n.node === id && n.pid !== undefined);
}

/** A metric's value in a process's /metrics (0 when absent). */
async function metric(node: ChildServer, line: string): Promise<number> {
  const text = await (await fetch(`${node.url}/metrics`, { headers: METRICS_AUTH })).text();
  const found = text.split("\n").find((l) => l.startsWith(`${line} `));
  return found ? Number(found.slice(line.length + 1)) : 0;
}

/** A French table made on `node` by a new guest, Ana, with three bots. */
async function soloTable(node: ChildServer): Promise<{ ana: { token: string }; code: string }> {
  const ana = await guest(node.url, "Ana");
  const setup: TableSetup = {
    game: "french",
    players: 4,
    options: { target: 40 },
    seats: ["human", "bot:easy", "bot:easy", "bot:easy"],
    clock: null,
    private: true,
  };
  return { ana, code: await createTable(node.url, ana.token, setup) };
}

describe("three processes on Redis and PostgreSQL", () => {
  it(`${GAMES} random games with each table's people on different processes: valid records, no leaks`, async () => {
    const started = Date.now();
    const { run, problems } = await runGames({
      urls: nodes.map((n) => n.url),
      games: GAMES,
      tablesAtOnce: 24,
      seed: SEED,
    });
    const perNode = await Promise.all(nodes.map((n) => metric(n, 'crossbones_actions_total{by="player"}')));
    process.stdout.write(
      `cluster games (seed ${SEED}): ${describeTotals(run.totals)}; actions by players per process ${perNode.join(", ")}; ` +
        `${((Date.now() - started) / 1000).toFixed(1)} s\n`,
    );
    expect(problems.slice(0, 20)).toEqual([]);
    expect(run.totals.games).toBeGreaterThanOrEqual(GAMES);
    expect(run.totals.proofs).toBeGreaterThanOrEqual(run.totals.hands);
    // Every process owned tables and applied their actions.
    expect(perNode.every((n) => n > 0)).toBe(true);
    // Each is ready: its database and Redis answer.
    for (const n of nodes)
      expect(await (await fetch(`${n.url}/readyz`)).json()).toEqual({ ok: true, database: "ok", redis: "ok" });
  }, 600_000);

  it(`kill -9 the owner of the busiest tables ${KILLS} times: another takes them over, nothing is lost`, async () => {
    const store = await PgStore.open(svc.databaseUrl);
    try {
      const r = await runKills(
        {
          url: anyUrl,
          victim: async (playing) => {
            const owners = await Promise.all(playing.map(ownerOf));
            const live = up();
            const count = (n: ChildServer) => owners.filter((o) => o === n).length;
            return live.reduce((a, b) => (count(b) > count(a) ? b : a));
          },
          down: async () => {},
          // The killed process comes back empty, once its tables went on elsewhere.
          up: (victim) => victim.spawn(),
          log: (code) => store.log(code),
        },
        SEED,
        KILLS,
        // A cluster recovers faster than a restart: more games, so that every kill finds hands in play.
        2,
      );
      process.stdout.write(`cluster kill -9 (seed ${SEED}): ${r.summary}\n`);
      expect(r.problems).toEqual([]);
      expect(r.kills.every((k) => k.midHand > 0)).toBe(true);
      expect(r.reconnected).toBeGreaterThan(0);
    } finally {
      await store.close();
    }
  }, 400_000);

  it("a stale owner, paused past its lease, writes nothing more once another took its table", async () => {
    const { ana, code } = await soloTable(nodes[0]);
    const owner = (await ownerOf(code)) as ChildServer;
    expect(owner).toBe(nodes[0]);
    // Ana plays from another process.
    const a = await TestClient.connect(nodes[1].url, ana.token);
    a.send({ t: "watch", table: code });
    const play = autoPlay(a, code, (m) => m.view.finished);
    await a.next((m) => isTable(code)(m) && m.view.version > 10, 20_000);
    const lostBefore = await metric(owner, 'crossbones_tables_lost_total{reason="fenced"}');
    const lapsedBefore = await metric(owner, 'crossbones_tables_lost_total{reason="lapsed"}');
    const store = await PgStore.open(svc.databaseUrl);
    // The log's length when the new owner took the table: the game must go on from there.
    let before = 0;
    owner.signal("SIGSTOP");
    try {
      // The lease runs out; another process takes the table over and the game goes on there.
      const deadline = Date.now() + 15_000;
      let taker: ChildServer | undefined;
      while (Date.now() < deadline) {
        taker = await ownerOf(code);
        if (taker && taker !== owner) break;
        await sleep(100);
      }
      expect(taker).toBeDefined();
      expect(taker).not.toBe(owner);
      before = (await store.log(code)).length;
      // The game goes on at the new owner (a few moves, or to its end if it is that close).
      const at = (a.latest(code) ?? (await a.next(isTable(code)))).view.version;
      if (!a.latest(code)?.view.finished)
        await a.next((m) => isTable(code)(m) && (m.view.version > at + 4 || m.view.finished), 20_000);
    } finally {
      owner.signal("SIGCONT");
    }
    try {
      // Resumed, the old owner finds it lost the table (its lease lapsed, or the fence refused a write).
      const deadline = Date.now() + 10_000;
      let lost = 0;
      while (Date.now() < deadline && lost === 0) {
        await sleep(200);
        lost =
          (await metric(owner, 'crossbones_tables_lost_total{reason="fenced"}')) -
          lostBefore +
          ((await metric(owner, 'crossbones_tables_lost_total{reason="lapsed"}')) - lapsedBefore);
      }
      expect(lost).toBeGreaterThanOrEqual(1);
      expect((await ownerOf(code)) === owner).toBe(false);
      const final = await play.done;
      expect(final?.view.finished).toBe(true);
      // The log only grew, by the new owner's hand, and replays into the finished game.
      const log = await store.log(code);
      expect(log.length).toBeGreaterThan(before);
      const record = await (await fetch(`${nodes[2].url}/api/tables/${code}/record`)).json();
      expect(record.hands.length).toBeGreaterThan(0);
    } finally {
      a.close();
      await store.close();
    }
  }, 120_000);

  it("SIGTERM hands a process's tables over at once: another owns them before any lease could run out", async () => {
    const { ana, code } = await soloTable(nodes[1]);
    const owner = nodes[1];
    expect(await ownerOf(code)).toBe(owner);
    const a = await TestClient.connect(nodes[2].url, ana.token);
    a.send({ t: "watch", table: code });
    const play = autoPlay(a, code, (m) => m.view.finished);
    try {
      await a.next((m) => isTable(code)(m) && m.view.version > 6, 20_000);
      await owner.kill("SIGTERM");
      const gone = Date.now();
      let taker: ChildServer | undefined;
      while (!taker && Date.now() - gone < 10_000) {
        taker = await ownerOf(code);
        if (!taker) await sleep(20);
      }
      // Handed over, not failed over: the lease (2 s) had no time to run out.
      expect(Date.now() - gone).toBeLessThan(1500);
      expect(taker).not.toBe(owner);
      expect((await play.done)?.view.finished).toBe(true);
    } finally {
      play.stop();
      a.close();
      await owner.spawn();
    }
  }, 120_000);

  it("signing out other devices closes the player's sockets on every process; deleting the account, the new key's too", async () => {
    const ana = await guest(nodes[0].url, "Ana");
    const here = `${svc.redisPrefix}here:${ana.player.id}`;
    /** Until Redis says Ana has sockets on `n` processes (each hello's word is written as it is taken). */
    const onProcesses = async (n: number) => {
      while ((await redis.scard(here)) !== n) await sleep(20);
    };
    const old = [await TestClient.connect(nodes[1].url, ana.token), await TestClient.connect(nodes[2].url, ana.token)];
    await onProcesses(2);
    const byes = old.map((c) => c.next((m) => m.t === "bye"));
    const auth = (token: string) => ({ authorization: `Bearer ${token}` });
    const rotated = await fetch(`${nodes[0].url}/api/me/key`, { method: "POST", headers: auth(ana.token) });
    const { token } = (await rotated.json()) as { token: string };
    for (const bye of await Promise.all(byes))
      expect(bye).toMatchObject({ refusal: { code: "bad-token" }, retry: false });

    // The new key's socket is welcomed; deleting the account (on another process) closes it too.
    const fresh = await TestClient.connect(nodes[2].url, token);
    try {
      expect(fresh.messages.some((m) => m.t === "welcome")).toBe(true);
      await onProcesses(1);
      const bye = fresh.next((m) => m.t === "bye");
      const deleted = await fetch(`${nodes[1].url}/api/me`, { method: "DELETE", headers: auth(token) });
      expect(deleted.status).toBe(204);
      expect(await bye).toMatchObject({ refusal: { code: "bad-token" }, retry: false });
    } finally {
      fresh.close();
      for (const c of old) c.close();
    }
  }, 60_000);

  it("a Swiss tournament signed up for on every process; kill -9 its holder in round 1: another finishes it", async () => {
    const holder = nodes[0];
    const maker = await guest(holder.url, "Maker");
    const made = await post(holder.url, maker.token, "/api/tournaments", {
      name: "Three yards",
      game: "cutthroat",
      format: "swiss",
      rounds: 2,
      startIn: 6,
      options: { match: "straight" },
    });
    expect(made.status).toBe(201);
    const id = made.body.id as string;
    const owner = () => redis.get(`${svc.redisPrefix}owner:tournament:${id}`);
    expect(await owner()).toBe(holder.node);
    // Four players, each signed up and checked in on another process than the one before.
    const players = [];
    for (const [i, name] of ["Ana", "Ben", "Cy", "Dee"].entries()) {
      const url = nodes[i % 3].url;
      const p = await guest(url, name);
      expect((await post(url, p.token, `/api/tournaments/${id}/signup`)).status).toBe(204);
      expect((await post(nodes[(i + 1) % 3].url, p.token, `/api/tournaments/${id}/checkin`)).status).toBe(204);
      players.push(p);
    }
    // Their sockets are on the processes that live on.
    const clients = new Map<string, TestClient>();
    for (const [i, p] of players.entries())
      clients.set(p.player.id, await TestClient.connect(nodes[1 + (i % 2)].url, p.token));
    const plays = new Map<string, { stop: () => void }[]>();
    const viewOn = async (url: string) =>
      (await (await fetch(`${url}/api/tournaments/${id}`)).json()) as TournamentAnswer;
    /** Where each table of the last round stands, as every side sees it (a stall's diagnosis). */
    const stalled = async (v: TournamentAnswer) => {
      const name = (pid: string | null) => (pid === null ? "none" : `node${nodes.findIndex((n) => n.node === pid)}`);
      const lines = [`rounds: ${JSON.stringify(v.rounds)}`, `tournament held by ${name(await owner())}`];
      for (const g of v.rounds.at(-1)?.games ?? []) {
        if (!g.table) continue;
        lines.push(`table ${g.table}: owner ${name(await redis.get(`${svc.redisPrefix}owner:${g.table}`))}`);
        for (const player of [g.a, g.b]) {
          const c = clients.get(player) as TestClient;
          const m = c.latest(g.table);
          const seen = m
            ? `version ${m.view.version}, turn ${m.view.turn}, seat ${m.view.seat}, finished ${m.view.finished}, ` +
              `moves ${m.view.you?.legalMoves.length ?? "-"}`
            : "nothing";
          lines.push(
            `  ${player} (socket ${c.socket.readyState}): ${seen}; last frames ${c.frames.slice(-3).join(" | ").slice(0, 600)}`,
          );
        }
      }
      for (const [i, n] of nodes.entries()) lines.push(`node${i} (${n.node}) stderr: ${n.stderr.slice(-2000)}`);
      return lines.join("\n");
    };
    let killed = false;
    let takenBy: string | null = null;
    let view: TournamentAnswer;
    const started = Date.now();
    try {
      for (;;) {
        view = await viewOn(up()[0].url);
        if (view.status === "finished") break;
        expect(view.status).not.toBe("cancelled");
        if (Date.now() - started > 120_000) throw new Error(`not over:\n${await stalled(view)}`);
        // Killed once round 1's tables are made: they go on elsewhere, and round 2 must be paired
        // and made by whichever process takes the tournament over.
        if (!killed && view.rounds.length === 1 && view.rounds[0].games.every((g) => g.table)) {
          killed = true;
          await holder.kill("SIGKILL");
        }
        // Round 2's tables are made by the tournament's holder: the process that took it over.
        if (view.rounds.length === 2 && view.rounds[1].games.every((g) => g.table)) takenBy ??= await owner();
        for (const g of view.rounds.at(-1)?.games ?? []) {
          if (!g.table || g.result || plays.has(g.table)) continue;
          const code = g.table;
          plays.set(
            code,
            [g.a, g.b].map((player) => {
              const c = clients.get(player) as TestClient;
              c.send({ t: "watch", table: code });
              const play = autoPlay(c, code);
              play.done.catch(() => {});
              return play;
            }),
          );
        }
        await sleep(200);
      }
      expect(killed).toBe(true);
      // Round 2 was run by a process that lives on; over, its lease is let go.
      expect([nodes[1].node, nodes[2].node]).toContain(takenBy);
      expect(await owner()).toBeNull();
      // Every game counted once, from its record; nobody met twice; the points add up.
      const met = new Set<string>();
      const points = new Map(players.map((p) => [p.player.id, 0]));
      for (const round of view.rounds)
        for (const g of round.games) {
          const pair = [g.a, g.b].sort().join(" ");
          expect(met.has(pair)).toBe(false);
          met.add(pair);
          const record = await (await fetch(`${up()[0].url}/api/games/${g.result?.record}`)).json();
          const replayed = replayRecord(record);
          if (!replayed.ok) throw new Error(JSON.stringify(replayed.error));
          const winner = replayed.value.game.winner;
          const aScore = winner === 0 ? 1 : winner === 1 ? 0 : 0.5;
          expect(g.result?.aScore).toBe(aScore);
          points.set(g.a, (points.get(g.a) ?? 0) + aScore);
          points.set(g.b, (points.get(g.b) ?? 0) + 1 - aScore);
        }
      expect(view.rounds.map((r) => r.games.length)).toEqual([2, 2]);
      for (const st of view.standings) expect(st.points).toBe(points.get(st.id));
      // Every process says the same.
      for (const n of up()) expect((await viewOn(n.url)).standings).toEqual(view.standings);
    } finally {
      for (const list of plays.values()) for (const p of list) p.stop();
      for (const c of clients.values()) c.close();
      if (holder.pid === undefined) await holder.spawn();
    }
  }, 180_000);

  it("quick match: two people waiting on different processes meet at one table", async () => {
    const ana = await guest(nodes[0].url, "Ana");
    const ben = await guest(nodes[1].url, "Ben");
    const a = await TestClient.connect(nodes[0].url, ana.token);
    const b = await TestClient.connect(nodes[2].url, ben.token);
    try {
      a.send({ t: "queue", game: "cutthroat", players: 2 });
      expect(await a.next((m) => m.t === "queued")).toMatchObject({ waiting: 1 });
      b.send({ t: "queue", game: "cutthroat", players: 2 });
      const [ma, mb] = await Promise.all([a.next((m) => m.t === "matched"), b.next((m) => m.t === "matched")]);
      expect(ma).toEqual(mb);
      const code = (ma as { table: string }).table;
      b.send({ t: "watch", table: code });
      const seen = await b.next(isTable(code));
      expect(seen.table.seats.map((s) => s.name).sort()).toEqual(["Ana", "Ben"]);
      expect(seen.view.you).not.toBeNull();
    } finally {
      a.close();
      b.close();
    }
  }, 60_000);
});
