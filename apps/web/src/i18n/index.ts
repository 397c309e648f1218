/**
 * The translation system: one dictionary per language (en.ts is the source, nl.ts and es.ts are
 * typed by it) and one translator, `t`. The app's strings, the lessons' strings and the engine's
 * refusals all live in the same dictionary.
 *
 * - `t(key, params?)` or `t({ key, params })` (a `TextRef`, as the lessons keep their texts).
 * - A placeholder `{name}` takes a string, a number, another `TextRef`, a list of them (joined
 *   with the language's "and": `Intl.ListFormat`) or `anyOf(list)` (joined with "or").
 * - Numbers are written the language's way (`Intl.NumberFormat`: "20,5" in Dutch); `decimal(x, 1)`
 *   fixes the digits after the point, and `t.num(x)` writes a number outside a text.
 * - A value may be a plural, `{ one: "{n} bone", other: "{n} bones" }`, chosen by the `n`
 *   parameter with `Intl.PluralRules`. The categories are CLDR's (`zero`, `one`, `two`, `few`,
 *   `many`, `other`); a missing one falls back to `other`. Spanish has `many` for millions.
 *
 * Each language's dictionary is its own chunk, loaded once with `loadTranslator(lang)` (the app
 * loads the player's language before its first render; the service worker precaches them all).
 * Tests and tools that want every language at once import `./all`.
 */

import type { GameKind, PenaltyKind, RefusalCode, RefusalParams } from "@crossbones/engine";
import type { en } from "./en";

export const LANGS = ["en", "nl", "es"] as const;
export type Lang = (typeof LANGS)[number];

/** Each language's name in itself, for the language picker (the same whatever the app speaks). */
export const LANG_NAMES: Readonly<Record<Lang, string>> = { en: "English", nl: "Nederlands", es: "Español" };

/** The locale given to `Intl`: British English lists have no serial comma ("3, 5 and 6"). */
const LOCALES: Readonly<Record<Lang, string>> = { en: "en-GB", nl: "nl", es: "es" };

/** A text that depends on a number `{n}`, by CLDR plural category. */
export interface Plural {
  readonly zero?: string;
  readonly one?: string;
  readonly two?: string;
  readonly few?: string;
  readonly many?: string;
  readonly other: string;
}

export type Entry = string | Plural;

/** Every key of the dictionary: English is the source. */
export type Key = keyof typeof en;

/** A translation: a text where English has a text, a plural where English has a plural. */
type Translated<E> = E extends string ? string : Plural;

/** A dictionary: every English key, nothing else. */
export type Dict = { readonly [K in Key]: Translated<(typeof en)[K]> };

/** A text with its parameters, kept as data (the lessons' model) and translated when shown. */
export interface TextRef {
  readonly key: Key;
  readonly params?: Params;
}

/** A number written with a fixed number of digits after the point ("20.5", "20,5"). */
export interface Decimal {
  readonly decimal: number;
  readonly digits: number;
}

/** `value` with `digits` digits after the point, as a placeholder's value. */
export function decimal(value: number, digits = 1): Decimal {
  return { decimal: value, digits };
}

/** One value of a placeholder or of a list. */
export type Item = string | number | Decimal | TextRef;

/** A list joined with "or" (`type: "or"`) or "and". */
export interface ListParam {
  readonly list: readonly Item[];
  readonly type: "and" | "or";
}

/** What fills a placeholder: plain, another text, or a list ("3, 5 and 6"). */
export type Param = Item | readonly Item[] | ListParam;
export type Params = Readonly<Record<string, Param>>;

/** A list to be read with "or": "5-5 on East or 3-6 on North". */
export function anyOf(list: readonly Item[]): ListParam {
  return { list, type: "or" };
}

/** How `t.num` writes a number: fixed digits after the point; a fraction as a percentage (0.5: 50%). */
export interface NumberOptions {
  readonly digits?: number;
  readonly percent?: boolean;
}

/** The translator of one language. */
export interface T {
  (key: Key | TextRef, params?: Params): string;
  /** A number written the language's way ("20,5", "50 %"). */
  num(value: number, options?: NumberOptions): string;
  /** The locale given to `Intl` (dates, numbers). */
  readonly locale: string;
}

function isList(value: Param): value is readonly Item[] {
  return Array.isArray(value);
}

