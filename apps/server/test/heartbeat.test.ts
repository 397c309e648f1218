/**
 * Heartbeat rounds (heartbeat.ts): a socket that spoke since the last round is not pinged; a silent
 * one is pinged; one that stays silent a round after its ping is dropped, and only it.
 */

import { describe, expect, it } from "vitest";
import { Heartbeat } from "../src/online/heartbeat.js";

function rounds() {
  const pinged: string[] = [];
  const dropped: string[] = [];
  const beat = new Heartbeat<string>({ ping: (s) => pinged.push(s), drop: (s) => dropped.push(s) });
  return { beat, pinged, dropped };
}

describe("heartbeat", () => {
  it("pings only a socket that said nothing since the last round", () => {
    const { beat, pinged, dropped } = rounds();
    beat.add("talker");
    beat.add("quiet");
    beat.round(); // both just connected: heard
    beat.heard("talker");
    beat.round();
    expect(pinged).toStrictEqual(["quiet"]);
    expect(dropped).toStrictEqual([]);
  });

  it("a pong keeps a quiet socket; no answer to a ping drops it a round later", () => {
    const { beat, pinged, dropped } = rounds();
    beat.add("answers");
    beat.add("vanished");
    beat.round();
    beat.round(); // both pinged
    beat.heard("answers"); // its pong
    beat.round();
    expect(dropped).toStrictEqual(["vanished"]);
    beat.round(); // the one that answered is pinged again, and goes too when it answers nothing
    beat.round();
    expect(dropped).toStrictEqual(["vanished", "answers"]);
    expect(pinged).toStrictEqual(["answers", "vanished", "answers"]);
  });

  it("a closed socket is neither pinged nor dropped", () => {
    const { beat, pinged, dropped } = rounds();
    beat.add("gone");
    beat.remove("gone");
    for (let i = 0; i < 3; i++) beat.round();
    expect([...pinged, ...dropped]).toStrictEqual([]);
  });
});
