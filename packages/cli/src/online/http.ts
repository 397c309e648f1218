/**
 * The server's HTTP routes the command uses (docs/protocol.md): a guest, a new table, a table's
 * record. A refusal (`{"error": Refusal}` with a 4xx status) becomes a `CliError` with the
 * refusal's message and code; a server that cannot be reached, one with exit status 3.
 */

import {
  type Guest,
  guestAnswer,
  type PlayerAnswer,
  playerAnswer,
  type TableSetup,
  type TournamentAnswer,
  tableAnswer,
  tournamentAnswer,
  type WireRefusal,
  wireRefusal,
} from "@crossbones/protocol";
import { z } from "zod";
import { CliError, UNREACHABLE } from "./args.js";

const TIMEOUT_MS = 15_000;

const refusalAnswer = z.object({ error: wireRefusal });

/** A refusal as the command prints it: the English message, its reason if any, and the code. */
export function describeRefusal(refusal: WireRefusal): string {
  const reason = typeof refusal.reason === "string" ? `: ${refusal.reason}` : "";
  const issue = typeof refusal.issue === "string" ? ` (${refusal.issue})` : "";
  return `${refusal.message}${reason}${issue} [${refusal.code}]`;
}

async function request(server: string, path: string, init: RequestInit = {}): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(`${server}${path}`, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (e) {
    const cause = (e as { cause?: { code?: string; message?: string } }).cause;
    const why = cause?.code ?? cause?.message ?? (e as Error).message;
    throw new CliError(`cannot reach ${server}: ${why}`, UNREACHABLE);
  }
  const text = await response.text();
  if (response.status === 204) return null;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new CliError(`${server}${path} answered ${response.status} with something that is not JSON`);
  }
  if (!response.ok) {
    const refused = refusalAnswer.safeParse(body);
    if (refused.success) throw new CliError(describeRefusal(refused.data.error), 1, refused.data.error.code);
    throw new CliError(`${server}${path} answered ${response.status}`);
  }
  return body;
}

function post(server: string, path: string, body: unknown, token?: string): Promise<unknown> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (token) headers.authorization = `Bearer ${token}`;
  return request(server, path, { method: "POST", headers, body: JSON.stringify(body) });
}

function shaped<T>(schema: z.ZodType<T>, body: unknown, what: string): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new CliError(`the server's answer to ${what} is not what the protocol says`);
  return parsed.data;
}

/** A new guest named `name`: its token and player. */
export async function newGuest(server: string, name: string): Promise<Guest> {
  return shaped(guestAnswer, await post(server, "/api/guests", { name }), "POST /api/guests");
}

/** A new table made by the token's player (who sits at its first seat for a person); its code. */
export async function createTable(server: string, token: string, setup: TableSetup): Promise<string> {
  return shaped(tableAnswer, await post(server, "/api/tables", { setup }, token), "POST /api/tables").code;
}

/**
 * The record of a table's current game (RECORD.md, with names), as `token`'s player when given: a
 * duplicate tournament table gives it to its own players only.
 */
export async function tableRecord(server: string, code: string, token: string | null = null): Promise<unknown> {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  return request(server, `/api/tables/${encodeURIComponent(code)}/record`, { headers });
}

/** A player's public profile and ratings. */
export async function playerProfile(server: string, id: string): Promise<PlayerAnswer> {
  const path = `/api/players/${encodeURIComponent(id)}`;
  return shaped(playerAnswer, await request(server, path), `GET ${path}`);
}

/** A new tournament (docs/protocol.md, *Tournaments*); its id. */
export async function createTournament(server: string, token: string, settings: unknown): Promise<string> {
  return shaped(
    z.object({ id: z.string() }),
    await post(server, "/api/tournaments", settings, token),
    "POST /api/tournaments",
  ).id;
}

/** A tournament: its players, rounds and standings. */
export async function tournament(server: string, id: string): Promise<TournamentAnswer> {
  const path = `/api/tournaments/${encodeURIComponent(id)}`;
  return shaped(tournamentAnswer, await request(server, path), `GET ${path}`);
}

/** Signs up for, leaves or checks in to a tournament (a refusal is thrown as a `CliError` with its code). */
export async function tournamentAction(
  server: string,
  token: string,
  id: string,
  action: "signup" | "leave" | "checkin",
  body: unknown = {},
): Promise<void> {
  await post(server, `/api/tournaments/${encodeURIComponent(id)}/${action}`, body, token);
}

/** Who a token stands for. */
export async function whoAmI(server: string, token: string): Promise<{ id: string; name: string }> {
  const answer = shaped(
    z.object({ player: z.object({ id: z.string(), name: z.string() }) }),
    await request(server, "/api/me", { headers: { authorization: `Bearer ${token}` } }),
    "GET /api/me",
  );
  return answer.player;
}

/** The whole tournament as one file (docs/protocol.md, *Tournaments*). */
export async function tournamentExport(server: string, id: string): Promise<unknown> {
  return request(server, `/api/tournaments/${encodeURIComponent(id)}/export`);
}
