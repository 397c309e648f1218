/**
 * *Download my data*: everything the server keeps about one player, in one JSON document they can
 * read (docs/protocol.md, *Accounts*). Whatever comes to be kept about a player is added here, so
 * that the download stays whole.
 */

import type { Player } from "./hub.js";
import type { PasskeyInfo, PlayerRating, PlayerTournament, Store } from "./store.js";

/** The download's form: its version goes up when a field changes meaning or goes. */
export const DATA_FORMAT = 1;

export interface AccountData {
  readonly format: number;
  /** When it was made (epoch ms). */
  readonly exported: number;
  readonly player: {
    readonly id: string;
    readonly name: string;
    /** When the player first came, as a guest. */
    readonly created: number;
    /** Since when they are an account (null: a guest, with no passkey ever added). */
    readonly account: number | null;
  };
  /** Their passkeys: names and dates (the public keys are the authenticators' business). */
  readonly passkeys: readonly PasskeyInfo[];
  readonly ratings: readonly PlayerRating[];
  /** The tables they sat at, the 50 newest (every game played at any of them is under `games`). */
  readonly tables: readonly { code: string; status: string; created: number }[];
  /** Every game they played to its end, newest first, with its whole record (docs/record-format.md). */
  readonly games: readonly { id: string; code: string; finished: number; record: unknown }[];
  /** The people they added as friends, and those they blocked, with since when. */
  readonly friends: readonly { id: string; name: string; since: number }[];
  readonly blocked: readonly { id: string; name: string; since: number }[];
  /** The finished tournaments they played, with their place. */
  readonly tournaments: readonly PlayerTournament[];
}

/** Everything kept about `player`, as of `now`. */
export async function accountData(store: Store, player: Player, now: number): Promise<AccountData> {
  const [account, passkeys, ratings, tables, games, friends, blocked, tournaments] = await Promise.all([
    store.account(player.id),
    store.passkeysOf(player.id),
    store.ratingsOf(player.id),
    store.tablesOf(player.id),
    store.gamesOf(player.id, Number.MAX_SAFE_INTEGER),
    store.friendsOf(player.id),
    store.blocksOf(player.id),
    store.tournamentResultsOf(player.id, Number.MAX_SAFE_INTEGER),
  ]);
  return {
    format: DATA_FORMAT,
    exported: now,
    player: { id: player.id, name: player.name, created: account?.created ?? now, account: account?.account ?? null },
    passkeys,
    ratings,
    tables,
    games: games.map((g) => ({ id: g.id, code: g.code, finished: g.finished, record: JSON.parse(g.record) })),
    friends: friends.map((f) => ({ id: f.id, name: f.name, since: f.since })),
    blocked,
    tournaments,
  };
}
