/**
 * What a table's frames say besides the game's view: its seats, who is here, its clock, the coming
 * deal's commitment and the last hand's proof, as the protocol's `TableInfo`; and the small
 * `presence` message sent when only who is here changed. Read off the table's state (pure), with
 * times as durations from `now`, the frame's making.
 */

import type { ServerMessage, TableInfo, TableSetup } from "@crossbones/protocol";
import {
  bankLeft,
  betweenHands,
  dealAt,
  isHere,
  isPaused,
  type Proof,
  seatOf,
  type TableState,
  turnDeadline,
} from "@crossbones/table";

/** The table as `you` (a seat, or null for a spectator) is told it at `now`. */
export function tableInfo(s: TableState, setup: TableSetup, you: number | null, now: number): TableInfo {
  const deadline = turnDeadline(s);
  const next = betweenHands(s) && s.pending && !s.pending.sealed && !isPaused(s) ? dealAt(s, s.pending) : null;
  const maker = seatOf(s, s.maker);
  return {
    code: s.code,
    setup,
    seats: s.seats.map((seat, i) => ({
      seat: i,
      name: seat.kind === "open" ? "" : seat.name,
      kind: seat.kind,
      level: seat.kind === "bot" ? seat.level : null,
      program: seat.kind === "human" && seat.program === true,
      ...(seat.kind === "human" ? { player: seat.player } : {}),
      connected: isHere(s, seat),
      away: s.away[i],
      bankMs: s.table.clock === null ? null : Math.round(bankLeft(s, i, now) * 1000),
    })),
    you,
    status: s.status,
    maker: maker >= 0 ? maker : null,
    turnMs: deadline === null ? null : Math.max(0, Math.round(deadline - now)),
    nextHandMs: next === null ? null : Math.max(0, Math.round(next - now)),
    paused: isPaused(s),
    serverTime: now,
    rematch: [...s.asked],
    ready: [...s.ready],
    game: s.gameIndex,
    ...fairness(s),
    ...(s.timeUp ? { timeUp: true as const } : {}),
  };
}

/** Who is here, as the `presence` message says it. */
export function presenceOf(s: TableState): Extract<ServerMessage, { t: "presence" }> {
  return {
    t: "presence",
    table: s.code,
    seats: s.seats.map((seat, i) => ({ connected: isHere(s, seat), away: s.away[i] })),
    ready: [...s.ready],
    paused: isPaused(s),
  };
}

/** The coming or current deal's commitment, and the proof of the hand just over. */
function fairness(s: TableState): Pick<TableInfo, "fair" | "proof"> {
  const last = s.proofs[s.game.hands.length - 1] ?? null;
  const p = s.pending;
  if (p) {
    const seeded = p.seeds.flatMap((seed, i) => (seed === null ? [] : [i]));
    const noSeeds = s.table.duplicate !== undefined ? { noSeeds: true as const } : {};
    return { fair: { hand: p.hand, commitment: p.commitment, dealt: false, seeded, ...noSeeds }, proof: wire(last) };
  }
  if (!last) return { fair: null, proof: null };
  const hand = s.game.state;
  if (hand && !hand.over && !s.game.finished) {
    const seeded = last.seeds.flatMap((seed, i) => (seed === null ? [] : [i]));
    return { fair: { hand: last.hand, commitment: last.commitment, dealt: true, seeded }, proof: null };
  }
  return { fair: null, proof: wire(last) };
}

/** A proof as the protocol sends it. */
function wire(proof: Proof | null): TableInfo["proof"] {
  return proof ? { ...proof, seeds: [...proof.seeds] } : null;
}
