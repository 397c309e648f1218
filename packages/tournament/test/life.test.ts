/**
 * The life of a tournament through its pure core with a fake clock (docs/tournaments.md, *Life of a
 * tournament*): sign-up and leaving, check-in in the last minutes, the start (a small field
 * cancels), rounds paired as the last result of the one before comes in, the end and standings;
 * Partner teams formed by naming each other; and the log rebuilding the same tournament.
 */

import { describe, expect, it } from "vitest";
import {
  applyTournament,
  CHECK_IN_MS,
  decideTournament,
  type Game,
  newTournament,
  roundDeadline,
  settingsProblem,
  type TournamentCommand,
  type TournamentEntry,
  type TournamentSettings,
  type TournamentState,
  teamId,
  tournamentDue,
  tournamentStandings,
} from "../src/index.js";

const START = 1_000_000;
const settings = (over: Partial<TournamentSettings> = {}): TournamentSettings => ({
  name: "Friday at the yard",
  game: "cutthroat",
  format: "swiss",
  rounds: 4,
  hands: 4,
  startAt: START,
  maker: "m",
  ...over,
});

/** A tournament and its log, driven command by command. */
class Run {
  state: TournamentState;
  readonly log: TournamentEntry[] = [];
  constructor(s: TournamentSettings) {
    this.state = newTournament(s);
  }
  do(command: TournamentCommand, now: number) {
    const d = decideTournament(this.state, command, now);
    for (const e of d.entries) {
      this.state = applyTournament(this.state, e);
      this.log.push(e);
    }
    return d;
  }
  /** The current round's games, each won by the side `winner` picks. */
  playRound(winner: (a: string, b: string) => "a" | "b", now: number) {
    const index = this.state.rounds.length - 1;
    this.state.rounds[index].pairs.forEach(([a, b], i) => {
      const game: Game = { a, b, aScore: winner(a, b) === "a" ? 1 : 0 };
      expect(this.do({ c: "result", round: index, index: i, game }, now).refusal).toBeNull();
    });
  }
}

function signUp(run: Run, players: string[], now = START - CHECK_IN_MS - 60_000) {
  for (const [i, p] of players.entries())
    expect(run.do({ c: "signup", player: p, rating: 1500 - i * 10 }, now).refusal).toBeNull();
}
function checkIn(run: Run, players: string[]) {
  for (const p of players) expect(run.do({ c: "checkin", player: p }, START - 1000).refusal).toBeNull();
}

