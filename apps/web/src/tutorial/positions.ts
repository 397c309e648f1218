/**
 * Lesson positions: compact specs turned into crossbones-record/1 documents and replayed by the
 * engine's own record reader, exactly as an imported game would be.
 */

import { type Game, type GameRecord, parseRecord, RECORD_FORMAT } from "@crossbones/engine";
import type { Position, PositionSpec } from "./model";

/** The game record a position spec stands for. */
export function toRecord(spec: PositionSpec): GameRecord {
  return {
    format: RECORD_FORMAT,
    game: spec.game,
    players: spec.players,
    rules: { ...(spec.rules ?? {}) },
    hands: spec.hands.map((hand) => ({
      deal: hand.deal.map(words),
      moves: words(hand.moves),
    })),
  };
}

function words(text: string): string[] {
  const trimmed = text.trim();
  return trimmed === "" ? [] : trimmed.split(/\s+/);
}

/** A position the engine refuses: the lesson is out of date with the rules. */
export class LessonPositionError extends Error {}

const cache = new WeakMap<PositionSpec, Game>();

/** Replays a position's record (through JSON text, as a file would be read); cached per spec. */
export function gameOf(spec: PositionSpec): Game {
  const cached = cache.get(spec);
  if (cached) return cached;
  const replayed = parseRecord(JSON.stringify(toRecord(spec)));
  if (!replayed.ok) {
    const { hand, move, message } = replayed.error;
    throw new LessonPositionError(`lesson position invalid at hand ${hand}, move ${move}: ${message}`);
  }
  cache.set(spec, replayed.value.game);
  return replayed.value.game;
}

export function positionGame(position: Position): Game {
  return gameOf(position.spec);
}

/** A spec with only the first `hands` hands, the last of them cut after `moves` moves. */
export function cutSpec(spec: PositionSpec, hands: number, moves?: number): PositionSpec {
  const kept = spec.hands.slice(0, hands);
  if (moves === undefined) return { ...spec, hands: kept };
  const last = kept[kept.length - 1];
  const cut = { ...last, moves: words(last.moves).slice(0, moves).join(" ") };
  return { ...spec, hands: [...kept.slice(0, -1), cut] };
}

/** A spec with `more` moves appended to its last hand. */
export function extendSpec(spec: PositionSpec, more: string): PositionSpec {
  const last = spec.hands[spec.hands.length - 1];
  const moves = [...words(last.moves), ...words(more)].join(" ");
  return { ...spec, hands: [...spec.hands.slice(0, -1), { ...last, moves }] };
}
