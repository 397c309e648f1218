/**
 * Making a tournament (docs/tournaments.md, *Life of a tournament*): its name, game (Cut Throat for
 * two, or Partner teams), format (Swiss, knockout), rounds (Swiss; a knockout plays as many as its
 * bracket needs), how a match is won, when it starts, rated or not, listed or by link. The server
 * checks it all again and says in words what it refuses.
 */

import { TOURNAMENT_NAME_MAX, TOURNAMENT_START_IN_MAX } from "@crossbones/protocol";
import { MAX_ROUNDS } from "@crossbones/tournament";
import { useState } from "preact/hooks";
import { GAME_KEYS, type T } from "../i18n";
import type { Guest } from "../online/api";
import { failureText } from "../online/attempt";
import { createTournament, type NewTournament } from "./api";

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
    if (startIn > TOURNAMENT_START_IN_MAX) {
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
            maxLength={TOURNAMENT_NAME_MAX}
            value={name}
            onInput={(e) => setName((e.target as HTMLInputElement).value)}
            data-testid="tour-make-name"
          />
        </label>
        <Choice
          label={t("tour.make.game")}
          value={game}
          onChoose={setGame}
          options={(["cutthroat", "partner"] as const).map((g) => [g, t(GAME_KEYS[g].name)])}
          testId="tour-make-game"
        />
        <Choice
          label={t("tour.make.format")}
          value={format}
          onChoose={setFormat}
          options={(["swiss", "knockout"] as const).map((f) => [f, t(`tour.format.${f}`)])}
          testId="tour-make-format"
        />
        {format === "swiss" ? (
          <label>
            {t("tour.make.rounds")}
            <input
              type="number"
              min={1}
              max={MAX_ROUNDS}
              value={rounds}
              onInput={(e) => setRounds(Number((e.target as HTMLInputElement).value) || 1)}
              data-testid="tour-make-rounds"
            />
          </label>
        ) : (
          <p class="muted">{t("tour.make.knockoutRounds")}</p>
        )}
        <Choice
          label={t("tour.make.match")}
          value={match}
          onChoose={setMatch}
          options={[
            ["sixLove", t("opt_match_sixLove")],
            ["straight", t("opt_match_straight")],
          ]}
          testId="tour-make-match"
        />
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

/** A labelled drop-down of `options` (value, text), choosing one of them. */
function Choice<V extends string>({
  label,
  value,
  options,
  onChoose,
  testId,
}: {
  label: string;
  value: V;
  options: readonly (readonly [V, string])[];
  onChoose: (value: V) => void;
  testId: string;
}) {
  return (
    <label>
      {label}
      <select value={value} onChange={(e) => onChoose((e.target as HTMLSelectElement).value as V)} data-testid={testId}>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}
