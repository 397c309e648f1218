/**
 * The end-of-hand score sheet as data: for every seat, each number that went into its score and
 * why, read from the engine's hand result in a seat view (never recomputed: the result carries the
 * totals before and after the hand, the French breakdown and the line outcome), so the sheet always
 * agrees with the engine. The UI turns each line into words; `formula` is language-neutral.
 */

import {
  type Bone,
  type FrenchScore,
  type GameEvent,
  type HandResult,
  PENALTY_KINDS,
  type PenaltyKind,
  type Rules,
} from "@crossbones/engine";
import { playBefore } from "./marks";

/** A play named with its player: what a board pass followed. */
export interface PlayBy {
  readonly seat: number;
  readonly bone: Bone;
}
export type SheetLine =
  /** Pips left in the hand (0-0 valued as the rules say). */
  | {
      readonly kind: "count";
      readonly count: number;
      readonly bones: readonly Bone[];
      /** What 0-0 counted, when it was left in the hand and is worth more than 0; else null. */
      readonly doubleBlank: number | null;
    }
  /** The player at `seat` went out: nothing left to count. */
  | { readonly kind: "wentOut"; readonly seat: number }
  /** F9a once / each: held doubles multiply the score. */
  | { readonly kind: "heldFactor"; readonly doubles: readonly Bone[]; readonly factor: number; readonly each: boolean }
  /** F9a pips: the held doubles' pips count again. */
  | { readonly kind: "heldPips"; readonly doubles: readonly Bone[]; readonly pips: number }
  /** F9b: the winner went out with a double. */
  | { readonly kind: "winnerDouble"; readonly bone: Bone; readonly factor: number }
  /** F9c without stacking: the winner's double does not apply to a player holding a double. */
  | { readonly kind: "winnerDoubleOverridden"; readonly bone: Bone }
  /**
   * F5–F7 penalties charged during the hand; never multiplied. A board pass names the plays that
   * caused it (from the hand's events: the play before each charge).
   */
  | {
      readonly kind: "penalty";
      readonly penalty: PenaltyKind;
      readonly points: number;
      readonly times: number;
      readonly after: readonly PlayBy[];
    };

export interface FrenchSheetRow {
  readonly seat: number;
  readonly winner: boolean;
  readonly lines: readonly SheetLine[];
  /** The hand score after multipliers, penalties excluded. */
  readonly score: number;
  readonly penalties: number;
  /** score + penalties: what the hand adds to the total. */
  readonly added: number;
  readonly before: number;
  readonly after: number;
  /** ["(11 + 4) × 2 × 2 = 60", "60 + 10 = 70"]: the arithmetic, one true equation a line. */
  readonly formula: readonly string[];
}

export interface FrenchSheet {
  readonly kind: "french";
  readonly end: "domino" | "blocked";
  readonly winner: number | null;
  /** The bone the winner went out with, when it was a double (F9b). */
  readonly winningDouble: Bone | null;
  readonly rows: readonly FrenchSheetRow[];
  readonly target: number;
}

export interface LineSheet {
  readonly kind: "line";
  readonly end: "domino" | "blocked";
  /** Winning seat, or null for a draw. */
  readonly winner: number | null;
  /** The side (player, or team in Partner) that scored. */
  readonly side: number | null;
  readonly counts: readonly number[];
  readonly worth: number;
  readonly draw: boolean;
  readonly oneAllPlayTwo: boolean;
  readonly bruk: boolean;
  readonly before: readonly number[];
  /** Points the hand gave each side (the winner's +1 or +2, also on a bruk). */
  readonly points: readonly number[];
  /** Before + points: what each side had before a bruk or one-all-play-two reset (= after without one). */
  readonly reached: readonly number[];
  readonly after: readonly number[];
  readonly teams: boolean;
}

export type HandSheet = FrenchSheet | LineSheet;

