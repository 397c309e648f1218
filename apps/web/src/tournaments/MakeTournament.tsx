/**
 * Making a tournament (docs/tournaments.md, *Life of a tournament*): its name, game (Cut Throat for
 * two, Partner teams, or French for four), format (Swiss or knockout; French is played duplicate),
 * rounds (Swiss and duplicate; a knockout plays as many as its bracket needs), the hands a duplicate
 * round plays, French's rule preset (those a duplicate round can play), how a match is won (not in
 * French), how long a round may last (then bots finish the games still being played), when it
 * starts, rated or not, listed or by link.
 * The server checks it all again and says in words what it refuses.
 */

import { TOURNAMENT_NAME_MAX, TOURNAMENT_START_IN_MAX } from "@crossbones/protocol";
import { MAX_HANDS, MAX_ROUNDS, ROUND_MINUTES } from "@crossbones/tournament";
import { useState } from "preact/hooks";
import { GAME_KEYS, type T } from "../i18n";
import type { Guest } from "../online/api";
import { failureText } from "../online/attempt";
import { createTournament, type NewTournament } from "./api";
import { formatsOf, frenchPresets, tournamentBody } from "./duplicate";

/** A start this far ahead by default (ms): time for players to find it and sign up. */
const DEFAULT_LEAD_MS = 60 * 60_000;
/** Hands a duplicate round plays by default. */
const DEFAULT_HANDS = 4;
/** French's preset by default: its own rules, no options sent. */
const DEFAULT_PRESET = "standard";
const HAND_COUNTS = Array.from({ length: MAX_HANDS }, (_, i) => String(i + 1));
/** The round lengths offered (minutes), within what the server takes; "No limit" comes first. */
const ROUND_LENGTHS = [20, 30, 45, 60, 90].filter((m) => m >= ROUND_MINUTES.min && m <= ROUND_MINUTES.max);
/** The drop-down's value for a round with no limit. */
const NO_LIMIT = "none";

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
  const [hands, setHands] = useState(DEFAULT_HANDS);
  const [match, setMatch] = useState<"sixLove" | "straight">("sixLove");
  const [preset, setPreset] = useState(DEFAULT_PRESET);
  const [start, setStart] = useState(() => localInput(Date.now() + DEFAULT_LEAD_MS));
  const [rated, setRated] = useState(false);
  const [listed, setListed] = useState(true);
  const [roundMinutes, setRoundMinutes] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const formats = formatsOf(game);
  const presets = frenchPresets();
  const chosenPreset = presets.find((p) => p.id === preset);
  const chooseGame = (g: NewTournament["game"]) => {
    setGame(g);
    // French is played duplicate only; Cut Throat and Partner Swiss or knockout.
    if (!formatsOf(g).includes(format)) setFormat(formatsOf(g)[0]);
  };

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
      const id = await createTournament(
        guest,
        tournamentBody({ name, game, format, rounds, hands, match, preset, startIn, listed, rated, roundMinutes }),
      );
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
          onChoose={chooseGame}
          options={(["cutthroat", "partner", "french"] as const).map((g) => [g, t(GAME_KEYS[g].name)])}
          testId="tour-make-game"
        />
        <Choice
          label={t("tour.make.format")}
          value={format}
          onChoose={setFormat}
          options={formats.map((f) => [f, t(`tour.format.${f}`)])}
          testId="tour-make-format"
        />
        {format === "duplicate" && <p class="muted">{t("tour.make.duplicateNote")}</p>}
        {format !== "knockout" ? (
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
        {format === "duplicate" && (
          <Choice
            label={t("tour.make.hands")}
            value={String(hands)}
            onChoose={(n) => setHands(Number(n))}
            options={HAND_COUNTS.map((n) => [n, n])}
            testId="tour-make-hands"
          />
        )}
        {game === "french" && (
          <>
            <Choice
              label={t("tour.make.preset")}
              value={preset}
              onChoose={setPreset}
              options={presets.map((p) => [p.id, t(p.name)])}
              testId="tour-make-preset"
            />
            {chosenPreset && (
              <p class="muted" data-testid="tour-make-preset-desc">
                {/* The standard preset's own words name the target, which a duplicate round has none of. */}
                {t(chosenPreset.id === "standard" ? "tour.make.presetStandard" : chosenPreset.desc)}
              </p>
            )}
          </>
        )}
        {game !== "french" && (
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
        )}
        <Choice
          label={t("tour.make.roundLength")}
          value={roundMinutes === null ? NO_LIMIT : String(roundMinutes)}
          onChoose={(v) => setRoundMinutes(v === NO_LIMIT ? null : Number(v))}
          options={[
            [NO_LIMIT, t("tour.make.noLimit")],
            ...ROUND_LENGTHS.map((m) => [String(m), t("tour.make.minutes", { n: m })] as const),
          ]}
          testId="tour-make-round-length"
        />
        <p class="muted">{t("tour.make.roundLengthNote")}</p>
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
