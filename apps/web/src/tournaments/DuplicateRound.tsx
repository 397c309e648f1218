/**
 * A duplicate round's tables on a tournament's page: each table's four players by seat (a bot in a
 * seat nobody holds), being played or each one's points for the round once done, and *Replay* once
 * the round is over. Never *Watch*: a duplicate table plays deals the other tables are still
 * playing, so nobody but its players may see it (its players' way in is the page's *Play*).
 */

import type { T } from "../i18n";
import type { TournamentAnswer } from "./api";
import { type DuplicateTableView, duplicateTables } from "./duplicate";
import { entrantName } from "./standing";

export function DuplicateRound({
  t,
  tour,
  round,
  viewer,
  onReplay,
}: {
  t: T;
  tour: TournamentAnswer;
  /** The round's index (from 0). */
  round: number;
  /** This device's player, if any. */
  viewer: string | null;
  /** Opens a finished table's record. */
  onReplay: (record: string) => void;
}) {
  const tables = duplicateTables(tour.rounds[round], viewer);
  return (
    <ul class="tour-tables">
      {tables.map((table) => (
        <DuplicateTable key={table.number} t={t} tour={tour} round={round} table={table} onReplay={onReplay} />
      ))}
    </ul>
  );
}

const STATE_KEYS = { waiting: "tour.dup.waiting", playing: "tour.dup.playing", done: "tour.dup.done" } as const;

function DuplicateTable({
  t,
  tour,
  round,
  table,
  onReplay,
}: {
  t: T;
  tour: TournamentAnswer;
  round: number;
  table: DuplicateTableView;
  onReplay: (record: string) => void;
}) {
  const heading = `tour-r${round}-t${table.number}`;
  const { record } = table;
  return (
    <li class={table.mine ? "tour-table tour-table-mine" : "tour-table"} data-testid="tour-table">
      <h3 id={heading}>
        {t("tour.dup.table", { n: table.number })}
        {table.mine && <span class="tour-yours"> · {t("tour.dup.yours")}</span>}
      </h3>
      <ol class="tour-seats" aria-labelledby={heading}>
        {table.seats.map((seat, s) => (
          <li key={s} data-testid="tour-seat">
            <span>
              {seat.player === null ? <span class="muted">{t("tour.dup.bot")}</span> : entrantName(tour, seat.player)}
              {seat.absent && <span class="muted"> ({t("tour.dup.absent")})</span>}
            </span>
            {seat.points !== null && <span class="num">{t("tour.dup.points", { n: seat.points })}</span>}
          </li>
        ))}
      </ol>
      <p class="tour-table-state">
        <span class="muted" data-testid="tour-table-state">
          {t(STATE_KEYS[table.state])}
          {table.replaySoon && ` ${t("tour.dup.replaySoon")}`}
        </span>
        {record && (
          <button
            type="button"
            class="ghost"
            onClick={() => onReplay(record)}
            aria-label={t("tour.dup.replayTable", { n: table.number, round: round + 1 })}
          >
            {t("tour.replay")}
          </button>
        )}
      </p>
    </li>
  );
}
