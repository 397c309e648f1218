/**
 * Tournaments (docs/tournaments.md): the list of upcoming, running and finished ones, and a
 * tournament's page: its players, sign-up, leaving and check-in for this device's player, every
 * round's pairings with their tables (watch any; the player's own is one tap away) or, in duplicate,
 * its tables of four (watched by nobody), and the standings. A round's length, when it has one, is
 * said with the tournament's settings. A page of a tournament that is on looks again every few
 * seconds.
 */

import { currentTournamentTable } from "@crossbones/protocol";
import { useEffect, useState } from "preact/hooks";
import { GAME_KEYS, type T } from "../i18n";
import { savedGuest } from "../online/api";
import { failureText } from "../online/attempt";
import {
  gameRecord,
  type TournamentAnswer,
  type TournamentLists,
  tournamentAction,
  tournamentLists,
  tournamentOf,
} from "./api";
import { Bracket } from "./Bracket";
import { DuplicateRound } from "./DuplicateRound";
import { isDuplicate } from "./duplicate";
import { MakeTournament } from "./MakeTournament";
import { entrantName, entrantOf } from "./standing";
import "./tournaments.css";

/** How often a tournament that is on is looked at again (ms). */
const POLL_MS = 3000;

export interface TournamentsProps {
  t: T;
  /** The tournament shown (null: the list). */
  id: string | null;
  onOpen: (id: string | null) => void;
  onBack: () => void;
  /** Opens an online table (to play it when seated there, else to watch). */
  onTable: (code: string) => void;
  /** Opens a finished game's record in the replay viewer. */
  onRecord: (text: string) => void;
}

export function Tournaments(props: TournamentsProps) {
  return props.id === null ? <List {...props} /> : <Page {...props} id={props.id} />;
}

