/**
 * Predictions: the true answer, the choices offered and the explanation shown once the learner
 * has answered, all read from the engine's view of the position (its hand results, penalties and
 * totals); nothing is counted here.
 */

import { type Game, makeBone, type SeatView, sideOf } from "@crossbones/engine";
import { PENALTY_KEYS } from "../i18n";
import type { Ask, TextRef } from "./model";
import { lessonView, seatText } from "./moves";

/** An answer the learner can pick. */
export interface Choice {
  readonly value: number;
  readonly label: TextRef;
}

function lastResult(view: SeatView) {
  return view.results[view.handIndex] ?? null;
}

function lastFrench(view: SeatView, seat: number) {
  const french = lastResult(view)?.french;
  if (!french) throw new Error("a score prediction needs a finished French hand");
  return french[seat];
}

/** The engine's answer to a prediction in this position. */
export function answerOf(game: Game, ask: Ask): number {
  const view = lessonView(game);
  switch (ask.kind) {
    case "score":
      return lastFrench(view, ask.seat).score;
    case "penalties":
      if (view.handIndex < 0) throw new Error("a penalty prediction needs a hand");
      return view.penalties[ask.seat];
    case "handWinner": {
      const result = lastResult(view);
      if (!result) throw new Error("a winner prediction needs a finished hand");
      return result.winner ?? -1;
    }
    case "teamWinner": {
      const result = lastResult(view);
      if (!result) throw new Error("a winner prediction needs a finished hand");
      return result.line?.side ?? -1;
    }
    case "setWinner":
      return view.finished ? (view.winner ?? -1) : -1;
    case "matchPoints":
      return view.totals[ask.side];
  }
}

const number = (n: number): TextRef => ({ key: "choice_number", params: { n } });

/** The choices offered for a prediction; the answer is always among them. */
export function choicesOf(game: Game, ask: Ask): Choice[] {
  const answer = answerOf(game, ask);
  const view = lessonView(game);
  const players = view.players;
  switch (ask.kind) {
    case "score": {
      const f = lastFrench(view, ask.seat);
      const base = f.count;
      const values = new Set([base, base * 2, base * 4, answer]);
      if (values.size < 3) values.add(answer + 10);
      if (values.size < 3) values.add(answer * 2 + 10);
      return [...values].sort((a, b) => a - b).map((value) => ({ value, label: number(value) }));
    }
    case "penalties": {
      const o = view.rules.game === "french" ? view.rules.options : null;
      const unit = Math.max(o?.passStreakPenalty ?? 0, o?.boardPassPenalty ?? 0, 1);
      const values = new Set([0, unit, 2 * unit, 3 * unit, answer]);
      return [...values].sort((a, b) => a - b).map((value) => ({ value, label: number(value) }));
    }
    case "handWinner":
    case "setWinner": {
      const seats = Array.from({ length: players }, (_, seat) => ({ value: seat, label: seatText(seat) }));
      return [...seats, { value: -1, label: { key: ask.kind === "setWinner" ? "choice_playOn" : "choice_nobody" } }];
    }
    case "teamWinner":
      return [
        { value: 0, label: { key: "yourTeam" } },
        { value: 1, label: { key: "team_1" } },
        { value: -1, label: { key: "choice_draw" } },
      ];
    case "matchPoints": {
      const values = new Set([0, 1, 2, 3, answer]);
      return [...values].sort((a, b) => a - b).map((value) => ({ value, label: number(value) }));
    }
  }
}

function sideText(view: SeatView, side: number): TextRef {
  return view.rules.game === "partner"
    ? { key: side === sideOf(view.rules, view.seat) ? "yourTeam" : "team_1" }
    : seatText(side);
}

/** The reasoning behind the answer, line by line, from the engine's result. */
export function revealOf(game: Game, ask: Ask): TextRef[] {
  const lines: TextRef[] = [];
  const view = lessonView(game);
  const result = lastResult(view);
  switch (ask.kind) {
    case "score": {
      const f = lastFrench(view, ask.seat);
      const name = seatText(ask.seat);
      const bones = f.bones.map(makeBone).join(" ");
      lines.push(
        f.bones.length === 0
          ? { key: "rv_wentOut", params: { name } }
          : { key: "rv_count", params: { name, bones, n: f.count } },
      );
      const doubles = f.heldDoubles.map(makeBone).join(" ");
      if (f.heldPips > 0) lines.push({ key: "rv_heldPips", params: { doubles, pips: f.heldPips } });
      else if (f.heldFactor > 1) lines.push({ key: "rv_held", params: { doubles, factor: f.heldFactor } });
      if (result && result.winningDouble !== null && result.winner !== null && ask.seat !== result.winner) {
        const winner = seatText(result.winner);
        const bone = makeBone(result.winningDouble);
        lines.push(
          f.winnerDoubleOverridden
            ? { key: "rv_overridden", params: { name: winner, bone } }
            : { key: "rv_winnerDouble", params: { name: winner, bone } },
        );
      }
      lines.push({ key: "rv_score", params: { n: f.score } });
      return lines;
    }
    case "penalties": {
      for (const e of view.events) {
        if (e.type === "penalty" && e.seat === ask.seat) {
          lines.push({ key: "rv_penalty", params: { kind: { key: PENALTY_KEYS[e.kind] }, n: e.points } });
        }
      }
      lines.push({ key: "rv_penaltyTotal", params: { name: seatText(ask.seat), n: answerOf(game, ask) } });
      return lines;
    }
    case "handWinner":
    case "teamWinner": {
      if (!result) return lines;
      const counts = result.counts.map((n, seat) => ({
        key: "rv_countOf" as const,
        params: { name: seatText(seat), n },
      }));
      lines.push({ key: result.end === "blocked" ? "rv_blockedCounts" : "rv_counts", params: { list: counts } });
      if (result.winner === null) lines.push({ key: "rv_noWinner" });
      else if (ask.kind === "teamWinner") {
        lines.push({
          key: "rv_teamWins",
          params: { name: seatText(result.winner), team: sideText(view, sideOf(view.rules, result.winner)) },
        });
      } else lines.push({ key: "rv_handWinner", params: { name: seatText(result.winner) } });
      return lines;
    }
    case "setWinner": {
      const totals = view.totals.map((n, seat) => ({
        key: "rv_countOf" as const,
        params: { name: seatText(seat), n },
      }));
      lines.push({ key: "rv_totals", params: { list: totals } });
      lines.push(
        view.finished && view.winner !== null
          ? { key: "setWinner", params: { name: seatText(view.winner) } }
          : { key: "rv_setGoesOn" },
      );
      return lines;
    }
    case "matchPoints": {
      const line = result?.line;
      if (line?.bruk) lines.push({ key: "rv_bruk" });
      else if (line?.oneAllPlayTwo) lines.push({ key: "rv_oneAllPlayTwo" });
      const totals = view.totals.map((n, side) => ({
        key: "rv_countOf" as const,
        params: { name: sideText(view, side), n },
      }));
      lines.push({ key: "rv_points", params: { list: totals } });
      return lines;
    }
  }
}
