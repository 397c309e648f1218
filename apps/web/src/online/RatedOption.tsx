/**
 * *Rated* where a table is made by hand (docs/ratings.md): its games change its people's ratings.
 * The server rates a table made by hand only with a person at every seat (a bot's seat would let
 * anyone farm points off it), so with a bot seated the box is off, and says why before any tap.
 */

import type { T } from "../i18n";

export function RatedOption({
  t,
  people,
  rated,
  onRated,
}: {
  t: T;
  /** Every seat is for a person. */
  people: boolean;
  rated: boolean;
  onRated: (rated: boolean) => void;
}) {
  return (
    <label class="check">
      <input
        type="checkbox"
        checked={rated && people}
        disabled={!people}
        aria-describedby="rated-why"
        onChange={(e) => onRated((e.target as HTMLInputElement).checked)}
        data-testid="rated"
      />
      <span>
        {t("rating.ratedOption")}{" "}
        <small id="rated-why">{t(people ? "rating.ratedWhat" : "rating.ratedPeopleOnly")}</small>
      </span>
    </label>
  );
}
