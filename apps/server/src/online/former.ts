/**
 * What a deleted account leaves of its name (docs/online.md, *Accounts*): the games it played stay
 * whole for the people it played with, under a neutral name. Both stores do the same rewriting with
 * these, each in one transaction of its own: a table's log entries that name the player (`sit`, and
 * the seats a rematch's checkpoint carries) and the records of that table's games, whose `names`
 * are by seat. Only the seats the player sat in change, and only where they still hold the name it
 * had, so a person who took the same seat after it left keeps theirs.
 */

/** The name a deleted account's games show for it (in English: records are not translated). */
export const FORMER_NAME = "Former player";

/**
 * `entry` (a log entry as stored) with every mention of `player` renamed `name`: any object that
 * holds `player` with a `name` beside it. Null when the entry does not mention the player.
 */
export function renamedEntry(entry: string, player: string, name: string): string | null {
  if (!entry.includes(player)) return null;
  let changed = false;
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) for (const v of value) walk(v);
    else if (value !== null && typeof value === "object") {
      const o = value as Record<string, unknown>;
      if (o.player === player && typeof o.name === "string" && o.name !== name) {
        o.name = name;
        changed = true;
      }
      for (const v of Object.values(o)) walk(v);
    }
  };
  const parsed: unknown = JSON.parse(entry);
  walk(parsed);
  return changed ? JSON.stringify(parsed) : null;
}

/** The seats `player` took at a table, read off its log entries as stored. */
export function seatsOf(entries: readonly string[], player: string): Set<number> {
  const seats = new Set<number>();
  for (const text of entries) {
    if (!text.includes(player)) continue;
    const e = JSON.parse(text) as { k?: unknown; player?: unknown; seat?: unknown };
    if (e.k === "sit" && e.player === player && typeof e.seat === "number") seats.add(e.seat);
  }
  return seats;
}

/**
 * `record` (a game record as stored) with `old` renamed `name` at `seats`, or null when none of
 * those seats holds `old`.
 */
export function renamedRecord(record: string, seats: ReadonlySet<number>, old: string, name: string): string | null {
  const parsed = JSON.parse(record) as { names?: unknown };
  if (!Array.isArray(parsed.names)) return null;
  const names = parsed.names.map((n, seat) => (seats.has(seat) && n === old ? name : n));
  if (names.every((n, i) => n === (parsed.names as unknown[])[i])) return null;
  return JSON.stringify({ ...parsed, names });
}
