/**
 * Home: continue a saved game, or choose a game, the bots, the rules and start. The start button
 * stays in view (it sticks to the bottom of the screen while the setup is longer than it), and
 * the rule options are folded under the presets.
 */

import { defaultRules, GAME_KINDS, type GameKind, OPTION_SPECS, type OptionSpec, sideOf } from "@crossbones/engine";
import type { JSX } from "preact";
import { useState } from "preact/hooks";
import { GAME_KEYS, optionKeys, type T } from "../i18n";
import { BOT_LEVELS, BOT_NAMES, type BotLevel, HUMAN, type Session, type Setup } from "../session";
import { sideName } from "../view/describe";
import { playersFor } from "../view/players";
import { defaultOptions, PRESETS, presetOf } from "../view/presets";
import { Modal } from "./Modal";
import { PlayerCount } from "./PlayerCount";
import { PresetPicker } from "./PresetPicker";

export interface HomeProps {
  t: T;
  saved: Session | null;
  lastSetup: Setup | null;
  onContinue: () => void;
  onStart: (setup: Setup) => void;
  onReplay: () => void;
  /** Opens the lessons. */
  onLearn: () => void;
  /** Opens the online lobby. */
  onOnline: () => void;
  /** The page on fair deals and how the bots play. */
  onFairness: () => void;
  onStats: () => void;
}

/**
 * The bots' seed, and whether the deals follow it: only with the page's ?seed= (tests and bug
 * reports replay the same deals); otherwise deals come from the browser's cryptographic generator.
 */
function chooseSeed(): { seed: number; seededDeals: boolean } {
  const fixed = Number(new URLSearchParams(location.search).get("seed"));
  if (Number.isInteger(fixed) && fixed > 0) return { seed: fixed, seededDeals: true };
  return { seed: crypto.getRandomValues(new Uint32Array(1))[0], seededDeals: false };
}

/** Each seat's bot level before the player chooses (seat 0, the player's, is never read). */
const DEFAULT_LEVELS: readonly BotLevel[] = ["easy", "medium", "medium", "medium"];

/**
 * The levels shown for four seats: the last game's where it had the seat, the default elsewhere. A
 * game for two saves two levels; the seats it did not have keep their defaults rather than show
 * the first level of the list (issue 26: "Easy" for seats nobody touched).
 */
export function levelsFrom(saved: readonly BotLevel[] | undefined): BotLevel[] {
  return DEFAULT_LEVELS.map((level, seat) => saved?.[seat] ?? level);
}