describe("the life of a tournament", () => {
  it("sign up, leave, check in only in the last minutes; at the start the checked-in are paired", () => {
    const run = new Run(settings());
    signUp(run, ["a", "b", "c", "d", "e", "f"]);
    expect(run.do({ c: "signup", player: "a", rating: 1500 }, 0).refusal).toBe("signed-up");
    expect(run.do({ c: "leave", player: "f" }, 0).refusal).toBeNull();
    expect(run.do({ c: "leave", player: "f" }, 0).refusal).toBe("not-signed-up");
    expect(run.do({ c: "checkin", player: "a" }, START - CHECK_IN_MS - 1).refusal).toBe("not-check-in-time");
    // e never checks in: left out at the start.
    checkIn(run, ["a", "b", "c", "d"]);
    expect(tournamentDue(run.state)).toBe(START);
    expect(run.do({ c: "tick" }, START - 1).entries).toEqual([]);
    run.do({ c: "tick" }, START);
    expect(run.state.status).toBe("running");
    expect(run.state.entrants.map((e) => e.id)).toEqual(["a", "b", "c", "d"]);
    // Four asked, but four entrants allow two without a rematch.
    expect(run.state.roundCount).toBe(2);
    expect(run.state.rounds[0].pairs).toEqual([
      ["a", "c"],
      ["b", "d"],
    ]);
    expect(tournamentDue(run.state)).toBeNull();
    expect(run.do({ c: "signup", player: "z", rating: 1500 }, START).refusal).toBe("started");
  });

  it("a round is paired when its last result comes in; the last round's ends the tournament", () => {
    const run = new Run(settings());
    signUp(run, ["a", "b", "c", "d", "e"]);
    checkIn(run, ["a", "b", "c", "d", "e"]);
    run.do({ c: "tick" }, START);
    expect(run.state.roundCount).toBe(3);
    expect(run.state.rounds[0].bye).toBe("e");
    // A result for a game that is not the round's is refused; one given twice changes nothing.
    const wrong: Game = { a: "a", b: "b", aScore: 1 };
    expect(run.do({ c: "result", round: 0, index: 0, game: wrong }, START).refusal).toBe("no-such-game");
    const first: Game = { a: "a", b: "c", aScore: 1 };
    expect(run.do({ c: "result", round: 0, index: 0, game: first }, START).entries).toHaveLength(1);
    expect(run.do({ c: "result", round: 0, index: 0, game: first }, START).entries).toEqual([]);
    expect(run.state.rounds).toHaveLength(1);
    run.do({ c: "result", round: 0, index: 1, game: { a: "b", b: "d", aScore: 1 } }, START);
    expect(run.state.rounds).toHaveLength(2);
    // The higher-rated player (earlier in sign-up) wins every game.
    const higher = (a: string, b: string) => (a < b ? "a" : "b");
    run.playRound(higher, START);
    run.playRound(higher, START);
    expect(run.state.status).toBe("finished");
    const standings = tournamentStandings(run.state);
    expect(standings[0]).toMatchObject({ id: "a", place: 1, points: 3 });
    // Three byes went to three different players.
    expect(new Set(run.state.rounds.map((r) => r.bye)).size).toBe(3);
  });

  it("too few checked in at the start: the tournament is cancelled", () => {
    const run = new Run(settings());
    signUp(run, ["a", "b", "c", "d"]);
    checkIn(run, ["a", "b", "c"]);
    run.do({ c: "tick" }, START);
    expect(run.state.status).toBe("cancelled");
    expect(run.state.rounds).toEqual([]);
  });

  it("Partner: a team is two players who name each other; both check in", () => {
    const run = new Run(settings({ game: "partner" }));
    const now = 0;
    expect(run.do({ c: "signup", player: "a", rating: 1500 }, now).refusal).toBe("partner-needed");
    for (const [p, q] of [
      ["a", "b"],
      ["c", "d"],
      ["e", "f"],
      ["g", "h"],
    ]) {
      run.do({ c: "signup", player: p, rating: 1600, partner: q }, now);
      expect(run.state.signed.map((t) => t.id)).not.toContain(teamId(p, q));
      run.do({ c: "signup", player: q, rating: 1400, partner: p }, now);
    }
    expect(run.state.signed.map((t) => [t.id, t.rating])).toEqual([
      ["a+b", 1500],
      ["c+d", 1500],
      ["e+f", 1500],
      ["g+h", 1500],
    ]);
    // i names a, who is in a team already.
    expect(run.do({ c: "signup", player: "i", rating: 1500, partner: "a" }, now).refusal).toBe("already-in");
    // h leaves: the team goes; g's word stands, waiting for h.
    run.do({ c: "leave", player: "h" }, now);
    expect(run.state.signed.map((t) => t.id)).not.toContain("g+h");
    run.do({ c: "signup", player: "h", rating: 1400, partner: "g" }, now);
    expect(run.state.signed.map((t) => t.id)).toContain("g+h");
    // c+d: only c checks in, so the team is not paired.
    checkIn(run, ["a", "b", "c", "e", "f", "g", "h"]);
    run.do({ c: "tick" }, START);
    expect(run.state.status).toBe("cancelled");
  });

  it("knockout: the bracket's rounds, whatever was asked; the champion first", () => {
    const run = new Run(settings({ format: "knockout", rounds: 1 }));
    const players = ["a", "b", "c", "d", "e", "f"];
    signUp(run, players);
    checkIn(run, players);
    run.do({ c: "tick" }, START);
    expect(run.state.roundCount).toBe(3);
    expect(run.state.rounds[0].pairs).toEqual([
      ["d", "e"],
      ["c", "f"],
    ]);
    // The lower-rated side wins every game: e and f beat d and c, then a and b, then f beats e.
    const lower = (a: string, b: string) => (a < b ? "b" : "a");
    while (run.state.status === "running") run.playRound(lower, START);
    const standings = tournamentStandings(run.state);
    expect(standings.map((s) => [s.id, s.place])).toEqual([
      ["f", 1],
      ["e", 2],
      ["a", 3],
      ["b", 3],
      ["c", 5],
      ["d", 5],
    ]);
  });

  it("duplicate: each round's tables report their hands; standings by matchpoints", () => {
    const run = new Run(settings({ game: "french", format: "duplicate", rounds: 2, hands: 1 }));
    const players = ["p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8"];
    signUp(run, players);
    checkIn(run, players);
    run.do({ c: "tick" }, START);
    expect(run.state.rounds[0].seating).toEqual([
      ["p1", "p4", "p5", "p8"],
      ["p2", "p3", "p6", "p7"],
    ]);
    // Round 1: seat 0 took 0 at table 1 and 10 at table 2; the rest the same.
    run.do({ c: "hands", round: 0, index: 0, result: { hands: [[0, 5, 5, 5]], absent: [] } }, START);
    run.do({ c: "hands", round: 0, index: 1, result: { hands: [[10, 5, 5, 5]], absent: [] } }, START);
    expect(run.state.rounds).toHaveLength(2);
    // Round 2: p2 never came (seat 0 of table 2): nothing for them this round.
    run.do({ c: "hands", round: 1, index: 0, result: { hands: [[5, 5, 5, 5]], absent: [] } }, START);
    run.do({ c: "hands", round: 1, index: 1, result: { hands: [[0, 5, 5, 5]], absent: ["p2"] } }, START);
    expect(run.state.status).toBe("finished");
    const points = new Map(tournamentStandings(run.state).map((s) => [s.id, s.points]));
    expect(points.get("p1")).toBe(1);
    expect(points.get("p2")).toBe(0);
    expect(points.get("p3")).toBe(1);
  });

  it("the log rebuilds the same tournament", () => {
    const run = new Run(settings({ format: "knockout" }));
    const players = ["a", "b", "c", "d", "e"];
    signUp(run, players);
    checkIn(run, players);
    run.do({ c: "tick" }, START);
    run.do({ c: "table-made", round: 0, index: 0, code: "ABCD" }, START);
    run.playRound(() => "a", START);
    const rebuilt = run.log.reduce(applyTournament, newTournament(run.state.settings));
    expect(rebuilt).toEqual(run.state);
    expect(rebuilt.rounds[0].codes[0]).toBe("ABCD");
  });

  it("settings: each format in its own game, rounds and hands bounded", () => {
    expect(settingsProblem(settings())).toBeNull();
    expect(settingsProblem(settings({ format: "duplicate" }))).toBe("duplicate is played in french");
    expect(settingsProblem(settings({ game: "french" }))).toBe("swiss is played in cutthroat or partner");
    expect(settingsProblem(settings({ rounds: 0 }))).toBe("rounds must be 1 to 12");
    expect(settingsProblem(settings({ game: "french", format: "duplicate", hands: 40 }))).toBe("hands must be 1 to 12");
    expect(settingsProblem(settings({ roundMinutes: 3 }))).toBe("a round lasts 5 to 240 minutes");
    expect(settingsProblem(settings({ roundMinutes: 30 }))).toBeNull();
  });

  it("a round's length: its deadline runs from when it was paired; none without a length or a round on", () => {
    const run = new Run(settings({ roundMinutes: 20 }));
    signUp(run, ["a", "b", "c", "d"]);
    checkIn(run, ["a", "b", "c", "d"]);
    expect(roundDeadline(run.state)).toBeNull();
    run.do({ c: "tick" }, START + 500);
    expect(roundDeadline(run.state)).toBe(START + 500 + 20 * 60_000);
    // Round 2 is paired when round 1's last result comes in, and its time runs from then.
    run.playRound((a, b) => (a < b ? "a" : "b"), START + 7 * 60_000);
    expect(run.state.rounds).toHaveLength(2);
    expect(roundDeadline(run.state)).toBe(START + 27 * 60_000);
    run.playRound((a, b) => (a < b ? "a" : "b"), START + 9 * 60_000);
    expect(run.state.status).toBe("finished");
    expect(roundDeadline(run.state)).toBeNull();
    const plain = new Run(settings());
    signUp(plain, ["a", "b", "c", "d"]);
    checkIn(plain, ["a", "b", "c", "d"]);
    plain.do({ c: "tick" }, START);
    expect(roundDeadline(plain.state)).toBeNull();
  });
});
