import { parseRecord } from "@crossbones/engine";
import { describe, expect, it } from "vitest";
import { formatArena, parseArenaArgs, playArena, summarizeArena, wilson } from "../src/arena.js";
import { runJob } from "../src/arena-game.js";

describe("crossbones arena", () => {
  it("parses its options and refuses bad ones", () => {
    const o = parseArenaArgs(["--game", "cutthroat", "--players", "3", "--seats", "hard,medium,easy", "--sets", "9"]);
    expect(typeof o === "string" ? o : { game: o.game, players: o.players, sets: o.sets }).toEqual({
      game: "cutthroat",
      players: 3,
      sets: 9,
    });
    expect(typeof parseArenaArgs(["--seats", "hard,medium"])).toBe("string");
    expect(typeof parseArenaArgs(["--game", "poker"])).toBe("string");
    expect(typeof parseArenaArgs(["--sets", "0"])).toBe("string");
  });

  it("rotates the bots through every seat on the same deals", () => {
    const setup = {
      game: "french",
      players: 4,
      seats: ["medium", "easy", "easy", "random"],
      seed: 3,
      save: true,
    } as const;
    const games = [0, 1, 2, 3].map((rotation) => runJob(setup, { index: rotation, deals: 0, rotation }));
    const firstDeals = games.map((g) => JSON.stringify(g.record?.hands[0].deal));
    expect(new Set(firstDeals).size).toBe(1);
    expect(games.map((g) => g.bots.indexOf(0)).sort()).toEqual([0, 1, 2, 3]);
    for (const g of games) expect(g.record?.names).toEqual(g.bots.map((b) => setup.seats[b]));
  });

  it("plays in process, summarizes per bot, and keeps records that replay to the same result", async () => {
    const options = parseArenaArgs([
      "--seats",
      "medium,easy,easy,easy",
      "--sets",
      "8",
      "--workers",
      "0",
      "--save",
      "unused",
    ]);
    if (typeof options === "string") throw new Error(options);
    const results = await playArena(options, () => {});
    const report = summarizeArena(options, results, 1);
    expect(report.games).toBe(8);
    expect(report.bots.map((b) => b.bot)).toEqual(["medium", "easy"]);
    const [medium, easy] = report.bots;
    expect(medium.games).toBe(8);
    expect(easy.games).toBe(24);
    expect(medium.wins + easy.wins).toBe(results.filter((r) => r.winner !== null).length);
    expect(formatArena(report)).toContain("points/hand");
    // Two deal sequences: each bot's points per hand and their difference get an interval.
    expect(medium.perHand95).toBeGreaterThan(0);
    expect(Number.isFinite(medium.perHand95)).toBe(true);
    expect(report.comparisons.map((c) => [c.bot, c.other])).toEqual([["medium", "easy"]]);
    expect(report.comparisons[0].difference).toBeCloseTo((medium.pointsPerHand ?? 0) - (easy.pointsPerHand ?? 0), 10);
    expect(formatArena(report)).toMatch(
      /medium averages [\d.]+% (fewer|more) points per hand than easy \(difference -?\d+\.\d\d ±\d/,
    );
    for (const r of results) expect(parseRecord(JSON.stringify(r.record)).ok).toBe(true);
    const replayed = parseRecord(JSON.stringify(results[0].record));
    if (!replayed.ok) throw new Error(replayed.error.message);
    expect(replayed.value.game.winner).toBe(results[0].winner);
  });

  it("line games report hands won", async () => {
    const options = parseArenaArgs([
      "--game",
      "partner",
      "--seats",
      "medium,random,medium,random",
      "--sets",
      "4",
      "--workers",
      "0",
    ]);
    if (typeof options === "string") throw new Error(options);
    const report = summarizeArena(options, await playArena(options, () => {}), 1);
    expect(report.bots[0].pointsPerHand).toBeNull();
    // Each hand is won by one team or drawn (C6).
    const total = report.bots[0].handsWonRate + report.bots[1].handsWonRate;
    expect(total).toBeLessThanOrEqual(1);
    expect(total).toBeGreaterThan(0.8);
  });

  it("Wilson intervals contain the observed rate", () => {
    const [lo, hi] = wilson(35, 100);
    expect(lo).toBeLessThan(0.35);
    expect(hi).toBeGreaterThan(0.35);
    expect(wilson(0, 0)).toEqual([0, 1]);
  });
});
