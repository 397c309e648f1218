/**
 * Ratings as the two stores keep them (docs/ratings.md): a rated game's result and its ratings are
 * written in one transaction (a failure between them keeps neither), a game kept twice is rated
 * once, the same people's games within a day weigh less, and the boards (all time and since a
 * moment, with a least number of games, paged, my place) read what was written.
 */

import type { RatedResult } from "@crossbones/table";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FARMING_WINDOW, rateGame, shown } from "../src/online/ratings.js";
import type { Store } from "../src/online/store.js";
import { bothStores } from "./stores.js";

const { kinds } = bothStores();

const T = 1_800_000_000_000;
const duel = (winner: string, loser: string): RatedResult => ({
  kind: "cutthroat",
  teams: [
    { players: [winner], place: 0, left: false },
    { players: [loser], place: 1, left: false },
  ],
});

let tables = 0;
/** A table for one more game (each store test makes its own codes). */
async function tableFor(s: Store, host: string): Promise<string> {
  const code = `T${String(tables++).padStart(5, "0")}${Math.random().toString(36).slice(2, 6).toUpperCase()}`;
  await s.addTable(code, {}, host, T);
  return code;
}

describe.each(kinds)("ratings in the $name store", ({ open }) => {
  let s: Store;
  const prefix = Math.random().toString(36).slice(2, 8);
  const id = (name: string) => `${prefix}-${name}`;
  beforeAll(async () => {
    s = await open();
    for (const name of ["ana", "ben", "cy", "dee", "eve"]) await s.addPlayer(id(name), name.toUpperCase(), T);
  });
  afterAll(async () => {
    await s.close();
  });

  it("a rated game's result and its ratings are kept together; kept again, it is not rated again", async () => {
    const code = await tableFor(s, id("ana"));
    const changes = await s.addGame(code, 0, { hands: [] }, T, `${prefix}g1`, duel(id("ana"), id("ben")));
    const expected = rateGame(duel(id("ana"), id("ben")), () => null, 1);
    expect(changes).toEqual(expected);
    expect(await s.addGame(code, 0, { hands: [] }, T + 1, `${prefix}g1b`, duel(id("ana"), id("ben")))).toEqual([]);
    expect(await s.rating(id("ana"), "cutthroat")).toEqual(expected[0].after);
    expect(await s.rating(id("ana"), "french")).toBeNull();
    const [ana] = await s.ratingsOf(id("ana"));
    expect(ana).toMatchObject({ kind: "cutthroat", games: 1, mu: expected[0].after.mu });
    expect(ana.history).toEqual([{ at: T, rating: shown(expected[0].after), game: `${prefix}g1` }]);
    expect(await s.game(`${prefix}g1b`)).toBeNull();
  });

  it("a failure while rating keeps neither the result nor any rating", async () => {
    const code = await tableFor(s, id("ana"));
    // A player the store does not know breaks the ratings' writes, after the game's own insert.
    const broken = duel(id("cy"), "nobody-at-all");
    await expect(s.addGame(code, 0, { hands: [] }, T, `${prefix}g2`, broken)).rejects.toThrow();
    expect(await s.game(`${prefix}g2`)).toBeNull();
    expect(await s.ratingsOf(id("cy"))).toEqual([]);
    // Nothing half-written stands in the way of keeping it properly.
    expect(await s.addGame(code, 0, { hands: [] }, T, `${prefix}g2`, duel(id("cy"), id("dee")))).toHaveLength(2);
    expect(await s.game(`${prefix}g2`)).not.toBeNull();
  });

  it("the same people's games within a day weigh 1, ½, ⅓; a day later, 1 again", async () => {
    const weights: number[] = [];
    const at = [T, T + 1000, T + 2000, T + 2000 + FARMING_WINDOW + 1];
    for (const [i, when] of at.entries()) {
      const code = await tableFor(s, id("dee"));
      const changes = await s.addGame(code, 0, {}, when, `${prefix}f${i}`, duel(id("eve"), id("dee")));
      weights.push(changes[0].weight);
    }
    // dee and cy met once before (the test above): other people, so it does not count here.
    expect(weights).toEqual([1, 1 / 2, 1 / 3, 1]);
  });

  it("boards: all time by rating with a least number of games, paged, my place; since a moment", async () => {
    const all = await s.leaderboard({ kind: "cutthroat", since: null, minGames: 1, bots: false }, 0, 100);
    const mine = all.rows.filter((r) => r.player.startsWith(prefix));
    expect(mine.map((r) => r.player).sort()).toEqual([id("ana"), id("ben"), id("cy"), id("dee"), id("eve")].sort());
    const ratings = all.rows.map((r) => r.rating);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    expect(all.rows.find((r) => r.player === id("eve"))).toMatchObject({ name: "EVE", games: 4, bot: false });
    const place = await s.boardPlace({ kind: "cutthroat", since: null, minGames: 1, bots: false }, id("eve"));
    expect(all.rows[(place as number) - 1].rating).toBe(all.rows.find((r) => r.player === id("eve"))?.rating);
    // At least four games: eve and dee only.
    const regulars = await s.leaderboard({ kind: "cutthroat", since: null, minGames: 4, bots: false }, 0, 100);
    expect(
      regulars.rows
        .filter((r) => r.player.startsWith(prefix))
        .map((r) => r.player)
        .sort(),
    ).toEqual([id("dee"), id("eve")].sort());
    expect(await s.boardPlace({ kind: "cutthroat", since: null, minGames: 4, bots: false }, id("ana"))).toBeNull();
    const page = await s.leaderboard({ kind: "cutthroat", since: null, minGames: 1, bots: false }, 1, 2);
    expect(page.rows).toEqual(all.rows.slice(1, 3));
    expect(page.total).toBe(all.total);
    // Since the last game: only its two people, with the rating that game left them.
    const since = T + 2000 + FARMING_WINDOW + 1;
    const month = await s.leaderboard({ kind: "cutthroat", since, minGames: 1, bots: false }, 0, 100);
    const eve = (await s.ratingsOf(id("eve")))[0];
    expect(month.rows.filter((r) => r.player.startsWith(prefix))).toEqual([
      { player: id("eve"), name: "EVE", rating: eve.history.at(-1)?.rating, games: 1, bot: false },
      expect.objectContaining({ player: id("dee"), games: 1 }),
    ]);
    expect(await s.leaderboard({ kind: "french", since: null, minGames: 1, bots: false }, 0, 10)).toEqual({
      total: 0,
      rows: [],
    });
  });

  it("head to head, from either side; a profile's games are its public tables' alone", async () => {
    // Ana beat Ben once (the first test), and no one else here played her.
    expect(await s.headToHead(id("ana"), id("ben"))).toEqual({ games: 1, won: 1, lost: 0, drawn: 0 });
    expect(await s.headToHead(id("ben"), id("ana"))).toEqual({ games: 1, won: 0, lost: 1, drawn: 0 });
    expect(await s.headToHead(id("ana"), id("eve"))).toEqual({ games: 0, won: 0, lost: 0, drawn: 0 });
    for (const [kind, hidden] of [
      ["pub", false],
      ["prv", true],
    ] as const) {
      const code = `${kind}${prefix}`.toUpperCase();
      await s.addTable(code, { private: hidden }, id("ana"), T);
      await s.addSeat(code, id("ana"));
      await s.addGame(code, 0, { game: "french" }, T + 5, `${prefix}${kind}`);
    }
    expect((await s.gamesOf(id("ana"), 10, true)).map((g) => g.id)).toEqual([`${prefix}pub`]);
    expect((await s.gamesOf(id("ana"), 10)).map((g) => g.id).sort()).toEqual([`${prefix}prv`, `${prefix}pub`]);
  });

  it("a bot account is on the bots' board, not the people's", async () => {
    await s.markBot(id("cy"));
    const people = await s.leaderboard({ kind: "cutthroat", since: null, minGames: 1, bots: false }, 0, 100);
    const bots = await s.leaderboard({ kind: "cutthroat", since: null, minGames: 1, bots: true }, 0, 100);
    expect(people.rows.map((r) => r.player)).not.toContain(id("cy"));
    expect(bots.rows.filter((r) => r.player.startsWith(prefix))).toEqual([
      expect.objectContaining({ player: id("cy"), name: "CY", bot: true, games: 1 }),
    ]);
    expect(await s.boardPlace({ kind: "cutthroat", since: null, minGames: 1, bots: true }, id("cy"))).toBeGreaterThan(
      0,
    );
    expect((await s.player(id("cy")))?.bot).toBe(true);
  });
});