export function Home({
  t,
  saved,
  lastSetup,
  onContinue,
  onStart,
  onReplay,
  onLearn,
  onOnline,
  onFairness,
  onStats,
}: HomeProps) {
  const [game, setGame] = useState<GameKind>(lastSetup?.game ?? "french");
  const [players, setPlayers] = useState<number>(() => playersFor(game, lastSetup?.players));
  const [levels, setLevels] = useState<BotLevel[]>(() => levelsFrom(lastSetup?.levels));
  // The setup to start once the player has said the game in progress may go.
  const [replacing, setReplacing] = useState<Setup | null>(null);
  const [practice, setPractice] = useState<boolean>(lastSetup?.practice ?? false);
  const [options, setOptions] = useState<Record<string, unknown>>({
    ...defaultOptions(lastSetup?.game ?? "french"),
    ...(lastSetup?.options ?? {}),
  });

  const chooseGame = (kind: GameKind) => {
    setGame(kind);
    setOptions(defaultOptions(kind));
    setPlayers(playersFor(kind, players));
  };
  const specs = OPTION_SPECS.filter((s) => s.games.includes(game));
  const presets = PRESETS.filter((p) => p.games.includes(game));
  const activePreset = presetOf(game, options);
  const seats = Array.from({ length: players - 1 }, (_, i) => i + 1);
  // In Partner the bot opposite is your partner: the engine's teams say which seat that is.
  const teams = game === "partner" ? defaultRules("partner", players) : null;
  const isPartner = (seat: number) => teams !== null && sideOf(teams, seat) === sideOf(teams, 0);
  const inProgress = saved && !saved.game.finished;

  return (
    <main class="home">
      <header class="hero">
        <h1>
          <span class="logo" aria-hidden="true">
            ✚
          </span>{" "}
          {t("appName")}
        </h1>
        <p>{t("tagline")}</p>
      </header>

      {inProgress && saved && (
        <section class="card continue">
          <button type="button" class="primary big" onClick={onContinue} data-testid="continue">
            {t("continueGame")}
          </button>
          <p>{t("continueDesc", { game: t(saved.setup.game), hand: saved.game.hands.length })}</p>
        </section>
      )}

      <section class="card continue learn-entry">
        <button type="button" class={inProgress ? "big" : "primary big"} onClick={onLearn} data-testid="learn">
          {t("learn")}
        </button>
        <p>{t("learnDesc")}</p>
      </section>

      <section class="card continue online-entry">
        <button type="button" class="big" onClick={onOnline} data-testid="play-online">
          {t("playOnline")}
        </button>
        <p>{t("playOnlineDesc")}</p>
      </section>

      <form
        class="card setup"
        onSubmit={(e) => {
          e.preventDefault();
          const setup: Setup = { game, players, options, levels: levels.slice(0, players), practice, ...chooseSeed() };
          // A game in progress is never thrown away without a word: ask first.
          if (inProgress) setReplacing(setup);
          else onStart(setup);
        }}
      >
        <fieldset class="games">
          <legend>{t("game")}</legend>
          {GAME_KINDS.map((kind) => (
            <label key={kind} class={`game-choice ${game === kind ? "chosen" : ""}`}>
              <input type="radio" name="game" value={kind} checked={game === kind} onChange={() => chooseGame(kind)} />
              <span class="game-name">{t(GAME_KEYS[kind].name)}</span>
              <span class="game-desc">{t(GAME_KEYS[kind].desc)}</span>
            </label>
          ))}
        </fieldset>

        {game === "cutthroat" && <PlayerCount t={t} name="players" players={players} onPlayers={setPlayers} />}

        <fieldset class="bots">
          <legend>{t("bots")}</legend>
          {seats.map((seat) => (
            <label key={seat} class="bot">
              <span>
                {isPartner(seat)
                  ? t("botLevelPartner", { name: BOT_NAMES[seat] })
                  : t("botLevel", { name: BOT_NAMES[seat] })}
              </span>
              <select
                value={levels[seat]}
                onChange={(e) => {
                  const next = [...levels];
                  next[seat] = (e.target as HTMLSelectElement).value as BotLevel;
                  setLevels(next);
                }}
              >
                {BOT_LEVELS.map((l) => (
                  <option key={l} value={l}>
                    {t(l)}
                  </option>
                ))}
              </select>
            </label>
          ))}
        </fieldset>

        <label class="check">
          <input
            type="checkbox"
            checked={practice}
            onChange={(e) => setPractice((e.target as HTMLInputElement).checked)}
          />
          <span>
            <b>{t("practice")}</b> <small>{t("practiceDesc")}</small>
          </span>
        </label>

        <PresetPicker
          t={t}
          presets={presets}
          chosen={activePreset?.id ?? null}
          onChoose={(p) => setOptions({ ...defaultOptions(game), ...p.options })}
        >
          {activePreset && <p class="preset-desc">{t(activePreset.desc)}</p>}
          <details class="options-fold" data-testid="rule-options">
            <summary>{t("rules")}</summary>
            <div class="options">
              <p class="hint-text">{t("rulesDesc")}</p>
              {specs.map((spec) => (
                <OptionField
                  key={spec.name}
                  spec={spec}
                  value={options[spec.name]}
                  t={t}
                  onChange={(v) => setOptions({ ...options, [spec.name]: v })}
                />
              ))}
            </div>
          </details>
        </PresetPicker>

        <div class="buttons start-bar">
          <button type="submit" class="primary big" data-testid="start">
            {t("startGame")}
          </button>
        </div>
      </form>

      <section class="records-entry">
        <button type="button" class="ghost" onClick={onReplay}>
          {t("importRecord")}
        </button>
        <button type="button" class="ghost" onClick={onStats} data-testid="home-stats">
          {t("stats.open")}
        </button>
        <button type="button" class="ghost" onClick={onFairness} data-testid="home-fairness">
          {t("fair.howLink")}
        </button>
      </section>
      {replacing && saved && (
        <Modal title={t("newGameTitle")} onClose={() => setReplacing(null)} id="confirm-new-game">
          <p>{inProgressText(t, saved)}</p>
          <div class="buttons">
            <button type="button" onClick={() => setReplacing(null)} autofocus>
              {t("cancel")}
            </button>
            <button type="button" class="danger" onClick={() => onStart(replacing)} data-testid="confirm-new-game">
              {t("newGameConfirm")}
            </button>
          </div>
        </Modal>
      )}
    </main>
  );
}

