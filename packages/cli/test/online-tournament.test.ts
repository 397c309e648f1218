/**
 * `crossbones online tournament create | standings | export` and `crossbones online play
 * --tournament` (docs/tournaments.md), at the size a club plays: sixteen CLI bots sign up for a
 * four-round Swiss of Cut Throat for two and play every round at the tables the server seats them
 * at; sixteen more play a knockout as eight Partner teams; the server is restarted once in each,
 * as round 2 begins. Each command prints one line per game and the final standings, which `tournament
 * standings` prints too; nobody meets twice, every game's record replays to the result counted,
 * and the standings are what the records say. Tournaments start by a fake clock, moved on once
 * every command is running; their tables play in real time.
 */

import { replayRecord } from "@crossbones/engine";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeClock } from "../../../apps/server/test/fake-clock.js";
import { requireBuilt } from "./binary.js";
import { crossbones, guest, type OnlineServer, startOnlineServer } from "./online-helpers.js";

let server: OnlineServer;
const clock = new FakeClock(Date.now());

beforeAll(async () => {
  requireBuilt();
  server = await startOnlineServer({}, { tournamentTime: { now: clock.now, timers: clock.timers } });
});
afterAll(async () => {
  await server.close();
});

interface Standings {
  status: string;
  standings: { id: string; place: number; points: number }[];
  rounds: {
    round: number;
    bye: string | null;
    games: { a: string; b: string; table: string; aScore: number }[];
    tables?: { seats: (string | null)[]; table: string; hands: number[][] }[];
  }[];
}

interface Exported {
  format: string;
  tournament: {
    rounds: {
      games: { a: string; b: string; result: { aScore: number; record?: string } | null }[];
      tables?: { seats: (string | null)[]; result: { hands: number[][]; record?: string } | null }[];
    }[];
  };
  records: Record<string, { game: string; names: string[]; hands: { deal: string[][] }[] }>;
}

type Guest = Awaited<ReturnType<typeof guest>>;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** How long the commands may take to play a tournament through before the test says where they are (ms). */
const PLAY_MS = 180_000;

async function create(args: readonly string[], options = '{"match":"straight"}'): Promise<string> {
  const maker = await guest(server.url, "Maker");
  const made = await crossbones(
    ["online", "tournament", "create", "--server", server.url, ...args, "--options", options, "--json"],
    { CROSSBONES_TOKEN: maker.token },
  ).done;
  expect(made.status, made.stderr).toBe(0);
  return (JSON.parse(made.stdout) as { id: string }).id;
}

/**
 * Signs `players` up (naming their partners) and checks them in over HTTP, so the commands find
 * themselves signed up and checked in already (as after a restart of the command).
 */
