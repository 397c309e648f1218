/**
 * Seat views out (`viewFor`, `spectatorView`): plain JSON that survives a round trip, legal plays
 * that are exactly what `applyAction` accepts, every hand's totals before and after, why the
 * poser poses (F2, C3, C6, C8), and what is face up for whom.
 */

import {
  applyAction,
  dealtHands,
  type Game,
  type HandResult,
  type PoseReason,
  parseRules,
  playAction,
  spectatorView,
  viewFor,
} from "@crossbones/engine";
import { describe, expect, it } from "vitest";
import { FIRST, TIED } from "./french-hands.js";
import { deal, newGame, play, start } from "./helpers.js";
import { playRandomGame, TABLES } from "./random-game.js";

/** Every game position of a few random games per table (with penalty passes and charged attempts). */
function positions(seed: string, perTable = 2): Game[] {
  const out: Game[] = [];
  for (const [game, players] of TABLES) {
    const options = game === "french" ? { illegalPlayPenalty: 5, target: 60 } : {};
    const rules = parseRules(game, players, options);
    if (!rules.ok) throw new Error(rules.error.message);
    for (let g = 0; g < perTable; g++) {
      playRandomGame(rules.value, `${seed}-${game}-${players}-${g}`, { onStep: ({ after }) => out.push(after) });
    }
  }
  return out;
}

const GAMES = positions("views");

describe("views are plain data", () => {
  it("JSON.parse(JSON.stringify(view)) is the same view, for every seat, spectators and face-up tables", () => {
    for (const game of GAMES.filter((_, i) => i % 7 === 0)) {
      for (let seat = 0; seat < game.config.players; seat++) {
        const view = viewFor(game, seat);
        expect(JSON.parse(JSON.stringify(view))).toStrictEqual(view);
      }
      const watching = spectatorView(game, { reveal: true });
      expect(JSON.parse(JSON.stringify(watching))).toStrictEqual(watching);
    }
  });

  it("a seat that is not a seat of the game is an error, not a view with no hand", () => {
    const game = GAMES[10];
    expect(() => viewFor(game, 4)).toThrow(RangeError);
    expect(() => viewFor(game, -1)).toThrow(/not a seat/);
    expect(() => viewFor(game, 0.5)).toThrow(/not a seat/);
  });
});

describe("what a seat may do", () => {
  it("the plays listed are exactly the bones applyAction accepts, on exactly the targets listed", () => {
    let chooser = 0;
    let plain = 0;
    for (const game of GAMES) {
      const s = game.state;
      if (!s || s.over || game.finished) continue;
      const seat = s.turn;
      const view = viewFor(game, seat);
      const listed = new Map(view.plays.map((p) => [p.bone, p]));
      for (let bone = 0; bone < 28; bone++) {
        if ((view.hand & (1 << bone)) === 0) continue;
        const play = listed.get(bone);
        const bare = applyAction(game, seat, playAction(view.layout, bone), view.version);
        if (!play) {
          // Not playable: refused, or (at a strict table) refused and charged.
          expect(!bare.ok || bare.charged !== null).toBe(true);
          continue;
        }
        expect(bare.ok && bare.charged === null).toBe(!play.choose);
        if (play.choose) {
          chooser++;
          expect(bare.ok ? null : bare.error.code).toBe("choose-target");
        } else plain++;
        if (view.phase === "pose") continue;
        for (let t = 0; t < (view.layout === 0 ? 4 : 2); t++) {
          const r = applyAction(game, seat, playAction(view.layout, bone, t), view.version);
          expect(r.ok && r.charged === null).toBe(play.targets.includes(t));
        }
      }
      const passed = applyAction(game, seat, { type: "pass" }, view.version);
      expect(passed.ok).toBe(view.canPass);
      if (passed.ok) {
        const cost = (passed.value.hands.at(-1)?.events ?? [])
          .filter((e) => e.type === "penalty" && e.kind === "passWhenAble" && e.move === view.history.length)
          .reduce((n, e) => n + (e.type === "penalty" ? e.points : 0), 0);
        expect(cost).toBe(view.passCost);
      }
      // Nobody else has anything to do.
      for (let other = 0; other < game.config.players; other++) {
        if (other === seat) continue;
        const v = viewFor(game, other);
        expect([v.plays.length, v.legalMoves.length, v.canPass]).toEqual([0, 0, false]);
      }
    }
    expect(chooser).toBeGreaterThan(20);
    expect(plain).toBeGreaterThan(1000);
  });
});

