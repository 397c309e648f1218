/**
 * "Read the table": what a seat may know about the other hands from its view alone, in facts a
 * player can check. The bots' belief (`beliefFrom`, packages/bots/src/belief.ts) says which bones
 * each seat cannot hold; here those become numbers ("Kofi has no 5") with the moments that proved
 * them: a pass while the table showed the number (in French only a bone that would have been
 * legal counts: a 5 proves nothing while 5-5 is out, F4), a board pass nobody could answer (F7),
 * or being skipped at the pose with no double (F2c). Doubles still out and bones unaccounted for
 * complete the panel.
 */

import { beliefFrom } from "@crossbones/bots";
import { ATTEMPT, type BoneMask, DOUBLES, PASS, type SeatView, SUIT } from "@crossbones/engine";

/** How a seat came to be known not to hold some bones. */
export type Evidence =
  /** It passed at move `move` with these numbers showing (French: `open` arms not yet started). */
  | { readonly kind: "pass"; readonly move: number; readonly showing: readonly number[]; readonly empty: number }
  /** It could not answer `by`'s play of `bone` (a board pass, F7). */
  | { readonly kind: "boardPass"; readonly move: number; readonly by: number; readonly bone: number }
  /** It was skipped at the pose for holding no double (F2c). */
  | { readonly kind: "noDouble" };

export interface NumberFact {
  /** The seat holds no bone showing this number. */
  readonly n: number;
  /** The moments that proved it, earliest first. */
  readonly because: readonly Evidence[];
}

export interface SeatRead {
  readonly seat: number;
  readonly handSize: number;
  /** Numbers of which some bones are still unaccounted for but none in this seat's hand. */
  readonly cannotHold: readonly NumberFact[];
  /** Bones it certainly does not hold (within the unaccounted ones). */
  readonly voids: BoneMask;
  /** Bones it certainly holds (a refused attempt showed one, or it must pose with it). */
  readonly holds: BoneMask;
}

export interface TableRead {
  readonly seat: number;
  /** One entry per other seat, in seat order. */
  readonly others: readonly SeatRead[];
  /** Doubles neither played nor in the seat's hand. */
  readonly doublesOut: BoneMask;
  /** Bones neither played nor in the seat's hand: somewhere in the other hands. */
  readonly unaccounted: BoneMask;
}

/** The seat holds none of the unaccounted bones of number `n` (and some are unaccounted). */
export function cannotHoldNumber(unknown: BoneMask, voids: BoneMask, n: number): boolean {
  const suit = SUIT[n] & unknown;
  return suit !== 0 && (suit & ~voids) === 0;
}

/** The move that made the view's last play, before history index `i` (refused attempts skipped). */
function lastPlayBefore(view: SeatView, i: number): { seat: number; move: number } | null {
  for (let j = i - 1; j >= 0; j--) {
    const h = view.history[j];
    if ((h.move & ATTEMPT) === 0 && h.move !== PASS) return h;
  }
  return null;
}

/**
 * What `views[views.length - 1]`'s seat may read at the table. `views[k]` is that seat's view after
 * the hand's first k moves (see `handViews`): the belief at each step tells when each bone became
 * known to be missing, and so which moments prove each fact.
 */
export function readTable(views: readonly SeatView[]): TableRead {
  const now = views[views.length - 1];
  const belief = beliefFrom(now);
  const unknown = belief.unknown;
  // For every seat, the evidence for each bone: the first step at which it became void.
  const since: Evidence[][][] = Array.from({ length: 4 }, () => Array.from({ length: 28 }, () => []));
  let previous = new Int32Array(4);
  for (let k = 0; k < views.length; k++) {
    const view = views[k];
    const b = beliefFrom(view);
    for (let s = 0; s < now.players; s++) {
      if (s === now.seat) continue;
      const added = b.voids[s] & ~previous[s];
      if (added === 0) continue;
      const evidence = evidenceAt(views, k, s);
      if (!evidence) continue;
      for (let bone = 0; bone < 28; bone++) if ((added & (1 << bone)) !== 0) since[s][bone].push(evidence);
    }
    // A bone once void stays void for the seat (it may leave `unknown` when played by another).
    previous = Int32Array.from(b.voids, (v, s) => v | previous[s]);
  }
  const others: SeatRead[] = [];
  for (let s = 0; s < now.players; s++) {
    if (s === now.seat) continue;
    const cannotHold: NumberFact[] = [];
    for (let n = 0; n <= 6; n++) {
      if (!cannotHoldNumber(unknown, belief.voids[s], n)) continue;
      const because: Evidence[] = [];
      const seen = new Set<string>();
      for (let bone = 0; bone < 28; bone++) {
        if ((SUIT[n] & unknown & (1 << bone)) === 0) continue;
        for (const e of since[s][bone]) {
          const key = JSON.stringify(e);
          if (!seen.has(key)) {
            seen.add(key);
            because.push(e);
          }
        }
      }
      because.sort((a, b) => order(a) - order(b));
      cannotHold.push({ n, because });
    }
    others.push({
      seat: s,
      handSize: now.table?.handSizes[s] ?? 0,
      cannotHold,
      voids: belief.voids[s],
      holds: belief.holds[s],
    });
  }
  return { seat: now.seat, others, doublesOut: DOUBLES & unknown, unaccounted: unknown };
}

function order(e: Evidence): number {
  return e.kind === "noDouble" ? -1 : e.move;
}

/** Why seat `s`'s voids grew between views k-1 and k (or at the deal, k = 0). */
function evidenceAt(views: readonly SeatView[], k: number, s: number): Evidence | null {
  if (k === 0) return { kind: "noDouble" };
  const view = views[k];
  const i = k - 1;
  const h = view.history[i];
  if (!h) return null;
  const boardPass = view.events.some((e) => e.type === "penalty" && e.kind === "boardPass" && e.move === i);
  if (boardPass) {
    const play = lastPlayBefore(view, i);
    if (play) return { kind: "boardPass", move: i, by: play.seat, bone: play.move >> 2 };
  }
  if (h.move === PASS && h.seat === s) {
    const before = views[k - 1].table;
    const ends = before ? Array.from(before.ends).filter((e) => e >= 0) : [];
    const empty = before ? before.emptyArms : 0;
    return { kind: "pass", move: i, showing: [...new Set(ends)].sort((a, b) => a - b), empty };
  }
  return null;
}
