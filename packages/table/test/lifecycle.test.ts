/**
 * The table core on a fake clock: seats, the first deal, the hand pause and *Next hand*, the turn
 * clock and its bank, away and back, forced passes, bots' pacing, pauses, closing, leaving and
 * removing, rematches. No sockets, no sleeps: time moves when `run` says so.
 */

import { type Action, passPrice, viewFor } from "@crossbones/engine";
import { describe, expect, it } from "vitest";
import { closing, due, fallbackAction, isPaused, REACTION_GAP, recordOf, turnDeadline } from "../src/index.js";
import { Sim, TIMING } from "./sim.js";

/** Ana (p0, the maker) alone against an easy bot in two-player Cut Throat, seated and connected. */
function duel(options: ConstructorParameters<typeof Sim>[0] = {}): Sim {
  const sim = new Sim({ seats: ["human", "easy"], ...options });
  sim.seat("p0");
  return sim;
}

/** Plays Ana's turns (the first legal play) and lets the bot play, until `until` or `limit` ms pass. */
function playOn(sim: Sim, until: (sim: Sim) => boolean, limit = 3_600_000): void {
  const end = sim.now + limit;
  while (!until(sim) && sim.now < end) {
    if (sim.turn === 0) {
      sim.do({
        c: "act",
        player: "p0",
        id: `a${sim.now}-${sim.state.game.version}`,
        version: sim.state.game.version,
        action: sim.legal(0),
      });
    } else sim.run(100);
  }
}