function List({ t, onOpen, onBack }: TournamentsProps) {
  const [lists, setLists] = useState<TournamentLists | null>(null);
  const [failed, setFailed] = useState(false);
  const [making, setMaking] = useState(false);
  const guest = savedGuest();
  useEffect(() => {
    tournamentLists().then(setLists, () => setFailed(true));
  }, []);
  const sections = [
    ["upcoming", "tour.upcoming"],
    ["running", "tour.running"],
    ["finished", "tour.finished"],
  ] as const;
  return (
    <main class="tournaments" aria-labelledby="tour-title" data-testid="tournaments">
      <h1 id="tour-title">{t("tour.title")}</h1>
      {making && guest ? (
        <MakeTournament t={t} guest={guest} onMade={onOpen} onCancel={() => setMaking(false)} />
      ) : (
        <div class="buttons">
          {guest ? (
            <button type="button" class="primary" onClick={() => setMaking(true)} data-testid="tour-make-open">
              {t("tour.make")}
            </button>
          ) : (
            <p>{t("tour.make.needName")}</p>
          )}
        </div>
      )}
      {failed && (
        <p class="error" role="alert">
          {t("online.offlineError")}
        </p>
      )}
      {!failed && !lists && <p class="loading">{t("loading")}</p>}
      {lists &&
        sections.map(([key, title]) => (
          <section key={key} class="card" aria-labelledby={`tour-${key}`}>
            <h2 id={`tour-${key}`}>{t(title)}</h2>
            {lists[key].length === 0 ? (
              <p>{t("tour.none")}</p>
            ) : (
              <ul class="tour-list" data-testid={`tour-${key}`}>
                {lists[key].map((row) => (
                  <li key={row.id}>
                    <button type="button" class="link" onClick={() => onOpen(row.id)}>
                      {row.settings.name}
                    </button>{" "}
                    <span class="muted">
                      {t("tour.summary", {
                        game: t(GAME_KEYS[row.settings.game].name),
                        format: t(`tour.format.${row.settings.format}`),
                        n: row.entrants,
                      })}
                      {" · "}
                      {new Date(row.settings.startAt).toLocaleString(t.locale)}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        ))}
      <div class="buttons">
        <button type="button" onClick={onBack}>
          {t("back")}
        </button>
      </div>
    </main>
  );
}

function Page({ t, id, onOpen, onTable, onRecord }: TournamentsProps & { id: string }) {
  const [tour, setTour] = useState<TournamentAnswer | null>(null);
  const [missing, setMissing] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [partner, setPartner] = useState("");
  const [busy, setBusy] = useState(false);
  const [now, setNow] = useState(Date.now());
  const guest = savedGuest();

  const load = () =>
    tournamentOf(id).then(
      (x) => {
        setTour(x);
        setNow(Date.now());
      },
      () => setMissing(true),
    );
  useEffect(() => {
    void load();
  }, [id]);
  const on = tour?.status === "open" || tour?.status === "running";
  useEffect(() => {
    if (!on) return;
    const timer = setInterval(() => void load(), POLL_MS);
    return () => clearInterval(timer);
  }, [id, on]);

  if (missing && !tour)
    return (
      <main class="tournaments card">
        <p role="alert">{t("tour.notFound")}</p>
        <button type="button" onClick={() => onOpen(null)}>
          {t("back")}
        </button>
      </main>
    );
  if (!tour)
    return (
      <main>
        <p class="loading">{t("loading")}</p>
      </main>
    );

  const mine = guest ? entrantOf(tour, guest.player.id) : undefined;
  const asPlayer = guest ? currentTournamentTable(tour, guest.player.id) : null;
  const checkInOpen = tour.status === "open" && now >= tour.checkInAt;
  const act = async (action: "signup" | "leave" | "checkin") => {
    if (!guest) return;
    setBusy(true);
    setMessage(null);
    try {
      await tournamentAction(guest, id, action, action === "signup" && partner ? partner.trim() : undefined);
      setMessage(t(`tour.done.${action}`));
      await load();
    } catch (err) {
      setMessage(failureText(t, err, () => ""));
    } finally {
      setBusy(false);
    }
  };
  const { settings } = tour;
  const name = (entrant: string) => entrantName(tour, entrant);
  const duplicate = isDuplicate(tour);
  const replay = (record: string) => void gameRecord(record).then(onRecord, () => setMessage(t("online.offlineError")));

  return (
    <main class="tournaments" aria-labelledby="tour-name" data-testid="tournament">
      <h1 id="tour-name">{settings.name}</h1>
      <section class="card">
        <p data-testid="tour-about">
          {t(settings.format === "knockout" && tour.roundCount === 0 ? "tour.aboutBracket" : "tour.about", {
            game: t(GAME_KEYS[settings.game].name),
            format: t(`tour.format.${settings.format}`),
            // Fixed at the start: a Swiss cut to what its field allows, a knockout's bracket.
            n: tour.roundCount > 0 ? tour.roundCount : settings.rounds,
          })}
        </p>
        {settings.roundMinutes !== undefined && (
          <p data-testid="tour-round-length">{t("tour.roundMinutes", { n: settings.roundMinutes })}</p>
        )}
        {duplicate && <p data-testid="tour-duplicate">{t("tour.dup.about", { n: settings.hands })}</p>}
        <p data-testid="tour-status">
          {t(`tour.status.${tour.status}`, { start: new Date(settings.startAt).toLocaleString(t.locale) })}
        </p>
        {asPlayer && (
          <p class="tour-play">
            <button type="button" class="primary" onClick={() => onTable(asPlayer)} data-testid="tour-play">
              {t("tour.playNow")}
            </button>
          </p>
        )}
        {tour.status === "open" && guest && (
          <div class="buttons" data-testid="tour-actions">
            {!mine && settings.game === "partner" && (
              <label>
                {t("tour.partner")}
                <input
                  value={partner}
                  onInput={(e) => setPartner((e.target as HTMLInputElement).value)}
                  data-testid="tour-partner"
                />
              </label>
            )}
            {!mine && (
              <button
                type="button"
                class="primary"
                disabled={busy}
                onClick={() => act("signup")}
                data-testid="tour-signup"
              >
                {t("tour.signUp")}
              </button>
            )}
            {mine && !mine.checkedIn && checkInOpen && (
              <button
                type="button"
                class="primary"
                disabled={busy}
                onClick={() => act("checkin")}
                data-testid="tour-checkin"
              >
                {t("tour.checkIn")}
              </button>
            )}
            {mine && (
              <button type="button" disabled={busy} onClick={() => act("leave")} data-testid="tour-leave">
                {t("tour.leave")}
              </button>
            )}
          </div>
        )}
        {tour.status === "open" && !guest && <p>{t("tour.needName")}</p>}
        {mine && tour.status === "open" && (
          <p data-testid="tour-mine">
            {t(mine.checkedIn ? "tour.checkedIn" : checkInOpen ? "tour.checkInNow" : "tour.signedUp")}
          </p>
        )}
        <p role="status" data-testid="tour-message">
          {message ?? ""}
        </p>
      </section>

      {tour.standings.length > 0 && (
        <section class="card" aria-labelledby="tour-standings">
          <h2 id="tour-standings">{t("tour.standings")}</h2>
          <table class="rating-table" data-testid="tour-standings">
            <thead>
              <tr>
                <th scope="col" class="num">
                  {t("rating.place")}
                </th>
                <th scope="col">{t("rating.player")}</th>
                <th scope="col" class="num">
                  {t(duplicate ? "tour.matchpoints" : "tour.points")}
                </th>
              </tr>
            </thead>
            <tbody>
              {tour.standings.map((s) => (
                <tr key={s.id} class={mine?.id === s.id ? "rating-mine" : ""}>
                  <td class="num">{s.place}</td>
                  <th scope="row">{s.names.join(" & ")}</th>
                  <td class="num">{t.num(s.points)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}

      <Bracket t={t} tour={tour} />

      {tour.rounds.map((round, r) => (
        <section key={r} class="card" aria-labelledby={`tour-round-${r}`} data-testid="tour-round">
          <h2 id={`tour-round-${r}`}>{t("tour.round", { n: r + 1 })}</h2>
          {duplicate ? (
            <DuplicateRound t={t} tour={tour} round={r} viewer={guest?.player.id ?? null} onReplay={replay} />
          ) : (
            <ul class="tour-games">
              {round.games.map((g) => (
                <li key={`${g.a}-${g.b}`}>
                  <span>
                    {t("tour.game", { a: name(g.a), b: name(g.b) })}
                    {g.result && (
                      <span class="muted">
                        {" · "}
                        {g.result.aScore === 1
                          ? t("tour.won", { name: name(g.a) })
                          : g.result.aScore === 0
                            ? t("tour.won", { name: name(g.b) })
                            : t("tour.drawn")}
                      </span>
                    )}
                  </span>
                  {g.result?.record && (
                    <button
                      type="button"
                      class="ghost"
                      onClick={() => replay(g.result?.record as string)}
                      aria-label={t("tour.replayGame", { a: name(g.a), b: name(g.b) })}
                    >
                      {t("tour.replay")}
                    </button>
                  )}
                  {g.table && !g.result && (
                    <button
                      type="button"
                      class="ghost"
                      onClick={() => onTable(g.table as string)}
                      aria-label={t("tour.watchGame", { a: name(g.a), b: name(g.b) })}
                    >
                      {t("tour.watch")}
                    </button>
                  )}
                </li>
              ))}
              {round.bye && <li>{t("tour.bye", { name: name(round.bye) })}</li>}
            </ul>
          )}
        </section>
      ))}

      {tour.signed.length > 0 && (
        <section class="card" aria-labelledby="tour-players">
          <h2 id="tour-players">{t("tour.players", { n: tour.signed.length })}</h2>
          <ul class="tour-list" data-testid="tour-players">
            {tour.signed.map((e) => (
              <li key={e.id}>
                {e.players.map((p) => p.name).join(" & ")}
                {e.checkedIn && <span class="muted"> · {t("tour.checkedInMark")}</span>}
              </li>
            ))}
          </ul>
        </section>
      )}

      <div class="buttons">
        <button type="button" onClick={() => onOpen(null)}>
          {t("tour.all")}
        </button>
        {tour.status === "finished" && (
          <a class="button ghost" href={`/api/tournaments/${id}/export`} download data-testid="tour-export">
            {t("tour.export")}
          </a>
        )}
      </div>
    </main>
  );
}
