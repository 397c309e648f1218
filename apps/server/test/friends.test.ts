/**
 * Friends and blocks over real sockets (docs/protocol.md, *Friends and blocks*): friends are added
 * one way, listed online or not and at which public table; an invitation reaches every socket of
 * the invited; a block ends the friendship both ways, keeps the blocked from sitting at a table
 * where the blocker sits, keeps their reactions from the blocker and their invitations from
 * arriving (without telling the inviter why).
 */

import type { TableSetup } from "@crossbones/protocol";
import { describe, expect, it } from "vitest";
import { INVITE_GAP } from "../src/online/connection.js";
import { createTable, guest, isTable, type TableMessage, type TestClient, tracked } from "./harness.js";

const { server, connect } = tracked();

const cutthroat = (players: number, extra: Partial<TableSetup> = {}): TableSetup => ({
  game: "cutthroat",
  players,
  options: { match: "straight" },
  seats: Array.from({ length: players }, () => "human" as const),
  clock: { move: 60, bank: 60 },
  private: false,
  ...extra,
});

async function api(url: string, token: string, method: string, path: string, body?: unknown) {
  const r = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: r.status, body: r.status === 204 ? null : await r.json() };
}

/** Everything `c` was sent before this point reaches it first: a `watch` is answered in order. */
async function settle(c: TestClient, code: string): Promise<void> {
  const back = c.next(isTable(code));
  c.send({ t: "watch", table: code });
  await back;
}

describe("friends and blocks", () => {
  it("friends: added one way, listed online with their public table, removed; yourself and strangers refused", async () => {
    const s = await server();
    const [ana, ben] = [await guest(s.url, "Ana"), await guest(s.url, "Ben")];
    expect((await api(s.url, ana.token, "POST", "/api/me/friends", { id: ana.player.id })).status).toBe(400);
    expect((await api(s.url, ana.token, "POST", "/api/me/friends", { id: "x".repeat(22) })).status).toBe(404);
    const added = await api(s.url, ana.token, "POST", "/api/me/friends", { id: ben.player.id });
    expect(added).toMatchObject({ status: 201, body: { friend: { id: ben.player.id, name: "Ben", online: false } } });
    // Ben's side is not changed: friends are one way.
    expect((await api(s.url, ben.token, "GET", "/api/me/friends")).body).toEqual({ friends: [], blocked: [] });
    // Ben online, at a public table: shown; a private one would not be.
    const b = await connect(s, ben.token);
    const code = await createTable(s.url, ben.token, cutthroat(2));
    await createTable(s.url, ben.token, cutthroat(2, { private: true, clock: null }));
    const list = (await api(s.url, ana.token, "GET", "/api/me/friends")).body;
    expect(list.friends).toEqual([
      { id: ben.player.id, name: "Ben", bot: false, since: expect.any(Number), online: true, table: code },
    ]);
    b.close();
    await new Promise((r) => b.socket.once("close", r));
    expect((await api(s.url, ana.token, "DELETE", `/api/me/friends/${ben.player.id}`)).status).toBe(204);
    expect((await api(s.url, ana.token, "GET", "/api/me/friends")).body.friends).toEqual([]);
  });

  it("an invitation reaches every socket of the invited; one a person every 10 s; only from a seat", async () => {
    const s = await server();
    const [ana, ben] = [await guest(s.url, "Ana"), await guest(s.url, "Ben")];
    const code = await createTable(s.url, ana.token, cutthroat(2));
    const a = await connect(s, ana.token);
    const [b1, b2] = [await connect(s, ben.token), await connect(s, ben.token)];
    const heard = Promise.all([b1, b2].map((b) => b.next((m) => m.t === "invited")));
    a.send({ t: "invite", table: code, player: ben.player.id });
    const expected = {
      t: "invited",
      table: code,
      from: { id: ana.player.id, name: "Ana" },
      game: "cutthroat",
      players: 2,
    };
    expect(await heard).toEqual([expected, expected]);
    a.send({ t: "invite", table: code, player: ben.player.id });
    const again = await a.next((m) => m.t === "refused");
    expect(again).toMatchObject({ table: code, refusal: { code: "rate-limited" } });
    expect((again as unknown as { refusal: { retryAfter: number } }).refusal.retryAfter).toBeLessThanOrEqual(
      INVITE_GAP,
    );
    // Ben does not sit there: he may not invite to it.
    b1.send({ t: "invite", table: code, player: ana.player.id });
    expect(await b1.next((m) => m.t === "refused")).toMatchObject({ refusal: { code: "not-seated" } });
  });

  it("a block: no friendship either way, no sitting at the blocker's table, no reactions, no invitations", async () => {
    const s = await server();
    const [ana, ben, cy] = [await guest(s.url, "Ana"), await guest(s.url, "Ben"), await guest(s.url, "Cy")];
    await api(s.url, ana.token, "POST", "/api/me/friends", { id: ben.player.id });
    await api(s.url, ben.token, "POST", "/api/me/friends", { id: ana.player.id });
    // Ben and Cy sit at Ana's table before she blocks Ben.
    const code = await createTable(s.url, ana.token, cutthroat(3));
    const [a, b, c] = [await connect(s, ana.token), await connect(s, ben.token), await connect(s, cy.token)];
    a.send({ t: "watch", table: code });
    b.send({ t: "sit", table: code });
    c.send({ t: "sit", table: code });
    await a.next((m): m is TableMessage => isTable(code)(m) && m.table.seats.every((x) => x.kind === "human"));
    const blocked = await api(s.url, ana.token, "POST", "/api/me/blocks", { id: ben.player.id });
    expect(blocked).toMatchObject({ status: 201, body: { blocked: { id: ben.player.id, name: "Ben" } } });
    expect((await api(s.url, ana.token, "GET", "/api/me/friends")).body.friends).toEqual([]);
    expect((await api(s.url, ben.token, "GET", "/api/me/friends")).body.friends).toEqual([]);
    // Ben reacts: Cy hears it, Ana does not.
    const anaHeard: unknown[] = [];
    a.next((m) => {
      if (m.t === "reaction") anaHeard.push(m);
      return false;
    }, 60_000).catch(() => {});
    const cyHears = c.next((m) => m.t === "reaction");
    b.send({ t: "react", table: code, reaction: "goodPlay" });
    expect(await cyHears).toMatchObject({ t: "reaction", seat: 1, reaction: "goodPlay" });
    await settle(a, code);
    expect(anaHeard).toEqual([]);
    // Ben cannot sit at a new table of Ana's.
    const other = await createTable(s.url, ana.token, cutthroat(2));
    b.send({ t: "sit", table: other });
    expect(await b.next((m) => m.t === "refused")).toMatchObject({
      table: other,
      refusal: { code: "blocked", message: "you cannot sit at this table" },
    });
    // Ana's invitation to Ben is dropped, and Ana is not told why; Cy's reaches Ana.
    const benHeard: unknown[] = [];
    b.next((m) => {
      if (m.t === "invited") benHeard.push(m);
      return false;
    }, 60_000).catch(() => {});
    a.send({ t: "invite", table: other, player: ben.player.id });
    await settle(a, other);
    await settle(b, code);
    expect(benHeard).toEqual([]);
    // Unblocked: Ben may sit again.
    expect((await api(s.url, ana.token, "DELETE", `/api/me/blocks/${ben.player.id}`)).status).toBe(204);
    b.send({ t: "sit", table: other });
    const seated = await b.next((m): m is TableMessage => isTable(other)(m) && m.table.you !== null);
    expect(seated.table.seats[1]).toMatchObject({ name: "Ben", player: ben.player.id });
  });
});
