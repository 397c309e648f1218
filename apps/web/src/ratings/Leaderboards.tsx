/**
 * The leaderboards (docs/online.md, *Ratings*): per game kind, all time or this month, the players
 * with enough rated games in order, fifty to a page, bots marked; "You: #N" when this device's
 * player is on the board. Each name links to its profile.
 */

import { GAME_KINDS, type GameKind } from "@crossbones/engine";
import { useEffect, useState } from "preact/hooks";
import { GAME_KEYS, type T } from "../i18n";
import { savedGuest } from "../online/api";
import { ratingDigits, taggedNames } from "../view/ratings";
import { type LeaderboardAnswer, leaderboard, type Period } from "./api";
import { PlayerLink } from "./PlayerLink";
import "./ratings.css";

const PERIOD_KEYS = { all: "rating.allTime", month: "rating.thisMonth" } as const;

export interface LeaderboardsProps {
  t: T;
  onBack: () => void;
  /** Opens a player's profile. */
  onPlayer: (id: string) => void;
}

export function Leaderboards({ t, onBack, onPlayer }: LeaderboardsProps) {
  const [kind, setKind] = useState<GameKind>("french");
  const [period, setPeriod] = useState<Period>("all");
  const [page, setPage] = useState(1);
  const [board, setBoard] = useState<LeaderboardAnswer | null>(null);
  const [failed, setFailed] = useState(false);
  const me = savedGuest()?.player.id ?? null;

  useEffect(() => {
    let live = true;
    setFailed(false);
    leaderboard(kind, period, page).then(
      (b) => live && setBoard(b),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [kind, period, page]);

  // A board for other choices than those on screen is not shown while the right one comes.
  const shown = board?.kind === kind && board.period === period && board.page === page ? board : null;
  const names = taggedNames(shown?.rows ?? []);
  const game = t(GAME_KEYS[kind].name);

  return (
    <main class="ratings" aria-labelledby="boards-title" data-testid="leaderboards">
      <h1 id="boards-title">{t("rating.leaderboards")}</h1>
      <section class="card">
        <fieldset class="row">
          <legend>{t("game")}</legend>
          {GAME_KINDS.map((g) => (
            <label key={g} class={`pill ${kind === g ? "chosen" : ""}`}>
              <input
                type="radio"
                name="board-game"
                checked={kind === g}
                onChange={() => {
                  setKind(g);
                  setPage(1);
                }}
              />
              {t(GAME_KEYS[g].name)}
            </label>
          ))}
        </fieldset>
        <fieldset class="row">
          <legend>{t("rating.period")}</legend>
          {(["all", "month"] as const).map((p) => (
            <label key={p} class={`pill ${period === p ? "chosen" : ""}`}>
              <input
                type="radio"
                name="board-period"
                checked={period === p}
                onChange={() => {
                  setPeriod(p);
                  setPage(1);
                }}
                data-testid={`period-${p}`}
              />
              {t(PERIOD_KEYS[p])}
            </label>
          ))}
        </fieldset>
      </section>
      <section class="card" aria-live="polite" data-testid="board">
        {failed && (
          <p class="error" role="alert">
            {t("online.offlineError")}
          </p>
        )}
        {!failed && !shown && <p class="loading">{t("loading")}</p>}
        {!failed && shown && (
          <>
            <p>{t(period === "all" ? "rating.minGames" : "rating.minGamesMonth", { n: shown.minGames })}</p>
            {shown.me && (
              <p class="rating-me" data-testid="board-me">
                {t("rating.you", { place: shown.me.place })}
              </p>
            )}
            {shown.total === 0 ? (
              <p data-testid="board-empty">
                {t(period === "all" ? "rating.empty" : "rating.emptyMonth", { n: shown.minGames })}
              </p>
            ) : (
              <table class="rating-table" data-testid="board-table">
                <caption>
                  {t("rating.boardCaption", { game, period: t(PERIOD_KEYS[period]), page, pages: shown.pages })}
                </caption>
                <thead>
                  <tr>
                    <th scope="col" class="num">
                      {t("rating.place")}
                    </th>
                    <th scope="col">{t("rating.player")}</th>
                    <th scope="col" class="num">
                      {t("rating.rating")}
                    </th>
                    <th scope="col" class="num">
                      {t("rating.games")}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {shown.rows.map((row) => (
                    <tr key={row.player} class={row.player === me ? "rating-mine" : ""}>
                      <td class="num">{row.place}</td>
                      <th scope="row">
                        <PlayerLink id={row.player} onOpen={onPlayer}>
                          {row.bot
                            ? t("online.botName", { name: names.get(row.player) ?? row.name })
                            : (names.get(row.player) ?? row.name)}
                        </PlayerLink>
                      </th>
                      <td class="num">{ratingDigits(row.rating)}</td>
                      <td class="num">{row.games}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            {shown.pages > 1 && (
              <nav class="buttons" aria-label={t("rating.pages")}>
                <button type="button" disabled={page <= 1} onClick={() => setPage(page - 1)} data-testid="board-prev">
                  {t("rating.previous")}
                </button>
                <span>{t("rating.pageOf", { page, pages: shown.pages })}</span>
                <button
                  type="button"
                  disabled={page >= shown.pages}
                  onClick={() => setPage(page + 1)}
                  data-testid="board-next"
                >
                  {t("rating.next")}
                </button>
              </nav>
            )}
          </>
        )}
      </section>
      <div class="buttons">
        <button type="button" class="ghost" onClick={onBack}>
          {t("back")}
        </button>
      </div>
    </main>
  );
}
