/**
 * What one process publishes to another (relay-batch.ts): every message and every follower's frame
 * comes out as it went in, in order, and a piece several frames share crosses once.
 */

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RelayBatch, readBatch } from "../src/online/relay-batch.js";

type Item = { kind: "message"; message: unknown } | { kind: "frame"; fid: string; text: string };

function read(data: string): Item[] {
  const items: Item[] = [];
  readBatch(data, {
    message: (message) => items.push({ kind: "message", message }),
    frame: (fid, text) => items.push({ kind: "frame", fid, text }),
  });
  return items;
}

/** JSON text of any value (a piece is always JSON text, or a part of it cut between tokens). */
const piece = fc.jsonValue().map((v) => JSON.stringify(v) ?? "null");

describe("a relay publish", () => {
  it("carries every message and frame in order, each frame's text its pieces joined", () => {
    // Pieces are drawn from a small pool, so that frames share some (as followers of one table do).
    const run = fc.array(piece, { minLength: 1, maxLength: 6 }).chain((pool) =>
      fc.array(
        fc.oneof(
          fc.record({ kind: fc.constant("message" as const), message: fc.jsonValue() }),
          fc.record({
            kind: fc.constant("frame" as const),
            fid: fc.base64String({ minLength: 1, maxLength: 12 }).map((s) => s.replace(/[=+/]/g, "x")),
            pieces: fc.array(fc.oneof(fc.constantFrom(...pool), piece), { maxLength: 8 }),
          }),
        ),
        { minLength: 1, maxLength: 20 },
      ),
    );
    fc.assert(
      fc.property(run, (items) => {
        const batch = new RelayBatch();
        for (const item of items)
          if (item.kind === "message") batch.message(item.message);
          else batch.frame(item.fid, item.pieces);
        const expected = items.map((item) =>
          item.kind === "message"
            ? { kind: "message", message: JSON.parse(JSON.stringify(item.message)) }
            : { kind: "frame", fid: item.fid, text: item.pieces.join("") },
        );
        expect(read(batch.text())).toStrictEqual(expected);
      }),
      { numRuns: 500 },
    );
  });

  it("sends a long piece shared by several followers once", () => {
    const shared = JSON.stringify({ board: Array.from({ length: 40 }, (_, i) => i) });
    const batch = new RelayBatch();
    for (let seat = 0; seat < 4; seat++) batch.frame(`f${seat}`, ['{"t":"patch","ops":[', shared, `,${seat}]}`]);
    const text = batch.text();
    expect(text.split(shared).length - 1).toBe(1);
    expect(read(text).map((i) => (i.kind === "frame" ? i.text : null))).toStrictEqual(
      [0, 1, 2, 3].map((seat) => `{"t":"patch","ops":[${shared},${seat}]}`),
    );
  });

  it("refuses a publish it cannot read (another version on the same prefix)", () => {
    expect(() => read("Xwhat")).toThrow();
    expect(() => read("Ff1 \u001e3")).toThrow(/shared piece/);
  });
});