export function frenchLines(
  f: FrenchScore,
  winner: number | null,
  winningDouble: Bone | null,
  doubleBlankValue: number,
  events: readonly GameEvent[] = [],
): SheetLine[] {
  const lines: SheetLine[] = [];
  if (f.bones.length === 0 && winner === f.seat) lines.push({ kind: "wentOut", seat: f.seat });
  else
    lines.push({
      kind: "count",
      count: f.count,
      bones: f.bones,
      doubleBlank: f.bones.includes(0) && doubleBlankValue > 0 ? doubleBlankValue : null,
    });
  if (f.heldPips > 0 || (f.heldDoubles.length > 0 && f.heldFactor === 1)) {
    lines.push({ kind: "heldPips", doubles: f.heldDoubles, pips: f.heldPips });
  } else if (f.heldFactor > 1) {
    lines.push({ kind: "heldFactor", doubles: f.heldDoubles, factor: f.heldFactor, each: f.heldDoubles.length > 1 });
  }
  if (winningDouble !== null && f.winnerDoubleFactor > 1) {
    lines.push({ kind: "winnerDouble", bone: winningDouble, factor: f.winnerDoubleFactor });
  }
  if (winningDouble !== null && f.winnerDoubleOverridden)
    lines.push({ kind: "winnerDoubleOverridden", bone: winningDouble });
  for (const kind of PENALTY_KINDS) {
    const points = f.penalties[kind];
    if (points > 0) {
      const after = kind === "boardPass" ? boardPassCauses(events, f.seat) : [];
      lines.push({ kind: "penalty", penalty: kind, points, times: f.penaltyTimes[kind], after });
    }
  }
  return lines;
}

/**
 * The arithmetic as true equations, one a line: how the hand score was made ("(11 + 4) × 2 × 2 =
 * 60", or just "11"), then what the penalties add ("60 + 10 = 70"). Never a chain
 * like "8 × 2 = 16 + 20 = 36", whose middle is not an equation.
 */
export function formula(f: FrenchScore): string[] {
  const factors: number[] = [];
  if (f.heldFactor > 1) factors.push(f.heldFactor);
  if (f.winnerDoubleFactor > 1) factors.push(f.winnerDoubleFactor);
  const base = f.heldPips > 0 ? `${f.count} + ${f.heldPips}` : String(f.count);
  const out: string[] = [];
  if (factors.length > 0) out.push(`${[f.heldPips > 0 ? `(${base})` : base, ...factors].join(" × ")} = ${f.score}`);
  else if (f.heldPips > 0) out.push(`${base} = ${f.score}`);
  else out.push(String(f.score));
  if (f.penaltyTotal > 0) out.push(`${f.score} + ${f.penaltyTotal} = ${f.score + f.penaltyTotal}`);
  return out;
}

/** The plays after which `seat` was charged a board pass, in order. */
export function boardPassCauses(events: readonly GameEvent[], seat: number): PlayBy[] {
  const out: PlayBy[] = [];
  for (const e of events) {
    if (e.type !== "penalty" || e.kind !== "boardPass" || e.seat !== seat) continue;
    const play = playBefore(events, e.move);
    if (play) out.push({ seat: play.seat, bone: play.bone });
  }
  return out;
}

/**
 * The sheet of a finished hand, from its result (`SeatView.results[h]`), the game's rules and the
 * hand's events (`SeatView.events` while the hand is the last one).
 */
export function handSheet(result: HandResult, rules: Rules, events: readonly GameEvent[] = []): HandSheet {
  if (result.french && rules.game === "french") {
    const rows = result.french.map(
      (f): FrenchSheetRow => ({
        seat: f.seat,
        winner: result.winner === f.seat,
        lines: frenchLines(f, result.winner, result.winningDouble, rules.options.doubleBlankValue, events),
        score: f.score,
        penalties: f.penaltyTotal,
        added: f.score + f.penaltyTotal,
        before: result.before[f.seat],
        after: result.after[f.seat],
        formula: formula(f),
      }),
    );
    return {
      kind: "french",
      end: result.end,
      winner: result.winner,
      winningDouble: result.winningDouble,
      rows,
      target: rules.options.target,
    };
  }
  const line = result.line;
  const points = result.points ?? result.before.map(() => 0);
  return {
    kind: "line",
    end: result.end,
    winner: result.winner,
    side: line?.side ?? null,
    counts: result.counts,
    worth: line?.worth ?? 0,
    draw: line?.draw ?? false,
    oneAllPlayTwo: line?.oneAllPlayTwo ?? false,
    bruk: line?.bruk ?? false,
    before: result.before,
    points,
    reached: result.before.map((b, s) => b + (points[s] ?? 0)),
    after: result.after,
    teams: rules.game === "partner",
  };
}
