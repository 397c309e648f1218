/**
 * Two hubs in this process on the real PostgreSQL and Redis (services.ts): what a table owned by
 * one process looks like from the other.
 *
 * - Finding a table's owner while the table moves (hub.ts `route`). A process asks Redis who owns a
 *   table; the owner's announcement (as a takeover's new owner makes one) can arrive before Redis's
 *   answer, which then names the process before it, gone. The announcement is the newer: a
 *   follower must go to it, or it waits on a process that is gone, for ever (a Swiss round once
 *   stalled so in CI).
 * - An action at a table owned elsewhere does not hold its player's socket (connection.ts): its
 *   answer crosses Redis, and during a failover takes seconds.
 * - A tournament's log grown through the store while this process holds it (a result written by a
 *   table's owner in the moment the tournament was taken over here): the holder reads it again.
 */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Connection } from "../src/online/connection.js";
import { Guesses } from "../src/online/guesses.js";
import { Hub } from "../src/online/hub.js";
import type { Follower } from "../src/online/table.js";
import { firstMove, PRACTICE, waitFor } from "./harness.js";
import { type Services, services } from "./services.js";

let svc: Services;
let owner: Hub;
let other: Hub;

beforeAll(async () => {
  svc = await services();
  const options = {
    dataDir: "unused",
    databaseUrl: svc.databaseUrl,
    redisUrl: svc.redisUrl,
    redisPrefix: svc.redisPrefix,
  };
  owner = await Hub.open(options);
  other = await Hub.open(options);
}, 30_000);

afterAll(async () => {
  await other?.close();
  await owner?.close();
  await svc?.cleanUp();
});

/** What the test reaches inside a hub: its cluster link, and where announcements land. */
interface Inside {
  cluster: { owner(code: string): Promise<string | null> };
  ownerChanged(code: string, pid: string | null): void;
}

describe("a table's owner, looked up while it moves", () => {
  it("an owner announced while Redis is asked wins over Redis's answer: the follower gets the table", async () => {
    const { player } = await owner.newGuest("Ana");
    const made = await owner.createTable(player, PRACTICE);
    if (!made.ok) throw new Error(`no table: ${made.refusal.code}`);
    const inside = other as unknown as Inside;
    const ask = inside.cluster.owner.bind(inside.cluster);
    inside.cluster.owner = async (code) => {
      await ask(code);
      // The announcement comes in while the answer is on its way, and the answer is older.
      inside.ownerChanged(code, owner.pid);
      return "a-process-that-is-gone";
    };
    const frames: string[] = [];
    const watcher: Follower = { player: null, send: (text) => frames.push(text) };
    expect(await other.follow(made.code, watcher)).toBeNull();
    const deadline = Date.now() + 10_000;
    while (!frames.some((t) => t.startsWith('{"t":"table"'))) {
      if (Date.now() > deadline) throw new Error("the follower never got the table: it went to the gone process");
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(JSON.parse(frames.find((t) => t.startsWith('{"t":"table"')) as string).table.code).toBe(made.code);
  });
});

describe("an action at a table owned by another process", () => {
  it("does not hold its player's socket: nothing else waits for the answer through Redis", async () => {
    const ana = await owner.newGuest("Ana");
    const made = await owner.createTable(ana.player, PRACTICE);
    if (!made.ok) throw new Error(`no table: ${made.refusal.code}`);
    let holds = 0;
    const sent: string[] = [];
    const socket = {
      send: (text: string) => sent.push(text),
      close: () => {},
      buffered: () => 0,
      hold: () => {
        holds++;
        return () => {};
      },
    };
    // Ana's socket is on the other process.
    const connection = new Connection(other, socket, "ana", new Guesses());
    await firstMove(connection, ana.token, made.code, "far", () => sent);
    await waitFor(() => sent.some((t) => t.includes('"id":"far"')));
    expect(JSON.parse(sent.find((t) => t.includes('"id":"far"')) as string)).toMatchObject({ t: "ack", id: "far" });
    expect(holds).toBe(0);
    connection.closed();
  });
});

describe("a tournament whose log grew through the store while this process holds it", () => {
  it("its holder reads the log again: a cancel written so ends the live copy and lets the lease go", async () => {
    const { player } = await owner.newGuest("Maker");
    const made = await owner.tournaments.create(player.id, {
      name: "Quiet",
      game: "cutthroat",
      format: "swiss",
      rounds: 1,
      hands: 4,
      startAt: owner.tournaments.now() + 600_000,
      options: { match: "straight" },
      public: false,
    });
    if (!made.ok) throw new Error(`no tournament: ${JSON.stringify(made)}`);
    const redis = (owner as unknown as { cluster: { client: import("ioredis").Redis } }).cluster.client;
    const lease = `${svc.redisPrefix}owner:tournament:${made.id}`;
    expect(await redis.get(lease)).toBe(owner.pid);
    // Written by another hand than the holder's own decisions (as `elsewhere` does, then says so).
    const stored = await owner.store.tournament(made.id);
    await owner.store.appendTournament(
      made.id,
      stored?.log.length ?? 0,
      [{ k: "cancel", why: "too-few" }],
      "cancelled",
      0,
    );
    const runner = owner.tournaments as unknown as { deps: { lease: { changed(id: string): void } } };
    runner.deps.lease.changed(made.id);
    // Read again, the holder finds it over: it forgets it, and its lease goes.
    const deadline = Date.now() + 5_000;
    while ((await redis.get(lease)) !== null) {
      if (Date.now() > deadline) throw new Error("the holder never read its tournament's log again");
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });
});
