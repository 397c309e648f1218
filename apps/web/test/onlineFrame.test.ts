import type { TableInfo, WireView } from "@crossbones/protocol";
import { describe, expect, it } from "vitest";
import {
  applyPresence,
  type HeldFrame,
  msLeft,
  receiveTable,
  seconds,
  type TableMessage,
  turnClock,
} from "../src/online/frame";

/** A table frame with only what these tests read filled in. */
function frame(table: Partial<TableInfo>, view: Partial<WireView> = {}): TableMessage {
  const seats = [0, 1, 2, 3].map((seat) => ({
    seat,
    name: `P${seat}`,
    kind: "human" as const,
    level: null,
    connected: true,
    away: false,
    bankMs: 60_000,
  }));
  return {
    t: "table",
    seq: 0,
    table: { code: "K7QX2M", seats, ready: [], paused: false, game: 0, turnMs: null, ...table } as TableInfo,
    view: { turn: 1, results: [], ...view } as unknown as WireView,
  };
}

describe("an online table's frame on this device", () => {
  it("counts a duration down from the frame's arrival on this device's clock, whatever the server's says", () => {
    // The server's clock is five minutes behind this device's: serverTime is never read.
    const at = Date.parse("2026-12-01T12:05:00Z");
    const held = receiveTable(frame({ turnMs: 80_000, serverTime: at - 300_000 }), at);
    expect(held.at).toBe(at);
    expect(msLeft(held.message.table.turnMs, held.at, at + 5_000)).toBe(75_000);
    expect(msLeft(80_000, at, at + 90_000)).toBe(0);
    expect(msLeft(null, at, at)).toBeNull();
    expect(seconds(200)).toBe(1);
    expect(seconds(0)).toBe(0);
  });

  it("spends the move's allowance before the bank", () => {
    const held = receiveTable(frame({ turnMs: 80_000 }), 1_000);
    expect(turnClock(held, 1_000)).toEqual({ seat: 1, moveMs: 20_000, bankMs: 60_000 });
    expect(turnClock(held, 16_000)).toEqual({ seat: 1, moveMs: 5_000, bankMs: 60_000 });
    expect(turnClock(held, 31_000)).toEqual({ seat: 1, moveMs: 0, bankMs: 50_000 });
    expect(turnClock(receiveTable(frame({ turnMs: null }), 0), 0)).toBeNull();
  });

  it("never shows more time than the frame gave, when redrawn with a tick read before it arrived", () => {
    // The countdown's last tick was read 200 ms before the frame came: 20 s, not 20.2 (shown as 21).
    const held = receiveTable(frame({ turnMs: 80_000 }), 10_000);
    expect(msLeft(80_000, held.at, 9_800)).toBe(80_000);
    expect(turnClock(held, 9_800)).toEqual({ seat: 1, moveMs: 20_000, bankMs: 60_000 });
  });

  it("merges presence into the latest frame: connected, away, ready and paused; the clock keeps its start", () => {
    const held: HeldFrame = receiveTable(frame({ turnMs: 9_000 }), 500);
    const merged = applyPresence(held, {
      t: "presence",
      table: "K7QX2M",
      seats: [0, 1, 2, 3].map((s) => ({ connected: s !== 2, away: s === 3 })),
      ready: [0],
      paused: true,
    });
    expect(merged.at).toBe(500);
    expect(merged.message.table.turnMs).toBe(9_000);
    expect(merged.message.table.seats.map((s) => [s.connected, s.away])).toEqual([
      [true, false],
      [true, false],
      [false, false],
      [true, true],
    ]);
    expect(merged.message.table.seats[1].name).toBe("P1");
    expect(merged.message.table.ready).toEqual([0]);
    expect(merged.message.table.paused).toBe(true);
  });
});
