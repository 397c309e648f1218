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
import { eventText, poseWhy, sideName, turnSummary } from "../src/view/describe.js";

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

describe("who the sentences are about", () => {
  const name = (seat: number) => ["Ama", "Bea", "Cy", "Dee"][seat];

  it("a watcher sees a Partner team by its players; a player sees theirs as 'Your team'", () => {
    const rules = defaultRules("partner", 4);
    expect(sideName(t, rules, 0, name, null)).toBe("Ama and Cy");
    expect(sideName(t, rules, 1, name, null)).toBe("Bea and Dee");
    expect(sideName(t, rules, 1, name, 3)).toBe("Your team");
    expect(sideName(t, rules, 0, name, 3)).toBe("Their team");
    expect(sideName(t, defaultRules("cutthroat", 3), 2, name, null)).toBe("Cy");
  });

  it("the pose reason is the engine's: a double in French, any bone in the line games, 'you' for the winner", () => {
    const winner = { seat: 1, reason: "winner", bone: null, winner: 1 } as const;
    expect(poseWhy(t, { ...winner, double: true }, 0, name)).toBe("the winner of the last hand (Bea) poses a double");
    expect(poseWhy(t, { ...winner, double: false }, 0, name)).toBe(
      "the winner of the last hand (Bea) poses, with any bone",
    );
    expect(poseWhy(t, { ...winner, double: false }, 1, name)).toBe("you won the last hand");
    expect(poseWhy(t, { ...winner, double: false }, null, name)).toBe(
      "the winner of the last hand (Bea) poses, with any bone",
    );
    const next = { seat: 2, reason: "next-with-double", bone: null, double: true, winner: 1 } as const;
    expect(poseWhy(t, next, 1, name)).toBe("you hold no double, so the next player with one poses");
    expect(poseWhy(t, { seat: 0, reason: "first", bone: 0, double: false, winner: null }, 0, name)).toBe(
      "the holder of 0-0 poses the first hand",
    );
  });
});
