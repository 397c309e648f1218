/** How many play Cut Throat (the one game with a choice), as on home and when making an online table. */

import { PLAYER_COUNTS } from "@crossbones/engine";
import type { T } from "../i18n";

export function PlayerCount({
  t,
  name,
  players,
  onPlayers,
}: {
  t: T;
  /** The radio group's name (unique on the page). */
  name: string;
  players: number;
  onPlayers: (n: number) => void;
}) {
  return (
    <fieldset class="row">
      <legend>{t("players")}</legend>
      {PLAYER_COUNTS.cutthroat.map((n) => (
        <label key={n} class="pill">
          <input type="radio" name={name} checked={players === n} onChange={() => onPlayers(n)} />
          {t("playersN", { n })}
        </label>
      ))}
    </fieldset>
  );
}
