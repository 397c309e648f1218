/** The named rule presets of a game as pills, one of them chosen (or none: options set by hand). */

import type { ComponentChildren } from "preact";
import type { T } from "../i18n";
import type { Preset } from "../view/presets";

export function PresetPicker({
  t,
  presets,
  chosen,
  onChoose,
  children,
}: {
  t: T;
  presets: readonly Preset[];
  chosen: string | null;
  onChoose: (preset: Preset) => void;
  /** More of the same fieldset: the chosen preset's description, the options one by one. */
  children?: ComponentChildren;
}) {
  return (
    <fieldset class="row presets">
      <legend>{t("presets")}</legend>
      {presets.map((p) => (
        <button
          type="button"
          key={p.id}
          class={`pill ${chosen === p.id ? "chosen" : ""}`}
          aria-pressed={chosen === p.id}
          title={t(p.desc)}
          onClick={() => onChoose(p)}
        >
          {t(p.name)}
        </button>
      ))}
      {children}
    </fieldset>
  );
}