describe("seats and the first deal", () => {
  it("a table waits while a seat is open and deals once the last is taken and someone is here", () => {
    const sim = new Sim({ seats: ["human", "human", "easy"] });
    sim.seat("p0");
    expect(sim.state.status).toBe("waiting");
    sim.run(60_000);
    expect(sim.state.game.hands).toHaveLength(0);
    sim.seat("p1");
    expect(sim.state.status).toBe("playing");
    // The commitment at once; the deal once both seeds are in (no pause before a game's first hand).
    sim.run(0);
    expect(sim.state.pending?.hand).toBe(1);
    const commitment = sim.state.pending?.commitment as string;
    sim.do({ c: "seed", player: "p0", commitment, seed: "a".repeat(64) });
    sim.run(0);
    expect(sim.state.game.hands).toHaveLength(0);
    sim.do({ c: "seed", player: "p1", commitment, seed: "b".repeat(64) });
    sim.run(0);
    expect(sim.state.game.hands).toHaveLength(1);
    expect(sim.state.proofs[0]?.seeds).toEqual(["a".repeat(64), "b".repeat(64), null]);
  });

  it("a deal waits seedWait for the seeds of the people here, no longer, and a late seed is refused", () => {
    const sim = duel();
    sim.run(0);
    const commitment = sim.state.pending?.commitment as string;
    sim.run(TIMING.seedWait - 1);
    expect(sim.state.game.hands).toHaveLength(0);
    sim.run(1);
    expect(sim.state.game.hands).toHaveLength(1);
    expect(sim.state.proofs[0]?.seeds).toEqual([null, null]);
    expect(sim.do({ c: "seed", player: "p0", commitment, seed: "c".repeat(64) }).refusal).toEqual({
      code: "deal-made",
    });
  });

  it("a duplicate round's table deals as soon as it is due, takes no seed, and names the round's deals", () => {
    const sim = duel({ duplicate: "T1-r1" });
    sim.run(0);
    const commitment = sim.state.pending?.commitment as string;
    expect(sim.do({ c: "seed", player: "p0", commitment, seed: "c".repeat(64) }).refusal).toEqual({
      code: "deal-made",
    });
    sim.run(0);
    expect(sim.state.game.hands).toHaveLength(1);
    expect(sim.state.proofs[0]).toMatchObject({ table: "T1-r1-1", seeds: [null, null] });
  });

  it("time up: bots finish the game at once, with no pause between hands, and nobody may move any more", () => {
    const sim = new Sim({ seats: ["human", "human"], options: { match: "straight" } });
    sim.seat("p0");
    sim.seat("p1");
    sim.run(TIMING.seedWait);
    expect(sim.state.game.hands).toHaveLength(1);
    expect(sim.do({ c: "time-up" }).changes).toEqual([{ k: "time-up", at: sim.now }]);
    // Said again, it changes nothing.
    expect(sim.do({ c: "time-up" }).changes).toEqual([]);
    const seat = sim.state.game.state?.turn as number;
    const refused = sim.do({
      c: "act",
      player: `p${seat}`,
      id: "late",
      version: sim.state.game.version,
      action: sim.legal(seat),
    });
    expect(refused.refusal).toEqual({ code: "time-up" });
    // Both people are still here and ready for nothing: the bots play every move and every deal
    // at once, so the game ends without the clock moving.
    sim.run(0);
    expect(sim.state.game.finished).toBe(true);
    expect(sim.state.acted).toEqual([false, false]);
  });

  it("a second, different seed for the same deal is refused; the same one again is not", () => {
    const sim = duel();
    sim.run(0);
    const commitment = sim.state.pending?.commitment as string;
    expect(sim.do({ c: "seed", player: "p0", commitment, seed: "d".repeat(64) }).refusal).toBeNull();
    expect(sim.do({ c: "seed", player: "p0", commitment, seed: "d".repeat(64) }).refusal).toBeNull();
    expect(sim.do({ c: "seed", player: "p0", commitment, seed: "e".repeat(64) }).refusal).toEqual({
      code: "seed-given",
    });
    expect(sim.log.filter((e) => e.k === "seed")).toHaveLength(1);
  });

  it("leaving before the first deal frees the seat; leaving after it hands the seat to a bot under the leaver's name", () => {
    const sim = new Sim({ seats: ["human", "human", "easy"] });
    sim.seat("p0");
    sim.seat("p1");
    expect(sim.state.status).toBe("playing");
    sim.do({ c: "leave", player: "p1" });
    expect(sim.state.seats[1]).toEqual({ kind: "open" });
    expect(sim.state.status).toBe("waiting");
    sim.seat("p2");
    sim.run(TIMING.seedWait);
    expect(sim.state.game.hands).toHaveLength(1);
    sim.do({ c: "leave", player: "p2" });
    expect(sim.state.seats[1]).toEqual({ kind: "bot", level: "medium", name: "P2" });
  });

  it("only the maker removes a person, only before the first deal; the removed person cannot sit again", () => {
    const sim = new Sim({ seats: ["human", "human", "human"] });
    sim.seat("p0");
    sim.seat("p1");
    expect(sim.do({ c: "remove", player: "p1", seat: 0 }).refusal).toEqual({ code: "not-maker" });
    expect(sim.do({ c: "remove", player: "p0", seat: 2 }).refusal).toEqual({ code: "seat-empty", seat: 2 });
    expect(sim.do({ c: "remove", player: "p0", seat: 1 }).refusal).toBeNull();
    expect(sim.state.seats[1]).toEqual({ kind: "open" });
    expect(sim.do({ c: "sit", player: "p1", name: "P1" }).refusal).toEqual({ code: "removed" });
    sim.seat("p2");
    sim.seat("p3");
    sim.run(TIMING.seedWait);
    expect(sim.state.game.hands).toHaveLength(1);
    expect(sim.do({ c: "remove", player: "p0", seat: 2 }).refusal).toEqual({ code: "game-started" });
  });

  it("a full table refuses another person, and a taken seat is named", () => {
    const sim = duel({ seats: ["human", "human"] });
    sim.seat("p1");
    expect(sim.do({ c: "sit", player: "p2", name: "P2" }).refusal).toEqual({ code: "table-full" });
    // A seat asked for by name is said to be taken, full table or not.
    expect(sim.do({ c: "sit", player: "p2", name: "P2", seat: 1 }).refusal).toEqual({ code: "seat-taken", seat: 1 });
    expect(sim.do({ c: "sit", player: "p0", name: "P0" }).seat).toBe(0);
  });
});