async function enter(id: string, players: readonly Guest[], partnerOf?: (i: number) => Guest): Promise<void> {
  const post = async (player: Guest, action: string, body: unknown) => {
    const r = await fetch(`${server.url}/api/tournaments/${id}/${action}`, {
      method: "POST",
      headers: { authorization: `Bearer ${player.token}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    expect(r.status, await r.text()).toBe(204);
  };
  // Every sign-up first: a Partner team is in once both of its players named the other.
  for (const [i, p] of players.entries()) await post(p, "signup", partnerOf ? { partner: partnerOf(i).player.id } : {});
  for (const p of players) await post(p, "checkin", {});
}

/**
 * `crossbones online play --tournament` for each player, the tournament started once they run, to
 * the end: how many games each played, and the final standings each printed.
 */
async function playAll(id: string, players: readonly Guest[], partners: (i: number) => Guest | undefined) {
  const runs = players.map((p, i) =>
    crossbones(
      ["online", "play", "--server", server.url, "--tournament", id, "--bot", i % 2 ? "easy" : "medium"].concat(
        partners(i) ? ["--partner", (partners(i) as Guest).player.id] : [],
      ),
      { CROSSBONES_TOKEN: p.token },
    ),
  );
  await clock.advance(60_000);
  const all = Promise.all(runs.map((r) => r.done));
  if ((await Promise.race([all, sleep(PLAY_MS)])) === undefined) {
    // Too long: where each command stands (its last words), then no command is left running.
    const where = runs.map(
      (r, i) => `${players[i].player.name}: ${r.stderr().trim().split("\n").slice(-2).join(" / ")}`,
    );
    for (const r of runs) r.child.kill();
    throw new Error(`not over in ${PLAY_MS / 1000} s:\n${where.join("\n")}`);
  }
  const finals: { games: number; standings: Standings; log: string }[] = [];
  for (const run of await all) {
    expect(run.status, run.stderr).toBe(0);
    const lines = run.stdout.trim().split("\n");
    finals.push({
      games: lines.length - 1,
      standings: JSON.parse(lines.at(-1) as string) as Standings,
      log: run.stderr,
    });
  }
  return finals;
}

/**
 * Once round `n` is paired (the round before over, its tables made), stops the server and starts
 * it again on the same port and data; true once done, false if the tournament ended first.
 */
async function restartAtRound(id: string, n: number): Promise<boolean> {
  for (;;) {
    const t = (await (await fetch(`${server.url}/api/tournaments/${id}`)).json()) as Standings;
    if (t.rounds.length >= n) {
      await server.restart(1_500);
      return true;
    }
    if (t.status === "finished" || t.status === "cancelled") return false;
    await sleep(250);
  }
}

async function standings(id: string): Promise<Standings> {
  const printed = await crossbones(["online", "tournament", "standings", "--server", server.url, "--id", id, "--json"])
    .done;
  expect(printed.status, printed.stderr).toBe(0);
  return JSON.parse(printed.stdout) as Standings;
}

/**
 * The whole tournament as `tournament export` writes it, checked: every game's record replays,
 * and its winner is the result the standings counted (a: the record's side 0). The points each
 * entrant's games give.
 */
async function checkedExport(id: string): Promise<Map<string, number>> {
  const exported = await crossbones(["online", "tournament", "export", "--server", server.url, "--id", id]).done;
  expect(exported.status, exported.stderr).toBe(0);
  const file = JSON.parse(exported.stdout) as Exported;
  expect(file.format).toBe("crossbones-tournament/1");
  const points = new Map<string, number>();
  const met = new Set<string>();
  for (const round of file.tournament.rounds)
    for (const g of round.games) {
      const pair = [g.a, g.b].sort().join(" ");
      expect(met.has(pair), `${pair} met twice`).toBe(false);
      met.add(pair);
      const record = file.records[g.result?.record as string];
      expect(record, `the record of ${pair}`).toBeDefined();
      const replayed = replayRecord(record);
      if (!replayed.ok) throw new Error(JSON.stringify(replayed.error));
      const winner = replayed.value.game.winner;
      const aScore = winner === 0 ? 1 : winner === 1 ? 0 : 0.5;
      expect(g.result?.aScore).toBe(aScore);
      points.set(g.a, (points.get(g.a) ?? 0) + aScore);
      points.set(g.b, (points.get(g.b) ?? 0) + 1 - aScore);
    }
  return points;
}

describe("crossbones online tournament", () => {
  it("sixteen bots play a four-round Swiss through a server restart: no rematch, standings as the records say", async () => {
    const id = await create(["--game", "cutthroat", "--format", "swiss", "--rounds", "4", "--start-in", "60s"]);
    const players: Guest[] = [];
    for (let i = 0; i < 16; i++) players.push(await guest(server.url, `Bot${i + 1}`));
    await enter(id, players);
    const restarted = restartAtRound(id, 2);
    const finals = await playAll(id, players, () => undefined);
    expect(await restarted).toBe(true);

    const final = await standings(id);
    expect(final.status).toBe("finished");
    for (const f of finals) {
      expect(f.standings).toEqual(final);
      // One line a game played (four rounds, no byes in sixteen), then the standings.
      expect(f.games).toBe(4);
    }
    expect(final.rounds.map((r) => [r.games.length, r.bye])).toEqual([
      [8, null],
      [8, null],
      [8, null],
      [8, null],
    ]);
    expect(final.standings.map((s) => s.id).sort()).toEqual(players.map((p) => p.player.id).sort());
    const points = await checkedExport(id);
    for (const s of final.standings) expect(s.points, s.id).toBe(points.get(s.id));
  }, 240_000);

  it("eight Partner teams of bots play a knockout through a server restart: one champion, partners across", async () => {
    const id = await create(["--game", "partner", "--format", "knockout", "--rounds", "3", "--start-in", "60s"]);
    const players: Guest[] = [];
    for (let i = 0; i < 16; i++) players.push(await guest(server.url, `Team${(i >> 1) + 1}${i % 2 ? "b" : "a"}`));
    const partnerOf = (i: number) => players[i ^ 1];
    await enter(id, players, partnerOf);
    const restarted = restartAtRound(id, 2);
    const finals = await playAll(id, players, partnerOf);
    expect(await restarted).toBe(true);

    const final = await standings(id);
    expect(final.status).toBe("finished");
    for (const f of finals) expect(f.standings).toEqual(final);
    expect(final.rounds.map((r) => r.games.length)).toEqual([4, 2, 1]);
    // Each team plays until it loses: the champions three games, the finalists three, the rest fewer.
    const gamesOf = (i: number) => finals[i].games;
    for (let i = 0; i < 16; i += 2) expect(gamesOf(i)).toBe(gamesOf(i + 1));
    expect(finals.map((f) => f.games).sort()).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3]);
    expect(final.standings.map((s) => s.place)).toEqual([1, 2, 3, 3, 5, 5, 5, 5]);
    const champion = final.rounds[2].games[0];
    expect(final.standings[0].id).toBe(champion.aScore === 1 ? champion.a : champion.b);
    // The records: Partner games, each team's two players across the table (seats 0 and 2, 1 and 3).
    const points = await checkedExport(id);
    expect([...points.values()].reduce((a, b) => a + b)).toBe(7);
    const names = new Map(players.map((p) => [p.player.id, p.player.name]));
    const file = JSON.parse(
      (await crossbones(["online", "tournament", "export", "--server", server.url, "--id", id]).done).stdout,
    ) as Exported;
    for (const round of file.tournament.rounds)
      for (const g of round.games) {
        const record = file.records[g.result?.record as string];
        expect(record.game).toBe("partner");
        const team = (entrant: string) =>
          entrant
            .split("+")
            .map((p) => names.get(p))
            .sort();
        expect([record.names[0], record.names[2]].sort()).toEqual(team(g.a));
        expect([record.names[1], record.names[3]].sort()).toEqual(team(g.b));
      }
  }, 240_000);

  it("eight bots play a two-round duplicate French through a server restart: the same deals at every table, matchpoints as the records say", async () => {
    const id = await create(
      ["--format", "duplicate", "--rounds", "2", "--hands", "2", "--start-in", "60s"],
      '{"penaltyPass":false}',
    );
    const players: Guest[] = [];
    for (let i = 0; i < 8; i++) players.push(await guest(server.url, `Dup${i + 1}`));
    await enter(id, players);
    const restarted = restartAtRound(id, 2);
    const finals = await playAll(id, players, () => undefined);
    expect(await restarted).toBe(true);

    const final = await standings(id);
    expect(final.status).toBe("finished");
    for (const f of finals) {
      expect(f.standings).toEqual(final);
      // One line a game (a table each round), then the standings.
      expect(f.games).toBe(2);
      // Each deal checked by the player's own client against its proof, none taking a seed.
      expect(f.log).toContain("deal verified");
      expect(f.log).not.toContain("FAILED");
    }
    const exported = await crossbones(["online", "tournament", "export", "--server", server.url, "--id", id]).done;
    const file = JSON.parse(exported.stdout) as Exported;
    const points = new Map(players.map((p) => [p.player.id, 0]));
    for (const round of file.tournament.rounds) {
      const tables = round.tables ?? [];
      expect(tables.map((t) => t.seats.filter((p) => p !== null).length)).toEqual([4, 4]);
      // Every game replays to the points counted, hand by hand, from the same deals at both tables.
      const deals = tables.map((t) => {
        const record = file.records[t.result?.record as string];
        const replayed = replayRecord(record);
        if (!replayed.ok) throw new Error(JSON.stringify(replayed.error));
        const counted = replayed.value.game.hands
          .slice(0, 2)
          .map((h) => h.result?.score.map((x, seat) => x + (h.result?.penalties[seat] ?? 0)));
        expect(t.result?.hands).toEqual(counted);
        return record.hands.slice(0, 2).map((h) => h.deal);
      });
      expect(deals[0]).toEqual(deals[1]);
      for (const [i, t] of tables.entries())
        for (const [seat, player] of t.seats.entries())
          for (let h = 0; h < 2; h++) {
            const [mine, theirs] = [t.result?.hands[h][seat] as number, tables[1 - i].result?.hands[h][seat] as number];
            const mp = mine < theirs ? 1 : mine === theirs ? 0.5 : 0;
            points.set(player as string, (points.get(player as string) ?? 0) + mp);
          }
    }
    for (const s of final.standings) expect(s.points, s.id).toBe(points.get(s.id));
    // A duplicate table's record, by its code, is its own players' only: the command sends the token.
    const table = final.rounds[0].tables?.[0] as { seats: (string | null)[]; table: string };
    const recordOf = (env: Record<string, string> = {}) =>
      crossbones(["online", "record", "--server", server.url, "--table", table.table], env).done;
    const outsider = await recordOf();
    expect(outsider.status).not.toBe(0);
    expect(outsider.stderr).toContain("duplicate round");
    const seated = players.find((p) => p.player.id === table.seats[0]) as Guest;
    const own = await recordOf({ CROSSBONES_TOKEN: seated.token });
    expect(own.status, own.stderr).toBe(0);
    expect((JSON.parse(own.stdout) as { hands: unknown[] }).hands.length).toBeGreaterThanOrEqual(2);
  }, 240_000);

  it("create says what is wrong with its options in words", async () => {
    const bad = await crossbones(["online", "tournament", "create", "--server", server.url, "--format", "ladder"]).done;
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain(`--format "ladder": choose swiss, knockout or duplicate`);
    const when = await crossbones(["online", "tournament", "create", "--server", server.url, "--start-in", "soon"])
      .done;
    expect(when.status).toBe(2);
    expect(when.stderr).toContain("--start-in is a time like 30s, 10m or 2h");
  });
});
