/**
 * What every HTTP route of online play does with a request the same way: who its bearer token
 * proves, a body checked against its schema, a refusal sent as `{"error": refusal}`.
 */

import { serverRefusal, type WireRefusal } from "@crossbones/protocol";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import type { Hub, Player } from "./hub.js";

export function refuse(reply: FastifyReply, status: number, refusal: WireRefusal) {
  return reply.code(status).send({ error: refusal });
}

/** The guest a request's `Authorization: Bearer <token>` proves, or null. */
export async function guestOf(hub: Hub, req: FastifyRequest): Promise<Player | null> {
  const header = req.headers.authorization ?? "";
  const m = /^Bearer (\S{10,200})$/.exec(header);
  return m ? hub.guest(m[1]) : null;
}

/**
 * A body as `schema` takes it, or `bad-message` naming the field at fault: the first one refused,
 * or one the body must not have (none: the body is not an object).
 */
export function parsed<T>(
  schema: z.ZodType<T>,
  body: unknown,
): { ok: true; value: T } | { ok: false; refusal: WireRefusal } {
  const result = schema.safeParse(body);
  if (result.success) return { ok: true, value: result.data };
  const issue = result.error.issues[0];
  const field = issue.code === "unrecognized_keys" ? issue.keys[0] : issue.path[0];
  return { ok: false, refusal: serverRefusal("bad-message", field === undefined ? {} : { field: String(field) }) };
}
