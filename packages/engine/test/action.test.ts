/**
 * Actions in (`applyAction`): who may act and when, the version an action was made against, every
 * refusal a play or a pass can meet with its code and parameters, plays that need no target,
 * charged attempts at a strict table (F5), and resignation. A property test holds applyAction to
 * the numeric path (applyMove) over random games.
 */

import {
  type Action,
  type ActionResult,
  applyAction,
  applyMove,
  defaultRules,
  type Game,
  makeRecord,
  moveAction,
  PASS,
  POSE,
  parseRules,
  playAction,
  replayRecord,
  startHand,
} from "@crossbones/engine";
import { describe, expect, it } from "vitest";
import { BLANKS, CROSS_ALONE, FIRST, SPREAD } from "./french-hands.js";
import { bone, deal, newGame, play, start } from "./helpers.js";
import { deal as lineDeal, play as linePlay, newGame as newLineGame } from "./line-helpers.js";
import { illegalAttempts, playRandomGame, TABLES } from "./random-game.js";

function french(hands: string[][], moves: string[] = [], options: Record<string, unknown> = {}): Game {
  return play(start(newGame("french", 4, options), deal(...hands)), ...moves);
}

function accepted(r: ActionResult): Game {
  if (!r.ok) throw new Error(`refused: ${r.error.code}: ${r.error.message}`);
  return r.value;
}

function refusedWith(r: ActionResult): Record<string, unknown> {
  if (r.ok) throw new Error("the action was accepted");
  return r.error as unknown as Record<string, unknown>;
}

const pass: Action = { type: "pass" };
const playOf = (bone: string, target?: string): Action =>
  target ? { type: "play", bone, target } : { type: "play", bone };

describe("who acts, and when", () => {
  const posed = french(SPREAD, ["0-0"]);

  it("a seat that is not a seat of the table is refused (not-a-seat)", () => {
    for (const seat of [-1, 4, 1.5, Number.NaN]) {
      expect(refusedWith(applyAction(posed, seat, pass))).toMatchObject({ code: "not-a-seat" });
    }
  });

  it("a seat acting out of turn is refused, naming both seats (not-your-turn)", () => {
    expect(posed.state?.turn).toBe(1);
    expect(refusedWith(applyAction(posed, 3, playOf("0-4")))).toMatchObject({
      code: "not-your-turn",
      seat: 3,
      turn: 1,
      message: "seat 3 cannot act: it is seat 1's turn",
    });
    expect(accepted(applyAction(posed, 1, playOf("0-1"))).state?.turn).toBe(2);
  });

  it("an action made against an older version is stale; the current version is accepted", () => {
    expect(posed.version).toBe(2); // the deal and the pose
    const r = applyAction(posed, 1, playOf("0-1"), 1);
    expect(refusedWith(r)).toMatchObject({ code: "stale", version: 1, current: 2 });
    const next = accepted(applyAction(posed, 1, playOf("0-1"), 2));
    expect(next.version).toBe(3);
    // The same action sent twice: the second one is stale and changes nothing.
    expect(refusedWith(applyAction(next, 1, playOf("0-1"), 2))).toMatchObject({ code: "stale", current: 3 });
  });

  it.each<[string, unknown, unknown, string]>([
    ["null", null, undefined, "not-an-object"],
    ["a list", [], undefined, "not-an-object"],
    ["a text", "pass", undefined, "not-an-object"],
    ["an unknown type", { type: "dance" }, undefined, "unknown-type"],
    ["a bone that is a number", { type: "play", bone: 3 }, undefined, "bone-not-text"],
    ["a target that is a number", { type: "play", bone: "0-1", target: 0 }, undefined, "target-not-text"],
    ["a version that is text", { type: "pass" }, "2", "version-not-number"],
  ])("a malformed action is refused (bad-action): %s", (_, action, version, problem) => {
    expect(refusedWith(applyAction(posed, 1, action, version))).toMatchObject({ code: "bad-action", problem });
  });

  it("before the first deal, between hands and after the end nobody plays", () => {
    const fresh = newGame("french", 4);
    expect(refusedWith(applyAction(fresh, 0, pass))).toMatchObject({ code: "no-hand" });
    const over = play(start(newGame("french", 4), deal(...FIRST.deal)), ...FIRST.moves);
    expect(over.state?.over).toBe(true);
    expect(refusedWith(applyAction(over, 1, pass))).toMatchObject({ code: "hand-over" });
    const resigned = accepted(applyAction(posed, 2, { type: "resign" }));
    expect(refusedWith(applyAction(resigned, 1, playOf("0-1")))).toMatchObject({ code: "game-over" });
    expect(refusedWith(applyAction(resigned, 1, { type: "resign" }))).toMatchObject({ code: "game-over" });
  });

  it("something that is not a game is refused (bad-game)", () => {
    expect(refusedWith(applyAction({ ...posed }, 1, pass))).toMatchObject({ code: "bad-game" });
  });
});

