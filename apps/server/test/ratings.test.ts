/**
 * Weng–Lin ratings (Plackett–Luce) against examples worked by hand from the paper's update
 * (Weng & Lin 2011, algorithm 4), the rule against farming, and the shown number.
 */

import type { RatedResult } from "@crossbones/table";
import { describe, expect, it } from "vitest";
import { type KeptRating, peopleKey, type Rating, rateGame, START, shown, weightOf } from "../src/online/ratings.js";

const team = (players: string[], place: number, left = false) => ({ players, place, left });
const rated = (kind: RatedResult["kind"], ...teams: RatedResult["teams"]): RatedResult => ({ kind, teams });
const none = () => null;
const close = (r: Rating, mu: number, sigma: number) => {
  expect(r.mu).toBeCloseTo(mu, 3);
  expect(r.sigma).toBeCloseTo(sigma, 3);
};

describe("Weng–Lin updates, worked by hand", () => {
  it("one against one, both new: the winner gains what the loser loses", () => {
    // Both at mu 25, sigma 25/3; tau 25/300 widens each first: sigma² = 69.4444 + 0.0069 = 69.4514.
    // c² = Σ (sigma² + beta²) = 2 (69.4514 + 17.3611) = 173.6250, c = 13.1767. Equal means, so the
    // winner's share of e^(mu/c) among those at or below first place is ½: omega = 1 − ½ = ½,
    // delta = ½ · ½ = ¼. mu += sigma²/c · omega = 69.4514 / 13.1767 · ½ = 2.6354 → 27.635; the
    // loser's omega is −½ → 22.365. gamma = sigma/c = 0.63246, so sigma² shrinks by
    // sigma²/c² · gamma · delta = 0.4 · 0.63246 · ¼ = 0.063246: sigma = 8.3338 · √0.936754 = 8.066.
    const [a, b] = rateGame(rated("cutthroat", team(["a"], 0), team(["b"], 1)), none, 1);
    close(a.after, 27.635, 8.066);
    close(b.after, 22.365, 8.066);
    expect(a.before).toEqual(START);
  });

  it("four for themselves (French), all new, finishing 2nd, 4th, 1st, 3rd", () => {
    const changes = rateGame(rated("french", team(["c"], 0), team(["a"], 1), team(["d"], 2), team(["b"], 3)), none, 1);
    const after = Object.fromEntries(changes.map((c) => [c.player, c.after]));
    close(after.c, 27.795, 8.264);
    close(after.a, 26.553, 8.18);
    close(after.d, 24.689, 8.084);
    close(after.b, 20.962, 8.084);
  });

  it("two against two (Partner): partners move by their own uncertainty", () => {
    const known: Record<string, KeptRating> = {
      a2: { mu: 32.444, sigma: 5.123, games: 30 },
      b1: { mu: 43.381, sigma: 2.421, games: 90 },
      b2: { mu: 25.188, sigma: 6.211, games: 12 },
    };
    const changes = rateGame(
      rated("partner", team(["a1", "a2"], 0), team(["b1", "b2"], 1)),
      (p) => known[p] ?? null,
      1,
    );
    const after = Object.fromEntries(changes.map((c) => [c.player, c.after]));
    close(after.a1, 28.67, 8.072);
    close(after.a2, 33.831, 5.063);
    close(after.b1, 43.071, 2.418);
    close(after.b2, 23.149, 6.138);
  });

  it("a tie shares the place: the two tied move alike", () => {
    const [, b, c] = rateGame(rated("cutthroat", team(["a"], 0), team(["b"], 1), team(["c"], 1)), none, 1);
    close(b.after, 23.565, 8.058);
    close(c.after, 23.565, 8.058);
  });
});

describe("the rule against farming", () => {
  it("the same people's games within a day weigh 1, ½, ⅓, …", () => {
    expect([0, 1, 2, 3].map(weightOf)).toEqual([1, 1 / 2, 1 / 3, 1 / 4]);
  });

  it("a game of weight w moves mu by w of the full change and the variance by w of its change", () => {
    const result = rated("cutthroat", team(["a"], 0), team(["b"], 1));
    const [full] = rateGame(result, none, 1);
    const [half] = rateGame(result, none, 0.5);
    expect(half.after.mu - START.mu).toBeCloseTo((full.after.mu - START.mu) / 2, 10);
    expect(half.after.sigma ** 2 - START.sigma ** 2).toBeCloseTo((full.after.sigma ** 2 - START.sigma ** 2) / 2, 10);
    expect(half.weight).toBe(0.5);
  });

  it("the same people are the same key whatever their seats and places", () => {
    const one = rated("french", team(["b"], 0), team(["a"], 1), team(["c"], 2));
    const other = rated("french", team(["c"], 0), team(["b"], 1), team(["a"], 1));
    expect(peopleKey(one)).toBe("a,b,c");
    expect(peopleKey(other)).toBe(peopleKey(one));
  });
});

describe("the shown rating", () => {
  it("is 700 + 40 (mu − 3 sigma): a new player shows 700, an established average one about 1500", () => {
    expect(shown(START)).toBe(700);
    expect(shown({ mu: 25, sigma: 1.667 })).toBe(1500);
    expect(shown({ mu: 30, sigma: 2 })).toBe(1660);
  });
});
