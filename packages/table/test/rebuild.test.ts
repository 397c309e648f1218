/**
 * One path for live play and rebuilds: a table rebuilt from the entries it logged is the table that
 * logged them, whatever happened (property test over random tables, people, clocks and commands);
 * a log that does not apply names its entry; a rebuilt table starts its moment afresh.
 */

import { makeRecord } from "@crossbones/engine";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { apply, newTable, ReplayError, rebuild, type TableState, turnDeadline } from "../src/index.js";
import { Sim, TIMING } from "./sim.js";

/** Everything a table keeps in its log (the moment — who is connected, a bot thinking — is not). */
function logged(s: TableState) {
  return {
    seats: s.seats,
    record: makeRecord(s.game),
    version: s.game.version,
    gameIndex: s.gameIndex,
    status: s.status,
    closed: s.closed,
    seq: s.seq,
    away: s.away,
    banks: s.banks,
    ids: s.ids,
    asked: s.asked,
    removed: s.removed,
    pending: s.pending && { hand: s.pending.hand, commitment: s.pending.commitment, seeds: s.pending.seeds },
    proofs: s.proofs,
  };
}

const GAMES = [
  { game: "french", seats: ["human", "human", "easy", "human"] },
  { game: "cutthroat", seats: ["human", "human", "easy"] },
  { game: "partner", seats: ["human", "easy", "human", "easy"] },
] as const;

describe("rebuild", () => {
  it("replaying a table's log gives the table that wrote it (random tables and commands)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 }),
        fc.boolean(),
        fc.array(fc.integer({ min: 0, max: 99 }), { minLength: 20, maxLength: 160 }),
        fc.string({ maxLength: 8 }),
        (g, clock, script, seed) => {
          const { game, seats } = GAMES[g];
          const sim = new Sim({
            game,
            players: seats.length,
            seats: [...seats],
            clock: clock ? { move: 5, bank: 10 } : null,
            options: game === "french" ? { target: 20 } : { match: "straight" },
            seed,
          });
          const people = seats.flatMap((s, i) => (s === "human" ? [`p${i}`] : []));
          for (const p of people) sim.seat(p);
          for (const [i, r] of script.entries()) {
            const who = people[r % people.length];
            const seat = sim.state.seats.findIndex((s) => s.kind === "human" && s.player === who);
            if (r < 45 && seat >= 0 && sim.turn === seat) {
              sim.do({ c: "act", player: who, id: `i${i}`, version: sim.state.game.version, action: sim.legal(seat) });
            } else if (r < 55 && seat >= 0 && sim.turn !== null) {
              // Out of turn, or an old version: refused (and an away player is back).
              sim.do({ c: "act", player: who, id: `r${i}`, version: 0, action: { type: "pass" } });
            } else if (r < 60) sim.do({ c: "next", player: who });
            else if (r < 63 && sim.state.pending) {
              const seed = (r % 16).toString(16).repeat(64);
              sim.do({ c: "seed", player: who, commitment: sim.state.pending.commitment, seed });
            } else if (r < 65) sim.do({ c: "rematch", player: who });
            else if (r === 65) sim.do({ c: "leave", player: who });
            else if (r === 66 && sim.state.status === "playing")
              sim.do({
                c: "act",
                player: who,
                id: `g${i}`,
                version: sim.state.game.version,
                action: { type: "resign" },
              });
            else if (r < 70) sim.connect(...people.filter((_, k) => (r + k) % 3 !== 0));
            else sim.run((r - 69) * 700);
          }
          const again = rebuild(
            { code: sim.state.code, maker: sim.state.maker, table: sim.state.table, timing: sim.state.timing },
            { from: 0, entries: sim.log },
            sim.now,
          );
          expect(logged(again)).toEqual(logged(sim.state));
        },
      ),
      { numRuns: 60, seed: 20261201 },
    );
  });

  it("a rebuild may start at the last checkpoint (a rematch) and gives the same table", () => {
    const sim = new Sim({ seats: ["human", "easy"], options: { match: "straight" }, seed: "checkpoint" });
    sim.seat("p0");
    for (let games = 0; games < 2; ) {
      if (sim.state.status === "finished") {
        sim.do({ c: "rematch", player: "p0" });
        games++;
      } else if (sim.turn === 0)
        sim.do({ c: "act", player: "p0", id: `${sim.now}`, version: sim.state.game.version, action: sim.legal(0) });
      else sim.run(250);
    }
    const last = sim.log.map((e) => e.k).lastIndexOf("rematch");
    const init = { code: sim.state.code, maker: sim.state.maker, table: sim.state.table, timing: sim.state.timing };
    const fromCheckpoint = rebuild(init, { from: last, entries: sim.log.slice(last) }, sim.now);
    expect(logged(fromCheckpoint)).toEqual(logged(sim.state));
    expect(() => rebuild(init, { from: last + 1, entries: sim.log.slice(last + 1) }, sim.now)).toThrow(ReplayError);
  });

  it("an entry that does not apply is a ReplayError that names its seq and kind", () => {
    const sim = new Sim({ seats: ["human", "easy"], seed: "corrupt" });
    sim.seat("p0");
    while (!sim.log.some((e) => e.k === "act")) {
      if (sim.turn === 0)
        sim.do({ c: "act", player: "p0", id: "first", version: sim.state.game.version, action: sim.legal(0) });
      else sim.run(500);
    }
    const init = { code: sim.state.code, maker: sim.state.maker, table: sim.state.table, timing: sim.state.timing };
    const at = sim.log.findIndex((e) => e.k === "act");
    const broken = sim.log.map((e, i) => (i === at ? { ...e, action: { type: "play", bone: "9-9" } } : e));
    try {
      rebuild(init, { from: 0, entries: broken }, sim.now);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ReplayError);
      expect((e as ReplayError).seq).toBe(at);
      expect((e as Error).message).toMatch(new RegExp(`^log entry ${at} \\(act\\) does not replay`));
    }
  });

  it("a rebuilt table starts the turn afresh with the logged bank and deals from the logged commitment", () => {
    const sim = new Sim({ seats: ["human", "easy"], clock: { move: 20, bank: 60 }, seed: "resume" });
    sim.seat("p0");
    sim.run(0);
    const commitment = sim.state.pending?.commitment;
    const init = { code: sim.state.code, maker: sim.state.maker, table: sim.state.table, timing: sim.state.timing };
    // A restart before the deal: the same commitment, not a new one (no false alarm in the app).
    const before = rebuild(init, { from: 0, entries: sim.log }, sim.now + 60_000);
    expect(before.pending?.commitment).toBe(commitment);
    expect(before.pending?.at).toBe(sim.now + 60_000);
    // A restart in a turn, an hour later: the turn starts again at the restart with the bank as logged.
    sim.run(TIMING.seedWait);
    const later = sim.now + 3_600_000;
    const during = rebuild(init, { from: 0, entries: sim.log }, later);
    expect(during.turn?.since).toBe(later);
    const seat = during.game.state?.turn as number;
    expect(turnDeadline(during)).toBe(later + (20 + during.banks[seat]) * 1000);
    expect(during.online).toEqual([]);
  });

  it("apply refuses an entry for a seat that is not open (a foreign log)", () => {
    const s = newTable({
      code: "AAAAAA",
      maker: "p0",
      table: new Sim().state.table,
      timing: TIMING,
    });
    const seated = apply(s, { k: "sit", seat: 0, player: "p0", name: "Ana" });
    expect(() => apply(seated, { k: "sit", seat: 0, player: "p1", name: "Ben" })).toThrow(ReplayError);
  });
});