describe("plays and passes", () => {
  it("F2a the pose needs no target and refuses one; the wrong pose names the bone that must be posed", () => {
    const dealt = start(newGame("french", 4), deal(...SPREAD));
    expect(refusedWith(applyAction(dealt, 0, playOf("0-0", "N")))).toMatchObject({ code: "pose-has-target" });
    expect(refusedWith(applyAction(dealt, 0, playOf("2-3")))).toMatchObject({
      code: "wrong-pose",
      seat: 0,
      bone: "2-3",
      must: "0-0",
    });
    expect(refusedWith(applyAction(dealt, 0, pass))).toMatchObject({ code: "must-pose", seat: 0 });
    expect(refusedWith(applyAction(dealt, 0, playOf("0-1")))).toMatchObject({ code: "not-held", bone: "0-1" });
    expect(accepted(applyAction(dealt, 0, playOf("0-0"))).state?.phase).not.toBe(POSE);
  });

  it("F3 during the cross a play needs no target (the first empty arm), and any empty arm may be named", () => {
    const posed = french(SPREAD, ["0-0"]);
    const first = accepted(applyAction(posed, 1, playOf("0-1")));
    expect(Array.from(first.state?.ends ?? [])).toEqual([1, -1, -1, -1]);
    const named = accepted(applyAction(posed, 1, playOf("0-1", "W")));
    expect(Array.from(named.state?.ends ?? [])).toEqual([-1, -1, -1, 1]);
    expect(refusedWith(applyAction(named, 2, playOf("0-2", "W")))).toMatchObject({
      code: "arm-started",
      target: "W",
    });
    expect(refusedWith(applyAction(named, 2, playOf("1-1")))).toMatchObject({
      code: "needs-pose-number",
      bone: "1-1",
      target: "N",
      pose: 0,
    });
  });

  it("F4 a bone on an arm showing another number, or whose double is not down, is refused with the reason", () => {
    // FIRST after the cross: arms N 1, E 2, S 3, W 4; seat 1 holds 1-1, 1-3, 1-4, 1-5, 1-6, 2-5, 3-3.
    const g = french(FIRST.deal, CROSS_ALONE);
    expect(refusedWith(applyAction(g, 1, playOf("1-3", "S")))).toMatchObject({
      code: "double-not-down",
      target: "S",
      shows: 3,
    });
    expect(refusedWith(applyAction(g, 1, playOf("2-5", "N")))).toMatchObject({
      code: "does-not-fit",
      target: "N",
      shows: 1,
      ends: { N: 1, E: 2, S: 3, W: 4 },
    });
    // Without a target: aimed at the first arm showing one of its numbers (E shows 2)...
    expect(refusedWith(applyAction(g, 1, playOf("2-5")))).toMatchObject({ code: "double-not-down", target: "E" });
    // ...and where no arm shows either number, no arm is named.
    const late = play(g, "1-1@N", "1-2@N", "2-2@E", "pass", "2-5@N");
    expect(late.state?.turn).toBe(2);
    expect(refusedWith(applyAction(late, 2, playOf("3-4")))).toMatchObject({ code: "double-not-down" });
  });

  it("a bone that fits two targets showing the same number needs no target; different numbers need one", () => {
    // FIRST after 1-1@N, 1-2@N: arms N and E both show 2 and seat 3 holds 2-2.
    const same = french(FIRST.deal, [...CROSS_ALONE, "1-1@N", "1-2@N"]);
    const played = accepted(applyAction(same, 3, playOf("2-2")));
    expect(played.hands[0].moves.at(-1)).toBe((bone("2-2") << 2) | 0); // on N, the first of the two
    // Cut Throat: ends 1 and 5 and a 1-5 to play.
    let line = lineDeal(
      newLineGame("cutthroat", 2),
      "6-6 0-6 1-6 2-2 2-5 0-0 0-1 0-2 0-3 0-4 0-5 1-1 1-2 1-3",
      "2-6 3-6 4-6 5-6 1-4 1-5 2-3 2-4 3-3 3-4 3-5 4-4 4-5 5-5",
    );
    line = linePlay(line, "6-6");
    // After the pose both ends show 6: 5-6 needs no target.
    expect(accepted(applyAction(line, 1, playOf("5-6"))).state?.ends[0]).toBe(5);
    line = linePlay(line, "5-6@R", "1-6@L");
    expect(refusedWith(applyAction(line, 1, playOf("1-5")))).toMatchObject({
      code: "choose-target",
      bone: "1-5",
      targets: ["L", "R"],
      message: "1-5 fits L and R: add @L or @R",
    });
    expect(refusedWith(applyAction(line, 1, playOf("1-5", "N")))).toMatchObject({
      code: "unknown-target",
      text: '"N"',
      targets: ["L", "R"],
    });
    expect(accepted(applyAction(line, 1, playOf("1-5", "R"))).state?.ends[1]).toBe(1);
  });

  it("an unknown bone is refused with its text, quoted and capped", () => {
    const posed = french(SPREAD, ["0-0"]);
    const r = refusedWith(applyAction(posed, 1, playOf(`7-${"9".repeat(5000)}`)));
    expect(r).toMatchObject({ code: "unknown-bone" });
    expect((r.message as string).length).toBeLessThan(120);
  });

  it("F5 a pass while able is refused where penalty passes are off (must-play), and charged where they are on", () => {
    const off = french(SPREAD, ["0-0"], { penaltyPass: false });
    expect(refusedWith(applyAction(off, 1, pass))).toMatchObject({ code: "must-play", seat: 1, bone: "0-1" });
    const on = french(SPREAD, ["0-0"]);
    const passed = accepted(applyAction(on, 1, pass));
    expect(passed.state?.penalties(1)).toBe(10);
  });

  it("F5 at a strict table an illegal play is refused and charged through the same entry point", () => {
    const strict = french(BLANKS, ["0-0"], { illegalPlayPenalty: 5 });
    const r = applyAction(strict, 1, playOf("1-2"));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.charged).toMatchObject({ code: "needs-pose-number", bone: "1-2", target: "N" });
    expect(r.value.state?.penalties(1)).toBe(5);
    expect(r.value.state?.turn).toBe(1);
    expect(r.value.version).toBe(strict.version + 1);
    expect(makeRecord(r.value).hands[0].moves).toEqual(["0-0", "!1-2@N"]);
    // Not charged: a bone the seat does not hold, a pass, a play that needs a target named.
    expect(refusedWith(applyAction(strict, 1, playOf("0-1")))).toMatchObject({ code: "not-held" });
    // At a table that does not charge, the same play is refused and nothing changes.
    const free = french(BLANKS, ["0-0"]);
    expect(refusedWith(applyAction(free, 1, playOf("1-2")))).toMatchObject({ code: "needs-pose-number" });
    const legal = applyAction(strict, 1, pass);
    expect(legal.ok && legal.charged).toBe(null);
  });
});

