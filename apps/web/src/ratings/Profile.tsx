/**
 * A player's public profile (`/p/ID`; docs/online.md, *Ratings*): their name, their country's
 * flag, since when they play, account or guest, *Add friend* and *Block* (online/FriendButtons.tsx),
 * how the viewer did against them, each rating with its games and its history plotted, their rated
 * games and their recent public games, each opening in the replay viewer. On one's own profile,
 * the form that sets one's country.
 */

import { useEffect, useState } from "preact/hooks";
import { GAME_KEYS, type T } from "../i18n";
import { gameRecord, savedGuest } from "../online/api";
import { FriendButtons } from "../online/FriendButtons";
import { Chart } from "../stats/Chart";
import { againstText } from "../view/against";
import { countryName, flagOf } from "../view/country";
import { ratedHistory, ratingChange, ratingDigits } from "../view/ratings";
import { type PlayerAnswer, playerProfile } from "./api";
import { CountryForm } from "./CountryForm";
import { RecentGames } from "./RecentGames";
import "./ratings.css";

export interface ProfileProps {
  t: T;
  /** The player's id (from the page's address: checked by the server, not here). */
  id: string;
  onBack: () => void;
  /** Opens a game's record in the replay viewer. */
  onWatch: (record: string) => void;
  /** Opens a tournament's page. */
  onTournament: (id: string) => void;
}

type Loaded = { readonly state: "loading" | "missing" | "failed" } | { readonly state: "ok"; readonly p: PlayerAnswer };

export function Profile({ t, id, onBack, onWatch, onTournament }: ProfileProps) {
  const [loaded, setLoaded] = useState<Loaded>({ state: "loading" });
  const [watchFailed, setWatchFailed] = useState(false);
  useEffect(() => {
    let live = true;
    setLoaded({ state: "loading" });
    playerProfile(id).then(
      (p) => live && setLoaded(p ? { state: "ok", p } : { state: "missing" }),
      () => live && setLoaded({ state: "failed" }),
    );
    return () => {
      live = false;
    };
  }, [id]);

  const date = (ms: number) => new Date(ms).toLocaleDateString(t.locale);
  const watch = async (game: string) => {
    setWatchFailed(false);
    try {
      onWatch(await gameRecord(game));
    } catch {
      setWatchFailed(true);
    }
  };
  const back = (
    <div class="buttons">
      <button type="button" class="ghost" onClick={onBack}>
        {t("back")}
      </button>
    </div>
  );

  if (loaded.state !== "ok") {
    return (
      <main class="ratings" data-testid="profile">
        {loaded.state === "loading" ? (
          <p class="loading">{t("loading")}</p>
        ) : (
          <p class="error card" role="alert">
            {t(loaded.state === "missing" ? "rating.noPlayer" : "online.offlineError")}
          </p>
        )}
        {back}
      </main>
    );
  }

  const { player, ratings, against, games: recent, tournaments } = loaded.p;
  const games = ratedHistory(ratings);
  const me = savedGuest();
  const againstMe = againstText(t, against);
  const showCountry = (country: string | null) =>
    setLoaded({ state: "ok", p: { ...loaded.p, player: { ...player, country } } });
  return (
    <main class="ratings" aria-labelledby="profile-name" data-testid="profile">
      <h1 id="profile-name">{player.name}</h1>
      <p data-testid="profile-since">
        {player.country && (
          <>
            <span class="profile-country" data-testid="profile-country">
              <span aria-hidden="true">{flagOf(player.country)}</span> {countryName(player.country, t.locale)}
            </span>{" "}
            ·{" "}
          </>
        )}
        {t(player.account ? "rating.account" : "rating.guest")} · {t("rating.since", { date: date(player.since) })}
      </p>
      <FriendButtons t={t} id={player.id} name={player.name} />
      {againstMe && <p data-testid="profile-against">{againstMe}</p>}
      {ratings.length === 0 && <p class="card">{t("rating.noRatings")}</p>}
      {ratings.map((r) => {
        const game = t(GAME_KEYS[r.kind].name);
        const history = r.history.map((h) => ({ at: h.at, value: h.rating }));
        return (
          <section key={r.kind} class="card" data-testid={`profile-${r.kind}`}>
            <h2>{game}</h2>
            <p class="rating-now">
              <b data-testid="profile-rating">{ratingDigits(r.rating)}</b>
              {r.provisional && <span class="rating-tag">{t("rating.provisional")}</span>}{" "}
              {t("rating.gamesCount", { n: r.games })}
            </p>
            {history.length > 0 && (
              <Chart
                testId={`chart-${r.kind}`}
                points={history}
                x={t("rating.axisGames")}
                y={t("rating.rating")}
                num={ratingDigits}
                fit
                label={t("rating.chartLabel", {
                  game,
                  first: date(history[0].at),
                  last: date(history[history.length - 1].at),
                  rating: ratingDigits(r.rating),
                })}
              />
            )}
          </section>
        );
      })}
      {games.length > 0 && (
        <section class="card">
          <h2 id="rated-games">{t("rating.history")}</h2>
          <table class="rating-table" aria-labelledby="rated-games" data-testid="profile-games">
            <thead>
              <tr>
                <th scope="col">{t("rating.date")}</th>
                <th scope="col">{t("game")}</th>
                <th scope="col" class="num">
                  {t("rating.rating")}
                </th>
                <th scope="col">
                  <span class="visually-hidden">{t("rating.record")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {games.map((g) => (
                <tr key={g.game}>
                  <td>{date(g.at)}</td>
                  <td>{t(GAME_KEYS[g.kind].name)}</td>
                  <td class="num">
                    {ratingDigits(g.rating)}
                    {g.before !== null && <> ({ratingChange(g.before, g.rating)})</>}
                  </td>
                  <td>
                    <button type="button" class="small" onClick={() => void watch(g.game)}>
                      {t("online.watchGame")}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      {recent.length > 0 && <RecentGames t={t} games={recent} onWatch={(id) => void watch(id)} />}
      {tournaments.length > 0 && (
        <section class="card" aria-labelledby="profile-tournaments">
          <h2 id="profile-tournaments">{t("tour.title")}</h2>
          <ul class="profile-tournaments" data-testid="profile-tournaments">
            {tournaments.map((x) => (
              <li key={x.id}>
                <button type="button" class="link" onClick={() => onTournament(x.id)}>
                  {x.name}
                </button>
                {": "}
                {t("tour.placed", { place: x.place, n: x.entrants })}
                <span class="muted"> · {date(x.finished)}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {watchFailed && (
        <p class="error card" role="alert">
          {t("online.offlineError")}
        </p>
      )}
      {me?.player.id === player.id && <CountryForm t={t} guest={me} country={player.country} onSaved={showCountry} />}
      {back}
    </main>
  );
}
