import { readFileSync } from "node:fs";
import { handConfig, parseBone, parseRules } from "@crossbones/engine";
import { checkHand, type DealProof, faultMessage, readProof } from "@crossbones/fair";
import { describe, expect, it } from "vitest";

interface Vector extends DealProof {
  readonly game: string;
  readonly players: number;
  readonly deal: string[][];
}

const [v] = JSON.parse(readFileSync(new URL("./vectors.json", import.meta.url), "utf8")) as Vector[];
const rules = parseRules(v.game, v.players, {});
if (!rules.ok) throw new Error(rules.error.message);
const config = handConfig(rules.value);
const deal = v.deal.map((hand) => hand.reduce((m, b) => m | (1 << (parseBone(b) as number)), 0));
const proof: DealProof = { table: v.table, hand: v.hand, secret: v.secret, commitment: v.commitment, seeds: v.seeds };
const other = "1".repeat(64);

describe("checking a hand against its proof", () => {
  it("a true proof, with everything the seat saw, passes", async () => {
    const witness = { seat: 2, commitment: v.commitment, seed: v.seeds[2] as string, hand: deal[2] };
    expect(await checkHand(config, proof, deal, witness)).toBeNull();
    expect(await checkHand(config, proof, deal)).toBeNull();
  });

  it("a secret that is not the committed one fails", async () => {
    expect(await checkHand(config, { ...proof, secret: other }, deal)).toEqual({ code: "commitment" });
  });

  it("a commitment other than the one sent before the deal fails", async () => {
    const fault = await checkHand(config, proof, deal, { seat: 0, commitment: other });
    expect(fault).toEqual({ code: "commitment-changed" });
  });

  it("a seat's seed left out or replaced fails, naming the seat", async () => {
    const seeds = [...v.seeds];
    seeds[1] = null;
    const fault = await checkHand(config, { ...proof, seeds }, deal, { seat: 1, seed: v.seeds[1] as string });
    expect(fault).toEqual({ code: "seed-missing", seat: 1 });
    expect(faultMessage(fault ?? { code: "commitment" })).toBe("seat 2's seed was left out of the deal");
  });

  it("bones swapped between two seats fail, naming the first", async () => {
    const swapped = [deal[0], deal[3], deal[2], deal[1]];
    expect(await checkHand(config, proof, swapped)).toEqual({ code: "deal", seat: 1 });
  });

  it("a seat dealt other bones than the proof gives fails on its own hand first", async () => {
    const fault = await checkHand(config, proof, deal, { seat: 0, hand: deal[1] });
    expect(fault).toEqual({ code: "own-hand", seat: 0 });
  });

  it("a malformed proof is named, not thrown", async () => {
    expect(readProof({ ...proof, secret: "xyz" }, 4)).toBe("the secret is not 64 hex digits");
    expect(readProof({ ...proof, seeds: [null] }, 4)).toBe("it needs one seed (or null) per seat");
    expect(readProof(null, 4)).toBe("it is not an object");
    const fault = await checkHand(config, { ...proof, hand: 0 }, deal);
    expect(fault).toEqual({ code: "bad-proof", why: "no hand number" });
  });
});
