/**
 * Tournaments run by the server over real sockets (docs/tournaments.md): a Swiss of Cut Throat for
 * two made over HTTP, six players signed up and checked in; at the start the server makes and
 * seats each round's tables and tells each player (`matched`); the players play their games; the
 * server is restarted between rounds 1 and 2 and carries on from its log. A rated knockout of four
 * Partner teams, and a player who never comes. At the end no pair met
 * twice, every game's record replays to the result the standings counted, and the refusals a
 * player can meet are said in the protocol's words.
 *
 * Each tournament starts by a fake clock, moved on once its players are in (however long signing
 * them up took on a loaded machine); its tables play in real time.
 */

import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Game, replayRecord } from "@crossbones/engine";
import type { TournamentAnswer } from "@crossbones/protocol";
import { describe, expect, it } from "vitest";
import { FakeClock } from "./fake-clock.js";
import { autoPlay, guest, post, startServer, type TableMessage, TestClient, type TestServer } from "./harness.js";

type View = TournamentAnswer;

const viewOf = async (url: string, id: string): Promise<View> =>
  (await (await fetch(`${url}/api/tournaments/${id}`)).json()) as View;

type Guest = Awaited<ReturnType<typeof guest>>;

/**
 * A tournament made over HTTP by a new guest, Maker, with `settings`, and a new guest of each of
 * `names` signed up and checked in: its id, the maker and the players.
 */
