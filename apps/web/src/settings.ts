/** The player's preferences, kept in local storage. */

import { browserLang, LANGS, type Lang } from "./i18n";

export type PipStyle = "classic" | "colour" | "numerals";
export type Speed = "off" | "slow" | "normal" | "fast";

export interface Settings {
  readonly lang: Lang;
  /** Practice games show the bots' hands. */
  readonly showHands: boolean;
  readonly speed: Speed;
  readonly sound: boolean;
  readonly pips: PipStyle;
}

export function defaultSettings(languages: readonly string[]): Settings {
  return { lang: browserLang(languages), showHands: false, speed: "normal", sound: true, pips: "classic" };
}

/** Reads saved settings, keeping defaults for anything missing or invalid. */
export function readSettings(saved: unknown, languages: readonly string[]): Settings {
  const d = defaultSettings(languages);
  if (!saved || typeof saved !== "object") return d;
  const s = saved as Partial<Settings>;
  return {
    lang: LANGS.includes(s.lang as Lang) ? (s.lang as Lang) : d.lang,
    showHands: typeof s.showHands === "boolean" ? s.showHands : d.showHands,
    speed: ["off", "slow", "normal", "fast"].includes(s.speed as string) ? (s.speed as Speed) : d.speed,
    sound: typeof s.sound === "boolean" ? s.sound : d.sound,
    pips: ["classic", "colour", "numerals"].includes(s.pips as string) ? (s.pips as PipStyle) : d.pips,
  };
}

/** Milliseconds for a play to travel to the board, and the pause between bot moves. */
export function timing(speed: Speed): { anim: number; botDelay: number } {
  switch (speed) {
    case "off":
      return { anim: 0, botDelay: 150 };
    case "slow":
      return { anim: 700, botDelay: 1100 };
    case "fast":
      return { anim: 200, botDelay: 300 };
    default:
      return { anim: 400, botDelay: 650 };
  }
}