describe("the turn clock", () => {
  const clocked = () => duel({ clock: { move: 20, bank: 60 } });

  /** Runs until it is Ana's turn with a play to make. */
  function toAnasChoice(sim: Sim): void {
    for (let i = 0; i < 10_000; i++) {
      const hand = sim.state.game.state;
      if (sim.turn === 0 && hand && sim.legal(0).type === "play") return;
      if (sim.turn === 0)
        sim.do({ c: "act", player: "p0", id: `x${i}`, version: sim.state.game.version, action: sim.legal(0) });
      else sim.run(500);
    }
    throw new Error("Ana never had a choice");
  }

  it("time beyond the move's allowance comes out of the bank, and the bank goes with the action into the log", () => {
    const sim = clocked();
    toAnasChoice(sim);
    const started = sim.state.turn?.since as number;
    expect(turnDeadline(sim.state)).toBe(started + 80_000);
    sim.run(30_000 - (sim.now - started));
    sim.do({ c: "act", player: "p0", id: "slow", version: sim.state.game.version, action: sim.legal(0) });
    expect(sim.state.banks[0]).toBe(50);
    expect(sim.log.at(-1)).toMatchObject({ k: "act", id: "slow", bank: 50 });
  });

  it("out of time the seat is away and its stand-in plays botDelay later; the player's next action brings it back", () => {
    const sim = clocked();
    toAnasChoice(sim);
    const version = sim.state.game.version;
    sim.run(80_000 - (sim.now - (sim.state.turn?.since as number)) - 1);
    expect(sim.state.away[0]).toBe(false);
    sim.run(1);
    expect(sim.state.away[0]).toBe(true);
    expect(sim.state.banks[0]).toBe(0);
    expect(sim.state.game.version).toBe(version);
    sim.run(TIMING.botDelay - 1);
    expect(sim.state.game.version).toBe(version);
    sim.run(1);
    expect(sim.state.game.version).toBe(version + 1);
    expect(sim.log.at(-1)).toMatchObject({ k: "act", seat: 0, id: null });
    // A refused action (out of turn) brings her back all the same, logged as such.
    if (sim.turn !== 0) {
      const r = sim.do({
        c: "act",
        player: "p0",
        id: "early",
        version: sim.state.game.version,
        action: { type: "pass" },
      });
      expect(r.refusal?.code).toBe("not-your-turn");
      expect(sim.state.away[0]).toBe(false);
      expect(sim.log.at(-1)).toMatchObject({ k: "back", seat: 0 });
    }
  });

  it("coming back during one's own turn stops the stand-in, and a late answer of the stand-in is dropped", () => {
    const sim = new Sim({ seats: ["human", "easy"], clock: { move: 20, bank: 60 }, autoBots: false });
    sim.seat("p0");
    toAnasChoice(sim);
    sim.run(80_000);
    expect(sim.state.away[0]).toBe(true);
    // The stand-in is thinking about her move; she acts first.
    expect(sim.state.thinking?.version).toBe(sim.state.game.version);
    sim.run(5_000);
    // A refused try in her own turn brings her back: the stand-in stops, her clock runs from now.
    const bad = { type: "play", bone: "9-9" } as unknown as Action;
    expect(
      sim.do({ c: "act", player: "p0", id: "bad", version: sim.state.game.version, action: bad }).refusal,
    ).not.toBeNull();
    expect(sim.state.away[0]).toBe(false);
    expect(sim.state.thinking).toBeNull();
    expect(sim.state.turn?.since).toBe(sim.now);
    expect(due(sim.state, sim.now)).toEqual({ at: sim.now + 20_000, kind: "tick", why: "away" });
    const act = sim.do({ c: "act", player: "p0", id: "back", version: sim.state.game.version, action: sim.legal(0) });
    expect(act.refusal).toBeNull();
    expect(sim.state.away[0]).toBe(false);
    sim.answer();
    expect(sim.state.thought).toBeNull();
  });

  it("an away player acting out of turn is back, and the clock of the seat to act runs on", () => {
    const sim = new Sim({ seats: ["human", "human", "easy"], clock: { move: 5, bank: 0 }, seed: "out-of-turn" });
    sim.seat("p0");
    sim.seat("p1");
    sim.run(TIMING.seedWait);
    // Ana lets every clock of hers run out; Ben plays; at a turn of Ben's, Ana tries to play.
    for (let i = 0; i < 10_000 && !(sim.turn === 1 && sim.state.away[0]); i++) {
      if (sim.turn === 1)
        sim.do({ c: "act", player: "p1", id: `b${i}`, version: sim.state.game.version, action: sim.legal(1) });
      else sim.run(1000);
    }
    expect(sim.state.away[0]).toBe(true);
    sim.run(1000);
    const deadline = turnDeadline(sim.state);
    const r = sim.do({ c: "act", player: "p0", id: "early", version: sim.state.game.version, action: sim.legal(0) });
    expect(r.refusal?.code).toBe("not-your-turn");
    expect(sim.state.away[0]).toBe(false);
    expect(sim.turn).toBe(1);
    expect(turnDeadline(sim.state)).toBe(deadline);
  });

  it("someone leaving during another's turn leaves that turn's clock alone", () => {
    const sim = new Sim({ seats: ["human", "human", "human"], clock: { move: 5, bank: 10 } });
    sim.seat("p0");
    sim.seat("p1");
    sim.seat("p2");
    sim.run(TIMING.seedWait);
    const poser = sim.turn as number;
    const before = turnDeadline(sim.state);
    sim.run(1000);
    sim.do({ c: "leave", player: `p${(poser + 1) % 3}` });
    expect(sim.turn).toBe(poser);
    expect(turnDeadline(sim.state)).toBe(before);
  });
});

