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
  /** When no bone fits, pass for the player after a short "no bone fits" (a penalty pass is always a tap). */
  readonly autoPass: boolean;
}

export function defaultSettings(languages: readonly string[]): Settings {
  return {
    lang: browserLang(languages),
    showHands: false,
    speed: "normal",
    sound: true,
    pips: "classic",
    autoPass: true,
  };
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
    autoPass: typeof s.autoPass === "boolean" ? s.autoPass : d.autoPass,
  };
}

/** The table's pace, in milliseconds (docs/web.md, "Pace"). */
export interface Timing {
  /** A play's flight from its seat to the board. */
  readonly anim: number;
  /** A bot's move, from the previous move to its own: the flight of the previous bone, then a pause to see it. */
  readonly botDelay: number;
  /** How long "no bone fits" shows before the player's forced pass is made. */
  readonly autoPass: number;
}

export function timing(speed: Speed): Timing {
  switch (speed) {
    case "off":
      return { anim: 0, botDelay: 150, autoPass: 500 };
    case "slow":
      return { anim: 650, botDelay: 1700, autoPass: 1600 };
    case "fast":
      return { anim: 200, botDelay: 300, autoPass: 600 };
    default:
      return { anim: 450, botDelay: 1100, autoPass: 1100 };
  }
}
