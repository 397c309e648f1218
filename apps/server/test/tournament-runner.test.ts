/**
 * The tournament runner over a store, with a fake clock and fake tables (docs/tournaments.md, *On
 * the server*): a server that stopped while a round was being played catches up when it starts
 * again. A game kept meanwhile gives its result from its record, a table that closed meanwhile
 * without a game counts as nobody came, and the next round is paired.
 */

import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { makeRecord, parseRules } from "@crossbones/engine";
import { describe, expect, it } from "vitest";
import { playRandomGame } from "../../../packages/engine/test/random-game.js";
import { SqliteStore } from "../src/online/sqlite-store.js";
import { type RunnerDeps, TournamentRunner } from "../src/online/tournaments.js";

/** Lets the runner's queued work (store calls, no real waits) run to its end. */
async function settle(): Promise<void> {
  for (let i = 0; i < 50; i++) await new Promise((resolve) => setImmediate(resolve));
}

describe("the tournament runner", () => {
  it("after a stop, a game kept meanwhile gives its result and a table closed unplayed is nobody's", async () => {
    const store = new SqliteStore(mkdtempSync(join(tmpdir(), "crossbones-runner-")));
    const ids = ["maker", "ana", "ben", "cy", "dee"].map((n) => n.padEnd(22, "x"));
    for (const id of ids) await store.addPlayer(id, id.slice(0, 3), 1);
    let now = 1_000_000;
    const due: (() => void)[] = [];
    let made = 0;
    const deps: RunnerDeps = {
      store,
      now: () => now,
      timers: { set: (run) => due.push(run), clear: () => {} },
      clock: { move: 30, bank: 120 },
      maxLive: 10,
      makeTable: async (setup, players) => {
        const code = `TBL${made++}`;
        await store.addTable(code, setup, players[0]?.id ?? "", now);
        return code;
      },
      tell: () => {},
      timeUp: () => {},
    };
    const first = new TournamentRunner(deps);
    const created = await first.create(ids[0], {
      name: "Cup",
      game: "cutthroat",
      format: "swiss",
      rounds: 2,
      hands: 4,
      startAt: now + 1000,
      public: true,
    });
    if (!created.ok) throw new Error(JSON.stringify(created));
    const id = created.id;
    for (const player of ids.slice(1)) {
      expect(await first.command(id, { c: "signup", player, rating: 700 })).toBeNull();
      expect(await first.command(id, { c: "checkin", player })).toBeNull();
    }
    now += 1000;
    for (const run of due.splice(0)) run();
    await settle();
    const round1 = (await first.view(id))?.rounds[0];
    expect(round1?.games.map((g) => g.table)).toEqual(["TBL0", "TBL1"]);

    // The server stops. Meanwhile TBL0's game is kept (a whole match played out) and TBL1 closes
    // with nobody having played.
    first.close();
    const rules = parseRules("cutthroat", 2, { match: "straight" });
    if (!rules.ok) throw new Error(rules.error.message);
    const played = playRandomGame(rules.value, 7, { penaltyPassRate: 0, illegalRate: 0, maxActions: 50_000 });
    expect(played.game.finished).toBe(true);
    await store.addGame("TBL0", 0, makeRecord(played.game, ["a", "b"]), now, "R".repeat(22));
    await store.setStatus("TBL1", "closed", (await store.claim("TBL1")) as number);

    const second = new TournamentRunner(deps);
    await second.resume();
    await settle();
    const view = await second.view(id);
    const [kept, closed] = view?.rounds[0].games ?? [];
    expect(kept.result).toEqual({
      a: kept.a,
      b: kept.b,
      aScore: played.game.winner === 0 ? 1 : 0,
      record: "R".repeat(22),
    });
    expect(closed.result).toEqual({ a: closed.a, b: closed.b, aScore: 0.5, absent: [closed.a, closed.b] });
    // Round 2 is paired and its tables made.
    expect(view?.rounds[1].games.map((g) => g.table)).toEqual(["TBL2", "TBL3"]);
    second.close();
    await store.close();
  });
});
