/**
 * The line games' match arithmetic written out from the rules text (RULES.md C6–C8, P1), on its
 * own and without the engine: the reference that the bots' match values (`afterHand`) and whole
 * games are checked against. Sides are players in Cut Throat and teams in Partner (P1).
 */

export interface RuleOptions {
  readonly match: "sixLove" | "straight";
  readonly oneAllPlayTwo: boolean;
}

export interface Standing {
  readonly totals: readonly number[];
  /** What the next hand's winner scores: 1, or 2 after a draw (C6). */
  readonly worth: number;
  /** The next hand is a one-all-play-two hand (C8). */
  readonly oneAllPlayTwo: boolean;
}

/** A match after one hand: won by a side, or going on from a new standing. */
export type AfterHand = { readonly matchWinner: number } | { readonly standing: Standing };

/** The match after a hand won by `side`, or drawn (`side` null). */
export function byTheRules(before: Standing, side: number | null, options: RuleOptions): AfterHand {
  const { totals, worth, oneAllPlayTwo } = before;
  if (side === null) {
    // C6: no winner; the next hand is worth 2, and another draw keeps it at 2. C8: a drawn
    // one-all-play-two hand is followed by another one.
    return { standing: { totals: [...totals], worth: 2, oneAllPlayTwo } };
  }
  if (oneAllPlayTwo) {
    // C8: the winner goes to 2, everyone else to 0 (2 cannot end the match).
    return { standing: { totals: totals.map((_, s) => (s === side ? 2 : 0)), worth: 1, oneAllPlayTwo: false } };
  }
  // C7: the winner scores the hand's worth; the first to 6 wins the match.
  const after = totals.map((t, s) => (s === side ? t + worth : t));
  if (after[side] >= 6) return { matchWinner: side };
  // C8 (option, both match modes): everyone at exactly 1; it takes precedence over the bruk.
  if (options.oneAllPlayTwo && after.every((t) => t === 1)) {
    return { standing: { totals: after, worth: 1, oneAllPlayTwo: true } };
  }
  // C7 "sixLove": once everyone has at least 1 point, the game is bruk and all go back to 0.
  if (options.match === "sixLove" && after.every((t) => t >= 1)) {
    return { standing: { totals: after.map(() => 0), worth: 1, oneAllPlayTwo: false } };
  }
  return { standing: { totals: after, worth: 1, oneAllPlayTwo: false } };
}
