/**
 * A legal French hand of 20,000 passes replays to its exact summary. Passes never end a hand
 * (F8: only a play can block it) and French allows a pass while able (F5, `penaltyPass`), so after
 * the pose the table can pass forever, paying penalties. Such a record once took 9 s to replay
 * because every move copied the hand's move list; replay is now linear (record.ts, `step` with
 * `owned`). The time is measured by `npm run bench` (docs/benchmarks.md), not here.
 */

import { parseRecord, RECORD_FORMAT, summarize } from "@crossbones/engine";
import { describe, expect, it } from "vitest";

/** Seat 0 holds every blank: after the pose 0-0 only seat 0 could ever play. */
const BLANKS_DEAL = [
  ["0-0", "0-1", "0-2", "0-3", "0-4", "0-5", "0-6"],
  ["1-1", "1-2", "1-3", "1-4", "1-5", "1-6", "2-3"],
  ["2-2", "2-4", "2-5", "2-6", "3-4", "3-5", "3-6"],
  ["3-3", "4-4", "4-5", "4-6", "5-5", "5-6", "6-6"],
];

/** One French hand (default rules): the pose 0-0, then `passes` passes from seat 1 on. */
function passingRecord(passes: number): string {
  return JSON.stringify({
    format: RECORD_FORMAT,
    game: "french",
    players: 4,
    hands: [{ deal: BLANKS_DEAL, moves: ["0-0", ...new Array(passes).fill("pass")] }],
  });
}

describe("a French hand of 20,000 passes", () => {
  it("replays to the exact summary: penalties from F5, F6 and F7 for 5,000 passes per seat", () => {
    const passes = 20_000;
    const r = parseRecord(passingRecord(passes));
    if (!r.ok) throw new Error(r.error.message);
    const game = r.value.game;
    expect(game.version).toBe(1 + 1 + passes); // the deal, the pose, the passes
    expect(game.hands[0].moves).toHaveLength(1 + passes);

    // Passes go round from seat 1: 20,000 of them are 5,000 per seat.
    const perSeat = passes / 4;
    const streak = Math.floor(perSeat / 3) * 10; // F6: every third pass in a row costs 10
    // Seat 0 could always play a blank, so each of its passes is a pass while able (F5: 10).
    const seat0 = perSeat * 10 + streak;
    // Seats 1-3 can never play: no F5 charge; the pose left them nothing, a board pass (F7: 10
    // each, once, on their first pass; later passes follow no play, so no new board pass).
    const others = 10 + streak;
    expect(summarize(game)).toEqual({
      hands: [
        {
          winner: null,
          end: null,
          // Seat 0 posed 0-0 and keeps 0-1 … 0-6; the others keep their seven bones.
          counts: [
            1 + 2 + 3 + 4 + 5 + 6,
            2 + 3 + 4 + 5 + 6 + 7 + 5,
            4 + 6 + 7 + 8 + 7 + 8 + 9,
            6 + 8 + 9 + 10 + 10 + 11 + 12,
          ],
          score: [0, 0, 0, 0],
          penalties: [seat0, others, others, others],
          points: null,
        },
      ],
      totals: [0, 0, 0, 0],
      finished: false,
      winner: null,
    });
    expect(summarize(game).hands[0].penalties).toEqual([66_660, 16_670, 16_670, 16_670]);
  });

  it("the same hand cut anywhere (upTo) is the hand after that many passes", () => {
    const r = parseRecord(passingRecord(20_000), { upTo: 2 + 7 });
    if (!r.ok) throw new Error(r.error.message);
    // Deal, pose, then 7 passes: seats 1, 2, 3, 0, 1, 2, 3. Seat 1's, 2's and 3's second pass.
    expect(summarize(r.value.game).hands[0].penalties).toEqual([10, 10, 10, 10]);
    expect(r.value.game.hands[0].moves).toHaveLength(8);
  });
});
