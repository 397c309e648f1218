/**
 * `crossbones online play --quick`: K quick-match games in a row, one JSON line per game with the
 * rating after it; the command's player is a bot account (its hello says so).
 */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GameResult } from "../src/online/deciders.js";
import { requireBuilt } from "./binary.js";
import { crossbones, guest, type OnlineServer, startOnlineServer } from "./online-helpers.js";

let server: OnlineServer;

beforeAll(async () => {
  requireBuilt();
  // Both commands run on this machine: one address, so quick match may seat them together.
  server = await startOnlineServer({}, { quickOnePerDevice: false, quickWait: 60_000 });
});
afterAll(async () => {
  await server.close();
});

describe("crossbones online play --quick", () => {
  it("plays K rated quick matches in a row and prints each game's result with the rating after it", async () => {
    const [ana, bo] = [await guest(server.url, "Ana"), await guest(server.url, "Bo")];
    const play = (token: string, level: string) =>
      crossbones(
        ["online", "play", "--server", server.url, "--quick", "cutthroat", "--players", "2", "--games", "2"].concat([
          "--bot",
          level,
          "--quiet",
        ]),
        { CROSSBONES_TOKEN: token },
      ).done;
    const [a, b] = await Promise.all([play(ana.token, "easy"), play(bo.token, "hard")]);
    expect(a.status, a.stderr).toBe(0);
    expect(b.status, b.stderr).toBe(0);
    const lines = (out: string) =>
      out
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l) as GameResult);
    const [ra, rb] = [lines(a.stdout), lines(b.stdout)];
    expect(ra).toHaveLength(2);
    expect(rb).toHaveLength(2);
    for (const g of [0, 1]) {
      // The two met at one table each time, and each line carries that game's rating.
      expect(ra[g].table).toBe(rb[g].table);
      expect(ra[g].rating?.games).toBe(g + 1);
      expect(rb[g].rating?.games).toBe(g + 1);
      expect(ra[g].won).toBe(!rb[g].won);
      const winner = ra[g].won ? ra[g].rating : rb[g].rating;
      expect(winner && winner.after > winner.before).toBe(true);
    }
    expect(ra[1].rating?.before).toBe(ra[0].rating?.after);
    // Both play through the command's bots: bot accounts now.
    expect((await server.server.hub?.store.player(ana.player.id))?.bot).toBe(true);
    expect((await server.server.hub?.store.player(bo.player.id))?.bot).toBe(true);
  });

  it("--quick takes a game and a player count the game is played by, and not with --table", async () => {
    const run = (...args: string[]) =>
      crossbones(["online", "play", "--server", server.url, "--bot", "easy", ...args]).done;
    const both = await run("--quick", "french", "--table", "K7QX2M");
    expect(both.status).toBe(2);
    expect(both.stderr).toMatch(/not both/);
    const wrong = await run("--quick", "partner", "--players", "3");
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toMatch(/partner is not played by 3/);
    const games = await run("--table", "K7QX2M", "--games", "2");
    expect(games.status).toBe(2);
    expect(games.stderr).toMatch(/--games goes with --quick/);
  });
});