describe("moves the table makes", () => {
  it("a free forced pass is made forcedPass after the turn starts; a pass that costs points, or may, never is", () => {
    // French: passing while able (F5), a third pass in a row (F6) and a board pass (F7) cost points.
    let free = 0;
    let tapped = 0;
    for (const seed of ["forced", "forced-2", "forced-3"]) {
      const sim = new Sim({ game: "french", players: 4, seats: ["human", "easy", "easy", "easy"], seed });
      sim.seat("p0");
      for (let i = 0; i < 20_000 && !sim.state.game.finished && (free === 0 || tapped === 0); i++) {
        if (sim.turn !== 0) {
          sim.run(250);
          continue;
        }
        const d = due(sim.state, sim.now);
        const view = viewFor(sim.state.game, 0);
        if (d?.kind === "tick" && d.why === "pass") {
          // Made for her: nothing fits and nothing is charged, as far as she can tell.
          expect(passPrice(view)).toEqual({ known: 0, maybe: 0 });
          expect(d.at).toBe((sim.state.turn?.since as number) + TIMING.forcedPass);
          const version = sim.state.game.version;
          sim.run(d.at - sim.now);
          expect(sim.state.game.version).toBe(version + 1);
          expect(sim.log.at(-1)).toMatchObject({ k: "act", seat: 0, id: null, action: { type: "pass" } });
          free++;
        } else {
          // Her own move: a play, or a pass that costs (or may cost) points, which nobody makes for her.
          expect(d).toBeNull();
          const action = sim.legal(0);
          if (action.type === "pass") {
            const price = passPrice(view);
            expect(price.known + price.maybe).toBeGreaterThan(0);
            tapped++;
          }
          sim.do({ c: "act", player: "p0", id: `m${i}`, version: sim.state.game.version, action });
        }
      }
    }
    expect(free).toBeGreaterThan(0);
    expect(tapped).toBeGreaterThan(0);
  });

  it("a bot is asked at once and plays no sooner than botDelay after it started thinking", () => {
    const sim = new Sim({ seats: ["human", "easy"], autoBots: false, seed: "pace" });
    sim.seat("p0");
    playOn(sim, (s) => s.turn === 1 && s.state.thinking !== null, 120_000);
    const version = sim.state.game.version;
    const started = sim.state.thinking?.at as number;
    sim.run(300);
    sim.answer();
    sim.run(started + TIMING.botDelay - 1 - sim.now);
    expect(sim.state.game.version).toBe(version);
    sim.run(1);
    expect(sim.state.game.version).toBe(version + 1);
  });

  it("a bot that fails, or answers a refused move, plays its first legal move", () => {
    for (const answer of [null, { type: "play", bone: "9-9" } as unknown as Action]) {
      const sim = new Sim({ seats: ["human", "easy"], autoBots: false, seed: "fails" });
      sim.seat("p0");
      playOn(sim, (s) => s.turn === 1 && s.state.thinking !== null, 120_000);
      const expected = fallbackAction(viewFor(sim.state.game, 1));
      sim.answer(answer);
      sim.run(TIMING.botDelay);
      expect(sim.log.at(-1)).toEqual({ k: "act", seat: 1, id: null, action: expected, at: expect.any(Number) });
    }
  });
});