describe("hands and results", () => {
  it("each hand's totals after are the next hand's totals before; the last are the game's totals", () => {
    let hands = 0;
    for (const game of GAMES.filter((g) => g.finished || g.state?.over)) {
      const results = viewFor(game, 0).results.filter((r): r is HandResult => r !== null);
      expect(results[0].before.every((t) => t === 0)).toBe(true);
      for (let h = 1; h < results.length; h++) expect(results[h].before).toEqual(results[h - 1].after);
      if (game.state?.over && game.resigned === null) expect(results.at(-1)?.after).toEqual(game.totals);
      for (const r of results) {
        if (r.french) {
          // F10: the French totals add each seat's score and penalties.
          expect(r.after).toEqual(r.before.map((t, s) => t + r.score[s] + r.penalties[s]));
        }
        hands++;
      }
    }
    expect(hands).toBeGreaterThan(200);
  });

  it("a seat sees its own bones; everyone's show once the hand is over, or on a face-up practice table", () => {
    for (const game of GAMES) {
      const s = game.state;
      if (!s) continue;
      const over = s.over;
      const watching = spectatorView(game);
      expect(watching.seat).toBe(null);
      expect(watching.hands.every((h) => (over ? h !== null : h === null))).toBe(true);
      for (let seat = 0; seat < game.config.players; seat++) {
        const view = viewFor(game, seat);
        view.hands.forEach((h, i) => {
          expect(h === null).toBe(!over && i !== seat);
          if (h !== null) expect(h).toBe(s.hands[i]);
        });
        expect(viewFor(game, seat, { reveal: true }).hands).toEqual(Array.from(s.hands.subarray(0, s.players)));
        expect(view.handSizes).toEqual(
          Array.from(s.hands.subarray(0, s.players)).map((m) => m.toString(2).split("1").length - 1),
        );
      }
    }
  });
});

describe("the deal a view shows", () => {
  it("once every hand is face up, each seat's bones left and played are its deal; never before", () => {
    let over = 0;
    for (const game of GAMES) {
      const s = game.state;
      if (!s) continue;
      const hand = game.hands[game.hands.length - 1];
      const shown = dealtHands(spectatorView(game));
      if (s.over) {
        expect(shown).toEqual(hand.deal);
        over++;
      } else {
        expect(shown).toBeNull();
        expect(dealtHands(viewFor(game, 0))).toBeNull();
        // A practice table with every hand face up shows the deal at any move.
        expect(dealtHands(viewFor(game, 0, { reveal: true }))).toEqual(hand.deal);
      }
    }
    expect(over).toBeGreaterThan(100);
  });
});

describe("why the poser poses", () => {
  it("F2 / C3 / C6 / C8: the reason follows from the last hand, and the poser is the seat it names", () => {
    const seen = new Map<PoseReason, number>();
    for (const game of GAMES) {
      if (game.hands.length === 0 || game.state?.moveCount !== 0 || game.state.phase !== 0) continue;
      const view = viewFor(game, 0);
      const pose = view.pose;
      if (!pose) throw new Error("a dealt hand without pose information");
      seen.set(pose.reason, (seen.get(pose.reason) ?? 0) + 1);
      expect(pose.seat).toBe(view.turn);
      const previous = game.hands.at(-2)?.result ?? null;
      const french = game.rules.game === "french";
      if (!previous) {
        expect(pose.reason).toBe("first");
        expect(pose.bone).toBe(french ? 0 : 27);
        continue;
      }
      if (french) {
        if (previous.winner === null) {
          expect(pose).toMatchObject({ reason: "no-winner", bone: 0, double: false });
        } else {
          expect(pose.winner).toBe(previous.winner);
          expect(pose.double).toBe(true);
          expect(pose.reason).toBe(pose.seat === previous.winner ? "winner" : "next-with-double");
        }
      } else if (previous.line?.draw) {
        expect(pose).toMatchObject({ reason: previous.line.oneAllPlayTwo ? "one-all-play-two" : "draw", bone: 27 });
      } else if (game.next.oneAllPlayTwo || game.hands.at(-1)?.rule.oneAllPlayTwo) {
        expect(pose).toMatchObject({ reason: "one-all-play-two", bone: 27 });
      } else {
        expect(pose).toMatchObject({ reason: "winner", seat: previous.winner, bone: null, double: false });
      }
    }
    for (const reason of ["first", "draw", "one-all-play-two", "winner", "next-with-double"] as const) {
      expect(seen.get(reason) ?? 0, reason).toBeGreaterThan(0);
    }
  });

  it("F2d after a French hand with no winner the holder of 0-0 poses it", () => {
    const tied = play(start(newGame("french", 4), deal(...TIED.deal)), ...TIED.moves);
    expect(tied.hands[0].result?.winner).toBe(null);
    const next = start(tied, deal(...FIRST.deal));
    expect(viewFor(next, 2).pose).toEqual({ seat: 0, reason: "no-winner", bone: 0, double: false, winner: null });
  });
});