async function entered(url: string, settings: Record<string, unknown>, names: readonly string[]) {
  const maker = await guest(url, "Maker");
  const made = await post(url, maker.token, "/api/tournaments", settings);
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const id = made.body.id as string;
  const players: Guest[] = [];
  for (const name of names) {
    const p = await guest(url, name);
    expect((await post(url, p.token, `/api/tournaments/${id}/signup`)).status).toBe(204);
    expect((await post(url, p.token, `/api/tournaments/${id}/checkin`)).status).toBe(204);
    players.push(p);
  }
  return { id, maker, players };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How long a tournament may go without a new result before the test says where it stands (ms). */
const STUCK_MS = 60_000;

/** The clock tournaments start by: now, moved on by the test when its players are in. */
const startClock = () => {
  const clock = new FakeClock(Date.now());
  return { clock, tournamentTime: { now: clock.now, timers: clock.timers } };
};

/**
 * Plays each game of a tournament's current round once its table is made: every player of its
 * two entrants (a Partner team's two alike) who has a client here watches it and plays.
 */
class RoundPlayer {
  private readonly playing = new Map<string, { stop: () => void }[]>();

  constructor(
    private readonly clients: () => ReadonlyMap<string, TestClient>,
    /** How each player picks among their legal moves at the round's table `table` (default: the first). */
    private readonly pick: (player: string, table: number) => (count: number) => number = () => () => 0,
  ) {}

  play(view: View): void {
    const round = view.rounds.at(-1);
    const tables = [
      ...(round?.games ?? []).map((g) => ({ code: g.table, over: g.result !== null, players: [g.a, g.b] })),
      ...(round?.tables ?? []).map((t) => ({ code: t.table, over: t.result !== null, players: t.seats })),
    ];
    for (const [index, t] of tables.entries()) {
      if (!t.code || t.over || this.playing.has(t.code)) continue;
      const code = t.code;
      const plays = t.players
        .flatMap((entrant) => (entrant ?? "").split("+"))
        .flatMap((player) => {
          const c = this.clients().get(player);
          if (!c) return [];
          c.send({ t: "watch", table: code });
          const play = autoPlay(c, code, undefined, this.pick(player, index));
          play.done.catch(() => {});
          return [play];
        });
      this.playing.set(code, plays);
    }
  }

  /** Each table being played that is not over, as each of its players' clients last saw it. */
  where(): string {
    const seen = [...this.playing.keys()].flatMap((code) =>
      [...this.clients().entries()].flatMap(([player, c]) => {
        const v = c.latest(code)?.view;
        if (!v || v.finished) return [];
        const legal = v.you?.legalMoves.length ?? "-";
        return [
          `${code} ${player}: v${v.version} seat ${v.seat} turn ${v.turn} legal ${legal} open ${c.socket.readyState}`,
        ];
      }),
    );
    return seen.join("; ") || "every table played is over";
  }

  stop(): void {
    for (const plays of this.playing.values()) for (const p of plays) p.stop();
    this.playing.clear();
  }
}

/**
 * Looks at tournament `id` until it is finished, playing each round as it comes; `first` sees each
 * look before that (true: it acted, look again). The finished tournament.
 */
async function playToEnd(
  url: () => string,
  id: string,
  players: RoundPlayer,
  first: (view: View) => Promise<boolean> = async () => false,
): Promise<View> {
  let [seen, since] = ["", Date.now()];
  for (;;) {
    const view = await viewOf(url(), id);
    const now = JSON.stringify(view.rounds);
    if (now !== seen) [seen, since] = [now, Date.now()];
    // A tournament that stands still says where: each unfinished table as its players see it.
    if (Date.now() - since > STUCK_MS) throw new Error(`no result for ${STUCK_MS / 1000} s: ${players.where()}`);
    if (view.status === "finished") return view;
    // Cancelled: not every player checked in before the start.
    expect(view.status).not.toBe("cancelled");
    if (await first(view)) continue;
    players.play(view);
    await sleep(100);
  }
}

describe("tournaments on the server", () => {
  it("a Swiss of Cut Throat for six, restarted between rounds: no rematch, every record its result", async () => {
    const dir = mkdtempSync(join(tmpdir(), "crossbones-tournament-"));
    const { clock, tournamentTime } = startClock();
    let s: TestServer = await startServer({ dataDir: dir, online: { tournamentTime } });
    const { id, maker, players } = await entered(
      s.url,
      {
        name: "Friday at the yard",
        game: "cutthroat",
        format: "swiss",
        rounds: 3,
        startIn: 60,
        options: { match: "straight" },
      },
      ["Ana", "Ben", "Cy", "Dee", "Eli", "Fay"],
    );
    expect((await post(s.url, players[0].token, `/api/tournaments/${id}/signup`)).body.error.code).toBe("signed-up");
    const listed = (await (await fetch(`${s.url}/api/tournaments`)).json()) as { upcoming: { id: string }[] };
    expect(listed.upcoming.map((t) => t.id)).toContain(id);

    // Each player's socket hears of their table.
    let clients = new Map<string, TestClient>();
    const connectAll = async () => {
      clients = new Map();
      for (const p of players) clients.set(p.player.id, await TestClient.connect(s.url, p.token));
    };
    await connectAll();
    const matched = clients.get(players[0].player.id)?.next((m) => m.t === "matched", 15_000);
    await clock.advance(60_000);
    expect(await matched).toMatchObject({ t: "matched" });

    const rounds = new RoundPlayer(() => clients);
    let restarted = false;
    const view = await playToEnd(
      () => s.url,
      id,
      rounds,
      async (look) => {
        expect(look.status).toBe("running");
        if (restarted || look.rounds.length !== 2) return false;
        // Round 1 is over: a restart (its log has the pairing of round 2; its tables come back).
        restarted = true;
        rounds.stop();
        for (const c of clients.values()) c.close();
        await s.close();
        s = await startServer({ dataDir: dir, online: { tournamentTime } });
        await connectAll();
        return true;
      },
    );
    expect(restarted).toBe(true);

    expect(view.rounds).toHaveLength(3);
    const met = new Set<string>();
    for (const round of view.rounds) {
      expect(round.games).toHaveLength(3);
      for (const g of round.games) {
        const pair = [g.a, g.b].sort().join(" ");
        expect(met.has(pair), `${pair} met twice`).toBe(false);
        met.add(pair);
        // The table's record replays to the result counted.
        const record = await (await fetch(`${s.url}/api/tables/${g.table}/record`)).json();
        const replayed = replayRecord(record);
        if (!replayed.ok) throw new Error(JSON.stringify(replayed.error));
        const winner = replayed.value.game.winner;
        expect(g.result?.aScore).toBe(winner === 0 ? 1 : winner === 1 ? 0 : 0.5);
      }
    }
    // The export holds every game's record, each the one its table kept.
    const exported = (await (await fetch(`${s.url}/api/tournaments/${id}/export`)).json()) as {
      format: string;
      tournament: View;
      records: Record<string, unknown>;
    };
    expect(exported.format).toBe("crossbones-tournament/1");
    expect(exported.tournament.rounds).toEqual(view.rounds);
    for (const round of view.rounds)
      for (const g of round.games) {
        const ref = g.result?.record as string;
        expect(exported.records[ref]).toEqual(await (await fetch(`${s.url}/api/games/${ref}`)).json());
      }
    expect(Object.keys(exported.records)).toHaveLength(9);

    // The standings add up: one point a game won, everyone placed.
    const points = new Map(players.map((p) => [p.player.id, 0]));
    for (const round of view.rounds)
      for (const g of round.games) {
        points.set(g.a, (points.get(g.a) ?? 0) + (g.result?.aScore ?? 0));
        points.set(g.b, (points.get(g.b) ?? 0) + 1 - (g.result?.aScore ?? 0));
      }
    expect(view.standings).toHaveLength(6);
    for (const st of view.standings) expect(st.points).toBe(points.get(st.id));
    expect(view.standings[0].place).toBe(1);
    // Each player's profile lists the tournament with their place.
    for (const st of view.standings) {
      const profile = (await (await fetch(`${s.url}/api/players/${st.id}`)).json()) as {
        tournaments: { id: string; name: string; place: number; entrants: number }[];
      };
      expect(profile.tournaments).toEqual([
        { id, name: "Friday at the yard", place: st.place, entrants: 6, finished: expect.any(Number) },
      ]);
    }

    // Started: sign-up and leaving are closed.
    expect((await post(s.url, maker.token, `/api/tournaments/${id}/signup`)).body.error.code).toBe("signup-closed");
    for (const c of clients.values()) c.close();
    await s.close();
  }, 120_000);

  it("a knockout of four Partner teams: partners sit across, the winning team goes on, the final ends it", async () => {
    const { clock, tournamentTime } = startClock();
    const s = await startServer({ online: { tournamentTime } });
    const maker = await guest(s.url, "Maker");
    const made = await post(s.url, maker.token, "/api/tournaments", {
      name: "Partners",
      game: "partner",
      format: "knockout",
      rounds: 1,
      startIn: 60,
      options: { match: "straight" },
      rated: true,
    });
    const id = made.body.id as string;
    const players: Guest[] = [];
    for (const name of ["Ana", "Ben", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal"]) players.push(await guest(s.url, name));
    // Teams: Ana & Ben, Cy & Dee, Eli & Fay, Gus & Hal; each names the other.
    for (let i = 0; i < 8; i += 2)
      for (const [me, partner] of [
        [players[i], players[i + 1]],
        [players[i + 1], players[i]],
      ])
        expect(
          (await post(s.url, me.token, `/api/tournaments/${id}/signup`, { partner: partner.player.id })).status,
        ).toBe(204);
    for (const p of players) await post(s.url, p.token, `/api/tournaments/${id}/checkin`);
    const clients = new Map<string, TestClient>();
    for (const p of players) clients.set(p.player.id, await TestClient.connect(s.url, p.token));
    const names = new Map(players.map((p) => [p.player.id, p.player.name]));
    await clock.advance(60_000);

    const view = await playToEnd(() => s.url, id, new RoundPlayer(() => clients));
    expect(view.rounds.map((r) => r.games.length)).toEqual([2, 1]);
    for (const round of view.rounds)
      for (const g of round.games) {
        const record = (await (await fetch(`${s.url}/api/tables/${g.table}/record`)).json()) as { names: string[] };
        // Team a at seats 0 and 2, team b at 1 and 3.
        const team = (entrant: string) => entrant.split("+").map((p) => names.get(p));
        expect([record.names[0], record.names[2]].sort()).toEqual(team(g.a).sort());
        expect([record.names[1], record.names[3]].sort()).toEqual(team(g.b).sort());
        const replayed = replayRecord(record);
        if (!replayed.ok) throw new Error(JSON.stringify(replayed.error));
        expect(g.result?.aScore).toBe(replayed.value.game.winner === 0 ? 1 : 0);
      }
    // The final's winner is first; the semi-finals' losers share third.
    const final = view.rounds[1].games[0];
    expect(view.standings[0].id).toBe(final.result?.aScore === 1 ? final.a : final.b);
    expect(view.standings.map((x) => x.place)).toEqual([1, 2, 3, 3]);
    // A rated tournament: the champions played two rated games of Partner.
    const champion = view.standings[0].id.split("+")[0];
    const profile = (await (await fetch(`${s.url}/api/players/${champion}`)).json()) as {
      ratings: { kind: string; games: number }[];
    };
    expect(profile.ratings).toEqual([expect.objectContaining({ kind: "partner", games: 2 })]);
    for (const c of clients.values()) c.close();
    await s.close();
  }, 120_000);

  it("a duplicate French of eight, restarted between rounds: every table of a round plays the same deals, scored by matchpoints", async () => {
    const dir = mkdtempSync(join(tmpdir(), "crossbones-duplicate-"));
    const { clock, tournamentTime } = startClock();
    let s: TestServer = await startServer({ dataDir: dir, online: { tournamentTime } });
    const { id, players } = await entered(
      s.url,
      {
        name: "Same bones",
        game: "french",
        format: "duplicate",
        rounds: 2,
        hands: 2,
        startIn: 60,
        // A pass while able (its penalty) never ends a hand: the players who play their last move
        // below would pass for ever.
        options: { penaltyPass: false },
      },
      ["Ana", "Ben", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal"],
    );
    let clients = new Map<string, TestClient>();
    const connectAll = async () => {
      clients = new Map();
      for (const p of players) clients.set(p.player.id, await TestClient.connect(s.url, p.token));
    };
    await connectAll();
    await clock.advance(60_000);

    // At one table of each round every seat plays its last legal move, at the other its first: with
    // the same deals, tables of a round score differently (by players, the two could play alike).
    const rounds = new RoundPlayer(
      () => clients,
      (_, table) => (count) => (table === 1 ? count - 1 : 0),
    );
    let [restarted, checkedPrivacy] = [false, false];
    const view = await playToEnd(
      () => s.url,
      id,
      rounds,
      async (look) => {
        const tables = look.rounds.at(-1)?.tables ?? [];
        if (!checkedPrivacy && tables.length === 2 && tables.every((t) => t.table)) {
          // While the round is on nobody watches a table of it, nor reads its record, but its players.
          checkedPrivacy = true;
          const [a, b] = tables;
          const outsider = clients.get(b.seats[0] as string) as TestClient;
          outsider.send({ t: "watch", table: a.table as string });
          const refused = await outsider.next((m) => m.t === "refused" && m.table === a.table, 10_000);
          expect(refused).toMatchObject({ refusal: { code: "duplicate-table" } });
          expect((await fetch(`${s.url}/api/tables/${a.table}/record`)).status).toBe(403);
          const own = players.find((p) => p.player.id === a.seats[0]) as (typeof players)[number];
          const mine = await fetch(`${s.url}/api/tables/${a.table}/record`, {
            headers: { authorization: `Bearer ${own.token}` },
          });
          expect(mine.status).toBe(200);
          // Its frames name the round's deals, never the tournament (a link tournament's id is its key).
          const player = clients.get(a.seats[0] as string) as TestClient;
          const first = player.next((m) => m.t === "table" && m.table.code === a.table, 10_000);
          player.send({ t: "watch", table: a.table as string });
          const frame = (await first) as TableMessage;
          expect(frame?.table.setup.duplicate).toEqual({ deals: `${id}-r1` });
          expect(frame?.table.setup).not.toHaveProperty("tournament");
        }
        // A finished table's record is not shown while another table of its round plays on.
        if (look.status === "running") for (const t of tables) expect(t.result?.record).toBeUndefined();
        if (restarted || look.rounds.length !== 2) return false;
        restarted = true;
        rounds.stop();
        for (const c of clients.values()) c.close();
        await s.close();
        s = await startServer({ dataDir: dir, online: { tournamentTime } });
        await connectAll();
        return true;
      },
    );
    // Matchpoints are not all halves: some holders of the same bones did better than others.
    expect(
      view.rounds.some(
        (r) => JSON.stringify(r.tables?.[0].result?.hands) !== JSON.stringify(r.tables?.[1].result?.hands),
      ),
    ).toBe(true);
    expect(restarted && checkedPrivacy).toBe(true);
    const exported = (await (await fetch(`${s.url}/api/tournaments/${id}/export`)).json()) as {
      records: Record<string, { hands: { deal: string[][]; fair: { table: string; seeds: unknown[] } }[] }>;
    };

    // Each round: two full tables, the same deals hand by hand, every deal checkable by its proof.
    const points = new Map(players.map((p) => [p.player.id, 0]));
    for (const [r, round] of view.rounds.entries()) {
      const tables = round.tables ?? [];
      expect(tables).toHaveLength(2);
      const games: Game[] = [];
      for (const t of tables) {
        expect(t.seats.every((p) => p !== null)).toBe(true);
        const record = exported.records[t.result?.record as string];
        for (const h of record.hands.slice(0, 2)) {
          expect(h.fair.table).toBe(`${id}-r${r + 1}-1`);
          expect(h.fair.seeds.every((seed) => seed === null)).toBe(true);
        }
        const replayed = replayRecord(record);
        if (!replayed.ok) throw new Error(JSON.stringify(replayed.error));
        games.push(replayed.value.game);
        // The points counted are the record's, hand by hand (score and penalties).
        const perHand = replayed.value.game.hands
          .slice(0, 2)
          .map((h) => h.result?.score.map((x, seat) => x + (h.result?.penalties[seat] ?? 0)));
        expect(t.result?.hands).toEqual(perHand);
      }
      for (let h = 0; h < 2; h++) expect(games[0].hands[h].deal).toEqual(games[1].hands[h].deal);
      // Matchpoints: 1 for each other holder of the same bones who took more, ½ for the same.
      tables.forEach((t, i) => {
        t.seats.forEach((player, seat) => {
          for (let h = 0; h < 2; h++) {
            const mine = t.result?.hands[h][seat] as number;
            const theirs = tables[1 - i].result?.hands[h][seat] as number;
            const mp = mine < theirs ? 1 : mine === theirs ? 0.5 : 0;
            points.set(player as string, (points.get(player as string) ?? 0) + mp);
          }
        });
      });
    }
    // Round 2 moved seats 1 and 3 to the other table.
    const [one, two] = [view.rounds[0].tables ?? [], view.rounds[1].tables ?? []];
    expect(two[1].seats[1]).toBe(one[0].seats[1]);
    expect(two[0].seats[0]).toBe(one[0].seats[0]);
    expect(view.standings).toHaveLength(8);
    for (const st of view.standings) expect(st.points).toBe(points.get(st.id));
    for (const c of clients.values()) c.close();
    await s.close();
  }, 180_000);

  it("a player who never comes forfeits: a bot plays their seat once their clock runs out; the one who came wins", async () => {
    const { clock, tournamentTime } = startClock();
    const s = await startServer({ online: { tournamentClock: { move: 5, bank: 0 }, tournamentTime } });
    const { id, players } = await entered(
      s.url,
      { name: "Who came", game: "cutthroat", format: "swiss", rounds: 1, startIn: 60, options: { match: "straight" } },
      ["Ana", "Ben", "Cy", "Dee"],
    );
    const dee = players[3].player.id;
    const clients = new Map<string, TestClient>();
    // Dee never connects.
    for (const p of players.slice(0, 3)) clients.set(p.player.id, await TestClient.connect(s.url, p.token));
    await clock.advance(60_000);
    const view = await playToEnd(() => s.url, id, new RoundPlayer(() => clients));
    const game = view.rounds[0].games.find((g) => g.a === dee || g.b === dee);
    expect(game?.result?.absent).toEqual([dee]);
    const other = game?.a === dee ? game.b : game?.a;
    const points = new Map(view.standings.map((x) => [x.id, x.points]));
    expect(points.get(dee)).toBe(0);
    expect(points.get(other as string)).toBe(1);
    // The game that both came to has nobody absent.
    expect(view.rounds[0].games.find((g) => g !== game)?.result?.absent).toBeUndefined();
    for (const c of clients.values()) c.close();
    await s.close();
  }, 120_000);

  it("a round's length: when it runs out, bots finish the games still on and the round ends", async () => {
    const { clock, tournamentTime } = startClock();
    const s = await startServer({ online: { tournamentTime } });
    const { id, players } = await entered(
      s.url,
      {
        name: "Against the clock",
        game: "cutthroat",
        format: "swiss",
        rounds: 1,
        roundMinutes: 5,
        startIn: 60,
        options: { match: "straight" },
      },
      ["Ana", "Ben", "Cy", "Dee"],
    );
    const clients = new Map<string, TestClient>();
    for (const p of players) clients.set(p.player.id, await TestClient.connect(s.url, p.token));
    await clock.advance(60_000);
    let view = await viewOf(s.url, id);
    while (view.rounds[0]?.games.some((g) => !g.table)) view = await viewOf(s.url, id);
    expect(view.settings.roundMinutes).toBe(5);
    // Everyone sits and watches; nobody moves. Before the deadline nothing happens.
    const game = view.rounds[0].games[0];
    const ana = clients.get(game.a) as TestClient;
    const seated = ana.next((m) => m.t === "table" && m.table.code === game.table, 10_000);
    for (const g of view.rounds[0].games)
      for (const p of [g.a, g.b]) clients.get(p)?.send({ t: "watch", table: g.table as string });
    await seated;
    await clock.advance(4 * 60_000);
    await sleep(300);
    expect((await viewOf(s.url, id)).rounds[0].games.every((g) => g.result === null)).toBe(true);
    // Time up: the tables say so, a move is refused, and bots play both games to their end.
    const timeUp = ana.next((m) => m.t === "table" && m.table.code === game.table && m.table.timeUp === true, 10_000);
    await clock.advance(60_000);
    const frame = (await timeUp) as TableMessage;
    const seat = frame.view.seat as number;
    ana.send({
      t: "act",
      table: game.table as string,
      id: "late-move",
      version: frame.view.version,
      action: { type: "pass" },
    });
    const refused = await ana.next((m) => m.t === "refused" && m.id === "late-move", 10_000);
    expect(refused).toMatchObject({ refusal: { code: "time-up" } });
    expect(seat).toBeGreaterThanOrEqual(0);
    for (const started = Date.now(); view.status !== "finished"; await sleep(100)) {
      view = await viewOf(s.url, id);
      if (Date.now() - started > STUCK_MS) throw new Error(`not over: ${JSON.stringify(view.rounds)}`);
    }
    // Nobody moved: each game is a forfeit of both sides, as the rules score a table nobody came to.
    for (const g of view.rounds[0].games) {
      expect(g.result?.absent?.sort()).toEqual([g.a, g.b].sort());
      expect(g.result?.record).toBeDefined();
    }
    for (const c of clients.values()) c.close();
    await s.close();
  }, 120_000);

  it("a player who deletes their account shows by the neutral name in a tournament's view at once", async () => {
    const s = await startServer();
    const maker = await guest(s.url, "Maker");
    const made = await post(s.url, maker.token, "/api/tournaments", {
      name: "Names",
      game: "cutthroat",
      format: "swiss",
      rounds: 1,
      startIn: 600,
    });
    const id = made.body.id as string;
    const ana = await guest(s.url, "Ana");
    await post(s.url, ana.token, `/api/tournaments/${id}/signup`);
    const names = async () => (await viewOf(s.url, id)).signed.flatMap((e) => e.players.map((p) => p.name));
    expect(await names()).toEqual(["Ana"]);
    const gone = await fetch(`${s.url}/api/me`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${ana.token}` },
    });
    expect(gone.status).toBe(204);
    expect(await names()).toEqual(["Former player"]);
    await s.close();
  });

  it("a server holds at most its number of open tournaments: one more is refused until one ends", async () => {
    const s = await startServer({ online: { maxTournaments: 2 } });
    const base = { name: "Yard", game: "cutthroat", format: "swiss", rounds: 1, startIn: 600 };
    const makers = [await guest(s.url, "Ana"), await guest(s.url, "Ben"), await guest(s.url, "Cy")];
    for (const m of makers.slice(0, 2)) expect((await post(s.url, m.token, "/api/tournaments", base)).status).toBe(201);
    // A third maker, with none of their own open, is still refused: the server's limit.
    expect(await post(s.url, makers[2].token, "/api/tournaments", base)).toMatchObject({
      status: 503,
      body: { error: { code: "tournaments-full", limit: 2 } },
    });
    await s.close();
  });

  it("bad settings and a tournament that is not there are said so", async () => {
    const s = await startServer();
    const maker = await guest(s.url, "Maker");
    const base = { name: "Yard", game: "cutthroat", format: "swiss", rounds: 3, startIn: 60 };
    const french = await post(s.url, maker.token, "/api/tournaments", { ...base, game: "french" });
    expect(french).toMatchObject({
      status: 400,
      body: { error: { code: "bad-tournament", reason: "swiss is played in cutthroat or partner" } },
    });
    // A duplicate round's deals are the server's to give: a table asked for with them is refused.
    const setup = {
      game: "french",
      players: 4,
      options: {},
      seats: Array(4).fill("human"),
      clock: null,
      private: true,
    };
    const copied = await post(s.url, maker.token, "/api/tables", { setup: { ...setup, duplicate: { deals: "X-r1" } } });
    const claimed = await post(s.url, maker.token, "/api/tables", {
      setup: { ...setup, tournament: { id: "x".repeat(22), round: 0, index: 0 } },
    });
    expect(claimed).toMatchObject({
      status: 400,
      body: { error: { code: "bad-setup", reason: "only a tournament makes its tables" } },
    });
    expect(copied).toMatchObject({
      status: 400,
      body: { error: { code: "bad-setup", reason: "only a tournament makes duplicate tables" } },
    });
    expect((await post(s.url, maker.token, "/api/tables", { setup })).status).toBe(200);
    const extra = await post(s.url, maker.token, "/api/tournaments", { ...base, prize: 100 });
    expect(extra).toMatchObject({ status: 400, body: { error: { code: "bad-message", field: "prize" } } });
    expect((await fetch(`${s.url}/api/tournaments/${"x".repeat(22)}`)).status).toBe(404);
    const partner = await post(s.url, maker.token, "/api/tournaments", { ...base, game: "partner" });
    const ben = await guest(s.url, "Ben");
    const id = partner.body.id as string;
    expect((await post(s.url, ben.token, `/api/tournaments/${id}/signup`)).body.error.code).toBe("partner-needed");
    expect((await post(s.url, ben.token, `/api/tournaments/${id}/checkin`)).body.error.code).toBe("not-signed-up");
    for (let i = 0; i < 2; i++) await post(s.url, maker.token, "/api/tournaments", base);
    const fourth = await post(s.url, maker.token, "/api/tournaments", base);
    expect(fourth).toMatchObject({ status: 409, body: { error: { code: "too-many-tournaments", limit: 3 } } });
    await s.close();
  });
});
