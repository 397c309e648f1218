/** Settings: language, practice hands, passing for the player, animation speed, sound, pips. */

import { LANG_NAMES, LANGS, type Lang, type T } from "../i18n";
import type { PipStyle, Settings, Speed } from "../settings";
import { BoneShape } from "./Bone";

export function SettingsScreen({
  t,
  settings,
  onChange,
  onBack,
}: {
  t: T;
  settings: Settings;
  onChange: (s: Settings) => void;
  onBack: () => void;
}) {
  const set = (patch: Partial<Settings>) => onChange({ ...settings, ...patch });
  return (
    <main class="settings card">
      <h1>{t("settings")}</h1>
      <fieldset class="row">
        <legend>{t("language")}</legend>
        {LANGS.map((lang: Lang) => (
          <label key={lang} class="pill" lang={lang}>
            <input type="radio" name="lang" checked={settings.lang === lang} onChange={() => set({ lang })} />
            {LANG_NAMES[lang]}
          </label>
        ))}
      </fieldset>
      <label class="check">
        <input
          type="checkbox"
          checked={settings.showHands}
          onChange={(e) => set({ showHands: (e.target as HTMLInputElement).checked })}
        />
        <span>{t("showHands")}</span>
      </label>
      <label class="check">
        <input
          type="checkbox"
          checked={settings.autoPass}
          onChange={(e) => set({ autoPass: (e.target as HTMLInputElement).checked })}
          data-testid="auto-pass"
        />
        <span>
          {t("autoPass")} <small>{t("autoPassDesc")}</small>
        </span>
      </label>
      <label class="check">
        <input
          type="checkbox"
          checked={settings.sound}
          onChange={(e) => set({ sound: (e.target as HTMLInputElement).checked })}
        />
        <span>{t("sound")}</span>
      </label>
      <fieldset class="row">
        <legend>{t("animationSpeed")}</legend>
        {(["off", "slow", "normal", "fast"] as Speed[]).map((speed) => (
          <label key={speed} class="pill">
            <input type="radio" name="speed" checked={settings.speed === speed} onChange={() => set({ speed })} />
            {t(
              speed === "off"
                ? "speedOff"
                : speed === "slow"
                  ? "speedSlow"
                  : speed === "fast"
                    ? "speedFast"
                    : "speedNormal",
            )}
          </label>
        ))}
      </fieldset>
      <fieldset class="row">
        <legend>{t("pips")}</legend>
        {(["classic", "colour", "numerals"] as PipStyle[]).map((pips) => (
          <label key={pips} class="pill pip-choice">
            <input type="radio" name="pips" checked={settings.pips === pips} onChange={() => set({ pips })} />
            <svg viewBox="-1 -0.5 2 1" aria-hidden="true" class="mini-h">
              <BoneShape a={3} b={5} vertical={false} pips={pips} />
            </svg>
            {t(pips === "classic" ? "pipsClassic" : pips === "colour" ? "pipsColour" : "pipsNumerals")}
          </label>
        ))}
      </fieldset>
      <p class="hint-text">{t("keyboardHelp")}</p>
      <div class="buttons">
        <button type="button" class="primary" onClick={onBack} data-testid="settings-back">
          {t("back")}
        </button>
      </div>
    </main>
  );
}
