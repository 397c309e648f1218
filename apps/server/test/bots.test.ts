/**
 * The server's bot pool puts tables people play at first: a bot move for a table nobody is at
 * waits behind them, and when too many of those wait the oldest is shed (its table plays its first
 * legal move) so that bot-only tables can never hold up people's.
 */

import { createGame, createRng, defaultRules, randomDeal, startHand, viewFor } from "@crossbones/engine";
import { afterAll, describe, expect, it } from "vitest";
import { BotPool, MAX_IDLE_QUEUE } from "../src/online/bots.js";
import type { Hub } from "../src/online/hub.js";
import type { LiveTable } from "../src/online/table.js";
import { createTable, guest, isTable, tracked } from "./harness.js";

const { server, connect } = tracked();

/** Waits (turn by turn) until `test` holds: the server sees a socket close when it sees it. */
async function waitUntil(test: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!test()) {
    if (Date.now() > end) throw new Error("waited too long");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

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
  it("a table asks for its bots' moves as a table people are at only while a person is there and not away", async () => {
    const s = await server();
    const ana = await guest(s.url, "Ana");
    const code = await createTable(s.url, ana.token, {
      game: "french",
      players: 4,
      options: {},
      seats: ["human", "bot:easy", "bot:easy", "bot:easy"],
      clock: null,
      private: true,
    });
    const table = () => (s.server.hub as Hub).table(code) as LiveTable;
    // Nobody follows it yet: its bots would play for nobody.
    expect(table().botPriority()).toBe("idle");
    const a = await connect(s, ana.token);
    a.send({ t: "watch", table: code });
    await a.next(isTable(code));
    expect(table().botPriority()).toBe("people");
    a.close();
    await new Promise((resolve) => a.socket.once("close", resolve));
    await waitUntil(() => table().botPriority() === "idle");
  });

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
