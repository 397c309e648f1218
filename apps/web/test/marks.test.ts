/**
 * What the table marks about the moves just made (view/marks.ts), read from the engine's events:
 * the latest bone and the round's others, passes at the seat with what they cost, the bone still
 * in the air, and the play a board pass followed. Also the viewer's grammar of the log
 * (view/describe.ts) and how a record's players are named when it is watched.
 */

import {
  applyAction,
  createGame,
  createRng,
  defaultRules,
  type Game,
  playAction,
  randomDeal,
  startHand,
  viewFor,
} from "@crossbones/engine";
import { describe, expect, it } from "vitest";
import { translator } from "../src/i18n/all.js";
import { eventText } from "../src/view/describe.js";
import { boardMarks, landedBone, playBefore, seatPasses } from "../src/view/marks.js";

/** A French hand: every seat plays its first legal bone (passing when none fits) for `moves` moves. */
function play(seed: number, moves: number): Game {
  let g = createGame(defaultRules("french", 4));
  const s = startHand(g, randomDeal(g.config, createRng(seed)));
  if (!s.ok) throw new Error(s.error.message);
  g = s.value;
  for (let i = 0; i < moves && g.state && !g.state.over; i++) {
    const seat = g.state.turn;
    const view = viewFor(g, seat);
    const first = view.plays[0];
    const action = first
      ? playAction(view.layout, first.bone, view.phase === "pose" ? undefined : first.targets[0])
      : ({ type: "pass" } as const);
    const r = applyAction(g, seat, action, view.version);
    if (!r.ok) throw new Error(r.error.message);
    g = r.value;
  }
  return g;
}

const events = (g: Game) => g.hands[g.hands.length - 1].events;

describe("board marks", () => {
  it("marks the latest bone and, once, each other seat's bone of the round since the viewer moved", () => {
    for (let seed = 1; seed <= 30; seed++) {
      for (let moves = 1; moves <= 16; moves++) {
        const g = play(seed, moves);
        const ev = events(g);
        const bones = ev.filter((e) => e.type === "play" || e.type === "pose");
        for (const viewer of [0, 1, 2, 3, null]) {
          const marks = boardMarks({ events: ev, seat: viewer });
          const last = bones[bones.length - 1];
          expect(marks.latest).toBe(last ? last.move : null);
          // The round: after the viewer's own last move (a spectator: after the latest player's previous one).
          const who = viewer ?? last?.seat;
          const mine = ev.filter(
            (e) => (e.type === "play" || e.type === "pose" || e.type === "pass") && e.seat === who && e !== last,
          );
          const since = mine[mine.length - 1]?.move ?? -1;
          for (const m of marks.recent) {
            const e = bones.find((b) => b.move === m);
            expect(e).toBeDefined();
            expect(m).toBeGreaterThan(since);
            expect(m).not.toBe(marks.latest);
          }
          const seats = marks.recent.map((m) => bones.find((b) => b.move === m)?.seat);
          expect(new Set(seats).size).toBe(seats.length);
          if (last && last.seat === viewer) expect(marks.recent).toEqual([]);
        }
      }
    }
  });
});

describe("passes at the seat", () => {
  it("shows a seat's pass until it moves again, with the penalties charged on that pass", () => {
    let sawPenalty = false;
    for (let seed = 1; seed <= 40; seed++) {
      const g = play(seed, 40);
      const ev = events(g);
      const passes = seatPasses(ev, 4);
      for (let seat = 0; seat < 4; seat++) {
        const own = ev.filter((e) => (e.type === "play" || e.type === "pose" || e.type === "pass") && e.seat === seat);
        const last = own[own.length - 1];
        if (last?.type !== "pass") {
          expect(passes[seat]).toBeNull();
          continue;
        }
        expect(passes[seat]?.move).toBe(last.move);
        const charged = ev.filter((e) => e.type === "penalty" && e.seat === seat && e.move === last.move);
        expect(passes[seat]?.penalties.length).toBe(charged.length);
        if (charged.length > 0) sawPenalty = true;
      }
    }
    expect(sawPenalty).toBe(true);
  });
});

describe("the bone in the air and the play before a charge", () => {
  it("knows a bone landed only when it was the hand's latest move", () => {
    const g = play(3, 6);
    const ev = events(g);
    const moves = g.hands[0].moves.length;
    const last = landedBone(ev, moves);
    const lastMove = ev.filter((e) => "move" in e).pop();
    if (lastMove && (lastMove.type === "play" || lastMove.type === "pose")) expect(last?.move).toBe(moves - 1);
    expect(landedBone(ev, moves + 1)).toBeNull();
  });

  it("names the play before a board-pass charge", () => {
    let seen = 0;
    for (let seed = 1; seed <= 60 && seen < 5; seed++) {
      const ev = events(play(seed, 40));
      for (const e of ev) {
        if (e.type !== "penalty" || e.kind !== "boardPass") continue;
        const before = playBefore(ev, e.move);
        expect(before).not.toBeNull();
        expect(before?.seat).not.toBe(e.seat);
        const between = ev.filter(
          (x) => (x.type === "play" || x.type === "pose") && x.move > (before?.move ?? 0) && x.move < e.move,
        );
        expect(between).toEqual([]);
        seen++;
      }
    }
    expect(seen).toBeGreaterThan(0);
  });
});

describe("the viewer's grammar", () => {
  const name = (seat: number) => ["You", "Ruby", "Kofi", "Ines"][seat];
  const pose = { type: "pose", move: 0, seat: 0, bone: 0 } as const;
  const passed = { type: "pass", move: 1, seat: 0 } as const;
  const domino = { type: "handEnd", move: 9, end: "domino", winner: 0 } as const;

  it("speaks to the viewer in every language, and of the others in the third person", () => {
    const en = translator("en");
    expect(eventText(en, 0, domino, name, 0)).toBe("You domino!");
    expect(eventText(en, 0, { ...domino, winner: 1 }, name, 0)).toBe("Ruby dominoes!");
    expect(eventText(translator("nl"), 0, domino, (s) => ["Jij", "Ruby"][s], 0)).toBe("Jij bent uit!");
    expect(eventText(translator("es"), 0, pose, (s) => ["Tú", "Ruby"][s], 0)).toBe("Saliste con 0-0");
    expect(eventText(translator("es"), 0, passed, (s) => ["Tú", "Ruby"][s], 0)).toBe("Pasaste");
    // Without a viewer (a record's own names) everyone is a third person.
    expect(eventText(en, 0, passed, (s) => ["Ana", "Bob"][s], null)).toBe("Ana passed");
  });
});
