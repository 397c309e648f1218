import { defaultRules, type SeatView } from "@crossbones/engine";
import { REACTION_GAP } from "@crossbones/table";
import { describe, expect, it } from "vitest";
import { gapAfter, reactionBlock } from "../src/online/reactions";

const at = (game: "partner" | "french", phase: SeatView["phase"]) => ({ rules: defaultRules(game), phase });

describe("when the viewer may react (as the server decides: no-table-talk, rate-limited)", () => {
  it("P4 never during a hand of Partner; before it, between hands and after the end, yes", () => {
    expect(reactionBlock(at("partner", "play"), 0, 1000)).toEqual({ why: "table-talk" });
    expect(reactionBlock(at("partner", "pose"), 0, 1000)).toEqual({ why: "table-talk" });
    for (const phase of ["deal", "hand-over", "finished"] as const)
      expect(reactionBlock(at("partner", phase), 0, 1000), phase).toBeNull();
    expect(reactionBlock(at("french", "play"), 0, 1000)).toBeNull();
  });

  it("waits REACTION_GAP after the viewer's last reaction, counting down to it", () => {
    const until = gapAfter(10_000);
    expect(until).toBe(10_000 + REACTION_GAP);
    expect(reactionBlock(at("french", "play"), until, 10_500)).toEqual({ why: "wait", ms: REACTION_GAP - 500 });
    expect(reactionBlock(at("french", "play"), until, until)).toBeNull();
  });
});
