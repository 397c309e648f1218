/**
 * Ratings over HTTP (docs/protocol.md, *Ratings*): a player's public profile with their ratings
 * and how they went, and the leaderboards per game kind (all time and this month), paged, with
 * the asker's own place when they send their token. Read-only; limited per address like every route.
 */

import { type LeaderboardAnswer, PLAYER_ID, type PlayerAnswer, serverRefusal } from "@crossbones/protocol";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Hub } from "./hub.js";
import { PROVISIONAL_GAMES, RATED_KINDS, shown } from "./ratings.js";
import { guestOf, parsed, refuse } from "./requests.js";
import type { BoardQuery } from "./store.js";
import { gameSummary } from "./summaries.js";

/** Rows on a leaderboard's page. */
export const BOARD_PAGE = 50;
/** Least rated games to be on a board: all time, past provisional; this month, a few this month. */
export const BOARD_MIN_GAMES = { all: PROVISIONAL_GAMES, month: 3 } as const;

/** Recent games a profile lists (public tables' only). */
export const PROFILE_GAMES = 10;

const countryBody = z.strictObject({
  country: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .nullable(),
});
const regions = new Intl.DisplayNames(["en"], { type: "region" });
/** Whether `code` is a country or territory of ISO 3166-1 (an unknown code names only itself). */
function knownRegion(code: string): boolean {
  const name = regions.of(code);
  return name !== undefined && name !== code && name !== "Unknown Region";
}

const boardQuery = z.strictObject({
  period: z.enum(["all", "month"]).default("all"),
  /** Bot accounts' board instead of people's. */
  bots: z.enum(["true", "false"]).default("false"),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

/** The first moment of the month `now` is in (UTC: one board for everyone). */
export function monthStart(now: number): number {
  const d = new Date(now);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}

export async function ratingRoutes(app: FastifyInstance, hub: Hub, limited: object): Promise<void> {
  app.get<{ Params: { id: string } }>("/api/players/:id", { config: limited }, async (req, reply) => {
    const id = req.params.id;
    const player = PLAYER_ID.test(id) ? await hub.store.player(id) : null;
    const since = player ? await hub.store.account(id) : null;
    if (!player || !since) return refuse(reply, 404, serverRefusal("not-found"));
    const asker = await guestOf(hub, req);
    const [ratings, games, against, tournaments] = await Promise.all([
      hub.store.ratingsOf(id),
      hub.store.gamesOf(id, PROFILE_GAMES, true),
      asker && asker.id !== id ? hub.store.headToHead(asker.id, id) : null,
      hub.store.tournamentResultsOf(id, PROFILE_GAMES),
    ]);
    return {
      player: { id, name: player.name, since: since.created, account: since.account !== null, country: since.country },
      games: games.map(gameSummary),
      tournaments: [...tournaments],
      against,
      ratings: ratings.map((r) => ({
        kind: r.kind,
        rating: shown(r),
        games: r.games,
        provisional: r.games < PROVISIONAL_GAMES,
        history: [...r.history],
      })),
    } satisfies PlayerAnswer;
  });

  app.put("/api/me/country", { bodyLimit: 256, config: limited }, async (req, reply) => {
    const me = await guestOf(hub, req);
    if (!me) return refuse(reply, 401, serverRefusal("bad-token"));
    const body = parsed(countryBody, req.body);
    if (!body.ok) return refuse(reply, 400, body.refusal);
    const { country } = body.value;
    if (country !== null && !knownRegion(country))
      return refuse(reply, 400, serverRefusal("bad-message", { field: "country", reason: "unknown country" }));
    await hub.store.setCountry(me.id, country);
    return { country };
  });

  app.get<{ Params: { kind: string } }>("/api/leaderboards/:kind", { config: limited }, async (req, reply) => {
    const kind = RATED_KINDS.find((k) => k === req.params.kind);
    if (!kind) return refuse(reply, 404, serverRefusal("not-found"));
    const q = parsed(boardQuery, req.query);
    if (!q.ok) return refuse(reply, 400, q.refusal);
    const { period, page } = q.value;
    const bots = q.value.bots === "true";
    const query: BoardQuery = {
      kind,
      since: period === "all" ? null : monthStart(Date.now()),
      minGames: BOARD_MIN_GAMES[period],
      bots,
    };
    const me = await guestOf(hub, req);
    const offset = (page - 1) * BOARD_PAGE;
    const [board, place] = await Promise.all([
      hub.store.leaderboard(query, offset, BOARD_PAGE),
      me ? hub.store.boardPlace(query, me.id) : null,
    ]);
    return {
      kind,
      period,
      bots,
      minGames: query.minGames,
      page,
      pages: Math.max(1, Math.ceil(board.total / BOARD_PAGE)),
      total: board.total,
      rows: board.rows.map((r, i) => ({ place: offset + i + 1, ...r })),
      me: place === null ? null : { place },
    } satisfies LeaderboardAnswer;
  });
}
