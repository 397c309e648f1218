/**
 * The server's bot pool puts tables people play at first: a bot move for a table nobody is at
 * waits behind them, and when too many of those wait the oldest is shed (its table plays its first
 * legal move) so that bot-only tables can never hold up people's.
 */

import { createGame, createRng, defaultRules, randomDeal, startHand, viewFor } from "@crossbones/engine";
import { afterAll, describe, expect, it } from "vitest";
import { BotPool, MAX_IDLE_QUEUE } from "../src/online/bots.js";

const pool = new BotPool(1);
afterAll(() => pool.close());

/** The view of the seat to act at the start of a dealt French hand. */
function aView(seed: number) {
  const game = createGame(defaultRules("french"));
  const dealt = startHand(game, randomDeal(game.config, createRng(`pool-${seed}`)));
  if (!dealt.ok) throw new Error(dealt.error.message);
  return viewFor(dealt.value, dealt.value.state?.turn ?? 0);
}

describe("the bot pool", () => {
  it("serves a table with a person at it before tables nobody is at that asked earlier", async () => {
    const order: string[] = [];
    const ask = (name: string, priority: "people" | "idle") =>
      pool.choose(aView(order.length + name.length), "easy", 1, priority).then(() => order.push(name));
    // The one worker is busy with the first; three idle tables and then a person's table wait.
    const asked = [ask("first", "idle"), ask("idle 1", "idle"), ask("idle 2", "idle"), ask("idle 3", "idle")];
    expect(pool.waiting("idle")).toBe(3);
    asked.push(ask("person", "people"));
    await Promise.all(asked);
    expect(order).toEqual(["first", "person", "idle 1", "idle 2", "idle 3"]);
  });

  it(`sheds the oldest waiting move of a table nobody is at beyond ${MAX_IDLE_QUEUE}`, async () => {
    const view = aView(7);
    const answers = Array.from({ length: MAX_IDLE_QUEUE + 2 }, () =>
      pool.choose(view, "easy", 1, "idle").then(
        () => "move",
        () => "shed",
      ),
    );
    expect(pool.waiting("idle")).toBe(MAX_IDLE_QUEUE);
    const results = await Promise.all(answers);
    // The first went to the worker at once; the next was the oldest waiting when one too many came.
    expect(results[1]).toBe("shed");
    expect(results.filter((r) => r === "shed")).toHaveLength(1);
  });
});
