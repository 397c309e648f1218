import { GAME_KINDS, PLAYER_COUNTS } from "@crossbones/engine";
import { describe, expect, it } from "vitest";
import { playersFor } from "../src/view/players";

describe("how many play (the engine's PLAYER_COUNTS)", () => {
  it("keeps a count the game is played by, and otherwise takes the most it is played by", () => {
    expect(playersFor("cutthroat", 3)).toBe(3);
    expect(playersFor("partner", 3)).toBe(4);
    expect(playersFor("french")).toBe(4);
    for (const kind of GAME_KINDS) expect(PLAYER_COUNTS[kind]).toContain(playersFor(kind, 7));
  });
});
