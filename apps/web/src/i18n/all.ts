/**
 * Every dictionary at once, for tests and tools (the e2e tests, lesson checks). The app never
 * imports this module: it loads one language at a time with `loadTranslator` (index.ts).
 */

import { en } from "./en";
import { es } from "./es";
import { type Dict, LANGS, type Lang, makeTranslator, type T } from "./index";
import { nl } from "./nl";

export { LANGS, type Lang };

const DICTS: Readonly<Record<Lang, Dict>> = { en, nl, es };

export function dictionaries(): Readonly<Record<Lang, Dict>> {
  return DICTS;
}

const translators = new Map<Lang, T>();

/** The translator of `lang`, synchronously. */
export function translator(lang: Lang): T {
  let t = translators.get(lang);
  if (!t) {
    t = makeTranslator(lang, DICTS[lang]);
    translators.set(lang, t);
  }
  return t;
}