/** A translator over a dictionary (loaded with `loadTranslator`, or imported from `./all`). */
export function makeTranslator(lang: Lang, dict: Dict): T {
  const locale = LOCALES[lang];
  // Made on first use: the first Intl.ListFormat loads locale data (about 20 ms), which the
  // first render does not need.
  const plurals = new Map<number, Intl.PluralRules>();
  const numbers = new Map<string, Intl.NumberFormat>();
  const lists: { and?: Intl.ListFormat; or?: Intl.ListFormat } = {};
  const list = (type: "and" | "or"): Intl.ListFormat =>
    (lists[type] ??= new Intl.ListFormat(locale, { type: type === "or" ? "disjunction" : "conjunction" }));
  // Keyed by style and fixed digits (-1: as many as the number has, up to three).
  const numberFormat = (digits: number, percent: boolean): Intl.NumberFormat => {
    const key = `${percent ? "%" : ""}${digits}`;
    let f = numbers.get(key);
    if (!f) {
      f = new Intl.NumberFormat(locale, {
        ...(percent ? { style: "percent" } : {}),
        ...(digits < 0 ? {} : { minimumFractionDigits: digits, maximumFractionDigits: digits }),
      });
      numbers.set(key, f);
    }
    return f;
  };
  const num = (value: number, options: NumberOptions = {}): string =>
    numberFormat(options.digits ?? -1, options.percent === true).format(value);
  const plural = (digits: number): Intl.PluralRules => {
    let rules = plurals.get(digits);
    if (!rules) {
      rules = new Intl.PluralRules(locale, digits < 0 ? {} : { minimumFractionDigits: digits });
      plurals.set(digits, rules);
    }
    return rules;
  };

  const item = (value: Item): string =>
    typeof value === "string"
      ? value
      : typeof value === "number"
        ? num(value)
        : "decimal" in value
          ? num(value.decimal, { digits: value.digits })
          : text(value);

  const param = (value: Param): string => {
    if (isList(value)) return list("and").format(value.map(item));
    if (typeof value === "object" && "list" in value) return list(value.type).format(value.list.map(item));
    return item(value);
  };

  function text(ref: TextRef): string {
    const entry: Entry = dict[ref.key];
    const params = ref.params;
    let template: string;
    if (typeof entry === "string") template = entry;
    else {
      const n = params?.n;
      // "1 point", but "1.0 points": a fixed digit after the point is plural in English.
      const category =
        typeof n === "number"
          ? plural(-1).select(n)
          : typeof n === "object" && n !== null && "decimal" in n
            ? plural(n.digits).select(n.decimal)
            : "other";
      template = entry[category] ?? entry.other;
    }
    if (!params) return template;
    return template.replace(/\{(\w+)\}/g, (m, name: string) => (Object.hasOwn(params, name) ? param(params[name]) : m));
  }

  const translate = (key: Key | TextRef, params?: Params): string => {
    if (typeof key === "string") return text({ key, params });
    return text(params ? { key: key.key, params: { ...key.params, ...params } } : key);
  };
  return Object.assign(translate, { num, locale });
}

/**
 * Makes the translator's `Intl` objects now. The first `Intl.ListFormat` of a page loads ICU's
 * locale data, a 20–50 ms task (and longer on a busy machine): made on first use it landed in the
 * middle of a game, while the bots think (docs/benchmarks.md). The app calls this once the home
 * screen is up and the page is idle, which the first render does not wait for.
 */
export function warmUp(t: T): void {
  t({ key: "srArmsShow", params: { list: [1, 2] } });
  t({ key: "srArmsShow", params: { list: anyOf([1, 2]) } });
  t({ key: "bonesLeft", params: { n: 2 } });
}

const LOADERS: { readonly [L in Lang]: () => Promise<Dict> } = {
  en: () => import("./en").then((m) => m.en),
  nl: () => import("./nl").then((m) => m.nl),
  es: () => import("./es").then((m) => m.es),
};

const loaded = new Map<Lang, Promise<T>>();

/** The translator of `lang`, its dictionary loaded on first use (a separate chunk per language). */
export function loadTranslator(lang: Lang): Promise<T> {
  let translator = loaded.get(lang);
  if (!translator) {
    translator = LOADERS[lang]().then((dict) => makeTranslator(lang, dict));
    translator.catch(() => loaded.delete(lang));
    loaded.set(lang, translator);
  }
  return translator;
}

