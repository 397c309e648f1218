/**
 * A knockout's bracket: a column a round, round 1 to the final, each match its two sides with the
 * one who went on marked; the rounds to come show who is through so far. Scrolls sideways on a
 * narrow screen; each column is a list with its round as heading, so it reads in order too.
 */

import type { T } from "../i18n";
import type { TournamentAnswer } from "./api";
import { bracketOf } from "./bracket";
import { entrantName } from "./standing";

export function Bracket({ t, tour }: { t: T; tour: TournamentAnswer }) {
  const columns = bracketOf(tour);
  if (!columns) return null;
  const side = (entrant: string | null, winner: string | null, bye: boolean) => {
    if (entrant === null) return <span class="muted">{t(bye ? "tour.byeSlot" : "tour.toCome")}</span>;
    const won = entrant === winner;
    return (
      <span class={won ? "tour-won" : undefined}>
        {entrantName(tour, entrant)}
        {won && <span class="visually-hidden"> ({t("tour.wentOn")})</span>}
      </span>
    );
  };
  return (
    <section class="card" aria-labelledby="tour-bracket">
      <h2 id="tour-bracket">{t("tour.bracket")}</h2>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a bracket wider than the screen scrolls, and holds nothing focusable: without a tab stop a keyboard could not scroll it */}
      <div class="tour-bracket" tabIndex={0} data-testid="tour-bracket">
        {columns.map((matches, r) => (
          <div key={r} class="tour-bracket-round">
            <h3 id={`tour-bracket-${r}`}>
              {r === columns.length - 1 ? t("tour.final") : t("tour.round", { n: r + 1 })}
            </h3>
            <ol aria-labelledby={`tour-bracket-${r}`}>
              {matches.map((m, i) => (
                <li key={i} data-testid="tour-match">
                  {side(m.a, m.winner, m.bye)}
                  {side(m.b, m.winner, m.bye)}
                </li>
              ))}
            </ol>
          </div>
        ))}
      </div>
    </section>
  );
}
