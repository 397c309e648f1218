/**
 * A finished game's order for ratings (docs/ratings.md), on games played to their end on the fake
 * clock: the winner first, French by the lowest total, Cut Throat by the most points, Partner by
 * team, a side that resigned below the others, a person who left last, bots left out.
 */

import { describe, expect, it } from "vitest";
import { ratedResult } from "../src/index.js";
import { Sim, type SimOptions } from "./sim.js";

/** A table of `seats` (people p0, p1, … at the "human" seats, seated in order), rated. */
function table(options: SimOptions & { seats: NonNullable<SimOptions["seats"]> }): Sim {
  const sim = new Sim({ rated: true, ...options });
  options.seats.forEach((s, i) => {
    if (s === "human") sim.seat(`p${i}`, i);
  });
  return sim;
}

/** Plays every person's turn (a legal move) and lets bots and timers run, until the game is over. */
function playOut(sim: Sim, stop: (sim: Sim) => boolean = () => false): void {
  for (let guard = 0; guard < 200_000 && !sim.state.game.finished && !stop(sim); guard++) {
    const turn = sim.turn;
    const seat = turn === null ? null : sim.state.seats[turn];
    if (turn !== null && seat?.kind === "human") {
      const version = sim.state.game.version;
      sim.do({ c: "act", player: seat.player, id: `a${version}`, version, action: sim.legal(turn) });
    } else sim.run(1_000);
  }
  expect(sim.state.game.finished || stop(sim)).toBe(true);
}

describe("the order of a rated game", () => {
  it("French: the set's winner first, then the lowest totals, equal totals tied", () => {
    for (const seed of ["f1", "f2", "f3"]) {
      const sim = table({ game: "french", players: 4, seats: ["human", "human", "human", "human"], seed });
      playOut(sim);
      const { game } = sim.state;
      const result = ratedResult(sim.state);
      expect(result?.kind).toBe("french");
      const teams = result?.teams ?? [];
      expect(teams).toHaveLength(4);
      expect(teams[0]).toEqual({ players: [`p${game.winner}`], place: 0, left: false });
      const total = (player: string) => game.totals[Number(player.slice(1))];
      for (let i = 2; i < 4; i++) {
        const [a, b] = [total(teams[i - 1].players[0]), total(teams[i].players[0])];
        expect(a).toBeLessThanOrEqual(b);
        expect(teams[i].place).toBe(a === b ? teams[i - 1].place : i);
      }
    }
  });

  it("Cut Throat: the match winner first, then the most match points; bots are not rated", () => {
    const sim = table({ game: "cutthroat", players: 3, seats: ["human", "easy", "human"], seed: "c1" });
    playOut(sim);
    const { game } = sim.state;
    const teams = ratedResult(sim.state)?.teams ?? [];
    expect(teams.map((t) => t.players[0]).sort()).toEqual(["p0", "p2"]);
    const winner = game.winner === 1 ? null : `p${game.winner}`;
    // With the bot the winner, the people are ordered by their points.
    if (winner) expect(teams[0].players).toEqual([winner]);
    else
      expect(game.totals[Number(teams[0].players[0].slice(1))]).toBeGreaterThanOrEqual(
        game.totals[Number(teams[1].players[0].slice(1))],
      );
  });

  it("Partner: the winning team first, its two people rated as one team", () => {
    const sim = table({ game: "partner", players: 4, seats: ["human", "human", "human", "human"], seed: "p1" });
    playOut(sim);
    const winner = sim.state.game.winner as number;
    expect(ratedResult(sim.state)?.teams).toEqual([
      { players: [`p${winner}`, `p${winner + 2}`], place: 0, left: false },
      { players: [`p${1 - winner}`, `p${3 - winner}`], place: 1, left: false },
    ]);
  });

  it("Partner with people on one side only is not rated (nobody to be measured against)", () => {
    const sim = table({ game: "partner", players: 4, seats: ["human", "easy", "human", "easy"], seed: "p2" });
    playOut(sim);
    expect(sim.state.game.finished).toBe(true);
    expect(ratedResult(sim.state)).toBeNull();
  });

  it("resigning puts the resigner's side below every other", () => {
    const sim = table({ game: "french", players: 4, seats: ["human", "human", "human", "human"], seed: "r1" });
    playOut(sim, (s) => s.state.game.hands.length >= 2 && s.turn !== null);
    const turn = sim.turn as number;
    const version = sim.state.game.version;
    sim.do({ c: "act", player: `p${turn}`, id: "r", version, action: { type: "resign" } });
    expect(sim.state.game.finished).toBe(true);
    const teams = ratedResult(sim.state)?.teams ?? [];
    expect(teams.at(-1)?.players).toEqual([`p${turn}`]);
    expect(teams.at(-1)?.place).toBe(3);
  });

  it("a person who left during the game is last, whatever the bot playing for them did", () => {
    const sim = table({ game: "cutthroat", players: 2, seats: ["human", "human"], seed: "l1" });
    playOut(sim, (s) => s.state.game.hands.length >= 1);
    sim.do({ c: "leave", player: "p1" });
    playOut(sim);
    expect(ratedResult(sim.state)?.teams).toEqual([
      { players: ["p0"], place: 0, left: false },
      { players: ["p1"], place: 1, left: true },
    ]);
    // A rematch starts a game nobody has left yet.
    expect(sim.do({ c: "rematch", player: "p0" }).refusal).toBeNull();
    expect(sim.state.gameIndex).toBe(1);
    expect(sim.state.left).toEqual([null, null]);
  });

  it("an unrated table, and a game not over, have no result for ratings", () => {
    const unrated = table({ game: "cutthroat", players: 2, seats: ["human", "human"], seed: "u1", rated: false });
    playOut(unrated);
    expect(ratedResult(unrated.state)).toBeNull();
    const live = table({ game: "cutthroat", players: 2, seats: ["human", "human"], seed: "u2" });
    playOut(live, (s) => s.state.game.hands.length >= 1);
    expect(ratedResult(live.state)).toBeNull();
  });
});
