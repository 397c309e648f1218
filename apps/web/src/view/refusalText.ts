/**
 * The engine's refusals in the player's language: the code picks the text (`refusal.<code>` in
 * the dictionary), the parameters fill it. Seats become the players' names (never "seat 3"),
 * target letters the names of arms and ends, lists and the ends of the board are read out in
 * words ("North 5, East 3, South 2 and West 6").
 */

import type { Refusal } from "@crossbones/engine";
import { anyOf, GAME_KEYS, type Item, type Key, optionKeys, type T, type TextRef } from "../i18n";
import { targetWords } from "./describe";

/** The games by their record name ("french", …), for text that came from a record. */
const GAMES: Readonly<Partial<Record<string, { readonly name: Key }>>> = GAME_KEYS;

/** The refusal `r` in words; `name` names a seat (a player's name, "You", …). */
export function refusalText(t: T, r: Refusal, name: (seat: number) => string): string {
  const target = (letter: string): Item => {
    const words = targetWords(letter);
    return words ? { key: words.phrase } : letter;
  };
  const short = (letter: string): Item => {
    const words = targetWords(letter);
    return words ? { key: words.short } : letter;
  };
  const game = (kind: string): Item => {
    const known = Object.hasOwn(GAMES, kind) ? GAMES[kind] : undefined;
    return known ? { key: known.name } : kind;
  };
  const quoted = (text: Item): Item => ({ key: "quoted", params: { text } });
  const option = (option: string): Item => {
    const keys = optionKeys(option);
    return quoted(keys ? { key: keys.label } : option);
  };

  switch (r.code) {
    case "bad-action":
      return t(`refusal.bad-action.${r.problem}`);
    case "not-a-seat":
      return t("refusal.not-a-seat", { seat: r.seat });
    case "not-your-turn":
      return t("refusal.not-your-turn", { turn: name(r.turn) });
    case "stale":
      return t("refusal.stale");
    case "game-over":
      return t("refusal.game-over");
    case "bad-game":
      return t("refusal.bad-game");
    case "bad-move":
      return t("refusal.bad-move", { value: r.value });
    case "no-hand":
      return t("refusal.no-hand");
    case "hand-over":
      return t("refusal.hand-over");
    case "bad-notation":
      return t("refusal.bad-notation", { text: r.text });
    case "unknown-bone":
      return r.seat === undefined
        ? t("refusal.unknown-bone.move", { text: r.text })
        : t("refusal.unknown-bone.deal", { text: r.text, name: name(r.seat) });
    case "unknown-target":
      return t("refusal.unknown-target", { text: r.text, targets: anyOf(r.targets.map(short)) });
    case "not-held":
      return t("refusal.not-held", { name: name(r.seat), bone: r.bone });
    case "must-pose":
      return t("refusal.must-pose", { name: name(r.seat) });
    case "wrong-pose":
      return r.must === null
        ? t("refusal.wrong-pose.double", { name: name(r.seat), bone: r.bone })
        : t("refusal.wrong-pose.must", { name: name(r.seat), bone: r.bone, must: r.must });
    case "pose-has-target":
      return t("refusal.pose-has-target", { text: r.text });
    case "arm-started":
      return t("refusal.arm-started", { name: name(r.seat), bone: r.bone, target: target(r.target) });
    case "needs-pose-number":
      return t("refusal.needs-pose-number", {
        name: name(r.seat),
        bone: r.bone,
        target: target(r.target),
        pose: r.pose,
      });
    case "does-not-fit": {
      if (r.target !== null) {
        return t("refusal.does-not-fit.target", {
          name: name(r.seat),
          bone: r.bone,
          target: target(r.target),
          shows: r.shows ?? "",
        });
      }
      const letters = Object.keys(r.ends);
      const ends = letters.map(
        (letter): TextRef =>
          r.ends[letter] < 0
            ? { key: "armEmpty", params: { arm: short(letter) } }
            : { key: "endShows", params: { target: short(letter), n: r.ends[letter] } },
      );
      const line = letters.some((letter) => letter === "L" || letter === "R");
      return t(line ? "refusal.does-not-fit.ends" : "refusal.does-not-fit.arms", {
        name: name(r.seat),
        bone: r.bone,
        ends,
      });
    }
    case "double-not-down":
      return t("refusal.double-not-down", {
        name: name(r.seat),
        bone: r.bone,
        target: target(r.target),
        shows: r.shows,
      });
    case "choose-target":
      return t("refusal.choose-target", { bone: r.bone, targets: r.targets.map(target) });
    case "must-play":
      return t("refusal.must-play", { name: name(r.seat), bone: r.bone });
    case "attempt-is-legal":
      return t("refusal.attempt-is-legal", { bone: r.bone, target: target(r.target) });
    case "attempt-not-charged":
      return t("refusal.attempt-not-charged");
    case "attempt-at-pose":
      return t("refusal.attempt-at-pose", { text: r.text });
    case "attempt-in-line":
      return t("refusal.attempt-in-line", { text: r.text });
    case "attempt-needs-target":
      return t("refusal.attempt-needs-target", { text: r.text });
    case "bad-json":
      return t("refusal.bad-json");
    case "bad-setup":
      return t("refusal.bad-setup");
    case "bad-deal":
      return t("refusal.bad-deal");
    case "bad-record":
      return t("refusal.bad-record");
    case "bad-format":
      return t("refusal.bad-format", { format: r.format });
    case "unknown-game":
      return t("refusal.unknown-game", { game: r.game });
    case "bad-players":
      return t("refusal.bad-players", { game: game(r.game), players: r.players });
    case "bad-rules":
      return t("refusal.bad-rules");
    case "unknown-option":
      return t("refusal.unknown-option", { option: quoted(r.option) });
    case "option-not-for-game":
      return t("refusal.option-not-for-game", { option: option(r.option), game: game(r.game) });
    case "bad-option-value": {
      const keys = optionKeys(r.option);
      const value = (v: string): Item => {
        const key = keys?.values?.[v];
        return quoted(key ? { key } : v);
      };
      switch (r.kind) {
        case "bool":
          return t("refusal.bad-option-value.bool", { option: option(r.option) });
        case "enum":
          return t("refusal.bad-option-value.enum", { option: option(r.option), values: anyOf(r.values.map(value)) });
        case "int":
          return t("refusal.bad-option-value.int", { option: option(r.option), min: r.min, max: r.max });
      }
      return unreachable(r.kind);
    }
    case "bad-names":
      return t("refusal.bad-names", { n: r.players });
    case "bad-resigned":
      return t("refusal.bad-resigned", { max: r.players - 1 });
    case "bad-hands":
      return t("refusal.bad-hands");
    case "bad-hand":
      return t("refusal.bad-hand");
    case "hand-not-finished":
      return t("refusal.hand-not-finished", { n: r.previous + 1 });
    case "move-after-end":
      return t("refusal.move-after-end", { text: r.text });
    case "deal-not-a-list":
      return t("refusal.deal-not-a-list", { name: name(r.seat) });
    case "deal-seats":
      return t("refusal.deal-seats", { n: r.players });
    case "deal-repeats":
      return t("refusal.deal-repeats", { bone: r.bone, name: name(r.seat) });
    case "deal-unequal":
      return t("refusal.deal-unequal");
  }
  return unreachable(r);
}

/** A new refusal code (or kind) must be handled above: this does not compile until it is. */
function unreachable(value: never): string {
  return String(value);
}