describe("resignation", () => {
  it("two sides (Cut Throat for two, Partner): the other side wins at once", () => {
    const two = newGame("cutthroat", 2);
    const r = accepted(applyAction(two, 1, { type: "resign" }));
    expect(r).toMatchObject({ finished: true, winner: 0, resigned: 1, sixLove: false, version: 1 });
    const partner = newGame("partner", 4);
    expect(accepted(applyAction(partner, 2, { type: "resign" }))).toMatchObject({ winner: 1, resigned: 2 });
    expect(accepted(applyAction(partner, 3, { type: "resign" }))).toMatchObject({ winner: 0, resigned: 3 });
  });

  it("French and Cut Throat for three or four: the best placed of the others wins, ties to the next in turn", () => {
    // French after FIRST (target 1000): totals 0, 72, 76, 89 (see french-rules.test.ts, section 4).
    const set = play(start(newGame("french", 4, { target: 1000 }), deal(...FIRST.deal)), ...FIRST.moves);
    expect(set.totals).toEqual([0, 72, 76, 89]);
    expect(accepted(applyAction(set, 0, { type: "resign" })).winner).toBe(1);
    expect(accepted(applyAction(set, 2, { type: "resign" })).winner).toBe(0);
    // Nobody has a point yet: the seat after the resigner wins.
    const cut = newGame("cutthroat", 3);
    expect(accepted(applyAction(cut, 1, { type: "resign" })).winner).toBe(2);
    expect(accepted(applyAction(cut, 2, { type: "resign" })).winner).toBe(0);
  });

  it("any seat may resign, out of turn too; the record keeps the resignation and reads back the same game", () => {
    const g = french(SPREAD, ["0-0", "0-1@N"]);
    const resigned = accepted(applyAction(g, 0, { type: "resign" }, g.version));
    expect(resigned.hands[0].events.slice(-2)).toEqual([
      { type: "resign", move: 2, seat: 0 },
      { type: "gameEnd", move: 2, winner: 1, sixLove: false },
    ]);
    const record = makeRecord(resigned);
    expect(record.resigned).toBe(0);
    const read = replayRecord(JSON.parse(JSON.stringify(record)));
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.value.game).toMatchObject({ finished: true, winner: 1, resigned: 0, version: resigned.version });
    // A resignation field that is not a seat is refused.
    const bad = replayRecord({ ...record, resigned: 4 });
    expect(bad.ok ? null : bad.error).toMatchObject({ code: "bad-resigned", hand: null, move: null });
  });
});

