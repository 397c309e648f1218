/**
 * Tournaments as both stores keep them (docs/tournaments.md): settings and a log appended in order,
 * read back whole; the lists by status, public ones unless the server asks for all.
 */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Store, TournamentConflict } from "../src/online/store.js";
import { bothStores } from "./stores.js";

const { kinds } = bothStores();

describe.each(kinds)("tournaments in the $name store", ({ name, open }) => {
  let s: Store;
  const id = (who: string) => `${name}-${who}`.padEnd(22, "x");
  beforeAll(async () => {
    s = await open();
    await s.addPlayer(id("maker"), "Maker", 1);
  });
  afterAll(async () => {
    await s.close();
  });

  it("a tournament's settings and log come back as kept, in order", async () => {
    const t = { id: id("t1"), settings: { name: "Friday", rounds: 3 }, maker: id("maker"), created: 5, public: true };
    expect(await s.addTournament(t, 100)).toBe(true);
    expect(await s.addTournament(t, 100)).toBe(false);
    expect(await s.tournament(t.id)).toEqual({ ...t, status: "open", log: [] });
    await s.appendTournament(
      t.id,
      0,
      [
        { k: "signup", player: "a" },
        { k: "signup", player: "b" },
      ],
      "open",
      2,
    );
    await s.appendTournament(t.id, 2, [{ k: "start" }], "running", 2);
    expect(await s.tournament(t.id)).toMatchObject({
      status: "running",
      log: [{ k: "signup", player: "a" }, { k: "signup", player: "b" }, { k: "start" }],
    });
    // A second writer at a seq already taken is refused, and nothing of it is kept.
    await expect(s.appendTournament(t.id, 2, [{ k: "again" }], "finished", 2)).rejects.toBeInstanceOf(
      TournamentConflict,
    );
    expect((await s.tournament(t.id))?.status).toBe("running");
    expect(await s.tournament(id("none"))).toBeNull();
  });

  it("the entries that end a tournament keep each player's place with them; a profile lists them newest first", async () => {
    await s.addPlayer(id("ana"), "Ana", 1);
    const t = { id: id("t2"), settings: { name: "Cup" }, maker: id("maker"), created: 5, public: true };
    await s.addTournament(t, 100);
    await s.appendTournament(t.id, 0, [{ k: "finish" }], "finished", 2, {
      at: 500,
      places: [
        { player: id("ana"), place: 2, entrants: 2 },
        { player: id("maker"), place: 1, entrants: 2 },
      ],
    });
    expect(await s.tournamentResultsOf(id("ana"), 10)).toEqual([
      { id: t.id, name: "Cup", place: 2, entrants: 2, finished: 500 },
    ]);
    expect(await s.tournamentResultsOf(id("nobody"), 10)).toEqual([]);
  });

  it("lists by status, soonest first; private ones only for the server's own list", async () => {
    const base = { maker: id("maker"), created: 1 };
    await s.addTournament({ ...base, id: id("late"), settings: { n: "late" }, public: true }, 300);
    await s.addTournament({ ...base, id: id("soon"), settings: { n: "soon" }, public: true }, 200);
    await s.addTournament({ ...base, id: id("hidden"), settings: { n: "hidden" }, public: false }, 250);
    const open = await s.tournaments(["open"], 10);
    expect(open.map((t) => t.id)).toEqual([id("soon"), id("late")]);
    expect(open[0]).toEqual({ id: id("soon"), settings: { n: "soon" }, status: "open", entrants: 0 });
    expect((await s.tournaments(["open"], 10, true)).map((t) => t.id)).toEqual([id("soon"), id("hidden"), id("late")]);
    expect((await s.tournaments(["open", "running"], 1)).map((t) => t.id)).toEqual([id("t1")]);
  });
});
