import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import {
  ALL_BONES,
  DOUBLE,
  GAME_KINDS,
  handConfig,
  makeBone,
  parseRules,
  popcount,
  type Rules,
} from "@crossbones/engine";
import { blockMessage, commitmentOf, type DealInputs, dealOf, dealText } from "@crossbones/fair";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

interface Vector extends DealInputs {
  readonly game: string;
  readonly players: number;
  readonly commitment: string;
  readonly deal: string[][];
}

const vectors: Vector[] = JSON.parse(readFileSync(new URL("./vectors.json", import.meta.url), "utf8"));

function rulesOf(game: string, players: number): Rules {
  const r = parseRules(game, players, {});
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/**
 * docs/fairness.md's description written out again on Node's own HMAC, independently of the
 * package: bones in play in index order, Fisher–Yates from the last place down, each draw a
 * big-endian word of the stream taken by rejection, then seat by seat in equal runs.
 */
function referenceDeal(players: number, inputs: DealInputs): string[][] {
  const bones: number[] = [];
  for (let b = 0; b < 28; b++) if (!(players === 3 && b === 0)) bones.push(b);
  let block = 0;
  let words: number[] = [];
  const word = () => {
    if (words.length === 0) {
      const mac = createHmac("sha256", Buffer.from(inputs.secret, "hex"))
        .update(blockMessage(inputs, block++), "utf8")
        .digest();
      words = Array.from({ length: 8 }, (_, w) => mac.readUInt32BE(4 * w));
    }
    return words.shift() as number;
  };
  for (let i = bones.length - 1; i > 0; i--) {
    const n = i + 1;
    const limit = 2 ** 32 - (2 ** 32 % n);
    let x = word();
    while (x >= limit) x = word();
    const j = x % n;
    [bones[i], bones[j]] = [bones[j], bones[i]];
  }
  const per = bones.length / players;
  return Array.from({ length: players }, (_, s) =>
    bones
      .slice(s * per, (s + 1) * per)
      .sort((a, b) => a - b)
      .map(makeBone),
  );
}

const hex32 = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString("hex"));
const tables = fc.constantFrom(
  ...GAME_KINDS.flatMap((game) => (game === "cutthroat" ? [2, 3, 4] : [4]).map((players) => ({ game, players }))),
);
const inputsFor = (players: number) =>
  fc.record({
    table: fc.stringMatching(/^[A-Z2-9]{6}-[1-9]$/),
    hand: fc.integer({ min: 1, max: 60 }),
    secret: hex32,
    seeds: fc.array(fc.option(hex32, { nil: null }), { minLength: players, maxLength: players }),
  });

describe("the published deal (docs/fairness.md)", () => {
  it("gives each test vector's deal and commitment", async () => {
    expect(vectors.length).toBeGreaterThanOrEqual(5);
    for (const v of vectors) {
      const deal = await dealOf(handConfig(rulesOf(v.game, v.players)), v);
      expect(dealText(deal)).toEqual(v.deal);
      expect(await commitmentOf(v.secret)).toBe(v.commitment);
    }
  });

  it("is the deal the description gives, computed independently on Node's HMAC", async () => {
    for (const v of vectors) expect(referenceDeal(v.players, v)).toEqual(v.deal);
    await fc.assert(
      fc.asyncProperty(
        tables.chain((t) => fc.tuple(fc.constant(t), inputsFor(t.players))),
        async ([t, inputs]) => {
          const deal = await dealOf(handConfig(rulesOf(t.game, t.players)), inputs);
          expect(dealText(deal)).toEqual(referenceDeal(t.players, inputs));
        },
      ),
      { numRuns: 60, seed: 13 },
    );
  });

  it("the commitment is SHA-256 of the secret's bytes", async () => {
    // SHA-256 of 32 zero bytes (FIPS 180-4; any sha256sum gives it).
    expect(await commitmentOf("0".repeat(64))).toBe("66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925");
  });

  it("deals every bone in play once, in equal hands (3-player Cut Throat without 0-0)", async () => {
    await fc.assert(
      fc.asyncProperty(
        tables.chain((t) => fc.tuple(fc.constant(t), inputsFor(t.players))),
        async ([t, inputs]) => {
          const config = handConfig(rulesOf(t.game, t.players));
          const deal = await dealOf(config, inputs);
          const per = t.players === 3 ? 9 : 28 / t.players;
          expect(deal.map(popcount)).toEqual(new Array(t.players).fill(per));
          expect(deal.reduce((a, m) => a | m, 0)).toBe(t.players === 3 ? ALL_BONES & ~DOUBLE[0] : ALL_BONES);
        },
      ),
      { numRuns: 100, seed: 7 },
    );
  });

  it("changes when any input changes: the secret, a seed, the table or the hand", async () => {
    const config = handConfig(rulesOf("french", 4));
    const flip = (hex: string, at: number) =>
      hex.slice(0, at) + ((Number.parseInt(hex[at], 16) ^ 1).toString(16) as string) + hex.slice(at + 1);
    await fc.assert(
      fc.asyncProperty(
        inputsFor(4),
        fc.integer({ min: 0, max: 63 }),
        fc.integer({ min: 0, max: 3 }),
        async (inputs, at, seat) => {
          const base = await dealOf(config, inputs);
          const seeds = [...inputs.seeds];
          seeds[seat] = seeds[seat] === null ? "0".repeat(64) : flip(seeds[seat] as string, at);
          const changed: DealInputs[] = [
            { ...inputs, secret: flip(inputs.secret, at) },
            { ...inputs, seeds },
            { ...inputs, table: `${inputs.table}0` },
            { ...inputs, hand: inputs.hand + 1 },
          ];
          for (const c of changed) expect(await dealOf(config, c)).not.toEqual(base);
        },
      ),
      { numRuns: 40, seed: 3 },
    );
  });
});