/** The first of the browser's languages that we speak, else English. */
export function browserLang(languages: readonly string[]): Lang {
  for (const l of languages) {
    const base = l.toLowerCase().split("-")[0];
    const lang = LANGS.find((x) => x === base);
    if (lang) return lang;
  }
  return "en";
}

// ---- keys built from data: typed tables, so a new kind is a type error rather than a missing text

export const PENALTY_KEYS: Readonly<Record<PenaltyKind, Key>> = {
  passWhenAble: "pen_passWhenAble",
  passStreak: "pen_passStreak",
  boardPass: "pen_boardPass",
  illegalPlay: "pen_illegalPlay",
};

export const GAME_KEYS: Readonly<Record<GameKind, { readonly name: Key; readonly desc: Key }>> = {
  french: { name: "french", desc: "frenchDesc" },
  cutthroat: { name: "cutthroat", desc: "cutthroatDesc" },
  partner: { name: "partner", desc: "partnerDesc" },
};

/** The label, one-line summary and (for a choice) value names of a rule option. */
export interface OptionKeys {
  readonly label: Key;
  readonly summary: Key;
  readonly values?: Readonly<Partial<Record<string, Key>>>;
}

const OPTION_KEYS: Readonly<Partial<Record<string, OptionKeys>>> = {
  target: { label: "opt_target", summary: "opt_target_sum" },
  hands: { label: "opt_hands", summary: "opt_hands_sum" },
  doubleBlankValue: { label: "opt_doubleBlankValue", summary: "opt_doubleBlankValue_sum" },
  heldDoubles: {
    label: "opt_heldDoubles",
    summary: "opt_heldDoubles_sum",
    values: { once: "opt_heldDoubles_once", each: "opt_heldDoubles_each", pips: "opt_heldDoubles_pips" },
  },
  stackDoubles: { label: "opt_stackDoubles", summary: "opt_stackDoubles_sum" },
  penaltyPass: { label: "opt_penaltyPass", summary: "opt_penaltyPass_sum" },
  passWhenAblePenalty: { label: "opt_passWhenAblePenalty", summary: "opt_passWhenAblePenalty_sum" },
  illegalPlayPenalty: { label: "opt_illegalPlayPenalty", summary: "opt_illegalPlayPenalty_sum" },
  passStreakPenalty: { label: "opt_passStreakPenalty", summary: "opt_passStreakPenalty_sum" },
  boardPassPenalty: { label: "opt_boardPassPenalty", summary: "opt_boardPassPenalty_sum" },
  match: {
    label: "opt_match",
    summary: "opt_match_sum",
    values: { sixLove: "opt_match_sixLove", straight: "opt_match_straight" },
  },
  oneAllPlayTwo: { label: "opt_oneAllPlayTwo", summary: "opt_oneAllPlayTwo_sum" },
};

/** The keys of the engine's rule option `name` (OPTION_SPECS), or undefined for an unknown one. */
export function optionKeys(name: string): OptionKeys | undefined {
  return Object.hasOwn(OPTION_KEYS, name) ? OPTION_KEYS[name] : undefined;
}

// ---- refusals: one text per engine code (RefusalCode), several where the parameters call for different sentences

/** The codes whose text depends on a parameter, and the variants each one has. */
export interface RefusalVariants {
  readonly "bad-action": RefusalParams["bad-action"]["problem"];
  /** A bone in a move, or in a seat's hand of a deal. */
  readonly "unknown-bone": "move" | "deal";
  /** The pose must be a given bone, or any double. */
  readonly "wrong-pose": "must" | "double";
  /** On a named target, or anywhere on the arms (cross) or the ends (line). */
  readonly "does-not-fit": "target" | "arms" | "ends";
  readonly "bad-option-value": RefusalParams["bad-option-value"]["kind"];
}

type RefusalKeyOf<C extends RefusalCode> = C extends keyof RefusalVariants
  ? `refusal.${C}.${RefusalVariants[C]}`
  : `refusal.${C}`;

/** The dictionary keys of the refusals: `refusal.<code>` or `refusal.<code>.<variant>`. */
export type RefusalKey = { [C in RefusalCode]: RefusalKeyOf<C> }[RefusalCode];

/** The refusal part of the English dictionary: one entry per code (and variant). */
export type RefusalTexts = { readonly [K in RefusalKey]: Entry };
