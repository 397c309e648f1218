/**
 * A profile's recent games: the player's newest finished games at public tables (never a private
 * one: the server leaves them out), each with its date, its game and who played, and *Watch*.
 */

import { GAME_KEYS, type T } from "../i18n";
import type { PlayerAnswer } from "./api";

export interface RecentGamesProps {
  t: T;
  /** The profile's `games` (each `id` opens its record: `GET /api/games/ID`). */
  games: PlayerAnswer["games"];
  /** Opens game `id` in the replay viewer (as the profile's rated games do). */
  onWatch: (id: string) => void;
}

export function RecentGames({ t, games, onWatch }: RecentGamesProps) {
  return (
    <section class="card">
      <h2 id="recent-games">{t("profile.recent")}</h2>
      <table class="rating-table" aria-labelledby="recent-games" data-testid="profile-recent">
        <thead>
          <tr>
            <th scope="col">{t("rating.date")}</th>
            <th scope="col">{t("game")}</th>
            <th scope="col">{t("profile.players")}</th>
            <th scope="col">
              <span class="visually-hidden">{t("rating.record")}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {games.map((g) => (
            <tr key={g.id}>
              <td>{new Date(g.finished).toLocaleDateString(t.locale)}</td>
              <td>{t(GAME_KEYS[g.kind].name)}</td>
              <td>{g.names.join(", ")}</td>
              <td>
                <button type="button" class="small" onClick={() => onWatch(g.id)}>
                  {t("online.watchGame")}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
