/**
 * How a rated game moved its people's ratings, at the end of the game (docs/ratings.md): per
 * person "700 → 838 (+138)", provisional while they have few rated games, and whether they left
 * (a leaver counts as last). Until the server has kept the ratings and said so, "updating".
 */

import type { T } from "../i18n";
import { direction, ratingChange, ratingDigits } from "../view/ratings";
import type { RatedGame } from "./client";
import "../ratings/ratings.css";

const DIRECTION_KEYS = { up: "rating.up", down: "rating.down", same: "rating.same" } as const;

export function RatingChanges({ t, rated, name }: { t: T; rated: RatedGame | null; name: (seat: number) => string }) {
  return (
    // A status: the change may arrive while the dialog is open, and is said when it does.
    <div class="rating-changes" role="status" data-testid="rating-changes">
      {rated === null ? (
        <p class="loading">{t("rating.updating")}</p>
      ) : rated.ratings.length === 0 ? (
        <p>{t("rating.notRated")}</p>
      ) : (
        <table class="sheet-table">
          <caption>{t("rating.changes")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("players")}</th>
              <th scope="col">{t("rating.rating")}</th>
            </tr>
          </thead>
          <tbody>
            {rated.ratings.map((r) => {
              const before = ratingDigits(r.before);
              const after = ratingDigits(r.after);
              const way = direction(r.before, r.after);
              return (
                <tr key={r.seat} data-testid={`rating-${r.seat}`}>
                  <th scope="row">{name(r.seat)}</th>
                  <td class={`rating-${way}`}>
                    <span aria-hidden="true">
                      {t("rating.change", { before, after, change: ratingChange(r.before, r.after) })}
                    </span>
                    <span class="visually-hidden">
                      {t("rating.changeSaid", {
                        before,
                        after,
                        change: t(DIRECTION_KEYS[way], { n: ratingDigits(Math.abs(r.after - r.before)) }),
                      })}
                    </span>
                    {r.provisional && <span class="rating-tag">{t("rating.provisional")}</span>}
                    {r.left && <span class="rating-tag">{t("rating.left")}</span>}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {rated?.ratings.some((r) => r.provisional) && <p class="rating-note">{t("rating.provisionalNote")}</p>}
    </div>
  );
}