describe("between hands", () => {
  /** Plays until the first hand is over. */
  function firstHandOver(sim: Sim): void {
    playOn(sim, (s) => s.state.game.hands.length === 1 && s.state.game.state?.over === true);
  }

  it("the next deal comes handPause after a hand ends, or as soon as every person is ready", () => {
    const sim = duel({ seed: "pause" });
    firstHandOver(sim);
    sim.run(0);
    expect(sim.state.pending?.hand).toBe(2);
    sim.run(TIMING.handPause - 1);
    expect(sim.state.game.hands).toHaveLength(1);
    sim.run(1);
    expect(sim.state.game.hands).toHaveLength(2);

    const ready = duel({ seed: "pause" });
    firstHandOver(ready);
    ready.run(0);
    ready.run(TIMING.seedWait);
    expect(ready.state.game.hands).toHaveLength(1);
    ready.do({ c: "next", player: "p0" });
    ready.run(0);
    expect(ready.state.game.hands).toHaveLength(2);
  });

  it("with every person away or gone the table pauses after the hand; Next hand from one of them goes on", () => {
    const sim = duel({ clock: { move: 5, bank: 0 }, seed: "away" });
    // Ana stops playing: out of time, away; the stand-in plays to the end of the hand.
    sim.run(0);
    sim.run(TIMING.seedWait);
    for (let i = 0; i < 200 && sim.state.game.hands.length === 1 && !sim.state.game.state?.over; i++) sim.run(10_000);
    expect(sim.state.away[0]).toBe(true);
    expect(sim.state.game.state?.over).toBe(true);
    expect(isPaused(sim.state)).toBe(true);
    sim.run(3_600_000 / 4);
    expect(sim.state.game.hands).toHaveLength(1);
    expect(sim.state.pending).toBeNull();
    sim.do({ c: "next", player: "p0" });
    expect(sim.state.away[0]).toBe(false);
    expect(sim.log.at(-1)).toMatchObject({ k: "back", seat: 0 });
    sim.run(TIMING.seedWait);
    expect(sim.state.game.hands).toHaveLength(2);
  });

  it("a resignation while the next deal is being made ends the game: no deal comes after it", () => {
    const sim = duel({ seed: "resign" });
    firstHandOver(sim);
    sim.run(0);
    // Ready, seed in: the deal is due at once and sealed while it is made.
    sim.do({ c: "next", player: "p0" });
    sim.do({ c: "seed", player: "p0", commitment: sim.state.pending?.commitment as string, seed: "f".repeat(64) });
    sim.do({ c: "tick" });
    expect(sim.state.pending?.sealed).toBe(true);
    sim.do({ c: "act", player: "p0", id: "give-up", version: sim.state.game.version, action: { type: "resign" } });
    expect(sim.state.status).toBe("finished");
    expect(sim.state.pending).toBeNull();
    expect(sim.do({ c: "deal", hands: [1, 2] }).changes).toEqual([]);
    expect(due(sim.state, sim.now)).toBeNull();
  });

  it("a rematch starts when every person asked: a new game, fresh banks, the same seats", () => {
    const sim = duel({ options: { match: "straight" }, seed: "rematch", clock: { move: 20, bank: 60 } });
    playOn(sim, (s) => s.state.status === "finished");
    expect(sim.state.status).toBe("finished");
    expect(sim.do({ c: "rematch", player: "p9" }).refusal).toEqual({ code: "not-seated" });
    sim.do({ c: "rematch", player: "p0" });
    expect(sim.state.status).toBe("playing");
    expect(sim.state.gameIndex).toBe(1);
    expect(sim.state.banks).toEqual([60, 60]);
    expect(sim.log.at(-1)).toMatchObject({ k: "rematch", checkpoint: { game: 1 } });
  });

  it("a player who was away and asks for a rematch is back at the table for the new game", () => {
    const sim = new Sim({
      game: "french",
      players: 4,
      seats: ["human", "easy", "easy", "easy"],
      options: { target: 1 },
      clock: { move: 5, bank: 0 },
      seed: "away-rematch",
    });
    sim.seat("p0");
    // Ana never acts: her clock runs out and a bot plays her seat to the end of the one-hand set.
    sim.run(600_000);
    expect(sim.state.status).toBe("finished");
    expect(sim.state.away[0]).toBe(true);
    sim.do({ c: "rematch", player: "p0" });
    expect(sim.state.gameIndex).toBe(1);
    expect(sim.state.away).toEqual([false, false, false, false]);
  });
});

