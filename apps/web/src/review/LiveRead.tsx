/**
 * "Read the table" beside a practice game: the panel for the seat's view of the hand in progress
 * (never the face-up practice hands). Loaded when first asked for.
 */

import { type Game, makeRecord } from "@crossbones/engine";
import { useMemo } from "preact/hooks";
import type { T } from "../i18n";
import { handViews } from "./decisions";
import { ReadTablePanel } from "./ReadTable";
import { readTable } from "./read";
import "./review.css";

export function LiveRead({ t, game, seat, name }: { t: T; game: Game; seat: number; name: (seat: number) => string }) {
  const read = useMemo(() => {
    const hand = game.hands.length - 1;
    if (hand < 0) return null;
    const views = handViews(makeRecord(game), hand, seat);
    return views.length > 0 ? readTable(views) : null;
  }, [game, seat]);
  if (!read) return null;
  return (
    <aside class="read-float">
      <ReadTablePanel t={t} read={read} name={name} />
    </aside>
  );
}
