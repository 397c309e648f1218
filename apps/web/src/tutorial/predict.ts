/**
 * Predictions: the true answer, the choices offered and the explanation shown once the learner
 * has answered, all computed by the engine from the position.
 */

import { type Game, makeBone, sideOf } from "@crossbones/engine";
import { PENALTY_KEYS } from "../i18n";
import type { Ask, TextRef } from "./model";
import { seatText } from "./moves";

/** An answer the learner can pick. */
export interface Choice {
  readonly value: number;
  readonly label: TextRef;
}

function lastResult(game: Game) {
  const hand = game.hands[game.hands.length - 1];
  return hand?.result ?? null;
}

function lastFrench(game: Game, seat: number) {
  const french = lastResult(game)?.french;
  if (!french) throw new Error("a score prediction needs a finished French hand");
  return french[seat];
}

/** The engine's answer to a prediction in this position. */
export function answerOf(game: Game, ask: Ask): number {
  switch (ask.kind) {
    case "score":
      return lastFrench(game, ask.seat).score;
    case "penalties": {
      const state = game.state;
      if (!state) throw new Error("a penalty prediction needs a hand");
      return state.penalties(ask.seat);
    }
    case "handWinner": {
      const result = lastResult(game);
      if (!result) throw new Error("a winner prediction needs a finished hand");
      return result.winner ?? -1;
    }
    case "teamWinner": {
      const result = lastResult(game);
      if (!result) throw new Error("a winner prediction needs a finished hand");
      return result.winner === null ? -1 : sideOf(game.rules, result.winner);
    }
    case "setWinner":
      return game.finished ? (game.winner ?? -1) : -1;
    case "matchPoints":
      return game.totals[ask.side];
  }
}

const number = (n: number): TextRef => ({ key: "choice_number", params: { n } });

/** The choices offered for a prediction; the answer is always among them. */
export function choicesOf(game: Game, ask: Ask): Choice[] {
  const answer = answerOf(game, ask);
  const players = game.config.players;
  switch (ask.kind) {
    case "score": {
      const f = lastFrench(game, ask.seat);
      const base = f.count;
      const values = new Set([base, base * 2, base * 4, answer]);
      if (values.size < 3) values.add(answer + 10);
      if (values.size < 3) values.add(answer * 2 + 10);
      return [...values].sort((a, b) => a - b).map((value) => ({ value, label: number(value) }));
    }
    case "penalties": {
      const unit = Math.max(game.config.passStreakPenalty, game.config.boardPassPenalty, 1);
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

function sideText(game: Game, side: number): TextRef {
  return game.rules.game === "partner" ? { key: side === 0 ? "yourTeam" : "team_1" } : seatText(side);
}

/** The reasoning behind the answer, line by line, from the engine's result. */
export function revealOf(game: Game, ask: Ask): TextRef[] {
  const lines: TextRef[] = [];
  const result = lastResult(game);
  switch (ask.kind) {
    case "score": {
      const f = lastFrench(game, ask.seat);
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
      const state = game.state;
      if (state?.dominoWithDouble && ask.seat !== state.winner) {
        const winner = seatText(state.winner);
        const bone = makeBone(state.lastBone);
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
      const hand = game.hands[game.hands.length - 1];
      for (const e of hand.events) {
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
          params: { name: seatText(result.winner), team: sideText(game, sideOf(game.rules, result.winner)) },
        });
      } else lines.push({ key: "rv_handWinner", params: { name: seatText(result.winner) } });
      return lines;
    }
    case "setWinner": {
      const totals = game.totals.map((n, seat) => ({
        key: "rv_countOf" as const,
        params: { name: seatText(seat), n },
      }));
      lines.push({ key: "rv_totals", params: { list: totals } });
      lines.push(
        game.finished && game.winner !== null
          ? { key: "setWinner", params: { name: seatText(game.winner) } }
          : { key: "rv_setGoesOn" },
      );
      return lines;
    }
    case "matchPoints": {
      const line = result?.line;
      if (line?.bruk) lines.push({ key: "rv_bruk" });
      else if (line?.oneAllPlayTwo) lines.push({ key: "rv_oneAllPlayTwo" });
      const totals = game.totals.map((n, side) => ({
        key: "rv_countOf" as const,
        params: { name: sideText(game, side), n },
      }));
      lines.push({ key: "rv_points", params: { list: totals } });
      return lines;
    }
  }
}
