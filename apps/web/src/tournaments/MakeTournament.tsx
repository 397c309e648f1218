/**
 * Making a tournament (docs/tournaments.md, *Life of a tournament*): its name, game (Cut Throat for
 * two, or Partner teams), format (Swiss, knockout), rounds (Swiss; a knockout plays as many as its
 * bracket needs), how a match is won, when it starts, rated or not, listed or by link. The server
 * checks it all again and says in words what it refuses.
 */

import { useState } from "preact/hooks";
import { GAME_KEYS, type T } from "../i18n";
import type { Guest } from "../online/api";
import { failureText } from "../online/attempt";
import { createTournament, type NewTournament } from "./api";

/** The furthest ahead a start may be (s): the server's limit, 30 days. */
const MAX_START_IN = 30 * 24 * 3600;

/** A start this far ahead by default (ms): time for players to find it and sign up. */
const DEFAULT_LEAD_MS = 60 * 60_000;

/** `at` as a `datetime-local` value (local time, to the minute). */
function localInput(at: number): string {
  const d = new Date(at);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`;
}

export function MakeTournament({
  t,
  guest,
  onMade,
  onCancel,
}: {
  t: T;
  guest: Guest;
  onMade: (id: string) => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState("");
  const [game, setGame] = useState<NewTournament["game"]>("cutthroat");
  const [format, setFormat] = useState<NewTournament["format"]>("swiss");
  const [rounds, setRounds] = useState(3);
  const [match, setMatch] = useState<NewTournament["options"]["match"]>("sixLove");
  const [start, setStart] = useState(() => localInput(Date.now() + DEFAULT_LEAD_MS));
  const [rated, setRated] = useState(false);
  const [listed, setListed] = useState(true);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  const submit = async (e: Event) => {
    e.preventDefault();
    const startIn = Math.round((new Date(start).getTime() - Date.now()) / 1000);
    if (!Number.isFinite(startIn) || startIn < 0) {
      setMessage(t("tour.make.startPast"));
      return;
    }
    if (startIn > MAX_START_IN) {
      setMessage(t("tour.make.startFar"));
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      const id = await createTournament(guest, {
        name: name.trim(),
        game,
        format,
        rounds,
        startIn,
        public: listed,
        rated,
        options: { match },
      });
      onMade(id);
    } catch (err) {
      setMessage(failureText(t, err, () => ""));
      setBusy(false);
    }
  };

  return (
    <section class="card" aria-labelledby="tour-make">
      <h2 id="tour-make">{t("tour.make.title")}</h2>
      <form class="tour-form" onSubmit={(e) => void submit(e)} data-testid="tour-make">
        <label>
          {t("tour.make.name")}
          <input
            required
            maxLength={60}
            value={name}
            onInput={(e) => setName((e.target as HTMLInputElement).value)}
            data-testid="tour-make-name"
          />
        </label>
        <label>
          {t("tour.make.game")}
          <select
            value={game}
            onChange={(e) => setGame((e.target as HTMLSelectElement).value as NewTournament["game"])}
            data-testid="tour-make-game"
          >
            {(["cutthroat", "partner"] as const).map((g) => (
              <option key={g} value={g}>
                {t(GAME_KEYS[g].name)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t("tour.make.format")}
          <select
            value={format}
            onChange={(e) => setFormat((e.target as HTMLSelectElement).value as NewTournament["format"])}
            data-testid="tour-make-format"
          >
            {(["swiss", "knockout"] as const).map((f) => (
              <option key={f} value={f}>
                {t(`tour.format.${f}`)}
              </option>
            ))}
          </select>
        </label>
        {format === "swiss" ? (
          <label>
            {t("tour.make.rounds")}
            <input
              type="number"
              min={1}
              max={12}
              value={rounds}
              onInput={(e) => setRounds(Number((e.target as HTMLInputElement).value) || 1)}
              data-testid="tour-make-rounds"
            />
          </label>
        ) : (
          <p class="muted">{t("tour.make.knockoutRounds")}</p>
        )}
        <label>
          {t("tour.make.match")}
          <select
            value={match}
            onChange={(e) => setMatch((e.target as HTMLSelectElement).value as NewTournament["options"]["match"])}
            data-testid="tour-make-match"
          >
            <option value="sixLove">{t("opt_match_sixLove")}</option>
            <option value="straight">{t("opt_match_straight")}</option>
          </select>
        </label>
        <label>
          {t("tour.make.start")}
          <input
            type="datetime-local"
            required
            value={start}
            onInput={(e) => setStart((e.target as HTMLInputElement).value)}
            data-testid="tour-make-start"
          />
        </label>
        <label class="check">
          <input
            type="checkbox"
            checked={rated}
            onChange={(e) => setRated((e.target as HTMLInputElement).checked)}
            data-testid="tour-make-rated"
          />
          {t("tour.make.rated")}
        </label>
        <label class="check">
          <input
            type="checkbox"
            checked={listed}
            onChange={(e) => setListed((e.target as HTMLInputElement).checked)}
            data-testid="tour-make-public"
          />
          {t("tour.make.public")}
        </label>
        <p role="status" data-testid="tour-make-message">
          {message ?? ""}
        </p>
        <div class="buttons">
          <button type="submit" class="primary" disabled={busy} data-testid="tour-make-submit">
            {t("tour.make.submit")}
          </button>
          <button type="button" onClick={onCancel}>
            {t("cancel")}
          </button>
        </div>
      </form>
    </section>
  );
}
