/**
 * A client's copies of the tables it follows: what every client (the web app, the command line,
 * the tests' players) does with a table's frames. A `table` message (a snapshot) is kept; a `patch`
 * is applied to the copy it counts from and checked with the table message's schema; `presence` is
 * merged in (the server counts its next patch from the table with it). A patch that does not count
 * from this copy means a frame was missed: the client watches the table again for a snapshot.
 */

import { type PresenceMessage, type ServerMessage, type TableMessage, tableMessage, withPresence } from "./messages.js";
import { applyPatch, PatchError } from "./patch.js";

/** What to do with a server message once its table's copy has it. */
export interface Received {
  /** The message to act on: a patch comes out as the whole table it makes; null: nothing new. */
  readonly message: ServerMessage | null;
  /** A frame of this table was missed or did not fit: ask for it again (`watch`). */
  readonly resync: string | null;
}

export class TableCopies {
  /**
   * `check`: a patched table is checked with the table message's schema (every client does; a
   * load generator that trusts its server may skip it).
   */
  constructor(private readonly check = true) {}

  private readonly held = new Map<string, TableMessage>();
  /** Tables asked for again: their patches are dropped until the snapshot comes. */
  private readonly resyncing = new Set<string>();

  /** The copy of table `code`, if any. */
  get(code: string): TableMessage | undefined {
    return this.held.get(code);
  }

  receive(m: ServerMessage): Received {
    switch (m.t) {
      case "table":
        this.held.set(m.table.code, m);
        this.resyncing.delete(m.table.code);
        return { message: m, resync: null };
      case "presence":
        this.presence(m);
        return { message: m, resync: null };
      case "patch":
        return this.patch(m);
      default:
        return { message: m, resync: null };
    }
  }

  private presence(p: PresenceMessage): void {
    const copy = this.held.get(p.table);
    if (copy) this.held.set(p.table, { ...copy, table: withPresence(copy.table, p) });
  }

  private patch(p: Extract<ServerMessage, { t: "patch" }>): Received {
    const copy = this.held.get(p.table);
    if (this.resyncing.has(p.table) || (copy && p.to <= copy.seq)) return { message: null, resync: null };
    if (copy && p.from === copy.seq) {
      const next = patched(copy, p.ops, p.to, this.check);
      if (next) {
        this.held.set(p.table, next);
        return { message: next, resync: null };
      }
    }
    // Missed (or never had) the frame this one counts from, or it did not fit: the whole table again.
    this.held.delete(p.table);
    this.resyncing.add(p.table);
    return { message: null, resync: p.table };
  }

  /** Stop keeping table `code` (no longer followed). */
  forget(code: string): void {
    this.held.delete(code);
    this.resyncing.delete(code);
  }

  /** A new connection: every table comes again as a snapshot. */
  clear(): void {
    this.held.clear();
    this.resyncing.clear();
  }
}

/** `copy` with `ops` applied, as frame `seq`, if the result is a table message; else null. */
function patched(
  copy: TableMessage,
  ops: Extract<ServerMessage, { t: "patch" }>["ops"],
  seq: number,
  check: boolean,
): TableMessage | null {
  try {
    const next = applyPatch({ table: copy.table, view: copy.view }, ops);
    const message = { t: "table", seq, table: next.table, view: next.view } as const;
    return !check || tableMessage.safeParse(message).success ? message : null;
  } catch (e) {
    if (e instanceof PatchError) return null;
    throw e;
  }
}
