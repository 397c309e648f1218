/**
 * Accounts over HTTP (docs/protocol.md, *Accounts*): a guest adds passkeys and becomes an account,
 * lists and removes them, signs in with one on another device, downloads everything kept about
 * them, and deletes the account. Registered by routes.ts; bodies bounded and checked with zod, and
 * every route limited per address (sign-ins more tightly: each is a guess at someone's passkey).
 */

import { serverRefusal } from "@crossbones/protocol";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { accountData } from "./account-data.js";
import { FORMER_NAME } from "./former.js";
import { EVERY_KEY, type Hub } from "./hub.js";
import { authenticationResponse, Passkeys, registrationResponse, relyingParty } from "./passkeys.js";
import { guestOf, parsed, refuse } from "./requests.js";

export interface AccountRouteOptions {
  /** PUBLIC_ORIGIN (routes.ts). */
  readonly publicOrigin?: string;
  /** HTTP API requests one address may make per minute (sign-ins: a twentieth of it). */
  readonly requestsPerMinute: number;
}

/** A request that carries nothing: no body, or an empty object. */
const nothing = z.strictObject({}).optional();

/** What a player calls a passkey: the device it lives on, as the app guesses it, or their own words. */
const passkeyName = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[^\p{C}]+$/u);

const addBody = z.strictObject({ response: registrationResponse, name: passkeyName });
const signInBody = z.strictObject({ response: authenticationResponse });

/** A credential id in a path (base64url, at most 1,023 bytes). */
const PASSKEY_ID = /^[A-Za-z0-9_-]{1,1364}$/;

export async function accountRoutes(app: FastifyInstance, hub: Hub, options: AccountRouteOptions): Promise<void> {
  const passkeys = new Passkeys(hub.store, hub.tokens);
  const perMinute = options.requestsPerMinute;
  const limited = { rateLimit: { max: perMinute, timeWindow: 60_000 } };
  const signIns = { rateLimit: { max: Math.max(1, Math.floor(perMinute / 20)), timeWindow: 60_000 } };
  const rp = (req: { protocol: string; host: string }) => relyingParty(options.publicOrigin, req);

  app.post("/api/me/passkeys/options", { bodyLimit: 256, config: limited }, async (req, reply) => {
    const player = await guestOf(hub, req);
    if (!player) return refuse(reply, 401, serverRefusal("bad-token"));
    const body = parsed(nothing, req.body);
    if (!body.ok) return refuse(reply, 400, body.refusal);
    return passkeys.addOptions(player, rp(req));
  });

  app.post("/api/me/passkeys", { bodyLimit: 16_384, config: limited }, async (req, reply) => {
    const player = await guestOf(hub, req);
    if (!player) return refuse(reply, 401, serverRefusal("bad-token"));
    const body = parsed(addBody, req.body);
    if (!body.ok) return refuse(reply, 400, body.refusal);
    const added = await passkeys.add(player, body.value.response, body.value.name, rp(req));
    if (!added.ok) return refuse(reply, added.status, added.refusal);
    return reply
      .code(201)
      .send({ passkey: added.value, account: (await hub.store.account(player.id))?.account ?? null });
  });

  app.get("/api/me/passkeys", { config: limited }, async (req, reply) => {
    const player = await guestOf(hub, req);
    if (!player) return refuse(reply, 401, serverRefusal("bad-token"));
    const [account, list] = await Promise.all([hub.store.account(player.id), hub.store.passkeysOf(player.id)]);
    return { account: account?.account ?? null, passkeys: list };
  });

  // Removing the last passkey leaves an account an account: its player key still signs in, and a
  // passkey can be added again (docs/online.md, *Accounts*).
  app.delete<{ Params: { id: string } }>("/api/me/passkeys/:id", { config: limited }, async (req, reply) => {
    const player = await guestOf(hub, req);
    if (!player) return refuse(reply, 401, serverRefusal("bad-token"));
    const id = req.params.id;
    if (!PASSKEY_ID.test(id) || !(await hub.store.removePasskey(player.id, id)))
      return refuse(reply, 404, serverRefusal("unknown-passkey"));
    return reply.code(204).send();
  });

  app.post("/api/passkeys/sign-in/options", { bodyLimit: 256, config: signIns }, async (req, reply) => {
    const body = parsed(nothing, req.body);
    if (!body.ok) return refuse(reply, 400, body.refusal);
    return passkeys.signInOptions(rp(req));
  });

  app.post("/api/passkeys/sign-in", { bodyLimit: 8192, config: signIns }, async (req, reply) => {
    const body = parsed(signInBody, req.body);
    if (!body.ok) return refuse(reply, 400, body.refusal);
    const signed = await passkeys.signIn(body.value.response, rp(req));
    if (!signed.ok) return refuse(reply, signed.status, signed.refusal);
    return signed.value;
  });

  app.get("/api/me/data", { config: limited }, async (req, reply) => {
    const player = await guestOf(hub, req);
    if (!player) return refuse(reply, 401, serverRefusal("bad-token"));
    return accountData(hub.store, player, Date.now());
  });

  // Delete my account: refused while a game of theirs is in play (its record, written at its end,
  // would carry the name); a seat at a table not yet dealt is given up first. Then the name goes
  // from their row, their tables' logs and their games' records, and every token of theirs with it.
  app.delete("/api/me", { config: limited }, async (req, reply) => {
    const player = await guestOf(hub, req);
    if (!player) return refuse(reply, 401, serverRefusal("bad-token"));
    const tables = await hub.store.tablesOf(player.id);
    if (tables.some((t) => t.status === "playing")) return refuse(reply, 409, serverRefusal("game-in-play"));
    for (const t of tables) if (t.status === "waiting") await hub.call(t.code, { m: "leave", player: player.id });
    await hub.store.forget(player.id, FORMER_NAME);
    hub.tournaments.forgetName(player.id);
    await hub.signOut(player.id, EVERY_KEY);
    return reply.code(204).send();
  });
}
