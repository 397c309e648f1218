/**
 * Players' names: what a name must show, and when two names are too alike to tell apart.
 *
 * - A name needs a letter or a digit that can be seen. Fillers such as U+3164 (a Hangul letter
 *   that draws nothing) and U+2800 (the blank braille pattern) would otherwise make a player
 *   nobody can name; a line or paragraph separator (U+2028, U+2029) breaks every list it is in.
 * - Two names are confusable when their skeletons (Unicode's UTS #39, from its confusables data:
 *   "Kоfi" with a Cyrillic о, "DeII" with capital i's, "rnike" for "mike") are the same, case
 *   and compatibility forms aside: a player named "ruby" or "Ｒｕｂｙ" beside the bot Ruby is
 *   mistaken for it as easily.
 *
 * The data is Unicode's confusables.txt (version 13.0) as the `unhomoglyph` package ships it: one
 * prototype for each of 6,311 characters.
 */

import { createRequire } from "node:module";
import { BOT_NAMES } from "@crossbones/table";

export { BOT_NAMES };

const PROTOTYPES = new Map(
  Object.entries(createRequire(import.meta.url)("unhomoglyph/data.json") as Record<string, string>),
);

/**
 * UTS #39's skeleton: decomposed (NFD), without default-ignorable characters (which draw
 * nothing), each character replaced by its prototype, decomposed again. Equal skeletons: the two
 * strings can look the same.
 */
export function skeleton(text: string): string {
  let out = "";
  for (const c of text.normalize("NFD").replace(/\p{Default_Ignorable_Code_Point}/gu, "")) {
    out += PROTOTYPES.get(c) ?? c;
  }
  return out.normalize("NFD");
}

/**
 * Whether two names can be taken for each other: the same skeleton, compatibility forms and case
 * aside. Compatibility forms (NFKC: fullwidth "Ｒｕｂｙ", mathematical "𝐑𝐮𝐛𝐲") look like the plain
 * letters but are not in Unicode's confusables data. Case is set aside both before the skeleton
 * ("ines" and "Ines") and after it ("DELL" and "DeII", whose capital i's become l's first).
 */
export function confusable(a: string, b: string): boolean {
  const after = (s: string) => skeleton(skeleton(s.normalize("NFKC")).toLowerCase());
  const before = (s: string) => skeleton(s.normalize("NFKC").toLowerCase());
  return after(a) === after(b) || before(a) === before(b);
}

export type NameProblem = "invisible" | "line-break" | "bot-name";

/** Why a guest may not take this name (already trimmed, 1–24 characters, no control characters), or null. */
export function nameProblem(name: string): NameProblem | null {
  if (/[\p{Zl}\p{Zp}]/u.test(name)) return "line-break";
  if (!/(?!\p{Default_Ignorable_Code_Point})[\p{L}\p{N}]/u.test(name)) return "invisible";
  if (BOT_NAMES.some((bot) => confusable(name, bot))) return "bot-name";
  return null;
}

/** What each problem says to a player (English; the app says it in theirs). */
export const NAME_MESSAGES: Readonly<Record<NameProblem, string>> = {
  invisible: "a name needs a letter or a digit that can be seen",
  "line-break": "a name is one line",
  "bot-name": `that name is too like a bot's (${BOT_NAMES.join(", ")})`,
};
