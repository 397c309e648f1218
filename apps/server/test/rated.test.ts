/**
 * Rated games over real sockets (docs/ratings.md): a rated table's finished game moves its
 * people's ratings, everyone at the table hears by how much (`rated`, also sent to whoever comes
 * to watch it afterwards), the profile and the leaderboards read them; a table made by hand is
 * rated only with a person at every seat; quick match's tables are rated.
 */

import { playerAnswer, type TableSetup } from "@crossbones/protocol";
import { describe, expect, it } from "vitest";
import { BOARD_MIN_GAMES } from "../src/online/rating-routes.js";
import { autoPlay, createTable, guest, isTable, type TableMessage, tracked } from "./harness.js";

const { server, connect } = tracked();

const duel: TableSetup = {
  game: "cutthroat",
  players: 2,
  options: { match: "straight" },
  seats: ["human", "human"],
  clock: null,
  private: true,
  rated: true,
};

type Rated = {
  t: "rated";
  game: number;
  kind: string;
  ratings: { seat: number; before: number; after: number; games: number; provisional: boolean; left: boolean }[];
};

describe("rated games", () => {
  it("a rated game's end moves both ratings, told to the table and to a later watcher, kept on profiles", async () => {
    const s = await server({ timing: { botDelay: 30, handPause: 50, forcedPass: 30 } });
    const [ana, ben, cy] = [await guest(s.url, "Ana"), await guest(s.url, "Ben"), await guest(s.url, "Cy")];
    const code = await createTable(s.url, ana.token, duel);
    const a = await connect(s, ana.token);
    const b = await connect(s, ben.token);
    a.send({ t: "watch", table: code });
    b.send({ t: "sit", table: code });
    const dealt = await a.next((m): m is TableMessage => isTable(code)(m) && m.view.phase !== "deal");
    // Ana resigns: last place, Ben first.
    a.send({ t: "act", table: code, id: "resign", version: dealt.view.version, action: { type: "resign" } });
    const [ra, rb] = (await Promise.all([a.next((m) => m.t === "rated"), b.next((m) => m.t === "rated")])) as Rated[];
    expect(ra).toEqual(rb);
    expect(ra).toMatchObject({ game: 0, kind: "cutthroat" });
    const [anaR, benR] = [0, 1].map((seat) => ra.ratings.find((r) => r.seat === seat));
    expect(anaR).toMatchObject({ before: 700, games: 1, provisional: true, left: false });
    expect(benR).toMatchObject({ before: 700, games: 1, provisional: true, left: false });
    expect(benR?.after).toBeGreaterThan(700);
    expect(anaR?.after).toBeLessThan(700);
    // Whoever comes to watch the finished table hears it too, after the table.
    const c = await connect(s, cy.token);
    const seen = Promise.all([c.next(isTable(code)), c.next((m) => m.t === "rated")]);
    c.send({ t: "watch", table: code });
    const [table, again] = await seen;
    expect(table.view.finished).toBe(true);
    expect(again).toEqual(ra);
    // The profile: Ben's Cut Throat rating, one game, provisional, its history.
    const profile = await (await fetch(`${s.url}/api/players/${ben.player.id}`)).json();
    expect(profile.player).toMatchObject({ id: ben.player.id, name: "Ben", account: false });
    expect(profile.ratings).toEqual([
      {
        kind: "cutthroat",
        rating: benR?.after,
        games: 1,
        provisional: true,
        history: [{ at: expect.any(Number), rating: benR?.after, game: expect.any(String) }],
      },
    ]);
    // The table was private: its game is not among Ben's public games. Without a token, no head-to-head.
    expect(profile).toMatchObject({ games: [], against: null });
    expect(playerAnswer.safeParse(profile).success).toBe(true);
    // Asked by Ana: how her rated games with Ben went, from her side; Ben's own profile has none.
    const asked = (id: string, token: string) =>
      fetch(`${s.url}/api/players/${id}`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.json());
    expect((await asked(ben.player.id, ana.token)).against).toEqual({ games: 1, won: 0, lost: 1, drawn: 0 });
    expect((await asked(ana.player.id, ben.token)).against).toEqual({ games: 1, won: 1, lost: 0, drawn: 0 });
    expect((await asked(ben.player.id, ben.token)).against).toBeNull();
    expect((await fetch(`${s.url}/api/players/${"x".repeat(22)}`)).status).toBe(404);
    expect((await fetch(`${s.url}/api/players/not-an-id`)).status).toBe(404);
  });

  it("a country on the profile: a known code kept, an unknown one refused, none again", async () => {
    const s = await server();
    const ana = await guest(s.url, "Ana");
    const put = (country: string | null) =>
      fetch(`${s.url}/api/me/country`, {
        method: "PUT",
        headers: { "content-type": "application/json", authorization: `Bearer ${ana.token}` },
        body: JSON.stringify({ country }),
      });
    const country = async () => (await (await fetch(`${s.url}/api/players/${ana.player.id}`)).json()).player.country;
    expect(await (await put("JM")).json()).toEqual({ country: "JM" });
    expect(await country()).toBe("JM");
    const unknown = await put("XX");
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).error).toMatchObject({ code: "bad-message", field: "country" });
    expect((await put("jm")).status).toBe(400);
    expect(await country()).toBe("JM");
    await put(null);
    expect(await country()).toBeNull();
  });

  it("leaderboards: per kind and period, paged, my place once I have the games; bad queries refused", async () => {
    const s = await server();
    const ana = await guest(s.url, "Ana");
    const board = await (
      await fetch(`${s.url}/api/leaderboards/cutthroat?period=month`, {
        headers: { authorization: `Bearer ${ana.token}` },
      })
    ).json();
    expect(board).toEqual({
      kind: "cutthroat",
      period: "month",
      bots: false,
      minGames: BOARD_MIN_GAMES.month,
      page: 1,
      pages: 1,
      total: 0,
      rows: [],
      me: null,
    });
    expect((await fetch(`${s.url}/api/leaderboards/dominoes`)).status).toBe(404);
    const bad = await fetch(`${s.url}/api/leaderboards/french?period=week`);
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toMatchObject({ code: "bad-message", field: "period" });
    expect((await fetch(`${s.url}/api/leaderboards/french?page=0`)).status).toBe(400);
  });

  it("a table made by hand is rated only with a person at every seat", async () => {
    const s = await server();
    const ana = await guest(s.url, "Ana");
    const r = await fetch(`${s.url}/api/tables`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${ana.token}` },
      body: JSON.stringify({ setup: { ...duel, seats: ["human", "bot:easy"] } }),
    });
    expect(r.status).toBe(400);
    expect((await r.json()).error).toMatchObject({ code: "bad-setup", reason: "a rated table seats people only" });
  });

  it("a rated table's game that rates nobody (one person among bots) says so with no ratings", async () => {
    const s = await server({ quickWait: 50, timing: { botDelay: 0, handPause: 0, forcedPass: 0 } });
    const ana = await guest(s.url, "Ana");
    const a = await connect(s, ana.token);
    a.send({ t: "queue", game: "cutthroat", players: 2 });
    const { table: code } = (await a.next((m) => m.t === "matched")) as { table: string };
    a.send({ t: "watch", table: code });
    const over = a.next((m) => m.t === "rated", 60_000);
    const played = autoPlay(a, code);
    expect(await over).toMatchObject({ table: code, game: 0, kind: "cutthroat", ratings: [] });
    expect((await played.done)?.view.finished).toBe(true);
    // Not rated, but a public table's game: on her profile's recent games.
    const profile = await (await fetch(`${s.url}/api/players/${ana.player.id}`)).json();
    expect(profile).toMatchObject({ ratings: [], games: [{ code, game: 0, kind: "cutthroat", players: 2 }] });
  });

  it("quick match's tables are rated", async () => {
    const s = await server({ quickWait: 60_000 });
    const [ana, ben] = [await guest(s.url, "Ana"), await guest(s.url, "Ben")];
    const a = await connect(s, ana.token);
    const b = await connect(s, ben.token);
    a.send({ t: "queue", game: "cutthroat", players: 2 });
    await a.next((m) => m.t === "queued");
    b.send({ t: "queue", game: "cutthroat", players: 2 });
    const matched = (await a.next((m) => m.t === "matched")) as { table: string };
    a.send({ t: "watch", table: matched.table });
    const t = await a.next(isTable(matched.table));
    expect(t.table.setup.rated).toBe(true);
  });
});
