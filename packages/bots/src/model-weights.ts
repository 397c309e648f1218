/**
 * The learned opponent model's weights, one set per game (features in `features.ts`). Written by
 * `packages/bots/train/opponent-model.ts`; do not edit by hand.
 */

export const OPPONENT_MODEL = {
  french: { kinds: [{ weights: [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], mix: 0.2 }], prior: [1] },
  cutthroat: { kinds: [{ weights: [2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], mix: 0.05 }], prior: [1] },
  partner: { kinds: [{ weights: [2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], mix: 0.05 }], prior: [1] },
} as const;
