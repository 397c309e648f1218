/**
 * docs/protocol.md's example frames (docs/frames/*.json) are real: each is a `table` message the
 * schema accepts and the engine reads back, and each is what the wire makes today (a change of the
 * wire that leaves them stale fails here; `example-frames.ts --write` makes them again).
 */

import { readFileSync } from "node:fs";
import { fromWire, serverMessage } from "@crossbones/protocol";
import { describe, expect, it } from "vitest";
import { EXAMPLE_GAMES, exampleFrame, framePath } from "./example-frames.js";

describe("the protocol's example frames", () => {
  for (const [game, players] of EXAMPLE_GAMES) {
    it(`${game}: a table message the schema accepts, the engine reads, and the wire makes today`, () => {
      const text = readFileSync(framePath(game), "utf8");
      const parsed = serverMessage.safeParse(JSON.parse(text));
      expect(parsed.success, parsed.success ? "" : JSON.stringify(parsed.error.issues[0])).toBe(true);
      if (!parsed.success || parsed.data.t !== "table") throw new Error("not a table message");
      expect(fromWire(parsed.data.view).rules.game).toBe(game);
      expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(exampleFrame(game, players))));
    });
  }
});
