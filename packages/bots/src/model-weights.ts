/**
 * The learned opponent model: per game, one model per kind of player (easy, medium, hard; features in
 * `features.ts`) and a prior over the kinds. Written by
 * `npx tsx packages/bots/train/opponent-model.ts --seed 16 --scale 1 --write`; do not edit by hand.
 * french: 6011 choices fitted, 1496 held out; held-out log-likelihood per choice, all / easy / medium / hard seats: by kind -0.518 / -0.670 / -0.245 / -0.834; one model -0.554 / -0.830 / -0.236 / -0.887; hand-set -0.577 / -0.928 / -0.178 / -0.992; uniform -0.883
 * cutthroat: 5307 choices fitted, 1076 held out; held-out log-likelihood per choice, all / easy / medium / hard seats: by kind -0.575 / -0.679 / -0.288 / -0.939; one model -0.639 / -1.014 / -0.276 / -1.000; hand-set -0.889 / -1.839 / -0.082 / -1.640; uniform -0.954
 * partner: 5028 choices fitted, 1002 held out; held-out log-likelihood per choice, all / easy / medium / hard seats: by kind -0.626 / -0.797 / -0.309 / -1.038; one model -0.690 / -1.063 / -0.302 / -1.129; hand-set -0.972 / -1.974 / -0.090 / -1.908; uniform -0.967
 */

export const OPPONENT_MODEL = {
  french: {
    kinds: [
      {
        weights: [
          3.5008, -0.1631, 10.4614, 5.3938, -8.0118, 6.6396, -1.9136, 0, -0.7853, -5.9108, 0, 0.3582, 8.2914, 1.6525,
        ],
        mix: 0.3,
      },
      {
        weights: [
          2.9824, 6.1677, 0.5115, -0.0806, 0.1035, -3.78, -0.6332, 0, 3.238, 5.7703, 0, -0.5384, -0.0767, 0.7628,
        ],
        mix: 0.01,
      },
      {
        weights: [
          -0.0945, 0.3732, 0.6899, -6.7111, 3.2154, 0.0007, 0.8188, 0, 3.5686, 0.7092, 0, 3.7431, 2.5154, 0.4033,
        ],
        mix: 0.1,
      },
    ],
    prior: [0.3333, 0.3333, 0.3333],
  },
  cutthroat: {
    kinds: [
      {
        weights: [
          -0.0555, 0.595, 13.9106, 5.4832, 0.0603, 0.4664, -0.2952, 0, -0.0504, 2.2181, 0, -1.9618, 0.8752, 1.227,
        ],
        mix: 0.1,
      },
      {
        weights: [2.5994, 7.1511, -1.1657, 0.2638, 0.1542, -3.5008, 2.4569, 0, 1.4058, 0.6813, 0, 2.792, 0.0015, 0.413],
        mix: 0.01,
      },
      {
        weights: [
          8.3068, -0.0331, -7.5313, 2.1282, 0.3542, 11.8044, -2.9484, 0, -0.0406, -12.9293, 0, -0.0423, 0, 0.0409,
        ],
        mix: 0.3,
      },
    ],
    prior: [0.3333, 0.3333, 0.3333],
  },
  partner: {
    kinds: [
      {
        weights: [
          4.9207, 0.0679, 16.2015, 10.0975, -5.3529, 8.03, -2.6709, 0, 0.412, -12.4857, 4.7194, -3.4726, 0, 3.6863,
        ],
        mix: 0.3,
      },
      {
        weights: [
          2.6127, 7.3882, -1.5865, 0.6483, 0.1545, -3.2157, 2.6715, 0, 0.5521, 0.6455, -0.6107, 4.1137, 0.0009, 0.3574,
        ],
        mix: 0.01,
      },
      {
        weights: [
          6.5132, 0.1923, -5.5154, 1.076, 0.5708, 9.5573, -2.9043, 0, 0.4068, -11.2401, 2.3822, -3.3512, 0, -0.1767,
        ],
        mix: 0.3,
      },
    ],
    prior: [0.3333, 0.3333, 0.3333],
  },
} as const;
