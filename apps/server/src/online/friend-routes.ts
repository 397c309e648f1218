/**
 * Friends and blocks over HTTP (docs/protocol.md, *Friends and blocks*): the people a player added
 * (one way), whether each is online and at which public table, and the players they blocked. A
 * block ends any friendship between the two, both ways; what it does (never seated together, no
 * sitting at each other's tables, no reactions, no invitations) is enforced where each happens.
 */

import { type Friend, type FriendsAnswer, PLAYER_ID, serverRefusal, type WireRefusal } from "@crossbones/protocol";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Hub, Player } from "./hub.js";
import { guestOf, parsed, refuse } from "./requests.js";
import type { FriendRow } from "./store.js";

/** Friends one player may have, and players they may block. */
export const MAX_FRIENDS = 200;
export const MAX_BLOCKS = 500;

const someone = z.strictObject({ id: z.string().regex(PLAYER_ID) });

/** A friend as the routes answer: online now, and their table only while they are. */
async function shown(hub: Hub, f: FriendRow): Promise<Friend> {
  const online = await hub.online(f.id);
  return { ...f, online, table: online ? f.table : null };
}

export async function friendRoutes(app: FastifyInstance, hub: Hub, limited: object): Promise<void> {
  /** The player a request's body names, checked: not the asker, and known. */
  async function other(
    me: Player,
    body: unknown,
  ): Promise<{ ok: true; id: string } | { ok: false; status: number; refusal: WireRefusal }> {
    const b = parsed(someone, body);
    if (!b.ok) return { ok: false, status: 400, refusal: b.refusal };
    if (b.value.id === me.id)
      return { ok: false, status: 400, refusal: serverRefusal("bad-message", { field: "id", reason: "yourself" }) };
    if (!(await hub.store.player(b.value.id))) return { ok: false, status: 404, refusal: serverRefusal("not-found") };
    return { ok: true, id: b.value.id };
  }

  app.get("/api/me/friends", { config: limited }, async (req, reply) => {
    const me = await guestOf(hub, req);
    if (!me) return refuse(reply, 401, serverRefusal("bad-token"));
    const [friends, blocked] = await Promise.all([hub.store.friendsOf(me.id), hub.store.blocksOf(me.id)]);
    return { friends: await Promise.all(friends.map((f) => shown(hub, f))), blocked } satisfies FriendsAnswer;
  });

  app.post("/api/me/friends", { bodyLimit: 256, config: limited }, async (req, reply) => {
    const me = await guestOf(hub, req);
    if (!me) return refuse(reply, 401, serverRefusal("bad-token"));
    const friend = await other(me, req.body);
    if (!friend.ok) return refuse(reply, friend.status, friend.refusal);
    const friends = await hub.store.friendsOf(me.id);
    if (!friends.some((f) => f.id === friend.id) && friends.length >= MAX_FRIENDS)
      return refuse(reply, 409, serverRefusal("too-many-friends", { limit: MAX_FRIENDS }));
    await hub.store.addFriend(me.id, friend.id, Date.now());
    const row = (await hub.store.friendsOf(me.id)).find((f) => f.id === friend.id) as FriendRow;
    return reply.code(201).send({ friend: await shown(hub, row) });
  });

  app.delete<{ Params: { id: string } }>("/api/me/friends/:id", { config: limited }, async (req, reply) => {
    const me = await guestOf(hub, req);
    if (!me) return refuse(reply, 401, serverRefusal("bad-token"));
    if (PLAYER_ID.test(req.params.id)) await hub.store.removeFriend(me.id, req.params.id);
    return reply.code(204).send();
  });

  app.post("/api/me/blocks", { bodyLimit: 256, config: limited }, async (req, reply) => {
    const me = await guestOf(hub, req);
    if (!me) return refuse(reply, 401, serverRefusal("bad-token"));
    const blocked = await other(me, req.body);
    if (!blocked.ok) return refuse(reply, blocked.status, blocked.refusal);
    const blocks = await hub.store.blocksOf(me.id);
    if (!blocks.some((b) => b.id === blocked.id) && blocks.length >= MAX_BLOCKS)
      return refuse(reply, 409, serverRefusal("too-many-blocks", { limit: MAX_BLOCKS }));
    await hub.store.block(me.id, blocked.id, Date.now());
    const row = (await hub.store.blocksOf(me.id)).find((b) => b.id === blocked.id);
    return reply.code(201).send({ blocked: row });
  });

  app.delete<{ Params: { id: string } }>("/api/me/blocks/:id", { config: limited }, async (req, reply) => {
    const me = await guestOf(hub, req);
    if (!me) return refuse(reply, 401, serverRefusal("bad-token"));
    if (PLAYER_ID.test(req.params.id)) await hub.store.unblock(me.id, req.params.id);
    return reply.code(204).send();
  });
}
