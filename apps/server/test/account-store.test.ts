/**
 * Both stores keep accounts alike (store.ts, *accounts and passkeys*): a first passkey makes an
 * account, a counter is taken only when it goes up, a passkey is removed by its owner alone, and
 * forgetting an account renames it in its row, its tables' logs and its games' records, at its
 * own seats only, and raises its key generation.
 */

import { describe, expect, it } from "vitest";
import { FORMER_NAME } from "../src/online/former.js";
import { bothStores } from "./stores.js";

const { kinds } = bothStores();

/** Ids as the server draws them (22 base64url characters), unique per run. */
let next = 0;
const id = (tag: string) => `${tag}${String(Date.now() + next++).padStart(22 - tag.length, "0")}`;
const passkey = (player: string, name: string, counter = 0) => ({
  id: id("k"),
  player,
  name,
  publicKey: new Uint8Array([1, 2, 3]),
  counter,
  transports: ["internal", "hybrid"],
});

describe.each(kinds)("the $name store", ({ open }) => {
  it("a first passkey makes an account; passkeys are listed oldest first and removed by their owner alone", async () => {
    const s = await open();
    const ana = id("a");
    const eve = id("e");
    await s.addPlayer(ana, "Ana", 10);
    await s.addPlayer(eve, "Eve", 10);
    expect(await s.account(ana)).toEqual({ created: 10, account: null, country: null });
    const phone = passkey(ana, "Phone", 5);
    const laptop = passkey(ana, "Laptop");
    await s.addPasskey(phone, 100);
    await s.addPasskey(laptop, 200);
    expect(await s.account(ana)).toEqual({ created: 10, account: 100, country: null });
    expect(await s.passkeysOf(ana)).toEqual([
      { id: phone.id, name: "Phone", created: 100, used: null },
      { id: laptop.id, name: "Laptop", created: 200, used: null },
    ]);
    expect(await s.passkey(phone.id)).toEqual({ ...phone, created: 100, used: null });
    expect(await s.removePasskey(eve, phone.id)).toBe(false);
    expect(await s.removePasskey(ana, phone.id)).toBe(true);
    expect(await s.passkey(phone.id)).toBeNull();
    expect(await s.removePasskey(ana, laptop.id)).toBe(true);
    expect(await s.account(ana)).toEqual({ created: 10, account: 100, country: null });
    await s.close();
  });

  it("a sign-in's counter is kept only when it goes up (or stays 0, for an authenticator without one)", async () => {
    const s = await open();
    const ben = id("b");
    await s.addPlayer(ben, "Ben", 1);
    const counted = passkey(ben, "Key", 3);
    const plain = passkey(ben, "Phone", 0);
    await s.addPasskey(counted, 1);
    await s.addPasskey(plain, 1);
    expect(await s.usePasskey(counted.id, 3, 2)).toBe(false);
    expect(await s.usePasskey(counted.id, 4, 3)).toBe(true);
    expect(await s.usePasskey(counted.id, 4, 4)).toBe(false);
    expect(await s.passkey(counted.id)).toMatchObject({ counter: 4, used: 3 });
    expect(await s.usePasskey(plain.id, 0, 5)).toBe(true);
    expect(await s.usePasskey(plain.id, 0, 6)).toBe(true);
    expect(await s.usePasskey("no-such-passkey", 9, 6)).toBe(false);
    await s.close();
  });

  it("forgetting an account renames it at its own seats, in logs and records, and raises its key", async () => {
    const s = await open();
    const cy = id("c");
    const dee = id("d");
    const late = id("l");
    await s.addPlayer(cy, "Cy", 1);
    await s.addPlayer(dee, "Dee", 1);
    await s.addPlayer(late, "Cy", 1);
    await s.addPasskey(passkey(cy, "Phone"), 2);
    const code = id("T").slice(0, 10);
    await s.addTable(code, { game: "cutthroat" }, cy, 1);
    const fence = (await s.claim(code)) ?? 0;
    await s.append(code, 0, { k: "sit", seat: 0, player: cy, name: "Cy" }, fence);
    await s.append(code, 1, { k: "sit", seat: 1, player: dee, name: "Dee" }, fence);
    // Another "Cy" at another seat (after Cy's game, say) keeps the name.
    await s.append(code, 2, { k: "sit", seat: 2, player: late, name: "Cy" }, fence);
    for (const p of [cy, dee, late]) await s.addSeat(code, p);
    const names = ["Cy", "Dee", "Cy"];
    await s.addGame(code, 0, { game: "cutthroat", players: 3, names }, 3, id("g"));
    const { key } = (await s.player(cy)) ?? { key: -1 };

    await s.forget(cy, FORMER_NAME);
    expect(await s.player(cy)).toMatchObject({ name: FORMER_NAME, key: key + 1 });
    expect(await s.account(cy)).toEqual({ created: 1, account: null, country: null });
    expect(await s.passkeysOf(cy)).toEqual([]);
    const [game] = await s.gamesOf(dee);
    expect(JSON.parse(game.record).names).toEqual([FORMER_NAME, "Dee", "Cy"]);
    expect((await s.log(code)).map((e) => (e as { name: string }).name)).toEqual([FORMER_NAME, "Dee", "Cy"]);
    await s.close();
  });
});