describe("reactions", () => {
  it("a seat reacts at most once every REACTION_GAP; in Partner never while a hand is played", () => {
    const sim = duel({ seed: "react" });
    sim.run(TIMING.seedWait);
    expect(sim.do({ c: "react", player: "p0", reaction: "goodPlay" }).changes).toHaveLength(1);
    sim.run(REACTION_GAP - 1);
    expect(sim.do({ c: "react", player: "p0", reaction: "thanks" }).refusal).toEqual({
      code: "rate-limited",
      retryAfter: 1,
    });
    sim.run(1);
    expect(sim.do({ c: "react", player: "p0", reaction: "thanks" }).refusal).toBeNull();
    expect(sim.do({ c: "react", player: "p9", reaction: "thanks" }).refusal).toEqual({ code: "not-seated" });

    const partner = new Sim({ game: "partner", players: 4, seats: ["human", "easy", "human", "easy"], seed: "talk" });
    partner.seat("p0");
    partner.seat("p2");
    expect(partner.do({ c: "react", player: "p0", reaction: "sorry" }).refusal).toBeNull();
    partner.run(TIMING.seedWait + REACTION_GAP);
    expect(partner.state.game.state?.over).toBe(false);
    expect(partner.do({ c: "react", player: "p2", reaction: "goodPlay" }).refusal).toEqual({ code: "no-table-talk" });
  });
});

describe("closing", () => {
  it("a waiting table nobody is at closes after idleClose; a connection stops the count", () => {
    const sim = new Sim({ seats: ["human", "human"] });
    sim.seat("p0");
    sim.connect();
    sim.run(TIMING.idleClose - 1000);
    sim.connect("p0");
    sim.run(TIMING.idleClose);
    expect(sim.state.status).toBe("waiting");
    sim.connect();
    sim.run(TIMING.idleClose - 1);
    expect(sim.state.status).toBe("waiting");
    sim.run(1);
    expect(sim.state.status).toBe("closed");
    expect(sim.state.closed).toBe("idle");
    expect(sim.do({ c: "sit", player: "p1", name: "P1" }).refusal).toEqual({ code: "table-closed" });
  });

  it("a game nobody is at ends as abandoned after idleClose, and its record says so", () => {
    const sim = duel({ seed: "abandon" });
    sim.run(TIMING.seedWait);
    expect(sim.state.game.hands).toHaveLength(1);
    sim.connect();
    expect(closing(sim.state)).toEqual({ at: sim.now + TIMING.idleClose, reason: "abandoned" });
    sim.run(TIMING.idleClose);
    expect(sim.state.status).toBe("closed");
    expect(sim.state.closed).toBe("abandoned");
    expect(recordOf(sim.state).abandoned).toBe(true);
    expect(sim.log.at(-1)).toMatchObject({ k: "close", reason: "abandoned" });
  });

  it("a finished table nobody is at closes after finishedClose", () => {
    const sim = duel({ options: { match: "straight" }, seed: "finish" });
    playOn(sim, (s) => s.state.status === "finished");
    sim.connect();
    sim.run(TIMING.finishedClose - 1);
    expect(sim.state.status).toBe("finished");
    sim.run(1);
    expect(sim.state.closed).toBe("finished");
  });

  it("when every person has left, the table closes at once", () => {
    const sim = duel({ seed: "empty" });
    sim.run(TIMING.seedWait);
    sim.do({ c: "leave", player: "p0" });
    sim.run(0);
    expect(sim.state.closed).toBe("empty");
  });
});