describe("applyAction agrees with the numeric path", () => {
  it("every legal move as an action gives the same game as applyMove; every illegal play the same refusal", () => {
    let checked = 0;
    let refusals = 0;
    for (const [game, players] of TABLES) {
      const rules = parseRules(game, players, game === "french" ? { illegalPlayPenalty: 0 } : {});
      if (!rules.ok) throw new Error(rules.error.message);
      playRandomGame(rules.value, `agree-${game}-${players}`, {
        onStep: ({ before, action }) => {
          const s = before.state;
          if (action.kind !== "move" || !s) return;
          const act = moveAction(before.config.layout, action.move, s.phase === POSE);
          const viaAction = accepted(applyAction(before, s.turn, act, before.version));
          const viaMove = applyMove(before, action.move);
          if (!viaMove.ok) throw new Error("the random game made an illegal move");
          expect(makeRecord(viaAction)).toEqual(makeRecord(viaMove.value));
          expect(viaAction.version).toBe(viaMove.value.version);
          checked++;
          for (const { bone, target } of illegalAttempts(s).slice(0, 2)) {
            const r = applyAction(before, s.turn, playAction(before.config.layout, bone, target));
            const m = applyMove(before, (bone << 2) | target);
            expect(r.ok || m.ok).toBe(false);
            if (!r.ok && !m.ok) expect(r.error).toEqual(m.error);
            refusals++;
          }
        },
      });
    }
    expect(checked).toBeGreaterThan(500);
    expect(refusals).toBeGreaterThan(100);
  });

  it("the version counts deals, moves (charged attempts too) and a resignation; a record gives it back", () => {
    for (const [game, players] of TABLES) {
      const rules = parseRules(game, players, game === "french" ? { illegalPlayPenalty: 5 } : {});
      if (!rules.ok) throw new Error(rules.error.message);
      const { game: g } = playRandomGame(rules.value, `version-${game}-${players}`, { maxActions: 300 });
      const counted = g.hands.reduce((n, h) => n + 1 + h.moves.length, 0);
      expect(g.version).toBe(counted);
      const read = replayRecord(makeRecord(g));
      expect(read.ok && read.value.game.version).toBe(g.version);
    }
  });

  it("replayRecord with upTo gives the game as it stood after that many actions", () => {
    const { game, actions } = playRandomGame(defaultRules("cutthroat", 3), "up-to");
    const record = makeRecord(game);
    const seen: Game[] = [];
    playRandomGame(defaultRules("cutthroat", 3), "up-to", { onStep: ({ after }) => seen.push(after) });
    expect(seen).toHaveLength(actions.length);
    for (const v of [0, 1, 2, 7, 30, actions.length - 1, actions.length, actions.length + 5]) {
      const read = replayRecord(record, { upTo: v });
      if (!read.ok) throw new Error(read.error.message);
      const expected = v === 0 ? null : seen[Math.min(v, seen.length) - 1];
      expect(read.value.game.version).toBe(Math.min(v, game.version));
      if (expected) expect(makeRecord(read.value.game)).toEqual(makeRecord(expected));
    }
    // The whole record is still checked: a fault after the point asked for is reported.
    const broken = { ...record, hands: [...record.hands, { deal: [], moves: [] }] };
    expect(replayRecord(broken, { upTo: 3 }).ok).toBe(false);
  });

  it("PASS and plays map to actions in record notation", () => {
    expect(moveAction(0, PASS, false)).toEqual({ type: "pass" });
    expect(moveAction(0, 0, true)).toEqual({ type: "play", bone: "0-0" });
    expect(moveAction(1, (27 << 2) | 1, false)).toEqual({ type: "play", bone: "6-6", target: "R" });
    expect(startHand(newGame("french", 4), null)).toMatchObject({ ok: false, error: { code: "bad-deal" } });
  });
});
