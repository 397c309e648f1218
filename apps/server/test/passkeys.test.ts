/**
 * Accounts with passkeys (issue 28, point 1; docs/protocol.md, *Accounts*): challenges that no
 * server keeps, a guest made an account by a passkey and signed in with it elsewhere, its passkeys
 * listed and removed, a copied authenticator or another site refused, every body checked,
 * *Download my data* whole, and *Delete my account* leaving a neutral name in the games it played
 * and no token that works. A software authenticator (authenticator.ts) plays the browser's part;
 * e2e/passkeys.spec.ts does the same with Chromium's.
 */

import { randomBytes } from "node:crypto";
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/server";
import { describe, expect, it } from "vitest";
import { CHALLENGE_MS, Challenges } from "../src/online/challenges.js";
import { FORMER_NAME } from "../src/online/former.js";
import type { Hub } from "../src/online/hub.js";
import { MAX_PASSKEYS } from "../src/online/passkeys.js";
import { Tokens } from "../src/online/tokens.js";
import { settingsFrom } from "../src/settings.js";
import { SoftAuthenticator } from "./authenticator.js";
import { guest, type TestServer, tracked } from "./harness.js";

const { server, connect } = tracked();

type Guest = Awaited<ReturnType<typeof guest>>;

/** A request to `s` as `token` (none: nobody); the status and the JSON answer (null for none). */
async function api(
  s: TestServer,
  method: string,
  path: string,
  options: { token?: string; body?: unknown } = {},
  // biome-ignore lint/suspicious/noExplicitAny: each test reads the answer's fields it expects
): Promise<{ status: number; body: any }> {
  const r = await fetch(`${s.url}${path}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { "content-type": "application/json" }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await r.text();
  return { status: r.status, body: text ? JSON.parse(text) : null };
}

/** `who` adds the passkey `authenticator` makes, called `name`; the answer. */
async function addPasskey(s: TestServer, who: Guest, authenticator: SoftAuthenticator, name = "Laptop") {
  const options = await api(s, "POST", "/api/me/passkeys/options", { token: who.token });
  expect(options.status).toBe(200);
  const response = authenticator.register(options.body as PublicKeyCredentialCreationOptionsJSON);
  return api(s, "POST", "/api/me/passkeys", { token: who.token, body: { response, name } });
}

/** A sign-in with `authenticator`'s passkey; the answer. */
async function signIn(s: TestServer, authenticator: SoftAuthenticator) {
  const options = await api(s, "POST", "/api/passkeys/sign-in/options");
  expect(options.status).toBe(200);
  const response = authenticator.signIn(options.body as PublicKeyCredentialRequestOptionsJSON);
  return api(s, "POST", "/api/passkeys/sign-in", { body: { response } });
}

describe("challenges", () => {
  const secret = randomBytes(32).toString("hex");
  let now = 1_000_000;
  const challenges = new Challenges(new Tokens(secret), () => now);

  it("a challenge holds for its purpose and player until it expires, on any server with the same secret", () => {
    const add = challenges.make("add", "player-a");
    expect(challenges.holds(add, "add", "player-a")).toBe(true);
    // Another process of the cluster, or this one after a restart: nothing kept, the same answer.
    expect(new Challenges(new Tokens(secret), () => now).holds(add, "add", "player-a")).toBe(true);
    const signIn = challenges.make("sign-in", null);
    expect(challenges.holds(signIn, "sign-in", null)).toBe(true);
    now += CHALLENGE_MS - 1;
    expect(challenges.holds(add, "add", "player-a")).toBe(true);
    now += 1;
    expect(challenges.holds(add, "add", "player-a")).toBe(false);
    expect(challenges.holds(signIn, "sign-in", null)).toBe(false);
  });

  it("a challenge for another purpose, another player, forged or signed by another server is refused", () => {
    const add = challenges.make("add", "player-a");
    expect(challenges.holds(add, "sign-in", null)).toBe(false);
    expect(challenges.holds(add, "add", "player-b")).toBe(false);
    expect(challenges.holds(challenges.make("sign-in", null), "add", "player-a")).toBe(false);
    // The same note with a later expiry, under the old signature.
    const [v, purpose, player, until, nonce, signature] = add.split(".");
    expect(
      challenges.holds([v, purpose, player, Number(until) + 1, nonce, signature].join("."), "add", "player-a"),
    ).toBe(false);
    const elsewhere = new Challenges(new Tokens(randomBytes(32).toString("hex")), () => now);
    expect(challenges.holds(elsewhere.make("add", "player-a"), "add", "player-a")).toBe(false);
    // A player token is signed by the same secret, but never taken for a challenge.
    const token = new Tokens(secret).tokenFor("AAAAAAAAAAAAAAAAAAAAAA", 0);
    expect(challenges.holds(token, "add", "AAAAAAAAAAAAAAAAAAAAAA")).toBe(false);
    for (const junk of ["", ".", "c1.add.player-a", "x".repeat(300)])
      expect(challenges.holds(junk, "add", "player-a")).toBe(false);
  });
});

describe("passkeys over HTTP", () => {
  it("a guest adds a passkey and is an account; signing in with it elsewhere is that player, with their current key", async () => {
    const s = await server();
    const ana = await guest(s.url, "Ana");
    const laptop = new SoftAuthenticator(s.url);
    const before = await api(s, "GET", "/api/me/passkeys", { token: ana.token });
    expect(before.body).toEqual({ account: null, passkeys: [] });

    const added = await addPasskey(s, ana, laptop);
    expect(added.status).toBe(201);
    expect(added.body).toEqual({
      passkey: { id: laptop.credentialId, name: "Laptop", created: expect.any(Number), used: null },
      account: added.body.passkey.created,
    });
    const signed = await signIn(s, laptop);
    expect(signed.status).toBe(200);
    expect(signed.body).toEqual({ token: ana.token, player: ana.player });

    // After Sign out other devices, a passkey gives the new key, as the key itself would.
    const rotated = await api(s, "POST", "/api/me/key", { token: ana.token });
    const again = await signIn(s, laptop);
    expect(again.body).toEqual({ token: rotated.body.token, player: ana.player });
    const listed = await api(s, "GET", "/api/me/passkeys", { token: again.body.token });
    expect(listed.body.passkeys).toEqual([
      { id: laptop.credentialId, name: "Laptop", created: added.body.passkey.created, used: expect.any(Number) },
    ]);
  });

  it("several passkeys, up to the limit; one removed no longer signs in, and the account stays", async () => {
    const s = await server();
    const ben = await guest(s.url, "Ben");
    const keys = Array.from({ length: MAX_PASSKEYS }, () => new SoftAuthenticator(s.url));
    for (const [i, k] of keys.entries()) expect((await addPasskey(s, ben, k, `Device ${i + 1}`)).status).toBe(201);
    const over = await addPasskey(s, ben, new SoftAuthenticator(s.url));
    expect(over).toMatchObject({ status: 409, body: { error: { code: "too-many-passkeys", limit: MAX_PASSKEYS } } });

    const [first, second] = keys;
    // Nobody else removes Ben's passkey: to them it is not there.
    const eve = await guest(s.url, "Eve");
    const theirs = await api(s, "DELETE", `/api/me/passkeys/${first.credentialId}`, { token: eve.token });
    expect(theirs).toMatchObject({ status: 404, body: { error: { code: "unknown-passkey" } } });
    expect((await api(s, "DELETE", `/api/me/passkeys/${first.credentialId}`, { token: ben.token })).status).toBe(204);
    expect(await signIn(s, first)).toMatchObject({ status: 401, body: { error: { code: "unknown-passkey" } } });
    expect((await signIn(s, second)).body.player).toEqual(ben.player);

    for (const k of keys.slice(1))
      expect((await api(s, "DELETE", `/api/me/passkeys/${k.credentialId}`, { token: ben.token })).status).toBe(204);
    // No passkey left: still an account (since when it first was), its key the way in.
    const none = await api(s, "GET", "/api/me/passkeys", { token: ben.token });
    expect(none.body).toEqual({ account: expect.any(Number), passkeys: [] });
  });

  it("a counter that does not go up (a copied authenticator), another site's answer, or one answered for another player is refused", async () => {
    const s = await server();
    const cy = await guest(s.url, "Cy");
    const key = new SoftAuthenticator(s.url);
    await addPasskey(s, cy, key);
    expect((await signIn(s, key)).status).toBe(200);
    key.counter = 1;
    expect(await signIn(s, key)).toMatchObject({
      status: 400,
      body: { error: { code: "passkey-failed", reason: "counter" } },
    });

    // An authenticator without a counter (0 every time) signs in every time.
    const plain = new SoftAuthenticator(s.url);
    plain.counter = 0;
    await addPasskey(s, cy, plain);
    for (let i = 0; i < 2; i++) expect((await signIn(s, plain)).status).toBe(200);

    // A phishing page's origin: the browser signs the page's own, which the server does not take.
    const phished = new SoftAuthenticator("https://crossbones.example.evil");
    const options = await api(s, "POST", "/api/me/passkeys/options", { token: cy.token });
    const response = phished.register(options.body);
    const refused = await api(s, "POST", "/api/me/passkeys", { token: cy.token, body: { response, name: "Phone" } });
    expect(refused).toMatchObject({ status: 400, body: { error: { code: "passkey-failed" } } });

    // A registration answered to Cy's challenge cannot add a passkey to Dee.
    const dee = await guest(s.url, "Dee");
    const stolen = new SoftAuthenticator(s.url).register(
      (await api(s, "POST", "/api/me/passkeys/options", { token: cy.token })).body,
    );
    const wrong = await api(s, "POST", "/api/me/passkeys", { token: dee.token, body: { response: stolen, name: "X" } });
    expect(wrong).toMatchObject({ status: 400, body: { error: { code: "passkey-failed" } } });
    expect((await api(s, "GET", "/api/me/passkeys", { token: dee.token })).body.passkeys).toEqual([]);
  });

  it("every route refuses a missing token, a body it does not take, and a path that names no passkey", async () => {
    const s = await server();
    const eli = await guest(s.url, "Eli");
    for (const [method, path] of [
      ["POST", "/api/me/passkeys/options"],
      ["POST", "/api/me/passkeys"],
      ["GET", "/api/me/passkeys"],
      ["DELETE", "/api/me/passkeys/abc"],
      ["GET", "/api/me/data"],
      ["DELETE", "/api/me"],
    ]) {
      const r = await api(s, method, path, { token: "g2.nobody.0.forged" });
      expect(r, `${method} ${path}`).toMatchObject({ status: 401, body: { error: { code: "bad-token" } } });
    }
    const key = new SoftAuthenticator(s.url);
    const options = await api(s, "POST", "/api/me/passkeys/options", { token: eli.token });
    const response = key.register(options.body);
    for (const [body, field] of [
      [{ response }, "name"],
      [{ response, name: "a\u0007b" }, "name"],
      [{ response, name: "x".repeat(41) }, "name"],
      [{ response, name: "Laptop", admin: true }, "admin"],
      [{ response: { ...response, type: "password" }, name: "Laptop" }, "response"],
      [{ response: { ...response, id: "not base64url!" }, name: "Laptop" }, "response"],
    ] as const) {
      const r = await api(s, "POST", "/api/me/passkeys", { token: eli.token, body });
      expect(r, JSON.stringify(body).slice(0, 80)).toMatchObject({
        status: 400,
        body: { error: { code: "bad-message", field } },
      });
    }
    const extra = await api(s, "POST", "/api/passkeys/sign-in/options", { body: { user: "Eli" } });
    expect(extra).toMatchObject({ status: 400, body: { error: { code: "bad-message", field: "user" } } });
    const big = await api(s, "POST", "/api/passkeys/sign-in", { body: { response: "x".repeat(10_000) } });
    expect(big).toMatchObject({ status: 413, body: { error: { code: "too-large" } } });
    const unknown = await api(s, "DELETE", `/api/me/passkeys/${"A".repeat(22)}`, { token: eli.token });
    expect(unknown).toMatchObject({ status: 404, body: { error: { code: "unknown-passkey" } } });
  });

  it("PUBLIC_ORIGIN names the site passkeys are for, whatever Host a request came with", async () => {
    const site = "https://crossbones.example";
    const s = await server({ online: { publicOrigin: site } });
    const lia = await guest(s.url, "Lia");
    const options = await api(s, "POST", "/api/me/passkeys/options", { token: lia.token });
    expect(options.body.rp).toEqual({ name: "Crossbones", id: "crossbones.example" });
    expect((await addPasskey(s, lia, new SoftAuthenticator(site))).status).toBe(201);
    expect((await addPasskey(s, lia, new SoftAuthenticator(s.url))).body.error).toMatchObject({
      code: "passkey-failed",
    });

    expect(settingsFrom({ PUBLIC_ORIGIN: `${site}/` }).options.online).toMatchObject({ publicOrigin: site });
    expect(settingsFrom({}).options.online).toMatchObject({ publicOrigin: undefined });
    for (const wrong of [`${site}/play`, "crossbones.example", "ftp://crossbones.example"])
      expect(() => settingsFrom({ PUBLIC_ORIGIN: wrong }), wrong).toThrow(/PUBLIC_ORIGIN/);
  });

  it("sign-in attempts from one address are limited", async () => {
    const s = await server({ requestsPerMinute: 100 });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await api(s, "POST", "/api/passkeys/sign-in/options")).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

/**
 * A finished game of `players` at a new table, written to the store as a table writes one: each
 * seated with a `sit` entry, the record with their names by seat. Its code and the game's id.
 */
async function finishedGame(hub: Hub, players: readonly Guest[], status = "finished") {
  const code = randomBytes(6).toString("hex").toUpperCase().slice(0, 10);
  await hub.store.addTable(code, { game: "cutthroat" }, players[0].player.id, Date.now());
  const fence = (await hub.store.claim(code)) ?? 0;
  for (const [seat, p] of players.entries()) {
    await hub.store.append(code, seat, { k: "sit", seat, player: p.player.id, name: p.player.name }, fence);
    await hub.store.addSeat(code, p.player.id);
  }
  const ref = randomBytes(16).toString("base64url");
  const names = players.map((p) => p.player.name);
  await hub.store.addGame(code, 0, { game: "cutthroat", players: players.length, names, hands: [] }, Date.now(), ref);
  await hub.store.setStatus(code, status, fence);
  return { code, ref };
}

describe("my data and deleting my account", () => {
  it("Download my data holds the player, their passkeys (no keys), tables, every game's record, friends and blocks", async () => {
    const s = await server();
    const hub = s.server.hub as Hub;
    const fay = await guest(s.url, "Fay");
    const gus = await guest(s.url, "Gus");
    const key = new SoftAuthenticator(s.url);
    await addPasskey(s, fay, key, "Phone");
    const games = [];
    for (let i = 0; i < 3; i++) games.push(await finishedGame(hub, [fay, gus]));
    const ivy = await guest(s.url, "Ivy");
    await hub.store.addFriend(fay.player.id, gus.player.id, 10);
    await hub.store.block(fay.player.id, ivy.player.id, 11);
    const data = await api(s, "GET", "/api/me/data", { token: fay.token });
    expect(data.status).toBe(200);
    expect(data.body).toMatchObject({
      format: 1,
      player: { id: fay.player.id, name: "Fay", created: expect.any(Number), account: expect.any(Number) },
      passkeys: [{ id: key.credentialId, name: "Phone", created: expect.any(Number), used: null }],
      ratings: [],
    });
    expect(Object.keys(data.body.passkeys[0]).sort()).toEqual(["created", "id", "name", "used"]);
    expect(data.body.tables.map((t: { code: string }) => t.code).sort()).toEqual(games.map((g) => g.code).sort());
    expect(data.body.games.map((g: { id: string }) => g.id).sort()).toEqual(games.map((g) => g.ref).sort());
    expect(data.body.games[0].record).toMatchObject({ game: "cutthroat", names: ["Fay", "Gus"] });
    expect(data.body.friends).toEqual([{ id: gus.player.id, name: "Gus", since: 10 }]);
    expect(data.body.blocked).toEqual([{ id: ivy.player.id, name: "Ivy", since: 11 }]);
    expect(data.body.tournaments).toEqual([]);
  });

  it("Delete my account: its games show a neutral name, its passkeys and tokens are refused, its socket is closed", async () => {
    const s = await server();
    const hub = s.server.hub as Hub;
    const hal = await guest(s.url, "Hal");
    const ivy = await guest(s.url, "Ivy");
    const key = new SoftAuthenticator(s.url);
    await addPasskey(s, hal, key);
    const game = await finishedGame(hub, [ivy, hal]);
    const socket = await connect(s, hal.token);
    const bye = socket.next((m) => m.t === "bye");

    const deleted = await api(s, "DELETE", "/api/me", { token: hal.token });
    expect(deleted.status).toBe(204);
    expect(await bye).toMatchObject({ refusal: { code: "bad-token" }, retry: false });
    expect((await api(s, "GET", "/api/me", { token: hal.token })).status).toBe(401);
    expect(await signIn(s, key)).toMatchObject({ status: 401, body: { error: { code: "unknown-passkey" } } });

    // The game stays whole for Ivy, with a neutral name at Hal's seat, in its record and its log.
    const record = JSON.parse((await hub.store.game(game.ref))?.record ?? "null");
    expect(record.names).toEqual(["Ivy", FORMER_NAME]);
    const sits = (await hub.store.log(game.code)).filter((e) => e.k === "sit");
    expect(sits.map((e) => (e as { name: string }).name)).toEqual(["Ivy", FORMER_NAME]);
    expect((await hub.store.player(hal.player.id))?.name).toBe(FORMER_NAME);
    expect((await hub.store.account(hal.player.id))?.account).toBeNull();
    // Ivy's own list of games shows it the same way.
    const ivys = await api(s, "GET", "/api/me/games", { token: ivy.token });
    expect(ivys.body.games[0].names).toEqual(["Ivy", FORMER_NAME]);
  });

  it("Delete my account waits for a game in play to end", async () => {
    const s = await server();
    const hub = s.server.hub as Hub;
    const jo = await guest(s.url, "Jo");
    const kim = await guest(s.url, "Kim");
    await finishedGame(hub, [jo, kim], "playing");
    const refused = await api(s, "DELETE", "/api/me", { token: jo.token });
    expect(refused).toMatchObject({ status: 409, body: { error: { code: "game-in-play" } } });
    expect((await api(s, "GET", "/api/me", { token: jo.token })).status).toBe(200);
  });
});
