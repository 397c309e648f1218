/**
 * Friends and blocks as both stores keep them: one-way friends with the latest open public table
 * each sat at; a block ends the friendship both ways and is seen from either side; deleting an
 * account takes its friends and blocks with it.
 */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Store } from "../src/online/store.js";
import { bothStores } from "./stores.js";

const { kinds } = bothStores();

describe.each(kinds)("friends and blocks in the $name store", ({ name, open }) => {
  let s: Store;
  const id = (who: string) => `${name}-${who}`.padEnd(22, "x");
  beforeAll(async () => {
    s = await open();
    for (const who of ["ana", "ben", "cy"]) await s.addPlayer(id(who), who.toUpperCase(), 1);
  });
  afterAll(async () => {
    await s.close();
  });

  it("friends one way, with the latest open public table each sat at", async () => {
    await s.addFriend(id("ana"), id("ben"), 10);
    await s.addFriend(id("ana"), id("ben"), 11);
    const open = `${name.slice(0, 2).toUpperCase()}PUB1`;
    const hidden = `${name.slice(0, 2).toUpperCase()}PRV1`;
    await s.addTable(open, { private: false }, id("ben"), 5);
    await s.addTable(hidden, { private: true }, id("ben"), 6);
    await s.addSeat(open, id("ben"));
    await s.addSeat(hidden, id("ben"));
    expect(await s.friendsOf(id("ana"))).toEqual([{ id: id("ben"), name: "BEN", bot: false, since: 10, table: open }]);
    expect(await s.friendsOf(id("ben"))).toEqual([]);
    await s.removeFriend(id("ana"), id("ben"));
    expect(await s.friendsOf(id("ana"))).toEqual([]);
  });

  it("a block ends the friendship both ways and is seen from either side", async () => {
    await s.addFriend(id("ana"), id("cy"), 1);
    await s.addFriend(id("cy"), id("ana"), 1);
    await s.block(id("cy"), id("ana"), 20);
    expect(await s.friendsOf(id("ana"))).toEqual([]);
    expect(await s.friendsOf(id("cy"))).toEqual([]);
    expect(await s.blocksOf(id("cy"))).toEqual([{ id: id("ana"), name: "ANA", since: 20 }]);
    expect(await s.blockedAmong(id("ana"), [id("ben"), id("cy")])).toBe(true);
    expect(await s.blockedAmong(id("cy"), [id("ana")])).toBe(true);
    expect(await s.blockedAmong(id("ben"), [id("ana"), id("cy")])).toBe(false);
    expect([...(await s.blockersAmong(id("ana"), [id("ben"), id("cy")]))]).toEqual([id("cy")]);
    expect([...(await s.blockersAmong(id("cy"), [id("ana")]))]).toEqual([]);
    await s.unblock(id("cy"), id("ana"));
    expect(await s.blockedAmong(id("ana"), [id("cy")])).toBe(false);
  });

  it("a deleted account takes its friends and blocks with it", async () => {
    await s.addFriend(id("ben"), id("ana"), 1);
    await s.block(id("ana"), id("cy"), 1);
    await s.forget(id("ana"), "Former player");
    expect(await s.friendsOf(id("ben"))).toEqual([]);
    expect(await s.blocksOf(id("ana"))).toEqual([]);
    expect(await s.blockedAmong(id("cy"), [id("ana")])).toBe(false);
  });
});
