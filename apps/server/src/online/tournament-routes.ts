/**
 * Tournaments over HTTP (docs/tournaments.md, *Routes*): make one, list them, read one (players,
 * pairings with their tables and results, standings), sign up, leave, check in. The runner
 * (tournaments.ts) decides; these routes check the body and say its refusals in the protocol's
 * words. In a cluster any process answers them (tournaments.ts says how they share the work).
 */

import {
  PLAYER_ID,
  type ServerRefusalCode,
  serverRefusal,
  TOURNAMENT_ID,
  TOURNAMENT_NAME_MAX,
  TOURNAMENT_START_IN_MAX,
} from "@crossbones/protocol";
import { MAX_HANDS, MAX_ROUNDS, ROUND_MINUTES, type TournamentRefusal } from "@crossbones/tournament";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Hub } from "./hub.js";
import { guestOf, parsed, refuse } from "./requests.js";

/** Tournaments one player may have open or running at once. */
export const MAX_OPEN_TOURNAMENTS = 3;

const newTournament = z.strictObject({
  name: z.string().trim().min(1).max(TOURNAMENT_NAME_MAX),
  game: z.enum(["cutthroat", "partner", "french"]),
  format: z.enum(["swiss", "knockout", "duplicate"]),
  rounds: z.int().min(1).max(MAX_ROUNDS),
  hands: z.int().min(1).max(MAX_HANDS).optional(),
  /** Seconds from now. */
  startIn: z.int().min(0).max(TOURNAMENT_START_IN_MAX),
  public: z.boolean().optional(),
  /** Its games are rated (docs/ratings.md). */
  rated: z.boolean().optional(),
  /** A round's length in minutes: then bots finish the games still on. */
  roundMinutes: z.int().min(ROUND_MINUTES.min).max(ROUND_MINUTES.max).optional(),
  /** Every table's rule options (docs/protocol.md, *Tables*): `{"match": "straight"}`. */
  options: z.record(z.string(), z.unknown()).optional(),
});
const signUp = z.strictObject({ partner: z.string().regex(PLAYER_ID).optional() });
const tournamentId = z.string().regex(TOURNAMENT_ID);

/** The protocol's word for each refusal of the core a player can meet. */
const REFUSALS: Readonly<Record<TournamentRefusal, ServerRefusalCode>> = {
  started: "signup-closed",
  "signed-up": "signed-up",
  "not-signed-up": "not-signed-up",
  "not-check-in-time": "check-in-closed",
  "partner-needed": "partner-needed",
  "already-in": "partner-taken",
  full: "tournament-full",
  // The runner's own commands only: never a player's.
  "not-running": "server-error",
  "no-such-game": "server-error",
};

export async function tournamentRoutes(app: FastifyInstance, hub: Hub, limited: object): Promise<void> {
  const runner = hub.tournaments;

  app.post("/api/tournaments", { bodyLimit: 1024, config: limited }, async (req, reply) => {
    const me = await guestOf(hub, req);
    if (!me) return refuse(reply, 401, serverRefusal("bad-token"));
    const body = parsed(newTournament, req.body);
    if (!body.ok) return refuse(reply, 400, body.refusal);
    const bad = (reason: string) => refuse(reply, 400, serverRefusal("bad-tournament", { reason }));
    if ((await runner.openBy(me.id)) >= MAX_OPEN_TOURNAMENTS)
      return refuse(reply, 409, serverRefusal("too-many-tournaments", { limit: MAX_OPEN_TOURNAMENTS }));
    const { startIn, public: isPublic, hands, options, rated, ...rest } = body.value;
    const made = await runner.create(me.id, {
      ...rest,
      hands: hands ?? 4,
      ...(options ? { options } : {}),
      ...(rated ? { rated } : {}),
      startAt: runner.now() + startIn * 1000,
      public: isPublic ?? true,
    });
    if (!made.ok)
      return "full" in made
        ? refuse(reply, 503, serverRefusal("tournaments-full", { limit: hub.tournaments.maxLive }))
        : bad(made.reason);
    return reply.code(201).send({ id: made.id });
  });

  app.get("/api/tournaments", { config: limited }, async () => {
    const rows = await hub.store.tournaments(["open", "running", "finished"], 300);
    const pick = (status: string) => rows.filter((r) => r.status === status).slice(0, 100);
    return { upcoming: pick("open"), running: pick("running"), finished: pick("finished").reverse() };
  });

  app.get("/api/tournaments/:id", { config: limited }, async (req, reply) => {
    const id = tournamentId.safeParse((req.params as { id: string }).id);
    const view = id.success ? await runner.view(id.data) : null;
    return view ?? refuse(reply, 404, serverRefusal("not-found"));
  });

  // The whole tournament as one file: its settings, players, rounds, standings and every game's record.
  app.get("/api/tournaments/:id/export", { config: limited }, async (req, reply) => {
    const id = tournamentId.safeParse((req.params as { id: string }).id);
    const view = id.success ? await runner.view(id.data) : null;
    if (!view) return refuse(reply, 404, serverRefusal("not-found"));
    const records: Record<string, unknown> = {};
    // Every record the view shows (a duplicate round's once the round is over).
    const refs = view.rounds.flatMap((round) => [
      ...round.games.map((g) => g.result?.record),
      ...(round.tables ?? []).map((t) => t.result?.record),
    ]);
    for (const ref of refs) {
      const kept = ref ? await hub.store.game(ref) : null;
      if (ref && kept) records[ref] = JSON.parse(kept.record);
    }
    return reply
      .header("content-disposition", `attachment; filename="tournament-${view.id}.json"`)
      .send({ format: "crossbones-tournament/1", tournament: view, records });
  });

  for (const action of ["signup", "leave", "checkin"] as const)
    app.post(`/api/tournaments/:id/${action}`, { bodyLimit: 256, config: limited }, async (req, reply) => {
      const me = await guestOf(hub, req);
      if (!me) return refuse(reply, 401, serverRefusal("bad-token"));
      const id = tournamentId.safeParse((req.params as { id: string }).id);
      if (!id.success) return refuse(reply, 404, serverRefusal("not-found"));
      const body = parsed(signUp, req.body ?? {});
      if (!body.ok) return refuse(reply, 400, body.refusal);
      const settings = await runner.settingsOf(id.data);
      if (!settings) return refuse(reply, 404, serverRefusal("not-found"));
      const refusal = await runner.command(
        id.data,
        action === "signup"
          ? {
              c: "signup",
              player: me.id,
              rating: await hub.ratingOf(me.id, settings.game),
              ...(body.value.partner ? { partner: body.value.partner } : {}),
            }
          : { c: action, player: me.id },
      );
      if (refusal === "unknown") return refuse(reply, 404, serverRefusal("not-found"));
      if (refusal) return refuse(reply, 409, serverRefusal(REFUSALS[refusal]));
      return reply.code(204).send();
    });
}
