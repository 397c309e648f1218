import {
  applyMove,
  createGame,
  createRng,
  defaultRules,
  type Game,
  legalMoves,
  PASS,
  PLAYING,
  randomDeal,
  startHand,
  viewFor,
} from "@crossbones/engine";
import { describe, expect, it } from "vitest";
import { translator } from "../src/i18n/all.js";
import { eventText, turnSummary } from "../src/view/describe.js";

const t = translator("en");

/** A French hand played at random until all four arms are started and `seat` is to act. */
function crossReady(seed: number): Game | null {
  const rng = createRng(seed);
  let game = createGame(defaultRules("french", 4));
  const s = startHand(game, randomDeal(game.config, rng));
  if (!s.ok) return null;
  game = s.value;
  while (game.state && !game.state.over) {
    if (game.state.emptyArms === 0 && game.state.phase === PLAYING && legalMoves(game).some((m) => m !== PASS))
      return game;
    const moves = legalMoves(game);
    const plays = moves.filter((m) => m !== PASS);
    const next = applyMove(game, plays.length ? plays[rng.nextInt(plays.length)] : PASS);
    if (!next.ok) return null;
    game = next.value;
  }
  return null;
}

describe("screen-reader summary", () => {
  it('reads "Your turn; arms show a, b, c and d; you can play x on the … arm or …"', () => {
    let checked = 0;
    for (let seed = 1; seed <= 20 && checked < 5; seed++) {
      const game = crossReady(seed);
      if (!game?.state) continue;
      const view = viewFor(game, game.state.turn);
      const text = turnSummary(t, view.table as NonNullable<typeof view.table>, game.config.layout, view.legalMoves);
      const ends = Array.from(game.state.ends)
        .join(", ")
        .replace(/, (\d)$/, " and $1");
      expect(text).toMatch(
        new RegExp(`^Your turn; arms show ${ends}; you can play \\d-\\d on the (north|east|south|west) arm`),
      );
      checked++;
    }
    expect(checked).toBe(5);
  });

  it("names the player and the arm of each play in the log, with its article in every language", () => {
    const game = crossReady(3);
    if (!game) throw new Error("no position");
    const hand = game.hands[0];
    const name = (seat: number) => ["You", "Ruby", "Kofi", "Ines"][seat];
    const lines = hand.events.map((e) => eventText(t, game.config.layout, e, name)).filter(Boolean);
    expect(lines[0]).toMatch(/^(You|Ruby|Kofi|Ines) posed 0-0$/);
    expect(lines.some((l) => /played \d-\d on the (north|east|south|west) arm$/.test(l ?? ""))).toBe(true);
    // "op de linkerkant", "en el extremo izquierdo": never a bare label inside a sentence.
    const play = { type: "play", move: 1, seat: 1, bone: 3, target: 0 } as const;
    expect(eventText(translator("nl"), 1, play, name)).toBe("Ruby speelde 0-3 op de linkerkant");
    expect(eventText(translator("es"), 1, play, name)).toBe("Ruby jugó 0-3 en el extremo izquierdo");
    expect(eventText(t, 1, play, name)).toBe("Ruby played 0-3 on the left end");
  });
});