/** "You have a French game in progress: hand 5; You 68, Ruby 40, Kofi 55 and Ines 30. …" */
function inProgressText(t: T, saved: Session): string {
  const rules = saved.game.rules;
  const name = (seat: number) => (seat === HUMAN ? t("you") : BOT_NAMES[seat]);
  const scores = saved.game.totals.map((n, side) =>
    t("rv_countOf", { name: sideName(t, rules, side, name, HUMAN), n }),
  );
  return t("newGameText", { game: t(GAME_KEYS[saved.setup.game].name), hand: saved.game.hands.length, scores });
}

function OptionField({
  spec,
  value,
  t,
  onChange,
}: {
  spec: OptionSpec;
  value: unknown;
  t: T;
  onChange: (v: unknown) => void;
}) {
  const id = `opt-${spec.name}`;
  const keys = optionKeys(spec.name);
  const label = keys ? t(keys.label) : spec.name;
  const summary = keys ? t(keys.summary) : spec.summary;
  let control: JSX.Element;
  if (spec.kind === "bool") {
    control = (
      <input
        id={id}
        type="checkbox"
        checked={value === true}
        aria-describedby={`${id}-sum`}
        onChange={(e) => onChange((e.target as HTMLInputElement).checked)}
      />
    );
  } else if (spec.kind === "enum") {
    control = (
      <select
        id={id}
        value={String(value)}
        aria-describedby={`${id}-sum`}
        onChange={(e) => onChange((e.target as HTMLSelectElement).value)}
      >
        {(spec.values ?? []).map((v) => {
          const key = keys?.values?.[v];
          return (
            <option key={v} value={v}>
              {key ? t(key) : v}
            </option>
          );
        })}
      </select>
    );
  } else if (spec.name === "target") {
    control = (
      <select
        id={id}
        value={String(value)}
        aria-describedby={`${id}-sum`}
        onChange={(e) => onChange(Number((e.target as HTMLSelectElement).value))}
      >
        {[50, 100, 150, 200].map((v) => (
          <option key={v} value={v}>
            {v}
          </option>
        ))}
      </select>
    );
  } else {
    control = (
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={spec.min}
        max={spec.max}
        step={spec.name === "doubleBlankValue" ? 1 : 5}
        value={Number(value)}
        aria-describedby={`${id}-sum`}
        onChange={(e) => {
          const n = Number((e.target as HTMLInputElement).value);
          if (Number.isInteger(n) && n >= (spec.min ?? 0) && n <= (spec.max ?? 10000)) onChange(n);
        }}
      />
    );
  }
  return (
    <div class={`option option-${spec.kind}`}>
      <label for={id}>{label}</label>
      {control}
      <p id={`${id}-sum`} class="option-sum">
        {summary}
      </p>
    </div>
  );
}
