/**
 * A player's side of fair deals (`DealWitness`): a seed the table acknowledged, or one the server
 * had had for `IN_TIME_MS` while still dealing nothing, must be in the deal; a seed sent just
 * before the deal, or on a connection that was then lost, proves nothing. The deals here are real
 * (the published method over a secret and seeds), played to their end by the engine.
 */

import {
  applyMove,
  createGame,
  createRng,
  type Game,
  legalMoves,
  parseRules,
  startHand,
  viewFor,
} from "@crossbones/engine";
import { commitmentOf, dealOf, type FairFault } from "@crossbones/fair";
import { DealWitness, IN_TIME_MS, type ServerMessage, type TableInfo, toWire } from "@crossbones/protocol";
import { describe, expect, it } from "vitest";

type Frame = Extract<ServerMessage, { t: "table" }>;

const rules = (() => {
  const r = parseRules("cutthroat", 2);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
})();
const SECRET = "ab".repeat(32);

/** The hand dealt from `seeds`, played to its end (random legal moves, a fixed seed). */
async function playedHand(seeds: (string | null)[]): Promise<{ dealt: Game; over: Game }> {
  const start = createGame(rules);
  const deal = await dealOf(start.config, { table: "T-1", hand: 1, secret: SECRET, seeds });
  const r = startHand(start, deal);
  if (!r.ok) throw new Error(r.error.message);
  let game = r.value;
  const rng = createRng("witness");
  while (game.state && !game.state.over) {
    const moves = legalMoves(game);
    const next = applyMove(game, moves[rng.nextInt(moves.length)]);
    if (!next.ok) throw new Error(next.error.message);
    game = next.value;
  }
  return { dealt: r.value, over: game };
}

/** A table frame for seat 0 of `game`, with the deal's commitment or proof as said. */
function frame(game: Game, info: Partial<TableInfo>): Frame {
  return {
    t: "table",
    seq: game.version,
    table: { code: "K7QX2M", you: 0, game: 0, fair: null, proof: null, ...info } as TableInfo,
    view: toWire(viewFor(game, 0)),
  };
}

interface Scenario {
  /** The table showed the seat's seed taken before the deal. */
  readonly receipt?: boolean;
  /** How long after the seed was sent a frame still showed the deal not made. */
  readonly waited?: number;
  /** The connection was lost and made again after the seed was sent. */
  readonly reconnected?: boolean;
  /** The seed went into the deal (else the server left it out). */
  readonly included?: boolean;
}

/** The check of a hand played out as `s` says. */
async function check(s: Scenario): Promise<FairFault | null> {
  let now = 1_000_000;
  let done: (fault: FairFault | null | "unavailable") => void = () => {};
  const checked = new Promise<FairFault | null | "unavailable">((resolve) => {
    done = resolve;
  });
  const witness = new DealWitness(
    (c) => done(c === "unavailable" ? c : c.fault),
    () => now,
  );
  const commitment = await commitmentOf(SECRET);
  const start = createGame(rules);
  const pending = { hand: 1, commitment, dealt: false, seeded: [] as number[] };
  const sent = witness.frame(frame(start, { fair: pending }));
  if (sent?.t !== "seed") throw new Error("no seed was sent");
  if (s.reconnected) witness.connected();
  const seeded = s.receipt ? [0] : [];
  if (s.receipt) witness.frame(frame(start, { fair: { ...pending, seeded } }));
  now += s.waited ?? 0;
  witness.frame(frame(start, { fair: { ...pending, seeded } }));
  const seeds = [s.included ? sent.seed : null, null];
  const { dealt, over } = await playedHand(seeds);
  witness.frame(frame(dealt, { fair: { ...pending, dealt: true, seeded } }));
  witness.frame(frame(over, { proof: { table: "T-1", hand: 1, secret: SECRET, commitment, seeds } }));
  const fault = await checked;
  if (fault === "unavailable") throw new Error("nothing could be checked");
  return fault;
}

describe("a player's side of fair deals", () => {
  it("a seed the table acknowledged and then left out of the deal fails the check", async () => {
    expect(await check({ receipt: true })).toEqual({ code: "seed-missing", seat: 0 });
  });

  it(`a seed the server had for ${IN_TIME_MS} ms while dealing nothing, then left out, fails the check`, async () => {
    expect(await check({ waited: IN_TIME_MS })).toEqual({ code: "seed-missing", seat: 0 });
  });

  it("a seed sent just before the deal, or on a connection then lost, may have come too late: no alarm", async () => {
    expect(await check({ waited: IN_TIME_MS - 1 })).toBeNull();
    expect(await check({ waited: IN_TIME_MS, reconnected: true })).toBeNull();
  });

  it("a seed in the deal checks, acknowledged or not", async () => {
    expect(await check({ receipt: true, included: true })).toBeNull();
    expect(await check({ waited: IN_TIME_MS, included: true })).toBeNull();
  });
});
